"""Individual Canasta's cards owed to the table: the cards taken from above the one a player went
in for ('la carta cogida del descarte ha de jugarse ese turno') must all be playable this turn.

:func:`owed_playable` is the rule as the checks ask it (a hand, the owed cards, the table);
:func:`owed_fits` is the same verdict on counts, which the fast move generator asks for many
actions at once without building hands and tables.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...cards import Card
    from ...melds import Meld as TableMeld
    from ...variant import Variant


def owed_playable(v: Variant, hand: Sequence[Card], owed: Counter[Card],
                  table: Sequence[TableMeld], canasta: bool) -> bool:
    """Whether the ``owed`` cards of ``hand`` can all be played this turn: naturals onto a meld
    of their rank on the table or in a new meld with naturals (and wilds) of the hand, wild cards
    onto melds with room; what is left must still allow a discard (or going out, with a canasta)."""
    if not owed:
        return True
    naturals: dict[int, int] = {}
    wild_in_hand = 0
    for c in hand:
        if v.is_wild(c):
            wild_in_hand += 1
        else:
            naturals[c.rank] = naturals.get(c.rank, 0) + 1
    owed_wild = 0
    by_rank: dict[int, int] = {}
    for c, n in owed.items():
        if v.is_wild(c):
            owed_wild += n
        else:
            by_rank[c.rank] = by_rank.get(c.rank, 0) + n
    groups = [m for m in table if m.kind == "group"]
    on_table = {int(m.key) for m in groups}
    room = sum(max(0, v.max_wilds - m.wilds) for m in groups)
    owed_ranks = tuple(sorted((rank, n, naturals.get(rank, 0), rank in on_table)
                              for rank, n in by_rank.items()))
    return owed_fits(v, owed_ranks, wild_in_hand, len(hand), owed_wild, room, canasta)


def owed_fits(v: Variant, owed_ranks: tuple[tuple[int, int, int, bool], ...], wild_in_hand: int,
              hand_size: int, owed_wild: int, room: int, canasta: bool) -> bool:
    """:func:`owed_playable` on counts: for each rank of owed naturals, how many are owed, how
    many naturals of it the hand holds (the owed ones included) and whether a group of it is on
    the table; the hand's wild cards and size; the owed wild cards; the wild cards the groups on
    the table still take; whether the player's side has a canasta."""
    need = owed_need(v, normalized(v, owed_ranks), wild_in_hand, owed_wild, room)
    return need is not None and hand_size - need >= (0 if canasta else 2)


Owed = tuple[int, int, bool]  # one rank of owed naturals, as the verdict reads it


def owed_entry(v: Variant, n: int, held: int, on_table: bool) -> Owed:
    """What the verdict reads of a rank with ``n`` owed naturals and ``held`` naturals in the
    hand: a rank on the table takes its owed cards whatever the hand holds, and beyond what a
    new meld needs more naturals change nothing."""
    if on_table:
        return (n, 0, True)
    return (n, min(held, n + max(v.min_naturals, v.meld_min)), False)


def normalized(v: Variant, owed_ranks: tuple[tuple[int, int, int, bool], ...]) -> tuple[Owed, ...]:
    """The ranks of owed naturals as the verdict reads them, in a fixed order."""
    return tuple(sorted(owed_entry(v, n, held, on) for _rank, n, held, on in owed_ranks))


_NEED: dict[tuple[object, ...], int | None] = {}


def owed_need(v: Variant, owed: tuple[Owed, ...], wild_in_hand: int, owed_wild: int,
              room: int) -> int | None:
    """How many cards of the hand playing every owed card takes at the fewest (None: they
    cannot all be played); the hand must keep two more for a discard, or none with a canasta.
    ``owed`` as :func:`normalized` gives it. Kept: the same counts recur constantly."""
    least, meld_min, most = v.min_naturals, v.meld_min, v.max_wilds
    # more wild cards than the new melds can take change nothing, nor does the room on the
    # table when no wild card is owed
    key = (least, meld_min, most, owed, min(wild_in_hand, most * len(owed)), owed_wild,
           room if owed_wild else 0)
    if key in _NEED:
        return _NEED[key]
    if len(_NEED) > 20_000:
        _NEED.clear()
    found = _NEED[key] = _need(least, meld_min, most, owed, wild_in_hand, owed_wild, room)
    return found


def _need(min_naturals: int, meld_min: int, max_wilds: int, owed: tuple[Owed, ...],
          wild_in_hand: int, owed_wild: int, room: int) -> int | None:
    fixed = 0
    new: list[tuple[int, int]] = []  # (owed naturals, other naturals of that rank in the hand)
    for n, held, on_table in owed:
        if on_table:
            fixed += n  # laid off onto that meld
        elif held < min_naturals:
            return None  # too few naturals of that rank for a meld of its own
        else:
            new.append((n, held - n))
    # quick bound: each new meld takes at least meld_min cards
    least = fixed + sum(max(n, meld_min) for n, _ in new) + max(0, owed_wild - 3 * len(new))
    # fewest cards played, by the number of wild cards put into the new melds
    costs: dict[int, int] = {0: fixed}
    for n, others in new:
        options = {w: n + max(0, min_naturals - n, meld_min - w - n) + w
                   for w in range(max_wilds + 1)
                   if max(0, min_naturals - n, meld_min - w - n) <= others}
        merged: dict[int, int] = {}
        for used, cost in costs.items():
            for w, cw in options.items():
                if used + w <= wild_in_hand:
                    merged[used + w] = min(merged.get(used + w, cost + cw), cost + cw)
        costs = merged
    best: int | None = None
    for used, cost in costs.items():
        left = max(0, owed_wild - used)  # owed wild cards still to lay off
        if left > room + max_wilds * len(new) - used:
            continue
        best = cost + left if best is None else min(best, cost + left)
    return None if best is None else max(best, least)
