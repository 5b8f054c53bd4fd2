"""``State.play``: the same game as ``apply`` with each explanation built when it is read."""

from __future__ import annotations

import random

import pytest

import canasta
from canasta.actions import Discard, Meld
from canasta.bots import GreedyBot, RandomBot
from canasta.errors import IllegalActionError
from canasta.situation import situation
from canasta.variants import VARIANTS


@pytest.mark.parametrize("variant", [v.name for v in VARIANTS])
def test_play_reaches_the_same_states_and_explains_the_same_on_demand(variant: str) -> None:
    applied = canasta.new_game(variant, seed=11)
    played = canasta.new_game(variant, seed=11)
    rng = random.Random(11)
    bots = (RandomBot(11), GreedyBot(11))
    for _ in range(900):
        if applied.is_over:
            break
        action = bots[rng.random() < 0.5].choose(applied)
        applied.apply(action)
        step = played.play(action)
        assert step is played.history[-1] and step.action == action
        assert played.to_dict() == applied.to_dict()
        assert [e.to_dict() for e in step.events] == [e.to_dict() for e in applied.history[-1].events]
    # read in reverse (later hands first): each one is rebuilt from its own hand
    for mine, theirs in reversed(list(zip(played.history, applied.history, strict=True))):
        assert mine.explanation == theirs.explanation, mine.action.text
    assert played.conservation_errors() == []


def test_an_illegal_play_raises_and_changes_nothing() -> None:
    state = canasta.new_game("classic", seed=2)
    before = state.to_dict()
    with pytest.raises(IllegalActionError) as err:
        state.play(Discard(card=state.hands[state.turn][0]))  # before drawing
    assert err.value.explanation.rule == "turn.draw-first"
    assert state.to_dict() == before and state.history == []


def test_a_spelling_that_is_not_in_the_list_goes_through_the_checks() -> None:
    state = canasta.new_game("classic", seed=2)
    step = state.play(f"{state.player}: draw")
    assert step.explanation.rule == "draw.stock"  # built at once: the checked path
    assert step.action.text.endswith("draw")


def test_a_concealed_going_out_scores_its_bonus_when_played() -> None:
    state = situation("classic", hands={"Tú": "Q♠ Q♥ Q♣ Q♦ Q♠ Q♥ Q♣ 5♦"}, phase="play", turn="Tú")
    meld = next(a for a in state.legal_actions() if isinstance(a, Meld) and len(a.groups[0]) == 7)
    state.play(meld)
    state.play(Discard(card=canasta.parse_card("5♦")))
    lines = [(e.rule, p) for p, e in state.results[-1].side_lines(0)]
    assert lines == [("score.going-out", 100), ("score.concealed", 100), ("score.canasta", 500),
                     ("score.meld-cards", 70)]
    assert [s.explanation.rule for s in state.history] == ["meld.ok", "discard.out"]


def test_a_list_made_stale_by_changing_the_state_by_hand_is_not_trusted() -> None:
    state = canasta.new_game("classic", seed=5)
    state.play(state.legal_actions()[0])  # draw
    seat = state.turn
    discard = next(a for a in state.legal_actions() if isinstance(a, Discard))
    assert discard.card is not None
    while discard.card in state.hands[seat]:  # the card leaves the hand behind the engine's back
        state.hands[seat].remove(discard.card)
        state.stock.append(discard.card)
    before = state.to_dict()
    with pytest.raises(IllegalActionError) as err:
        state.play(discard)
    assert err.value.explanation.rule == "hand.has-cards"
    assert state.to_dict() == before
    assert discard not in state.legal_actions()
