"""The coach's reasons hold of the position they are given for: each case below was said wrong
before (a meld of threes told as an opening, "cierra" with a muerto to come, a black three said
to block an empty pile, rivals in the plural with one rival, the learner's meld "de Tú", three
discards of one rank filling the search's four places, "every move" for the few it tried)."""

from __future__ import annotations

import canasta
from canasta.actions import Add, Discard, parse_action
from canasta.bots import CarefulBot, Choice, _play_choice, make_bot
from canasta.cards import parse_cards
from canasta.render.coach import advice_text
from canasta.search import _strategy, candidates
from canasta.situation import situation
from canasta.state import State


def advanced(variant: str, seed: int, n: int, players: int | None = None) -> State:
    st = canasta.new_game(variant, seed=seed, players=players)
    bots = [make_bot("careful", seed + i) for i in range(st.players)]
    for _ in range(n):
        if st.hand_over:
            break
        st.play(bots[st.actor].choose(st))
    return st


AMERICANA_HAND = "3♣ 3♥ 5♣ 5♠ JK 8♠ 8♦ 2♠ Q♣ Q♥ Q♦ 9♦"


def test_a_meld_of_threes_in_americana_is_not_told_as_an_opening() -> None:
    st = situation("americana", hands={"Tú": AMERICANA_HAND}, phase="play")
    threes = parse_action("meld 3♣ 3♥")
    assert st.check(threes).allowed  # a juego de tres may go down before leaving the hoyo
    choice = _play_choice(st, threes)
    assert choice.why == "meld.threes"  # what a juego de tres is, in the seed's terms
    said = advice_text(choice, st.variant, "es")
    assert said == ("Baja 3♣ 3♥: los treses se bajan solos, y robas una carta por cada uno; al "
                    "final de la mano cuentan a favor si tu pareja tiene dos canastas o más, y en "
                    "contra si no tiene ninguna.") and "salir del hoyo" not in said
    opening = parse_action("meld 5♣ 5♠ JK / 8♠ 8♦ 2♠ / Q♣ Q♥ Q♦")
    assert st.check(opening).allowed and _play_choice(st, opening).why == "meld.open"


def test_keeping_the_wild_cards_is_said_only_against_the_same_play_with_them() -> None:
    st = situation("americana", hands={"Tú": AMERICANA_HAND}, phase="play")
    threes = parse_action("meld 3♣ 3♥")
    with_wilds = parse_action("meld 5♣ 5♠ JK / 8♠ 8♦ 2♠ / Q♣ Q♥ Q♦")
    assert _strategy(st, threes, [with_wilds]) == ("", {})
    classic = situation(hands={"Tú": "K♠ K♥ K♣ 2♣ 4♦ 9♠"}, melds={"Tú": ["7♠ 7♥ 7♣"]},
                        phase="play")
    plain, wild = parse_action("meld K♠ K♥ K♣"), parse_action("meld K♠ K♥ K♣ 2♣")
    assert _strategy(classic, plain, [wild])[0] == "keep_wild"
    assert _strategy(classic, plain, [parse_action("add 2♣ to 7")])[0] != "keep_wild"


def test_the_last_discard_with_a_muerto_to_come_does_not_say_the_hand_ends() -> None:
    st = advanced("real", 1, 59, players=2)
    choice = CarefulBot().decide(st)
    assert len(st.hands[st.turn]) == 1 and choice.why == "discard.last"
    card = choice.facts["card"].text
    assert advice_text(choice, st.variant, "es") == (
        f"Descarta el {card}, tu última carta: la mano sigue y recibes tu muerto para seguir "
        "jugando.")
    assert advice_text(choice, st.variant, "en") == (
        f"Discard the {card}, your last card: the hand goes on, and you receive your muerto to "
        "play on with.")
    after = st.copy()
    after.play(choice.action)
    assert not after.hand_over  # as the engine plays it


def test_a_last_discard_that_ends_the_hand_says_so() -> None:
    st = situation(hands={"Tú": "9♦"}, melds={"Tú": ["7♠ 7♥ 7♣ 7♦ 7♠ 7♥ 7♣"]}, phase="play")
    choice = CarefulBot().decide(st)
    assert choice.why == "discard.out"
    assert advice_text(choice, st.variant, "es") == "Descarta el 9♦ y sal: es tu última carta."


def test_a_black_three_is_not_said_to_block_an_empty_pile() -> None:
    st = situation(hands={"Tú": "3♠ 3♣ 9♦"}, phase="play", pile="")
    assert CarefulBot().decide(st).why != "discard.block"
    st = situation(hands={"Tú": "3♠ 9♦ 9♣ 9♥ 2♦"}, phase="play", pile="K♥ 8♦")
    choice = Choice(parse_action("discard 3♠"), "discard.block", {"card": parse_cards("3♠")[0]})
    assert advice_text(choice, st.variant, "es") == (
        "Descarta el 3♠: un tres negro bloquea el montón al siguiente jugador.")
    rio = situation("rioplatense", hands={"Tú": "3♠ 9♦ 9♣ 9♥ 2♦"}, phase="play", pile="K♥ 8♦")
    assert advice_text(choice, rio.variant, "es") == (
        "Descarta el 3♠: un tres negro tapa el pozo al siguiente jugador.")


def test_one_rival_is_one() -> None:
    facts = {"card": parse_cards("4♦")[0], "value": 5}
    safe = Choice(parse_action("discard 4♦"), "discard.safe", {**facts, "opponents": 1})
    assert advice_text(safe, canasta.find_variant("rioplatense"), "es").startswith(
        "Descarta el 4♦: a tu rival no le sirve, porque no tiene ningún juego de ese valor")
    assert advice_text(safe, canasta.find_variant("classic"), "en").startswith(
        "Discard the 4♦: your opponent has no meld of its rank")
    many = Choice(safe.action, "discard.safe", {**facts, "opponents": 3})
    assert advice_text(many, canasta.find_variant("individual"), "es").startswith(
        "Descarta el 4♦: a tus rivales no les sirve, porque no tienen")
    run = Choice(safe.action, "discard.safe_run", {**facts, "opponents": 1})
    assert "no entra en ninguna escalera de tu rival ni" in advice_text(
        run, canasta.find_variant("real"), "es")


def test_a_bots_lay_off_on_the_learners_meld_names_the_seat_not_de_tu() -> None:
    choice = Choice(Add(cards=parse_cards("7♣"), target="Tú:7"), "add",
                    {"cards": parse_cards("7♣"), "target": "Tú:7", "size": 4, "short": 3})
    said = advice_text(choice, canasta.find_variant("individual"), "es")
    assert said.startswith("Añade 7♣ a la combinación de sietes de «Tú»:") and "de Tú" not in said


def test_discards_of_one_rank_take_one_place_among_the_moves_searched() -> None:
    st = advanced("americana", 2, 20)
    moves = candidates(st, st.legal_actions(), 0, 4)[1]
    ranks = [a.card.rank for a in moves if isinstance(a, Discard) and a.card is not None]
    assert len(ranks) == len(set(ranks)) >= 3, [a.text for a in moves]
    legal = {a.card.rank for a in st.legal_actions() if isinstance(a, Discard) and a.card}
    assert set(ranks) == legal and len(legal) == 3  # the 7s took three of the places before


def test_one_of_the_tops_rank_and_a_wild_card_on_a_frozen_pile_is_told_why_it_is_refused() -> None:
    st = advanced("classic", 1, 0)
    hand = " ".join(c.text for c in st.hands[st.turn])
    assert st.pile_frozen and st.pile[-1].text == "Q♠" and "Q♥" in hand and "2♥" in hand
    choice = CarefulBot().decide(st)
    assert choice.why == "draw.refused"
    assert advice_text(choice, st.variant, "es").startswith(
        "Roba del mazo: tienes la Q♥ y el 2♥, pero para ti, el montón está congelado")
    assert advice_text(choice, st.variant, "en").startswith(
        "Draw from the stock: you have the Q♥ and the 2♥, but for you, the pile is frozen")


def test_the_searchs_lay_offs_are_said_in_words_not_as_typed() -> None:
    from canasta.bots import make_coach

    st = advanced("real", 1, 7)
    choice = make_coach("expert", 0, "real").decide(st)
    assert any(isinstance(a, Add) and a.target == "#1" for a, _ in choice.facts["search"])
    said = advice_text(choice, st.variant, "es")
    assert "«agregar 8♠ a tu juego de ♠ del 9 a la J», de media" in said and "#1" not in said
    en = advice_text(choice, st.variant, "en")
    assert "found, trying 4 moves" in en and "; add 8♠ to your meld of ♠ from 9 to J: " not in en
    assert "each, the best 3: add 8♠ to your meld of ♠ from 9 to J: +" in en and "#1" not in en


def test_a_way_out_the_search_found_worse_is_named_not_left_unsaid() -> None:
    from canasta.bots import make_coach

    st = advanced("rioplatense", 5, 95, players=2)
    out = parse_action("meld 3♣ 3♣ 3♠ 3♠")
    assert st.check(out).allowed  # the four black threes cut the hand
    choice = make_coach("expert", 0, "rioplatense").decide(st)
    assert choice.action != out and choice.facts["strategy"] == "wait"
    assert out in [a for a, _ in choice.facts["search"]]
    assert "Podrías cortar ya («bajar 3♣ 3♣ 3♠ 3♠»), pero en las continuaciones sale más a " \
           "cuenta seguir jugando" in advice_text(choice, st.variant, "es")
    assert "You could go out now (meld 3♣ 3♣ 3♠ 3♠), but the continuations favour playing on" \
        in advice_text(choice, st.variant, "en")
