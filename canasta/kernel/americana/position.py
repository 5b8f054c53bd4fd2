"""Canasta Americana's positions on counts: the variant's parameters as numbers, a hand's state.

Codes are classic's (:mod:`canasta.kernel.position`): 0 joker, 1 ace, 2 two, 3 black three,
4…13, 14 red three (held in the hand here, and laid down at will). A side's groups are three
lists of 15 counts (naturals, jokers, twos) by rank, a natural count of 0 meaning no group; its
meld of wild cards alone is two counts (jokers, twos, both 0 for none); its threes laid down
two counts (black, red). The alas are two lists of codes and the seat that took each (-1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...actions import Discard, NextHand
from ...cards import ACE, JOKER
from ..position import BLACK3, CODE, MELD_CODES, NCODES, PHASE_DRAW, PHASE_PLAY, RANK_OF_CODE, RED3

if TYPE_CHECKING:
    from ...state import State
    from ...variant import Variant

SEVEN = 7
WILDS = 15
"""The code a meld of wild cards alone stands under in a kernel move's group."""

_PHASES = {"draw": PHASE_DRAW, "play": PHASE_PLAY}
_EXTRA_KNOWN = frozenset({"alas_piles", "ala_seat", "out_before", "special_barred", "turn_meld_base",
                          "melded_turn", "turn_old_meld", "took_pile"})


class Rules:
    """Americana's parameters as the kernel reads them (numbers by code)."""

    __slots__ = ("values", "wild", "need_out", "out_bonus", "natural_bonus", "mixed_bonus",
                 "special_bonus", "twos_bonus", "jokers_bonus", "wild_bonus",
                 "incomplete_special", "incomplete_wild", "held_cost", "threes_table",
                 "opening_of", "variant", "pack", "alas", "discard_base")

    def __init__(self, v: Variant) -> None:
        values = v.values_by_rank()
        self.values = tuple(values[RANK_OF_CODE[c]] for c in range(NCODES))
        self.wild = tuple(RANK_OF_CODE[c] in v.wild_ranks for c in range(NCODES))
        self.need_out = v.canastas_to_go_out
        self.out_bonus = v.going_out_bonus
        self.natural_bonus = v.canasta_natural
        self.mixed_bonus = v.canasta_mixed
        a: object = v
        self.special_bonus: int = a.canasta_special  # type: ignore[attr-defined]
        self.twos_bonus: int = a.canasta_twos  # type: ignore[attr-defined]
        self.jokers_bonus: int = a.canasta_jokers  # type: ignore[attr-defined]
        self.wild_bonus: int = a.canasta_wild  # type: ignore[attr-defined]
        self.incomplete_special: int = a.incomplete_special  # type: ignore[attr-defined]
        self.incomplete_wild: int = a.incomplete_wild  # type: ignore[attr-defined]
        self.held_cost: int = a.held_aces_sevens  # type: ignore[attr-defined]
        self.threes_table: tuple[int, ...] = tuple(a.threes_table)  # type: ignore[attr-defined]
        self.alas: tuple[int, ...] = tuple(a.alas)  # type: ignore[attr-defined]
        self.opening_of = v.opening_need
        self.variant = v
        # the careful discard's cost by code, as bits (most significant first): not an ace or a
        # seven (which cost when three are held), [a rank the next player may hold two of],
        # the count held, the count out of sight, the value
        self.discard_base = tuple(((RANK_OF_CODE[c] not in (ACE, 7)) << 36) | self.values[c]
                                  for c in range(NCODES))
        # the cards of each code in the pack (the ranks' count for a careful discard)
        self.pack = tuple(v.jokers if c == 0 else 4 * v.decks if c in (BLACK3, RED3)
                          else 4 * v.decks for c in range(NCODES))

    def need(self, score: int) -> int:
        """The opening minimum at a side's running ``score`` (the variant's bands)."""
        return self.opening_of(score)[0]


def _supported(v: Variant) -> bool:
    """Whether the kernel plays ``v``'s rules: Americana as it is, without house rules. Every
    parameter the kernel builds in is checked, so a variant that changes one falls back to the
    engine; the numbers it reads (values, bonuses, penalties, the opening bands) may differ."""
    from ...variants.americana.variant import Americana

    return (type(v) is Americana and v.name == "americana" and not v.house
            and set(v.wild_ranks) == {2, JOKER} and v.max_wilds == 2 and v.min_naturals == 2
            and v.wilds_at_most_naturals and v.max_meld_size == 7 and v.canasta_size == 7
            and v.meld_min == 3 and v.canastas_to_go_out == 2 and v.empty_stock == "pozo"
            and v.draw_count == 1 and v.red_threes == "laid-down" and not v.upcard
            and not v.pile_take_onto_meld and v.one_meld_per_rank and not v.wild_ends
            and v.opening_counts_pile_top and not v.ask_partner and v.decks == 2
            and v.jokers == 4 and len(v.alas) == 2 and len(v.threes_table) == 5
            and v.values_by_rank()[3] == 0)


_RULES: dict[int, tuple[Variant, Rules | None]] = {}


def rules_for(v: Variant) -> Rules | None:
    """The kernel's rules for ``v``, or None when the kernel does not play it."""
    found = _RULES.get(id(v))
    if found is None or found[0] is not v:
        found = _RULES[id(v)] = (v, Rules(v) if _supported(v) else None)
    return found[1]


class Position:
    """A hand of Canasta Americana in play, on counts (see the module's docstring). Four seats,
    sides (0, 2) and (1, 3); ``turn`` the seat to move, ``phase`` draw, play or over."""

    __slots__ = ("rules", "hands", "nh", "nat", "jk", "tw", "wj", "wt", "tb", "tr", "stock",
                 "pile", "pcount", "frozen", "opened", "need", "canastas", "alas", "ala_seat",
                 "turn", "phase", "discarded", "went_out", "totals", "out_before")

    rules: Rules
    hands: list[list[int]]
    nh: list[int]
    nat: list[list[int]]
    jk: list[list[int]]
    tw: list[list[int]]
    wj: list[int]
    wt: list[int]
    tb: list[int]
    tr: list[int]
    stock: list[int]
    pile: list[int]
    pcount: list[int]
    frozen: int
    opened: list[bool]
    need: list[int]
    canastas: list[int]
    alas: list[list[int]]
    ala_seat: list[int]
    out_before: tuple[int, ...]
    """The sides a situation set down out of the hoyo (``extra["out_before"]``): none of their
    melds leaves it again, nor takes an ala."""
    turn: int
    phase: int
    discarded: list[int]
    went_out: int
    totals: list[int] | None

    def __init__(self) -> None:
        """An empty position, filled by :meth:`from_state` or :meth:`copy` (every field set;
        a plain constructor, which mypyc compiles, where ``__new__`` is not)."""

    @classmethod
    def from_state(cls, state: State) -> Position | None:
        """The position of ``state``, or None when the kernel does not represent it: another
        variant or house rules, not four players in two partnerships, a hand over, a special
        hand on the table, two melds of one rank or of wild cards, a state it has no place for."""
        rules = rules_for(state.variant)
        if rules is None or state.ask or len(state.hands) != 4 or state.sides != ((0, 2), (1, 3)):
            return None
        phase = _PHASES.get(state.phase)
        if phase is None:
            return None
        extra = state.extra
        if not _EXTRA_KNOWN.issuperset(extra):
            return None
        piles = extra.get("alas_piles")
        holders = extra.get("ala_seat")
        if (not isinstance(piles, list) or not isinstance(holders, list)
                or len(piles) != 2 or len(holders) != 2):
            return None
        code = CODE
        hands = []
        for hand in state.hands:
            h = [0] * NCODES
            for c in hand:
                h[code[c]] += 1
            hands.append(h)
        p = cls()
        p.rules = rules
        p.hands = hands
        p.nh = [len(hand) for hand in state.hands]
        nat = [[0] * NCODES, [0] * NCODES]
        jk = [[0] * NCODES, [0] * NCODES]
        tw = [[0] * NCODES, [0] * NCODES]
        wj, wt, tb, tr = [0, 0], [0, 0], [0, 0], [0, 0]
        canastas = [0, 0]
        for side in (0, 1):
            wilds_seen = False
            for m in state.melds[side]:
                if m.kind == "group":
                    r = m.key
                    if not isinstance(r, int) or nat[side][r]:
                        return None
                    j = sum(1 for c in m.cards if c.rank == JOKER)
                    nat[side][r] = m.size - m.wilds
                    jk[side][r] = j
                    tw[side][r] = m.wilds - j
                    if m.size >= 7:
                        canastas[side] += 1
                elif m.kind == "wilds":
                    if wilds_seen:
                        return None
                    wilds_seen = True
                    j = sum(1 for c in m.cards if c.rank == JOKER)
                    wj[side] = j
                    wt[side] = m.size - j
                    if m.size >= 7:
                        canastas[side] += 1
                elif m.kind == "threes":
                    red = sum(1 for c in m.cards if c.is_red)
                    tr[side] += red
                    tb[side] += m.size - red
                else:
                    return None  # a special hand: the hand is over
            hoyo = not any(nat[side]) and not wilds_seen
            if state.opened[side] == hoyo:
                return None
        p.nat, p.jk, p.tw, p.wj, p.wt, p.tb, p.tr = nat, jk, tw, wj, wt, tb, tr
        p.canastas = canastas
        p.stock = [code[c] for c in state.stock]
        pile = p.pile = [code[c] for c in state.pile]
        pcount = [0] * NCODES
        for x in pile:
            pcount[x] += 1
        p.pcount = pcount
        p.frozen = state.pile_frozen
        p.opened = list(state.opened)
        p.need = [rules.need(s) for s in state.scores]
        p.alas = [[code[c] for c in pl] for pl in piles]
        p.ala_seat = [int(x) for x in holders]
        p.out_before = tuple(int(s) for s in extra.get("out_before", ()))
        p.turn = state.turn
        p.phase = phase
        # the ranks each seat has discarded this hand (what the careful discard reads)
        discarded = [0, 0, 0, 0]
        for step in reversed(state.history):
            a = step.action
            if isinstance(a, Discard):
                assert a.card is not None
                discarded[step.seat & 3] |= 1 << a.card.rank
            elif isinstance(a, NextHand):
                break
        p.discarded = discarded
        p.went_out = -1
        p.totals = None
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
        p.wj = list(self.wj)
        p.wt = list(self.wt)
        p.tb = list(self.tb)
        p.tr = list(self.tr)
        p.stock = list(self.stock)
        p.pile = list(self.pile)
        p.pcount = list(self.pcount)
        p.frozen = self.frozen
        p.opened = list(self.opened)
        p.need = list(self.need)
        p.canastas = list(self.canastas)
        p.alas = [list(x) for x in self.alas]
        p.ala_seat = list(self.ala_seat)
        p.out_before = self.out_before
        p.turn = self.turn
        p.phase = self.phase
        p.discarded = list(self.discarded)
        p.went_out = self.went_out
        p.totals = None if self.totals is None else list(self.totals)
        return p

    def key(self) -> tuple[object, ...]:
        """Everything the position holds, for comparing two positions."""
        return (tuple(map(tuple, self.hands)), tuple(self.nh), tuple(map(tuple, self.nat)),
                tuple(map(tuple, self.jk)), tuple(map(tuple, self.tw)), tuple(self.wj),
                tuple(self.wt), tuple(self.tb), tuple(self.tr), tuple(self.stock),
                tuple(self.pile), tuple(self.pcount), self.frozen, tuple(self.opened),
                tuple(self.need), tuple(self.canastas), tuple(map(tuple, self.alas)),
                tuple(self.ala_seat), self.out_before, self.turn, self.phase,
                tuple(self.discarded))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"<americana Position turn={self.turn} phase={self.phase} stock={len(self.stock)} "
                f"pile={len(self.pile)} hands={self.nh}>")


__all__ = ["ACE", "BLACK3", "MELD_CODES", "RED3", "SEVEN", "WILDS", "Position", "Rules",
           "rules_for"]
