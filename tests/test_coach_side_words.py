"""The coach's reasons speak to a player without a partner as "you", never of "your side" or
"tu pareja": two-player Canasta Real and rioplatense, and Canasta Individual at any table."""

from __future__ import annotations

import re

import pytest

import canasta
from canasta.actions import Meld, TakePile
from canasta.bots import Choice, GreedyBot, make_bot
from canasta.cards import Card, parse_cards
from canasta.render.coach import advice_text, search_text
from canasta.situation import situation

CLASSIC = canasta.find_variant("classic")
SEVENS = parse_cards("7♠ 7♥ 7♦")
KINGS = parse_cards("K♠ K♥ K♣")
# a side's reasons, in both languages (the words each way of playing must use)
PARTNER = re.compile(r"your side|tu pareja|de tu pareja")


def _choices() -> list[Choice]:
    meld = Meld(groups=(SEVENS,))
    take = TakePile(with_cards=parse_cards("Q♠ Q♥"), extra=(KINGS,))
    return [
        Choice(meld, "meld", {"groups": meld.groups}),
        Choice(meld, "meld.open", {"groups": meld.groups, "need": 50, "points": 60}),
        Choice(take, "take.open", {"top": Card.parse("Q♦"), "count": 4, "with_cards": take.with_cards,
                                   "rank": 12, "extra": take.extra, "need": 90, "points": 90}),
    ]


EXPECTED = {
    ("meld", False, "en"): "Meld 7♠ 7♥ 7♦: the cards go down on the table, where they count for "
                           "your side instead of against it.",
    ("meld", True, "en"): "Meld 7♠ 7♥ 7♦: the cards go down on the table, where they count for "
                          "you instead of against you.",
    ("meld", False, "es"): "Baja 7♠ 7♥ 7♦: las cartas pasan a la mesa, donde cuentan a favor de "
                           "tu pareja y no en contra.",
    ("meld", True, "es"): "Baja 7♠ 7♥ 7♦: las cartas pasan a la mesa, donde cuentan a tu favor y "
                          "no en contra.",
    ("meld.open", False, "en"): "Meld 7♠ 7♥ 7♦: 60 points, enough for the 50 your side needs to "
                                "open.",
    ("meld.open", True, "en"): "Meld 7♠ 7♥ 7♦: 60 points, enough for the 50 you need to open.",
    ("meld.open", False, "es"): "Baja 7♠ 7♥ 7♦: 60 puntos, suficientes para los 50 que necesita "
                                "tu pareja para bajar por primera vez.",
    ("meld.open", True, "es"): "Baja 7♠ 7♥ 7♦: 60 puntos, suficientes para los 50 que necesitas "
                               "para bajar por primera vez.",
    ("take.open", False, "en"): "90 points, enough for the 90 your side needs to open.",
    ("take.open", True, "en"): "90 points, enough for the 90 you need to open.",
    ("take.open", False, "es"): "90 puntos, suficientes para los 90 que necesita tu pareja para "
                                "bajar por primera vez.",
    ("take.open", True, "es"): "90 puntos, suficientes para los 90 que necesitas para bajar por "
                               "primera vez.",
}


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("alone", [False, True])
@pytest.mark.parametrize("index", range(3))
def test_every_side_reason_in_both_ways_of_playing(index: int, alone: bool, lang: str) -> None:
    choice = _choices()[index]
    said = advice_text(Choice(choice.action, choice.why, {**choice.facts, "alone": alone}),
                       CLASSIC, lang)
    want = EXPECTED[choice.why, alone, lang]
    if choice.why == "take.open":
        assert said.endswith(want), said
    else:
        assert said == want
    assert bool(PARTNER.search(said)) is not alone


@pytest.mark.parametrize(("variant", "players", "alone"), [
    ("classic", 4, False), ("rioplatense", 4, False), ("rioplatense", 2, True),
    ("real", 2, True), ("individual", 2, True), ("individual", 4, True)])
def test_the_bots_say_whether_the_player_has_a_partner(variant: str, players: int,
                                                       alone: bool) -> None:
    """Over whole hands of careful bots, each meld and opening take's reason is worded for the
    player's table (and such reasons do come up)."""
    seen = 0
    for seed in range(4):
        st = canasta.new_game(variant, seed, players=players)
        bot = make_bot("careful", seed)
        for _ in range(400):
            if st.hand_over:
                break
            choice = bot.decide(st)
            if choice.why in ("meld", "meld.open", "take.open"):
                seen += 1
                assert choice.facts["alone"] is alone
                for lang in ("en", "es"):
                    said = advice_text(choice, st.variant, lang)
                    assert bool(PARTNER.search(said)) is not alone, said
            st.play(choice.action)
    assert seen >= 4


def test_a_run_melded_alone_in_two_player_real() -> None:
    st = situation("real", names=["Tú", "Ada"], phase="play",
                   hands={"Tú": "5♥ 6♥ 7♥ 9♣ J♠ K♦", "Ada": "8♥ Q♦ 6♣ 3♠"})
    choice = GreedyBot().decide(st)
    assert choice.why == "meld" and choice.facts["alone"] is True
    assert advice_text(choice, st.variant, "es") == (
        "Baja 5♥ 6♥ 7♥: las cartas pasan a la mesa, donde cuentan a tu favor y no en contra.")


@pytest.mark.parametrize("alone", [False, True])
def test_the_searchs_figures_for_a_side_or_a_player_of_either_sign(alone: bool) -> None:
    facts = {"search": [("discard 3♣", 55.4), ("meld 5♦ 5♥ JK", -78.2), ("discard 4♦", 0.3)],
             "samples": 1250, "alone": alone, "rivals": 1, "unsure": "meld 5♦ 5♥ JK", "moves": 4}
    choice = Choice(Meld(groups=(SEVENS,)), "discard.single", facts)
    es = search_text(choice, CLASSIC, "es")
    en = search_text(choice, CLASSIC, "en")
    who_es, who_en = ("para ti", "you") if alone else ("para tu pareja", "your side")
    # the moves tried are counted, and the three listed are said to be the best of them
    assert es.startswith("La búsqueda ha probado 4 jugadas, cada una en 1250 continuaciones de "
                         "la mano; estas son las 3 mejores: "
                         f"«discard 3♣», de media +55 puntos {who_es}; «meld 5♦ 5♥ JK», "
                         f"de media −78 puntos {who_es}; «discard 4♦», de media 0 puntos {who_es}.")
    assert en.startswith("What the search found, trying 4 moves over 1,250 continuations of the "
                         f"hand each, the best 3: discard 3♣: +55 points for {who_en} on average; meld 5♦ 5♥ JK: "
                         f"−78 points for {who_en} on average; discard 4♦: 0 points for {who_en} "
                         "on average.")
    assert "por eso se mantiene la jugada explicada arriba." in es
    assert "so the move explained above stands." in en
    assert bool(PARTNER.search(es + en)) is not alone


@pytest.mark.parametrize(("mean", "es", "en"), [
    (1.2, "+1 punto", "+1 point"), (-0.6, "−1 punto", "−1 point"), (0.4, "0 puntos", "0 points"),
    (-1.5, "−2 puntos", "−2 points"), (2.0, "+2 puntos", "+2 points")])
def test_a_searchs_figure_of_one_point_is_singular(mean: float, es: str, en: str) -> None:
    facts = {"search": [("discard 3♣", mean), ("discard 4♦", -9.0)], "samples": 10,
             "alone": True, "rivals": 1}
    choice = Choice(Meld(groups=(SEVENS,)), "discard.single", facts)
    assert f"«discard 3♣», de media {es} para ti;" in search_text(choice, CLASSIC, "es")
    assert f"discard 3♣: {en} for you on average;" in search_text(choice, CLASSIC, "en")


DISCARD_ES = {
    "discard.loose": "Descarta {the} {card}: es una carta suelta (no tienes otra de ese valor) y "
                     "vale {value}.",
    "discard.single": "Descarta {the} {card}, la carta que menos te sirve: no tienes otra de ese "
                      "valor y vale {value}.",
    "discard.keep_wild": "Guárdate el comodín: descarta {the} {card}, la carta que menos te sirve "
                         "(no tienes otra de ese valor y vale {value}).",
    "discard.gone": "Descarta {the} {card}: el siguiente jugador ya ha tirado una carta igual, así "
                    "que no le sirve.",
}


@pytest.mark.parametrize("key", sorted(DISCARD_ES))
@pytest.mark.parametrize(("text", "the", "value"), [("8♣", "el", 10), ("Q♥", "la", 10),
                                                    ("4♠", "el", 5)])
def test_a_discards_reason_agrees_with_the_card_whatever_its_gender(key: str, text: str,
                                                                    the: str, value: int) -> None:
    """A card is "el 8♣" but "la Q♥": the reason never gives it an adjective of its own
    gender ("el 8♣: va suelta"), so it reads right for both."""
    c = Card.parse(text)
    facts = {"card": c, "value": value, "wild": Card.parse("JK")}
    said = advice_text(Choice(canasta.actions.Discard(card=c), key, facts), CLASSIC, "es")
    assert said == DISCARD_ES[key].format(the=the, card=text, value=value)
