"""Seed 004 (rioplatense Canasta), rule by rule at its edges: every test names the sentence of the
seed (or the standard rule the seed leaves to) that it checks, and puts the engine on both sides
of it (allowed and refused)."""

from __future__ import annotations

import canasta
from canasta.cards import Card, parse_cards
from canasta.situation import situation

C = Card.parse


def table(**kw):
    """A rioplatense situation of four (pairs): Tú & Bo against Ada & Cleo; Tú to move."""
    kw.setdefault("hands", {"Tú": "K♠ K♥ 9♣ 9♦ 5♣ 6♣", "Ada": "5♦ 5♥ 9♠", "Bo": "Q♥ J♠ 4♦",
                            "Cleo": "10♣ 10♦ 4♣"})
    return situation("rioplatense", **kw)


# ---- red threes -------------------------------------------------------------------------------------
# "El 3 rojo … No se utiliza para nada durante el juego, debe colocarse sobre la mesa cuando se obtiene
# uno y tomarse otra carta en su lugar." A red three turned up at the start of the pozo is covered;
# taken later with the pozo it goes to the table at once, with no card in its place (standard rule).

def test_a_red_three_taken_with_the_pozo_goes_to_the_table() -> None:
    state = table(pile="3♥ 8♣ K♦", melds={"Bo": ["Q♣ Q♦ Q♠"]}, phase="draw")
    stock_before = len(state.stock)
    state.apply("take pile with K♠ K♥")
    events = state.history[-1].events
    assert [e.facts["card"] for e in events if e.rule == "threes.red-with-pile"] == [C("3♥")]
    assert state.red_threes[0] == [C("3♥")]
    assert sorted(state.hands[0]) == sorted(parse_cards("9♣ 9♦ 5♣ 6♣ 8♣"))
    assert len(state.stock) == stock_before
    assert state.check("discard 3♥").rule == "hand.has-cards"
    assert state.conservation_errors() == []
    assert isinstance(state, canasta.State)
