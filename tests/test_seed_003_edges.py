"""Seed 003 (classic Canasta), rule by rule at its edges: every test names the sentence of the
seed (or the standard rule the seed leaves to) that it checks, and puts the engine on both sides
of it (allowed and refused)."""

from __future__ import annotations

import pytest

import canasta
from canasta.cards import Card, parse_cards
from canasta.situation import situation

C = Card.parse
QUEENS = {"Bo": ["Q♣ Q♦ Q♠"]}


def table(**kw):
    """A classic situation, Tú & Bo (seats 0 and 2) against Ada & Cleo; Tú to move."""
    kw.setdefault("hands", {"Tú": "K♠ K♥ 9♣ 9♦ 5♣ 6♣", "Ada": "5♦ 5♥ 9♠", "Bo": "Q♥ J♠ 4♦",
                            "Cleo": "10♣ 10♦ 4♣"})
    return situation("classic", **kw)


def rules_of(exp: canasta.Explanation) -> list[str]:
    return [e.rule for e in exp.walk()]


# ---- red threes ---------------------------------------------------------------------------------
# "Los treses rojos — No se juegan. Cuando te toque uno, colócalo descubierto de inmediato y roba una
# carta de reemplazo." The standard rule for the one case the seed does not tell (a red three turned
# up and covered, then taken with the pile): laid face up at once, with no replacement card.

def test_a_red_three_taken_with_the_pile_is_laid_out_without_replacement() -> None:
    state = table(pile="3♦ 8♣ K♦", melds=QUEENS, phase="draw")
    stock_before = len(state.stock)
    exp = state.apply("take pile with K♠ K♥")
    assert exp.allowed and exp.facts["count"] == 3
    events = state.history[-1].events
    laid = [e for e in events if e.rule == "threes.red-with-pile"]
    assert len(laid) == 1 and laid[0].facts["card"] == C("3♦")
    assert laid[0].source is not None and laid[0].source.kind == "standard"
    assert C("3♦") not in state.hands[0]
    assert state.red_threes[0] == [C("3♦")]
    assert sorted(state.hands[0]) == sorted(parse_cards("9♣ 9♦ 5♣ 6♣ 8♣"))
    assert len(state.stock) == stock_before  # no replacement card
    assert state.pile == [] and state.pile_frozen == 0
    refused = state.check("discard 3♦")
    assert (refused.allowed, refused.rule) == (False, "hand.has-cards")
    assert state.conservation_errors() == []


def test_the_red_three_taken_with_the_pile_scores_for_the_side() -> None:
    state = table(pile="3♦ 8♣ K♦", melds={"Bo": ["Q♣ Q♦ Q♠ Q♥ Q♣ Q♦ Q♠"]}, phase="draw",
                  hands={"Tú": "K♠ K♥", "Ada": "5♦ 5♥ 9♠", "Bo": "J♠ 4♦", "Cleo": "10♣ 4♣"})
    state.apply("take pile with K♠ K♥")
    assert state.hands[0] == [C("8♣")]  # the red three never joins the hand
    state.apply("discard 8♣")
    assert state.phase == "hand-over"
    lines = {e.rule: p for p, e in state.results[-1].side_lines(0)}
    assert lines["score.red-threes"] == 100


def test_taking_a_pile_with_a_red_three_counts_it_out_of_the_hand_when_going_out() -> None:
    # K♠ K♥ onto the queens' side: the pile (3♦ under 8♣ and K♦) would leave 8♣ alone in the
    # hand, which is one card to discard: going out needs the canasta
    state = table(pile="3♦ K♦", melds=QUEENS, phase="draw",
                  hands={"Tú": "K♠ K♥", "Ada": "5♦ 5♥ 9♠", "Bo": "J♠ 4♦", "Cleo": "10♣ 4♣"})
    exp = state.check("take pile with K♠ K♥")
    # 3♦ goes to the table, K♦ K♠ K♥ are melded: the hand would be empty without a canasta
    assert (exp.allowed, exp.rule) == (False, "out.needs-canasta")
    assert exp.facts["left"] == 0


def test_a_red_three_on_top_of_the_pile_is_refused_as_a_red_three() -> None:
    state = table(pile="8♣ 3♥", melds=QUEENS, phase="draw",
                  hands={"Tú": "3♦ 3♦ 9♣ 9♦", "Ada": "5♦ 5♥ 9♠", "Bo": "J♠ 4♦", "Cleo": "10♣ 4♣"})
    exp = state.check("take pile with 3♦ 3♦")
    assert (exp.allowed, exp.rule) == (False, "pile.top-red-three")
    assert "3♥" in exp.message() and "wild" not in exp.message()
    assert exp.message("es") != exp.message("en")
    assert not [a for a in state.legal_actions() if isinstance(a, canasta.actions.TakePile)]


# ---- one card in hand, one card in the pile ---------------------------------------------------------
# Standard rule (Official Canasta Laws; Britannica): a player holding one card may not take a
# one-card pile.

def test_one_card_in_hand_cannot_take_a_one_card_pile() -> None:
    state = table(pile="Q♥", melds={"Bo": ["Q♣ Q♦ Q♠", "K♦ K♠ K♥ K♣ K♦ K♠ K♥"]}, phase="draw",
                  hands={"Tú": "9♣", "Ada": "5♦ 5♥ 9♠", "Bo": "J♠ 4♦", "Cleo": "10♣ 4♣"})
    exp = state.check("take pile onto Q")
    assert (exp.allowed, exp.rule) == (False, "pile.one-card")
    assert exp.source is not None and exp.source.kind == "standard"
    assert [a.text for a in state.legal_actions()] == ["draw"]


@pytest.mark.parametrize("pile, hand", [("J♥ Q♥", "9♣"), ("Q♥", "9♣ 8♦")])
def test_the_one_card_rule_needs_both_one_card_hand_and_one_card_pile(pile: str, hand: str) -> None:
    state = table(pile=pile, melds={"Bo": ["Q♣ Q♦ Q♠", "K♦ K♠ K♥ K♣ K♦ K♠ K♥"]}, phase="draw",
                  hands={"Tú": hand, "Ada": "5♦ 5♥ 9♠", "Bo": "J♠ 4♦", "Cleo": "10♣ 4♣"})
    exp = state.check("take pile onto Q")
    assert exp.allowed, exp.message()
    assert "take pile onto Q" in [a.text for a in state.legal_actions()]


# ---- going out concealed --------------------------------------------------------------------------
# The seed is silent; the standard rule: a player goes out concealed by melding the whole hand in one
# turn, including a canasta of the player's own, without having melded before and without adding to
# the partner's melds; it scores 100 more.

def _bonus_lines(state: canasta.State) -> dict[str, int]:
    return {e.rule: p for p, e in state.results[-1].side_lines(0)}


def test_concealed_bonus_for_a_whole_hand_with_a_canasta_of_ones_own() -> None:
    state = table(phase="play", melds={"Bo": ["Q♣ Q♦ Q♠"]},
                  hands={"Tú": "K♠ K♥ K♣ K♦ K♠ K♥ 2♣ 4♠", "Ada": "5♦ 5♥ 9♠", "Bo": "J♠ 4♦",
                         "Cleo": "10♣ 4♣"})
    state.apply("meld K♠ K♥ K♣ K♦ K♠ K♥ 2♣")
    state.apply("discard 4♠")
    assert _bonus_lines(state)["score.concealed"] == 100


def test_no_concealed_bonus_when_the_canasta_was_made_on_the_partners_meld() -> None:
    state = table(phase="play", melds={"Bo": ["K♣ K♦ K♠ K♥ JK"]},
                  hands={"Tú": "K♠ K♥ Q♠ Q♥ Q♣ 4♠", "Ada": "5♦ 5♥ 9♠", "Bo": "J♠ 4♦",
                         "Cleo": "10♣ 4♣"})
    state.apply("add K♠ K♥ to K")  # the partner's meld becomes the canasta
    state.apply("meld Q♠ Q♥ Q♣")
    state.apply("discard 4♠")
    assert state.phase == "hand-over"
    assert "score.concealed" not in _bonus_lines(state)


def test_no_concealed_bonus_when_a_card_also_went_onto_the_partners_meld() -> None:
    state = table(phase="play", melds={"Bo": ["Q♣ Q♦ Q♠"]},
                  hands={"Tú": "K♠ K♥ K♣ K♦ K♠ K♥ 2♣ Q♥ 4♠", "Ada": "5♦ 5♥ 9♠", "Bo": "J♠ 4♦",
                         "Cleo": "10♣ 4♣"})
    state.apply("meld K♠ K♥ K♣ K♦ K♠ K♥ 2♣")
    state.apply("add Q♥ to Q")
    state.apply("discard 4♠")
    assert "score.concealed" not in _bonus_lines(state)


def test_no_concealed_bonus_after_melding_in_an_earlier_turn() -> None:
    state = table(phase="play", melds={"Tú": ["Q♣ Q♦ Q♠"]},
                  hands={"Tú": "K♠ K♥ K♣ K♦ K♠ K♥ 2♣ 4♠", "Ada": "5♦ 5♥ 9♠", "Bo": "J♠ 4♦",
                         "Cleo": "10♣ 4♣"})
    state.melded_before[0] = True  # Tú laid the queens down in an earlier turn
    state.apply("meld K♠ K♥ K♣ K♦ K♠ K♥ 2♣")
    state.apply("discard 4♠")
    assert "score.concealed" not in _bonus_lines(state)


# ---- asking the partner ------------------------------------------------------------------------
# "Pide permiso antes a tu compañero: es la única conversación que permiten las reglas." Standard
# rules: a player asks only when able to go out this turn, and must abide by the answer.

CANASTA_K = {"Bo": ["K♦ K♠ K♥ K♣ K♦ K♠ K♥"]}


def _hands(tu: str) -> dict[str, str]:
    return {"Tú": tu, "Ada": "5♦ 5♥ 9♠", "Bo": "J♠ 4♦", "Cleo": "10♣ 4♣"}


def test_asking_needs_a_way_to_go_out_this_turn() -> None:
    state = table(phase="play", melds=CANASTA_K, hands=_hands("4♠ 9♣"))
    exp = state.check("ask partner")
    assert (exp.allowed, exp.rule) == (False, "out.ask-unable")
    assert "ask partner" not in [a.text for a in state.legal_actions()]
    able = table(phase="play", melds=CANASTA_K, hands=_hands("Q♠ Q♥ Q♣ 4♠"))
    assert able.check("ask partner").allowed
    assert "ask partner" in [a.text for a in able.legal_actions()]


def test_asking_without_a_canasta_to_come_is_refused() -> None:
    state = table(phase="play", melds={"Bo": ["K♦ K♠ K♥"]}, hands=_hands("Q♠ Q♥ Q♣ 4♠"))
    assert state.check("ask partner").rule == "out.ask-unable"
    # the canasta may be made in the same turn
    state = table(phase="play", melds={"Bo": ["K♦ K♠ K♥ K♣ K♦"]}, hands=_hands("K♠ K♥ 4♠"))
    assert state.check("ask partner").allowed


def test_a_yes_binds_the_player_to_go_out() -> None:
    state = table(phase="play", melds=CANASTA_K, hands=_hands("Q♠ Q♥ Q♣ 4♠"))
    state.apply("ask partner")
    state.apply("answer yes")
    refused = state.check("discard 4♠")
    assert (refused.allowed, refused.rule) == (False, "out.partner-said-yes")
    assert refused.source is not None
    legal = [a.text for a in state.legal_actions()]
    assert legal == ["meld Q♣ Q♥ Q♠"]
    state.apply("meld Q♠ Q♥ Q♣")
    assert [a.text for a in state.legal_actions()] == ["discard 4♠"]
    state.apply("discard 4♠")
    assert state.phase == "hand-over" and state.results[-1].ended.rule == "end.went-out"


def test_after_a_yes_no_action_may_spoil_going_out() -> None:
    state = table(phase="play", melds=CANASTA_K, hands=_hands("Q♠ Q♥ Q♣ 5♦ 5♣ 2♣ 4♠"))
    state.apply("ask partner")
    state.apply("answer yes")
    spoil = state.check("add 2♣ to K")  # the fives would then need a wild card they cannot have
    assert (spoil.allowed, spoil.rule) == (False, "out.partner-said-yes")
    assert state.check("meld 5♦ 5♣ 2♣").allowed
    for a in state.legal_actions():
        assert state.check(a).allowed
    while state.phase == "play":
        state.apply(state.legal_actions()[0])
    assert state.results[-1].ended.rule == "end.went-out"


def test_a_no_still_forbids_going_out() -> None:
    state = table(phase="play", melds=CANASTA_K, hands=_hands("Q♠ Q♥ Q♣ 4♠"))
    state.apply("ask partner")
    state.apply("answer no")
    assert state.check("meld Q♠ Q♥ Q♣").rule == "out.partner-said-no"
    assert state.check("discard 4♠").allowed


# ---- the end of the stock --------------------------------------------------------------------------
# The seed is silent. Official Canasta Laws: when the stock is exhausted play goes on while each
# player in turn takes the discard, and a player must take it when it goes onto a meld of the side;
# play ends when a player does not or cannot take it. A red three drawn as the last card is laid out;
# that player may meld but not discard, and play ends.

def _empty_stock(state: canasta.State, keep: int = 0) -> canasta.State:
    """Set the stock aside (in a box pile, still counted), keeping its ``keep`` top cards."""
    state.extra["box_piles"] = [state.stock[: len(state.stock) - keep]]
    state.stock = state.stock[len(state.stock) - keep:] if keep else []
    return state


def test_empty_stock_a_discard_that_goes_onto_a_meld_must_be_taken() -> None:
    state = _empty_stock(table(phase="draw", pile="4♥ 9♥", melds={"Bo": ["9♣ 9♦ 9♠"]}))
    assert state.check("draw").rule == "draw.stock-empty"
    must = state.check("pass")
    assert (must.allowed, must.rule) == (False, "pile.must-take")
    legal = [a.text for a in state.legal_actions()]
    assert "take pile onto 9" in legal and "pass" not in legal and "draw" not in legal
    state.apply("take pile onto 9")
    assert state.phase == "play" and state.hand_over is False


def test_empty_stock_a_discard_for_a_new_meld_may_be_declined() -> None:
    state = _empty_stock(table(phase="draw", pile="4♥ 5♥", melds=QUEENS,
                               hands=_hands("5♦ 5♣ 9♣ 8♦")))
    legal = [a.text for a in state.legal_actions()]
    assert legal == ["take pile with 5♣ 5♦", "pass"]
    exp = state.apply("pass")
    assert exp.rule == "turn.pass"
    assert state.phase == "hand-over"
    result = state.results[-1]
    assert result.ended.rule == "end.pile-declined"
    assert "score.going-out" not in {e.rule for _, _, e in result.lines}


def test_empty_stock_play_goes_on_after_a_take_and_ends_when_nobody_can_take() -> None:
    state = _empty_stock(table(phase="draw", pile="4♥ 5♥", melds=QUEENS,
                               hands=_hands("5♦ 5♣ 9♣ 8♦")))
    state.apply("take pile with 5♦ 5♣")
    state.apply("discard 9♣")
    # Ada holds no nine and the side has no meld of nines: play ends as her turn starts
    assert state.phase == "hand-over"
    assert state.results[-1].ended.rule == "end.stock-exhausted"
    assert state.results[-1].ended.facts["player"] == "Ada"


def test_the_last_card_a_red_three_lets_the_player_meld_but_not_discard() -> None:
    state = _empty_stock(table(phase="draw", stock="3♦", melds=QUEENS,
                               hands=_hands("Q♥ J♣ J♦ J♠ 4♠")), keep=1)
    assert [c.text for c in state.stock] == ["3♦"]
    state.apply("draw")
    events = state.history[-1].events
    assert [e.rule for e in events] == ["threes.red-laid-out"]
    assert all("must draw" not in e.message() for e in events)
    assert state.phase == "play" and state.red_threes[0] == [C("3♦")]
    no = state.check("discard 4♠")
    assert (no.allowed, no.rule) == (False, "discard.last-red-three")
    assert state.check("meld J♣ J♦ J♠").allowed
    state.apply("meld J♣ J♦ J♠")
    state.apply("add Q♥ to Q")
    assert [a.text for a in state.legal_actions()] == ["pass"]
    state.apply("pass")
    assert state.phase == "hand-over"
    assert state.results[-1].ended.rule == "end.last-red-three"
    assert state.results[-1].ended.facts["player"] == "Tú"
    assert state.conservation_errors() == []


def test_pass_is_refused_while_the_stock_has_cards() -> None:
    state = table(phase="draw", pile="4♥ 5♥")
    exp = state.check("pass")
    assert (exp.allowed, exp.rule) == (False, "turn.pass")
    assert "pass" not in [a.text for a in state.legal_actions()]
    state = table(phase="play")
    assert state.check("pass").rule == "turn.pass"


# ---- every rule sentence of the seed, on both sides of its edge ---------------------------------------

CANASTA_Q = {"Bo": ["Q♣ Q♦ Q♠ Q♥ Q♣ Q♦ Q♠"]}
OPEN = {"Bo": ["9♥ 9♠ 9♦"]}


def _h(tu: str) -> dict[str, str]:
    return {"Tú": tu, "Ada": "5♦ 5♥ 9♠", "Bo": "J♠ 4♦", "Cleo": "10♣ 4♣"}


# (seed sentence, situation, action, allowed, rule found in the verdict)
EDGES = [
    # "Los comodines y todos los doses son libres."
    ("dos libres: 2♠", dict(phase="play", melds=OPEN, hands=_h("8♦ 8♠ 2♠ 4♠ 5♠")), "meld 8♦ 8♠ 2♠", True, "meld.ok"),
    ("dos libres: 2♥", dict(phase="play", melds=OPEN, hands=_h("8♦ 8♠ 2♥ 4♠ 5♠")), "meld 8♦ 8♠ 2♥", True, "meld.ok"),
    ("comodín libre", dict(phase="play", melds=OPEN, hands=_h("8♦ 8♠ JK 4♠ 5♠")), "meld 8♦ 8♠ JK", True, "meld.ok"),
    # "Una combinación puede llevar como mucho tres cartas libres, y nunca más libres que naturales."
    ("tres libres", dict(phase="play", melds=OPEN, hands=_h("8♦ 8♠ 8♥ 8♣ 2♠ 2♥ JK 4♠")),
     "meld 8♦ 8♠ 8♥ 8♣ 2♠ 2♥ JK", True, "meld.wild-limit"),
    ("cuatro libres", dict(phase="play", melds=OPEN, hands=_h("8♦ 8♠ 8♥ 8♣ 8♦ 2♠ 2♥ 2♣ JK 4♠")),
     "meld 8♦ 8♠ 8♥ 8♣ 8♦ 2♠ 2♥ 2♣ JK", False, "meld.wild-limit"),
    ("libres iguales a naturales", dict(phase="play", melds=OPEN, hands=_h("8♦ 8♠ 2♥ JK 4♠ 5♠")),
     "meld 8♦ 8♠ 2♥ JK", True, "meld.ok"),
    ("más libres que naturales", dict(phase="play", melds=OPEN, hands=_h("8♦ 8♠ 2♥ 2♣ JK 4♠")),
     "meld 8♦ 8♠ 2♥ 2♣ JK", False, "meld.wild-limit"),
    ("más libres al añadir", dict(phase="play", melds={"Bo": ["9♥ 9♠ 2♦"]}, hands=_h("2♥ JK 4♠ 5♠")),
     "add 2♥ to 9", True, "add.ok"),
    ("más libres al añadir (3 a 2)", dict(phase="play", melds={"Bo": ["9♥ 9♠ 2♦"]}, hands=_h("2♥ JK 4♠ 5♠")),
     "add 2♥ JK to 9", False, "meld.wild-limit"),
    # "Los treses rojos — No se juegan."
    ("treses rojos no se bajan", dict(phase="play", melds=CANASTA_Q, hands=_h("3♥ 3♦ 3♥")),
     "meld 3♥ 3♦ 3♥", False, "meld.black-threes"),
    # "Tres o más cartas del mismo valor. En la canasta no hay escaleras."
    ("dos cartas", dict(phase="play", melds=OPEN, hands=_h("K♠ K♥ 4♠")), "meld K♠ K♥", False, "meld.min-cards"),
    ("tres cartas", dict(phase="play", melds=OPEN, hands=_h("K♠ K♥ K♣ 4♠ 5♠")), "meld K♠ K♥ K♣", True, "meld.ok"),
    ("no hay escaleras", dict(phase="play", melds=OPEN, hands=_h("5♣ 6♣ 7♣ 4♠ 5♠")), "meld 5♣ 6♣ 7♣", False,
     "meld.same-rank"),
    # "Las combinaciones pertenecen a la pareja, no al jugador."
    ("añadir a la del compañero", dict(phase="play", melds=OPEN, hands=_h("9♣ 4♠ 5♠")), "add 9♣ to 9", True, "add.ok"),
    ("no a la de los rivales", dict(phase="play", melds={"Ada": ["9♥ 9♠ 9♦"]}, hands=_h("9♣ 4♠ 5♠")),
     "add 9♣ to 9", False, "add.target"),
    # "Tu pareja debe tener al menos una canasta antes de que nadie pueda salir."
    ("salir sin canasta (bajando)", dict(phase="play", melds=OPEN, hands=_h("K♠ K♥ K♣")), "meld K♠ K♥ K♣",
     False, "out.needs-canasta"),
    ("salir sin canasta (descartando)", dict(phase="play", melds=OPEN, hands=_h("K♠")), "discard K♠",
     False, "out.needs-canasta"),
    ("quedarse con una carta sin canasta", dict(phase="play", melds=OPEN, hands=_h("K♠ K♥ K♣ 4♠")),
     "meld K♠ K♥ K♣", False, "out.needs-canasta"),
    ("quedarse con dos cartas sin canasta", dict(phase="play", melds=OPEN, hands=_h("K♠ K♥ K♣ 4♠ 5♠")),
     "meld K♠ K♥ K♣", True, "meld.ok"),
    # "Baja o descarta tu última carta una vez que tu pareja tenga una canasta."
    ("salir bajando con canasta", dict(phase="play", melds=CANASTA_Q, hands=_h("K♠ K♥ K♣")), "meld K♠ K♥ K♣",
     True, "out.went-out"),
    ("salir descartando con canasta", dict(phase="play", melds=CANASTA_Q, hands=_h("K♠")), "discard K♠",
     True, "out.went-out"),
    ("salir añadiendo con canasta", dict(phase="play", melds=CANASTA_Q, hands=_h("Q♥")), "add Q♥ to Q",
     True, "out.went-out"),
    # "Una canasta es una combinación de siete o más."
    ("seis no es canasta", dict(phase="play", melds={"Bo": ["K♦ K♠ K♥ K♣ K♦"]}, hands=_h("K♠ 4♠ 5♠ 6♠")),
     "add K♠ to K", True, "add.ok"),
    ("siete es canasta", dict(phase="play", melds={"Bo": ["K♦ K♠ K♥ K♣ K♦ K♠"]}, hands=_h("K♥ 4♠ 5♠ 6♠")),
     "add K♥ to K", True, "meld.canasta"),
    # "Puedes llevarte el montón entero … si puedes usar esa carta de inmediato, ya sea bajándola con dos
    # cartas iguales de tu mano o añadiéndola a una combinación que ya tenga tu pareja."
    ("con dos iguales", dict(phase="draw", pile="4♥ K♦", melds=OPEN), "take pile with K♠ K♥", True, "pile.take"),
    ("con una sola igual", dict(phase="draw", pile="4♥ K♦", melds=OPEN), "take pile with K♠ 9♣", False,
     "pile.use-top"),
    ("añadiéndola a la combinación", dict(phase="draw", pile="4♥ 9♣", melds=OPEN), "take pile onto 9", True,
     "pile.take"),
    ("sin combinación de ese valor", dict(phase="draw", pile="4♥ 8♣", melds=OPEN), "take pile onto 8", False,
     "pile.use-top"),
    ("una natural y una libre, sin congelar", dict(phase="draw", pile="4♥ K♦", melds=OPEN,
                                                   hands=_h("K♠ 2♣ 9♣ 6♦")), "take pile with K♠ 2♣", True,
     "pile.take"),
    # "El montón está congelado cuando contiene una carta libre o un tres rojo, y mientras esté
    # congelado solo puedes llevártelo con una pareja natural de tu mano."
    ("congelado por una libre: natural y libre", dict(phase="draw", pile="2♦ 4♥ K♦", melds=OPEN,
                                                      hands=_h("K♠ 2♣ 9♣ 6♦")), "take pile with K♠ 2♣",
     False, "pile.frozen"),
    ("congelado por un tres rojo: natural y libre", dict(phase="draw", pile="3♥ 4♥ K♦", melds=OPEN,
                                                         hands=_h("K♠ 2♣ 9♣ 6♦")),
     "take pile with K♠ 2♣", False, "pile.frozen"),
    ("congelado: pareja natural", dict(phase="draw", pile="2♦ 4♥ K♦", melds=OPEN), "take pile with K♠ K♥",
     True, "pile.take"),
    ("congelado: no sobre la combinación", dict(phase="draw", pile="2♦ 4♥ 9♣", melds=OPEN,
                                                hands=_h("9♦ 4♠ 6♦")), "take pile onto 9", False,
     "pile.frozen"),
    ("congelado antes de abrir (estándar)", dict(phase="draw", pile="4♥ K♦", hands=_h("K♠ 2♣ 9♣ 6♦")),
     "take pile with K♠ 2♣", False, "pile.frozen"),
    # "Un tres negro bloquea el montón: Bo, que juega a continuación, no puede llevárselo en este turno."
    ("tres negro encima", dict(phase="draw", pile="K♦ 3♠", melds=OPEN), "take pile with K♠ K♥", False,
     "pile.blocked"),
    ("tres negro tapado por otra carta", dict(phase="draw", pile="3♠ K♦", melds=OPEN), "take pile with K♠ K♥",
     True, "pile.take"),
    # "Cleo descarta el 2♦. Una carta libre en el descarte lo congela"
    ("descartar una libre congela", dict(phase="play", hands=_h("2♦ 4♠ 5♠")), "discard 2♦", True,
     "pile.freezes"),
    ("descartar un tres negro bloquea", dict(phase="play", hands=_h("3♣ 4♠ 5♠")), "discard 3♣", True,
     "pile.blocks"),
    # "El turno va tú, Ada, Bo, Cleo."
    ("fuera de turno", dict(phase="draw"), "Ada: draw", False, "turn.order"),
    ("en su turno", dict(phase="draw"), "Tú: draw", True, "draw.stock"),
    # "Robas el K♠." — one card a turn, and only one draw
    ("robar dos veces", dict(phase="play"), "draw", False, "turn.already-drew"),
    ("bajar antes de robar", dict(phase="draw", hands=_h("K♠ K♥ K♣ 8♦ 8♠ 2♣ 4♠")), "meld K♠ K♥ K♣",
     False, "turn.draw-first"),
]


@pytest.mark.parametrize("sentence, kw, action, allowed, rule", EDGES, ids=[e[0] for e in EDGES])
def test_seed_sentence_edges(sentence: str, kw: dict, action: str, allowed: bool, rule: str) -> None:
    state = table(**kw)
    before = state.to_dict()
    exp = state.check(action)
    assert exp.allowed is allowed, (sentence, exp.message())
    assert rule in rules_of(exp), (sentence, rules_of(exp))
    assert all(e.source is not None for e in exp.walk())
    assert state.to_dict() == before
    act = canasta.parse_action(action)
    if act.player is None:  # the legal list holds the actions of the player to move
        legal = [canasta.movegen.canonical(a, state).text for a in state.legal_actions()]
        assert (canasta.movegen.canonical(act, state).text in legal) is allowed


# "Las primeras combinaciones de tu pareja en una mano deben sumar un mínimo, y sube con vuestra
# propia puntuación: 50 mientras estéis por debajo de 1500, 90 de ahí a 3000, y 120 por encima. Una
# pareja que haya bajado de cero abre con 15". Values: 3–7 5, 8–K 10, A and 2 20, joker 50.
OPENINGS = [
    (-5, "5♠ 5♥ 5♦", True),  # 15: the least a meld can count
    (0, "K♠ K♥ K♣ 5♠ 5♥ 5♦", False),  # 45
    (0, "K♠ K♥ K♣ 2♣", True),  # 50
    (1495, "K♠ K♥ K♣ 2♣", True),  # 50 still
    (1500, "K♠ K♥ K♣ 2♣", False),  # 90 from 1500
    (1500, "A♠ A♥ A♦ 5♠ 5♥ 5♦ 5♣", False),  # 85
    (1500, "A♠ A♥ A♦ 10♠ 10♥ 10♦", True),  # 90
    (2995, "A♠ A♥ A♦ 10♠ 10♥ 10♦", True),
    (3000, "A♠ A♥ A♦ 10♠ 10♥ 10♦", False),  # 120 from 3000
    (3000, "A♠ A♥ A♦ A♣ A♠ 5♠ 5♥ 5♦", False),  # 115
    (3000, "A♠ A♥ A♦ A♣ A♠ A♥", True),  # 120
]


@pytest.mark.parametrize("score, cards, allowed", OPENINGS)
def test_opening_minimum_at_each_edge(score: int, cards: str, allowed: bool) -> None:
    from canasta.cards import RANK_TEXT

    state = table(phase="play", hands=_h(cards + " 4♣ 6♣"), scores=[score, 0])
    by_rank: dict[str, list[str]] = {}
    for c in cards.split():
        key = c[:-1] if not c.startswith("2") else "wild"
        by_rank.setdefault(key, []).append(c)
    wild = by_rank.pop("wild", [])
    groups = [" ".join(v + (wild if i == 0 else [])) for i, v in enumerate(by_rank.values())]
    exp = state.check("meld " + " / ".join(groups))
    assert exp.allowed is allowed, exp.message()
    assert "open.minimum" in rules_of(exp)
    assert RANK_TEXT  # the table's ranks are the engine's own


def test_the_pile_card_counts_and_the_red_threes_do_not_toward_the_opening() -> None:
    # "Las primeras combinaciones de tu pareja en una mano deben sumar un mínimo": card values only
    state = table(phase="draw", pile="4♥ K♦", hands=_h("K♠ K♥ 5♠ 5♥ 5♦ A♣ A♦ 9♣"),
                  red_threes={"Tú": "3♥ 3♦"})
    alone = state.check("take pile with K♠ K♥")  # K♦ K♠ K♥ = 30; the red threes' 200 do not count
    assert (alone.allowed, alone.rule, alone.facts["total"]) == (False, "open.minimum", 30)
    short = state.check("take pile with K♠ K♥ and meld 5♠ 5♥ 5♦")  # 30 + 15
    assert (short.allowed, short.facts["total"]) == (False, 45)
    ok = table(phase="draw", pile="4♥ K♦", hands=_h("K♠ K♥ 2♣ 5♠ 9♣"), red_threes={"Tú": "3♥"})
    exp = ok.check("take pile with K♠ K♥")
    assert not exp.allowed  # 30
    exp = ok.check("take pile with K♠ 2♣")  # frozen before opening: a natural pair only
    assert (exp.allowed, exp.rule) == (False, "pile.frozen")
    exp = table(phase="draw", pile="4♥ A♦", hands=_h("A♠ A♥ 9♣ 5♠")).check("take pile with A♠ A♥")
    assert exp.allowed  # A♦ A♠ A♥ = 60: the pile's card counts


def test_partner_of_an_opened_side_melds_without_minimum() -> None:
    # the minimum is the side's: after Bo's opening, Tú melds any valid meld
    state = table(phase="play", melds=OPEN, hands=_h("5♠ 5♥ 5♦ 4♠ 6♠"))
    exp = state.check("meld 5♠ 5♥ 5♦")
    assert exp.allowed and "open.minimum" not in rules_of(exp)


# "Cada uno vale 100 puntos para tu pareja, o menos 100 si tu pareja no ha bajado nada al final."
@pytest.mark.parametrize("melds, threes, points", [
    ({"Bo": ["9♥ 9♠ 9♦"]}, "3♥", 100), ({}, "3♥", -100), ({"Bo": ["9♥ 9♠ 9♦"]}, "3♥ 3♦", 200),
    ({"Bo": ["9♥ 9♠ 9♦"]}, "3♥ 3♦ 3♥ 3♦", 800), ({}, "3♥ 3♦ 3♥ 3♦", -800)])
def test_red_threes_count_for_a_side_that_melded_and_against_one_that_did_not(melds, threes, points) -> None:
    from canasta.scoring import score_side

    state = table(phase="play", melds=melds, hands=_h("4♠ 5♠"), red_threes={"Tú": threes})
    lines = {e.rule: p for p, e in score_side(state, 0, None)}
    assert lines["score.red-threes"] == points


# "El juego llega a 5000 puntos." A tie at the top plays another hand (standard).
@pytest.mark.parametrize("scores, over", [([4995, 0], False), ([5000, 0], True), ([5000, 5000], False),
                                          ([5200, 5100], True)])
def test_the_game_ends_at_5000(scores: list[int], over: bool) -> None:
    from canasta.scoring import game_end

    state = table(scores=scores)
    assert (game_end(state) is not None) is over


# The sample game's count: "100 por cerrar, 300 por la canasta sucia … los reyes con comodín 110, los
# ochos 50, los sietes con comodín 70, los ases 60 … se restan los 30 que te quedaron"
@pytest.mark.parametrize("cards, value", [("K♠", 10), ("9♣", 10), ("8♦", 10), ("A♦", 20), ("2♣", 20),
                                          ("7♣", 5), ("JK", 50), ("4♠", 5), ("10♥", 10), ("3♠", 5)])
def test_card_values_of_the_sample_game(cards: str, value: int) -> None:
    v = canasta.find_variant("classic")
    assert v.value(C(cards)) == value



# ---- the stock's end ------------------------------------------------------------------------------
# The seed is silent; the standard rule (std.stock-empty): play goes on while each player takes the
# pile, compulsorily when its top card goes onto the side's meld. The refusal of a draw names the
# way on that the player really has.

NINES = {"Bo": ["Q♣ Q♦ Q♠ Q♥ Q♣ Q♦ Q♠", "9♥ 9♠ 9♦"]}


@pytest.mark.parametrize(("hand", "melds", "pile", "legal", "en", "es"), [
    ("5♠ 6♠", NINES, "4♥ 9♣", ["take pile onto 9"],
     "You must take the pile, since its top card goes onto a meld of your side.",
     "Tienes que llevarte el montón, porque su carta de arriba va a una combinación de tu pareja."),
    ("9♠ 9♦ 5♠", {"Bo": NINES["Bo"][:1]}, "4♥ 9♣", ["take pile with 9♦ 9♠", "pass"],
     "You may take the pile, or pass to end the hand.",
     "Puedes llevarte el montón, o pasar para terminar la mano."),
    ("5♠", NINES, "9♣", ["pass"],  # one card in hand and one in the pile: no take
     "You cannot take the pile either: pass to end the hand.",
     "Tampoco puedes llevarte el montón: pasa para terminar la mano."),
])
def test_a_draw_from_the_empty_stock_names_the_way_on_there_is(
        hand: str, melds: dict[str, list[str]], pile: str, legal: list[str], en: str,
        es: str) -> None:
    state = table(hands={"Tú": hand, "Ada": "5♦ 5♥ 9♠", "Bo": "Q♥ J♠ 4♦", "Cleo": "10♣ 10♦ 4♣"},
                  melds=melds, pile=pile, phase="draw", stock=0)
    assert [a.text for a in state.legal_actions()] == legal
    exp = state.check("draw")
    assert (exp.allowed, exp.rule) == (False, "draw.stock-empty")
    assert exp.message("en") == "You cannot draw: the stock is empty. " + en
    assert exp.message("es") == "No puedes robar: el mazo está vacío. " + es


# "Una canasta es una combinación de siete o más" — "natural" sin cartas libres (500), "mixta" con
# ellas (300): a wild card laid on a natural canasta makes it mixed, and the lay-off says so.

def test_a_wild_card_added_to_a_natural_canasta_says_it_is_now_mixed() -> None:
    state = table(hands={"Tú": "JK 4♠ 5♠", "Ada": "5♦ 5♥ 9♠", "Bo": "Q♥ J♠ 4♦", "Cleo": "10♣ 10♦ 4♣"},
                  melds={"Bo": ["Q♣ Q♦ Q♠ Q♥ Q♣ Q♦ Q♠"]}, phase="play")
    exp = state.check("add JK to Q")
    notes = [e for e in exp.walk() if e.rule == "meld.canasta"]
    assert [e.message("en") for e in notes] == [
        "The meld of queens is no longer a natural canasta: it is now a mixed canasta, worth 300 "
        "at the end of the hand."]
    assert notes[0].message("es") == (
        "La combinación de reinas deja de ser una canasta natural: ahora es una canasta mixta, "
        "que vale 300 al final de la mano.")
    # a natural card added keeps it natural: no line
    state = table(hands={"Tú": "Q♥ 4♠ 5♠", "Ada": "5♦ 5♥ 9♠", "Bo": "J♠ 4♦", "Cleo": "10♣ 10♦ 4♣"},
                  melds={"Bo": ["Q♣ Q♦ Q♠ Q♥ Q♣ Q♦ Q♠"]}, phase="play")
    assert not [e for e in state.check("add Q♥ to Q").walk() if e.rule == "meld.canasta"]


def test_a_frozen_pile_names_the_cards_that_froze_it_and_the_naturals_that_take_it() -> None:
    state = table(hands={"Tú": "K♠ K♥ K♦ 5♠ 6♠", "Ada": "5♦ 5♥ 9♠", "Bo": "Q♥ J♠ 4♦",
                         "Cleo": "10♣ 10♦ 4♣"}, melds={"Bo": ["9♥ 9♠ 9♦"]}, pile="2♦ 4♥ K♣",
                  phase="draw")
    exp = state.check("take pile with K♠ K♥ K♦")
    frozen = next(e for e in exp.walk() if e.rule == "pile.frozen")
    assert frozen.message("es") == (
        "Para ti, el montón está congelado porque tiene dentro el 2♦: se lo llevan las cartas "
        "naturales K♠ K♥ K♦, iguales a K♣.")
    assert frozen.message("en") == (
        "For you, the pile is frozen because it holds 2♦: the natural cards K♠ K♥ K♦, matching "
        "K♣, take it.")


# "Las primeras combinaciones de tu pareja en una mano deben sumar un mínimo": the text makes no
# exception for going out concealed (some published rules do), and the note says so.

def test_going_out_concealed_still_meets_the_minimum() -> None:
    state = table(hands={"Tú": "4♠ 4♥ 4♦ 4♣ 4♠ 4♥ 4♦ 5♠", "Ada": "5♦ 5♥ 9♠", "Bo": "Q♥ J♠ 6♦",
                         "Cleo": "10♣ 10♦ 4♣"}, phase="play")
    exp = state.check("meld 4♠ 4♥ 4♦ 4♣ 4♠ 4♥ 4♦")
    assert (exp.allowed, exp.rule) == (False, "open.minimum"), exp.message()
    assert "35" in exp.message("en") and "50" in exp.message("en")
    assert exp.source is not None and "eximen" in exp.source.text("es")
