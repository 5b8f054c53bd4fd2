"""Seed 000 (Canasta Americana), rule by rule at its edges: every test names the sentence of the
seed (or the standard rule the seed leaves to) that it checks, and puts the engine on both sides
of it (allowed and refused)."""

from __future__ import annotations

import pytest

import canasta
from canasta.actions import TakePile
from canasta.scoring import game_end
from canasta.situation import situation

STRAIGHT = "A♠ 2♣ 3♥ 4♦ 5♠ 6♣ 7♥ 8♦ 9♠ 10♣ J♥ Q♦ K♠ JK"
PAIRS = "4♠ 4♥ 5♣ 5♦ 7♠ 7♥ 8♣ 8♦ 9♠ 9♥ 10♣ 10♦ Q♠ Q♥"
TWO_CANASTAS = {"Bo": ["6♦ 6♠ 6♥ 6♣ 6♦ 6♠ 6♥", "9♥ 9♠ 9♦ 9♣ 9♥ 9♠ 2♦"]}


def table(**kw):
    """A Canasta Americana situation: Tú & Bo against Ada & Cleo; Tú to move."""
    kw.setdefault("hands", {"Tú": "K♠ K♥ 9♣ 5♦ 5♣ 6♣", "Ada": "8♣ 8♦ 4♣", "Bo": "Q♥ J♠ 4♦",
                            "Cleo": "10♣ 10♦ 4♥"})
    return situation("americana", **kw)


# ---- special hands ---------------------------------------------------------------------------------
# "Si un jugador tiene en su mano una combinación de 14 cartas como se describe a continuación,
# puede descargar todas las cartas de su mano y finalizar automáticamente el juego."

@pytest.mark.parametrize("cards", [STRAIGHT, PAIRS])
def test_a_special_hand_is_never_laid_before_the_draw_whatever_it_holds(cards: str) -> None:
    # fourteen cards before the draw (an ala was just added): the special hand follows one rule
    state = table(phase="draw", hands={"Tú": cards, "Ada": "8♣ 8♦ 4♣"})
    exp = state.check(f"meld {cards}")
    assert (exp.allowed, exp.rule) == (False, "turn.draw-first")
    assert not [a for a in state.legal_actions() if len(a.text.split()) == 15]


def test_threes_before_the_draw_must_all_be_threes() -> None:
    # "Juego de Tres - un jugador puede bajar cualquiera de los tres que tiene … antes o después de
    # realizar su compra."
    state = table(phase="draw", hands={"Tú": "3♥ 3♠ 4♦ 9♣", "Ada": "8♣ 8♦ 4♣"})
    assert state.check("meld 3♥ 3♠").allowed
    mixed = state.check("meld 3♥ 3♠ 4♦")
    assert (mixed.allowed, mixed.rule) == (False, "meld.threes")


def test_a_special_hand_after_the_draw_is_allowed_with_the_partner_melded() -> None:
    state = table(phase="play", hands={"Tú": STRAIGHT, "Ada": "8♣ 8♦ 4♣"},
                  melds={"Bo": ["Q♣ Q♦ Q♣"]})
    assert state.check(f"meld {STRAIGHT}").allowed


def test_a_player_who_took_an_ala_cannot_lay_a_special_hand() -> None:
    # decided: the special hand is the player's first meld of the hand (threes aside); whoever took
    # an ala left the hoyo with a meld first
    state = table(phase="play", hands={"Tú": "A♥ A♦ A♣ A♥ A♦ A♣ A♠ " + STRAIGHT,
                                       "Ada": "8♣ 8♦ 4♣"})
    state.apply("meld A♥ A♦ A♣ A♥ A♦ A♣ A♠")  # 140: out of the hoyo, the ala of four is Tú's
    assert state.extra["ala_seat"][0] == 0
    assert sorted(state.hands[0]) == sorted(canasta.parse_cards(STRAIGHT))
    exp = state.check(f"meld {STRAIGHT}")
    assert (exp.allowed, exp.rule) == (False, "special.hand")
    assert "first meld" in exp.message()
    assert not [a for a in state.legal_actions() if len(a.text.split()) == 15]


def test_a_player_holding_an_ala_set_up_by_hand_cannot_lay_a_special_hand() -> None:
    state = table(phase="play", hands={"Tú": STRAIGHT, "Ada": "8♣ 8♦ 4♣"},
                  melds={"Tú": ["K♣ K♦ K♠"]}, extra={"ala_seat": [0, -1]})
    assert state.check(f"meld {STRAIGHT}").rule == "special.hand"
    assert not state.check(f"meld {STRAIGHT}").allowed


# ---- the end of the stock -------------------------------------------------------------------------------
# "Si no hay ningún cierre, el juego termina cuando un jugador necesita comprar una carta de la pila
# mientras no hay cartas en ella." Decided: a player who may take the pozo does not need the stock;
# the hand ends when the player chooses the empty stock (pass) or cannot take the pozo (pagat, Modern
# American Canasta: "As soon as a player is entitled to draw from the stock and chooses to do so, but
# there is no card in the stock, the play ends").

def _no_stock(state: canasta.State) -> canasta.State:
    state.extra["box_piles"] = [state.stock]
    state.stock = []
    return state


def test_empty_stock_the_pozo_may_still_be_taken_or_left() -> None:
    state = _no_stock(table(phase="draw", pile="4♥ 5♥", melds={"Bo": ["Q♣ Q♦ Q♥"]}))
    legal = [a.text for a in state.legal_actions()]
    assert legal == ["take pile with 5♣ 5♦", "pass"]
    assert state.check("draw").rule == "draw.stock-empty"
    taken = state.copy()
    taken.apply("take pile with 5♦ 5♣")
    assert taken.phase == "play"
    state.apply("pass")
    assert state.phase == "hand-over" and state.results[-1].ended.rule == "end.pile-declined"


def test_empty_stock_ends_the_hand_when_the_pozo_cannot_be_taken() -> None:
    state = situation("americana", hands={"Tú": "K♠ 5♥", "Ada": "8♣ 8♦"}, pile="4♥", stock=0,
                      phase="play")
    state.apply("discard 5♥")
    assert state.results[-1].ended.rule == "end.stock-exhausted"
    # Ada could take the pozo with 8♣ 8♦ if the top card were an 8
    state = situation("americana", hands={"Tú": "K♠ 8♥", "Ada": "8♣ 8♦ 4♣ 4♦"}, pile="4♥", stock=0,
                      melds={"Cleo": ["K♣ K♦ K♥"]}, phase="play")  # Ada's pair is out of the hoyo
    state.apply("discard 8♥")
    assert state.phase == "draw" and state.player == "Ada"
    assert [a.text for a in state.legal_actions()] == ["take pile with 8♣ 8♦", "pass"]


# ---- the end of the game ---------------------------------------------------------------------------
# "El juego termina cuando al menos una pareja tiene más de 8500 puntos": more than, not reaching.

@pytest.mark.parametrize("score, over", [(8495, False), (8500, False), (8505, True)])
def test_the_game_ends_above_8500_only(score: int, over: bool) -> None:
    state = situation("americana", scores=[score, 0])
    assert (game_end(state) is not None) is over


# ---- taking the pozo -----------------------------------------------------------------------------------
# "Para hacerlo, el jugador debe jugar un juego que contenga la carta superior y al menos dos cartas del
# mismo número que estén en la mano del jugador."

def test_the_pozo_never_goes_onto_a_meld_and_the_refusal_names_no_empty_list() -> None:
    state = table(phase="draw", pile="4♥ Q♠", melds={"Bo": ["Q♣ Q♦ Q♥"]})
    exp = state.check("take pile onto Q")
    assert (exp.allowed, exp.rule) == (False, "pile.use-top")
    assert "with :" not in exp.message() and "con :" not in exp.message("es")
    assert not [a for a in state.legal_actions() if isinstance(a, TakePile)]
