"""Positions on counts: rank codes, the variant's parameters as numbers, a hand's state.

Codes: 0 joker, 1 ace, 2 two, 3 black three, 4…13 the ranks of those numbers, 14 red three
(suits matter only for threes in classic). A hand is a list of 15 counts; a side's melds are
three lists of 15 counts (naturals, jokers, twos) by the meld's rank, a natural count of 0
meaning no meld of that rank (a group holds at least two naturals; code 3 is the black threes
laid down when going out).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Discard, NextHand
from ..cards import ALL_FACES, JOKER, Card

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..state import State
    from ..variant import Variant

NCODES = 15
RED3 = 14
BLACK3 = 3
WILD_CODES = (0, 2)
MELD_CODES = (1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
"""The codes a group of one rank is made of (naturals), in a fixed order."""
RANK_OF_CODE = tuple(3 if c == RED3 else c for c in range(NCODES))

CODE: dict[Card, int] = {c: (RED3 if c.is_red else BLACK3) if c.rank == 3 else c.rank
                         for c in ALL_FACES}
"""Every face's code."""

PHASE_DRAW, PHASE_PLAY, PHASE_OVER = 0, 1, 2
_PHASES = {"draw": PHASE_DRAW, "play": PHASE_PLAY}
_EXTRA_KNOWN = frozenset({"turn_meld_base", "turn_old_meld", "melded_turn", "took_pile",
                          "last_red_three", "ended_by"})


class Rules:
    """A variant's parameters as the kernel reads them (numbers by code)."""

    __slots__ = ("values", "wild", "meld_min", "max_wilds", "min_naturals", "wilds_at_most",
                 "canasta_size", "natural_bonus", "mixed_bonus", "need_out", "out_bonus",
                 "concealed_bonus", "red_bonus", "red_four", "frozen_before_opening",
                 "variant", "opening_of", "discard_base", "may_feed", "hand_totals",
                 "draws_two", "draws_four", "wild_bonus", "meld_more")

    hand_totals: Callable[[Position, int], list[int]]
    """Each side's points at the end of a hand (``went_out`` the seat, or -1): classic's
    :func:`canasta.kernel.score.hand_totals`, a variant kernel's own scoring otherwise."""

    def __init__(self, v: Variant) -> None:
        from .score import hand_totals

        self.hand_totals = hand_totals
        values = v.values_by_rank()
        self.values = tuple(values[RANK_OF_CODE[c]] for c in range(NCODES))
        self.wild = tuple(RANK_OF_CODE[c] in v.wild_ranks for c in range(NCODES))
        self.meld_min = v.meld_min
        self.max_wilds = v.max_wilds
        self.min_naturals = v.min_naturals
        self.wilds_at_most = v.wilds_at_most_naturals
        self.canasta_size = v.canasta_size
        self.natural_bonus = v.canasta_natural
        self.mixed_bonus = v.canasta_mixed
        self.need_out = v.canastas_to_go_out
        self.out_bonus = v.going_out_bonus
        self.concealed_bonus = v.concealed_bonus
        self.red_bonus = v.red_three_bonus
        self.red_four = v.red_threes_all_four
        self.frozen_before_opening = v.pile_frozen_before_opening
        self.meld_more = v.pile_meld_more  # the top card's meld may take more than the pair
        self.variant = v
        self.opening_of = v.opening_need
        self.draws_two = v.draws_per_turn(2)
        self.draws_four = v.draws_per_turn(4)
        # rioplatense's canasta of wild cards (none in classic)
        self.wild_bonus: int = getattr(v, "wild_canasta_bonus", 0)
        # the careful discard's cost by code, as bits (most significant first): a wild card,
        # not a black three (which blocks the pile), [feeds their meld], the count held,
        # [not a rank they discarded], the value
        self.discard_base = tuple((self.wild[c] << 40) | ((c != BLACK3) << 32) | self.values[c]
                                  for c in range(NCODES))
        self.may_feed = tuple(not self.wild[c] and RANK_OF_CODE[c] != 3 for c in range(NCODES))

    def need(self, score: int) -> int:
        """The opening minimum at a side's running ``score`` (the variant's bands)."""
        return self.opening_of(score)[0]


def _supported(v: Variant) -> bool:
    """Whether the kernel plays ``v``'s rules: classic as it is, without house rules. Every
    parameter the kernel does not read but builds in is checked, so a variant that changes one
    falls back to the engine."""
    return (v.name == "classic" and not v.house and v.wild_ranks in ((2, JOKER), (JOKER, 2))
            and v.red_threes == "bonus" and v.red_threes_negative_without == "meld"
            and v.black_threes_block and v.black_threes_meld_only_out and v.pile_frozen_by_wild
            and v.pile_take_onto_meld and not v.pile_any_depth and v.pile_one_card_rule
            and v.empty_stock == "official" and v.draw_count == 1 and v.one_meld_per_rank
            and not v.max_meld_size and v.opening_counts_pile_top and v.min_naturals >= 2
            and v.meld_min == 3 and not v.wild_ends and v.canasta_size > 3)


_RULES: dict[int, tuple[Variant, Rules | None]] = {}


def rules_for(v: Variant) -> Rules | None:
    """The kernel's rules for ``v``, or None when the kernel does not play it."""
    found = _RULES.get(id(v))
    if found is None or found[0] is not v:
        found = _RULES[id(v)] = (v, Rules(v) if _supported(v) else None)
    return found[1]


class Position:
    """A hand of classic Canasta in play, on counts (see the module's docstring). Four seats,
    sides (0, 2) and (1, 3); ``turn`` is the seat to move, ``phase`` draw, play or over."""

    __slots__ = ("rules", "hands", "nh", "nat", "jk", "tw", "stock", "pile", "frozen",
                 "opened", "red3", "need", "canastas", "turn", "phase", "melded_turn",
                 "turn_base", "turn_old", "new_ranks", "last_red3", "melded_before",
                 "discarded", "went_out", "totals", "players", "draws", "taken", "pwild")

    rules: Rules
    hands: list[list[int]]
    nh: list[int]
    nat: list[list[int]]
    jk: list[list[int]]
    tw: list[list[int]]
    stock: list[int]
    pile: list[int]
    frozen: int
    opened: list[bool]
    red3: list[int]
    need: list[int]
    canastas: list[int]
    turn: int
    phase: int
    melded_turn: bool
    turn_base: bool
    turn_old: bool
    new_ranks: int
    last_red3: bool
    melded_before: list[bool]
    discarded: list[int]
    went_out: int
    totals: list[int] | None
    # what the variant kernels read (rioplatense); classic plays four players, one card a turn
    players: int
    draws: int
    taken: int
    """The sides that have taken the pile this hand, as bits (rioplatense's pozo madre)."""
    pwild: int
    """The wild cards in the pile (rioplatense's pozo premiado)."""

    def __init__(self) -> None:
        """An empty position, filled by :meth:`from_state` or :meth:`copy` (every field set)."""

    @classmethod
    def from_state(cls, state: State) -> Position | None:
        """The position of ``state``, or None when the kernel does not represent it: another
        variant or house rules, not four players in two partnerships, a partner's question
        asked or answered, a hand over, a card or state the kernel has no place for."""
        rules = rules_for(state.variant)
        if rules is None or state.ask or len(state.hands) != 4 or state.sides != ((0, 2), (1, 3)):
            return None
        return cls.read(state, rules, _EXTRA_KNOWN)

    @classmethod
    def read(cls, state: State, rules: Rules, known: frozenset[str]) -> Position | None:
        """The position of ``state`` under ``rules`` (sides by seat parity, any number of
        seats), or None for a phase, an ``extra`` key outside ``known``, a meld or a card the
        kernel has no place for. A canasta of wild cards (rioplatense) is kept at code 0 (its
        jokers and twos; no naturals)."""
        phase = _PHASES.get(state.phase)
        if phase is None:
            return None
        extra = state.extra
        if not known.issuperset(extra):
            return None
        code = CODE
        hands = []
        for hand in state.hands:
            h = [0] * NCODES
            for c in hand:
                h[code[c]] += 1
            if h[RED3]:
                return None
            hands.append(h)
        p = cls()
        p.rules = rules
        p.hands = hands
        p.nh = [len(hand) for hand in state.hands]
        nat = [[0] * NCODES, [0] * NCODES]
        jk = [[0] * NCODES, [0] * NCODES]
        tw = [[0] * NCODES, [0] * NCODES]
        size = rules.canasta_size
        canastas = [0, 0]
        base = extra.get("turn_meld_base")
        new_ranks = 0
        mover = state.turn & 1
        for side in (0, 1):
            for i, m in enumerate(state.melds[side]):
                if m.kind == "group":
                    r = m.key
                    assert isinstance(r, int)
                    j = sum(1 for c in m.cards if c.rank == JOKER)
                    nat[side][r] = m.size - m.wilds
                    jk[side][r] = j
                    tw[side][r] = m.wilds - j
                    if m.size >= size:
                        canastas[side] += 1
                elif m.kind == "black-threes":
                    r = BLACK3
                    nat[side][r] = m.size
                elif m.kind == "wilds":
                    r = 0
                    j = sum(1 for c in m.cards if c.rank == JOKER)
                    jk[side][0] = j
                    tw[side][0] = m.size - j
                    if m.size >= size:
                        canastas[side] += 1
                else:
                    return None
                if base is not None and side == mover and i >= base:
                    new_ranks |= 1 << r
        p.nat, p.jk, p.tw, p.canastas = nat, jk, tw, canastas
        p.stock = [code[c] for c in state.stock]
        p.pile = [code[c] for c in state.pile]
        p.frozen = state.pile_frozen
        p.opened = list(state.opened)
        p.red3 = [len(r) for r in state.red_threes]
        p.need = [rules.need(s) for s in state.scores]
        p.turn = state.turn
        p.phase = phase
        p.melded_turn = bool(extra.get("melded_turn"))
        p.turn_base = base is not None
        p.turn_old = bool(extra.get("turn_old_meld"))
        p.new_ranks = new_ranks
        p.last_red3 = bool(extra.get("last_red_three"))
        p.melded_before = list(state.melded_before)
        # the ranks each side has discarded this hand (what the careful discard reads)
        discarded = [0, 0]
        for step in reversed(state.history):
            a = step.action
            if isinstance(a, Discard):
                assert a.card is not None
                discarded[step.seat & 1] |= 1 << a.card.rank
            elif isinstance(a, NextHand):
                break
        p.discarded = discarded
        p.went_out = -1
        p.totals = None
        n = p.players = len(state.hands)
        p.draws = rules.draws_two if n == 2 else rules.draws_four
        taken = 0
        for s in extra.get("pozo_taken", ()):
            taken |= 1 << s
        p.taken = taken
        wild = rules.wild
        p.pwild = sum(1 for c in p.pile if wild[c])
        return p

    def copy(self) -> Position:
        """An independent copy (a few microseconds)."""
        p = Position()
        p.rules = self.rules
        p.hands = [list(h) for h in self.hands]
        p.nh = list(self.nh)
        p.nat = [list(x) for x in self.nat]
        p.jk = [list(x) for x in self.jk]
        p.tw = [list(x) for x in self.tw]
        p.stock = list(self.stock)
        p.pile = list(self.pile)
        p.frozen = self.frozen
        p.opened = list(self.opened)
        p.red3 = list(self.red3)
        p.need = list(self.need)
        p.canastas = list(self.canastas)
        p.turn = self.turn
        p.phase = self.phase
        p.melded_turn = self.melded_turn
        p.turn_base = self.turn_base
        p.turn_old = self.turn_old
        p.new_ranks = self.new_ranks
        p.last_red3 = self.last_red3
        p.melded_before = list(self.melded_before)
        p.discarded = list(self.discarded)
        p.went_out = self.went_out
        p.totals = None if self.totals is None else list(self.totals)
        p.players = self.players
        p.draws = self.draws
        p.taken = self.taken
        p.pwild = self.pwild
        return p

    def key(self) -> tuple[object, ...]:
        """Everything the position holds, for comparing two positions."""
        return (tuple(map(tuple, self.hands)), tuple(self.nh), tuple(map(tuple, self.nat)),
                tuple(map(tuple, self.jk)), tuple(map(tuple, self.tw)), tuple(self.stock),
                tuple(self.pile), self.frozen, tuple(self.opened), tuple(self.red3),
                tuple(self.need), tuple(self.canastas), self.turn, self.phase,
                self.melded_turn, self.turn_base, self.turn_old, self.new_ranks,
                self.last_red3, tuple(self.melded_before), tuple(self.discarded))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"<Position turn={self.turn} phase={self.phase} stock={len(self.stock)} "
                f"pile={len(self.pile)} hands={self.nh}>")
