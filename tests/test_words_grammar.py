"""The grammar families a native speaker hears, in the messages the engine builds in play (the
walk over every template, ``tests/test_words.py``, checks the same families in every template):
Spanish negatives after their verb with "no" before it, a reflexive infinitive in the reader's
person, and a side of one player spoken of as that player (two players of Canasta Real)."""

from __future__ import annotations

import re

import pytest
from real_tables import table

from canasta.situation import situation

OTHERS = {"Ada": "5♣ 5♦ 8♣", "Bo": "Q♣ Q♦ J♠", "Cleo": "10♣ 10♦ 4♦"}
AM_TWO = {"Bo": ["6♦ 6♠ 6♥ 6♣ 6♦ 6♠ 6♥", "9♥ 9♠ 9♦ 9♣ 9♥ 9♠ 2♦"]}


def test_a_stock_with_no_card_is_said_with_no_before_the_verb() -> None:
    st = situation("americana", hands={**OTHERS, "Tú": "3♥ 3♠ 5♥ 9♦"},
                   melds={"Bo": ["Q♦ Q♠ Q♥"]}, phase="play", stock=0, turn="Tú")
    exp = st.check("meld 3♥")
    assert (exp.rule, exp.allowed) == ("meld.threes", False)
    assert exp.message("es") == ("No puedes bajar 3♥: el mazo no tiene ninguna carta y hace falta "
                                 "una (una para reponer cada tres, y otra para la compra si "
                                 "todavía no se hizo).")
    assert "and one is needed" in exp.message("en")


def test_going_out_by_melding_is_refused_in_the_readers_person() -> None:
    st = situation("americana", hands={**OTHERS, "Tú": "5♥ 5♠ 5♣"}, melds=AM_TWO, phase="play",
                   turn="Tú")
    exp = st.check("meld 5♣ 5♥ 5♠")
    assert (exp.rule, exp.allowed) == ("out.must-discard", False)
    assert exp.message("es") == ("No puedes quedarte sin cartas bajando: la última carta tiene "
                                 "que descartarse.")
    assert exp.message("es", viewer="Ada").startswith("«Tú» no puede quedarse sin cartas")


REAL_HANDS = {"Tú": "7♥ 8♥ 9♥ K♠", "Ada": "K♣ K♦ 5♠", "Bo": "3♦ 4♦ 5♦ Q♥",
              "Cleo": "J♣ 4♠ 6♦"}
# (players, language, reader) -> the refusal of the final close without a clean canasta
FINAL_CLOSE = {
    (2, "en", None): "You cannot be left with one card: you have already taken your muerto, so "
                     "that would end the hand, which needs a clean canasta (clean or de mil); you "
                     "have none.",
    (2, "es", None): "No puedes quedarte con una carta: ya has recibido tu muerto, así que eso "
                     "terminaría la mano, y para terminarla hace falta una canasta limpia (limpia "
                     "o de mil); no tienes ninguna.",
    (2, "es", "Ada"): "«Tú» no puede quedarse con una carta: «Tú» ya ha recibido su muerto, así "
                      "que eso terminaría la mano, y para terminarla hace falta una canasta limpia "
                      "(limpia o de mil); «Tú» no tiene ninguna.",
    (4, "en", None): "You cannot be left with one card: your side has already taken its muerto, "
                     "so that would end the hand, which needs a clean canasta (clean or de mil); "
                     "your side has none.",
    (4, "es", None): "No puedes quedarte con una carta: tu pareja ya ha recibido su muerto, así "
                     "que eso terminaría la mano, y para terminarla hace falta una canasta limpia "
                     "(limpia o de mil); tu pareja no tiene ninguna.",
}


@pytest.mark.parametrize("players, lang, reader", sorted(FINAL_CLOSE, key=str))
def test_canasta_real_speaks_of_a_player_alone_as_the_player(players: int, lang: str,
                                                             reader: str | None) -> None:
    hands = {n: REAL_HANDS[n] for n in (("Tú", "Ada") if players == 2 else REAL_HANDS)}
    st = table(hands, players=players, muertos=("taken", "waiting"))
    exp = st.check("meld 7♥ 8♥ 9♥")
    assert (exp.rule, exp.allowed) == ("close.final", False)
    assert exp.message(lang, reader) == FINAL_CLOSE[players, lang, reader]


@pytest.mark.parametrize("players", [2, 4])
def test_the_muerto_taken_is_the_readers_own(players: int) -> None:
    hands = {n: REAL_HANDS[n] for n in (("Tú", "Ada") if players == 2 else REAL_HANDS)}
    hands["Tú"] = "7♥ 8♥ 9♥"
    st = table(hands, players=players)
    step = st.apply("meld 7♥ 8♥ 9♥")
    muerto = next(e for top in (step, *st.history[-1].events) for e in top.walk()
                  if e.rule == "muerto.direct")
    en, es = muerto.message("en"), muerto.message("es")
    if players == 2:
        assert "take your muerto (11 cards)" in en and "recibes tu muerto (11 cartas)" in es
    else:
        assert "take the muerto of your side" in en and "recibes el muerto de tu pareja" in es
    assert not re.search(r"\bof you\b", en) and "de tú" not in es


@pytest.mark.parametrize("players", [2, 4])
def test_the_muertos_are_set_aside_for_each_player_or_pair(players: int) -> None:
    import canasta

    deal = canasta.new_game("real", seed=1, players=players).deal_events
    muertos = next(e for e in deal if e.rule == "deal.muertos")
    each = ("jugador", "player") if players == 2 else ("pareja", "pair")
    assert muertos.message("es").endswith(f"uno para cada {each[0]}.")
    assert muertos.message("en").endswith(f"one for each {each[1]}.")
