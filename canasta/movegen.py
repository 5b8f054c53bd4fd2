"""Legal actions: candidates generated from the hand and the table, kept when ``check`` allows.

A variant may compute the same list faster (:meth:`Variant.fast_legal_actions`, classic's in
:mod:`canasta.fastmoves`); the property tests hold the two equal.

``check`` stays the one source of truth; this module only proposes. Card order inside an action
is canonical (see :func:`canonical`), so two spellings of the same meld are one legal action.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from .actions import (
    Action,
    Add,
    Answer,
    AskPartner,
    Discard,
    Draw,
    Meld,
    NextHand,
    Pass,
    Swap,
    TakePile,
)
from .cards import RANK_TEXT, Card, sort_key
from .checks import check
from .fastmoves import CUT_MELD, Cut

if TYPE_CHECKING:
    from .state import State


def legal_actions(state: State) -> list[Action]:
    """The legal actions now, complete: the variant's fast path where it has one, else the
    checked list. Its cost grows with the sets of melds a side that has not opened could lay
    down together: a few hundred for a usual hand, but a hand of 27 cards (two players of
    rioplatense draw two cards a turn, so an unopened hand grows) has some 67,000 and one of
    35 millions. What a learner or a bot is shown comes from :func:`legal_listing`."""
    fast = state.variant.fast_legal_actions(state)
    return fast if fast is not None else checked_legal_actions(state)


def checked_legal_actions(state: State) -> list[Action]:
    """The definition of the legal actions: every candidate that ``check`` allows."""
    return [a for a in candidates(state) if check(state, a).allowed]


#: How many actions of each kind a listing holds by default: enough to count a learner's
#: choices exactly in all but the biggest hands ("more than 100" beyond).
LISTED = 100
#: How many actions of each kind a bot chooses among: every usual position's complete list.
BOT_LISTED = 1000


def kind_of(action: Action) -> str:
    """An action's kind, as actions are grouped for a learner: its type's name ('Meld')."""
    return type(action).__name__


class Listing:
    """The legal actions as a learner or a bot is given them: those of :func:`legal_actions`
    in its order, but at most ``per_kind`` of each kind (the first ones), with the kinds of
    which the complete list holds more (``more``). Where no kind has more, ``actions`` is the
    complete list."""

    def __init__(self, actions: list[Action], per_kind: int, more: frozenset[str]) -> None:
        self.actions = actions
        self.per_kind = per_kind
        self.more = more

    @property
    def complete(self) -> bool:
        """Whether ``actions`` is the complete list."""
        return not self.more

    def kinds(self) -> dict[str, list[Action]]:
        """The actions by kind, kinds in the order they first come."""
        out: dict[str, list[Action]] = {}
        for a in self.actions:
            out.setdefault(kind_of(a), []).append(a)
        return out

    def __len__(self) -> int:
        return len(self.actions)

    def __repr__(self) -> str:
        more = f", more {sorted(self.more)}" if self.more else ""
        return f"Listing({len(self.actions)} actions, {self.per_kind} per kind{more})"


def listing_of(actions: Listing | Sequence[Action]) -> Listing:
    """A listing as given, or a complete list as one."""
    if isinstance(actions, Listing):
        return actions
    return Listing(list(actions), max(1, len(actions)), frozenset())


def legal_listing(state: State, per_kind: int) -> Listing:
    """The first ``per_kind`` legal actions of each kind, in the order of
    :func:`legal_actions`, and which kinds have more, with bounded work: the searches for sets
    of melds laid down together stop after a few times ``per_kind`` sets (searched again
    further only when too few of those were legal), so a hand of 35 cards answers in well under
    a second where the complete list would take minutes. ``tests/test_listing.py`` holds it
    equal to the complete list's first actions of each kind."""
    moves = state.variant.fast_moves()
    limit = 4 * (per_kind + 1)
    while True:
        found = moves.bounded(state, limit) if moves is not None else None
        if found is not None:
            cut = moves.cut if moves is not None else False
        else:
            found, cut = _checked_bounded(state, limit)
        if not cut and len(found) <= per_kind:
            return Listing(list(found), per_kind, frozenset())
        listing = _listing(found, per_kind)
        if listing is not None:
            return listing
        limit *= 8


def _listing(found: list[Action], per_kind: int) -> Listing | None:
    """The listing of a bounded list, or None when a kind was cut before more than
    ``per_kind`` of its actions were found (whether it has more is not known yet)."""
    kept: list[Action] = []
    counts: dict[str, int] = {}
    more: set[str] = set()
    cut: set[str] = set()
    for a in found:
        if isinstance(a, Cut):
            cut.add(a.kind)
            continue
        k = kind_of(a)
        if k in cut:  # the complete list has the kind's other actions first
            continue
        n = counts.get(k, 0)
        if n < per_kind:
            kept.append(a)
            counts[k] = n + 1
        else:
            more.add(k)
    if any(k not in more for k in cut):
        return None
    return Listing(kept, per_kind, frozenset(more))


def _checked_bounded(state: State, limit: int) -> tuple[list[Action], bool]:
    """:func:`checked_legal_actions` with the search for first melds stopped after ``limit``
    candidates (a :class:`Cut` there), and whether it stopped. The candidates of a take with
    melds are all searched (the checked path answers only rare positions)."""
    found = [a for a in candidates(state, limit) if isinstance(a, Cut) or check(state, a).allowed]
    return found, any(isinstance(a, Cut) for a in found)


def canonical(a: Action, state: State | None = None) -> Action:
    """The same action with cards in hand order, without the player's name, and (given the
    state) with its meld target named by the meld's label."""
    a = a.without_player()
    if state is not None:
        a = state.variant.canonical_action(state, a)
    if isinstance(a, Meld):
        return Meld(groups=tuple(sorted((_sorted(g) for g in a.groups), key=_group_key)),
                    moved=a.moved, end=a.end)
    if isinstance(a, Add):
        return Add(cards=_sorted(a.cards), target=_target(state, a.target), moved=a.moved, end=a.end)
    if isinstance(a, Swap):
        return Swap(card=a.card, wild=a.wild, target=_target(state, a.target))
    if isinstance(a, TakePile):
        onto = _target(state, a.onto) if a.onto is not None else None
        return TakePile(with_cards=_sorted(a.with_cards), onto=onto, depth=a.depth,
                        extra=tuple(sorted((_sorted(g) for g in a.extra), key=_group_key)))
    return a


def _target(state: State | None, target: str) -> str:
    """The meld's label ('Owner:label' for another player's meld, where a variant allows it)."""
    if state is None:
        return target
    side = state.side_of(state.turn)
    loc = state.variant.locate_meld(state, side, target)
    if loc is None:
        return target
    owner, idx = loc
    label = state.melds[owner][idx].label
    if sum(1 for m in state.melds[owner] if m.label == label) > 1:
        label = f"#{idx + 1}"  # two melds alike (two runs of one span): named by number
    return label if owner == side else f"{state.names[state.sides[owner][0]]}:{label}"


def _sorted(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=sort_key))


def _group_key(g: Sequence[Card]) -> tuple[tuple[int, int], ...]:
    return tuple(sort_key(c) for c in g)


def submultisets(counter: Counter[Card], lo: int, hi: int) -> Iterator[tuple[Card, ...]]:
    """Every sub-multiset of ``counter`` with size in [lo, hi], cards in hand order."""
    faces = sorted(counter, key=sort_key)
    if len(faces) <= 1:  # the common case (copies of one face, or none): no product to build
        if not faces:
            if lo <= 0 <= hi:
                yield ()
            return
        f = faces[0]
        for k in range(max(lo, 0), min(counter[f], hi) + 1):
            yield (f,) * k
        return
    ranges = [range(min(counter[f], hi) + 1) for f in faces]
    for counts in itertools.product(*ranges):
        n = sum(counts)
        if lo <= n <= hi:
            yield tuple(f for f, k in zip(faces, counts, strict=True) for _ in range(k))


def group_candidates(state: State, hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """New groups that could be melded from ``hand`` (a superset; ``check`` decides)."""
    v = state.variant
    wilds = Counter(c for c in hand if v.is_wild(c))
    by_rank: dict[int, Counter[Card]] = {}
    for c in hand:
        if not v.is_wild(c):
            nats = by_rank.get(c.rank)
            if nats is None:  # not setdefault: that would build a Counter for every card
                nats = by_rank[c.rank] = Counter()
            nats[c] += 1
    out = []
    wild_subs = list(submultisets(wilds, 0, v.max_wilds))
    for rank in sorted(by_rank):
        nats = by_rank[rank]
        for nat in submultisets(nats, 1, sum(nats.values())):
            for w in wild_subs:
                if len(nat) + len(w) >= v.meld_min:
                    out.append(nat + w)
    return out


def candidate_melds(state: State, hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    return state.variant.candidate_melds(state, hand)


def _combos(state: State, groups: list[tuple[Card, ...]], hand: Sequence[Card],
            max_groups: int) -> Iterator[tuple[tuple[Card, ...], ...]]:
    """Sets of groups with distinct keys that the hand can supply together."""
    v = state.variant
    keyed: dict[object, list[tuple[Card, ...]]] = {}
    for g in groups:
        nat = next((c for c in g if not v.is_wild(c)), g[0])
        keyed.setdefault(nat.rank, []).append(g)
    keys = list(keyed)
    have = Counter(hand)

    def rec(i: int, chosen: list[tuple[Card, ...]], used: dict[Card, int]) -> Iterator[tuple[tuple[Card, ...], ...]]:
        if i == len(keys):
            if chosen:
                yield tuple(chosen)
            return
        yield from rec(i + 1, chosen, used)
        if len(chosen) >= max_groups:
            return
        for g in keyed[keys[i]]:
            # counted in a plain dict (Counter arithmetic is slow here, the innermost loop)
            need = dict(used)
            fits = True
            for c in g:
                n = need[c] = need.get(c, 0) + 1
                if n > have[c]:
                    fits = False
                    break
            if fits:
                chosen.append(g)
                yield from rec(i + 1, chosen, need)
                chosen.pop()

    yield from rec(0, [], {})


def candidates(state: State, limit: int = 0) -> list[Action]:
    """Every action worth asking ``check`` about; with a ``limit``, at most that many sets of
    first melds (a :class:`Cut` after them when there may be more)."""
    v = state.variant
    if state.phase == "game-over":
        return []
    if state.phase == "hand-over":
        return [NextHand()]
    if state.phase == "answer":
        return [Answer(yes=True), Answer(yes=False)]
    seat = state.turn
    side = state.side_of(seat)
    hand = state.hands[seat]
    out: list[Action] = []
    if state.phase == "draw":
        out.append(Draw())
        out.extend(v.take_candidates(state))
        if not state.stock:
            out.append(Pass())
        return out
    # only groups that are valid on their own can be part of a legal meld action
    groups = [g for g in candidate_melds(state, hand) if v.make_meld(g, going_out=True)[0] is not None]
    if state.opened[side]:
        out.extend(Meld(groups=(g,)) for g in groups)
    else:
        firsts = (Meld(groups=c) for c in _combos(state, groups, hand, len(hand))
                  if v.opening_reaches(state, side, c))
        if limit:
            kept = list(itertools.islice(firsts, limit))
            out.extend(kept)
            if len(kept) == limit:
                out.append(CUT_MELD)
        else:
            out.extend(firsts)
    out.extend(v.add_candidates(state))
    out.extend(v.swap_candidates(state))
    out.extend(Discard(card=c) for c in sorted(set(hand), key=sort_key))
    if v.ask_partner and state.partner_of(seat) is not None and not state.ask:
        out.append(AskPartner())
    if state.extra.get("last_red_three"):
        out.append(Pass())
    return out


def take_candidates(state: State) -> list[Action]:
    """Ways to take the pile: the top card with two cards from the hand, onto a meld, and (for a
    side that has not opened) extra melds from the hand at the same time."""
    v = state.variant
    if not state.pile:
        return []
    top = state.pile[-1]
    seat = state.turn
    side = state.side_of(seat)
    hand = state.hands[seat]
    if v.is_wild(top):
        return []
    pool = Counter(c for c in hand if v.is_wild(c) or c.rank == top.rank)
    out: list[Action] = []
    most = sum(pool.values()) if v.pile_meld_more else 2  # the pair, or more with it
    pairs = [p for p in submultisets(pool, 2, most) if any(not v.is_wild(c) for c in p)]
    for p in pairs:
        out.append(TakePile(with_cards=p))
        if not state.opened[side]:
            rest = list(hand)
            for c in p:
                rest.remove(c)
            groups = [g for g in candidate_melds(state, rest)
                      if all(v.is_wild(c) or c.rank != top.rank for c in g)
                      and v.make_meld(g)[0] is not None]
            out.extend(TakePile(with_cards=p, extra=c) for c in _combos(state, groups, rest, len(rest)))
    if state.opened[side] and state.find_meld(side, RANK_TEXT[top.rank]) is not None:
        out.append(TakePile(onto=RANK_TEXT[top.rank]))
    return out


def add_candidates(state: State) -> list[Action]:
    """Lay-offs onto the side's groups: naturals of the rank and wild cards."""
    v = state.variant
    seat = state.turn
    side = state.side_of(seat)
    hand = state.hands[seat]
    wilds = Counter(c for c in hand if v.is_wild(c))
    out: list[Action] = []
    for m in state.melds[side]:
        if m.kind != "group":
            continue
        nats = Counter(c for c in hand if not v.is_wild(c) and c.rank == m.key)
        room = max(0, v.max_wilds - m.wilds)
        wild_subs = list(submultisets(wilds, 0, room))  # once per meld, not once per natural set
        for nat in submultisets(nats, 0, sum(nats.values())):
            for w in wild_subs:
                if nat or w:
                    out.append(Add(cards=nat + w, target=m.label))
    return out
