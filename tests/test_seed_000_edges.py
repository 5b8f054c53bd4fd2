"""Seed 000 (Canasta Americana), rule by rule at its edges: every test names the sentence of the
seed (or the standard rule the seed leaves to) that it checks, and puts the engine on both sides
of it (allowed and refused)."""

from __future__ import annotations

import pytest

import canasta
from canasta.actions import TakePile
from canasta.cards import cards_text
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
    state = table(phase="play", hands={"Tú": STRAIGHT, "Ada": "8♣ 8♦ 4♣"})
    # seven aces more from the stock: more than a hand in the hoyo ever holds (a situation refuses
    # it), to lay down the meld that leaves the hoyo and keep the special hand
    aces = canasta.parse_cards("A♥ A♦ A♣ A♥ A♦ A♣ A♠")
    for c in aces:  # from the stock, or the alas dealt from it
        pile = next(p for p in [state.stock, *state.extra["alas_piles"]] if c in p)
        pile.remove(c)
    state.hands[0].extend(aces)
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


# ---- every rule sentence of the seed, on both sides of its edge ---------------------------------------

OUT = {"Bo": ["K♦ K♠ K♥"]}  # Tú & Bo out of the hoyo


def _h(tu: str) -> dict[str, str]:
    return {"Tú": tu, "Ada": "8♣ 8♦ 4♣", "Bo": "Q♥ J♠ 4♦", "Cleo": "10♣ 10♦ 4♥"}


EDGES = [
    # "Juego común - un conjunto de, al menos, tres cartas … cuyo número es 4, 5, 6, 8, 9, 10, jack,
    # reina, rey o as."
    ("dos cartas", dict(phase="play", melds=OUT, hands=_h("9♠ 9♥ 4♠ 5♠")), "meld 9♠ 9♥", False, "meld.min-cards"),
    ("tres cartas", dict(phase="play", melds=OUT, hands=_h("9♠ 9♥ 9♦ 4♠ 5♠")), "meld 9♠ 9♥ 9♦", True, "meld.ok"),
    # "al menos dos cartas que no sean comodines y como máximo dos comodines"
    ("dos naturales, dos comodines", dict(phase="play", melds=OUT, hands=_h("9♠ 9♥ 2♣ JK 4♠ 5♠")),
     "meld 9♠ 9♥ 2♣ JK", True, "meld.ok"),
    ("tres comodines", dict(phase="play", melds=OUT, hands=_h("9♠ 9♥ 9♦ 2♣ 2♦ JK 4♠ 5♠")),
     "meld 9♠ 9♥ 9♦ 2♣ 2♦ JK", False, "meld.wild-limit"),
    ("una sola natural", dict(phase="play", melds=OUT, hands=_h("9♠ 2♣ JK 4♠ 5♠")), "meld 9♠ 2♣ JK", False,
     "meld.wild-limit"),
    ("tercer comodín al añadir", dict(phase="play", melds={"Bo": ["K♦ K♠ K♥ 2♦ JK"]}, hands=_h("2♣ 4♠ 5♠")),
     "add 2♣ to K", False, "meld.wild-limit"),
    # "No es posible tener dos juegos diferentes del mismo número"
    ("dos juegos del mismo número", dict(phase="play", melds=OUT, hands=_h("K♣ K♣ K♦ 4♠ 5♠")),
     "meld K♣ K♣ K♦", False, "meld.rank-exists"),
    # "no lo es permitido hacer juegos con más de siete cartas" / "Canasta - Juego de siete cartas"
    ("siete cartas: canasta", dict(phase="play", melds={"Bo": ["K♦ K♠ K♥ K♣ K♦ K♠"]}, hands=_h("K♥ 4♠ 5♠")),
     "add K♥ to K", True, "meld.canasta"),
    ("ocho cartas", dict(phase="play", melds={"Bo": ["K♦ K♠ K♥ K♣ K♦ K♠ K♥"]}, hands=_h("K♣ 4♠ 5♠")),
     "add K♣ to K", False, "meld.max-size"),
    # "Juego Especial - … cuyo número es 7 o as. Un juego especial no puede contener comodines; Si se
    # hace un juego de as para salir del hoyo, este podrá contener comodines"
    ("sietes limpios", dict(phase="play", melds=OUT, hands=_h("7♠ 7♥ 7♦ 4♠ 5♠")), "meld 7♠ 7♥ 7♦", True,
     "meld.special"),
    ("sietes con comodín", dict(phase="play", melds=OUT, hands=_h("7♠ 7♥ 2♣ 4♠ 5♠")), "meld 7♠ 7♥ 2♣", False,
     "meld.special"),
    ("ases con comodín fuera del hoyo", dict(phase="play", melds=OUT, hands=_h("A♠ A♥ 2♣ 4♠ 5♠")),
     "meld A♠ A♥ 2♣", False, "meld.special"),
    ("ases con comodín para salir del hoyo", dict(phase="play", hands=_h("A♠ A♥ A♦ 2♣ JK 9♠ 9♥ 9♦ 4♠ 5♠")),
     "meld A♠ A♥ A♦ 2♣ JK / 9♠ 9♥ 9♦", True, "meld.valid"),
    ("comodín a un juego de as limpio", dict(phase="play", melds={"Bo": ["A♦ A♠ A♥"]}, hands=_h("2♣ 4♠ 5♠")),
     "add 2♣ to A", False, "meld.special"),
    # "Juego de Comodines - un juego que contiene entre tres y siete comodines"
    ("tres comodines solos", dict(phase="play", melds=OUT, hands=_h("2♣ 2♦ JK 4♠ 5♠")), "meld 2♣ 2♦ JK", True,
     "meld.wilds"),
    ("dos comodines solos", dict(phase="play", melds=OUT, hands=_h("2♣ JK 4♠ 5♠")), "meld 2♣ JK", False,
     "meld.min-cards"),
    # "Juego de Tres - … antes o después de realizar su compra … reemplazar cada tres bajado"
    ("tres antes de comprar", dict(phase="draw", hands=_h("3♥ 3♠ 9♠ 4♠")), "meld 3♥ 3♠", True, "meld.threes"),
    ("tres después de comprar", dict(phase="play", hands=_h("3♥ 9♠ 4♠")), "meld 3♥", True, "meld.threes"),
    # "Cierre - … La última carta debe ser obligatoriamente descartada."
    ("vaciar la mano bajando", dict(phase="play", melds=TWO_CANASTAS, hands=_h("K♠ K♥ K♣")), "meld K♠ K♥ K♣",
     False, "out.must-discard"),
    ("cerrar descartando", dict(phase="play", melds=TWO_CANASTAS, hands=_h("K♠")), "discard K♠", True,
     "out.went-out"),
    # "Para cerrar, uno necesita al menos dos canastas."
    ("cerrar con una canasta", dict(phase="play", melds={"Bo": ["6♦ 6♠ 6♥ 6♣ 6♦ 6♠ 6♥"]}, hands=_h("K♠")),
     "discard K♠", False, "out.needs-canasta"),
    ("quedarse con una carta con una canasta", dict(phase="play", melds={"Bo": ["6♦ 6♠ 6♥ 6♣ 6♦ 6♠ 6♥"]},
                                                   hands=_h("K♠ K♥ K♣ 5♠")),
     "meld K♠ K♥ K♣", False, "out.needs-canasta"),
    # "Solo se permite descartar cartas de número tres para cerrar, y los comodines solo se los pueden
    # tirar caso se va a cerrar un juego o caso todas las cartas en la mano del jugador sean comodines o
    # tres."
    ("descartar un tres", dict(phase="play", melds=OUT, hands=_h("3♠ 9♠ 4♠")), "discard 3♠", False,
     "discard.three"),
    ("descartar un tres para cerrar", dict(phase="play", melds=TWO_CANASTAS, hands=_h("3♠")), "discard 3♠", True,
     "discard.out"),
    ("descartar un comodín", dict(phase="play", melds=OUT, hands=_h("2♣ 9♠ 4♠")), "discard 2♣", False,
     "discard.wild"),
    ("descartar un comodín de una mano de comodines y tres", dict(phase="play", melds=OUT, hands=_h("2♣ JK 3♠")),
     "discard 2♣", True, "discard.wild"),
    # "Si el pozo está vacío, solo se permite descartar cartas de as y siete si estas san las únicas
    # cartas que no son ni comodín ni número tres"
    ("as al pozo vacío con otras cartas", dict(phase="play", melds=OUT, hands=_h("A♠ 9♠ 4♠")), "discard A♠",
     False, "discard.empty-pile"),
    ("as al pozo vacío sin otras", dict(phase="play", melds=OUT, hands=_h("A♠ 7♥ JK 3♠")), "discard A♠", True,
     "discard.empty-pile"),
    ("as al pozo con cartas", dict(phase="play", melds=OUT, pile="5♥", hands=_h("A♠ 9♠ 4♠")), "discard A♠",
     True, "discard.ok"),
    # "el jugador puede compar todas las cartas del pozo si la carta superior del pozo no es un comodín
    # o un tres. Para hacerlo, el jugador debe jugar un juego que contenga la carta superior y al menos
    # dos cartas del mismo número que estén en la mano"
    ("pozo con comodín encima", dict(phase="draw", melds=OUT, pile="9♦ 2♣", hands=_h("9♠ 9♥ 4♠")),
     "take pile with 9♠ 9♥", False, "pile.top-wild"),
    ("pozo con tres encima", dict(phase="draw", melds=OUT, pile="9♦ 3♣", hands=_h("3♠ 3♥ 4♠")),
     "take pile with 3♠ 3♥", False, "pile.top-three"),
    ("pozo con dos naturales", dict(phase="draw", melds=OUT, pile="4♥ 9♦", hands=_h("9♠ 9♥ 4♠")),
     "take pile with 9♠ 9♥", True, "pile.take"),
    ("pozo con una natural y un comodín", dict(phase="draw", melds=OUT, pile="4♥ 9♦", hands=_h("9♠ 2♥ 4♠")),
     "take pile with 9♠ 2♥", False, "pile.use-top"),
    # "él solo puede compra el pozo si este juego tiene menos de cinco cartas"
    ("juego de cuatro", dict(phase="draw", melds={"Bo": ["9♣ 9♣ 9♦ 9♥"]}, pile="4♥ 9♦", hands=_h("9♠ 9♠ 4♠")),
     "take pile with 9♠ 9♠", True, "pile.take"),
    ("juego de cinco", dict(phase="draw", melds={"Bo": ["9♣ 9♣ 9♦ 9♥ 9♥"]}, pile="4♥ 9♦",
                            hands=_h("9♠ 9♠ 4♠")), "take pile with 9♠ 9♠", False, "pile.meld-full"),
]


@pytest.mark.parametrize("sentence, kw, action, allowed, rule", EDGES, ids=[e[0] for e in EDGES])
def test_seed_sentence_edges(sentence: str, kw: dict, action: str, allowed: bool, rule: str) -> None:
    state = table(**kw)
    exp = state.check(action)
    assert exp.allowed is allowed, (sentence, exp.message())
    assert rule in [e.rule for e in exp.walk()], (sentence, [e.rule for e in exp.walk()])
    assert all(e.source is not None for e in exp.walk())
    legal = [canasta.movegen.canonical(a, state).text for a in state.legal_actions()]
    assert (canasta.movegen.canonical(canasta.parse_action(action), state).text in legal) is allowed


# "Abajo de 3000 puntos 125 puntos / Desde 3000 hasta 4995 puntos 155 puntos / 5000 o más puntos 180
# puntos"; "Para contar el número de puntos, se utilizan los valores de las cartas descargadas."
HOYO = [
    (0, "A♠ A♥ A♦ A♣ / K♠ K♥ K♣ K♦", False),  # 120
    (0, "A♠ A♥ A♦ A♣ / K♠ K♥ K♣ / 5♠ 5♥ 5♦", True),  # 125
    (-40, "A♠ A♥ A♦ A♣ / K♠ K♥ K♣ / 5♠ 5♥ 5♦", True),  # a negative score is below 3000: 125
    (2995, "A♠ A♥ A♦ A♣ / K♠ K♥ K♣ / 5♠ 5♥ 5♦", True),
    (3000, "A♠ A♥ A♦ A♣ / K♠ K♥ K♣ / 5♠ 5♥ 5♦", False),  # 155 from 3000
    (3000, "A♠ A♥ A♦ A♣ / K♠ K♥ K♣ K♦ / Q♠ Q♥ Q♣", False),  # 150
    (3000, "A♠ A♥ A♦ A♣ / K♠ K♥ K♣ / Q♠ Q♥ Q♣ / 5♠ 5♥ 5♦", True),  # 155
    (4995, "A♠ A♥ A♦ A♣ / K♠ K♥ K♣ / Q♠ Q♥ Q♣ / 5♠ 5♥ 5♦", True),
    (5000, "A♠ A♥ A♦ A♣ / K♠ K♥ K♣ / Q♠ Q♥ Q♣ / 5♠ 5♥ 5♦", False),  # 180 from 5000
    (5000, "A♠ A♥ A♦ A♣ / K♠ K♥ K♣ K♦ / Q♠ Q♥ Q♣ Q♦ / 5♠ 5♥ 5♦", False),  # 175
    (5000, "A♠ A♥ A♦ A♣ / K♠ K♥ K♣ K♦ / Q♠ Q♥ Q♣ / J♠ J♥ J♣", True),  # 180
]


@pytest.mark.parametrize("score, melds, allowed", HOYO)
def test_leaving_the_hoyo_at_each_edge(score: int, melds: str, allowed: bool) -> None:
    cards = canasta.parse_cards(melds.replace("/", " ") + " 9♣ 6♦")
    # four melds and two cards kept are more than a hand in the hoyo ever holds (its deal and a
    # draw: a situation refuses it), so the hand gets its last cards from the stock
    state = table(phase="play", hands=_h(cards_text(cards[:14])), scores=[score, 0])
    for c in cards[14:]:  # from the stock, or the alas dealt from it
        pile = next(p for p in [state.stock, *state.extra["alas_piles"]] if c in p)
        pile.remove(c)
        state.hands[0].append(c)
    exp = state.check(f"meld {melds}")
    assert exp.allowed is allowed, exp.message()
    assert "open.minimum" in [e.rule for e in exp.walk()]


def test_threes_do_not_count_for_the_hoyo_and_the_pozo_card_does() -> None:
    # "Este juego no cuenta para salir del hoyo." / "…permitido usar la carta de la parte superior
    # del pozo para salir del hoyo"
    state = table(phase="play", hands=_h("A♠ A♥ A♦ A♣ K♠ K♥ K♣ K♦ 3♥ 3♠ 9♣ 6♦"))
    assert not state.check("meld A♠ A♥ A♦ A♣ / K♠ K♥ K♣ K♦").allowed  # 120
    state.apply("meld 3♥ 3♠")  # threes: replaced, counted for nothing
    assert not state.check("meld A♠ A♥ A♦ A♣ / K♠ K♥ K♣ K♦").allowed
    pozo = table(phase="draw", pile="4♥ 5♦", hands=_h("A♠ A♥ A♦ A♣ K♠ K♥ K♣ K♦ 5♠ 5♥ 9♣ 6♦"))
    assert pozo.check("take pile with 5♠ 5♥ and meld A♠ A♥ A♦ A♣ / K♠ K♥ K♣ K♦").allowed  # 120 + 15


def test_leaving_the_hoyo_takes_the_ala_of_four_added_next_turn() -> None:
    # "El primero en salir del hoyo recibe el ala de cuatro cartas." / "En su próxima ronda, esta ala
    # será añadida a su mano."
    state = table(phase="play", hands=_h("A♠ A♥ A♦ A♣ K♠ K♥ K♣ 5♠ 5♥ 5♦ 9♣ 6♦"))
    state.apply("meld A♠ A♥ A♦ A♣ / K♠ K♥ K♣ / 5♠ 5♥ 5♦")
    left = [e for e in state.history[-1].events if e.rule == "hoyo.left"]
    assert len(left) == 1 and left[0].facts["count"] == 4
    assert len(state.hands[0]) == 2
    state.apply("discard 9♣")
    for who in ("Ada", "Bo", "Cleo"):
        state.apply(f"{who}: draw")
        state.apply(f"{who}: discard {state.hands[state.turn][0].text}")
    assert [e.rule for e in state.history[-1].events].count("ala.added") == 1
    assert len(state.hands[0]) == 1 + 4  # 6♦ and the ala, before Tú's draw


def test_a_side_set_out_of_the_hoyo_leaves_it_with_no_later_meld() -> None:
    # "El jugador que abandona el hoyo recibe una de las alas": a situation that sets Tú & Bo
    # down out of it already; their next meld (threes here) neither leaves it nor takes an ala
    st = situation("americana", phase="play", melds=OUT, hands=_h("3♥ 9♠ 4♠"))
    from canasta.kernel.americana.position import Position

    assert Position.from_state(st).out_before == (0,)  # the kernel plays it the same way
    st.apply("meld 3♥")
    assert [e.rule for e in st.history[-1].events] == ["threes.replaced"]
    assert st.extra["ala_seat"] == [-1, -1]
    # the other side still leaves it by its own meld, taking the ala of four
    st = situation("americana", phase="play", melds=OUT, turn="Ada",
                   hands={**_h("9♠ 4♠"), "Ada": "A♣ A♦ A♥ K♣ K♥ K♦ Q♠ Q♥ Q♦ J♠ J♥ J♦ 4♣ 5♦"})
    st.apply("meld A♣ A♦ A♥ / K♣ K♥ K♦ / Q♠ Q♥ Q♦ / J♠ J♥ J♦")
    assert "hoyo.left" in [e.rule for e in st.history[-1].events]
    assert st.extra["ala_seat"][0] == st.seat_of("Ada")
    # a new hand starts every side in the hoyo: no side left it before
    st.melds = [[] for _ in st.sides]
    st.variant.after_deal(st)
    assert "out_before" not in st.extra and st.opened == [False, False]
