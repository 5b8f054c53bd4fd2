"""Seed 003 (classic Canasta), rule by rule at its edges: every test names the sentence of the
seed (or the standard rule the seed leaves to) that it checks, and puts the engine on both sides
of it (allowed and refused)."""

from __future__ import annotations

import pytest

import canasta
from canasta.cards import Card, parse_cards
from canasta.situation import situation

C = Card.parse
QUEENS = {"Bo": ["Q♣ Q♦ Q♠"]}


def table(**kw):
    """A classic situation, Tú & Bo (seats 0 and 2) against Ada & Cleo; Tú to move."""
    kw.setdefault("hands", {"Tú": "K♠ K♥ 9♣ 9♦ 5♣ 6♣", "Ada": "5♦ 5♥ 9♠", "Bo": "Q♥ J♠ 4♦",
                            "Cleo": "10♣ 10♦ 4♣"})
    return situation("classic", **kw)


def rules_of(exp: canasta.Explanation) -> list[str]:
    return [e.rule for e in exp.walk()]


# ---- red threes ---------------------------------------------------------------------------------
# "Los treses rojos — No se juegan. Cuando te toque uno, colócalo descubierto de inmediato y roba una
# carta de reemplazo." The standard rule for the one case the seed does not tell (a red three turned
# up and covered, then taken with the pile): laid face up at once, with no replacement card.

def test_a_red_three_taken_with_the_pile_is_laid_out_without_replacement() -> None:
    state = table(pile="3♦ 8♣ K♦", melds=QUEENS, phase="draw")
    stock_before = len(state.stock)
    exp = state.apply("take pile with K♠ K♥")
    assert exp.allowed and exp.facts["count"] == 3
    events = state.history[-1].events
    laid = [e for e in events if e.rule == "threes.red-with-pile"]
    assert len(laid) == 1 and laid[0].facts["card"] == C("3♦")
    assert laid[0].source is not None and laid[0].source.kind == "standard"
    assert C("3♦") not in state.hands[0]
    assert state.red_threes[0] == [C("3♦")]
    assert sorted(state.hands[0]) == sorted(parse_cards("9♣ 9♦ 5♣ 6♣ 8♣"))
    assert len(state.stock) == stock_before  # no replacement card
    assert state.pile == [] and state.pile_frozen == 0
    refused = state.check("discard 3♦")
    assert (refused.allowed, refused.rule) == (False, "hand.has-cards")
    assert state.conservation_errors() == []


def test_the_red_three_taken_with_the_pile_scores_for_the_side() -> None:
    state = table(pile="3♦ 8♣ K♦", melds={"Bo": ["Q♣ Q♦ Q♠ Q♥ Q♣ Q♦ Q♠"]}, phase="draw",
                  hands={"Tú": "K♠ K♥", "Ada": "5♦ 5♥ 9♠", "Bo": "J♠ 4♦", "Cleo": "10♣ 4♣"})
    state.apply("take pile with K♠ K♥")
    assert state.hands[0] == [C("8♣")]  # the red three never joins the hand
    state.apply("discard 8♣")
    assert state.phase == "hand-over"
    lines = {e.rule: p for p, e in state.results[-1].side_lines(0)}
    assert lines["score.red-threes"] == 100


def test_taking_a_pile_with_a_red_three_counts_it_out_of_the_hand_when_going_out() -> None:
    # K♠ K♥ onto the queens' side: the pile (3♦ under 8♣ and K♦) would leave 8♣ alone in the
    # hand, which is one card to discard: going out needs the canasta
    state = table(pile="3♦ K♦", melds=QUEENS, phase="draw",
                  hands={"Tú": "K♠ K♥", "Ada": "5♦ 5♥ 9♠", "Bo": "J♠ 4♦", "Cleo": "10♣ 4♣"})
    exp = state.check("take pile with K♠ K♥")
    # 3♦ goes to the table, K♦ K♠ K♥ are melded: the hand would be empty without a canasta
    assert (exp.allowed, exp.rule) == (False, "out.needs-canasta")
    assert exp.facts["left"] == 0


def test_a_red_three_on_top_of_the_pile_is_refused_as_a_red_three() -> None:
    state = table(pile="8♣ 3♥", melds=QUEENS, phase="draw",
                  hands={"Tú": "3♦ 3♦ 9♣ 9♦", "Ada": "5♦ 5♥ 9♠", "Bo": "J♠ 4♦", "Cleo": "10♣ 4♣"})
    exp = state.check("take pile with 3♦ 3♦")
    assert (exp.allowed, exp.rule) == (False, "pile.top-red-three")
    assert "3♥" in exp.message() and "wild" not in exp.message()
    assert exp.message("es") != exp.message("en")
    assert not [a for a in state.legal_actions() if isinstance(a, canasta.actions.TakePile)]


# ---- one card in hand, one card in the pile ---------------------------------------------------------
# Standard rule (Official Canasta Laws; Britannica): a player holding one card may not take a
# one-card pile.

def test_one_card_in_hand_cannot_take_a_one_card_pile() -> None:
    state = table(pile="Q♥", melds={"Bo": ["Q♣ Q♦ Q♠", "K♦ K♠ K♥ K♣ K♦ K♠ K♥"]}, phase="draw",
                  hands={"Tú": "9♣", "Ada": "5♦ 5♥ 9♠", "Bo": "J♠ 4♦", "Cleo": "10♣ 4♣"})
    exp = state.check("take pile onto Q")
    assert (exp.allowed, exp.rule) == (False, "pile.one-card")
    assert exp.source is not None and exp.source.kind == "standard"
    assert [a.text for a in state.legal_actions()] == ["draw"]


@pytest.mark.parametrize("pile, hand", [("J♥ Q♥", "9♣"), ("Q♥", "9♣ 8♦")])
def test_the_one_card_rule_needs_both_one_card_hand_and_one_card_pile(pile: str, hand: str) -> None:
    state = table(pile=pile, melds={"Bo": ["Q♣ Q♦ Q♠", "K♦ K♠ K♥ K♣ K♦ K♠ K♥"]}, phase="draw",
                  hands={"Tú": hand, "Ada": "5♦ 5♥ 9♠", "Bo": "J♠ 4♦", "Cleo": "10♣ 4♣"})
    exp = state.check("take pile onto Q")
    assert exp.allowed, exp.message()
    assert "take pile onto Q" in [a.text for a in state.legal_actions()]


# ---- going out concealed --------------------------------------------------------------------------
# The seed is silent; the standard rule: a player goes out concealed by melding the whole hand in one
# turn, including a canasta of the player's own, without having melded before and without adding to
# the partner's melds; it scores 100 more.

def _bonus_lines(state: canasta.State) -> dict[str, int]:
    return {e.rule: p for p, e in state.results[-1].side_lines(0)}


def test_concealed_bonus_for_a_whole_hand_with_a_canasta_of_ones_own() -> None:
    state = table(phase="play", melds={"Bo": ["Q♣ Q♦ Q♠"]},
                  hands={"Tú": "K♠ K♥ K♣ K♦ K♠ K♥ 2♣ 4♠", "Ada": "5♦ 5♥ 9♠", "Bo": "J♠ 4♦",
                         "Cleo": "10♣ 4♣"})
    state.apply("meld K♠ K♥ K♣ K♦ K♠ K♥ 2♣")
    state.apply("discard 4♠")
    assert _bonus_lines(state)["score.concealed"] == 100


def test_no_concealed_bonus_when_the_canasta_was_made_on_the_partners_meld() -> None:
    state = table(phase="play", melds={"Bo": ["K♣ K♦ K♠ K♥ JK"]},
                  hands={"Tú": "K♠ K♥ Q♠ Q♥ Q♣ 4♠", "Ada": "5♦ 5♥ 9♠", "Bo": "J♠ 4♦",
                         "Cleo": "10♣ 4♣"})
    state.apply("add K♠ K♥ to K")  # the partner's meld becomes the canasta
    state.apply("meld Q♠ Q♥ Q♣")
    state.apply("discard 4♠")
    assert state.phase == "hand-over"
    assert "score.concealed" not in _bonus_lines(state)


def test_no_concealed_bonus_when_a_card_also_went_onto_the_partners_meld() -> None:
    state = table(phase="play", melds={"Bo": ["Q♣ Q♦ Q♠"]},
                  hands={"Tú": "K♠ K♥ K♣ K♦ K♠ K♥ 2♣ Q♥ 4♠", "Ada": "5♦ 5♥ 9♠", "Bo": "J♠ 4♦",
                         "Cleo": "10♣ 4♣"})
    state.apply("meld K♠ K♥ K♣ K♦ K♠ K♥ 2♣")
    state.apply("add Q♥ to Q")
    state.apply("discard 4♠")
    assert "score.concealed" not in _bonus_lines(state)


def test_no_concealed_bonus_after_melding_in_an_earlier_turn() -> None:
    state = table(phase="play", melds={"Tú": ["Q♣ Q♦ Q♠"]},
                  hands={"Tú": "K♠ K♥ K♣ K♦ K♠ K♥ 2♣ 4♠", "Ada": "5♦ 5♥ 9♠", "Bo": "J♠ 4♦",
                         "Cleo": "10♣ 4♣"})
    state.melded_before[0] = True  # Tú laid the queens down in an earlier turn
    state.apply("meld K♠ K♥ K♣ K♦ K♠ K♥ 2♣")
    state.apply("discard 4♠")
    assert "score.concealed" not in _bonus_lines(state)
