"""Canasta Real's legal actions without explanations: the same list, in the same order, as the
candidates that ``check`` allows, with the verdicts ``check`` reads (the runs' own, kept by the
variant) and the muertos' rules for emptying a hand counted directly.

The candidate runs and lay-offs of a hand come from :mod:`.runs` one suit at a time and are kept
by that suit's cards (and the hand's 2s, which any suit may take): most decisions change one or
two suits of a hand, so most of a hand's runs are found already made.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...actions import Action, Add, Discard, TakePile
from ...actions import Meld as MeldAction
from ...cards import HAND_ORDER, Card
from ...fastmoves import ADDS, DISCARD, DRAW, MELDS, Kept, order
from ...groupmoves import GroupMoves
from . import runs

if TYPE_CHECKING:
    from ...melds import Meld
    from ...state import State

_TAKE = TakePile()  # the whole pile into the hand, nothing named with it
WAITING, PENDING = "waiting", "pending"
CLEAN_KINDS = ("natural", "de mil")

# a suit's cards and the hand's 2s → the runs they make; a run and those cards → its lay-offs
_RUNS = Kept(runs.run_candidates)
_LAYOFFS = Kept(lambda k: runs.layoff_candidates(k[0], k[1]))
_ORDER = Kept(lambda g: tuple(HAND_ORDER[c] for c in g))  # a run's place in the sorted list
# the runs' verdicts without explanations: a new run's placements by (2, end); a lay-off's run
# as the engine lays it, and its placements
_ENDS = Kept(lambda k: runs.run_ends(k[0], k[1]))
_LAID = Kept(lambda k: runs.lay_off(k[0], k[1]))
# runs and lay-offs whose 2 the player puts at one end
_PLACED_MELDS = Kept(lambda k: MeldAction(groups=(k[0],), moved=k[1], end=k[2]))
_PLACED_ADDS = Kept(lambda k: Add(cards=k[0], target=k[1], moved=k[2], end=k[3]))


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
            out: list[Action] = []
            if state.stock:
                out.append(DRAW)
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
        plain: dict[tuple[Card, ...], Meld] = {}  # the new runs the rules allow, laid as they come
        for g in found:
            meld = v.make_meld(g)[0]
            if meld is None:
                continue
            plain[g] = meld
            left = n_hand - len(g)
            if left >= 2 or may_leave(left, cleans + clean(meld)):
                out.append(MELDS[(g,)])
        # the same runs with a 2 put at the other end, where that makes another run
        for g, meld in plain.items():
            twos_of = [c for c in g if c.rank == runs.TWO]
            if not twos_of:
                continue
            ends = _ENDS[meld, g]
            for two in dict.fromkeys(twos_of):
                for end in runs.ENDS:
                    placed = ends.get((two, end))
                    if placed is None or placed == meld:
                        continue
                    left = n_hand - len(g)
                    if left >= 2 or may_leave(left, cleans + clean(placed)):
                        out.append(_PLACED_MELDS[g, two, end])
        for i, m in enumerate(melds):
            if m.kind != "run":
                continue
            target = f"#{i + 1}"
            was = clean(m)
            w = runs.wild_at(m)
            moving = (w[0],) if w is not None else ()
            held = suits.get(str(m.key), ())
            if not twos and (not held or (w is None and not self.next_to(m, held))):
                # no 2 to stand in, and no card of its suit (next to it, where it has no wild
                # card to move): nothing goes on
                continue
            for cards in _LAYOFFS[m, held + twos]:
                grown, ends = _LAID[m, cards]
                left = n_hand - len(cards)
                if grown is not None and (left >= 2 or may_leave(left, cleans - was + clean(grown))):
                    out.append(ADDS[cards, target])
                if grown is None:
                    continue
                # the same lay-off with a 2 (the run's own, or one laid off) at the other end
                for two in dict.fromkeys([*moving, *(c for c in cards if c.rank == runs.TWO)]):
                    for end in runs.ENDS:
                        placed = ends.get((two, end))
                        if placed is None or placed == grown:
                            continue
                        if left >= 2 or may_leave(left, cleans - was + clean(placed)):
                            out.append(_PLACED_ADDS[cards, target, two, end])
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
        discards: list[Discard] = []
        prev = None
        for c in sorted(hand, key=order):
            if c is not prev:
                discards.append(DISCARD[c])
                prev = c
            if c.rank == runs.TWO:
                twos.append(c)
            else:
                suits.setdefault(c.suit, []).append(c)
        return tuple(twos), {s: tuple(cards) for s, cards in suits.items()}, discards

    @staticmethod
    def next_to(run: Meld, held: tuple[Card, ...]) -> bool:
        """Whether ``held`` (cards of the run's suit) has the card just below or above it."""
        suit = str(run.key)
        lo, hi = run.roles[0], run.roles[-1]
        return ((lo > 1 and runs.face(suit, lo - 1) in held)
                or (hi < runs.ACE_HIGH and runs.face(suit, hi + 1) in held))

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

