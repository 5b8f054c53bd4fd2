"""Seed 004 (rioplatense Canasta), rule by rule at its edges: every test names the sentence of the
seed (or the standard rule the seed leaves to) that it checks, and puts the engine on both sides
of it (allowed and refused)."""

from __future__ import annotations

import pytest

import canasta
from canasta.cards import Card, parse_cards
from canasta.movegen import canonical
from canasta.scoring import score_side
from canasta.situation import situation
from canasta.words import error_text

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


# ---- every rule sentence of the seed, on both sides of its edge ---------------------------------------


OPEN = {"Bo": ["Q♣ Q♦ Q♠"]}
TAKEN = {"pozo_taken": [0]}  # the pozo is no longer madre for Tú & Bo


def _h(tu: str) -> dict[str, str]:
    return {"Tú": tu, "Ada": "5♦ 5♥ 9♠", "Bo": "J♠ 4♦", "Cleo": "10♣ 4♣"}


EDGES = [
    # "Bajar un juego significa colocar sobre la mesa un mínimo de 3 cartas del mismo número."
    ("dos cartas", dict(phase="play", melds=OPEN, hands=_h("8♠ 8♦ 4♠ 5♠")), "meld 8♠ 8♦", False, "meld.min-cards"),
    ("tres cartas", dict(phase="play", melds=OPEN, hands=_h("8♠ 8♦ 8♥ 4♠ 5♠")), "meld 8♠ 8♦ 8♥", True, "meld.ok"),
    # "Ningún juego puede tener más comodines que la mitad de la cantidad de cartas totales. Por
    # ejemplo, … ♠8 - ♦8 - ♥8 - ♦2 - ♠2."
    ("el ejemplo del texto", dict(phase="play", melds=OPEN, hands=_h("8♠ 8♦ 8♥ 2♦ 2♠ 4♠ 5♠")),
     "meld 8♠ 8♦ 8♥ 2♦ 2♠", True, "meld.ok"),
    ("la mitad justa", dict(phase="play", melds=OPEN, hands=_h("8♠ 8♦ 2♦ 2♠ 4♠ 5♠")), "meld 8♠ 8♦ 2♦ 2♠",
     True, "meld.ok"),
    ("más de la mitad", dict(phase="play", melds=OPEN, hands=_h("8♠ 8♦ 2♦ 2♠ 2♥ 4♠ 5♠")),
     "meld 8♠ 8♦ 2♦ 2♠ 2♥", False, "meld.wild-limit"),
    # "Solamente podrá haber un máximo de 3 comodines por Canasta."
    ("cuatro comodines en ocho", dict(phase="play", melds=OPEN, hands=_h("8♠ 8♦ 8♥ 8♣ 2♦ 2♠ 2♥ JK 4♠ 5♠")),
     "meld 8♠ 8♦ 8♥ 8♣ 2♦ 2♠ 2♥ JK", False, "meld.wild-limit"),
    # "Es posible, además, armar una canasta compuesta enteramente de comodines"
    ("canasta de comodines", dict(phase="play", melds=OPEN, hands=_h("2♦ 2♠ 2♥ 2♣ 2♦ 2♠ JK 4♠ 5♠")),
     "meld 2♦ 2♠ 2♥ 2♣ 2♦ 2♠ JK", True, "meld.wild-canasta"),
    ("seis comodines solos", dict(phase="play", melds=OPEN, hands=_h("2♦ 2♠ 2♥ 2♣ 2♦ 2♠ 4♠ 5♠")),
     "meld 2♦ 2♠ 2♥ 2♣ 2♦ 2♠", False, "meld.wild-canasta"),
    # "Solamente se pueden bajar los 3 negros en el momento en que el jugador baja sus cartas para
    # irse … si se tienen 3 o 4. No es posible bajar los tres negros con comodines o Jokers."
    ("treses negros sin irse", dict(phase="play", melds={"Bo": ["Q♣ Q♦ Q♠ Q♥ Q♣ Q♦ Q♠"]},
                                    hands=_h("3♠ 3♣ 3♠ 4♠ 5♠")), "meld 3♠ 3♣ 3♠", False, "meld.black-threes"),
    ("treses negros al irse", dict(phase="play", melds={"Bo": ["Q♣ Q♦ Q♠ Q♥ Q♣ Q♦ Q♠"]},
                                   hands=_h("3♠ 3♣ 3♠ 4♠")), "meld 3♠ 3♣ 3♠", True, "meld.black-threes"),
    ("treses negros con comodín", dict(phase="play", melds={"Bo": ["Q♣ Q♦ Q♠ Q♥ Q♣ Q♦ Q♠"]},
                                       hands=_h("3♠ 3♣ 2♣ 4♠")), "meld 3♠ 3♣ 2♣", False, "meld.black-threes"),
    # "El pozo es madre … Puede ser levantado únicamente con 2 cartas puras (no comodines)"
    ("madre con par puro", dict(phase="draw", pile="4♥ K♦", melds=OPEN), "take pile with K♠ K♥", True,
     "pile.madre"),
    ("madre con carta y comodín", dict(phase="draw", pile="4♥ K♦", melds=OPEN, hands=_h("K♠ 2♣ 9♣ 6♦")),
     "take pile with K♠ 2♣", False, "pile.madre"),
    ("ya no madre: carta y comodín", dict(phase="draw", pile="4♥ K♦", melds=OPEN, extra=TAKEN,
                                          hands=_h("K♠ 2♣ 9♣ 6♦")), "take pile with K♠ 2♣", True, "pile.take"),
    ("ya no madre: sobre la combinación", dict(phase="draw", pile="4♥ Q♥", melds=OPEN, extra=TAKEN),
     "take pile onto Q", True, "pile.take"),
    # "No es posible levantar el pozo con dos comodines."
    ("dos comodines", dict(phase="draw", pile="4♥ K♦", melds=OPEN, extra=TAKEN, hands=_h("2♣ JK 9♣ 6♦")),
     "take pile with 2♣ JK", False, "pile.use-top"),
    # "el pozo está premiado cuando alguno de los jugadores ha colocado un comodín en el pozo"
    ("premiado: carta y comodín", dict(phase="draw", pile="2♦ 4♥ K♦", melds=OPEN, extra=TAKEN,
                                       hands=_h("K♠ 2♣ 9♣ 6♦")), "take pile with K♠ 2♣", False, "pile.premiado"),
    ("premiado: par puro", dict(phase="draw", pile="2♦ 4♥ K♦", melds=OPEN, extra=TAKEN), "take pile with K♠ K♥",
     True, "pile.premiado"),
    # "Cuando la última carta del pozo es un 3 negro o comodín, … el pozo está tapado"
    ("tapado por un tres negro", dict(phase="draw", pile="K♦ 3♠", melds=OPEN), "take pile with K♠ K♥", False,
     "pile.blocked"),
    ("tapado por un comodín", dict(phase="draw", pile="K♦ 2♠", melds=OPEN, hands=_h("2♣ 2♥ 9♣")),
     "take pile with 2♣ 2♥", False, "pile.top-wild"),
    # "Otro forma de tapar el pozo es tirando una carta con la que ya se hizo alguna Canasta."
    ("tapado por la canasta propia", dict(phase="draw", pile="4♥ Q♥", melds={"Bo": ["Q♣ Q♦ Q♠ Q♥ Q♣ Q♦ Q♠"]},
                                          extra=TAKEN, hands=_h("9♣ 9♦")), "take pile onto Q", False,
     "pile.tapado"),
    ("tapado por la canasta rival", dict(phase="draw", pile="4♥ K♥", melds={**OPEN, "Ada": ["K♣ K♦ K♠ K♥ K♣ K♦ K♠"]},
                                         hands=_h("9♣ 9♦")), "take pile onto K", False, "pile.tapado"),
    ("sin canasta de ese número", dict(phase="draw", pile="4♥ K♥", melds={**OPEN, "Ada": ["K♣ K♦ K♠ K♣ K♦ 2♠"]},
                                       hands=_h("K♠ K♥ 9♣")), "take pile with K♠ K♥", True, "pile.take"),
    # "Tiene derecho a cortar el jugador que haya bajado todas sus cartas, o todas menos una (que tira
    # al pozo) y además haya completado al menos una Canasta"
    ("cortar sin canasta", dict(phase="play", melds=OPEN, hands=_h("K♠")), "discard K♠", False,
     "out.needs-canasta"),
    ("cortar descartando", dict(phase="play", melds={"Bo": ["Q♣ Q♦ Q♠ Q♥ Q♣ Q♦ Q♠"]}, hands=_h("K♠")),
     "discard K♠", True, "out.went-out"),
    ("cortar bajando todo", dict(phase="play", melds={"Bo": ["Q♣ Q♦ Q♠ Q♥ Q♣ Q♦ Q♠"]}, hands=_h("K♠ K♥ K♦")),
     "meld K♠ K♥ K♦", True, "out.went-out"),
    # "cada jugador … podrá agregar cartas a juegos ya existentes bajados por él mismo o por su compañero"
    ("agregar al compañero", dict(phase="play", melds=OPEN, hands=_h("Q♥ 4♠ 5♠")), "add Q♥ to Q", True, "add.ok"),
    ("agregar al rival", dict(phase="play", melds={"Ada": ["Q♣ Q♦ Q♠"]}, hands=_h("Q♥ 4♠ 5♠")), "add Q♥ to Q",
     False, "add.target"),
]


@pytest.mark.parametrize("sentence, kw, action, allowed, rule", EDGES, ids=[e[0] for e in EDGES])
def test_seed_sentence_edges(sentence: str, kw: dict, action: str, allowed: bool, rule: str) -> None:
    state = table(**kw)
    exp = state.check(action)
    assert exp.allowed is allowed, (sentence, exp.message())
    assert rule in [e.rule for e in exp.walk()], (sentence, [e.rule for e in exp.walk()])
    assert all(e.source is not None for e in exp.walk())
    legal = [canonical(a, state).text for a in state.legal_actions()]
    assert (canonical(canasta.parse_action(action), state).text in legal) is allowed


# "Para bajar por primera vez, es obligatorio bajar con un mínimo de 50 puntos; con 90 puntos si el
# puntaje … es de 1500 puntos o más, y por último con 120 puntos cuando el puntaje es de 3.000 o más."
# Values: "| 3, 4, 5, 6, 7 | 5 | 8, 9, 10, J, Q, K | 10 | A, 2 | 20 | Joker | 50 |"
OPENINGS = [
    (-40, "K♠ K♥ K♣ / 5♠ 5♥ 5♦", False),  # 45: a negative score needs 50 too
    (0, "K♠ K♥ K♣ / 5♠ 5♥ 5♦", False),
    (0, "K♠ K♥ K♣ K♦ 2♣", True),  # 50
    (1495, "K♠ K♥ K♣ K♦ 2♣", True),
    (1500, "K♠ K♥ K♣ K♦ 2♣", False),  # 90 from 1500
    (1500, "A♠ A♥ A♦ / 5♠ 5♥ 5♦ 5♣", False),  # 85
    (1500, "A♠ A♥ A♦ / 10♠ 10♥ 10♦", True),  # 90
    (3000, "A♠ A♥ A♦ / 10♠ 10♥ 10♦", False),  # 120 from 3000
    (3000, "A♠ A♥ A♦ A♣ A♠ A♥", True),  # 120
]


@pytest.mark.parametrize("score, melds, allowed", OPENINGS)
def test_the_opening_minimum_at_each_edge(score: int, melds: str, allowed: bool) -> None:
    state = table(phase="play", hands=_h(melds.replace("/", " ") + " 4♣ 6♣"), scores=[score, 0])
    exp = state.check(f"meld {melds}")
    assert exp.allowed is allowed, exp.message()
    assert "open.minimum" in [e.rule for e in exp.walk()]


def test_the_pozo_card_counts_and_a_canasta_bonus_does_not() -> None:
    # "el valor de la carta del pozo que será parte del juego también es contabilizado" / "No se
    # tendrán en cuenta para el conteo de los puntos obligatorios el valor de los tres rojos o las
    # canastas"
    state = table(phase="draw", pile="4♥ K♦", hands=_h("K♠ K♥ Q♠ Q♥ 9♣ 6♦"))
    assert state.check("take pile with K♠ K♥").facts.get("total") == 30
    assert not state.check("take pile with K♠ K♥").allowed
    assert state.check("take pile with K♠ K♥").rule == "open.minimum"
    with_more = table(phase="draw", pile="4♥ K♦", hands=_h("K♠ K♥ Q♠ Q♥ Q♦ 9♣ 6♦"))
    assert with_more.check("take pile with K♠ K♥ and meld Q♠ Q♥ Q♦").allowed  # 30 + 30 = 60
    seven = table(phase="play", hands=_h("7♠ 7♥ 7♦ 7♣ 7♠ 7♥ 7♦ 4♣ 6♣"), red_threes={"Tú": "3♥ 3♦"})
    exp = seven.check("meld 7♠ 7♥ 7♦ 7♣ 7♠ 7♥ 7♦")  # a canasta of 35 in cards: its 500 does not count
    assert (exp.allowed, exp.rule, exp.facts["total"]) == (False, "open.minimum", 35)


def test_one_partner_reaching_the_minimum_opens_for_both() -> None:
    # "Cuando se juega en parejas, alcanza con que un jugador llegue al puntaje mínimo para que su
    # compañero también llegue."
    state = table(phase="play", melds=OPEN, hands=_h("5♠ 5♥ 5♦ 4♣ 6♣"))
    exp = state.check("meld 5♠ 5♥ 5♦")
    assert exp.allowed and "open.minimum" not in [e.rule for e in exp.walk()]


@pytest.mark.parametrize("melds, threes, points", [
    ({"Bo": ["Q♣ Q♦ Q♠ Q♥ Q♣ Q♦ Q♠"]}, "3♥", 100), ({"Bo": ["Q♣ Q♦ Q♠"]}, "3♥", -100),
    ({"Bo": ["Q♣ Q♦ Q♠ Q♥ Q♣ Q♦ Q♠"]}, "3♥ 3♦ 3♥ 3♦", 800), ({}, "3♥ 3♦", -200)])
def test_red_threes_need_a_canasta(melds, threes, points) -> None:
    # "El 3 rojo tiene un valor especial de 100 puntos." / "Si un jugador o pareja consigue los
    # cuatro tres rojo, obtendrá 800 puntos." / "Los tres rojos serán contabilizados como puntos
    # negativos si el jugador no tiene ninguna canasta antes de terminar la mano."
    state = table(phase="play", melds=melds, hands=_h("4♠ 5♠"), red_threes={"Tú": threes})
    lines = {e.rule: p for p, e in score_side(state, 0, None)}
    assert lines["score.red-threes"] == points


@pytest.mark.parametrize("cards, bonus", [("Q♣ Q♦ Q♠ Q♥ Q♣ Q♦ Q♠", 500), ("Q♣ Q♦ Q♠ Q♥ Q♣ Q♦ 2♠", 300),
                                          ("2♣ 2♦ 2♠ 2♥ 2♣ 2♦ JK", 1000), ("Q♣ Q♦ Q♠ Q♥ Q♣ Q♦", 0)])
def test_canasta_bonuses(cards: str, bonus: int) -> None:
    # "Canasta Limpia y vale 500 puntos" / "Sucia y vale 300 puntos" / "puntaje especial de 1000"
    state = table(phase="play", melds={"Bo": [cards]}, hands=_h("4♠ 5♠"))
    lines = {e.rule: p for p, e in score_side(state, 0, None)}
    assert lines.get("score.canasta", 0) == bonus


def test_the_end_of_the_stock_ends_the_hand_without_the_100() -> None:
    # "Cuando se termina el mazo, se termina la mano y nadie se anota los 100 puntos de la terminación."
    state = table(phase="play", melds={"Bo": ["Q♣ Q♦ Q♠ Q♥ Q♣ Q♦ Q♠"]}, hands=_h("4♠ 5♠"), stock=0)
    state.apply("discard 4♠")
    result = state.results[-1]
    assert result.ended.rule == "end.stock-exhausted"
    assert "score.going-out" not in [e.rule for _, _, e in result.lines]


@pytest.mark.parametrize("players, drawn", [(2, 2), (4, 1)])
def test_two_players_draw_two(players: int, drawn: int) -> None:
    # "Cuando se juega de a 2 jugadores, se toman 2 cartas del mazo en cada turno en lugar de 1."
    state = canasta.new_game("rioplatense", seed=3, players=players)
    held = len(state.hands[state.turn])
    state.apply("draw")
    assert len(state.hands[state.turn]) - held >= drawn  # red threes drawn are replaced
    assert state.check("draw").rule == "turn.already-drew"


# ---- the end of the stock at the start of a turn -----------------------------------------------------
# "Cuando se termina el mazo, se termina la mano": in play the hand ends as the turn passes to a
# player facing an empty stock. A situation built at that moment (phase "draw", stock empty) is a
# hand already over: the only action is to pass, which ends it; drawing and taking the pozo are
# refused as the end of the stock, never with "pass to end the hand" followed by "you cannot pass".

def _two(**kw):
    kw.setdefault("hands", {"Tú": "K♠ K♥ 9♣ 9♦ 5♣ 6♣", "Ada": "5♦ 5♥ 9♠"})
    return situation("rioplatense", names=["Tú", "Ada"], **kw)


@pytest.mark.parametrize("build", [table, _two], ids=["four", "two"])
def test_an_empty_stock_at_the_draw_leaves_only_the_pass(build) -> None:
    state = build(pile="8♣ K♦", phase="draw", stock=0, extra={"pozo_taken": [0, 1]})
    assert [a.text for a in state.legal_actions()] == ["pass"]
    for text, rule in (("draw", "draw.stock-empty"), ("take pile with K♠ K♥", "end.stock-exhausted")):
        refused = state.check(text)
        assert (refused.allowed, refused.rule) == (False, rule)
        assert "pass" in refused.message() and "pasa" in refused.message("es")
        assert refused.source is not None and "se termina el mazo" in refused.source.quote
    before = state.to_dict()
    with pytest.raises(canasta.IllegalActionError):
        state.apply("draw")
    assert state.to_dict() == before
    passed = state.check("pass")
    assert passed.allowed and "still has cards" not in passed.message()
    state.apply("pass")
    result = state.results[-1]
    assert result.ended.rule == "end.stock-exhausted"
    assert "score.going-out" not in [e.rule for _, _, e in result.lines]
    assert state.conservation_errors() == []


def test_with_cards_in_the_stock_passing_is_still_refused() -> None:
    state = table(pile="8♣ K♦", phase="draw", stock=1)
    refused = state.check("pass")
    assert (refused.allowed, refused.rule) == (False, "turn.pass")
    assert "pass" not in [a.text for a in state.legal_actions()]


# Two players draw two cards. The hand ends at the draw only when the draw gives the player no card
# (the stock's last cards were red threes with nothing to replace them); a draw that brings a card
# and then a red three as the stock's last card goes on: that player plays the turn out, and the
# hand ends as the next player finds the stock empty (decision: docs/rule-decisions.md).

@pytest.mark.parametrize("stock, ends, hand_gain", [
    (["3♥"], True, 0), (["3♥", "3♦"], True, 0), (["7♦", "3♥"], False, 1), (["3♥", "7♦"], False, 1),
    (["5♠", "7♦"], False, 2)])
def test_two_players_red_threes_at_the_end_of_the_stock(stock, ends, hand_gain) -> None:
    state = _two(pile="8♣", phase="draw", stock=stock)
    keep = len(stock)
    state.extra["box_piles"] = [state.stock[:-keep]]
    state.stock = state.stock[-keep:]
    held = len(state.hands[0])
    state.apply("draw")
    assert state.stock == []
    if ends:
        assert state.results[-1].ended.rule == "end.last-red-three"
    else:
        assert state.phase == "play" and len(state.hands[0]) == held + hand_gain
        state.apply("discard K♠")
        assert state.results[-1].ended.rule == "end.stock-exhausted"
    assert state.conservation_errors() == []


# ---- what a refusal offers --------------------------------------------------------------------------
# "El pozo es madre … Puede ser levantado únicamente con 2 cartas puras": a refusal of a take with too
# few cards never suggests a wild card while the pozo is madre or premiado.

@pytest.mark.parametrize("pile, taken", [("K♦", []), ("2♣ 7♥ K♦", [0])])  # madre; premiado
def test_a_madre_or_premiado_refusal_never_offers_a_wild_card(pile: str, taken: list) -> None:
    state = table(pile=pile, extra={"pozo_taken": taken})
    exp = state.check("take pile with K♠")
    assert not exp.allowed and exp.rule == "pile.use-top"
    assert exp.message("en").endswith("it needs two cards of its rank (K) from the hand.")
    assert exp.message("es").endswith("hacen falta dos cartas de su valor (K) de la mano.")


def test_once_taken_the_pozo_may_be_taken_with_a_card_and_a_wild_card() -> None:
    state = table(pile="7♥ K♦", extra={"pozo_taken": [0]},
                  hands={"Tú": "K♠ K♥ 9♣ 9♦ 2♣", "Ada": "5♦ 5♥ 9♠", "Bo": "Q♥ J♠ 4♦",
                         "Cleo": "10♣ 10♦ 4♣"})
    exp = state.check("take pile with K♠")
    assert not exp.allowed and exp.message("en").endswith(
        "it needs two cards of its rank (K) from the hand, or one and a wild card.")
    # a card and a wild card are then refused only for the opening minimum, not for the pozo
    assert state.check("take pile with K♠ 2♣").rule == "open.minimum"


def test_an_illegal_action_is_named_in_the_readers_words() -> None:
    state = table(pile="K♦")
    with pytest.raises(canasta.IllegalActionError) as err:
        state.apply("levantar el pozo con K♠")
    assert error_text(err.value, "es").startswith("Jugada no permitida «levantar el pozo con K♠»: ")
    assert error_text(err.value, "en").startswith("Illegal action 'take pile with K♠': ")
