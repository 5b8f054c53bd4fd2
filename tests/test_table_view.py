"""The card table's pure parts, without a browser: the view model (what is drawn), what a click
means as action text, the one-line turn summaries and the coach's words."""

from __future__ import annotations

import json

import pytest

import canasta
from canasta.actions import Add, Discard, Draw, Meld, TakePile, parse_action
from canasta.bots import BOTS, CarefulBot, GreedyBot, _take_choice, make_bot
from canasta.cards import Card, parse_cards
from canasta.registry import variant_names
from canasta.render.clicks import add_text, meld_target, meld_text, take_text
from canasta.render.coach import advice_text
from canasta.render.summary import Played, turn_line, turn_lines, turns
from canasta.render.tableview import (
    Hint,
    Notes,
    Said,
    hint_for,
    legal_view,
    places,
    shown_hand,
    table_view,
)
from canasta.situation import situation


def cards(text: str) -> list[Card]:
    return list(parse_cards(text))


# ---- what a click means --------------------------------------------------------------------

def test_selected_cards_before_meld_become_the_legal_meld_of_exactly_those_cards() -> None:
    st = situation(hands={"Tú": "K♠ K♥ K♣ 8♦ 8♠ 2♣ 4♦"}, phase="play")
    # in any order; the engine's own grouping of the first melds comes back
    assert meld_text(st, cards("2♣ 8♠ K♣ 8♦ K♥ K♠")) == "meld 8♦ 8♠ 2♣ / K♣ K♥ K♠"
    # short of the opening minimum: split by rank, so the refusal names the minimum
    text = meld_text(st, cards("8♦ 8♠ 2♣"))
    assert text == "meld 8♦ 8♠ 2♣" and st.check(text).rule == "open.minimum"
    # cards of two ranks that make no meld together: the engine says why
    text = meld_text(st, cards("K♠ K♥ 8♦"))
    assert st.check(text).rule == "meld.same-rank"


def test_a_click_on_the_pile_takes_it_with_the_selected_cards_and_melds_the_rest() -> None:
    st = situation(hands={"Tú": "7♥ 7♦ A♠ A♥ A♣ 4♦ 9♣"}, pile="5♠ 2♦ 7♠")
    text = take_text(st, cards("A♣ 7♦ A♥ 7♥ A♠"))
    assert text == "take pile with 7♦ 7♥ and meld A♣ A♥ A♠" and st.check(text).allowed
    # nothing selected: the engine says the top card must be used
    assert take_text(st, []) == "take pile" and st.check("take pile").rule == "pile.use-top"
    # a single 7 with the pile frozen by the 2♦: refused for what it is
    assert st.check(take_text(st, cards("7♥ 9♣"))).rule in ("pile.use-top", "pile.frozen")


def test_a_click_on_the_pile_with_nothing_selected_lays_its_top_on_your_meld() -> None:
    st = situation(hands={"Tú": "4♦ 9♣ Q♥"}, melds={"Bo": ["7♣ 7♥ 7♠"]}, pile="5♠ 7♦")
    assert take_text(st, []) == "take pile onto 7" and st.check("take pile onto 7").allowed


def test_melds_are_named_as_the_engine_resolves_them() -> None:
    st = situation(hands={"Tú": "7♦ 9♣ 4♦ 5♠"}, melds={"Bo": ["7♣ 7♥ 7♠"], "Ada": ["9♠ 9♥ 9♦"]},
                   phase="play")
    assert meld_target(st, 0, 0, 0) == "7"
    assert add_text(st, 0, cards("7♦"), 0, 0) == "add 7♦ to 7" and st.check("add 7♦ to 7").allowed
    # another side's meld is named with its owner; the engine refuses laying off there
    text = add_text(st, 0, cards("9♣"), 1, 0)
    assert text == "add 9♣ to Ada:9" and not st.check(text).allowed
    ind = situation("individual", hands={"Tú": "9♣ 4♦ 5♠"}, melds={"Ada": ["9♠ 9♥ 9♦"]},
                    phase="play")
    assert meld_target(ind, 0, 1, 0) == "Ada:9"


# ---- the view model ----------------------------------------------------------------------------

def test_the_view_shows_your_hand_face_up_and_only_counts_of_the_others() -> None:
    st = canasta.new_game("classic", seed=464)
    view = table_view(st, 0, "en")
    json.dumps(view)  # the synced state is plain data
    hand = view["hand"]["cards"]
    assert [c["c"] for c in hand] == [c.text for c in shown_hand(st, 0)] and len(hand) == 11
    # every card face is the project's SVG, with its spoken name
    assert all(view["faces"][c["c"]].startswith("<svg class=\"canasta-card\"") for c in hand)
    assert hand[-1]["label"] == "king of clubs" and 'aria-label="king of clubs"' in view["faces"]["K♣"]
    others = {p["name"]: p["count"] for s in view["sides"] for p in s["players"]}
    assert others == {"You": 11, "Bo": 11, "Ada": 11, "Cleo": 11}
    assert not any(st.hands[1][0].text == c["c"] for c in hand) or st.hands[1][0] in st.hands[0]
    assert view["sides"][0]["yours"] and view["sides"][0]["title"] == "You & Bo"
    assert view["stock"] == {"title": "Stock", "count": len(st.stock), "aria": f"Stock, {len(st.stock)} cards. Draw a card",
                             "clickable": True, "hint": False}
    assert view["pile"]["top"]["c"] == st.top.text  # type: ignore[union-attr]
    # the side has not opened: the engine's reason the pile is frozen, named
    assert [(m["key"], m["why"]) for m in view["pile"]["marks"]] == [
        ("frozen", "your side has not opened yet this hand")]
    assert view["status"] == "Your turn: draw from the stock or take the pile."
    es = table_view(st, 0, "es")
    assert es["status"] == "Te toca robar del mazo o llevarte el montón."
    assert es["hand"]["cards"][-1]["label"] == "rey de tréboles" and es["sides"][0]["title"] == "Tú y Bo"


def test_the_hand_sorted_as_melds_to_be_groups_ranks_then_wild_cards_then_singles() -> None:
    st = situation(hands={"Tú": "4♦ K♠ 9♣ K♥ JK 9♦ K♣ 2♠ 5♥"})
    assert [c.text for c in shown_hand(st, 0)] == "2♠ 4♦ 5♥ 9♣ 9♦ K♣ K♥ K♠ JK".split()
    assert [c.text for c in shown_hand(st, 0, "melds")] == "K♣ K♥ K♠ 9♣ 9♦ 2♠ JK 4♦ 5♥".split()
    view = table_view(st, 0, "en", Notes(order="melds"))
    assert [c.get("gap", False) for c in view["hand"]["cards"]] == [
        False, False, False, True, False, True, False, True, True]
    real = situation("real", hands={"Tú": "5♥ 9♣ 6♥ 2♠ 7♥ 10♣"})
    assert [c.text for c in shown_hand(real, 0, "melds")] == "5♥ 6♥ 7♥ 9♣ 10♣ 2♠".split()


def test_selection_fresh_cards_refusals_and_hints_are_marked_on_the_cards() -> None:
    st = situation(hands={"Tú": "7♥ 7♦ K♠ 4♦"}, pile="9♠ 7♠", phase="play")
    hand = shown_hand(st, 0)
    said = Said("hand", st.check("meld 7♥ 7♦"), action="meld 7♥ 7♦", cards=places(hand, cards("7♥ 7♦")))
    notes = Notes(selected=places(hand, cards("7♥ 7♦")), fresh=cards("K♠"), said=said,
                  hint=Hint("Discard the 4♦", "discard 4♦", "discard", places(hand, cards("4♦"))))
    view = table_view(st, 0, "en", notes)
    marks = {c["c"]: {k for k in ("sel", "fresh", "bad", "hint") if c.get(k)} for c in view["hand"]["cards"]}
    assert marks == {"4♦": {"hint"}, "7♦": {"sel", "bad"}, "7♥": {"sel", "bad"}, "K♠": {"fresh"}}
    assert view["hand"]["cards"][-1]["aria"] == "king of spades, just drawn"
    assert view["said"]["where"] == "hand" and not view["said"]["ok"]
    assert view["said"]["rule"] == "meld.min-cards" and 'data-rule="meld.min-cards"' in view["said"]["html"]


def test_each_variant_shows_its_own_piles_and_words() -> None:
    seen = {}
    for name in variant_names():
        st = canasta.new_game(name, seed=3)
        view = table_view(st, 0, "es")
        seen[name] = (view["pile"]["title"], [x["title"] for x in view["extras"]],
                      view["sides"][0]["show_threes"])
        json.dumps(view)
    assert seen["classic"] == ("Montón", [], True)
    assert seen["americana"] == ("Pozo", ["Alas"], False)
    assert seen["real"][:2] == ("Pozo", ["Muertos"])
    assert seen["rioplatense"][:2] == ("Pozo", [])
    assert seen["individual"][:2] == ("Descarte", [])
    real = table_view(canasta.new_game("real", seed=3), 0, "en")
    assert [p["label"] for p in real["extras"][0]["piles"]] == [
        "your side's muerto: 11 cards", "the muerto of Ada and Cleo's side: 11 cards"]
    real_es = table_view(canasta.new_game("real", seed=3), 0, "es")
    assert [p["label"] for p in real_es["extras"][0]["piles"]] == [
        "el muerto de tu pareja: 11 cartas", "el muerto de la pareja de Ada y Cleo: 11 cartas"]
    two = situation("real", names=["Tú", "Ada"], hands={"Tú": "5♠ 5♦ K♦"})
    for seat in (0, 1):  # shown to Ada (a sandbox on her turn), the learner is still 'tú'
        assert [p["label"] for p in table_view(two, seat, "es")["extras"][0]["piles"]] == [
            "tu muerto: 11 cartas", "el muerto de Ada: 11 cartas"]


def test_a_table_shown_for_another_seat_than_the_learners_names_it() -> None:
    # a rules sandbox on Bo's turn, Tú being his partner: Bo is not called 'Tú' too
    st = situation(hands={"Bo": "5♠ 5♦ K♦ K♠ 9♥ A♣"}, melds={"Tú": ["K♠ K♥ K♣"]},
                   pile="Q♥ 4♠ 3♠", turn="Bo", phase="draw")
    view = table_view(st, st.turn, "es")
    assert view["hand"]["title"] == "La mano de Bo · 6 cartas"
    assert view["status"] == "Le toca a Bo: robar del mazo o llevarse el montón."
    assert [(s["title"], [p["text"] for p in s["players"]]) for s in view["sides"]] == [
        ("Tú y Bo", ["Tú · 0 cartas", "▶ Bo · 6 cartas"]),
        ("Ada y Cleo", ["Ada · 0 cartas", "Cleo · 0 cartas"])]
    assert table_view(st, st.turn, "en")["status"] == (
        "Bo's turn: draw from the stock or take the pile.")
    said = Said("pile", st.check("take pile with 5♠ 5♦"))
    view = table_view(st, st.turn, "es", Notes(said=said))
    assert "Bo no puede llevarse el montón" in view["said"]["html"]
    # the learner's own seat, as at the card table: 'Tú', 'Tu mano', 'Te toca'
    mine = situation(hands={"Tú": "5♠ 5♦ K♦"}, pile="Q♥ 4♠", phase="draw")
    view = table_view(mine, 0, "es")
    assert view["hand"]["title"] == "Tu mano · 3 cartas"
    assert view["status"].startswith("Te toca robar")
    assert view["sides"][0]["title"] == "Tú y Bo"


def test_the_pozo_of_rioplatense_is_named_madre_premiado_or_tapado_as_its_checks_read_it() -> None:
    madre = situation("rioplatense", hands={"Tú": "A♥ A♦ 4♦"}, pile="9♠ A♠")
    assert [m[0] for m in madre.variant.pile_marks(madre, 0)] == ["madre"]
    assert madre.check("take pile with A♥ A♦").allowed  # a natural pair takes the pozo madre
    assert madre.check("take pile with A♥ 2♦").rule == "pile.madre"
    premiado = situation("rioplatense", hands={"Tú": "7♥ 7♦ 4♦"}, pile="2♦ 9♠ 7♠",
                         extra={"pozo_taken": [0]})
    assert [m[0] for m in premiado.variant.pile_marks(premiado, 0)] == ["premiado"]
    tapado = situation("rioplatense", hands={"Tú": "7♥ 7♥ 4♦"}, pile="9♠ 7♦",
                       melds={"Ada": ["7♣ 7♣ 7♦ 7♠ 7♠ 2♣ JK"]})
    assert [m[0] for m in tapado.variant.pile_marks(tapado, 0)] == ["tapado"]
    assert tapado.check("take pile with 7♥ 7♥").rule == "pile.tapado"
    view = table_view(tapado, 0, "es")
    assert [(m["name"], m["why"]) for m in view["pile"]["marks"]] == [
        ("tapado", "una canasta de sietes lo tapa")]
    blocked = situation(hands={"Tú": "3♣ 3♠ 4♦"}, pile="9♠ 3♠", melds={"Bo": ["K♠ K♥ K♣"]})
    assert [m[0] for m in blocked.variant.pile_marks(blocked, 0)] == ["blocked"]
    assert [m["name"] for m in table_view(blocked, 0, "es")["pile"]["marks"]] == ["bloqueado"]
    # the rule text's own word: a black three on top leaves the pozo "tapado"
    black = situation("rioplatense", hands={"Tú": "9♥ 9♦ 4♦"}, pile="9♠ 3♣",
                      extra={"pozo_taken": [0]})
    assert [(m["name"], m["why"]) for m in table_view(black, 0, "es")["pile"]["marks"]] == [
        ("tapado", "hay un tres negro encima")]
    assert [m["name"] for m in table_view(black, 0, "en")["pile"]["marks"]] == ["blocked"]


def test_individual_spreads_the_pile_so_a_deeper_card_can_be_clicked() -> None:
    st = situation("individual", hands={"Tú": "A♠ A♥ K♥ K♦ 4♦ 5♣"}, pile="A♦ K♠")
    view = table_view(st, 0, "en")
    assert [(c["c"], c["depth"]) for c in view["pile"]["spread"]] == [("A♦", 2), ("K♠", 1)]
    text = take_text(st, cards("A♠ A♥"), depth=2)
    assert text == "take pile at 2 with A♥ A♠" and st.check(text).allowed


def test_a_click_on_a_deep_card_completes_the_pair_with_the_cards_above_it() -> None:
    # one 9♥ in the hand, the other above the 9♦ gone in for: they go down together (seed 002,
    # Rummy 500's rule), and selecting the hand's 9♥ then clicking the 9♦ plays that take
    st = situation("individual", hands={"Tú": "9♥ K♥ K♦ K♠ 4♦ 5♣"}, pile="8♥ 9♦ 4♥ 9♥",
                   melds={"Tú": ["Q♠ Q♥ Q♦"]})
    text = take_text(st, cards("9♥"), depth=3)
    assert text == "take pile at 3 with 9♥ 9♥" and st.check(text).allowed
    # with nothing from the hand that fits, the engine says what is missing, where it may come from
    refused = st.check(take_text(st, cards("4♦"), depth=3))
    assert not refused.allowed
    assert st.check("take pile at 3 with 9♥").message("es").endswith(
        "hacen falta al menos dos cartas de la mano o de las que tiene encima: dos nueves, o una y un "
        "comodín.")
    # at the top card, the hand alone
    top = situation("individual", hands={"Tú": "9♥ K♥ K♦ K♠ 4♦ 5♣"}, pile="8♥ 9♦",
                    melds={"Tú": ["Q♠ Q♥ Q♦"]})
    assert "hacen falta al menos dos cartas de la mano: dos nueves" in top.check(
        "take pile with 9♥").message("es")



def test_the_coach_says_which_cards_of_a_deep_take_come_from_above() -> None:
    st = situation("individual", hands={"Tú": "9♥ K♥ K♦ K♠ 4♦ 5♣"}, pile="8♥ 9♦ 4♥ 9♥",
                   melds={"Tú": ["Q♠ Q♥ Q♦"]})
    nines = tuple(cards("9♥ 9♥"))
    said = advice_text(_take_choice(st, TakePile(with_cards=nines, depth=3)), st.variant, "es")
    assert said == ("Llévate 3 cartas del descarte: el 9♥ de tu mano y el 9♥ de encima casan "
                    "con el 9♦ que hay allí.")
    said = advice_text(_take_choice(st, TakePile(with_cards=nines, depth=3)), st.variant, "en")
    assert said.endswith("the 9♥ from your hand and the 9♥ from above it match the 9♦ there.")
    both = situation("individual", hands={"Tú": "K♥ K♦ K♠ 4♦ 5♣"}, pile="8♥ Q♦ Q♣ Q♥",
                     melds={"Tú": ["A♠ A♥ A♦"]})
    said = advice_text(_take_choice(both, TakePile(with_cards=tuple(cards("Q♣ Q♥")), depth=3)),
                       both.variant, "es")
    assert said == ("Llévate 3 cartas del descarte: la Q♣ y la Q♥, que están encima, casan con "
                    "la Q♦ que hay allí.")


def test_what_can_i_do_now_groups_counts_and_shows_a_few_of_each_kind() -> None:
    st = situation(hands={"Tú": "K♠ K♥ K♣ K♦ 8♦ 8♠ 8♥ 2♣ JK 4♦ 9♣ Q♥"}, phase="play")
    actions = st.legal_actions()
    view = legal_view(actions, st, "en")
    counts = {g["kind"]: g["count"] for g in view["groups"]}
    assert sum(counts.values()) == len(actions) and counts["Discard"] == 12 and counts["Meld"] > 200
    assert all(len(g["actions"]) <= 4 for g in view["groups"])
    meld = next(g for g in view["groups"] if g["kind"] == "Meld")
    assert meld["more"] == f"… and {meld['count'] - 4} more" and meld["title"] == "Meld"
    assert view["count"] == f"{len(actions)} legal actions"
    # the rest are folded, not lost: shown and folded together are the actions, in order
    discard = next(g for g in view["groups"] if g["kind"] == "Discard")
    assert [c["text"] for c in discard["actions"] + discard["rest"]] == [
        a.text for a in actions if type(a).__name__ == "Discard"]
    assert len(discard["rest"]) == 8 and discard["more"] == "… and 8 more"
    assert all(st.check(c["text"]).allowed for c in discard["rest"])


def test_what_can_i_do_now_folds_nothing_when_a_kind_has_few_actions() -> None:
    st = situation(hands={"Tú": "K♠ 4♦"}, phase="play", melds={"Tú": ["K♥ K♣ K♦"]})
    view = legal_view(st.legal_actions(), st, "es")
    assert all(g["rest"] == [] and g["more"] == "" for g in view["groups"])


def test_a_hint_says_where_to_click_and_which_cards() -> None:
    st = situation(hands={"Tú": "7♥ 7♦ K♠ 4♦"}, pile="9♠ 7♠", melds={"Bo": ["Q♠ Q♥ Q♣"]})
    hint = hint_for(st, 0, "rank", parse_action("take pile with 7♥ 7♦"), "")
    assert hint.where == "pile" and [shown_hand(st, 0)[i].text for i in hint.cards] == ["7♦", "7♥"]
    view = table_view(st, 0, "en", Notes(hint=hint))
    assert view["pile"]["hint"] and not view["stock"]["hint"]


# ---- one line per turn ---------------------------------------------------------------------------

NAMES = ("Tú", "Ada", "Bo", "Cleo")


def test_a_turn_is_one_line_in_both_languages_and_both_persons() -> None:
    top = Card.parse("8♦")
    turn = [Played(1, TakePile(with_cards=tuple(cards("8♠ 8♣"))), top=top, pile=9),
            Played(1, Add(cards=tuple(cards("7♣")), target="7")),
            Played(1, Discard(card=Card.parse("4♥")))]
    assert turn_line(turn, NAMES, "en") == \
        "Ada takes the pile (9 cards), melds 8♦ 8♠ 8♣ and adds 7♣ to the meld of sevens · discards 4♥"
    assert turn_line(turn, NAMES, "es") == \
        "Ada se lleva el montón (9 cartas), baja 8♦ 8♠ 8♣ y añade el 7♣ a la combinación de sietes · descarta el 4♥"
    assert turn_line(turn[:1] + turn[2:], NAMES, "es") == \
        "Ada se lleva el montón (9 cartas) y baja 8♦ 8♠ 8♣ · descarta el 4♥"
    mine = [Played(0, Draw()), Played(0, Meld(groups=(tuple(cards("K♠ K♥ K♣")),))),
            Played(0, Discard(card=Card.parse("4♠")))]
    assert turn_line(mine, NAMES, "en", you=0) == "You draw and meld K♠ K♥ K♣ · discard 4♠"
    assert turn_line(mine, NAMES, "es", you=0) == "Robas y bajas K♠ K♥ K♣ · descartas el 4♠"
    # the cards laid off or laid out with their articles; a clause with its own "y" closed by a comma
    drawn = canasta.explain.Explanation(True, "draw.stock", facts={
        "cards": tuple(cards("9♥ Q♥")), "count": 2})
    red = canasta.explain.Explanation(True, "threes.red-laid-out", facts={"card": Card.parse("3♦")})
    busy = [Played(0, Draw(), explanation=drawn, events=(red,)),
            Played(0, Add(cards=tuple(cards("Q♦ Q♠")), target="Q")),
            Played(0, Discard(card=Card.parse("4♠")))]
    assert turn_line(busy, NAMES, "es", you=0) == (
        "Robas el 9♥ y la Q♥, pones boca arriba el 3♦ y añades la Q♦ y la Q♠ a la combinación de "
        "reinas · descartas el 4♠")
    assert turn_line([Played(0, Draw(), explanation=drawn), busy[1]], NAMES, "es", you=0) == (
        "Robas el 9♥ y la Q♥, y añades la Q♦ y la Q♠ a la combinación de reinas")
    # each variant's verbs: levantar el pozo, agregar (004); comprar (Americana, Real)
    assert turn_line(turn, NAMES, "es", variant="rioplatense").startswith(
        "Ada levanta el pozo (9 cartas), baja 8♦ 8♠ 8♣ y agrega el 7♣ al juego de sietes")
    assert turn_line(mine, NAMES, "es", you=0, variant="real") == "Compras y bajas K♠ K♥ K♣ · descartas el 4♠"
    # melds laid one after another are said once, with their groups apart
    two = [Played(2, Draw()), Played(2, Meld(groups=(tuple(cards("10♣ 10♦ 10♥")),))),
           Played(2, Meld(groups=(tuple(cards("A♣ A♦ A♠")),))),
           Played(2, Add(cards=tuple(cards("K♣")), target="K")),
           Played(2, Discard(card=Card.parse("7♦")))]
    assert turn_line(two, NAMES, "en") == \
        "Bo draws, melds 10♣ 10♦ 10♥ / A♣ A♦ A♠ and adds K♣ to the meld of kings · discards 7♦"
    assert turn_line(two, NAMES, "es") == \
        "Bo roba, baja 10♣ 10♦ 10♥ / A♣ A♦ A♠ y añade el K♣ a la combinación de reyes · descarta el 7♦"
    taken = [turn[0], Played(1, Meld(groups=(tuple(cards("A♣ A♦ A♠")),))), *turn[1:]]
    assert turn_line(taken, NAMES, "en") == ("Ada takes the pile (9 cards), melds 8♦ 8♠ 8♣ / "
                                             "A♣ A♦ A♠ and adds 7♣ to the meld of sevens · discards 4♥")



def test_your_own_draw_names_the_cards_drawn_and_another_players_keeps_them_hidden() -> None:
    st = situation(hands={"Tú": "K♦ 5♣"}, stock="9♦ K♣", phase="draw")
    exp = st.apply("draw")
    mine = [Played(0, Draw(), st.history[-1].events, explanation=exp)]
    assert turn_line(mine, st.names, "en", you=0) == "You draw the 9♦"
    assert turn_line(mine, st.names, "es", you=0) == "Robas el 9♦"
    # the same draw seen from another seat: the card is not said
    st = canasta.new_game("classic", seed=1, names=["Ana", "Ben", "Cleo", "Dan"])
    card = st.stock[-1].text
    exp = st.apply("draw")
    hers = [Played(0, Draw(), st.history[-1].events, explanation=exp)]
    assert turn_line(hers, st.names, "en", you=1) == "Ana draws"
    assert turn_line(hers, st.names, "es", you=1) == "Ana roba"
    article = "la" if card[0] in "JQ" else "el"  # la jota, la reina
    assert turn_line(hers, st.names, "es", you=0) == f"Robas {article} {card}"
    # two cards a turn (two players in the rioplatense rules)
    st = canasta.new_game("rioplatense", seed=1, names=["Ana", "Ben"])
    drawn = st.stock[-2:][::-1]
    exp = st.apply("draw")
    two = [Played(0, Draw(), st.history[-1].events, explanation=exp)]
    a, b = (c.text for c in drawn)
    assert turn_line(two, st.names, "en", you=0, variant="rioplatense") == f"You draw the {a} and the {b}"
    es_a, es_b = (("la " if t[0] in "JQ" else "el ") + t for t in (a, b))
    assert turn_line(two, st.names, "es", you=0, variant="rioplatense") == f"Robas {es_a} y {es_b}"
    assert turn_line(two, st.names, "en", you=1, variant="rioplatense") == "Ana draws 2 cards"
    assert turn_line(two, st.names, "es", you=1, variant="rioplatense") == "Ana roba 2 cartas"


def test_every_turn_of_a_played_hand_is_one_line_naming_its_player() -> None:
    for name in variant_names():
        st = canasta.new_game(name, seed=2)
        played = []
        while not st.hand_over:
            seat, top, size = st.actor, st.top, len(st.pile)
            action = GreedyBot(seat).choose(st)
            st.apply(action)
            played.append(Played(seat, action, st.history[-1].events, top, size))
        groups = turns(played)
        lines = turn_lines(played, st.names, "en", variant=name)
        assert len(lines) == len(groups) and all("\n" not in line for line in lines)
        for group, line in zip(groups, lines, strict=True):
            assert line.startswith(st.names[group[0].seat] + " ")
            last = group[-1].action
            if isinstance(last, Discard) and last.card is not None:
                assert f"discards {last.card.text}" in line
        assert "goes out" in lines[-1] or "the stock runs out" in lines[-1] or name == "americana"


def test_a_red_three_drawn_and_going_out_are_said_on_the_line() -> None:
    st = situation(hands={"Tú": "K♦"}, melds={"Bo": ["Q♠ Q♥ Q♣ Q♦ Q♠ Q♥ 2♣"]}, stock="3♥ K♣",
                   phase="draw")
    top, size = st.top, len(st.pile)
    st.apply("draw")
    played = [Played(0, Draw(), st.history[-1].events, top, size)]
    assert turn_line(played, st.names, "en") == "Tú draws and lays out 3♥"


# ---- the coach -------------------------------------------------------------------------------------

def test_the_coach_says_one_move_and_why_in_the_learners_language() -> None:
    st = situation(hands={"Tú": "7♥ 7♦ K♠ 4♦ 9♣"}, pile="5♠ 9♦ 6♥ 4♣ 7♠",
                   melds={"Bo": ["Q♠ Q♥ Q♣"]})
    choice = GreedyBot().decide(st)
    assert choice.action.text == "take pile with 7♦ 7♥" and choice.why == "take.pair"
    assert advice_text(choice, st.variant, "en") == (
        "Take the pile: your pair of sevens matches its top card 7♠ and the pile holds 5 cards.")
    assert advice_text(choice, st.variant, "es") == (
        "Llévate el montón: tu par de sietes casa con su carta de arriba, 7♠, y el montón "
        "tiene 5 cartas.")
    keep = situation(hands={"Tú": "JK 4♠ 9♣ K♥ 8♦"}, phase="play")
    choice = GreedyBot().decide(keep)
    assert choice.action.text == "discard 4♠"
    assert advice_text(choice, keep.variant, "en") == (
        "Keep the joker: discard the 4♠, the least useful card (a single worth 5).")
    assert advice_text(choice, keep.variant, "es") == (
        "Guárdate el comodín: descarta el 4♠, la carta que menos te sirve (no tienes otra de ese valor y vale 5).")


def test_the_coach_explains_a_draw_with_the_engines_refusal_of_the_take() -> None:
    st = situation(hands={"Tú": "7♥ 7♦ 4♦ 9♣"}, pile="5♠ 7♠")  # no opening yet: 21 < 50
    choice = GreedyBot().decide(st)
    assert choice.action == Draw() and choice.why == "draw.refused"
    assert advice_text(choice, st.variant, "en") == (
        "Draw from the stock: you have a pair of sevens, but this meld counts only 15 "
        "(7♠ 7♥ 7♦: 15), and your side needs 50 to open.")
    assert advice_text(choice, st.variant, "es") == (
        "Roba del mazo: tienes un par de sietes, pero esta combinación solo vale 15 "
        "(7♠ 7♥ 7♦: 15), y a tu pareja le hacen falta 50 para bajar por primera vez.")
    # another seat is advised in its own person: the engine's refusal is said to it
    bo = situation(hands={"Tú": "4♦ 5♦ 6♣", "Ada": "8♣ 9♣ 10♣", "Bo": "3♣ 3♣ 9♦ 4♣",
                          "Cleo": "J♣ Q♦ K♠"}, pile="9♠ 3♠", turn="Bo")
    choice = GreedyBot().decide(bo)
    assert choice.why == "draw.refused"
    assert bo.check("take pile with 3♣ 3♣").message("es").startswith("Bo no puede")
    assert advice_text(choice, bo.variant, "en") == (
        "Draw from the stock: you have a pair of threes, but you cannot take the pile: the "
        "black three 3♠ on top blocks it for this turn.")
    assert advice_text(choice, bo.variant, "es") == (
        "Roba del mazo: tienes un par de treses, pero no puedes llevarte el montón: el tres "
        "negro 3♠ de arriba lo bloquea en este turno.")


def test_in_canasta_individual_a_draw_is_explained_by_the_whole_pile_not_its_top_card() -> None:
    hands = {"Tú": "8♥ 4♦ 9♣ K♥", "Ada": "5♣ 5♦ 8♣", "Bo": "Q♣ Q♦ J♠", "Cleo": "10♣ 10♦ 4♣"}
    # no pair of the hand matches any card of the pile: said of the whole pile
    st = situation("individual", hands=hands, pile="5♠ 7♠ Q♥ 6♦")
    choice = GreedyBot().decide(st)
    assert choice.action == Draw() and choice.why == "draw.none-deep"
    assert advice_text(choice, st.variant, "en") == (
        "Draw from the stock: no pair of yours matches any of the 4 cards of the discard pile, "
        "however deep they lie.")
    assert advice_text(choice, st.variant, "es") == (
        "Roba del mazo: ningún par tuyo casa con ninguna de las 4 cartas del descarte, por muy "
        "abajo que estén.")
    # a pair matches a card below the top, but the take does not open (14 < 50): the engine's
    # refusal of that take is the reason
    deep = situation("individual", hands={**hands, "Tú": "7♥ 7♦ 4♦ 9♣"}, pile="5♠ 7♠ Q♥ 6♦")
    choice = GreedyBot().decide(deep)
    assert choice.action == Draw() and choice.why == "draw.refused"
    assert advice_text(choice, deep.variant, "en") == (
        "Draw from the stock: you have a pair of sevens, but this meld counts only 21 "
        "(7♠ 7♥ 7♦: 21), and you need 50 to open.")
    assert advice_text(choice, deep.variant, "es") == (
        "Roba del mazo: tienes un par de sietes, pero esta combinación solo vale 21 "
        "(7♠ 7♥ 7♦: 21), y te hacen falta 50 para abrir.")
    # classic speaks of the top card alone: the pile is taken from the top
    top = situation(hands={"Tú": "8♥ 4♦ 9♣ K♥"}, pile="5♠ 7♠ Q♥ 6♦")
    assert GreedyBot().decide(top).why == "draw.none"


def test_a_draw_beside_a_deeper_take_is_not_blamed_on_the_top_card() -> None:
    from canasta.bots import _draw_choice

    hands = {"Tú": "7♥ 7♦ 4♦ 9♣", "Ada": "5♣ 5♦ 8♣", "Bo": "Q♣ Q♦ J♠", "Cleo": "10♣ 10♦ 4♣"}
    st = situation("individual", hands=hands, pile="5♠ 7♠ Q♥ 6♦", melds={"Tú": ["A♠ A♥ A♣"]})
    actions = st.legal_actions()
    assert [a.text for a in actions] == ["draw", "take pile at 3 with 7♦ 7♥"]
    choice = _draw_choice(st, actions)  # a bot that draws all the same
    assert choice.why == "draw.useless-deep"
    assert advice_text(choice, st.variant, "en") == (
        "Draw from the stock: none of the ways to take from the discard pile, whatever the depth, "
        "would help you now.")
    assert advice_text(choice, st.variant, "es") == (
        "Roba del mazo: ninguna forma de llevarte cartas del descarte, a la altura que sea, te "
        "ayudaría ahora.")
    top = situation(hands={"Tú": "7♥ 7♦ 4♦ 9♣"}, pile="5♠ 7♠", melds={"Tú": ["A♠ A♥ A♣"]})
    assert _draw_choice(top, top.legal_actions()).why == "draw.useless"


def test_the_careful_bot_discards_a_black_three_and_never_feeds_their_melds() -> None:
    # (a pile to hold back: on an empty one a black three blocks nothing)
    st = situation(hands={"Tú": "9♣ 4♦ K♠ K♥ 3♠"}, melds={"Ada": ["4♠ 4♥ 4♣"], "Bo": ["Q♠ Q♥ Q♣"]},
                   phase="play", pile="10♦ 6♣")
    assert GreedyBot().choose(st) == Discard(card=Card.parse("3♠"))  # the lowest single
    choice = CarefulBot().decide(st)
    assert choice.action == Discard(card=Card.parse("3♠")) and choice.why == "discard.block"
    st2 = situation(hands={"Tú": "9♣ 4♦ K♠ K♥"}, melds={"Ada": ["4♠ 4♥ 4♣"], "Bo": ["Q♠ Q♥ Q♣"]},
                    phase="play")
    assert GreedyBot().choose(st2) == Discard(card=Card.parse("4♦"))  # it feeds Ada's fours
    choice = CarefulBot().decide(st2)
    assert choice.action == Discard(card=Card.parse("9♣")) and choice.why == "discard.safe"
    assert "no meld of its rank" in advice_text(choice, st2.variant, "en")
    assert advice_text(choice, st2.variant, "es").startswith(
        "Descarta el 9♣: a tus rivales no les sirve, porque no tienen ninguna combinación de ese "
        "valor, así que no les regalas el montón.")


def test_bot_levels_are_chosen_by_name() -> None:
    assert list(BOTS) == ["random", "greedy", "careful", "expert"]
    assert isinstance(make_bot("careful", 3), CarefulBot)
    with pytest.raises(ValueError, match="unknown bot level 'clever'; choose one of random, greedy"):
        make_bot("clever")


@pytest.mark.parametrize("name", variant_names())
def test_every_choice_of_every_level_is_legal_and_said_in_both_languages(name: str) -> None:
    st = canasta.new_game(name, seed=5)
    bots = [make_bot(level, 5) for level in ("careful", "greedy", "random", "careful")]
    for _ in range(400):
        if st.hand_over:
            break
        choice = bots[st.actor].decide(st)
        assert st.check(choice.action).allowed
        for lang in ("en", "es"):
            text = advice_text(choice, st.variant, lang)
            assert text and "{" not in text and "None" not in text
        st.apply(choice.action)
    assert st.hand_over


def test_a_refusal_continuing_the_coachs_sentence_keeps_names_and_cards_as_written() -> None:
    from canasta.render.coach import _continued

    names = ("Tú", "Ada", "Bo", "Cleo")
    assert _continued("No puedes llevarte el montón.", names) == "no puedes llevarte el montón."
    assert _continued("Esta combinación solo vale 30.", names) == "esta combinación solo vale 30."
    assert _continued("Ada ya tiene una canasta.", names) == "Ada ya tiene una canasta."
    assert _continued("A♠ A♥ no se puede bajar.", names) == "A♠ A♥ no se puede bajar."
    assert _continued("JK no es una carta natural.", names) == "JK no es una carta natural."


@pytest.mark.parametrize(("variant", "hand", "card", "why", "es", "en"), [
    # Canasta Real: a card is kept for the cards of its suit around it, not for its rank
    ("real", "2♦ 2♠ 5♥ 6♦ 8♣ 8♦ 10♥ 10♠ Q♥ K♣ A♦ A♠", "A♠", "discard.no_run",
     "Descarta el A♠: no tienes ninguna otra carta de ♠ a su lado ni a un hueco de distancia, "
     "así que no te hace escalera; vale 15.",
     "Discard the A♠: you hold no other ♠ card next to it or one gap away, so it makes no run; "
     "it is worth 15."),
    ("real", "2♦ 2♠ 5♥ 6♦ 8♣ 8♦ 10♥ 10♠ Q♥ K♣ A♦ A♠", "Q♥", "discard.plain",
     "Descarta la Q♥, que vale 10.", "Discard the Q♥, worth 10."),
    # a pair broken while singles are held: not "every card in a pair or better"
    ("classic", "5♥ 5♦ 8♣ 8♦ Q♥ Q♠ K♣ 7♦ JK", "Q♥", "discard.plain",
     "Descarta la Q♥, que vale 10.", "Discard the Q♥, worth 10."),
    # a single, but not the one worth least: not "the least useful card"
    ("classic", "5♥ 5♦ 8♣ 8♦ Q♥ Q♠ K♣ 7♦ JK", "K♣", "discard.loose",
     "Descarta el K♣: es una carta suelta (no tienes otra de ese valor) y vale 10.",
     "Discard the K♣: a single (you hold no other of its rank), worth 10."),
    ("classic", "5♥ 5♦ 8♣ 8♦ Q♥ Q♠ K♣ 7♦ JK", "7♦", "discard.keep_wild",
     "Guárdate el comodín: descarta el 7♦, la carta que menos te sirve (no tienes otra de ese valor y vale 5).",
     "Keep the joker: discard the 7♦, the least useful card (a single worth 5)."),
    # two wild cards kept: both named ("el comodín" alone would leave the 2♣ out)
    ("classic", "5♥ 5♦ 8♣ 8♦ Q♥ Q♠ K♣ 7♦ JK 2♣", "7♦", "discard.keep_wild",
     "Guárdate el 2♣ y el JK: descarta el 7♦, la carta que menos te sirve (no tienes otra de ese "
     "valor y vale 5).",
     "Keep the 2♣ and the JK: discard the 7♦, the least useful card (a single worth 5)."),
    # every card in a pair or better, and this one worth least: said so
    ("classic", "5♥ 5♦ 8♣ 8♦ Q♥ Q♠ JK", "5♥", "discard.pair",
     "Descarta el 5♥: todas tus cartas van al menos en pares, y esta es la que menos vale (5).",
     "Discard the 5♥: every card left is in a pair or better, and this one is worth least (5)."),
    ("classic", "5♥ 5♦ 8♣ 8♦ Q♥ Q♠ JK", "Q♥", "discard.plain",
     "Descarta la Q♥, que vale 10.", "Discard the Q♥, worth 10."),
])
def test_a_discards_reason_says_only_what_holds_of_that_card(variant: str, hand: str, card: str,
                                                            why: str, es: str, en: str) -> None:
    # the search may choose any discard: its plain reason must hold of that card and hand
    from canasta.bots import _discard_choice
    from canasta.cards import parse_card

    names = ["Tú", "Ada"] if variant == "real" else None
    st = situation(variant, names=names, phase="play", hands={"Tú": hand})
    choice = _discard_choice(st, Discard(card=parse_card(card)), "")
    assert choice.why == why
    assert advice_text(choice, st.variant, "es") == es
    assert advice_text(choice, st.variant, "en") == en


@pytest.mark.parametrize(("lang", "labels", "aria"), [
    ("es", ["tres", "comodines"], "Juego de tres: 3♦ 3♠, tres"),
    ("en", ["threes", "wild cards"], "Meld of threes: 3♦ 3♠, threes"),
])
def test_a_meld_of_threes_or_of_wild_cards_is_labelled_in_the_pages_language(
        lang: str, labels: list[str], aria: str) -> None:
    """Their labels were the engine's own names ('threes', 'wilds'), English on a Spanish page."""
    st = situation("americana", hands={"Tú": "4♦ 5♦ 6♣ 9♠"}, melds={"Tú": ["3♦ 3♠", "2♣ 2♦ JK"]},
                   phase="play")
    melds = table_view(st, 0, lang)["sides"][0]["melds"]
    assert [m["label"] for m in melds] == labels
    assert melds[0]["aria"].startswith(aria)


@pytest.mark.parametrize(("variant", "players", "texts"), [
    ("classic", 4, [["Tú · 11 cartas", "Bo · 11 cartas"], ["▶ Ada · 11 cartas", "Cleo · 11 cartas"]]),
    ("individual", 3, [["11 cartas"], ["▶ 11 cartas"], ["11 cartas"]]),
])
def test_a_player_alone_is_not_named_twice_in_the_side_head(variant: str, players: int,
                                                           texts: list[list[str]]) -> None:
    """A side of one player is titled by that player: the row of its players named them again
    ('Tú 95 puntos ▶ Tú · 11 cartas')."""
    st = canasta.new_game(variant, seed=1, players=players)
    st.turn = 1
    view = table_view(st, 0, "es")
    assert [[p["text"] for p in side["players"]] for side in view["sides"]] == texts


@pytest.mark.parametrize(("variant", "pile", "lang", "status"), [
    ("americana", "", "es", "Te toca comprar del mazo: el pozo está vacío."),
    ("americana", "4♣ 9♥", "es", "Te toca comprar del mazo o comprar el pozo."),
    ("classic", "", "en", "Your turn: draw from the stock (the pile is empty)."),
])
def test_the_status_offers_the_pile_only_when_it_holds_cards(variant: str, pile: str, lang: str,
                                                            status: str) -> None:
    st = situation(variant, hands={"Tú": "4♦ 5♦ 6♣ 9♠"}, pile=pile)
    assert table_view(st, 0, lang)["status"] == status


def test_a_side_that_has_not_opened_is_told_what_it_needs_beside_its_score() -> None:
    hoyo = situation("americana", hands={"Tú": "9♠ 9♥ 4♠"}, scores=[3000, 0])
    assert [s["score"] for s in table_view(hoyo, 0, "es")["sides"]] == [
        "3000 puntos · 155 para salir del hoyo", "0 puntos · 125 para salir del hoyo"]
    opened = situation(hands={"Tú": "9♠ 9♥ 4♠"}, melds={"Bo": ["K♠ K♥ K♦"]}, scores=[1500, 0])
    assert [s["score"] for s in table_view(opened, 0, "en")["sides"]] == [
        "1500 points", "0 points · 50 to open"]
    # Canasta Real has no minimum: the score alone
    real = situation("real", hands={"Tú": "9♠ 9♥ 4♠"})
    assert [s["score"] for s in table_view(real, 0, "es")["sides"]] == ["0 puntos", "0 puntos"]
