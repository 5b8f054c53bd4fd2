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


def owed_need(v: Variant, owed: tuple[Owed, ...], wild_in_hand: int, owed_wild: int,
              room: int) -> int | None:
    """How many cards of the hand playing every owed card takes at the fewest (None: they
    cannot all be played); the hand must keep two more for a discard, or none with a canasta.
    ``owed`` as :func:`normalized` gives it.

    Owed naturals of a rank on the table are laid off onto it; each other rank needs a new
    meld of its own, with naturals from the hand (at least ``min_naturals``) and wild cards
    (at most ``max_wilds``) up to ``meld_min`` cards; owed wild cards go into those new melds
    or onto melds on the table with room. A wild card in a new meld spares a natural, so owed
    wild cards placed there cost nothing more, and other wild cards go in only where the hand
    lacks the naturals."""
    least, meld_min, most = v.min_naturals, v.meld_min, v.max_wilds
    fixed = 0  # laid off onto melds on the table
    naturals = 0  # owed naturals in new melds
    extra = 0  # other cards of the hand the new melds need, besides the wild cards counted below
    needed = 0  # wild cards the new melds cannot do without
    spare = 0  # wild cards the new melds could take in place of a natural
    melds = 0
    for n, held, on_table in owed:
        if on_table:
            fixed += n
            continue
        others = held - n
        short = max(0, least - n)  # naturals the meld needs beyond the owed ones
        if held < least or short > others:
            return None  # too few naturals of that rank for a meld of its own
        wilds = max(0, meld_min - n - others)  # what the hand's naturals cannot fill
        if wilds > most:
            return None
        melds += 1
        naturals += n
        needed += wilds
        extra += max(short, meld_min - n - wilds, 0)
        spare += max(0, min(most, meld_min - n - short) - wilds)
    if needed > wild_in_hand or owed_wild > room + most * melds:
        return None
    # owed wild cards put into the new melds in place of naturals cost nothing more
    saved = max(0, min(owed_wild - needed, spare, wild_in_hand - needed))
    best = fixed + naturals + extra - saved + max(needed + saved, owed_wild)
    # the number of cards can never be fewer than a new meld's size for each rank
    return max(best, fixed + sum(max(n, meld_min) for n, _held, on in owed if not on)
               + max(0, owed_wild - 3 * melds))
