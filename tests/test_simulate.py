"""Random complete hands: every card accounted for after every action, every game finishes."""

from __future__ import annotations

import pytest

from canasta.simulate import simulate


def test_300_random_classic_hands_keep_every_card() -> None:
    total = 0
    seed = 0
    while total < 300:
        r = simulate("classic", games=5, seed=seed)
        assert r.violations == []
        total += r.hands
        seed += 1
    assert total >= 300


def test_simulate_reports_its_figures() -> None:
    r = simulate("classic", games=2, seed=1)
    d = r.to_dict()
    assert d["games"] == 2 and d["violations"] == 0
    assert d["hands"] >= 2 and d["decisions"] > 100


@pytest.mark.long
def test_long_random_play_10000_hands_classic() -> None:
    total = 0
    seed = 1000
    while total < 10_000:
        r = simulate("classic", games=20, seed=seed)
        assert r.violations == []
        total += r.hands
        seed += 1


@pytest.mark.parametrize("variant", ["americana", "real"])
def test_thrifty_bots_play_every_game_to_its_end(variant: str) -> None:
    """Random play rarely ends a game of these two; thrifty bots end each one, every card
    accounted for and the fast legal actions equal to the checked ones along the way."""
    r = simulate(variant, games=2, seed=3, bot="thrifty")
    assert r.violations == [] and r.unfinished == 0
    assert r.games == 2 and r.bot == "thrifty"
    assert r.decisions < 2 * 3000, r.decisions  # a few hundred decisions a game, not thousands


def test_thrifty_bots_lay_down_no_meld_that_costs_short_of_a_canasta() -> None:
    """In Americana the thrifty bot starts no meld of sevens, clean aces or wild cards alone
    unless it is a canasta at once, and keeps its threes until its pair can go out."""
    import canasta
    from canasta.actions import Meld
    from canasta.bots import ThriftyBot
    from canasta.situation import situation

    state = situation("americana", hands={"Tú": "7♥ 7♦ 7♣ 3♥ 5♠ 9♣ 9♦ 9♠ K♣"},
                      melds={"Bo": ["Q♦ Q♠ Q♥", "9♥ 9♠ 9♦"]}, phase="play", turn="Tú")
    legal = [a.text for a in state.legal_actions()]
    assert "meld 7♣ 7♦ 7♥" in legal and "meld 3♥" in legal  # both allowed …
    choice = ThriftyBot(0).choose(state)
    assert isinstance(choice, canasta.Action)
    assert choice.text not in ("meld 7♣ 7♦ 7♥", "meld 3♥")  # … neither chosen
    assert isinstance(choice, Meld) or choice.text.startswith(("add", "discard"))
