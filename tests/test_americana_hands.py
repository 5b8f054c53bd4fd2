"""Canasta Americana's special hands: each recognised, each near miss refused with its reason, and
a special hand laid down ends the hand with its own score."""

from __future__ import annotations

import pytest

from canasta.cards import parse_cards
from canasta.situation import situation
from canasta.variants.americana.hands import classify

HANDS = [
    ("straight", "A♠ 2♣ 3♥ 4♦ 5♠ 6♣ 7♥ 8♦ 9♠ 10♣ J♥ Q♦ K♠ JK", 3000),
    ("pairs", "4♠ 4♥ 5♣ 5♦ 7♠ 7♥ 8♣ 8♦ 9♠ 9♥ 10♣ 10♦ Q♠ Q♥", 2500),
    ("pairs-twos", "2♠ 2♥ 6♣ 6♦ 7♠ 7♥ 9♣ 9♦ J♠ J♥ K♣ K♦ A♠ A♥", 2000),
    ("garbage", "4♠ 4♥ 4♣ 6♠ 6♥ 6♣ 6♦ J♠ J♥ J♣ J♦ A♠ A♥ A♣", 2000),
]

NEAR_MISSES = [
    ("A♠ 2♣ 3♥ 4♦ 5♠ 5♣ 7♥ 8♦ 9♠ 10♣ J♥ Q♦ K♠ JK",
     "it is no straight (A to K and a joker), no seven pairs of different ranks and no two fours "
     "plus two threes of a kind"),
    ("3♠ 3♥ 5♣ 5♦ 7♠ 7♥ 8♣ 8♦ 9♠ 9♥ 10♣ 10♦ Q♠ Q♥", "seven pairs may hold neither threes nor jokers"),
    ("JK JK 5♣ 5♦ 7♠ 7♥ 8♣ 8♦ 9♠ 9♥ 10♣ 10♦ Q♠ Q♥", "seven pairs may hold neither threes nor jokers"),
    ("2♠ 2♥ 6♣ 6♦ 7♠ 7♥ 9♣ 9♦ J♠ J♥ K♣ K♦ Q♠ Q♥",
     "seven pairs with 2s must also hold a pair of 7s and a pair of aces"),
    ("4♠ 4♥ 4♣ 6♠ 6♥ 6♣ 6♦ J♠ J♥ J♣ J♦ A♠ A♥ JK",
     "it is no straight (A to K and a joker), no seven pairs of different ranks and no two fours "
     "plus two threes of a kind"),
    ("4♠ 4♥ 4♣ 6♠ 6♥ 6♣ 6♦ J♠ J♥ J♣ J♦ JK JK JK",
     "a joker has no rank, so it cannot be part of a set of one rank"),
    ("4♠ 4♥ 4♠ 4♥ 5♣ 5♦ 7♠ 7♥ 8♣ 8♦ 9♠ 9♥ 10♣ 10♦",
     "it is no straight (A to K and a joker), no seven pairs of different ranks and no two fours "
     "plus two threes of a kind"),
    ("A♠ 2♣ 3♥ 4♦ 5♠ 6♣ 7♥ 8♦ 9♠ 10♣ J♥ Q♦ K♠", "a special hand has 14 cards, not 13"),
]


@pytest.mark.parametrize(("kind", "cards", "points"), HANDS)
def test_special_hand_is_recognised_and_ends_the_hand_with_its_score(kind: str, cards: str,
                                                                      points: int) -> None:
    assert classify(parse_cards(cards))[0] == kind
    state = situation("americana", hands={"Tú": cards, "Ada": "9♣ 9♦ 5♥", "Bo": "K♣ 8♥"},
                      melds={"Bo": ["Q♣ Q♦ Q♣"], "Ada": ["K♥ K♦ K♥"]}, phase="play")
    exp = state.check(f"meld {cards}")
    assert exp.allowed and exp.rule == "special.hand" and exp.facts["points"] == points
    state.apply(f"meld {cards}")
    result = state.last_result
    assert result is not None and result.ended.rule == "end.special-hand"
    assert result.ended.message() == ("You laid down a special hand: the hand is over and your "
                                      "side scores it instead of everything else.")
    # the special hand replaces every other line of the pair (Bo's meld and hand included)
    ours = result.side_lines(0)
    assert [(p, e.rule) for p, e in ours] == [(points, "score.special-hand")]
    assert ours[0][1].message().startswith("You laid down a special hand, ")
    # the other pair scores as usual (RULES_NOTES A11): K meld 30 subtracted without a canasta,
    # Ada's hand 9♣ 9♦ 5♥ = 25
    assert result.totals == [points, -30 - 25]
    assert state.conservation_errors() == []


@pytest.mark.parametrize(("cards", "why"), NEAR_MISSES)
def test_near_misses_are_refused_with_the_reason(cards: str, why: str) -> None:
    kind, reason = classify(parse_cards(cards))
    assert kind is None and reason.get("en") == why
    if len(cards.split()) == 14:
        state = situation("americana", hands={"Tú": cards}, phase="play")
        exp = state.check(f"meld {cards}")
        assert not exp.allowed and exp.rule == "special.hand"
        assert exp.message() == f"{cards} is not a special hand: {why}."


def test_a_special_hand_is_offered_by_legal_actions_only_when_it_is_one() -> None:
    cards = HANDS[0][1]
    state = situation("americana", hands={"Tú": cards}, phase="play")
    specials = [a for a in state.legal_actions() if len(a.text.split()) == 15]
    assert len(specials) == 1 and sorted(specials[0].text.split()) == sorted(f"meld {cards}".split())
    near = NEAR_MISSES[0][0]
    state = situation("americana", hands={"Tú": near}, phase="play")
    assert not any(len(a.text.split()) == 15 for a in state.legal_actions())
