"""Canasta Real (seed 001): the deal, the turn, the whole-pile take, runs on the table, the muertos
(direct and indirect close) and the final close; each verdict with its message."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from real_tables import rules_of, table

import canasta
from canasta.bots import RandomBot
from canasta.cards import make_pack, parse_cards
from canasta.errors import IllegalActionError, InvalidActionError

HANDS = {"Tú": "7♥ 8♥ 9♥ K♠", "Ada": "K♣ K♦ 5♠", "Bo": "3♦ 4♦ 5♦ Q♥", "Cleo": "J♣ 4♠ 6♦"}


# ---- the deal -----------------------------------------------------------------------------------

def test_deal_four_players_eleven_each_two_muertos_no_upcard() -> None:
    state = canasta.new_game("real", seed=3)
    v = state.variant
    assert (v.decks, v.jokers, v.pack_size) == (2, 0, 104)
    assert [len(h) for h in state.hands] == [11, 11, 11, 11]
    assert [len(p) for p in state.extra["muertos_piles"]] == [11, 11]
    assert state.extra["muerto_state"] == ["waiting", "waiting"]
    assert len(state.stock) == 104 - 44 - 22 == 38 and state.pile == []
    assert sum(state.all_cards().values()) == 104 and state.conservation_errors() == []
    assert [e.rule for e in state.deal_events] == ["deal.hands", "deal.muertos", "deal.no-upcard"]
    assert [e.message() for e in state.deal_events] == [
        "Hand 1: Cleo deals 11 cards to each of the 4 players; you play first.",
        "Two muertos of 11 cards are set aside, one for each pair.",
        "No card is turned up: your first discard starts the pile."]
    assert state.deal_events[1].message("es") == (
        "Se apartan dos muertos de 11 cartas, uno para cada pareja.")
    assert state.opened == [True, True]  # no initial-meld minimum


def test_deal_two_players_each_with_a_muerto() -> None:
    state = canasta.new_game("real", seed=4, players=2)
    assert state.sides == ((0,), (1,))
    assert [len(h) for h in state.hands] == [11, 11]
    assert [len(p) for p in state.extra["muertos_piles"]] == [11, 11]
    assert len(state.stock) == 104 - 22 - 22 == 60 and state.conservation_errors() == []
    with pytest.raises(canasta.VariantError):
        canasta.new_game("real", players=3)


def test_aliases_find_the_variant() -> None:
    for name in ("real", "Canasta Real", "buraco", "canastra", "001"):
        assert canasta.find_variant(name).name == "real"


# ---- the turn and the pile ----------------------------------------------------------------------

# (rule, allowed, table kwargs, action, English message)
TURN_CASES = [
    ("turn.order", False, dict(), "Ada: discard K♣",
     "Ada cannot 'discard K♣' now: it is your turn."),
    ("turn.already-drew", False, dict(), "draw",
     "You have already drawn this turn: now meld, add or discard."),
    ("turn.draw-first", False, dict(phase="draw"), "meld 7♥ 8♥ 9♥",
     "Before 'meld 7♥ 8♥ 9♥', you must draw from the stock or take the pile."),
    ("draw.stock", True, dict(phase="draw"), "draw", "You draw a card from the stock; 67 remain."),  # 104 − 14 held − 22 in muertos − 1
    ("pile.empty", False, dict(phase="draw"), "take pile",
     "You cannot take the pile: it is empty."),
    ("pile.take-whole", True, dict(phase="draw", pile="9♣ 2♦ K♥"), "take pile",
     "You take the whole pile (3 cards) into the hand."),
    ("pile.take-whole", False, dict(phase="draw", pile="9♣ 8♥"), "take pile with 7♥ 9♥",
     "You cannot 'take pile with 7♥ 9♥': the whole pile goes into the hand as it is (write "
     "'take pile'), and melds come afterwards."),
    ("pile.depth", False, dict(phase="draw", pile="9♣ 8♥"), "take pile at 2",
     "You cannot go in for card 2 of the pile: the pile is taken whole, with no card chosen."),
    ("hand.has-cards", False, dict(), "meld 7♥ 8♥ 10♥", "You do not hold 10♥."),
    ("meld.min-cards", False, dict(), "meld 7♥ 8♥",
     "7♥ 8♥ are 2 cards: a new meld needs at least 3."),
    ("meld.one-at-a-time", False, dict(hands={**HANDS, "Tú": "7♥ 8♥ 9♥ 3♣ 4♣ 5♣ K♠"}),
     "meld 7♥ 8♥ 9♥ / 3♣ 4♣ 5♣",
     "2 runs in one action: each run goes down in an action of its own."),
    ("run.one-suit", False, dict(hands={**HANDS, "Tú": "7♥ 8♥ 9♠ K♠"}), "meld 7♥ 8♥ 9♠",
     "7♥ 8♥ 9♠ mixes spades and hearts: a run is of one suit (only a 2 may come from another)."),
    ("discard.ok", True, dict(), "discard K♠", "You discard K♠; Ada plays next."),
    ("out.ask-partner-none", False, dict(), "ask partner",
     "These rules do not provide for asking the partner."),
    ("out.answer-first", False, dict(), "answer yes",
     "You may answer only when asked, and nobody has asked you."),
    ("hand.in-progress", False, dict(), "next hand", "Hand 1 is still being played."),
]


@pytest.mark.parametrize("rule, allowed, kw, action, message", TURN_CASES)
def test_turn_rules(rule, allowed, kw, action, message) -> None:
    kw = dict(kw)
    state = table(kw.pop("hands", HANDS), **kw)
    before = state.to_dict()
    exp = state.check(action)
    assert (exp.rule, exp.allowed) == (rule, allowed)
    assert exp.message() == message
    assert exp.source is not None and exp.source.ref
    if not allowed:
        with pytest.raises(IllegalActionError):
            state.apply(action)
        assert state.to_dict() == before  # a refused action changes nothing


def test_taking_the_pile_puts_every_card_in_the_hand() -> None:
    state = table(HANDS, phase="draw", pile="9♣ 2♦ K♥")
    state.apply("take pile")
    assert Counter(state.hands[0]) == Counter(parse_cards("7♥ 8♥ 9♥ K♠ 9♣ 2♦ K♥"))
    assert state.pile == [] and state.phase == "play" and state.conservation_errors() == []
    assert state.check("take pile").rule == "turn.already-drew"
    assert canasta.parse_action("take pile").text == "take pile"
    assert state.check("take pile").message("es") == (
        "Ya has comprado en este turno: ahora toca bajar, agregar o descartar.")


def test_take_pile_message_in_spanish() -> None:
    state = table(HANDS, phase="draw", pile="9♣ 2♦ K♥")
    assert state.check("take pile").message("es") == ("Compras el pozo entero (3 cartas) y te lo "
                                                      "llevas a la mano.")


def test_the_first_discard_starts_the_pile() -> None:
    state = canasta.new_game("real", seed=5)
    assert state.check("take pile").rule == "pile.empty"
    state.apply("draw")
    card = state.hands[0][0]
    state.apply(f"discard {card.text}")
    assert state.pile == [card] and state.check("take pile").allowed


# ---- runs on the table --------------------------------------------------------------------------

def test_a_pair_may_hold_two_runs_of_one_suit_named_by_number_or_label() -> None:
    state = table({**HANDS, "Tú": "9♥ 10♥ J♥ Q♥ 6♥ K♠"}, melds={"Bo": ["3♥ 4♥ 5♥"]})
    exp = state.check("meld 9♥ 10♥ J♥")
    assert exp.allowed and exp.message() == "You meld 9♥ 10♥ J♥ (30 points in cards)."
    state.apply("meld 9♥ 10♥ J♥")
    assert [m.label for m in state.melds[0]] == ["♥3-5", "♥9-J"]
    exp = state.check("add Q♥ to #2")
    assert exp.rule == "add.ok" and exp.message() == ("You add Q♥ to the meld of ♥ from 9 to Q, which now "
                                                      "has 4 cards.")
    state.apply("add Q♥ to #2")
    exp = state.check("add 6♥ to ♥3-5")
    assert exp.allowed and exp.message() == ("You add 6♥ to the meld of ♥ from 3 to 6, which now has 4 "
                                             "cards.")
    bad = state.check("add 6♥ to #2")
    assert bad.rule == "run.in-sequence" and bad.message() == (
        "9♥ 10♥ J♥ Q♥ 6♥ is not a sequence: 7 and 8 would be missing and there is no 2 to stand "
         "in.")
    missing = state.check("add 6♥ to #5")
    assert missing.rule == "add.target" and missing.message() == (
        "Your side has no run number 5 to add 6♥ to.")


def test_laying_off_the_card_a_2_stands_for_moves_the_2() -> None:
    state = table({**HANDS, "Tú": "8♥ K♠"}, melds={"Tú": ["7♥ 2♠ 9♥"]})
    exp = state.check("add 8♥ to #1")
    assert exp.allowed and rules_of(exp) == ["add.ok", "run.valid", "run.wild-moves"]
    state.apply("add 8♥ to #1")
    assert state.melds[0][0].text == "7♥ 8♥ 9♥ 2♠" and state.melds[0][0].label == "♥7-10"


def test_a_2_on_the_table_cannot_be_swapped_into_the_hand() -> None:
    state = table({**HANDS, "Tú": "8♥ K♠"}, melds={"Tú": ["7♥ 2♠ 9♥"]})
    exp = state.check("swap 8♥ for 2♠ in #1")
    assert (exp.allowed, exp.rule) == (False, "swap.off")
    assert exp.message() == ("You cannot swap 8♥ for 2♠ in the meld of number 1: a wild card on the table stays "
                             "there.")
    assert not [a for a in state.legal_actions() if a.text.startswith("swap")]


def test_a_run_reaching_seven_cards_is_noted_as_a_canasta() -> None:
    state = table({**HANDS, "Tú": "9♠ K♥"}, melds={"Tú": ["3♠ 4♠ 5♠ 6♠ 7♠ 8♠"]})
    exp = state.check("add 9♠ to #1")
    notes = [e for e in exp.walk() if e.rule == "meld.canasta"]
    assert [e.message() for e in notes] == [
        "The meld of ♠ from 3 to 9 now has 7 cards: a clean canasta, worth 200 at the end of the hand."]
    assert notes[0].message("es") == (
        "El juego de ♠ del 3 al 9 ya tiene 7 cartas: una canasta limpia, que vale 200 al final de la mano.")


def test_de_mil_noted_when_the_second_ace_arrives() -> None:
    state = table({**HANDS, "Tú": "A♦ K♥"}, melds={"Tú": ["A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦"]})
    exp = state.check("add A♦ to #1")
    assert "run.de-mil" in rules_of(exp)
    state.apply("add A♦ to #1")
    assert state.variant.canasta_kind(state.melds[0][0]) == "de mil"


# ---- muertos: direct and indirect close ---------------------------------------------------------

def test_direct_close_takes_the_muerto_and_plays_on_without_drawing() -> None:
    state = table({**HANDS, "Tú": "7♥ 8♥ 9♥"})
    muerto = list(state.extra["muertos_piles"][0])
    exp = state.check("meld 7♥ 8♥ 9♥")
    assert exp.allowed and rules_of(exp) == ["meld.ok", "run.valid", "muerto.direct"]
    direct = exp.because[1]
    assert direct.message() == (
        "You empty the hand without a discard (direct close) and take the muerto of your side "
         "(11 cards), playing on without drawing.")
    assert direct.message("es") == (
        "Te quedas sin cartas sin descartar (cierre directo) y recibes el muerto de tu pareja "
         "(11 cartas): sigues jugando sin comprar.")
    state.apply("meld 7♥ 8♥ 9♥")
    assert [e.rule for e in state.history[-1].events] == ["muerto.direct"]
    assert state.hands[0] == muerto and state.extra["muertos_piles"][0] == []
    assert state.extra["muerto_state"] == ["taken", "waiting"]
    assert (state.turn, state.phase) == (0, "play")  # same turn, no draw
    assert state.check("draw").rule == "turn.already-drew"
    assert state.hand_over is False and state.conservation_errors() == []


def test_indirect_close_plays_the_muerto_from_the_next_turn() -> None:
    state = table({**HANDS, "Tú": "5♠"}, stock="K♥ Q♣ J♦ 10♣")
    exp = state.check("discard 5♠")
    assert exp.rule == "discard.out" and exp.message() == ("You discard the last card, 5♠, and "
                                                           "empty the hand.")
    assert [e.message() for e in exp.because] == [
        ("You empty the hand with the discard (indirect close) and take the muerto of your side "
         "(11 cards), to play it from the next turn.")]
    state.apply("discard 5♠")
    assert [e.rule for e in state.history[-1].events] == ["muerto.indirect"]
    assert state.hands[0] == [] and len(state.extra["muertos_piles"][0]) == 11
    assert state.extra["muerto_state"] == ["pending", "waiting"]
    assert state.extra["muerto_holder"] == [0, -1]
    assert (state.names[state.turn], state.phase, state.hand_over) == ("Ada", "draw", False)
    for card in ("K♥", "Q♣", "J♦"):  # Ada, Bo and Cleo draw and discard
        state.apply("draw")
        assert state.extra["muerto_state"][0] == "pending" and state.hands[0] == []
        state.apply(f"discard {card}")
    # Tú's turn: the muerto joins the hand before the draw
    events = state.history[-1].events
    assert [e.rule for e in events] == ["muerto.picked-up"]
    assert events[0].message() == ("You pick up the muerto of your side (11 cards) and play it "
                                   "from this turn.")
    assert events[0].message("es") == ("Recoges el muerto de tu pareja (11 cartas) y lo juegas "
                                       "desde este turno.")
    assert (state.turn, state.phase, len(state.hands[0])) == (0, "draw", 11)
    assert state.extra["muerto_state"] == ["taken", "waiting"]
    state.apply("draw")
    assert len(state.hands[0]) == 12 and state.conservation_errors() == []


def test_two_players_each_muerto_is_the_players_own_in_every_message() -> None:
    # a player alone: "su muerto" / "their muerto", not "el muerto de Ada" after "Ada"
    state = table({"Tú": "5♠ 6♠ 7♠ K♦", "Ada": "8♦ 9♦ 10♦"}, players=2, stock="K♥ Q♣ J♦ 10♣")
    state.turn = 1
    direct = state.check("meld 8♦ 9♦ 10♦").because[1]
    assert direct.rule == "muerto.direct"
    assert direct.message("es") == ("Ada se queda sin cartas sin descartar (cierre directo) y "
                                     "recibe su muerto (11 cartas): sigue jugando sin comprar.")
    assert direct.message() == ("Ada empties the hand without a discard (direct close) and "
                                "takes their muerto (11 cards), playing on without drawing.")
    assert direct.message("es", viewer="Ada").startswith(
        "Te quedas sin cartas sin descartar (cierre directo) y recibes tu muerto (11 cartas)")
    state = table({"Tú": "5♠ 6♠ 7♠ K♦", "Ada": "8♦"}, players=2, stock="K♥ Q♣ J♦ 10♣",
                  phase="play")
    state.turn = 1
    state.apply("discard 8♦")
    state.apply("draw")
    state.apply("discard K♦")
    events = state.history[-1].events
    assert [e.rule for e in events] == ["muerto.picked-up"]
    assert events[0].message("es") == "Ada recoge su muerto (11 cartas) y lo juega desde este turno."
    assert events[0].message("es", viewer="Ada") == ("Recoges tu muerto (11 cartas) y lo juegas "
                                                     "desde este turno.")
    assert state.conservation_errors() == []


def test_partner_cannot_empty_the_hand_while_the_muerto_is_pending() -> None:
    state = table({**HANDS, "Tú": "", "Bo": "3♦ 4♦ 5♦ Q♥"}, turn="Bo", muertos=("pending", "waiting"),
                  holder=(0, -1))
    exp = state.check("meld 3♦ 4♦ 5♦")
    assert exp.rule == "close.muerto-pending" and not exp.allowed
    assert exp.message() == ("Bo cannot be left with one card: the muerto of your side, taken "
                             "by you, has not been played yet (it joins your hand next turn).")
    assert exp.message("es") == (
        "Bo no puede quedarse con una carta: el muerto de tu pareja, que has recibido tú, aún no "
         "se ha jugado (pasa a tu mano en tu siguiente turno).")


def test_second_of_a_pair_to_empty_the_hand_gets_no_muerto() -> None:
    # Bo's side already took its muerto: emptying the hand is the final close, here refused
    state = table({**HANDS, "Bo": "3♦ 4♦ 5♦"}, turn="Bo", muertos=("taken", "waiting"),
                  melds={"Tú": ["7♠ 8♠ 9♠ 10♠ J♠ Q♠ 2♣"]})
    exp = state.check("meld 3♦ 4♦ 5♦")
    assert exp.rule == "close.final" and not exp.allowed
    assert exp.message() == (
        "Bo cannot be left with no cards: your side has already taken its muerto, so that would "
         "end the hand, which needs a clean canasta (clean or de mil); your side has none.")


# ---- the final close ----------------------------------------------------------------------------

DIRTY = "7♥ 8♥ 9♥ 10♥ J♥ Q♥ 2♠"
CLEAN = "3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠"


@pytest.mark.parametrize("hand, action, left", [
    ("4♣ 5♣ 6♣", "meld 4♣ 5♣ 6♣", 0),       # direct: everything melded
    ("4♣ 5♣ 6♣ 9♦", "meld 4♣ 5♣ 6♣", 1),    # would have to discard the last card next
    ("9♦", "discard 9♦", 0),                # indirect: the last card discarded
])
def test_final_close_refused_without_a_clean_canasta(hand, action, left) -> None:
    state = table({**HANDS, "Tú": hand}, muertos=("taken", "waiting"), melds={"Bo": [DIRTY]})
    exp = state.check(action)
    assert (exp.rule, exp.allowed) == ("close.final", False)
    assert exp.facts["left"] == left and exp.facts["clean"] == 0
    cards = {0: "no cards", 1: "one card"}[left]
    assert exp.message() == (
        f"You cannot be left with {cards}: your side has already taken its muerto, so that would end "
        "the hand, which needs a clean canasta (clean or de mil); your side has none.")
    cartas = {0: "sin cartas", 1: "con una carta"}[left]
    assert exp.message("es").startswith(f"No puedes quedarte {cartas}: tu pareja ya ha recibido su muerto")


def test_final_close_allowed_with_a_clean_canasta_ends_the_hand() -> None:
    state = table({**HANDS, "Tú": "4♣ 5♣ 6♣"}, muertos=("taken", "waiting"), melds={"Bo": [DIRTY, CLEAN]})
    exp = state.check("meld 4♣ 5♣ 6♣")
    assert exp.allowed and rules_of(exp) == ["meld.ok", "run.valid", "close.final"]
    assert exp.because[1].message() == (
        "You end the hand: your side has taken its muerto and has a clean canasta.")
    state.apply("meld 4♣ 5♣ 6♣")
    result = state.last_result
    assert state.phase == "hand-over" and result is not None
    assert result.ended.rule == "end.went-out"
    assert result.ended.message() == ("You went out: the hand is over and your side scores the "
                                      "going-out bonus.")
    after = state.check("discard K♣")
    assert after.rule == "hand.over" and after.message() == (
        "Hand 1 is over: 'discard K♣' cannot be played; deal the next hand.")
    nxt = state.check("next hand")
    assert nxt.rule == "hand.next" and nxt.message() == "Hand 2 is dealt."
    state.apply("next hand")
    assert [len(p) for p in state.extra["muertos_piles"]] == [11, 11]
    assert state.extra["muerto_state"] == ["waiting", "waiting"] and state.conservation_errors() == []


def test_final_close_by_discard_with_a_de_mil() -> None:
    de_mil = "A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦"
    state = table({**HANDS, "Tú": "9♣"}, muertos=("taken", "waiting"), melds={"Bo": [de_mil]})
    exp = state.check("discard 9♣")
    assert exp.allowed and rules_of(exp) == ["discard.out", "close.final"]
    state.apply("discard 9♣")
    assert state.hand_over and state.last_result is not None
    assert state.last_result.ended.rule == "end.went-out"


def test_invalid_text_is_a_syntax_error() -> None:
    state = table(HANDS)
    with pytest.raises(InvalidActionError):
        state.apply("meld 7♥ 8♥ 9X")


def test_replay_reproduces_a_random_game_from_its_texts() -> None:
    a = canasta.new_game("real", seed=8)
    bot = RandomBot(8)
    for _ in range(120):
        if a.hand_over:
            break
        a.apply(bot.choose(a))
    b = canasta.replay(canasta.new_game("real", seed=8), [s.action.text for s in a.history])
    assert b.to_dict() == a.to_dict()


def test_a_fixed_deal_names_the_muertos() -> None:
    pack = [c.text for c in make_pack(2, 0)]
    random.Random(1).shuffle(pack)
    deal = {"hands": {n: pack[11 * i:11 * i + 11] for i, n in enumerate(("Tú", "Ada", "Bo", "Cleo"))},
            "muertos_piles": [pack[44:55], pack[55:66]], "stock": pack[66:]}
    state = canasta.new_game("real", deals=[deal])
    assert [[c.text for c in p] for p in state.extra["muertos_piles"]] == deal["muertos_piles"]
    assert state.extra["muerto_state"] == ["waiting", "waiting"] and state.conservation_errors() == []
