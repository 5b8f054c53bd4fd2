"""Classic's legal actions without explanations: the fast path of move generation.

The definition of a legal action stays :func:`canasta.movegen.checked_legal_actions` (the
candidates that ``check`` allows). For variants that play by classic's hooks (any house options),
this module computes the same list, in the same order, from the hand grouped by rank and from
verdicts kept per group of cards, without building an explanation. ``tests/test_fast_moves.py``
compares the two at every decision of random and greedy games under several house rules, the
property tests on random reachable states, and ``canasta simulate`` at every 20th position.

Why it exists: uniform-random play asks for the legal actions at every decision, and building an
explanation for each candidate only to keep its verdict cost about nine tenths of a game's time.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from ...actions import Action, Add, Answer, AskPartner, Discard, Draw, Meld, NextHand, TakePile
from ...cards import ACE, ALL_FACES, HAND_ORDER, RANK_TEXT, Card
from .outs import can_go_out

if TYPE_CHECKING:
    from ...melds import Meld as TableMeld
    from ...state import State
    from ...variant import Variant

_order = HAND_ORDER.__getitem__

_DRAW, _NEXT = Draw(), NextHand()
_ANSWERS: list[Action] = [Answer(yes=True), Answer(yes=False)]
_ASK = AskPartner()
_DISCARD: dict[Card, Discard] = {c: Discard(card=c) for c in ALL_FACES}

# Actions and sub-multisets are immutable and recur constantly; they are kept (bounded).
_CACHE_LIMIT = 20_000


class _Kept(dict):  # type: ignore[type-arg]
    """Immutable answers kept by key and made by ``make(key)`` when missing; the table is
    cleared whole when full, so memory stays flat over long simulations."""

    def __init__(self, make: Callable[[Any], Any]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: Any) -> Any:
        if len(self) > _CACHE_LIMIT:
            self.clear()
        value = self[key] = self.make(key)
        return value


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
_SUBS = _Kept(_subs)
_MELDS = _Kept(lambda groups: Meld(groups=groups))
_ADDS = _Kept(lambda k: Add(cards=k[0], target=k[1]))
_TAKES = _Kept(lambda k: TakePile(with_cards=k[0], extra=k[1]))


class Group(NamedTuple):
    """A candidate new group and the verdicts ``make_meld`` gives it."""

    cards: tuple[Card, ...]
    rank: int
    valid_out: bool  # a meld when going out (black threes need it)
    valid: bool  # a meld otherwise
    is_group: bool  # kind "group" (one meld per rank applies), not black threes
    canasta: int  # 1 when it is a canasta as laid down
    points: int  # what it counts toward the opening
    wilds: tuple[Card, ...]  # its wild cards (all that two groups of other ranks can share)
    wild_points: int  # what its wild cards count


class RankGroups:
    """The candidate groups of one rank for a hand (those ``make_meld`` accepts when going out,
    as move generation proposes them) and the meld actions of those it accepts in any case.

    For any rank but threes the verdicts depend only on how many naturals and wild cards a group
    has, so a rank is held as its natural choices and the wild-card choices that fit each number
    of naturals; the meld actions (once the side has opened) and the groups (for first melds, or
    a meld that goes out) are built the first time they are asked for."""

    __slots__ = ("longest", "_melds", "_groups", "_v", "_rank", "_nats", "_wilds", "_fits")

    def __init__(self, longest: int, melds: list[Meld] | None = None,
                 groups: list[Group] | None = None, v: Variant | None = None, rank: int = 0,
                 nats: list[tuple[Card, ...]] | None = None,
                 wilds: list[tuple[Card, ...]] | None = None,
                 fits: list[list[tuple[Card, ...]]] | None = None) -> None:
        self.longest = longest
        self._melds = melds
        self._groups = groups
        self._v, self._rank, self._nats, self._wilds, self._fits = v, rank, nats, wilds, fits

    @property
    def melds(self) -> list[Meld]:
        melds = self._melds
        if melds is None:
            fits = self._fits
            assert fits is not None and self._nats is not None
            melds = self._melds = [_MELDS[(nat + w,)] for nat in self._nats for w in fits[len(nat)]]
        return melds

    @property
    def groups(self) -> list[Group]:
        groups = self._groups
        if groups is None:
            v, fits, nat_subs = self._v, self._fits, self._nats
            assert v is not None and fits is not None and nat_subs is not None
            values, rank, size = v.values_by_rank(), self._rank, v.canasta_size
            nat_value = values[rank]
            wild_points = {w: _points(values, w) for w in self._wilds or ()}
            groups = self._groups = [
                Group(nat + w, rank, True, True, True, 1 if len(nat) + len(w) >= size else 0,
                      len(nat) * nat_value + wild_points[w], w, wild_points[w])
                for nat in nat_subs for w in fits[len(nat)]]
        return groups


def _group_ok(v: Variant, n: int, k: int) -> bool:
    """``make_group``'s verdict on a new group (not of threes) of ``n`` naturals and ``k`` wild
    cards under classic's hooks: enough cards, and the wild-card limits."""
    return (n + k >= v.meld_min and k <= v.max_wilds and n >= v.min_naturals
            and (not v.wilds_at_most_naturals or k <= n)
            and not (v.max_meld_size and n + k > v.max_meld_size))


def _groups(v: Variant, rank: int, nats: tuple[Card, ...], wilds: tuple[Card, ...]) -> RankGroups:
    """The candidate groups of ``rank`` from these naturals and wild cards, in the order of
    :func:`canasta.movegen.group_candidates`, with their verdicts (kept per variant)."""
    cache = v.__dict__.setdefault("_fast_groups", {})
    key = (nats, wilds)
    found = cache.get(key)
    if found is not None:
        return found  # type: ignore[no-any-return]
    if len(cache) > _CACHE_LIMIT:
        cache.clear()
    wild_subs = _SUBS[wilds, 0, v.max_wilds]
    nat_subs = _SUBS[nats, 1, len(nats)]
    if rank == 3:  # threes have rules of their own (black threes only when going out)
        groups = []
        for nat in nat_subs:
            for w in wild_subs:
                if len(nat) + len(w) >= v.meld_min:
                    g = nat + w
                    out_meld = v.make_meld(g, going_out=True)[0]
                    meld = v.make_meld(g)[0]
                    if out_meld is None:
                        continue
                    groups.append(Group(g, rank, True, meld is not None,
                                        out_meld.kind == "group",
                                        1 if v.canasta_kind(out_meld) else 0, v.meld_points(g), w,
                                        v.meld_points(w)))
        found = cache[key] = RankGroups(max((len(g.cards) for g in groups), default=0),
                                        [_MELDS[(g.cards,)] for g in groups if g.valid], groups)
        return found
    # any other rank: make_group's verdict depends only on how many naturals and wild cards
    # (the same whether or not the player goes out): the wild-card choices that go with each
    # number of naturals, worked out once (in their own order, which is kept)
    fits = [[w for w in wild_subs if _group_ok(v, n, len(w))] for n in range(len(nats) + 1)]
    longest = max((n + max(map(len, fits[n])) for n in range(1, len(nats) + 1) if fits[n]),
                  default=0)
    found = cache[key] = RankGroups(longest, v=v, rank=rank, nats=nat_subs, wilds=wild_subs,
                                    fits=fits)
    return found


def _points(values: dict[int, int], cards: tuple[Card, ...]) -> int:
    """What ``cards`` count (classic's card values, by rank)."""
    total = 0
    for c in cards:
        total += values[c.rank]
    return total


def _most_points(v: Variant, ranks: list[int], by_rank: dict[int, tuple[Card, ...]]) -> int:
    """What every natural of these ranks counts: no set of their groups counts more, but for
    its wild cards."""
    values = v.values_by_rank()
    return sum(len(by_rank[r]) * values[r] for r in ranks)


def _combos(keyed: list[list[Group]], wilds: tuple[Card, ...], wild_total: int,
            max_groups: int, need: int) -> list[tuple[Group, ...]]:
    """Sets of groups of distinct ranks that the hand can supply together and that count at
    least ``need``, in the order of :func:`canasta.movegen._combos` (each rank left out before
    it is tried). ``wild_total`` is what the ``wilds`` count together.

    Each group is made of the hand's own cards, and groups of different ranks share nothing but
    the ``wilds`` of the hand, so only wild cards are counted. A branch is not explored when it
    could not reach ``need`` even with every natural of the ranks left and every wild card not
    yet used (each wild card counted once, however many ranks could take it)."""
    out: list[tuple[Group, ...]] = []
    n = len(keyed)
    reach = [0] * (n + 1)  # the most the naturals of the ranks from i on could add
    for i in range(n - 1, -1, -1):
        reach[i] = reach[i + 1] + max(g.points - g.wild_points for g in keyed[i])
    have: dict[Card, int] = {}
    for c in wilds:
        have[c] = have.get(c, 0) + 1
    if reach[0] + wild_total < need:
        return out

    def rec(i: int, chosen: list[Group], used: dict[Card, int], points: int,
            wild_left: int) -> None:
        if i == n:
            if chosen and points >= need:
                out.append(tuple(chosen))
            return
        rest = reach[i + 1] + wild_left
        if points + rest >= need:  # leaving this rank out can still count enough
            rec(i + 1, chosen, used, points, wild_left)
        if len(chosen) >= max_groups:
            return
        for g in keyed[i]:
            if points + g.points - g.wild_points + rest < need:
                continue
            want = used
            if g.wilds:  # the only cards that groups of different ranks may both need
                want = dict(used)
                for c in g.wilds:
                    want[c] = want.get(c, 0) + 1
                if any(want[c] > have[c] for c in g.wilds):
                    continue
            chosen.append(g)
            rec(i + 1, chosen, want, points + g.points, wild_left - g.wild_points)
            chosen.pop()

    rec(0, [], {}, 0, wild_total)
    return out


class _Table(NamedTuple):
    """What the checks read from the side's melds."""

    group_at: dict[int, int]  # rank → index of the side's group of that rank
    canastas: int


_tables: list[tuple[Variant, tuple[TableMeld, ...], tuple[int, ...], _Table | None]] = []


def _table(v: Variant, melds: tuple[TableMeld, ...]) -> _Table | None:
    """The side's melds read once: kept for the last few tables (both sides of a game).
    Melds are immutable and replaced when they grow, so a table is recognised by the
    identity of its melds (kept alive by the entry, so no identity is reused meanwhile)."""
    ids = tuple(map(id, melds))
    for kept_v, _kept, kept_ids, table in _tables:
        if kept_v is v and kept_ids == ids:
            return table
    table = _read_table(v, melds)
    _tables.insert(0, (v, melds, ids, table))
    del _tables[4:]
    return table


def _read_table(v: Variant, melds: tuple[TableMeld, ...]) -> _Table | None:
    group_at: dict[int, int] = {}
    canastas = 0
    size = v.canasta_size
    for i, m in enumerate(melds):
        if m.kind == "group":
            # two groups of one rank, or a group of threes, come only from hand-made scenarios
            # (a meld target could then name another meld): the checked path answers
            if m.key in group_at or m.key == 3:
                return None
            group_at[m.key] = i  # type: ignore[index]
            if len(m.cards) >= size:
                canastas += 1
        elif m.kind == "run" and len(m.cards) >= size:
            canastas += 1
    return _Table(group_at, canastas)


def _extends(v: Variant, m: TableMeld, naturals: int, wilds: int) -> bool:
    """Whether ``extend_group`` accepts this many naturals (of its rank) and wild cards."""
    w = m.wilds + wilds
    total = len(m.cards) + naturals + wilds
    nat = total - w
    if w > v.max_wilds or nat < v.min_naturals or (v.wilds_at_most_naturals and w > nat):
        return False
    return not (v.max_meld_size and total > v.max_meld_size)


class Adds(NamedTuple):
    """The lay-offs onto one group that its own rules allow, with how many cards each takes
    from the hand and the canastas it adds (0, or 1 when it completes one)."""

    actions: list[Add]
    sizes: list[int]
    canasta: list[int]
    most: int


def _adds(v: Variant, m: TableMeld, nats: tuple[Card, ...], wilds: tuple[Card, ...]) -> Adds:
    """Lay-offs onto ``m`` from these naturals of its rank and wild cards, in the order of
    :func:`canasta.movegen.add_candidates`, kept when ``extend_group`` would accept them."""
    cache = v.__dict__.setdefault("_fast_adds", {})
    key = (m.key, len(m.cards), m.wilds, nats, wilds)
    found = cache.get(key)
    if found is not None:
        return found
    if len(cache) > _CACHE_LIMIT:
        cache.clear()
    size = v.canasta_size
    was = 1 if len(m.cards) >= size else 0
    label = m.label
    room = max(0, v.max_wilds - m.wilds)
    # the verdict depends only on how many naturals and wild cards: worked out once
    ok = [[(n or k) and _extends(v, m, n, k) for k in range(room + 1)] for n in range(len(nats) + 1)]
    pairs = [(nat, w) for nat in _SUBS[nats, 0, len(nats)] for w in _SUBS[wilds, 0, room]
             if ok[len(nat)][len(w)]]
    sizes = [len(nat) + len(w) for nat, w in pairs]
    found = cache[key] = Adds([_ADDS[nat + w, label] for nat, w in pairs], sizes,
                              [(1 if len(m.cards) + k >= size else 0) - was for k in sizes],
                              max(sizes, default=0))
    return found


# the last answer: [inputs, actions, the hand, the side's melds]
_last: list[Any] = [None, None, None, None]


def classic_allows(state: State, action: Action) -> bool | None:
    """Whether ``action`` is among the legal actions (None: the checked path must answer).
    An action object taken from the last list is recognised by identity, without comparing."""
    found = _answer(state)
    if found is None:
        return None
    return id(action) in map(id, found) or action in found


def classic_legal_actions(state: State) -> list[Action] | None:
    """The legal actions of a classic-rules state, or None when the checked path must answer.

    The last answer is kept with everything it was computed from, so asking again about an
    unchanged position (``State.play`` right after ``legal_actions``) costs a comparison."""
    found = _answer(state)
    return None if found is None else list(found)


def _answer(state: State) -> list[Action] | None:
    """The legal actions (the kept list itself: callers copy it before handing it out)."""
    phase = state.phase
    if phase == "draw" or phase == "play":
        if (not state.stock and phase == "draw") or state.ask == "yes" or (
                phase == "play" and "last_red_three" in state.extra):
            # rare turns (play without a stock, a partner's yes to hold to): the checked path
            return None
        seat = state.turn
        side = state.side_of(seat)
        pile = state.pile
        hand = state.hands[seat]
        melds = state.melds[side]
        key = (state.variant, phase, seat, state.sides, state.ask, state.opened[side],
               state.scores[side], state.pile_frozen, len(pile), pile[-1] if pile else None)
        # lists compared in place (card by card, by identity): nothing is built for a repeat
        if key == _last[0] and hand == _last[2] and melds == _last[3]:
            return _last[1]  # type: ignore[no-any-return]
        found = _legal(state, side, tuple(melds))
        _last[:] = [key, found, list(hand), list(melds)]
        return found
    if phase == "game-over":
        return []
    if phase == "hand-over":
        return [_NEXT]
    if phase == "answer":
        return _ANSWERS
    return None


def _legal(state: State, side: int, melds: tuple[TableMeld, ...]) -> list[Action] | None:
    """The legal actions of the draw or play phase (the side's melds given as a tuple)."""
    phase = state.phase
    v = state.variant
    seat = state.turn
    table = _table(v, melds)
    if table is None:
        return None
    hand = state.hands[seat]
    wild_ranks = v.wild_ranks
    if phase == "draw":
        # most turns: the hand has no pair that may go with the pile's top card (two naturals
        # of its rank, or one and a wild card when the pile is not frozen), nor may the top
        # card go onto the side's meld, so the only way is the stock
        pile = state.pile
        if not pile or pile[-1].rank in wild_ranks:
            return [_DRAW]
        top_rank = pile[-1].rank
        opened = state.opened[side]
        frozen = ((v.pile_frozen_by_wild and state.pile_frozen)
                  or (v.pile_frozen_before_opening and not opened))
        if not (opened and not frozen and top_rank in table.group_at):
            held = [c.rank for c in hand]
            naturals = held.count(top_rank)
            if naturals < 2 and (frozen or not naturals
                                 or not any(held.count(w) for w in wild_ranks)):
                return [_DRAW]
    # the hand in hand order, split by rank: every key below is then already sorted
    by_rank: dict[int, tuple[Card, ...]] = {}
    wl: list[Card] = []
    lst: list[Card] = []
    last = -1
    discards: list[Discard] = []  # one per distinct card, in hand order
    prev = None
    for c in sorted(hand, key=_order):
        if c is not prev:
            discards.append(_DISCARD[c])
            prev = c
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
    wilds = tuple(wl)
    # ranks in number order (hand order puts aces after kings)
    ranks_in_hand = list(by_rank)
    if ranks_in_hand and ranks_in_hand[-1] == ACE:
        ranks_in_hand.insert(0, ranks_in_hand.pop())
    opened = state.opened[side]
    if phase == "draw":
        return [_DRAW, *_takes(state, v, side, hand, by_rank, ranks_in_hand, wilds, table, opened)]
    if phase != "play":
        return None
    n_hand = len(hand)
    ask_no = state.ask == "no"
    need_out = v.canastas_to_go_out
    now = table.canastas
    group_at = table.group_at
    one_per_rank = v.one_meld_per_rank
    out: list[Action] = []
    # a rank with fewer naturals than a meld needs (three for black threes) has no group
    least = v.min_naturals
    ranks = [r for r in ranks_in_hand if len(by_rank[r]) >= (3 if r == 3 else least)]
    if opened:
        # the kept answers are looked up here first: most are found, and a call costs more
        kept_groups = v.__dict__.setdefault("_fast_groups", {})
        kept_adds = v.__dict__.setdefault("_fast_adds", {})
        for rank in ranks:
            if one_per_rank and rank in group_at:
                continue  # meld.rank-exists: every group of a melded rank is refused
            nats = by_rank[rank]
            rg = kept_groups.get((nats, wilds)) or _groups(v, rank, nats, wilds)
            if n_hand - rg.longest >= 2:  # none goes out: the meld's own verdict decides
                out.extend(rg.melds)
                continue
            for g in rg.groups:
                left = n_hand - len(g.cards)
                if not (g.valid_out if left <= 1 else g.valid):
                    continue
                if left <= 1 and (ask_no or now + g.canasta < need_out):
                    continue
                out.append(_MELDS[(g.cards,)])
        for m in melds:
            if m.kind == "group":
                nats = by_rank.get(m.key, ())  # type: ignore[arg-type]  # a group's key is its rank
                if not nats and not wilds:
                    continue
                adds = (kept_adds.get((m.key, len(m.cards), m.wilds, nats, wilds))
                        or _adds(v, m, nats, wilds))
                if n_hand - adds.most >= 2:
                    out.extend(adds.actions)
                    continue
                for add, k, grown in zip(adds.actions, adds.sizes, adds.canasta, strict=True):
                    if n_hand - k <= 1 and (ask_no or now + grown < need_out):
                        continue
                    out.append(add)
    elif ranks:
        need = v.opening_need(state.scores[side])[0]
        wild_total = _points(v.values_by_rank(), wilds)
        # most hands cannot reach the minimum even with every card of a meldable rank: their
        # groups are then never built
        if _most_points(v, ranks, by_rank) + wild_total >= need:
            keyed = [rg.groups for rg in (_groups(v, rank, by_rank[rank], wilds)
                                          for rank in ranks) if rg.groups]
            combos = _combos(keyed, wilds, wild_total, 4, need)
        else:
            combos = []
        for combo in combos:
            left = n_hand - sum(len(g.cards) for g in combo)
            ok = True
            for g in combo:
                if not (g.valid_out if left <= 1 else g.valid) or (
                        one_per_rank and g.is_group and g.rank in group_at):
                    ok = False
                    break
            if not ok:
                continue
            if left <= 1 and (ask_no or now + sum(g.canasta for g in combo) < need_out):
                continue
            out.append(_MELDS[tuple(g.cards for g in combo)])
    if n_hand > 1 or not (ask_no or now < need_out):
        out.extend(discards)
    if (v.ask_partner and not state.ask and n_hand >= 2 and len(state.sides[side]) == 2
            and can_go_out(v, hand, melds, 0 if opened else v.opening_need(state.scores[side])[0])):
        out.append(_ASK)
    return out


def _takes(state: State, v: Variant, side: int, hand: list[Card], by_rank: dict[int, tuple[Card, ...]],
           ranks_in_hand: list[int], wilds: tuple[Card, ...], table: _Table, opened: bool
           ) -> list[Action]:
    """The legal ways to take the pile (order of :func:`canasta.movegen.take_candidates`)."""
    pile = state.pile
    if not pile:
        return []
    top = pile[-1]
    wild_ranks = v.wild_ranks
    if top.rank in wild_ranks or (top.rank == 3 and (top.is_red or v.black_threes_block)):
        return []  # pile.top-wild / pile.top-red-three / pile.blocked refuse every way
    if v.pile_one_card_rule and len(pile) == 1 and len(hand) == 1:
        return []  # pile.one-card
    frozen = bool((v.pile_frozen_by_wild and state.pile_frozen)
                  or (v.pile_frozen_before_opening and not opened))
    group_at = table.group_at
    size = v.canasta_size
    now = table.canastas
    need_out = v.canastas_to_go_out
    ask_no = state.ask == "no"
    n_hand = len(hand)
    # the cards of the pile that join the hand, the top one aside: red threes go to the table
    taken = len(pile)
    if v.red_threes == "bonus":
        taken -= sum(1 for c in pile if c.rank == 3 and c.is_red)
    need = 0 if opened else v.opening_need(state.scores[side])[0]
    values = v.values_by_rank()
    top_value = values[top.rank]
    pool = tuple(sorted(by_rank.get(top.rank, ()) + wilds, key=_order))
    out: list[Action] = []
    idx = group_at.get(top.rank)
    existing = state.melds[side][idx] if idx is not None else None
    others: dict[tuple[Card, ...], list[list[Group]]] = {}
    other_ranks = [r for r in ranks_in_hand if r != top.rank
                   and len(by_rank[r]) >= (3 if r == 3 else v.min_naturals)]
    most_others = _most_points(v, other_ranks, by_rank)
    for pair in _SUBS[pool, 2, 2]:
        n_wild = sum(1 for c in pair if c.rank in wild_ranks)
        if n_wild == 2 or (frozen and n_wild):
            continue
        # the top card and the pair: onto the side's group of that rank, or a new group
        if existing is not None:
            if not _extends(v, existing, 3 - n_wild, n_wild):
                continue
            was = 1 if len(existing.cards) >= size else 0
            top_canasta = (1 if len(existing.cards) + 3 >= size else 0) - was
        elif top.rank != 3:  # a new group: the verdict is arithmetic on the counts
            if not _group_ok(v, 3 - n_wild, n_wild):
                continue
            top_canasta = 1 if 3 >= size else 0
        else:
            made = v.make_meld((top, *pair))[0]
            if made is None:
                continue
            top_canasta = 1 if v.canasta_kind(made) else 0
        top_points = (top_value if v.opening_counts_pile_top else 0) + _points(values, pair)
        left = n_hand - 2 + taken - 1
        if (opened or top_points >= need) and (
                left >= 2 or not (ask_no or now + top_canasta < need_out)):
            out.append(_TAKES[pair, ()])
        if opened:
            continue
        rest_wilds = wilds
        if n_wild:  # the wild cards left once the pair's are taken
            left_wilds = list(wilds)
            for c in pair:
                if c.rank in wild_ranks:
                    left_wilds.remove(c)
            rest_wilds = tuple(left_wilds)
        # the other groups the hand could add (the same for every pair with these wild cards),
        # built only when every card of their ranks could reach the minimum
        rest_points = _points(values, rest_wilds)
        if top_points + most_others + rest_points < need:
            continue
        keyed = others.get(rest_wilds)
        if keyed is None:
            keyed = others[rest_wilds] = []
            for rank in other_ranks:
                gs = [g for g in _groups(v, rank, by_rank[rank], rest_wilds).groups if g.valid]
                if gs:
                    keyed.append(gs)
        for combo in _combos(keyed, rest_wilds, rest_points, 3, need - top_points):
            if any(g.is_group and g.rank in group_at for g in combo):
                continue
            left = n_hand - 2 - sum(len(g.cards) for g in combo) + taken - 1
            if left <= 1 and (ask_no or now + top_canasta + sum(g.canasta for g in combo) < need_out):
                continue
            out.append(_TAKES[pair, tuple(g.cards for g in combo)])
    if opened and existing is not None and not frozen and _extends(v, existing, 1, 0):
        left = n_hand + taken - 1
        grown = (1 if len(existing.cards) + 1 >= size else 0) - (1 if len(existing.cards) >= size else 0)
        if left >= 2 or not (ask_no or now + grown < need_out):
            out.append(TakePile(onto=RANK_TEXT[top.rank]))
    return out
