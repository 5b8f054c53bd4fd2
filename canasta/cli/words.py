"""The command line's own words in the user's language: the commands' descriptions and option
help (``[cli]`` of the locale files) and argparse's messages ("usage:", "unrecognized
arguments", "invalid choice", ``[argparse]``).

The language is chosen before the parser is built (:func:`chosen_lang`: the last ``--lang``
anywhere on the line, else ``$CANASTA_LANG``, else English), so the help is written in it.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from ..errors import CanastaError

LANGS = ("en", "es")
LANG_ENV = "CANASTA_LANG"
_LANG: ContextVar[str] = ContextVar("canasta_cli_lang", default="en")


class LangError(CanastaError):
    """``$CANASTA_LANG`` names a language the project does not speak."""


def env_lang(value: str | None) -> str:
    """The language an environment value names ('es', 'es_AR.UTF-8', 'ES' → 'es'; unset or
    empty → 'en'); raises :class:`LangError` for any other language."""
    if not value or not value.strip():
        return "en"
    code = value.strip().lower().replace("-", "_").split(".")[0].split("_")[0]
    if code not in LANGS:
        raise LangError(key="cli.bad-lang-env", facts={"env": LANG_ENV, "value": value,
                                                        "known": ", ".join(LANGS)})
    return code


def chosen_lang(argv: Sequence[str], environ: dict[str, str] | None = None) -> str:
    """The language of a command line: its last ``--lang X`` / ``--lang=X`` wherever it stands
    (an unknown value is left for the parser to refuse), else ``$CANASTA_LANG``, else 'en'."""
    found = ""
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            found = argv[i + 1]
        elif arg.startswith("--lang="):
            found = arg.partition("=")[2]
    if found in LANGS:
        return found
    env = os.environ if environ is None else environ
    return env_lang(env.get(LANG_ENV))


def current_lang() -> str:
    """The language the command line is being read in (inside :func:`speaking`)."""
    return _LANG.get()


def cli_text(key: str, **facts: Any) -> str:
    """A help text or command-line message of ``[cli]`` in the current language."""
    from ..words import Ctx, catalogue, render

    lang = _LANG.get()
    text = catalogue(lang).get("cli", {}).get(key)
    if text is None:
        text = catalogue("en")["cli"][key]
    # argparse expands '%(default)s' in help texts: a literal per cent sign is doubled
    return render(str(text), facts, Ctx(lang, "", "")).replace("%", "%%")


def arg_error(key: str, **facts: Any) -> argparse.ArgumentTypeError:
    """An option value's error (raised by a ``type=`` function) in the current language."""
    return argparse.ArgumentTypeError(cli_text(key, **facts).replace("%%", "%"))


def _gettext(message: str) -> str:
    from ..words import catalogue

    return str(catalogue(_LANG.get()).get("argparse", {}).get(message, message))


def _ngettext(singular: str, plural: str, n: int) -> str:
    return _gettext(singular if n == 1 else plural)


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Build and run a parser in ``lang``: argparse looks its messages up through the module's
    gettext hooks (``argparse._``, ``argparse.ngettext``), its documented way of being
    translated; they read the locale files while the block runs and are put back after."""
    token = _LANG.set(lang if lang in LANGS else "en")
    saved = argparse.__dict__.get("_"), argparse.__dict__.get("ngettext")
    setattr(argparse, "_", _gettext)  # noqa: B010 - argparse reads them as module globals
    setattr(argparse, "ngettext", _ngettext)  # noqa: B010
    try:
        yield
    finally:
        setattr(argparse, "_", saved[0])  # noqa: B010
        setattr(argparse, "ngettext", saved[1])  # noqa: B010
        _LANG.reset(token)


def whole(text: str) -> int:
    """An option's whole number (argparse would say "invalid int value" in English)."""
    try:
        return int(text)
    except ValueError:
        raise arg_error("arg.not-whole", value=text) from None


def bot_level(text: str) -> str:
    """A bot level by its name or its Spanish one ('experto' → 'expert', 'al azar' → 'random');
    anything else as typed, for argparse's list of choices to refuse."""
    from ..render.table_words import has_word, tw

    key = " ".join(text.split()).casefold()
    for name in ("random", "greedy", "careful", "expert", "thrifty"):
        if key == name or (has_word(f"level.{name}") and key == tw(f"level.{name}", "es").casefold()):
            return name
    return text
