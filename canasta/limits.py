"""The sizes every input is held to, so that no file, text or name can make one command, page or
click work without bound (README, "Limits").

Files are refused before they are parsed; texts and names where they are read, with an error
naming the place; the terminal shows control characters of any text as visible symbols
(``canasta.render.text.visible``).
"""

from __future__ import annotations

from typing import Final

#: The largest file read (a record, scenario, exercise or house-rule file): 1 MiB. The sample
#: game is 25 KB; a record of 20,000 actions about 420 KB.
MAX_FILE_BYTES: Final = 1_048_576
#: The most actions a record holds: about 25 complete games to 5000 (a game is under 1,000).
MAX_RECORD_ACTIONS: Final = 25_000
#: A player's name, in characters (also the longest player prefix an action text may have).
MAX_NAME: Final = 40
#: A title (of a record, a scenario, an exercise, a house-rule table), in characters.
MAX_TITLE: Final = 120
#: Commentary, notes, a documented change, a question, in characters.
MAX_TEXT: Final = 2_000
#: The largest score (either sign) a scenario, a situation or a checkpoint may give: far above
#: any target (5000 to 8500), far below the numbers that printing would choke on.
MAX_SCORE: Final = 1_000_000


class Big(int):
    """A count that may run to thousands (a text's length, a limit), written with its digits
    grouped as the language groups them ("2,001" / "2001", "12.000")."""

    __slots__ = ()


def text_problem(text: str, limit: int) -> dict[str, int] | None:
    """The facts of the error ``text.too-long`` when ``text`` is longer than ``limit``
    characters (its length ``n`` and the ``most``), or None."""
    if len(text) > limit:
        return {"n": Big(len(text)), "most": Big(limit)}
    return None
