"""Fuzzed text input: any card or action text parses or raises the project's own error."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import canasta
from canasta.cards import ALL_FACES

ALPHABET = st.characters(codec="utf-8") | st.sampled_from(list("AKQJT0123456789♠♥♦♣SHDCshdc :/,#"))


@settings(max_examples=400, deadline=None, derandomize=True)
@given(st.text(ALPHABET, max_size=12))
def test_card_text_parses_or_raises_invalid(text: str) -> None:
    try:
        card = canasta.Card.parse(text)
    except canasta.InvalidActionError as e:
        assert repr(text) in str(e) or "not a card" in str(e)
    else:
        assert canasta.Card.parse(card.text) is card


def test_every_card_text_round_trips() -> None:
    for c in ALL_FACES:
        assert canasta.Card.parse(c.text) is c
    for text, want in [("KS", "K♠"), ("Th", "10♥"), ("10h", "10♥"), ("Jk", "JK"), ("as", "A♠"),
                       ("2c", "2♣"), ("qd", "Q♦")]:
        assert canasta.Card.parse(text).text == want


@settings(max_examples=600, deadline=None, derandomize=True)
@given(st.one_of(
    st.text(ALPHABET, max_size=40),
    st.builds(lambda w, cards: f"{w} {cards}",
              st.sampled_from(["draw", "meld", "add", "discard", "take pile with", "take pile at",
                               "take pile onto", "Bo:", "answer", "next", "bajar", "robar",
                               "swap"]),
              st.text(ALPHABET, max_size=30)),
))
def test_action_text_parses_or_raises_invalid(text: str) -> None:
    try:
        action = canasta.parse_action(text)
    except canasta.InvalidActionError as e:
        assert str(e)
    else:
        again = canasta.parse_action(action.text)
        assert again == action
        state = canasta.new_game("classic", seed=0)
        before = state.to_dict()
        exp = state.check(action)
        assert exp.rule and isinstance(exp.message("es"), str)
        assert state.to_dict() == before


def test_action_forms_round_trip() -> None:
    for text in ["draw", "take pile with 7♥ 7♦", "take pile with 7♥ 7♦ and meld K♠ K♥ K♣ / 8♦ 8♠ 2♣",
                 "take pile onto 7", "take pile at 4 with 9♠ 9♥", "meld K♠ K♥ K♣",
                 "meld K♠ K♥ K♣ / 8♦ 8♠ 2♣", "add 7♣ JK to 7", "add 8♥ to #2", "add 9♠ to Ada:9",
                 "swap 9♠ for JK in Ada:9", "swap 7♣ for 2♦ in 7",
                 "discard 4♠", "ask partner", "answer yes", "answer no", "next hand", "Bo: draw",
                 "Tú: take pile with 7♥ 7♦"]:
        assert canasta.parse_action(text).text == text
    assert canasta.parse_action("robar").text == "draw"
    assert canasta.parse_action("bajar KS KH KC").text == "meld K♠ K♥ K♣"
    assert canasta.parse_action("cambiar 9s por jk en Ada:9").text == "swap 9♠ for JK in Ada:9"
