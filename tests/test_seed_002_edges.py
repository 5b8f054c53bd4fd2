"""Seed 002 (individual Canasta), rule by rule at its edges: every test names the sentence of the
seed (or the standard rule the seed leaves to) that it checks, and puts the engine on both sides
of it (allowed and refused)."""

from __future__ import annotations

from canasta.cards import Card, parse_cards
from canasta.situation import situation

C = Card.parse
HANDS = {"Tú": "9♠ 9♦ 7♣ 5♥ 5♠ K♣ 3♥ 3♦ 3♣", "Ada": "8♠ 8♦ 6♣", "Bo": "Q♣ Q♦ J♠",
         "Cleo": "10♣ 10♦ 4♦"}
OPEN = {"Tú": ["K♠ K♥ K♦"]}


def table(**kw):
    """An individual situation of four, each for themselves; Tú to move."""
    kw.setdefault("hands", HANDS)
    return situation("individual", **kw)


# ---- the discard taken at any depth --------------------------------------------------------------------
# "Puedes coger el descarte a cualquier profundidad, bajando la carta por la que entraste. Por lo
# demás, la carta cogida del descarte ha de jugarse ese turno." Decided: the card gone in for is
# melded at once; the cards above it join the hand with no duty to play them.

def test_the_cards_above_the_one_gone_in_for_join_the_hand_freely() -> None:
    state = table(phase="draw", pile="8♣ 9♥ 4♣ K♥", melds=OPEN)
    exp = state.check("take pile at 3 with 9♠ 9♦")
    assert (exp.allowed, exp.rule) == (True, "pile.take-depth")
    assert "pile.owed" not in [e.rule for e in exp.walk()]
    assert "take pile at 3 with 9♦ 9♠" in [a.text for a in state.legal_actions()]
    state.apply("take pile at 3 with 9♠ 9♦")
    assert C("4♣") in state.hands[0] and C("K♥") in state.hands[0]
    assert [c.text for c in state.pile] == ["8♣"]
    assert state.check("discard 4♣").allowed
    assert state.check("discard 7♣").allowed
    state.apply("discard 4♣")
    assert state.conservation_errors() == []


def test_the_card_gone_in_for_must_still_go_down_at_once() -> None:
    state = table(phase="draw", pile="8♣ 9♥ 4♣ K♥", melds=OPEN)
    exp = state.check("take pile at 4 with 9♠ 9♦")  # 8♣ is the card gone in for: no pair of 8s
    assert (exp.allowed, exp.rule) == (False, "pile.entry")
    assert state.check("take pile at 2 with 9♠ 9♦").rule == "pile.entry"  # 4♣, not a 9


def test_a_deep_take_is_a_legal_action_wherever_the_entry_card_can_go_down() -> None:
    state = table(phase="draw", pile="9♥ 4♣ 7♦ 2♥ Q♥", melds=OPEN)
    legal = [a.text for a in state.legal_actions()]
    assert "take pile at 5 with 9♦ 9♠" in legal
    hand_after = sorted(parse_cards("7♣ 5♥ 5♠ K♣ 3♥ 3♦ 3♣ 4♣ 7♦ 2♥ Q♥"))
    state.apply("take pile at 5 with 9♠ 9♦")
    assert sorted(state.hands[0]) == hand_after and state.pile == []
