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

if TYPE_CHECKING:
    from .state import State


def legal_actions(state: State) -> list[Action]:
    """The legal actions now: the variant's fast path where it has one, else the checked list."""
    fast = state.variant.fast_legal_actions(state)
    return fast if fast is not None else checked_legal_actions(state)


def checked_legal_actions(state: State) -> list[Action]:
    """The definition of the legal actions: every candidate that ``check`` allows."""
    return [a for a in candidates(state) if check(state, a).allowed]


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


def candidates(state: State) -> list[Action]:
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
        out.extend(Meld(groups=c) for c in _combos(state, groups, hand, 4)
                   if v.opening_reaches(state, side, c))
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
    pairs = [p for p in submultisets(pool, 2, 2) if any(not v.is_wild(c) for c in p)]
    for p in pairs:
        out.append(TakePile(with_cards=p))
        if not state.opened[side]:
            rest = list(hand)
            for c in p:
                rest.remove(c)
            groups = [g for g in candidate_melds(state, rest)
                      if all(v.is_wild(c) or c.rank != top.rank for c in g)
                      and v.make_meld(g)[0] is not None]
            out.extend(TakePile(with_cards=p, extra=c) for c in _combos(state, groups, rest, 3))
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
