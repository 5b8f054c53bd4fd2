"""Canasta Real positions on counts: card codes by suit and rank, runs as five numbers, the
muertos, and the variant's parameters as numbers.

A card's code is ``suit * 16 + rank`` (suits in :data:`canasta.cards.SUITS` order, ranks 1 ace …
13 king), so a hand is a list of 64 counts. A run is a list ``[suit, lo, hi, wild_role,
wild_code]``: it holds every place from ``lo`` to ``hi`` (an ace is place 1 before the 2, or 14
after the king), the natural card of its suit in each place but ``wild_role`` (0: no wild card),
where the 2 of code ``wild_code`` stands in. A 2 of the run's suit in place 2 is natural.
A side's runs are kept in the engine's order (a meld's index is how an action names it).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from ...actions import Discard, Draw, NextHand, TakePile
from ...cards import ACE, SUITS
from ..position import PHASE_DRAW, PHASE_OVER, PHASE_PLAY

if TYPE_CHECKING:
    from ...melds import Meld
    from ...state import State
    from ...variant import Variant

__all__ = ["NCODES", "PHASE_DRAW", "PHASE_OVER", "PHASE_PLAY", "Position", "RealRules",
           "code_of", "rules_for"]

NCODES = 64
ACE_HIGH = 14
TWO = 2
WAITING, PENDING, TAKEN, NONE = 0, 1, 2, 3
_MUERTO = {"waiting": WAITING, "pending": PENDING, "taken": TAKEN, "none": NONE}
_PHASES = {"draw": PHASE_DRAW, "play": PHASE_PLAY}
_EXTRA_KNOWN = frozenset({"muertos_piles", "muerto_state", "muerto_holder", "turn_meld_base",
                          "melded_turn", "took_pile", "turn_old_meld", "box_piles"})
# (box_piles: the cards a built situation sets aside, out of play: no rule reads them)
_SUIT = {s: i for i, s in enumerate(SUITS)}


def code_of(rank: int, suit: str) -> int:
    return _SUIT[suit] * 16 + rank


def role_code(suit: int, role: int) -> int:
    """The code of the natural card in ``role`` of a run of ``suit``."""
    return suit * 16 + (ACE if role == ACE_HIGH else role)


def run_of(m: Meld) -> list[int] | None:
    """A run of the engine's as the kernel holds it (None: not a run it represents)."""
    if m.kind != "run" or not m.roles or m.wilds > 1:
        return None
    lo, hi = m.roles[0], m.roles[-1]
    if hi - lo + 1 != m.size:
        return None
    wr = wc = 0
    for c, r in zip(m.cards, m.roles, strict=True):
        if c.rank == TWO and not (c.suit == m.key and r == TWO):
            wr, wc = r, code_of(c.rank, c.suit)
        elif c.suit != m.key or c.rank != (ACE if r == ACE_HIGH else r):
            return None
    if (wr != 0) != (m.wilds == 1):
        return None
    return [_SUIT[str(m.key)], lo, hi, wr, wc]


# the parameters the kernel reads from the variant (the rest it builds in, and checks)
_READ = ("card_values", "canasta_size", "canasta_natural", "canasta_mixed", "canasta_de_mil",
         "going_out_bonus", "muerto_penalty", "muerto_size")


class RealRules:
    """Canasta Real's parameters as the kernel reads them."""

    __slots__ = ("values", "canasta_size", "natural_bonus", "mixed_bonus", "de_mil", "out_bonus",
                 "muerto_penalty", "role_value", "wild_value", "variant", "suit_keys")

    def __init__(self, v: Variant) -> None:
        by_rank = v.values_by_rank()
        self.values = tuple(by_rank.get(c & 15, 0) if 1 <= c & 15 <= 13 else 0
                            for c in range(NCODES))
        self.role_value = tuple(by_rank[ACE if r == ACE_HIGH else r] if r else 0
                                for r in range(ACE_HIGH + 1))
        self.wild_value = by_rank[TWO]
        self.canasta_size = v.canasta_size
        self.natural_bonus = v.canasta_natural
        self.mixed_bonus = v.canasta_mixed
        self.de_mil = v.canasta_de_mil  # type: ignore[attr-defined]
        self.out_bonus = v.going_out_bonus
        self.muerto_penalty = v.muerto_penalty  # type: ignore[attr-defined]
        self.variant = v
        # the ranks of one suit held (a bit each, no 2) -> each rank with the part of its
        # discard key that those ranks decide (kept: play.suit_keys)
        self.suit_keys: dict[int, tuple[tuple[int, int], ...]] = {}


def _supported(v: Variant) -> bool:
    """Whether the kernel plays ``v``: Canasta Real as the engine defines it, without house
    rules; only the parameters in ``_READ`` (read as numbers) may take other values. Every other
    field must equal the variant's own, so a variant that changes one falls back to the engine."""
    from ...variants.real.variant import REAL, Real

    if type(v) is not Real or v.house or not 3 <= v.canasta_size <= 13:
        return False
    same = dataclasses.replace(v, **{f: getattr(REAL, f) for f in _READ})
    return same == REAL


_RULES: dict[int, tuple[Variant, RealRules | None]] = {}


def rules_for(v: Variant) -> RealRules | None:
    """The kernel's rules for ``v``, or None when the kernel does not play it."""
    found = _RULES.get(id(v))
    if found is None or found[0] is not v:
        found = _RULES[id(v)] = (v, RealRules(v) if _supported(v) else None)
    return found[1]


def reach_of(runs: list[list[int]]) -> list[int]:
    """By suit, the ranks that could go on one of ``runs`` (a bit each): the places next to
    each run and its wild card's (the ace's two places are bit 1). A superset of the lay-offs,
    read before a search of them; as runs grow, their new places are added to it (play._meld,
    play._add) and the old ones stay: a superset still."""
    out = [0, 0, 0, 0]
    for s, lo, hi, wr, _ in runs:
        places = (2 << hi | 1 << lo >> 1 | 1 << wr) & 0x7FFE  # places 1 to 14
        out[s] |= places & 0x3FFE | places >> 13 & 2
    return out


class Position:
    """A hand of Canasta Real in play, on counts (see the module's docstring): two or four
    seats (sides: ``seat % nsides``), ``turn`` the seat to move, ``phase`` draw, play or over."""

    __slots__ = ("rules", "np", "ns", "hands", "nh", "runs", "stock", "pile", "muertos",
                 "mstate", "holder", "turn", "phase", "discarded", "takes", "bits", "fresh", "went_out",
                 "totals", "reach", "feeds")

    rules: RealRules
    np: int
    ns: int
    hands: list[list[int]]
    nh: list[int]
    runs: list[list[list[int]]]
    stock: list[int]
    pile: list[int]
    muertos: list[list[int]]
    mstate: list[int]
    holder: list[int]
    turn: int
    phase: int
    discarded: list[int]
    takes: int
    bits: list[int]
    reach: list[int]
    feeds: list[int]
    fresh: list[int]
    went_out: int
    totals: list[int] | None

    def __init__(self) -> None:
        """An empty position, filled by :meth:`from_state` or :meth:`copy` (every field set;
        a plain constructor, which mypyc compiles, where ``__new__`` is not)."""

    @classmethod
    def from_state(cls, state: State) -> Position | None:
        """The position of ``state``, or None where the kernel does not represent it: another
        variant or house rules, a hand over, a question asked, muertos not as the deal lays
        them out, a meld that is not a run."""
        rules = rules_for(state.variant)
        if rules is None or state.ask:
            return None
        np = len(state.hands)
        if not ((np == 4 and state.sides == ((0, 2), (1, 3)))
                or (np == 2 and state.sides == ((0,), (1,)))):
            return None
        phase = _PHASES.get(state.phase)
        if phase is None:
            return None
        extra = state.extra
        if not _EXTRA_KNOWN.issuperset(extra) or not all(state.opened):
            return None
        piles = extra.get("muertos_piles")
        states = extra.get("muerto_state")
        holders = extra.get("muerto_holder")
        if piles is None or states is None or holders is None or len(piles) != 2:
            return None
        p = cls()
        p.rules = rules
        p.np, p.ns = np, 2
        hands = []
        for hand in state.hands:
            h = [0] * NCODES
            for c in hand:
                h[code_of(c.rank, c.suit)] += 1
            hands.append(h)
        p.hands = hands
        p.nh = [len(h) for h in state.hands]
        runs: list[list[list[int]]] = [[], []]
        for side in (0, 1):
            for m in state.melds[side]:
                run = run_of(m)
                if run is None:
                    return None
                runs[side].append(run)
        p.runs = runs
        p.stock = [code_of(c.rank, c.suit) for c in state.stock]
        p.pile = [code_of(c.rank, c.suit) for c in state.pile]
        p.muertos = [[code_of(c.rank, c.suit) for c in pile] for pile in piles]
        try:
            p.mstate = [_MUERTO[str(x)] for x in states]
        except KeyError:
            return None
        p.holder = [int(x) for x in holders]
        p.turn = state.turn
        p.phase = phase
        discarded = [0] * np
        takes = 0  # the pile's takes since the stock's last draw
        drawn = False
        for step in reversed(state.history):
            a = step.action
            if isinstance(a, Discard):
                assert a.card is not None
                discarded[step.seat] |= 1 << code_of(a.card.rank, a.card.suit)
            elif isinstance(a, TakePile):
                takes += not drawn
            elif isinstance(a, Draw):
                drawn = True
            elif isinstance(a, NextHand):
                break
        p.discarded = discarded
        p.takes = takes
        # by seat, the suits that may hold a new run (a cache of the policy's: a suit without
        # one is set aside until a card of it comes into the hand)
        p.fresh = [15] * np
        # seat * 4 + suit: the ranks held, a bit each (kept with the hands)
        p.bits = [sum(1 << r for r in range(1, 14) if h[s * 16 + r]) for h in hands
                  for s in range(4)]
        # side * 4 + suit: the ranks that could go on a run of the side (kept with the runs)
        p.reach = reach_of(runs[0]) + reach_of(runs[1])
        # by side, the codes that one card laid off would grow a run of the side with (a bit
        # each), made when read (play._discard_choice) after the side's runs changed: -1
        p.feeds = [-1, -1]
        p.went_out = -1
        p.totals = None
        return p

    def copy(self) -> Position:
        """An independent copy (a few microseconds)."""
        p = Position()
        p.rules = self.rules
        p.np, p.ns = self.np, self.ns
        p.hands = [h[:] for h in self.hands]
        p.nh = self.nh[:]
        p.runs = [[r[:] for r in side] for side in self.runs]
        p.stock = self.stock[:]
        p.pile = self.pile[:]
        p.muertos = [m[:] for m in self.muertos]
        p.mstate = self.mstate[:]
        p.holder = self.holder[:]
        p.turn = self.turn
        p.phase = self.phase
        p.discarded = self.discarded[:]
        p.takes = self.takes
        p.bits = self.bits[:]
        p.reach = self.reach[:]
        p.feeds = self.feeds[:]
        p.fresh = self.fresh[:]
        p.went_out = self.went_out
        p.totals = None if self.totals is None else self.totals[:]
        return p

    def key(self) -> tuple[object, ...]:
        """Everything the position holds, for comparing two positions."""
        return (self.np, tuple(map(tuple, self.hands)), tuple(self.nh),
                tuple(tuple(map(tuple, side)) for side in self.runs), tuple(self.stock),
                tuple(self.pile), tuple(tuple(sorted(m)) for m in self.muertos),
                tuple(self.mstate), tuple(self.holder), self.turn, self.phase,
                tuple(self.discarded), self.takes, tuple(self.bits))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"<real Position turn={self.turn} phase={self.phase} stock={len(self.stock)} "
                f"pile={len(self.pile)} hands={self.nh}>")
