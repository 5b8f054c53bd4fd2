"""Dealing, the upcard, replays and determinism of classic games."""

from __future__ import annotations

import pytest

import canasta
from canasta.situation import situation


def test_deal_events_explain_the_deal_and_the_upcard() -> None:
    state = canasta.new_game("classic", seed=1)
    rules = [e.rule for e in state.deal_events]
    assert rules[:2] == ["deal.hands", "deal.upcard"]
    assert state.deal_events[0].message() == (
        "Hand 1: Cleo deals 11 cards to each of the 4 players; you play first.")
    assert state.deal_events[0].message("es") == (
        "Mano 1: reparte Cleo, 11 cartas a cada uno de los 4 jugadores; empiezas tú.")
    # seed 1 turns a joker up: it is covered by the next card and the pile is frozen
    assert [c.text for c in state.pile] == ["JK", "Q♠"]
    assert state.deal_events[1].message() == ("The pile starts with Q♠ face up, covering JK, and "
                                              "it is frozen.")
    assert state.pile_frozen == 1
    assert all(e.rule == "threes.red-laid-out" for e in state.deal_events[2:])
    assert all(len(h) == 11 for h in state.hands)
    assert state.conservation_errors() == []


def test_same_seed_same_game_and_replay_reproduces_every_state() -> None:
    from canasta.bots import RandomBot

    a = canasta.new_game("classic", seed=42)
    bot = RandomBot(3)
    for _ in range(150):
        if a.is_over:
            break
        a.apply(bot.choose(a))
    b = canasta.replay(canasta.new_game("classic", seed=42), [s.action for s in a.history])
    assert b.to_dict() == a.to_dict()
    texts = [s.action.text for s in a.history]
    c = canasta.replay(canasta.new_game("classic", seed=42), texts)
    assert c.to_dict() == a.to_dict()


def test_copy_is_independent() -> None:
    a = canasta.new_game("classic", seed=5)
    b = a.copy()
    b.apply("draw")
    assert a.phase == "draw" and b.phase == "play"
    assert len(a.hands[0]) == 11 and len(b.hands[0]) == 12


def test_meld_valid_sub_reason_lists_naturals_and_wilds() -> None:
    state = situation("classic", hands={"Tú": "K♠ K♥ K♣ 8♦ 8♠ 2♣ JK A♦ 6♥ 4♠ 9♣"}, phase="play")
    exp = state.check("meld K♠ K♥ K♣ / 8♦ 8♠ 2♣")
    valid = [e for e in exp.walk() if e.rule == "meld.valid"]
    assert [e.message() for e in valid] == [
        "K♣ K♥ K♠ is a valid meld of kings: 3 natural cards and no wild card.",
        "8♦ 8♠ 2♣ is a valid meld of eights: 2 natural cards and one wild card.",
    ]


def test_answer_and_late_question() -> None:
    state = situation("classic", hands={"Tú": "4♠ 5♠"}, phase="play",
                      melds={"Bo": ["K♠ K♥ K♣ K♦ K♠ K♥ K♣", "5♥ 5♦ 5♣"]})
    state.apply("ask partner")
    exp = state.check("answer yes")
    assert (exp.rule, exp.allowed, exp.message()) == ("out.ask-partner", True, "Bo answers you: "
                                                                               "'yes'.")
    late = situation("classic", hands={"Tú": "4♠"}, phase="play").check("ask partner")
    assert (late.rule, late.allowed) == ("out.ask-late", False)
    assert late.message() == ("You can no longer ask Bo: with one card left a 'no' could not be "
                              "obeyed.")


def test_going_out_by_discard_and_totals() -> None:
    state = situation("classic", hands={"Tú": "4♠"}, melds={"Bo": ["K♠ K♥ K♣ K♦ K♠ K♥ K♣"]}, phase="play")
    exp = state.apply("discard 4♠")
    assert (exp.rule, exp.message()) == ("discard.out", "You discard the last card, 4♠, and "
                                                        "empty the hand.")
    totals = [e for e in state.history[-1].events if e.rule == "score.total"]
    assert [e.message() for e in totals] == [
        "Your side scores 670 this hand; total 670.",
        "Ada and Cleo's side scores 0 this hand; total 0.",
    ]


def test_fixed_deal_is_validated() -> None:
    with pytest.raises(canasta.RecordError, match="more copies than the pack holds: JK ×5"):
        canasta.new_game("classic", deals=[{"hands": {n: ["JK"] * 5 if n == "Tú" else []
                                                       for n in ("Tú", "Ada", "Bo", "Cleo")},
                                            "stock": []}])
    with pytest.raises(canasta.RecordError, match=r"deal.hands.Ada\[0\]: not a card: 'ZZ'"):
        canasta.new_game("classic", deals=[{"hands": {"Tú": [], "Ada": ["ZZ"], "Bo": [], "Cleo": []},
                                            "stock": []}])


def test_unknown_and_planned_variants() -> None:
    with pytest.raises(canasta.VariantError, match="unknown variant 'gin'"):
        canasta.find_variant("gin")
    assert canasta.find_variant("Clásica").name == "classic"
    with pytest.raises(canasta.VariantError, match="played by 4 players, not 3"):
        canasta.new_game("classic", players=3)
