"""The ``canasta`` command: replay records, list rules, score tables, simulate, play.

Each command is a small module with ``NAME``, ``add_arguments(parser)`` and
``run(args, console) -> int``; :data:`COMMANDS` lists them, one line each. Their descriptions
and option help live in the locale files (``[cli]``, see :mod:`canasta.cli.words`), so
``--help`` speaks the language chosen with ``--lang`` (before or after the command) or
``$CANASTA_LANG``.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from types import ModuleType

from ..errors import CanastaError
from .common import LANGS, make_console, report
from .words import LANG_ENV, LangError, chosen_lang, cli_text, speaking

COMMANDS: tuple[str, ...] = (
    "replay",
    "rules",
    "score",
    "simulate",
    "play",
    "compare",
    "classroom",
    "site",
)


def command_modules() -> list[ModuleType]:
    return [importlib.import_module(f"{__name__}.{name}") for name in COMMANDS]


def build_parser(lang: str = "en") -> argparse.ArgumentParser:
    """The parser of every command, its help and messages in ``lang``; ``--lang`` is read
    before the command, after it, and after a command's own action (``site build``)."""
    with speaking(lang):
        return _build_parser(lang)


def _build_parser(lang: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="canasta", description=cli_text("canasta"),
                                     epilog=cli_text("canasta.epilog", env=LANG_ENV))
    _add_lang(parser, lang)
    sub = parser.add_subparsers(dest="command", required=True, metavar=cli_text("metavar.command"))
    for mod in command_modules():
        p = sub.add_parser(mod.NAME, help=cli_text(mod.NAME), description=cli_text(mod.NAME))
        # the default only on the top parser: a command's own default would override a
        # '--lang' given before the command
        _add_lang(p, None, own=f"{mod.NAME}.lang")  # a command may say more of what it does
        mod.add_arguments(p)
        for action in p._actions:  # a command's own actions ('site build') read --lang too
            if isinstance(action, argparse._SubParsersAction):
                for inner in action.choices.values():
                    _add_lang(inner, None)
        p.set_defaults(run=mod.run)
    return parser


def _add_lang(p: argparse.ArgumentParser, default: str | None, own: str = "") -> None:
    """``--lang`` on ``p``, its help the text ``own`` of ``[cli]`` where there is one."""
    from ..words import catalogue

    key = own if own and own in catalogue("en").get("cli", {}) else "lang"
    p.add_argument("--lang", choices=LANGS,
                   default=argparse.SUPPRESS if default is None else default,
                   help=cli_text(key, env=LANG_ENV))


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; bad input is one line on stderr and exit status 2."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        lang = chosen_lang(argv)
    except LangError as e:
        report("", e, "en")
        return 2
    with speaking(lang):
        args = _build_parser(lang).parse_args(argv)
    console = make_console()
    try:
        with speaking(lang):  # what the command itself says, in the language of its line
            return int(args.run(args, console))
    except BrokenPipeError:
        # the reader went away (``canasta replay … | head``): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except (CanastaError, OSError) as e:
        report(args.command, e, getattr(args, "lang", "en"))
        return 2
    except KeyboardInterrupt:
        return 130
