"""Canasta Real's legal actions without explanations: the same list, in the same order, as the
candidates that ``check`` allows, with the verdicts ``check`` reads (the runs' own, kept by the
variant) and the muertos' rules for emptying a hand counted directly.

The candidate runs and lay-offs of a hand come from :mod:`.runs` one suit at a time and are kept
by that suit's cards (and the hand's 2s, which any suit may take): most decisions change one or
two suits of a hand, so most of a hand's runs are found already made.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, NamedTuple

from ...actions import Action, Add, Discard, TakePile
from ...actions import Meld as MeldAction
from ...cards import HAND_ORDER, Card
from ...fastmoves import ADDS, DRAW, MELDS, Kept, discards_of, order
from ...groupmoves import PASS, GroupMoves
from . import runs

if TYPE_CHECKING:
    from ...melds import Meld
    from ...state import State
    from ...variant import Variant

_TAKE = TakePile()  # the whole pile into the hand, nothing named with it
WAITING, PENDING = "waiting", "pending"
CLEAN_KINDS = ("natural", "de mil")

# a suit's cards and the hand's 2s → the runs they make; a run and those cards → its lay-offs
_RUNS = Kept(runs.run_candidates)
_LAYOFFS = Kept(lambda k: runs.layoff_candidates(k[0], k[1]))
_NATURALS = Kept(lambda k: runs.natural_layoffs(k[0], k[1]))  # with no 2 in the hand
_ORDER = Kept(lambda g: tuple(HAND_ORDER[c] for c in g))  # a run's place in the sorted list
# the runs' verdicts without explanations: a new run's placements by (2, end); a lay-off's run
# as the engine lays it, and its placements
_ENDS = Kept(lambda k: runs.run_ends(k[0], k[1]))
_LAID = Kept(lambda k: runs.lay_off(k[0], k[1]))
# runs and lay-offs whose 2 the player puts at one end
_PLACED_MELDS = Kept(lambda k: MeldAction(groups=(k[0],), moved=k[1], end=k[2]))
_PLACED_ADDS = Kept(lambda k: Add(cards=k[0], target=k[1], moved=k[2], end=k[3]))


class Laid(NamedTuple):
    """A new run or a lay-off as the rules allow it: the meld laid (None: refused), its action,
    how many cards it takes from the hand, and the same with a 2 at the other end where that
    lays another run (the meld, the action)."""

    meld: Meld | None
    action: Action | None
    size: int
    placed: tuple[tuple[Meld, Action], ...]


def _new_run(v: Variant, cards: tuple[Card, ...]) -> Laid:
    made = runs.new_run(v, cards)
    if made is None:
        return Laid(None, None, len(cards), ())
    twos = tuple(dict.fromkeys(c for c in cards if c.rank == runs.TWO))
    ends = runs.run_ends(made, cards) if twos else {}
    return Laid(made, MELDS[(cards,)], len(cards), tuple(
        (placed, _PLACED_MELDS[cards, two, end]) for two in twos for end in runs.ENDS
        if (placed := ends.get((two, end))) is not None and placed != made))


def _lay_off(key: tuple[Meld, tuple[Card, ...], str]) -> Laid:
    meld, cards, target = key
    grown, ends = _LAID[meld, cards]
    if grown is None:
        return Laid(None, None, len(cards), ())
    w = runs.wild_at(meld)
    twos = tuple(dict.fromkeys([*((w[0],) if w is not None else ()),
                                *(c for c in cards if c.rank == runs.TWO)]))
    return Laid(grown, ADDS[cards, target], len(cards), tuple(
        (placed, _PLACED_ADDS[cards, target, two, end]) for two in twos for end in runs.ENDS
        if (placed := ends.get((two, end))) is not None and placed != grown))


_ADDED = Kept(_lay_off)


def new_runs(v: Variant) -> Kept:
    """The variant's new runs by their cards, kept in the variant itself: a variant in a key
    would hash its fifty fields at every look-up."""
    table: Kept | None = v.__dict__.get("_real_new_runs")
    if table is None:
        table = v.__dict__["_real_new_runs"] = Kept(partial(_new_run, v))
    return table


def laid_off(meld: Meld, cards: tuple[Card, ...]) -> Meld | None:
    """``meld`` once ``cards`` are laid off as the engine places them (None: refused), without
    an explanation: kept, since the legal actions asked it already."""
    return _LAID[meld, cards][0]  # type: ignore[no-any-return]


def muerto_state(state: State, side: int) -> str:
    """The side's muerto: waiting, pending, taken or none (as the variant keeps it)."""
    states = state.extra.get("muerto_state")
    if states is None:  # a hand set up by hand: a muerto only if a pile was laid out for it
        piles = state.extra.get("muertos_piles") or []
        return WAITING if side < len(piles) and piles[side] else "none"
    return str(states[side])


class RealMoves(GroupMoves):
    def extra_key(self, state: State, side: int) -> object:
        return muerto_state(state, side)  # emptying the hand depends on it

    def legal(self, state: State, side: int) -> list[Action] | None:
        v = state.variant
        if not state.opened[side]:
            return None  # a side set up by hand as not open: the checked path answers
        if state.phase == "draw":
            if not state.stock:  # the stock's end ends the hand: only passing ends it
                return [PASS]
            out: list[Action] = [DRAW]
            if state.pile:
                out.append(_TAKE)  # pile.take-whole: with no condition
            return out
        hand = state.hands[state.turn]
        n_hand = len(hand)
        status = muerto_state(state, side)
        melds = state.melds[side]
        cleans = sum(1 for m in melds if v.canasta_kind(m) in CLEAN_KINDS)

        def may_leave(left: int, clean_after: int) -> bool:
            # one card or none: with the muerto still to take, always (a close that takes it);
            # while it waits for its holder's turn, never; after it, with a clean canasta
            return left >= 2 or status == WAITING or (status != PENDING and clean_after > 0)

        def clean(meld: Meld) -> int:
            return 1 if v.canasta_kind(meld) in CLEAN_KINDS else 0

        twos, suits, discards = self.split(hand)
        found = self.runs(twos, suits)
        out = []
        new = new_runs(v)
        made = [new[g] for g in found]
        for run in made:
            if run.meld is None:
                continue
            left = n_hand - run.size
            if left >= 2 or may_leave(left, cleans + clean(run.meld)):
                out.append(run.action)
        # the same runs with a 2 put at the other end, where that makes another run
        for run in made:
            for placed, action in run.placed:
                left = n_hand - run.size
                if left >= 2 or may_leave(left, cleans + clean(placed)):
                    out.append(action)
        for i, m in enumerate(melds):
            if m.kind != "run":
                continue
            target = f"#{i + 1}"
            was = clean(m)
            held = suits.get(str(m.key), ())
            if not twos:
                w = runs.wild_at(m)
                if w is None or runs.face(str(m.key), w[1]) not in held:
                    # no 2 to stand in, and the wild card (if any) keeps its place: the cards
                    # next to the run extend it (as layoff_candidates and lay_off find them)
                    for cards, grown in _NATURALS[m, held] if held else ():
                        left = n_hand - len(cards)
                        if left >= 2 or may_leave(left, cleans - was + clean(grown)):
                            out.append(ADDS[cards, target])
                    continue
            for cards in _LAYOFFS[m, held + twos]:
                add = _ADDED[m, cards, target]
                if add.meld is None:
                    continue
                left = n_hand - add.size
                if left >= 2 or may_leave(left, cleans - was + clean(add.meld)):
                    out.append(add.action)
                # the same lay-off with a 2 (the run's own, or one laid off) at the other end
                for placed, action in add.placed:
                    if left >= 2 or may_leave(left, cleans - was + clean(placed)):
                        out.append(action)
        # the last card is discarded only where the hand may be emptied
        if n_hand > 1 or may_leave(0, cleans):
            out.extend(discards)
        return out

    @staticmethod
    def split(hand: list[Card]) -> tuple[tuple[Card, ...], dict[str, tuple[Card, ...]],
                                         list[Discard]]:
        """The hand's 2s and its other cards by suit, each in hand order, and one discard per
        distinct card (in hand order)."""
        twos: list[Card] = []
        suits: dict[str, list[Card]] = {}
        ordered = sorted(hand, key=order)
        for c in ordered:
            if c.rank == runs.TWO:
                twos.append(c)
            else:
                suits.setdefault(c.suit, []).append(c)
        return tuple(twos), {s: tuple(cards) for s, cards in suits.items()}, discards_of(ordered)

    @staticmethod
    def runs(twos: tuple[Card, ...], suits: dict[str, tuple[Card, ...]]) -> list[tuple[Card, ...]]:
        """The new runs the hand could make, in the order of :func:`.runs.run_candidates`."""
        found: list[tuple[Card, ...]] = []
        for cards in suits.values():
            if len(cards) + len(twos) >= 3:  # no run of fewer cards
                found.extend(_RUNS[cards + twos])
        if len(suits) > 1:
            found.sort(key=_ORDER.__getitem__)
        return found



MOVES = RealMoves(threes_special=False)

