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


# ---- purpose-built situations: the contract where random play seldom goes -------------------------

import itertools  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent))
from built_states import built_states  # noqa: E402
from built_states import probes as built_probes  # noqa: E402


def _exhaustive(state: canasta.State) -> list[canasta.Action]:
    """Every meld and lay-off a small hand could try (each 2 sent to either end, too), onto every
    meld on the table."""
    hand = sorted(state.hands[state.turn])
    targets = [(f"#{i + 1}" if s == state.side_of(state.turn) else
                f"{state.names[state.sides[s][0]]}:#{i + 1}", m)
               for s, melds in enumerate(state.melds) for i, m in enumerate(melds)]
    out: list[canasta.Action] = []
    for n in range(1, len(hand) + 1):
        for cards in set(itertools.combinations(hand, n)):
            out.append(Meld(groups=(cards,)))
            twos = {c for c in cards if c.rank == 2}
            out += [Meld(groups=(cards,), moved=t, end=e) for t in twos for e in ("start", "end")]
            for target, m in targets:
                out.append(Add(cards=cards, target=target))
                for t in twos | {c for c in m.cards if c.rank == 2}:
                    out += [Add(cards=cards, target=target, moved=t, end=e) for e in ("start", "end")]
    return out


def _holds(state: canasta.State, tries: list[canasta.Action]) -> int:
    """legal_actions() is exactly what check allows among ``tries`` (and never says one action
    twice); returns how many of the tries were allowed."""
    legal = state.legal_actions()
    texts = [canonical(a, state).text for a in legal]
    assert len(set(texts)) == len(texts), ("an action listed twice", texts)
    for a in legal:
        assert state.check(a).allowed, a.text
    allowed = 0
    for a in tries:
        if state.check(a).allowed:
            allowed += 1
            assert canonical(a, state).text in texts, f"{a.text} allowed but not in legal_actions()"
    return allowed


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_legal_actions_are_what_check_allows_in_built_situations(variant: str, request) -> None:
    count = 400 if request.config.getoption("--long") else 60
    allowed = 0
    for i, state in enumerate(built_states(variant, count, seed=7)):
        tries = built_probes(state, random.Random(i))
        if state.phase == "play" and len(state.hands[state.turn]) <= 6:
            tries += _exhaustive(state)
        allowed += _holds(state, tries)
    assert allowed > count  # the probes met allowed actions, not only refusals


def test_a_yes_binds_where_the_search_answers_going_out() -> None:
    """Variants without classic's count of going out (here rioplatense with the house rule of
    asking the partner) search the allowed plays: the same contract, and a yes binds."""
    from canasta.situation import situation

    v = canasta.find_variant("rioplatense").with_options(origin="test", ask_partner=True)
    state = situation(v, hands={"Tú": "Q♠ Q♥ Q♣ 5♦ 5♣ 2♣ 4♠", "Ada": "8♣ 9♦"},
                      melds={"Bo": ["K♦ K♠ K♥ K♣ K♦ K♠ K♥"]}, phase="play")
    assert state.check("ask partner").allowed
    state.apply("ask partner")
    state.apply("answer yes")
    assert state.check("discard 4♠").rule == "out.partner-said-yes"
    assert state.check("add 2♣ to K").rule == "out.partner-said-yes"
    _holds(state, built_probes(state, random.Random(1)) + _exhaustive(state)[:400])
    while state.phase == "play":
        state.apply(state.legal_actions()[0])
    assert state.results[-1].ended.rule == "end.went-out"
    unable = situation(v, hands={"Tú": "Q♠ 5♦ 4♠", "Ada": "8♣ 9♦"},
                       melds={"Bo": ["K♦ K♠ K♥ K♣ K♦ K♠ K♥"]}, phase="play")
    assert unable.check("ask partner").rule == "out.ask-unable"
