"""Properties on random reachable states: legal_actions() is exactly what check() allows, refused
actions change nothing, and every card stays accounted for."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import canasta
from canasta.actions import Add, Discard, Meld, Swap, TakePile
from canasta.bots import RandomBot
from canasta.cards import ALL_FACES, Card
from canasta.movegen import canonical
from canasta.variants import VARIANTS

VARIANT_NAMES = [v.name for v in VARIANTS]


def reachable(variant: str, seed: int, steps: int, players: int | None = None) -> canasta.State:
    state = canasta.new_game(variant, seed=seed, players=players)
    bot = RandomBot(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(bot.choose(state))
    return state


def probes(state: canasta.State, rng: random.Random) -> list[canasta.Action]:
    """Actions that may or may not be legal: random subsets of the hand, any discard, any target."""
    hand = state.hands[state.turn]
    out: list[canasta.Action] = [Discard(card=c) for c in ALL_FACES]
    for _ in range(40):
        k = rng.randint(1, min(7, len(hand))) if hand else 0
        cards = tuple(rng.sample(hand, k)) if k else ()
        out.append(Meld(groups=(cards,)))
        if len(hand) >= 4:
            rest = list(hand)
            for c in cards:
                rest.remove(c)
            if len(rest) >= 3:
                out.append(Meld(groups=(cards, tuple(rng.sample(rest, 3)))))
        target = rng.choice(["A", "K", "7", "8", "#1", "#2", "Q", "3"])
        out.append(Add(cards=cards[:3], target=target))
        out.append(TakePile(with_cards=cards[:2]))
        out.append(TakePile(onto=target))
        if cards:
            out.append(Swap(card=cards[0], wild=Card.parse(rng.choice(["JK", "2♣", "2♥"])),
                            target=target))
    return out


@settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(variant=st.sampled_from(VARIANT_NAMES), seed=st.integers(0, 10_000), steps=st.integers(0, 160),
       probe_seed=st.integers(0, 1000))
def test_legal_actions_are_exactly_what_check_allows(variant: str, seed: int, steps: int,
                                                     probe_seed: int) -> None:
    state = reachable(variant, seed, steps)
    legal = state.legal_actions()
    legal_set = {canonical(a, state).text for a in legal}
    assert len(legal_set) == len(legal), "duplicate legal actions"
    for a in legal:
        assert state.check(a).allowed, a.text
    for a in probes(state, random.Random(probe_seed)):
        exp = state.check(a)
        if exp.allowed:
            assert canonical(a, state).text in legal_set, f"{a.text} allowed but not in legal_actions()"


@settings(max_examples=20, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(variant=st.sampled_from(VARIANT_NAMES), seed=st.integers(0, 10_000), steps=st.integers(0, 120),
       probe_seed=st.integers(0, 1000))
def test_refused_apply_leaves_the_state_identical(variant: str, seed: int, steps: int,
                                                  probe_seed: int) -> None:
    state = reachable(variant, seed, steps)
    before = state.to_dict()
    refused = [a for a in probes(state, random.Random(probe_seed)) if not state.check(a).allowed]
    for a in refused[:25]:
        try:
            state.apply(a)
        except canasta.IllegalActionError as e:
            assert e.explanation.allowed is False
            assert e.explanation.rule
        else:  # pragma: no cover - would be a bug
            raise AssertionError(f"{a.text} was applied although check refused it")
        assert state.to_dict() == before
