"""What every variant's fast legal-move generator shares.

A variant's fast path (:meth:`Variant.fast_legal_actions`) computes the same list, in the same
order, as :func:`canasta.movegen.checked_legal_actions` (the candidates that ``check`` allows)
without building an explanation. The pieces here serve all of them: actions and sub-multisets
kept once made, the hand split by rank, the last answer kept for an unchanged position, and the
bounded search for first melds. The variants' own rules live in their packages
(``variants/<name>/moves.py``) and in :mod:`canasta.groupmoves` for variants of groups of one rank.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from .actions import Action, Add, Answer, Discard, Draw, Meld, NextHand, TakePile
from .cards import ACE, ALL_FACES, HAND_ORDER, Card

if TYPE_CHECKING:
    from .state import State

order = HAND_ORDER.__getitem__

DRAW, NEXT = Draw(), NextHand()
ANSWERS: list[Action] = [Answer(yes=True), Answer(yes=False)]
DISCARD: dict[Card, Discard] = {c: Discard(card=c) for c in ALL_FACES}


@dataclass(frozen=True, slots=True, repr=False)
class Cut(Action):
    """Where a bounded search stopped (``Generator.limit``): the actions of ``kind`` before it
    begin the complete list's actions of that kind; no action of that kind follows it. Only a
    bounded list holds one (:func:`canasta.movegen.legal_listing` reads and drops it)."""

    kind: str = ""

    def _body(self) -> str:
        return f"… ({self.kind})"


CUT_MELD, CUT_TAKE = Cut(kind="Meld"), Cut(kind="TakePile")

# Actions and sub-multisets are immutable and recur constantly; they are kept (bounded).
CACHE_LIMIT = 20_000


class Kept(dict):  # type: ignore[type-arg]
    """Immutable answers kept by key and made by ``make(key)`` when missing; the table is
    cleared whole when full, so memory stays flat over long simulations."""

    def __init__(self, make: Callable[[Any], Any]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: Any) -> Any:
        if len(self) > CACHE_LIMIT:
            self.clear()
        value = self[key] = self.make(key)
        return value


def kept_table(v: object, name: str) -> dict[Any, Any]:
    """A variant instance's own table of kept verdicts (cleared whole when full)."""
    table: dict[Any, Any] = v.__dict__.setdefault(name, {})
    if len(table) > CACHE_LIMIT:
        table.clear()
    return table


def _subs(key: tuple[tuple[Card, ...], int, int]) -> list[tuple[Card, ...]]:
    """The sub-multisets of ``cards`` (in hand order) with ``least`` to ``most`` cards, in the
    order of :func:`canasta.movegen.submultisets` (the first face varies slowest)."""
    cards, least, most = key
    runs: list[list[Any]] = []  # [face, copies]
    for c in cards:
        if runs and runs[-1][0] is c:
            runs[-1][1] += 1
        else:
            runs.append([c, 1])
    subs: list[tuple[Card, ...]] = [()]
    for face, copies in runs:
        subs = [s + (face,) * k for s in subs for k in range(min(copies, most - len(s)) + 1)]
    return [s for s in subs if len(s) >= least]


# sub-multisets (cards in hand order, least, most); actions by their fields
SUBS = Kept(_subs)
MELDS = Kept(lambda groups: Meld(groups=groups))
ADDS = Kept(lambda k: Add(cards=k[0], target=k[1]))
TAKES = Kept(lambda k: TakePile(with_cards=k[0], extra=k[1], depth=k[2]))


class Hand(NamedTuple):
    """A hand read once: naturals by rank (each in hand order), wild cards, one discard per
    distinct card (in hand order), and the ranks held in number order (aces first)."""

    by_rank: dict[int, tuple[Card, ...]]
    wilds: tuple[Card, ...]
    discards: list[Discard]
    ranks: list[int]


def discards_of(ordered: list[Card]) -> list[Discard]:
    """One discard per distinct card of a hand in hand order (the copies of a face are one
    object, so a change of object is a change of card)."""
    discards: list[Discard] = []
    prev = None
    for c in ordered:
        if c is not prev:
            discards.append(DISCARD[c])
            prev = c
    return discards


def split_hand(hand: list[Card], wild_ranks: tuple[int, ...]) -> Hand:
    """``hand`` in hand order, split by rank: every key built from it is then already sorted."""
    by_rank: dict[int, tuple[Card, ...]] = {}
    wl: list[Card] = []
    lst: list[Card] = []
    last = -1
    ordered = sorted(hand, key=order)
    discards = discards_of(ordered)
    for c in ordered:
        r = c.rank
        if r in wild_ranks:
            wl.append(c)
        elif r == last:
            lst.append(c)
        else:
            if lst:
                by_rank[last] = tuple(lst)
            lst = [c]
            last = r
    if lst:
        by_rank[last] = tuple(lst)
    # ranks in number order (hand order puts aces after kings)
    ranks = list(by_rank)
    if ranks and ranks[-1] == ACE:
        ranks.insert(0, ranks.pop())
    return Hand(by_rank, tuple(wl), discards, ranks)


class Position:
    """The last answer of a generator, kept with everything it was computed from, so asking
    again about an unchanged position (``State.play`` right after ``legal_actions``) costs a
    comparison. Lists are compared in place, card by card and meld by meld (by identity), so
    nothing is built for a repeat."""

    def __init__(self) -> None:
        self.key: object = None
        self.found: list[Action] | None = None
        self.hand: list[Card] = []
        self.melds: list[list[Any]] = []
        self.pile: list[Card] = []

    def get(self, state: State, key: object) -> list[Action] | None:
        """The kept answer when ``key`` and the cards are those it was computed from."""
        if (key == self.key and state.hands[state.turn] == self.hand and state.melds == self.melds
                and state.pile == self.pile):
            return self.found
        return None

    def keep(self, state: State, key: object, found: list[Action] | None) -> None:
        self.key = key
        self.found = found
        self.hand = list(state.hands[state.turn])
        self.melds = [list(m) for m in state.melds]
        self.pile = list(state.pile)


class Generator:
    """A variant's fast legal-move generator: :meth:`answer` is the legal list, or None when
    the checked path must answer (a situation the generator does not cover).

    :meth:`bounded` answers with the searches for sets of melds laid down together (a side's
    first melds, the melds that go down with the pile) stopped after ``limit`` sets each: a
    :class:`Cut` marks where, and ends that kind's actions (the list's first actions of each kind
    are the complete list's). A hand that has not opened may hold dozens of cards (two players
    of rioplatense draw two a turn), and its first melds then number in the millions."""

    def __init__(self) -> None:
        self.limit = 0  # sets of melds each search may find (0: all), while bounded
        self.cut = False  # whether a search of the last answer stopped at the limit

    def answer(self, state: State) -> list[Action] | None:
        """The legal actions (a kept list: callers copy it before handing it out)."""
        raise NotImplementedError

    def bounded(self, state: State, limit: int) -> list[Action] | None:
        """The legal actions with each search for sets of melds stopped after ``limit`` sets
        (a :class:`Cut` where one stopped), or None when the checked path must answer. Without
        a cut, the list is the complete one (and is kept as :meth:`answer`'s)."""
        self.limit = limit
        try:
            return self.answer(state)
        finally:
            self.limit = 0

    def found_all(self, sets: list[Any]) -> bool:
        """After a search for sets of melds: whether it found them all (else it stopped at the
        limit, and the caller marks the cut and stops listing that kind)."""
        if self.limit and len(sets) >= self.limit:
            self.cut = True
            return False
        return True

    def legal_actions(self, state: State) -> list[Action] | None:
        """The legal actions, or None when the checked path must answer."""
        found = self.answer(state)
        return None if found is None else list(found)

    def allows(self, state: State, action: Action) -> bool | None:
        """Whether ``action`` is among the legal actions (None: the checked path must answer).
        An action object taken from the last list is recognised by identity, without comparing."""
        found = self.answer(state)
        if found is None:
            return None
        return id(action) in map(id, found) or action in found


def points_of(values: dict[int, int], cards: tuple[Card, ...]) -> int:
    """What ``cards`` count, by the variant's card values by rank."""
    total = 0
    for c in cards:
        total += values[c.rank]
    return total


class Group(NamedTuple):
    """A candidate new meld made from the hand, and the verdicts its own rules give it."""

    cards: tuple[Card, ...]
    rank: int
    valid_out: bool  # a meld when going out (black threes need it)
    valid: bool  # a meld otherwise
    is_group: bool  # a group of one rank (one meld per rank applies), not black threes
    canasta: int  # 1 when it is a canasta as laid down
    points: int  # what it counts toward the opening
    wilds: tuple[Card, ...]  # its wild cards (all that two groups of other ranks can share)
    wild_points: int  # what its wild cards count


def combos(keyed: list[list[Group]], wilds: tuple[Card, ...], wild_bound: int,
           max_groups: int, need: int, limit: int = 0) -> list[tuple[Group, ...]]:
    """Sets of groups of distinct keys that the hand can supply together and that count at
    least ``need``, in the order of :func:`canasta.movegen._combos` (each key left out before
    its groups are tried). ``wild_bound`` is the most the ``wilds`` could count together.

    Each group is made of the hand's own cards, and groups of different keys share nothing but
    the ``wilds`` of the hand, so only wild cards are counted. A branch is not explored when it
    could not reach ``need`` even with every natural of the keys left and every wild card not
    yet used (each wild card counted once, however many keys could take it). With a
    ``limit``, the search stops once it has found that many (the first ones, in order): a list
    of ``limit`` sets may have been cut short."""
    out: list[tuple[Group, ...]] = []
    n = len(keyed)
    reach = [0] * (n + 1)  # the most the naturals of the keys from i on could add
    for i in range(n - 1, -1, -1):
        reach[i] = reach[i + 1] + max(g.points - g.wild_points for g in keyed[i])
    if reach[0] + wild_bound < need:
        return out
    # the wild cards a group takes, as counts by face packed eight bits a face: a set of groups
    # fits the hand when no count passes the hand's (each field's high bit stays set in
    # cap + high - used, since a face has fewer than 128 copies in any pack)
    place: dict[Card, int] = {}
    cap = high = 0
    for c in wilds:
        if c not in place:
            place[c] = 1 << (8 * len(place))
            high |= 128 * place[c]
        cap += place[c]
    cap += high
    codes: dict[tuple[Card, ...], int] = {}
    for gs in keyed:
        for g in gs:
            if g.wilds not in codes:
                codes[g.wilds] = sum(place[c] for c in g.wilds)
    keyed_codes = [[(g, codes[g.wilds]) for g in gs] for gs in keyed]

    _Combos(out, n, reach, keyed_codes, cap, high, max_groups, need, limit).rec(
        0, [], 0, 0, wild_bound)
    return out


class _Combos:
    """The search of :func:`combos`: a method that calls itself, not a closure (one would hold
    itself in a cycle, and every search's lists would wait for the garbage collector)."""

    __slots__ = ("out", "n", "reach", "keyed_codes", "cap", "high", "max_groups", "need", "limit")

    def __init__(self, out: list[tuple[Group, ...]], n: int, reach: list[int],
                 keyed_codes: list[list[tuple[Group, int]]], cap: int, high: int, max_groups: int,
                 need: int, limit: int) -> None:
        self.out = out
        self.n = n
        self.reach = reach
        self.keyed_codes = keyed_codes
        self.cap = cap
        self.high = high
        self.max_groups = max_groups
        self.need = need
        self.limit = limit

    def rec(self, i: int, chosen: list[Group], used: int, points: int, wild_left: int) -> None:
        out, need, limit = self.out, self.need, self.limit
        if limit and len(out) >= limit:
            return
        if i == self.n:
            if chosen and points >= need:
                out.append(tuple(chosen))
            return
        rest = self.reach[i + 1] + wild_left
        if points + rest >= need:  # leaving this key out can still count enough
            self.rec(i + 1, chosen, used, points, wild_left)
        if len(chosen) >= self.max_groups:
            return
        cap, high = self.cap, self.high
        for g, code in self.keyed_codes[i]:
            if points + g.points - g.wild_points + rest < need:
                continue
            # the wild cards are the only cards that groups of different keys may both need
            want = used + code
            if (cap - want) & high != high:
                continue
            chosen.append(g)
            self.rec(i + 1, chosen, want, points + g.points, wild_left - g.wild_points)
            chosen.pop()
