"""Spanish as a native reader reads it: each template below, filled as the engine fills it, in
each variant whose words it takes, word for word.

Every case was read wrong before: a J or a Q given a masculine article in a run ("del Q al A"),
"juegas por su cuenta" said to the reader, the classic "combinación" or "par natural" in every
variant's coach, "comprar o comprar el pozo", a second colon, English quotes in a source."""

from __future__ import annotations

from typing import Any

import pytest

from canasta.cards import parse_cards
from canasta.render.table_words import tw
from canasta.words import Ctx, catalogue, label, meld_name, render, rule_field

ES = catalogue("es")


def rule(rid: str, field: str, variant: str, **facts: Any) -> str:
    template = rule_field(rid, field, "es", variant)
    assert template is not None
    return render(template, facts, Ctx("es", variant))


def phrase(key: str, variant: str, **facts: Any) -> str:
    return render(ES["phrases"][key], facts, Ctx("es", variant))


@pytest.mark.parametrize(("label_text", "said"), [
    ("♣Q-A", "♣ de la Q al A"),
    ("♣9-J", "♣ del 9 a la J"),
    ("♥J-A", "♥ de la J al A"),
    ("♠3-7", "♠ del 3 al 7"),
    ("♦8-K", "♦ del 8 al K"),
])
def test_a_run_is_named_with_the_article_of_its_end_cards(label_text: str, said: str) -> None:
    assert meld_name(label_text, "es", "real") == said


@pytest.mark.parametrize(("key", "card", "said"), [
    ("sum.discard", "4♥", "descarta el 4♥"),
    ("sum.discard", "Q♥", "descarta la Q♥"),
    ("sum.discard.you", "J♠", "descartas la J♠"),
    ("sum.discard.you", "10♣", "descartas el 10♣"),
])
def test_a_turn_line_names_the_discarded_card_with_its_article(key: str, card: str, said: str) -> None:
    assert tw(key, "es", "classic", card=card) == said


@pytest.mark.parametrize(("variant", "said"), [
    ("classic", "Una carta libre en el montón lo deja congelado: la otra pareja no podrá llevarse "
                "sus 5 cartas si no es con una pareja natural igual a la de arriba."),
    ("rioplatense", "Un comodín en el pozo lo deja premiado: la otra pareja no podrá levantar sus 5 "
                    "cartas si no es con dos cartas puras iguales a la de arriba."),
])
def test_the_coach_says_a_frozen_pile_in_the_variants_words(variant: str, said: str) -> None:
    assert tw("coach.strategy.freeze", "es", variant, other=1, alone="no", count=5) == said


@pytest.mark.parametrize(("variant", "said"), [
    ("classic", "solo se lo lleva quien tenga una pareja natural igual a su carta de arriba"),
    ("rioplatense", "solo lo levanta quien tenga dos cartas puras iguales a su carta de arriba"),
])
def test_the_table_says_who_takes_a_frozen_pile(variant: str, said: str) -> None:
    assert tw("mark.frozen.why", "es", variant) == said


@pytest.mark.parametrize(("variant", "natural", "out"), [
    ("classic",
     "No pierdas la canasta natural: tu combinación de 6 cartas no lleva cartas libres, y con una "
     "carta libre ahora perdería lo que vale de más una canasta natural.",
     "Sal ya: tu rival tiene una combinación de 6 cartas a punto de ser canasta, y al salir la mano "
     "termina antes de que la complete."),
    ("rioplatense",
     "No pierdas la canasta limpia: tu juego de 6 cartas no lleva comodines, y con un comodín "
     "ahora perdería lo que vale de más una canasta limpia.",
     "Corta ya: tu rival tiene un juego de 6 cartas a punto de ser canasta, y al cortar la mano "
     "termina antes de que lo complete."),
])
def test_the_coach_names_a_meld_with_the_variants_word(variant: str, natural: str, out: str) -> None:
    assert tw("coach.strategy.natural", "es", variant, size=6) == natural
    assert tw("coach.strategy.go_out", "es", variant, size=6, other=1, alone="yes") == out


@pytest.mark.parametrize(("variant", "said"), [
    ("classic", "aún quedan cartas en el mazo, así que hay que robar del mazo o llevarse el montón"),
    ("americana", "aún quedan cartas en el mazo, así que hay que comprar del mazo o comprar el pozo"),
    ("rioplatense", "aún quedan cartas en el mazo, así que hay que robar del mazo o levantar el pozo"),
])
def test_passing_with_cards_in_the_stock_is_refused_in_one_clause(variant: str, said: str) -> None:
    assert phrase("pass.stock-left", variant) == said


@pytest.mark.parametrize(("variant", "meld", "pile"), [
    ("classic", "ninguna combinación así", "un montón vacío"),
    ("rioplatense", "ningún juego así", "un pozo vacío"),
])
def test_the_checks_speak_of_the_variants_melds_and_pile(variant: str, meld: str, pile: str) -> None:
    assert phrase("checked.no-meld", variant) == meld
    assert phrase("checked.top", variant, card=None) == pile


def test_the_reader_who_plays_alone_plays_on_their_own_account() -> None:
    assert rule("out.ask-partner-none", "no", "individual", alone="yes", player="Tú") == (
        "No tienes compañero a quien preguntar: juegas por tu cuenta.")
    assert rule("out.ask-partner-none", "no", "individual", alone="yes", player="Ada") == (
        "Ada no tiene compañero a quien preguntar: juega por su cuenta.")
    assert rule("out.ask-partner-none", "no", "rioplatense", alone="yes", player="Tú") == (
        "En la canasta rioplatense no se pide permiso al compañero: además, juegas por tu cuenta.")


def test_an_action_refused_out_of_turn_is_quoted_after_hacer() -> None:
    said = rule("turn.order", "no", "classic", seated="yes", player="Tú", action="llevarse el montón",
                turn="Ada", take="yes")
    assert said == ("No puedes hacer «llevarse el montón» ahora: es el turno de Ada, y solo quien "
                    "tiene el turno puede llevarse el montón.")


def test_a_black_three_covers_the_rioplatense_pozo() -> None:
    assert rule("pile.blocked", "no", "rioplatense", player="Ada", top="3♠") == (
        "Ada no puede levantar el pozo: el tres negro 3♠ de arriba lo tapa en este turno.")
    assert rule("pile.blocked", "no", "classic", player="Ada", top="3♠") == (
        "Ada no puede llevarse el montón: el tres negro 3♠ de arriba lo bloquea en este turno.")


def test_taking_the_pile_onto_a_meld_lays_off_with_the_variants_verb() -> None:
    facts = dict(player="Ada", count=2, onto="dieces", meld="10♣", also=0)
    assert rule("pile.take", "ok", "rioplatense", **facts) == (
        "Ada levanta el pozo (2 cartas) y agrega 10♣ al juego de dieces en el acto.")
    assert rule("pile.take", "ok", "classic", **facts) == (
        "Ada se lleva el montón (2 cartas) y añade 10♣ a la combinación de dieces en el acto.")


def test_the_side_taken_out_of_the_hole_is_theirs() -> None:
    said = rule("hoyo.left", "ok", "americana", side="la pareja de Ada y Cleo", player="Ada", count=3)
    assert said.startswith("Ada saca del hoyo a su pareja y toma el ala de 3 cartas")


@pytest.mark.parametrize(("most", "said"), [
    (0, "Una combinación no lleva cartas libres y tiene al menos 2 cartas naturales."),
    (1, "Una combinación lleva como mucho una carta libre y al menos 2 cartas naturales."),
    (3, "Una combinación lleva como mucho 3 cartas libres y al menos 2 cartas naturales."),
])
def test_the_wild_card_limit_reads_for_every_limit(most: int, said: str) -> None:
    assert rule("meld.wild-limit", "text", "classic", max_wilds=most, min_naturals=2,
                wilds_at_most_naturals="no") == said


@pytest.mark.parametrize(("need", "said"), [
    (1, "Se cierra descartando la última carta, cuando la pareja tiene su canasta."),
    (2, "Se cierra descartando la última carta, cuando la pareja tiene sus 2 canastas."),
])
def test_going_out_in_americana_needs_its_canastas(need: int, said: str) -> None:
    assert rule("out.went-out", "text", "americana", canastas_to_go_out=need) == said


def test_the_hand_ends_without_a_literal_play_of_the_hand() -> None:
    assert phrase("pass.stock-empty", "classic") == (
        "el mazo está vacío y nadie se lleva el montón, así que la mano termina")
    assert ES["standard"]["std.last-red-three"].endswith("pero no descartar, y ahí termina la mano.")
    assert phrase("why.use-top-two-naturals", "americana", rank="nueves") == (
        "tiene que bajarse con al menos dos nueves de la mano; también pueden ir comodines")


def test_sources_and_labels_quote_and_name_as_the_rest_do() -> None:
    assert "«de mano»" in ES["standard"]["std.concealed"]
    assert "«¿Puedo salir?»" in ES["standard"]["std.ask"]
    assert label("w.q.do.ask", "es", "classic", player="Tú") == (
        "pedir permiso a tu compañero para salir")
    assert label("w.moment.draw", "es", "classic") == "Al empezar el turno"
    assert label("replay.slip", "es") == "Una errata de la partida contada, rechazada por el motor"


def test_a_card_typed_wrong_is_told_that_its_suit_letters_are_english() -> None:
    """«7c» is 7♣ (clubs), not corazones: a Spanish reader is told what each letter stands for."""
    from canasta.cards import parse_card
    from canasta.errors import InvalidActionError
    from canasta.words import error_text

    assert parse_card("7c").text == "7♣" and parse_card("10h").text == "10♥"
    with pytest.raises(InvalidActionError) as e:
        parse_card("XX")
    said = error_text(e.value, "es")
    assert "o su inicial en inglés: C tréboles, D diamantes, H corazones, S picas" in said
    assert said.startswith("«XX» no es una carta")


@pytest.mark.parametrize(("variant", "lang", "said"), [
    ("classic", "es", "No puedes usar la carta de arriba, 8♣, con 8♦ 8♠ A♠: A♠ no es de su valor (8) "
     "ni una carta libre; con la carta de arriba solo se bajan cartas de su valor y cartas libres "
     "(tras «con», en una jugada escrita); otras combinaciones pueden bajarse a la vez solo para "
     "llegar al mínimo de la primera bajada (tras «y bajar»)."),
    ("rioplatense", "es", "No puedes usar la carta de arriba, 8♣, con 8♦ 8♠ A♠: A♠ no es de su valor "
     "(8) ni un comodín; con la carta de arriba solo se bajan cartas de su valor y comodines (tras "
     "«con», en una jugada escrita); otros juegos pueden bajarse a la vez solo para llegar al "
     "mínimo de la primera bajada (tras «y bajar»)."),
    ("classic", "en", "You cannot use the top card, 8♣, with 8♦ 8♠ A♠: A♠ is not of its rank (8) "
     "nor a wild card; only cards of its rank and wild cards go down with the top card (after "
     "'with', in a typed move); other melds may go down at once only to reach the opening minimum "
     "(after 'and meld')."),
])
def test_a_card_of_another_rank_with_the_top_card_is_explained_by_the_rule_first(
        variant: str, lang: str, said: str) -> None:
    """The rule comes first and the typed syntax in brackets: a learner who clicked the cards
    was told only where words go in a typed move ("las cartas que siguen a «con»…")."""
    from canasta.situation import situation

    st = situation(variant, hands={"Tú": "8♦ 8♠ A♠ 4♦ 5♣"}, pile="5♥ 8♣")
    exp = st.check("take pile with 8♦ 8♠ A♠")
    assert not exp.allowed and exp.message(lang) == said


@pytest.mark.parametrize(("lang", "said"), [
    ("es", "robas la J♦ y el 7♥ del mazo; quedan 73."),  # made capital when shown
    ("en", "You draw the J♦ and the 7♥ from the stock; 73 remain."),
])
def test_two_cards_drawn_are_named_each_with_its_article(lang: str, said: str) -> None:
    from canasta.cards import Card
    template = rule_field("draw.stock", "ok", lang, "rioplatense")
    assert template is not None
    facts = {"player": "Tú", "cards": [Card.parse("J♦"), Card.parse("7♥")], "count": 2,
             "stock": 73}
    assert render(template, facts, Ctx(lang, "rioplatense")) == said
    one = render(template, {**facts, "cards": [Card.parse("Q♠")], "count": 1},
                 Ctx(lang, "rioplatense"))
    assert one.startswith({"es": "robas la Q♠ del", "en": "You draw the Q♠ from"}[lang]), one


def test_the_summary_of_a_two_card_draw_names_each_card_with_its_article() -> None:
    assert render(ES["table"]["sum.draw.you"], {"player": "Tú", "cards": ["J♦", "7♥"],
                                                  "count": 2},
                  Ctx("es", "rioplatense")) == "robas la J♦ y el 7♥"


def test_one_three_replaced_is_one_and_many_are_many() -> None:
    one = rule("threes.replaced", "ok", "americana", player="Tú", count=1, stock=40)
    assert one == "Compras una carta del mazo para reponer el tres; quedan 40."
    two = rule("threes.replaced", "ok", "americana", player="Tú", count=2, stock=40)
    assert two == "Compras 2 cartas del mazo para reponer los tres; quedan 40."
    said = render(ES["table"]["sum.threes"], {"player": "Ada", "n": "1 carta", "count": 1},
                  Ctx("es", "americana"))
    assert said == "compra 1 carta por el tres"


def test_a_hand_played_out_has_no_cards_not_zero_hidden_ones() -> None:
    from canasta.render.text import label as text_label

    assert text_label("hidden", "es", n=0) == "sin cartas"
    assert text_label("hidden", "es", n=3) == "3 cartas (ocultas)"
    assert text_label("hidden", "en", n=0) == "no cards"


def test_a_discard_without_its_card_asks_for_the_card() -> None:
    from canasta.actions import parse_action
    from canasta.errors import InvalidActionError

    with pytest.raises(InvalidActionError) as missing:
        parse_action("descartar")
    assert missing.value.message("es").endswith("falta la carta que descartas, por ejemplo «descartar 4♠»")
    with pytest.raises(InvalidActionError) as two:
        parse_action("descartar 4♠ 5♦")
    assert two.value.message("es").endswith("se descarta una sola carta, por ejemplo «descartar 4♠»")


def test_an_unknown_house_rule_names_the_variant_by_its_title() -> None:
    from canasta.errors import VariantError
    from canasta.houserules import parse_house_rules

    with pytest.raises(VariantError) as err:
        parse_house_rules('base = "classic"\n[options]\ncanastas = 2\n', "mesa.toml")
    assert "la regla de la casa «canastas» no existe en la Canasta clásica;" in err.value.message("es")


def test_canasta_real_tells_a_lay_off_named_by_a_rank_how_runs_are_named() -> None:
    from canasta.situation import situation

    st = situation("real", hands={"Tú": "10♥ 4♣ 9♦"}, melds={"Tú": ["5♥ 6♥ 7♥"]}, phase="play")
    by_rank = st.check("add 10♥ to J")
    assert not by_rank.allowed and by_rank.rule == "add.target"
    assert by_rank.message("es") == (
        "En la Canasta Real no hay juegos de un solo valor, solo escaleras: para agregar 10♥, "
        "nombra la escalera por su número («#1») o por su etiqueta («♥5-7»).")
    assert st.check("add 10♥ to #4").message("es") == (
        "Tu pareja no tiene ninguna escalera número 4 a la que agregar 10♥.")
    classic = situation(hands={"Tú": "10♥ 4♣ 9♦"}, melds={"Tú": ["5♥ 5♦ 5♣"]}, phase="play")
    assert classic.check("add 10♥ to J").message("es") == (
        "Tu pareja no tiene una combinación de jotas a la que añadir 10♥.")


def test_a_lay_off_onto_a_player_not_in_the_game_is_told_the_meld_is_not_there() -> None:
    import canasta

    g = canasta.new_game("individual", seed=1, players=2)
    g.play("draw")
    refused = g.check("add JK to Bo:A")
    assert not refused.allowed and "Bo" not in g.names
    assert refused.message("es").endswith("no hay en la mesa una combinación con ese nombre.")


@pytest.mark.parametrize(("command", "path", "said"), [
    ("score", "examples/classic_sample_game.json",
     "este archivo es una partida («canasta-record»), que se abre con «canasta replay»; aquí se "
     "espera «canasta-scenario»"),
    ("replay", "examples/classic_sample_final_table.json",
     "este archivo es una situación de puntuación («canasta-scenario»), que se abre con «canasta "
     "score»; aquí se espera «canasta-record»"),
])
def test_a_record_given_where_a_scenario_goes_is_told_which_command_opens_it(
        command: str, path: str, said: str) -> None:
    from pathlib import Path

    from canasta.errors import RecordError
    from canasta.records import load_record
    from canasta.scenario import load_scenario

    load = load_scenario if command == "score" else load_record
    with pytest.raises(RecordError) as err:
        load(Path(__file__).parent.parent / path)
    assert err.value.message("es").endswith(said)


def test_figures_with_decimals_use_the_languages_decimal_sign() -> None:
    from canasta.compare import play_stats
    from canasta.render.compare import stats_html, stats_svg
    from canasta.words import decimal

    assert decimal(50.64, "es") == "50,6" and decimal(50.64, "en") == "50.6"
    stats = [play_stats("classic", 1, 0, 1)]
    turns = decimal(stats[0].turns_per_hand, "es")
    assert "," in turns and f">{turns}<" in stats_html(stats, "es") and f">{turns}<" in stats_svg(stats, "es")
    assert f">{turns.replace(',', '.')}<" in stats_html(stats, "en")


@pytest.mark.parametrize("value", [{"a": 1}, ["canasta-record"], 3])
def test_a_format_of_another_type_is_refused_as_a_wrong_format(value: object) -> None:
    from canasta.errors import RecordError
    from canasta.records import parse_header

    with pytest.raises(RecordError) as err:
        parse_header({"format": value}, "scenario", ("format",), "canasta-scenario", "x.json")
    assert err.value.key == "record.format"


def test_canasta_reals_pack_has_no_jokers_not_no_comodines() -> None:
    # the 2s are Real's comodines: a pack "sin comodines" would say there are none
    text = rule("deal.hands", "text", "real", cards_dealt=11, decks=2, jokers=0, total=104)
    assert "y sin jokers" in text and "sin comodines" not in text
    assert "y sin comodines" in rule("deal.hands", "text", "individual", cards_dealt=11, decks=2,
                                     jokers=0, total=104)


@pytest.mark.parametrize(("cards", "said"), [
    ("7♣ 7♣", "Cleo añade los dos 7♣ a la combinación de sietes"),
    ("Q♣ Q♣ Q♦", "Cleo añade las dos Q♣ y la Q♦ a la combinación de reinas"),
    ("K♦ K♠", "Cleo añade el K♦ y el K♠ a la combinación de reyes"),
])
def test_copies_of_a_card_are_said_once_with_their_article(cards: str, said: str) -> None:
    assert "Cleo " + tw("sum.add", "es", "classic", cards=tuple(parse_cards(cards)),
                        target=cards[0], player="Cleo") == said
