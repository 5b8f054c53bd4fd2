"""Whether a classic player can go out this turn, by counting (no search): every card of the hand
but at most one (the discard) goes onto the side's groups or into new groups, within the wild-card
limits, with the canastas the side needs and, for a side that has not opened, the minimum.

Used to allow asking the partner and to hold a player to the partner's "yes"; it reads the same
parameters as classic's meld rules (``make_group`` / ``extend_group``), so it holds for any house
options.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...cards import Card
    from ...melds import Meld
    from ...state import State
    from ...variant import Variant


def classic_can_go_out(state: State) -> bool:
    """Whether the player to move can still go out this turn (classic's group rules)."""
    if state.phase != "play":
        return False
    v = state.variant
    side = state.side_of(state.turn)
    need = 0 if state.opened[side] else v.opening_need(state.scores[side])[0]
    return can_go_out(v, state.hands[state.turn], state.melds[side], need,
                      discard=not state.extra.get("last_red_three"))


def can_go_out(v: Variant, hand: Sequence[Card], melds: Sequence[Meld], need: int,
               discard: bool = True) -> bool:
    """Whether ``hand`` can be melded onto and beside the side's ``melds`` but for at most one
    card (when a ``discard`` may follow), reaching the canastas to go out and, when ``need`` is
    above zero (the side has not opened), that many points in the cards melded."""
    options = _discards_that_could(v, hand, melds) if discard else [None]
    if options is None:
        return False
    # the hand is counted once; each card kept back is taken off the counts
    wild_ranks = v.wild_ranks
    value = v.value
    wilds = black_threes = reds = points = 0
    naturals: dict[int, int] = {}
    for c in hand:
        r = c.rank
        points += value(c)
        if r in wild_ranks:
            wilds += 1
        elif r == 3:
            if c.is_red:
                reds += 1
            else:
                black_threes += 1
        else:
            naturals[r] = naturals.get(r, 0) + 1
    # the side's groups read once, one a rank (as _meldable reads them): (rank, cards,
    # naturals, wild cards)
    by_rank = {int(m.key): m for m in melds if m.kind == "group"}
    groups = [(r, len(m.cards), len(m.cards) - m.wilds, m.wilds) for r, m in by_rank.items()]
    fixed = sum(1 for m in melds if m.kind != "group" and v.canasta_kind(m))
    # two cards kept back alike leave the same counts: a rank (a three's colour) and a value
    # are tried once, however many suits the hand holds of them
    tried: set[tuple[int, bool, int]] = set()
    for out in options:
        if out is None:
            if _meldable_counts(v, wilds, naturals, black_threes, reds, points, groups, fixed,
                                need):
                return True
            continue
        r = out.rank
        worth = value(out)
        alike = (r, r == 3 and out.is_red, worth)
        if alike in tried:
            continue
        tried.add(alike)
        left = points - worth
        if r in wild_ranks:
            ok = _meldable_counts(v, wilds - 1, naturals, black_threes, reds, left, groups,
                                  fixed, need)
        elif r == 3:
            red = 1 if out.is_red else 0
            ok = _meldable_counts(v, wilds, naturals, black_threes - 1 + red, reds - red, left,
                                  groups, fixed, need)
        else:
            rest = dict(naturals)
            if rest[r] == 1:
                del rest[r]
            else:
                rest[r] -= 1
            ok = _meldable_counts(v, wilds, rest, black_threes, reds, left, groups, fixed, need)
        if ok:
            return True
    return False


def _discards_that_could(v: Variant, hand: Sequence[Card], melds: Sequence[Meld]
                         ) -> list[Card | None] | None:
    """The ways to keep a card back (None: none) that :func:`_meldable` could accept, read
    from what it refuses outright: a natural of a rank with no group and too few naturals for
    one, a red three, black threes that are not three or four. One card kept back mends one
    such fault at most, so most hands need no search at all (None: no way)."""
    least = v.min_naturals
    counts: dict[int, int] = {}
    reds = blacks = wilds = 0
    for c in hand:
        r = c.rank
        if r in v.wild_ranks:
            wilds += 1
            continue
        if r == 3:
            if c.is_red:
                reds += 1
            else:
                blacks += 1
            continue
        counts[r] = counts.get(r, 0) + 1
    groups = {int(m.key): m.size for m in melds if m.kind == "group"}
    # the canastas to go out: no meld grows past all its rank's naturals and every wild card
    size = v.canasta_size
    reach = sum(1 for m in melds if m.kind != "group" and v.canasta_kind(m))
    reach += sum(1 for r, n in groups.items() if n + counts.get(r, 0) + wilds >= size)
    reach += sum(1 for r, n in counts.items() if r not in groups and n + wilds >= size)
    if reach < v.canastas_to_go_out:
        return None
    faults: list[Card | None] = []  # each fault: the card that mends it (None: nothing does)
    for r, n in counts.items():
        if n < least and r not in groups:
            faults.append(next(c for c in hand if c.rank == r) if n == 1 else None)
    if reds:
        faults.append(next(c for c in hand if c.rank == 3 and c.is_red) if reds == 1 else None)

    def threes_ok(n: int) -> bool:
        return not n or (3 <= n <= 4 and v.black_threes_meld_only_out)

    if not threes_ok(blacks):
        faults.append(next(c for c in hand if c.rank == 3 and not c.is_red)
                      if threes_ok(blacks - 1) else None)
    if not faults:
        return [None, *dict.fromkeys(hand)]
    if len(faults) > 1 or faults[0] is None:
        return None
    mend = faults[0]
    # any card of the same kind mends it (the other black three, a red three of another suit)
    return [c for c in dict.fromkeys(hand) if c.rank == mend.rank and (
        c.rank != 3 or c.is_red == mend.is_red)]


def _meldable(v: Variant, cards: list[Card], melds: Sequence[Meld], need: int) -> bool:
    """Whether every one of ``cards`` can go onto the side's groups or into new groups."""
    wilds = 0
    naturals: Counter[int] = Counter()
    black_threes = 0
    for c in cards:
        if v.is_wild(c):
            wilds += 1
        elif c.rank == 3:
            if c.is_red:
                return False  # never melded
            black_threes += 1
        else:
            naturals[c.rank] += 1
    if need and sum(v.value(c) for c in cards) < need:
        return False
    # each meld: (cards before wild cards are added, least wild cards, most wild cards)
    items: list[tuple[int, int, int]] = []
    groups = {int(m.key): m for m in melds if m.kind == "group"}
    # melds that take no more cards (black threes): a canasta only if the variant says so
    fixed = sum(1 for m in melds if m.kind != "group" and v.canasta_kind(m))
    for rank, m in groups.items():
        n = naturals.pop(rank, 0)
        size = m.size + n
        most = _room(v, m.naturals + n, m.wilds, size)
        if most < 0:
            return False
        items.append((size, 0, most))
    for rank, n in naturals.items():
        if n < v.min_naturals or (v.one_meld_per_rank and rank in groups):
            return False
        least = max(0, v.meld_min - n)
        most = _room(v, n, 0, n)
        if most < least:
            return False
        items.append((n, least, most))
    if black_threes and not (3 <= black_threes <= 4 and v.black_threes_meld_only_out):
        return False  # black threes go down only three or four together, when going out
    # the wild cards shared out among the melds: the most canastas for each number used
    best: dict[int, int] = {0: fixed}
    for size, least, most in items:
        grown: dict[int, int] = {}
        for used, canastas in best.items():
            for k in range(least, most + 1):
                if used + k > wilds:
                    break
                made = canastas + (1 if size + k >= v.canasta_size else 0)
                if made > grown.get(used + k, -1):
                    grown[used + k] = made
        best = grown
        if not best:
            return False
    return best.get(wilds, -1) >= v.canastas_to_go_out


def _meldable_counts(v: Variant, wilds: int, naturals: dict[int, int], black_threes: int,
                     reds: int, points: int, groups: list[tuple[int, int, int, int]], fixed: int,
                     need: int) -> bool:
    """:func:`_meldable` on cards already counted: wild cards, naturals by rank, black and red
    threes and what they count, beside the side's ``groups`` (rank, cards, naturals, wild
    cards) and ``fixed`` canastas (melds that take no more cards). ``tests/test_fast_moves.py``
    holds the two equal."""
    if reds:
        return False  # never melded
    if need and points < need:
        return False
    # what _room reads, read once (this runs for every card a player could keep back)
    max_wilds, at_most, max_size = v.max_wilds, v.wilds_at_most_naturals, v.max_meld_size
    least_nat = v.min_naturals
    size_canasta = v.canasta_size
    # the wild cards shared out among the melds: every meld takes from its least to its most,
    # all of them placed; each meld that is a canasta with ``t`` wild cards costs what it takes
    # beyond its least, so the most canastas come from the cheapest (the same answer as trying
    # every share, as _meldable does: tests/test_fast_moves.py holds the two equal)
    lowest = highest = 0
    costs: list[int] = []
    for rank, cards, nats, w in groups:
        n = naturals.get(rank, 0)
        size = cards + n
        nats += n
        if nats < least_nat:
            return False
        most = max_wilds - w
        if at_most and nats - w < most:
            most = nats - w
        if max_size and max_size - size < most:
            most = max_size - size
        if most < 0:
            return False
        highest += most
        t = size_canasta - size
        if t <= most:
            costs.append(t if t > 0 else 0)
    ranks_held = {g[0] for g in groups}
    meld_min = v.meld_min
    for rank, n in naturals.items():
        if rank in ranks_held:
            continue
        if n < least_nat:
            return False
        least = meld_min - n if meld_min > n else 0
        most = max_wilds
        if at_most and n < most:
            most = n
        if max_size and max_size - n < most:
            most = max_size - n
        if most < least:
            return False
        lowest += least
        highest += most
        t = size_canasta - n
        if t <= most:
            costs.append(t - least if t > least else 0)
    if black_threes and not (3 <= black_threes <= 4 and v.black_threes_meld_only_out):
        return False
    if not lowest <= wilds <= highest:
        return False
    canastas = fixed
    budget = wilds - lowest
    want = v.canastas_to_go_out
    if canastas >= want:
        return True
    costs.sort()
    for c in costs:
        if c > budget:
            break
        budget -= c
        canastas += 1
        if canastas >= want:
            return True
    return False


def _room(v: Variant, naturals: int, wilds: int, size: int) -> int:
    """How many more wild cards a group of ``naturals`` and ``wilds`` (``size`` cards) takes,
    or -1 when it is already over a limit."""
    most = v.max_wilds - wilds
    if v.wilds_at_most_naturals:
        most = min(most, naturals - wilds)
    if v.max_meld_size:
        most = min(most, v.max_meld_size - size)
    if naturals < v.min_naturals:
        return -1
    return most if most >= 0 else -1
