"""Canasta Real situations for the tests: hands, table and muertos laid out, every card accounted for."""

from __future__ import annotations

from typing import Any

import canasta
from canasta.situation import situation

NAMES4 = ("Tú", "Ada", "Bo", "Cleo")  # Tú & Bo against Ada & Cleo
NAMES2 = ("Tú", "Ada")


def table(hands: dict[str, str], *, players: int = 4, muertos: tuple[str, str] = ("waiting", "waiting"),
          holder: tuple[int, int] = (-1, -1), **kw: Any) -> canasta.State:
    """A Real hand in play (Tú to play by default). ``muertos`` gives each side's muerto state;
    a waiting or pending muerto is eleven cards taken from the bottom of the stock (or from the
    cards set aside when ``stock`` is a size)."""
    names = NAMES4 if players == 4 else NAMES2
    kw.setdefault("phase", "play")
    # no muertos dealt by the situation: this helper lays them out itself, below
    state = situation("real", names=names, hands=hands, opened={n: True for n in names},
                      extra={"muertos_piles": [[], []]}, **kw)
    source = state.extra["box_piles"][0] if "box_piles" in state.extra else state.stock
    piles = []
    for status in muertos:
        if status in ("waiting", "pending"):
            piles.append(source[:11])
            del source[:11]
        else:
            piles.append([])
    state.extra.update(muertos_piles=piles, muerto_state=list(muertos), muerto_holder=list(holder))
    assert state.conservation_errors() == []
    return state


def rules_of(exp: canasta.Explanation) -> list[str]:
    return [e.rule for e in exp.walk()]
