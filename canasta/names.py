"""Players' names: normalised and checked so that every name survives an action's text, a saved
record and its replay.

An action may start with its player's name (``Bo: draw``), so a name must read back as that
prefix: at most :data:`~canasta.limits.MAX_NAME` characters, no ``:``, printable, and not
beginning with a word that begins an action (``Draw``, ``take pile``, ``robar``…). Names are
compared in Unicode's composed form (NFC) with single spaces and no spaces at the ends, so
``Tú``, ``Tu`` + a combining accent and ``Tú `` are one name; two names that differ only in case
or compatibility forms (``Ｔú``) are look-alikes and refused together.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from .limits import MAX_NAME


def normal_name(name: str) -> str:
    """``name`` composed (NFC), trimmed, with runs of spaces made one."""
    return unicodedata.normalize("NFC", " ".join(name.split()))


def name_key(name: str) -> str:
    """What two names must not share: their compatibility form, case folded."""
    return unicodedata.normalize("NFKC", normal_name(name)).casefold()


def name_problem(name: str) -> str | None:
    """Why ``name`` (already normal) cannot be a player's name, or None."""
    from .actions import parse_action
    from .errors import InvalidActionError

    if not name:
        return "a player's name cannot be empty"
    if len(name) > MAX_NAME:
        return f"a player's name has at most {MAX_NAME} characters, not {len(name)}: {name[:MAX_NAME]!r}…"
    if ":" in name:
        return f"a player's name cannot hold ':' (it ends the name in 'Bo: draw'): {name!r}"
    if not name.isprintable():  # a line break or control character would split every message
        return f"a player's name is printable text, not {name!r}"
    try:
        read = parse_action(f"{name}: draw").player
    except InvalidActionError:
        read = None
    if read != name:  # the parser took the name for the start of an action
        return (f"a player's name cannot begin with {name.split()[0]!r}, which begins an action "
                f"('{name}: draw' would not name the player)")
    return None


def player_names(names: Iterable[str]) -> tuple[tuple[str, ...], str | None]:
    """The names made normal, and the first problem with them (None when they can play):
    a name that cannot be one, or two names alike."""
    given = [str(n) for n in names]
    out = tuple(normal_name(n) for n in given)
    seen: dict[str, int] = {}
    for i, n in enumerate(out):
        problem = name_problem(n)
        if problem:
            return out, problem
        j = seen.setdefault(name_key(n), i)
        if j != i:
            return out, (f"two players with the same name: {given[j]!r} and {given[i]!r}"
                         + (f" (written {ascii(given[j])} and {ascii(given[i])}: they differ only "
                            "in case, spacing or how accents are written)"
                            if given[j] != given[i] else ""))
    return out, None
