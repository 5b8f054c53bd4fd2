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
from typing import Any

from .limits import MAX_NAME


def normal_name(name: str) -> str:
    """``name`` composed (NFC), trimmed, with runs of spaces made one."""
    return unicodedata.normalize("NFC", " ".join(name.split()))


def name_key(name: str) -> str:
    """What two names must not share: their compatibility form, case folded."""
    return unicodedata.normalize("NFKC", normal_name(name)).casefold()


# why a name cannot be one: a key of the [errors] of canasta/locale/*.toml and its facts
Problem = tuple[str, dict[str, Any]]


def name_problem(name: str) -> Problem | None:
    """Why ``name`` (already normal) cannot be a player's name, or None."""
    from .actions import parse_action
    from .errors import InvalidActionError

    if not name:
        return "name.empty", {}
    if len(name) > MAX_NAME:
        return "name.too-long", {"most": MAX_NAME, "n": len(name), "start": name[:MAX_NAME]}
    if ":" in name:
        return "name.colon", {"name": name}
    if not name.isprintable():  # a line break or control character would split every message
        return "name.not-printable", {"name": repr(name)}
    try:
        read = parse_action(f"{name}: draw").player
    except InvalidActionError:
        read = None
    if read != name:  # the parser took the name for the start of an action
        return "name.action-word", {"word": name.split()[0], "name": name}
    return None


def player_names(names: Iterable[str]) -> tuple[tuple[str, ...], Problem | None]:
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
            return out, ("name.same", {"first": given[j], "second": given[i],
                                       "written": given[j] != given[i],
                                       "first_ascii": ascii(given[j]),
                                       "second_ascii": ascii(given[i])})
    return out, None
