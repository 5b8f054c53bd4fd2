"""GreedyBot: it chooses only among the legal actions, and in Canasta Real (where the whole pile
may always be taken) it takes the pile only when the top card helps a meld, so hands end."""

from __future__ import annotations

import pytest

from canasta.actions import Draw, TakePile
from canasta.bots import GreedyBot
from canasta.game import new_game
from canasta.situation import situation


def test_real_pile_taken_only_when_its_top_card_helps_a_meld() -> None:
    helps = situation("real", hands={"Tú": "7♠ 8♠ 4♦ K♣"}, pile="5♥ 9♠")
    assert TakePile() in helps.legal_actions()
    assert GreedyBot().choose(helps) == TakePile()  # 7♠ 8♠ 9♠ becomes a run
    useless = situation("real", hands={"Tú": "7♠ 8♠ 4♦ K♣"}, pile="5♥ Q♥")
    assert TakePile() in useless.legal_actions()
    assert GreedyBot().choose(useless) == Draw()


def test_classic_takes_that_meld_the_top_card_are_still_preferred() -> None:
    state = situation("classic", hands={"Tú": "9♠ 9♦ 5♥ 7♣"}, pile="4♣ 9♥",
                      melds={"Tú": ["K♠ K♥ K♣"]})
    choice = GreedyBot().choose(state)
    assert isinstance(choice, TakePile) and choice.with_cards
    assert choice in state.legal_actions()


@pytest.mark.parametrize("variant", ["real", "americana"])
def test_greedy_bots_play_a_hand_to_its_end(variant: str) -> None:
    state = new_game(variant, seed=0)
    bots = [GreedyBot(seat) for seat in range(state.players)]
    for _ in range(600):
        if state.hand_over:
            break
        action = bots[state.actor].choose(state)
        assert action in state.legal_actions()
        state.apply(action)
    assert state.hand_over and state.last_result is not None
    assert state.last_result.ended.rule in ("end.went-out", "end.stock-exhausted")
    assert state.conservation_errors() == []
