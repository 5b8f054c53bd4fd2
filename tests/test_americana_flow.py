"""Canasta Americana: how a hand flows and ends (going out, empty stock), the game's end, the
registry, and the legal actions in the variant's own situations."""

from __future__ import annotations

import canasta
from canasta.movegen import canonical
from canasta.situation import situation
from canasta.words import note_text

TWO_CANASTAS = {"Bo": ["6♦ 6♠ 6♥ 6♣ 6♦ 6♠ 6♥", "9♥ 9♠ 9♦ 9♣ 9♥ 9♠ 2♦"]}


def test_registered_by_name_and_aliases() -> None:
    v = canasta.find_variant("Canasta Americana")
    assert v.name == "americana" and canasta.find_variant("000") is v
    assert v.cards_dealt == 13 and not v.upcard and v.target == 8500
    assert "americana" in canasta.variants.variant_names()
    entries = {e.id: e for e in canasta.rules("americana")}
    assert entries["special.hand"].source.ref == "000_94787a1645f201d9.txt"
    assert "jokers" in note_text(entries["special.hand"].source.note, "en")


def test_going_out_with_a_final_discard_ends_and_scores_the_hand() -> None:
    state = situation("americana", hands={"Tú": "K♠ K♥ K♣ 5♥", "Ada": "8♣ 8♦", "Cleo": "4♦"},
                      melds=TWO_CANASTAS, pile="4♥", phase="play")
    meld = state.check("meld K♠ K♥ K♣")
    assert meld.allowed and [e.rule for e in meld.because] == ["meld.valid"]
    state.apply("meld K♠ K♥ K♣")
    exp = state.apply("discard 5♥")
    assert exp.rule == "discard.out" and exp.because[0].rule == "out.went-out"
    assert exp.because[0].message() == "You go out: your side has 2 canastas, and 2 are needed."
    result = state.last_result
    assert result is not None and result.ended.rule == "end.went-out"
    # 100 + 500 + 300 and the cards 35 + 80 + 30 for Tú & Bo; 8♣ 8♦ 4♦ = 25 against the others
    assert result.totals == [100 + 500 + 300 + 145, -25]
    totals = [e for e in state.history[-1].events if e.rule == "score.total"]
    assert totals[0].message() == "Your side scores 1045 this hand; total 1045."
    assert state.phase == "hand-over"
    refused = state.check("draw")
    assert refused.rule == "hand.over" and not refused.allowed
    assert state.check("next hand").rule == "hand.next"
    state.apply("next hand")
    assert state.hand_no == 2 and len(state.extra["alas_piles"][0]) == 4
    assert state.check("next hand").rule == "hand.in-progress"


def test_the_hand_ends_when_the_next_player_must_draw_from_an_empty_stock() -> None:
    state = situation("americana", hands={"Tú": "K♠ 5♥", "Ada": "8♣ 8♦"}, pile="4♥", stock=0,
                      phase="play")
    state.apply("discard 5♥")
    result = state.last_result
    assert result is not None and result.ended.rule == "end.stock-exhausted"
    assert result.ended.message() == ("The stock is empty and Ada cannot take the pile: the hand is "
                                      "over, with no going-out bonus.")


def test_game_over_refuses_everything() -> None:
    state = situation("americana", hands={"Tú": "5♥", "Ada": "8♣ 8♦"}, melds=TWO_CANASTAS,
                      pile="4♥", scores=[8000, 0], phase="play")
    state.apply("discard 5♥")
    assert state.is_over and state.last_result is not None
    assert state.last_result.game_over is not None
    assert state.last_result.game_over.rule == "game.end"
    assert state.check("next hand").rule == "game.over"


def test_answer_without_question_is_refused() -> None:
    state = situation("americana", hands={"Tú": "5♥ 6♥"}, phase="play")
    exp = state.check("answer yes")
    assert exp.rule == "out.answer-first" and not exp.allowed


def test_legal_actions_before_the_draw_include_threes_and_the_pile() -> None:
    state = situation("americana", hands={"Tú": "3♥ 3♠ 8♦ 8♠ 2♣ K♠"}, pile="5♥ 8♣",
                      melds={"Bo": ["Q♦ Q♠ Q♥"]})
    legal = {canonical(a, state).text for a in state.legal_actions()}
    assert {"draw", "meld 3♥", "meld 3♠", "meld 3♥ 3♠", "take pile with 8♦ 8♠",
            "take pile with 2♣ 8♦ 8♠"} == legal
    for text in legal:
        assert state.check(text).allowed


def test_legal_actions_after_the_draw_match_check() -> None:
    state = situation("americana", hands={"Tú": "3♥ 8♦ 8♠ 2♣ JK 2♦ 7♥ 7♦ 7♣ K♠ A♠"}, pile="5♥",
                      phase="play", melds={"Bo": ["Q♦ Q♠ Q♥", "2♥ 2♠ JK"]})
    legal = {canonical(a, state).text for a in state.legal_actions()}
    assert "meld 7♣ 7♦ 7♥" in legal and "meld 2♣ 8♦ 8♠" in legal
    assert "add 2♣ 2♦ JK to wilds" in legal and "add 2♣ to Q" in legal
    assert "meld 2♣ 7♣ 7♦ 7♥" not in legal and "discard JK" not in legal
    assert "discard 3♥" not in legal and "meld 3♥" in legal
    for text in legal:
        assert state.check(text).allowed
