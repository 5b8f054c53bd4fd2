"""Seed 002 (individual Canasta), rule by rule at its edges: every test names the sentence of the
seed (or the standard rule the seed leaves to) that it checks, and puts the engine on both sides
of it (allowed and refused)."""

from __future__ import annotations

import pytest

import canasta
from canasta.cards import Card, parse_cards
from canasta.movegen import canonical
from canasta.situation import situation

C = Card.parse
HANDS = {"Tú": "9♠ 9♦ 7♣ 5♥ 5♠ K♣ 3♥ 3♦ 3♣", "Ada": "8♠ 8♦ 6♣", "Bo": "Q♣ Q♦ J♠",
         "Cleo": "10♣ 10♦ 4♦"}
OPEN = {"Tú": ["K♠ K♥ K♦"]}


def table(**kw):
    """An individual situation of four, each for themselves; Tú to move."""
    kw.setdefault("hands", HANDS)
    return situation("individual", **kw)


# ---- the discard taken at any depth --------------------------------------------------------------------
# "Puedes coger el descarte a cualquier profundidad, bajando la carta por la que entraste. Por lo
# demás, la carta cogida del descarte ha de jugarse ese turno." Decided: the card gone in for is
# melded at once; the cards above it join the hand with no duty to play them.

def test_the_cards_above_the_one_gone_in_for_join_the_hand_freely() -> None:
    state = table(phase="draw", pile="8♣ 9♥ 4♣ K♥", melds=OPEN)
    exp = state.check("take pile at 3 with 9♠ 9♦")
    assert (exp.allowed, exp.rule) == (True, "pile.take-depth")
    assert "pile.owed" not in [e.rule for e in exp.walk()]
    assert "take pile at 3 with 9♦ 9♠" in [a.text for a in state.legal_actions()]
    state.apply("take pile at 3 with 9♠ 9♦")
    assert C("4♣") in state.hands[0] and C("K♥") in state.hands[0]
    assert [c.text for c in state.pile] == ["8♣"]
    assert state.check("discard 4♣").allowed
    assert state.check("discard 7♣").allowed
    state.apply("discard 4♣")
    assert state.conservation_errors() == []


def test_the_card_gone_in_for_must_still_go_down_at_once() -> None:
    state = table(phase="draw", pile="8♣ 9♥ 4♣ K♥", melds=OPEN)
    exp = state.check("take pile at 4 with 9♠ 9♦")  # 8♣ is the card gone in for: no pair of 8s
    assert (exp.allowed, exp.rule) == (False, "pile.entry")
    assert state.check("take pile at 2 with 9♠ 9♦").rule == "pile.entry"  # 4♣, not a 9


def test_a_deep_take_is_a_legal_action_wherever_the_entry_card_can_go_down() -> None:
    state = table(phase="draw", pile="9♥ 4♣ 7♦ 2♥ Q♥", melds=OPEN)
    legal = [a.text for a in state.legal_actions()]
    assert "take pile at 5 with 9♦ 9♠" in legal
    hand_after = sorted(parse_cards("7♣ 5♥ 5♠ K♣ 3♥ 3♦ 3♣ 4♣ 7♦ 2♥ Q♥"))
    state.apply("take pile at 5 with 9♠ 9♦")
    assert sorted(state.hands[0]) == hand_after and state.pile == []


# ---- every rule sentence of the seed, on both sides of its edge ---------------------------------------

def _h(tu: str) -> dict[str, str]:
    return {**HANDS, "Tú": tu}


EDGES = [
    # "Solo grupos — sin escaleras. 3 cartas como mínimo."
    ("dos cartas", dict(phase="play", melds=OPEN, hands=_h("9♠ 9♦ 4♠ 5♠")), "meld 9♠ 9♦", False, "meld.min-cards"),
    ("tres cartas", dict(phase="play", melds=OPEN, hands=_h("9♠ 9♦ 9♣ 4♠ 5♠")), "meld 9♠ 9♦ 9♣", True, "meld.ok"),
    ("una escalera", dict(phase="play", melds=OPEN, hands=_h("7♣ 8♣ 9♣ 4♠ 5♠")), "meld 7♣ 8♣ 9♣", False,
     "meld.same-rank"),
    # "el trío puede crecer todo lo que quieras"
    ("un grupo de nueve", dict(phase="play", melds={"Tú": ["K♠ K♥ K♦ K♣ K♠ K♥ K♦"]}, hands=_h("K♣ 2♣ 4♠ 5♠")),
     "add K♣ 2♣ to K", True, "add.anyone"),
    # "Como mucho 3 comodines en una misma combinación." / "Toda combinación necesita 2 cartas reales."
    ("tres comodines", dict(phase="play", melds=OPEN, hands=_h("9♠ 9♦ 2♣ 2♦ JK 4♠ 5♠")),
     "meld 9♠ 9♦ 2♣ 2♦ JK", True, "meld.wild-count"),
    ("cuatro comodines", dict(phase="play", melds=OPEN, hands=_h("9♠ 9♦ 9♣ 2♣ 2♦ 2♥ JK 4♠ 5♠")),
     "meld 9♠ 9♦ 9♣ 2♣ 2♦ 2♥ JK", False, "meld.wild-count"),
    ("una sola carta real", dict(phase="play", melds=OPEN, hands=_h("9♠ 2♣ JK 4♠ 5♠")), "meld 9♠ 2♣ JK", False,
     "meld.wild-count"),
    # "Todo 2 es comodín."
    ("un 2 de cualquier palo", dict(phase="play", melds=OPEN, hands=_h("9♠ 9♦ 2♠ 4♠ 5♠")), "meld 9♠ 9♦ 2♠", True,
     "meld.ok"),
    # "Antes de poner nada en la mesa tienes que abrir: una bajada, que valga al menos 50 puntos."
    ("abrir con 45", dict(phase="play", hands=_h("9♠ 9♦ 9♣ 5♥ 5♠ 5♦ 4♠ 6♠")), "meld 9♠ 9♦ 9♣ / 5♥ 5♠ 5♦", False,
     "open.minimum"),
    ("abrir con 40", dict(phase="play", hands=_h("10♠ 10♦ 10♣ 10♥ K♠ 4♠ 6♠")), "meld 10♠ 10♦ 10♣ 10♥", False,
     "open.minimum"),
    ("abrir con 50", dict(phase="play", hands=_h("10♠ 10♦ 10♣ 10♥ 10♠ 4♠ 6♠")), "meld 10♠ 10♦ 10♣ 10♥ 10♠",
     True, "open.minimum"),
    # "Para ese total, el comodín cuenta como la carta que represente."
    ("el comodín cuenta como la carta", dict(phase="play", hands=_h("Q♠ Q♦ Q♣ Q♥ JK 4♠ 6♠")),
     "meld Q♠ Q♦ Q♣ Q♥ JK", True, "open.minimum"),
    ("el comodín cuenta poco con cartas bajas", dict(phase="play", hands=_h("4♣ 4♦ 4♥ JK 2♣ 2♦ 7♠ 6♠")),
     "meld 4♣ 4♦ 4♥ JK 2♣", False, "open.minimum"),
    # "Hasta entonces no puedes bajar, añadir a las combinaciones de otros"
    ("añadir sin abrir", dict(phase="play", melds={"Ada": ["8♠ 8♦ 8♥"]}, hands=_h("8♣ 4♠ 5♠")),
     "add 8♣ to Ada:8", False, "add.anyone"),
    # "Puedes añadir a las combinaciones de cualquiera."
    ("añadir a la de otro", dict(phase="play", melds={"Tú": ["K♠ K♥ K♦"], "Ada": ["8♠ 8♦ 8♥"]},
                                 hands=_h("8♣ 4♠ 5♠")), "add 8♣ to Ada:8", True, "add.anyone"),
    # "El comodín que está en la mesa se queda ahí."
    ("cambiar un comodín de la mesa", dict(phase="play", melds={"Tú": ["K♠ K♥ K♦ JK"]}, hands=_h("K♣ 4♠ 5♠")),
     "swap K♣ for JK in K", False, "swap.off"),
    # "Necesitas una combinación de sietes antes de poder cerrar."
    ("cerrar sin canasta", dict(phase="play", melds=OPEN, hands=_h("Q♠ Q♥ Q♦")), "meld Q♠ Q♥ Q♦", False,
     "out.needs-canasta"),
    # "Puedes cerrar bajando tu última carta, sin descarte final."
    ("cerrar bajando", dict(phase="play", melds={"Tú": ["K♠ K♥ K♦ K♣ K♠ K♥ K♦"]}, hands=_h("Q♠ Q♥ Q♦")),
     "meld Q♠ Q♥ Q♦", True, "out.went-out"),
    ("cerrar descartando", dict(phase="play", melds={"Tú": ["K♠ K♥ K♦ K♣ K♠ K♥ K♦"]}, hands=_h("Q♠")),
     "discard Q♠", True, "out.went-out"),
    # the canasta must be the player's own (melds belong to their owner)
    ("cerrar con la canasta de otro", dict(phase="play", melds={"Tú": ["9♥ 9♣ 9♦"],
                                                                "Ada": ["K♠ K♥ K♦ K♣ K♠ K♥ K♦"]},
                                           hands=_h("Q♠")), "discard Q♠", False, "out.needs-canasta"),
    # "Roba una carta — del mazo boca abajo, o de arriba del descarte."
    ("robar del mazo", dict(phase="draw"), "draw", True, "draw.stock"),
    ("coger la de arriba", dict(phase="draw", pile="4♦ 9♥", melds=OPEN), "take pile with 9♠ 9♦", True,
     "pile.take-depth"),
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


def test_the_opening_minimum_edge_is_50() -> None:
    # "Tu primera bajada ha de valer 50." 45 refused, 50 allowed (values: numbers their face)
    under = table(phase="play", hands=_h("9♠ 9♦ 9♣ 6♥ 6♠ 6♦ 4♠ 5♣"))
    assert under.check("meld 9♠ 9♦ 9♣ / 6♥ 6♠ 6♦").facts["total"] == 45
    assert not under.check("meld 9♠ 9♦ 9♣ / 6♥ 6♠ 6♦").allowed
    at = table(phase="play", hands=_h("10♠ 10♦ 10♣ 10♥ 10♠ 4♠ 5♣"))
    exp = at.check("meld 10♠ 10♦ 10♣ 10♥ 10♠")
    assert (exp.allowed, [e.facts.get("total") for e in exp.walk() if e.rule == "open.minimum"]) == (True, [50])


# "Los demás cuentan lo que les queda en la mano: su valor para los números, 10 para las figuras, 20
# para el as, 50 para el comodín." / "Un comodín que te queda en la mano cuesta 50."
@pytest.mark.parametrize("card, value", [("7♣", 7), ("9♦", 9), ("10♥", 10), ("3♠", 3), ("J♠", 10),
                                         ("Q♥", 10), ("K♣", 10), ("A♦", 20), ("JK", 50), ("2♣", 50)])
def test_card_values(card: str, value: int) -> None:
    assert canasta.find_variant("individual").value(C(card)) == value


def test_going_out_scores_100_and_the_others_pay_their_hands() -> None:
    # "Cierras deshaciéndote de todo. Eso te da 100." / "Tus combinaciones cuentan a tu favor; lo
    # que te quede en la mano, en contra."
    state = table(phase="play", melds={"Tú": ["K♠ K♥ K♦ K♣ K♠ K♥ K♦"]},
                  hands={"Tú": "Q♠", "Ada": "7♣ A♦", "Bo": "JK", "Cleo": "3♠"})
    state.apply("discard Q♠")
    result = state.results[-1]
    mine = {e.rule: p for p, e in result.side_lines(0)}
    assert mine["score.going-out"] == 100 and mine["score.canasta"] == 500 and mine["score.meld-cards"] == 70
    assert result.totals[1:] == [-27, -50, -3]


@pytest.mark.parametrize("score, over", [(4999, False), (5000, True)])
def test_the_game_ends_when_someone_reaches_5000(score: int, over: bool) -> None:
    # "La partida acaba cuando alguien llega a 5000."
    from canasta.scoring import game_end

    assert (game_end(table(scores=[score, 0, 0, 0])) is not None) is over


# ---- the end of the stock ------------------------------------------------------------------------------
# The seed is silent; the standard rule (play ends when a player must draw from an empty stock) is
# followed. A situation built at that moment is a hand already over: only passing, which ends it.

def test_an_empty_stock_at_the_draw_leaves_only_the_pass() -> None:
    state = table(pile="7♣ 9♣", phase="draw", stock=0, opened={"Tú": True})
    assert [a.text for a in state.legal_actions()] == ["pass"]
    assert state.check("draw").rule == "draw.stock-empty"
    for text in ("take pile with 9♠ 9♦", "take pile at 2 with 7♣ 7♣"):
        refused = state.check(text)
        assert (refused.allowed, refused.rule) == (False, "end.stock-exhausted"), text
    state.apply("pass")
    assert state.results[-1].ended.rule == "end.stock-exhausted"
    assert state.conservation_errors() == []


def test_the_card_gone_in_for_may_go_down_with_the_cards_taken_above_it() -> None:
    # the cards above join the hand first (Rummy 500, where the take comes from: "the selected
    # card, and any and all cards to the right of it, are added to your hand; your next action
    # must be to meld the selected card"): 9♦ and 9♣ taken above the 9♥ go down with it
    state = table(phase="draw", pile="4♣ 9♥ 9♦ 9♣", melds=OPEN,
                  hands={**HANDS, "Tú": "9♠ 7♣ 5♥ 5♠ K♣ 3♦"})
    for text in ("take pile at 3 with 9♦ 9♣", "take pile at 3 with 9♠ 9♦"):
        exp = state.check(text)
        assert (exp.allowed, exp.rule) == (True, "pile.take-depth"), exp.message()
    assert not state.check("take pile at 3 with 9♣ 9♣").allowed  # one 9♣ above, none in hand
    legal = [a.text for a in state.legal_actions()]
    assert {"take pile at 3 with 9♣ 9♦", "take pile at 3 with 9♦ 9♠",
            "take pile at 3 with 9♣ 9♠", "take pile at 2 with 9♣ 9♠"} <= set(legal)
    state.apply("take pile at 3 with 9♦ 9♣")
    assert sorted(state.hands[0]) == sorted(parse_cards("9♠ 7♣ 5♥ 5♠ K♣ 3♦"))
    assert [m.text for m in state.melds[0]] == ["K♦ K♥ K♠", "9♣ 9♦ 9♥"]
    assert [c.text for c in state.pile] == ["4♣"] and state.conservation_errors() == []


def test_before_opening_the_cards_above_may_reach_the_minimum_in_the_melds_laid_with_it() -> None:
    # 9♥ 9♠ 9♦ (27) alone is short of 50; the K♥ taken above it makes K♦ K♠ K♥ (30) with it
    state = table(phase="draw", pile="4♣ 9♥ K♥ 9♦",
                  hands={**HANDS, "Tú": "9♠ K♦ K♠ 7♣ 5♥ 3♦"})
    text = "take pile at 3 with 9♦ 9♠ and meld K♥ K♦ K♠"
    assert state.check(text).allowed
    assert canonical(canasta.parse_action(text), state).text in [
        a.text for a in state.legal_actions()]
    state.apply(text)
    assert sorted(state.hands[0]) == sorted(parse_cards("7♣ 5♥ 3♦"))
    assert state.opened[0] and state.conservation_errors() == []


def test_what_every_seat_knows_of_a_hand_is_in_it_after_takes_with_the_cards_above() -> None:
    """The cards seen going into a hand from the pile, less those melded with the card gone in
    for (some of which may be among them): never a card the hand does not hold."""
    import random
    from collections import Counter

    from canasta.actions import TakePile
    from canasta.determinize import known_in_hands

    used_above = 0
    for seed in range(40):
        state = canasta.new_game("individual", seed=seed, players=2 + seed % 3)
        rng = random.Random(seed)
        while not state.hand_over:
            legal = state.legal_actions()
            takes = [a for a in legal if isinstance(a, TakePile) and a.with_cards]
            a = rng.choice(takes) if takes and rng.random() < 0.7 else rng.choice(legal)
            if isinstance(a, TakePile) and a.with_cards:
                hand = Counter(state.hands[state.turn])
                used_above += bool(Counter(a.with_cards) - hand)
            state.play(a)
            for seat, known in enumerate(known_in_hands(state)):
                assert not known - Counter(state.hands[seat]), (seed, seat, a.text)
    assert used_above > 5, used_above
