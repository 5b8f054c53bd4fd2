"""Canasta Americana in random play: every card accounted for after every action, threes laid down
and replaced, each ala taken at most once (one per pair out of the hoyo) and added exactly once,
and every rule the engine explains has a source."""

from __future__ import annotations

import pytest

import canasta
from canasta.actions import Meld
from canasta.bots import GreedyBot, RandomBot
from canasta.simulate import simulate


def play_hand(seed: int, bot: RandomBot | GreedyBot) -> canasta.State:
    """One hand, checking the invariants after every action."""
    state = canasta.new_game("americana", seed=seed)
    known = set(state.variant.rule_ids())
    holders: list[int] = [-1, -1]
    added = [0, 0]
    while not state.hand_over:
        action = bot.choose(state)
        seat = state.turn
        size = len(state.hands[seat])
        stock = len(state.stock)
        state.apply(action)
        step = state.history[-1]
        assert state.conservation_errors() == [], (seed, action.text)
        for top in (step.explanation, *step.events):
            assert {e.rule for e in top.walk()} <= known, (seed, action.text)
        # threes laid down are replaced one for one from the stock
        if isinstance(action, Meld) and all(c.rank == 3 for g in action.groups for c in g):
            laid = sum(len(g) for g in action.groups)
            assert len(state.hands[seat]) == size and len(state.stock) == stock - laid
            assert sum(1 for m in state.melds[state.side_of(seat)] if m.kind == "threes") == 1
        # an ala, once taken, keeps its holder; it joins the holder's hand exactly once
        now = state.extra["ala_seat"]
        for i in (0, 1):
            assert holders[i] in (-1, now[i])
        holders = list(now)
        for e in step.events:
            if e.rule == "ala.added":
                i = holders.index(state.turn)
                added[i] += 1
                assert e.facts["count"] == (4, 3)[i]
    assert holders[1] == -1 or holders[0] != -1  # the four-card ala goes first
    sides_with_ala = [state.side_of(h) for h in holders if h != -1]
    assert len(sides_with_ala) == len(set(sides_with_ala))  # one ala per pair
    for side in (0, 1):
        out = any(m.kind not in ("threes", "special-hand") for m in state.melds[side])
        assert (side in sides_with_ala) == (out and not _special(state, side))
    assert all(n <= 1 for n in added)
    for i in (0, 1):
        assert (state.extra["alas_piles"][i] == []) == (added[i] == 1)
    for r in state.results:
        for _, _, e in r.lines:
            assert e.rule in known
    return state


def _special(state: canasta.State, side: int) -> bool:
    return any(m.kind == "special-hand" for m in state.melds[side])


@pytest.mark.parametrize("seed", range(6))
def test_random_hands_keep_every_invariant(seed: int) -> None:
    play_hand(seed, RandomBot(seed))


@pytest.mark.parametrize("seed", range(6))
def test_greedy_hands_keep_every_invariant(seed: int) -> None:
    state = play_hand(seed, GreedyBot(seed))
    assert state.last_result is not None


def test_simulate_reports_no_violations() -> None:
    res = simulate("americana", 8, 11, max_hands=1)
    assert res.hands == 8 and res.violations == []


@pytest.mark.long
def test_long_random_play_americana() -> None:
    res = simulate("americana", 200, 5, max_hands=2)
    assert res.violations == []
