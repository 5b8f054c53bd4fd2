"""The grammar families a native speaker hears, in the messages the engine builds in play (the
walk over every template, ``tests/test_words.py``, checks the same families in every template):
Spanish negatives after their verb with "no" before it, a reflexive infinitive in the reader's
person, and a side of one player spoken of as that player (two players of Canasta Real)."""

from __future__ import annotations

import re

import pytest
from real_tables import table

import canasta
import canasta.actions
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
                                 "todavía no se ha hecho).")
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


# ---- smaller texts -------------------------------------------------------------------------------

def test_a_take_with_other_melds_names_every_meld() -> None:
    st = situation("classic", pile="4♣ K♥", hands={**OTHERS, "Tú": "K♠ K♠ 4♠ 4♠ 4♥ 5♦ 5♣ 5♥ Q♦"},
                   phase="draw", turn="Tú")
    exp = st.check("take pile with K♠ K♠ and meld 4♠ 4♠ 4♥ / 5♦ 5♣ 5♥")
    assert (exp.rule, exp.allowed) == ("pile.take", True)
    assert exp.message() == ("You take the pile (2 cards) and meld K♥ K♠ K♠ at once, and also "
                             "4♠ 4♠ 4♥ and 5♦ 5♣ 5♥.")
    assert exp.message("es") == ("Te llevas el montón (2 cartas) y bajas K♥ K♠ K♠ en el acto, y "
                                 "además 4♠ 4♠ 4♥ y 5♦ 5♣ 5♥.")


@pytest.mark.parametrize("variant, es, en", [
    ("americana", "y a tu pareja le hacen falta 125 para salir del hoyo.", "125 to leave the hoyo."),
    ("classic", "y a tu pareja le hacen falta 50 para bajar por primera vez.", "50 to open."),
])
def test_the_opening_refusal_speaks_the_variants_words_and_counts_one_meld(
        variant: str, es: str, en: str) -> None:
    st = situation(variant, hands={**OTHERS, "Tú": "9♣ 9♦ 9♥ 5♠ 4♥"}, phase="play", turn="Tú")
    exp = st.check("meld 9♣ 9♦ 9♥")
    assert (exp.rule, exp.allowed) == ("open.minimum", False)
    start = "Este juego solo vale 30" if variant == "americana" else "Esta combinación solo vale 30"
    assert exp.message("es").startswith(start + " (9♣ 9♦ 9♥: 30), ") and exp.message("es").endswith(es)
    assert exp.message().startswith("This meld counts only 30") and exp.message().endswith(en)
    two = st.check("meld 9♣ 9♦ 9♥ / 5♠ 5♠ 5♠")
    assert "valen" in two.message("es") or two.rule != "open.minimum"


def test_a_madre_take_onto_a_meld_of_another_rank_names_the_meld_it_goes_onto() -> None:
    st = situation("rioplatense", hands={"Ada": "5♣ 5♦ 8♥", "Bo": "Q♣ Q♦ J♠", "Cleo": "10♣ 10♦ 4♦",
                                         "Tú": "9♠ 5♥ 6♦"},
                   pile="4♣ 9♥", melds={"Tú": ["K♠ K♥ K♣", "9♣ 9♦ 9♥"]}, phase="draw", turn="Tú")
    exp = st.check("take pile onto K")
    assert (exp.rule, exp.allowed) == ("pile.use-top", False)
    assert exp.message() == ("You cannot use the top card, 9♥, on the meld of kings: it goes only "
                             "onto the meld of its rank, nines.")
    assert exp.message("es") == ("No puedes usar la carta de arriba, 9♥, en el juego de reyes: solo "
                                 "va al juego de su valor, el de nueves.")
    madre = st.check("take pile onto 9")
    assert madre.rule == "pile.madre" and "juego de nueves" in madre.message("es")


@pytest.mark.parametrize("variant, card, note", [
    ("classic", "3♠", "pile.blocks"), ("rioplatense", "3♠", "pile.blocks"),
    ("classic", "2♣", "pile.freezes")])
def test_a_going_out_discard_says_nothing_of_the_pile_it_leaves(variant: str, card: str,
                                                               note: str) -> None:
    out = situation(variant, hands={**OTHERS, "Tú": card},
                    melds={"Tú": ["K♠ K♥ K♣ K♦ K♠ K♥ K♣"]}, phase="play", turn="Tú")
    exp = out.check(f"discard {card}")
    assert exp.rule == "discard.out" and note not in [e.rule for e in exp.walk()]
    playing = situation(variant, hands={**OTHERS, "Tú": f"{card} 9♦"},
                        melds={"Tú": ["K♠ K♥ K♣ K♦ K♠ K♥ K♣"]}, phase="play", turn="Tú")
    assert note in [e.rule for e in playing.check(f"discard {card}").walk()]


def test_individual_says_a_canasta_with_a_wild_card_after_its_rank() -> None:
    st = situation("individual", names=["Tú", "Ada", "Bo"],
                   hands={"Tú": "5♠", "Ada": "4♦", "Bo": "6♣"},
                   melds={"Tú": ["K♠ K♥ K♣ K♦ K♠ K♥ 2♣"]}, phase="play", turn="Tú")
    lines = {e.rule: e for _, e in st.variant.score_side(st, 0, None)}
    assert lines["score.canasta"].message() == "Canasta of kings with a wild card (7 cards): 300."
    assert lines["score.canasta"].message("es") == "Canasta de reyes con comodín (7 cartas): 300."
    classic = situation("classic", melds={"Tú": ["K♠ K♥ K♣ K♦ K♠ K♥ 2♣"]}, phase="play")
    line = next(e for _, e in classic.variant.score_side(classic, 0, None)
                if e.rule == "score.canasta")
    assert line.message("es") == "Canasta mixta de reyes (7 cartas): 300."
    assert line.message() == "Mixed canasta of kings (7 cards): 300."


# ---- read as a native speaker ----------------------------------------------------------------------

@pytest.mark.parametrize("variant, go_out", [("classic", "sal"), ("rioplatense", "corta"),
                                             ("americana", "cierra"), ("individual", "cierra"),
                                             ("real", "cierra")])
def test_the_coach_says_discard_and_go_out_as_two_orders(variant: str, go_out: str) -> None:
    from canasta.bots import GreedyBot
    from canasta.render.coach import advice_text

    melds = {"Tú": ["K♠ K♥ K♣ K♦ K♠ K♥ K♣"]}
    if variant == "americana":
        melds["Tú"].append("9♠ 9♥ 9♦ 9♦ 9♠ 9♥ 9♣")
    if variant == "real":
        st = table({"Tú": "J♣", "Ada": "K♣ K♦ 5♠", "Bo": "3♦ 4♦ 5♦ Q♥", "Cleo": "J♣ 4♠ 6♦"},
                   muertos=("taken", "waiting"), melds={"Tú": ["3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥"]})
    elif variant == "individual":
        st = situation(variant, names=["Tú", "Ada", "Bo"], hands={"Tú": "J♣", "Ada": "4♦", "Bo": "5♦"},
                       melds=melds, opened={"Tú": True}, phase="play", turn="Tú")
    else:
        st = situation(variant, hands={**OTHERS, "Tú": "J♣"}, melds=melds, phase="play", turn="Tú")
    choice = GreedyBot().decide(st)
    assert choice.why == "discard.out"
    assert advice_text(choice, st.variant, "es") == f"Descarta la J♣ y {go_out}: es tu última carta."
    assert st.check("discard J♣").message("es") == ("Descartas la última carta, la J♣, y te quedas sin "
                                                   "cartas.")


@pytest.mark.parametrize("card, said", [("J♣", "Robas la J♣"), ("Q♥", "Robas la Q♥"),
                                        ("K♠", "Robas el K♠"), ("A♦", "Robas el A♦")])
def test_a_j_and_a_q_take_la(card: str, said: str) -> None:
    st = situation("classic", hands={**OTHERS, "Tú": "9♦ 4♠"}, stock=card, phase="draw", turn="Tú")
    assert st.apply("draw").message("es").startswith(said + " del mazo")


def test_rioplatense_says_its_pozo_in_its_own_words() -> None:
    st = situation("rioplatense", pile="4♣ 9♥", hands={**OTHERS, "Tú": "9♠ 9♦ 5♥"},
                   melds={"Tú": ["K♠ K♥ K♣"]}, phase="draw", turn="Tú")
    marks = dict((k, why.get("es")) for k, why in st.variant.pile_marks(st, 0))
    assert marks["madre"] == "tu pareja aún no lo ha levantado: solo se levanta con dos cartas puras"
    game = canasta.new_game("rioplatense", seed=4)
    upcard = next(e for e in game.deal_events if e.rule == "deal.upcard")
    assert "tapando" not in upcard.message("es") and "se tapa" not in upcard.message("es")
    from canasta.widgets.sandbox import RulesSandbox

    box = RulesSandbox(variant="rioplatense", lang="es").action
    assert box.placeholder.startswith("p. ej. levantar el pozo con")


@pytest.mark.parametrize("text", ["tirar 7♠", "tira el 7♠", "Ada: tirar el 7♠", "tirar la Q♥"])
def test_tirar_is_a_discard(text: str) -> None:
    a = canasta.parse_action(text)
    assert isinstance(a, canasta.actions.Discard) and a.card is not None
    assert a.card.text in text


def test_the_reader_has_gone_out_in_the_tense_of_the_hand() -> None:
    st = situation("classic", hands={**OTHERS, "Tú": "9♦"}, melds={"Tú": ["K♠ K♥ K♣ K♦ K♠ K♥ K♣"]},
                   phase="play", turn="Tú")
    st.apply("discard 9♦")
    result = st.results[-1]
    said = [e.message("es") for _, _, e in result.lines] + [result.ended.message("es")]
    assert "Has salido: +100." in said
    assert not any(re.search(r"\b\w+(?:aste|iste)\b", m) for m in said), said


def test_the_command_line_play_says_bots_and_why_in_spanish() -> None:
    from canasta.words import label

    said = label("play.you", "es", "", named=False, seat="Tú", bots="greedy")
    assert "bots" not in said and "«por qué»" in said and "«porqué»" not in said


def test_the_sample_final_table_names_its_text_by_its_title() -> None:
    import json
    from importlib.resources import files

    notes = json.loads(files("canasta.examples").joinpath("classic_sample_final_table.json")
                       .read_text("utf-8"))["notes"]
    assert notes["es"].startswith("Reglas de Canasta, «La cuenta»") and "Semilla" not in notes["es"]
    assert "bono" not in notes["es"] and "premio por salir de mano" in notes["es"]


# ---- developer language a learner meets -------------------------------------------------------------

def test_another_sides_meld_is_named_by_its_owner_in_words() -> None:
    st = situation("classic", hands={"Ada": "5♣", "Bo": "Q♣", "Cleo": "4♦", "Tú": "10♣ 10♦ 4♠ 5♥"},
                   melds={"Tú": ["K♠ K♥ K♣"], "Ada": ["10♥ 10♠ 10♦"]}, phase="play", turn="Tú")
    exp = st.check("add 10♣ to Ada:10")
    assert (exp.rule, exp.allowed) == ("add.target", False)
    assert exp.message() == "Cards go only onto your side's melds, not onto the meld of Ada's tens."
    assert exp.message("es") == ("Solo se añaden cartas a las combinaciones de tu pareja, no a la "
                                 "combinación de dieces de Ada.")
    none = st.check("add 10♣ to 10")
    assert none.message() == "Your side has no meld of tens to add 10♣ to."


def test_canasta_real_hints_name_the_run() -> None:
    from canasta.bots import GreedyBot
    from canasta.render.coach import advice_text

    st = table({"Tú": "9♠ 4♥ 4♦ K♣", "Ada": "K♣ K♦ 5♠", "Bo": "3♦ 4♦ 5♦ Q♥", "Cleo": "J♣ 4♠ 6♦"},
               melds={"Tú": ["5♠ 6♠ 7♠ 8♠"]})
    choice = GreedyBot().decide(st)
    assert choice.action.text == "add 9♠ to #1"
    assert advice_text(choice, st.variant, "en").startswith("Add 9♠ to your meld of ♠ from 5 to 8:")
    assert advice_text(choice, st.variant, "es").startswith("Agrega 9♠ a tu juego de ♠ del 5 al 8:")


def test_verdicts_are_said_of_decisions_only() -> None:
    from canasta.render.html import explanation_html
    from canasta.render.text import explanation_text

    game = canasta.new_game("classic", seed=1)
    for e in game.deal_events:  # a deal is no decision
        assert "allowed" not in explanation_html(e) and "permitido" not in explanation_text(e, "es")
    st = situation("classic", hands={**OTHERS, "Tú": "9♦"}, melds={"Tú": ["K♠ K♥ K♣ K♦ K♠ K♥ K♣"]},
                   phase="play", turn="Tú")
    st.apply("discard 9♦")
    for _, _, e in st.results[-1].lines:  # nor a score line
        assert "✔" not in explanation_text(e) and "permitido" not in explanation_html(e, "es")
    take = situation("classic", pile="4♣ K♥", hands={**OTHERS, "Tú": "K♠ K♦ 5♥"},
                     melds={"Tú": ["Q♠ Q♥ Q♣"]}, phase="draw", turn="Tú").check("take pile with K♠ K♦")
    html, text = explanation_html(take, "es"), explanation_text(take, "es")
    assert html.count("permitido") == 1 and text.count("permitido") == 1  # the decision, not its facts
    assert "✘ no permitido" in explanation_text(st.check("draw"), "es") or not st.check("draw").allowed


def test_a_rule_id_is_not_part_of_a_sentence() -> None:
    import html as htmllib

    from canasta.render.html import explanation_html

    st = situation("classic", hands={**OTHERS, "Tú": "9♣ 9♦ 9♥ 5♠ 4♥"}, phase="play", turn="Tú")
    page = explanation_html(st.check("meld 9♣ 9♦ 9♥"), "es")
    shown = htmllib.unescape(re.sub(r"<[^>]+>", " ", page))
    assert "open.minimum" not in shown and "Mínimo de la primera bajada" in shown
    assert 'title="open.minimum"' in page and 'data-rule="open.minimum"' in page


def test_one_legal_action_is_said_in_the_singular() -> None:
    from canasta.render.table_words import tw

    assert tw("legal.count", "en", "classic", n=1) == "one legal action"
    assert tw("legal.count", "es", "classic", n=1) == "una jugada legal"
    assert tw("legal.count", "es", "classic", n=3) == "3 jugadas legales"
