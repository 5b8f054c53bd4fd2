"""Every action ``check`` allows in a position, found by brute force over the sub-multisets of the
hand, without the variants' candidate hooks (``candidate_melds``, ``take_candidates``,
``add_candidates``) that the checked list and the fast lists are built on.

What is tried, in the draw and play phases:

* every sub-multiset of the hand as one new meld (and, with a 2 in it, that 2 sent to either
  end); sets of two melds laid down together from the groups ``make_meld`` accepts, and sets of
  any size for a side that has not opened;
* every sub-multiset of the hand's cards that could join a meld (of its rank or suit, or wild)
  laid off onto every meld on the table (each 2 of the lay-off or of the run sent to either end);
* the pile taken at every depth: as it is, onto every meld, with every sub-multiset of the hand's
  cards of the entry card's rank (or suit) and wild cards, and with any set of the melds
  ``make_meld`` accepts from the rest of the hand (the hand with the cards above the one gone
  in for, where the variant says they join it first);
* every discard, swap, draw, pass and question.

Each is judged by ``check``; the answer is the set of canonical texts allowed. A position whose
tries would exceed ``budget`` answers None (the caller counts how many it could judge)."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence

import canasta
from canasta.actions import (
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
from canasta.cards import Card, sort_key
from canasta.melds import Meld as TableMeld
from canasta.movegen import canonical

ENDS = ("start", "end")


class OverBudget(Exception):
    """More tries than the budget allows."""


def sub_multisets(cards: Sequence[Card], lo: int = 0, hi: int | None = None
                  ) -> Iterator[tuple[Card, ...]]:
    """Every sub-multiset of ``cards`` with a size in [lo, hi], cards in hand order."""
    counts = Counter(cards)
    faces = sorted(counts, key=sort_key)
    top = len(cards) if hi is None else hi
    for picked in itertools.product(*(range(counts[f] + 1) for f in faces)):
        if lo <= sum(picked) <= top:
            yield tuple(f for f, k in zip(faces, picked, strict=True) for _ in range(k))


def _without(hand: Sequence[Card], cards: Sequence[Card]) -> list[Card]:
    rest = list(hand)
    for c in cards:
        rest.remove(c)
    return rest


def _joins(v: canasta.Variant, c: Card, meld_kind: str, key: object) -> bool:
    """Whether ``c`` could be a card of a meld of this kind and key: wild cards and 2s (a run's
    natural 2) anywhere, else its rank (groups) or suit (runs)."""
    if v.is_wild(c) or c.rank == 2:
        return True
    if meld_kind == "run":
        return c.suit == key
    if meld_kind == "group":
        return c.rank == key
    return False


def _sets(groups: list[tuple[Card, ...]], hand: Sequence[Card], most: int
          ) -> Iterator[tuple[tuple[Card, ...], ...]]:
    """Sets of two to ``most`` of ``groups`` that the hand can supply together."""
    have = Counter(hand)

    def rec(start: int, chosen: list[tuple[Card, ...]], used: Counter[Card]
            ) -> Iterator[tuple[tuple[Card, ...], ...]]:
        if len(chosen) >= 2:
            yield tuple(chosen)
        if len(chosen) == most:
            return
        for i in range(start, len(groups)):
            need = used + Counter(groups[i])
            if all(need[c] <= have[c] for c in groups[i]):
                chosen.append(groups[i])
                yield from rec(i, chosen, need)  # the same group twice where the hand has it
                chosen.pop()

    yield from rec(0, [], Counter())


class Judge:
    """``check`` over the tries, kept as canonical texts, within a budget."""

    def __init__(self, state: canasta.State, budget: int) -> None:
        self.state, self.budget = state, budget
        self.tried: set[Action] = set()
        self.allowed: set[str] = set()

    def __call__(self, a: Action) -> bool:
        if a in self.tried:
            return False
        if len(self.tried) >= self.budget:
            raise OverBudget
        self.tried.add(a)
        if self.state.check(a).allowed:
            self.allowed.add(canonical(a, self.state).text)
            return True
        return False


def _targets(state: canasta.State) -> list[tuple[str, TableMeld]]:
    """Every meld on the table, named as the player to move names it."""
    side = state.side_of(state.turn)
    return [(f"#{i + 1}" if s == side else f"{state.names[state.sides[s][0]]}:#{i + 1}", m)
            for s, melds in enumerate(state.melds) for i, m in enumerate(melds)]


def allowed_actions(state: canasta.State, budget: int = 30_000) -> set[str] | None:
    """The canonical texts of every action ``check`` allows now, or None over ``budget`` tries
    (a hand with more sub-multisets than half the budget answers None at once)."""
    subsets = 1
    for k in Counter(state.hands[state.turn]).values():
        subsets *= k + 1
    if subsets > budget // 2:
        return None
    judge = Judge(state, budget)
    try:
        _try_all(state, judge)
    except OverBudget:
        return None
    return judge.allowed


def _try_all(state: canasta.State, judge: Judge) -> None:
    v = state.variant
    if state.phase == "game-over":
        return
    if state.phase == "hand-over":
        judge(NextHand())
        return
    if state.phase == "answer":
        judge(Answer(yes=True))
        judge(Answer(yes=False))
        return
    hand = state.hands[state.turn]
    side = state.side_of(state.turn)
    for a in (Draw(), Pass(), AskPartner(), *(Discard(card=c) for c in set(hand))):
        judge(a)
    targets = _targets(state)
    # new melds: every sub-multiset alone, a 2 in it sent to either end
    valid: list[tuple[Card, ...]] = []
    for g in sub_multisets(hand, 1):
        judge(Meld(groups=(g,)))
        for two in {c for c in g if c.rank == 2}:
            for end in ENDS:
                judge(Meld(groups=(g,), moved=two, end=end))
        if len(g) >= 3 and v.make_meld(g, going_out=True)[0] is not None:
            valid.append(g)
    most = len(hand) if not state.opened[side] else 2
    for gs in _sets(valid, hand, most):
        judge(Meld(groups=gs))
    # lay-offs onto every meld on the table
    for target, m in targets:
        fit = [c for c in hand if _joins(v, c, m.kind, m.key)]
        table_twos = {c for c in m.cards if c.rank == 2}
        for cards in sub_multisets(fit, 1):
            judge(Add(cards=cards, target=target))
            for two in {c for c in cards if c.rank == 2} | table_twos:
                for end in ENDS:
                    judge(Add(cards=cards, target=target, moved=two, end=end))
        for wild in {c for c in m.cards if v.is_wild(c)}:
            for c in set(hand):
                judge(Swap(card=c, wild=wild, target=target))
    # the pile, at every depth
    for depth in range(1, len(state.pile) + 1):
        entry = state.pile[-depth]
        judge(TakePile(depth=depth))
        for target, _ in targets:
            judge(TakePile(onto=target, depth=depth))
        kind = "run" if any(m.kind == "run" for _, m in targets) or v.name == "real" else "group"
        key = entry.suit if kind == "run" else entry.rank
        # where the cards above the one gone in for join the hand first, they are tried too
        held, groups = list(hand), valid
        if v.entry_with_cards_above and depth > 1:
            held += state.pile[-depth + 1:]
            groups = [g for g in sub_multisets(held, 3)
                      if v.make_meld(g, going_out=True)[0] is not None]
        fit = [c for c in held if _joins(v, c, kind, key)]
        for with_cards in sub_multisets(fit, 1):
            judge(TakePile(with_cards=with_cards, depth=depth))
            if state.opened[side]:
                continue
            rest = _without(held, with_cards)
            extra = [g for g in groups if not Counter(g) - Counter(rest)]
            for g in extra:
                judge(TakePile(with_cards=with_cards, extra=(g,), depth=depth))
            for gs in _sets(extra, rest, len(rest)):
                judge(TakePile(with_cards=with_cards, extra=gs, depth=depth))


__all__ = ["allowed_actions", "sub_multisets"]
