"""The coach as a teacher: the moves its search weighs, the reasons it gives, and asking the
partner before going out. Each case below was found wrong by playing hands with the coach in
Spanish: a canasta left unweighed, a pile "that helps" whose top card fits nothing, no word of
asking the partner, the one move left after a yes said in lower case and without the yes, a
discard called safe against a pile that needs a natural pair, and a card "that serves least"
that fits the side's meld."""

from __future__ import annotations

from real_tables import table

from canasta.actions import Add, AskPartner, TakePile, parse_action
from canasta.bots import CarefulBot, _discard_choice, _play_choice, _take_choice, make_coach
from canasta.render.coach import advice_text
from canasta.search import candidates
from canasta.situation import situation


def test_the_search_weighs_the_play_that_completes_a_canasta() -> None:
    # the heuristics play the largest lay-off (8♥ 2♠ onto the eights); the 2♠ alone makes the
    # sixes a canasta, and that move is among those searched
    st = situation("rioplatense", hands={"Tú": "2♠ 8♥ 7♠ Q♠ 5♦", "Ada": "5♦ 4♠ 4♦",
                                         "Bo": "9♥ 9♣ K♦ 4♥", "Cleo": "10♣ J♦ J♣"},
                   melds={"Tú": ["6♣ 6♥ 6♥ 6♠ 6♠ 2♥", "8♣ 8♦ 8♠"]}, phase="play")
    base, moves = candidates(st, st.legal_actions(), 0, 4)
    assert base.action == parse_action("add 8♥ 2♠ to 8")
    assert Add(cards=tuple(parse_action("add 2♠ to 6").cards), target="6") in moves


HANDS = {"Tú": "K♠ Q♦ 5♣ 6♣", "Ada": "K♣ K♦ 5♣", "Bo": "3♦ 4♦ 5♦ Q♥", "Cleo": "J♣ 8♣ 6♦"}


def test_a_whole_pile_is_said_to_help_only_when_its_top_card_fits() -> None:
    helps = table(HANDS, phase="draw", pile="5♥ 7♣")  # 5♣ 6♣ 7♣: a run with the top card
    choice = _take_choice(helps, TakePile())
    assert choice.why == "take.helps"
    assert advice_text(choice, helps.variant, "es").startswith(
        "Compra el pozo: su carta de arriba, 7♣, te sirve para un juego")
    idle = table(HANDS, phase="draw", pile="5♥ 9♠")  # the 9♠ goes with nothing of the hand
    choice = _take_choice(idle, TakePile())
    assert choice.why == "take.whole"
    assert advice_text(choice, idle.variant, "es") == (
        "Compra el pozo: sus 2 cartas pasan a tu mano, y con más cartas tienes más con qué bajar.")
    assert advice_text(choice, idle.variant, "en") == (
        "Take the pile: its 2 cards go into your hand, and more cards give you more to meld with.")


# Seed 003: "Pide permiso antes a tu compañero."
OUT = dict(hands={"Tú": "3♣ 3♣ 3♠ J♠", "Ada": "A♦ A♥ JK JK K♣ K♦ J♥ 2♥", "Bo": "5♥ J♦ 4♦ 8♣",
                  "Cleo": "A♣ A♠ 2♣ 2♦ K♥ K♠ J♣"},
           melds={"Bo": ["Q♣ Q♦ Q♠ Q♥ Q♣ Q♦ Q♠", "9♦ 9♣ 9♠"], "Ada": ["10♣ 10♦ 10♥ 10♠ 10♣ 2♠"]},
           phase="play")


def test_the_coach_asks_the_partner_before_the_move_that_goes_out() -> None:
    st = situation("classic", **OUT)
    choice = make_coach("expert", 0, "classic").decide(st)
    assert isinstance(choice.action, AskPartner) and choice.why == "ask.first"
    assert choice.facts["then"] == parse_action("meld 3♣ 3♣ 3♠") and choice.facts["left"] == 1
    assert advice_text(choice, st.variant, "es").startswith(
        "Pide antes permiso a tu compañero para salir: con «bajar 3♣ 3♣ 3♠» te queda una sola "
        "carta, para descartarla, y si dice que sí, tendrás que salir en este turno.")
    assert advice_text(choice, st.variant, "en").startswith(
        "Ask your partner first whether you may go out: 'meld 3♣ 3♣ 3♠' leaves you one card, to "
        "discard, and if the answer is yes, you must go out this turn.")
    # the table's expert bots go out unasked, as the engine allows
    assert not isinstance(make_coach("careful", 0).decide(st).action, AskPartner)


def test_after_the_partners_yes_the_one_move_left_is_said_with_the_yes() -> None:
    st = situation("classic", **OUT)
    st.apply("ask partner")
    st.apply("answer yes")
    assert [a.text for a in st.legal_actions()] == ["meld 3♣ 3♣ 3♠"]
    choice = make_coach("expert", 0, "classic").decide(st)
    assert choice.why == "only.yes"
    assert advice_text(choice, st.variant, "es") == (
        "Tu compañero ha dicho que sí, así que tienes que salir en este turno: «bajar 3♣ 3♣ 3♠» "
        "es la única jugada que te lo permite.")


def test_the_one_legal_move_opens_its_sentence_in_capitals() -> None:
    # the stock is over and the pile's top card goes onto the side's nines: a compulsory take
    st = situation("classic", hands={"Tú": "5♠ 6♠", "Ada": "5♦ 4♠ 4♦", "Bo": "J♠ 10♦",
                                     "Cleo": "10♣ J♦ J♣"},
                   melds={"Bo": ["Q♣ Q♦ Q♠ Q♥ Q♣ Q♦ Q♠", "9♥ 9♠ 9♦"]}, pile="4♥ 9♣",
                   phase="draw", stock=0)
    choice = make_coach("expert", 0, "classic").decide(st)
    assert choice.why == "only"
    assert advice_text(choice, st.variant, "es") == (
        "Llevarse el montón sobre tu combinación de nueves: la única jugada legal.")


def test_a_discard_is_not_called_safe_against_a_pile_that_needs_a_natural_pair() -> None:
    # rioplatense's pozo madre: the next side needs a natural pair, so their kings do not matter
    st = situation("rioplatense", hands={"Tú": "K♠ 5♣ 9♦ 9♣ 7♥", "Ada": "5♦ 4♠ 4♦",
                                         "Bo": "9♥ 9♣ K♦ 4♥", "Cleo": "10♣ J♦ J♣"},
                   melds={"Ada": ["K♣ K♦ K♥"]}, phase="play", pile="6♣")
    assert st.variant.pile_needs_pair(st, 1)
    assert CarefulBot(0).decide(st).why != "discard.safe"


def test_a_card_that_fits_the_sides_meld_is_not_the_one_that_serves_least() -> None:
    st = situation("classic", hands={"Tú": "K♠ 5♣ 9♦ 9♣ 7♥", "Ada": "5♦ 4♠ 4♦",
                                     "Bo": "9♥ 9♣ K♦ 4♥", "Cleo": "10♣ J♦ J♣"},
                   melds={"Tú": ["7♣ 7♦ 7♠"]}, phase="play", pile="6♣")
    choice = _discard_choice(st, parse_action("discard 7♥"), "")
    assert choice.why == "discard.plain"
    assert advice_text(choice, st.variant, "es") == "Descarta el 7♥, que vale 5."


def test_a_lay_off_onto_another_players_meld_says_whom_it_scores_for() -> None:
    # Canasta Individual: "Puedes añadir a las combinaciones de cualquiera" — and they score for
    # their owner
    st = situation("individual", names=["Tú", "Ada", "Bo"],
                   hands={"Tú": "Q♥ 4♠ 5♦ 9♣", "Ada": "8♠ 8♦ 6♣", "Bo": "J♠ 10♦ 4♦"},
                   melds={"Ada": ["Q♣ Q♦ Q♠"]}, opened={"Tú": True}, phase="play")
    choice = _play_choice(st, parse_action("add Q♥ to Ada:Q"))
    assert choice.why == "add"
    assert advice_text(choice, st.variant, "es") == (
        "Añade Q♥ a la combinación de reinas de Ada: menos cartas en la mano, aunque en la mesa "
        "puntúan para Ada, no para ti.")
    assert advice_text(choice, st.variant, "en") == (
        "Add Q♥ to Ada's meld of queens: fewer cards in your hand, though on the table they score "
        "for Ada, not for you.")


def test_a_canasta_is_said_by_its_kind_and_what_it_is_worth() -> None:
    # Americana's canasta of sevens: «Canasta especial (limpia, de as o siete) +2500»
    st = situation("americana", hands={"Tú": "7♣ 7♦ 7♦ 7♥ 7♥ 7♠ 7♠ 9♣ 9♦"}, phase="play",
                   opened={"Tú": True})
    choice = _play_choice(st, parse_action("meld 7♣ 7♦ 7♦ 7♥ 7♥ 7♠ 7♠"))
    assert advice_text(choice, st.variant, "es") == (
        "Baja 7♣ 7♦ 7♦ 7♥ 7♥ 7♠ 7♠: eso ya es una canasta especial, que vale 2500 al final de "
        "la mano.")
    st = situation("classic", hands={"Tú": "K♠ 4♠ 5♦ 9♣"}, melds={"Tú": ["K♣ K♦ K♦ K♥ K♥ K♠"]},
                   phase="play")
    choice = _play_choice(st, parse_action("add K♠ to K"))
    assert advice_text(choice, st.variant, "es") == (
        "Añade K♠ a tu combinación de reyes: se convierte en una canasta natural (7 cartas), que "
        "vale 500.")
    assert advice_text(choice, st.variant, "en") == (
        "Add K♠ to your meld of kings: it becomes a natural canasta (7 cards), worth 500.")
