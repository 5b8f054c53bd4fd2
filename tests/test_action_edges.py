"""What a player types at the edges: each refusal says what is wrong with the input itself (the
cards named, the player named), in both languages, and leaves the state as it was."""

from __future__ import annotations

import pytest

import canasta
from canasta.movegen import canonical
from canasta.situation import situation

HAND = "K♠ K♥ K♣ 9♣ 9♦ 2♦ 5♣ 6♣"


def _table(variant: str) -> canasta.State:
    if variant == "individual":
        return situation("individual", names=["Tú", "Ada", "Bo"], hands={"Tú": HAND},
                         pile="8♣ K♦", turn="Tú", phase="draw", opened={"Tú": True})
    return situation(variant, hands={"Tú": HAND}, pile="8♣ K♦", melds={"Ada": ["Q♠ Q♥ Q♣"]},
                     turn="Tú", phase="draw", opened={"Tú": True})


def _refused(state: canasta.State, text: str) -> canasta.Explanation:
    before = state.to_dict()
    with pytest.raises(canasta.IllegalActionError) as info:
        state.apply(text)
    assert state.to_dict() == before
    return info.value.explanation


@pytest.mark.parametrize("variant", ["classic", "rioplatense", "americana", "individual"])
@pytest.mark.parametrize("text", ["take pile with K♠ K♥, 9♣ 9♦ 2♦", "take pile with K♠ K♥ 9♣ 9♦",
                                  "llevarse el montón con K♠ K♥ 9♣ 9♦ 2♦"])
def test_cards_of_another_rank_named_with_the_pile_are_named_in_the_refusal(variant: str,
                                                                           text: str) -> None:
    """Two kings are given with the top K♦: the refusal names the 9s as the fault (not of its
    rank), never "needs two cards of its rank", and says where other melds go."""
    exp = _refused(_table(variant), text)
    en, es = exp.message("en"), exp.message("es")
    assert "9♣ 9♦ are not of its rank (K)" in en, en
    assert "needs two" not in en and "at least two" not in en and "need two" not in en, en
    assert "'and meld'" in en, en
    assert "9♣ 9♦ no son de su valor (K)" in es, es
    assert "«y bajar»" in es, es


def test_three_cards_of_the_rank_are_refused_as_one_too_many() -> None:
    """Rioplatense's pozo goes with exactly two cards from the hand (the seed's «dos cartas»); a
    third king is laid on the meld afterwards. The refusal says so, not that two kings are
    needed."""
    exp = _refused(_table("rioplatense"), "take pile with K♠ K♥ K♣")
    en, es = exp.message("en"), exp.message("es")
    assert "exactly two cards from the hand go with the top card, not 3 (K♠ K♥ K♣)" in en, en
    assert "exactamente dos cartas de la mano, no 3 (K♠ K♥ K♣)" in es, es
    # the two kings alone are allowed: only the count was wrong
    assert _table("rioplatense").check("take pile with K♠ K♥").allowed


def test_individual_goes_in_with_every_card_of_the_rank_it_names() -> None:
    """Seed 002 names no number of cards for the card gone in for: three kings and a wild card
    go down with it, and the fast list holds that take as check does."""
    state = _table("individual")
    exp = state.check("take pile with K♠ K♥ K♣ 2♦")
    assert (exp.allowed, exp.rule) == (True, "pile.take-depth"), exp.message()
    listed = {canonical(a, state) for a in state.legal_actions()}
    assert canonical(canasta.parse_action("take pile with K♠ K♥ K♣ 2♦"), state) in listed
    # one card from the hand is still too few
    exp = _refused(state, "take pile with K♠")
    assert "at least two cards from the hand: two kings, or one and a wild card" in exp.message(
        "en"), exp.message("en")
    assert "al menos dos cartas de la mano: dos reyes, o una y un comodín" in exp.message("es")


def test_americana_takes_with_more_than_two_naturals() -> None:
    """In Americana the top card goes down with at least two of its rank: three kings serve."""
    state = situation("americana", hands={"Tú": HAND + " K♦ K♥ K♣ Q♦"}, pile="8♣ K♦",
                      melds={"Tú": ["Q♠ Q♥ Q♣"]}, turn="Tú", phase="draw")
    assert state.check("take pile with K♠ K♥ K♣").allowed


@pytest.mark.parametrize("variant", ["classic", "rioplatense", "americana", "individual", "real"])
@pytest.mark.parametrize("text", ["Zoe: draw", "Zoe: robar"])
def test_a_name_that_is_not_at_the_table_is_named_as_such(variant: str, text: str) -> None:
    """'Zoe: draw' at a table without Zoe does not say "Zoe cannot draw now: it is your turn"."""
    state = _table(variant) if variant != "real" else situation(
        "real", hands={"Tú": "4♠ 5♠ 6♠"}, turn="Tú", phase="draw")
    exp = _refused(state, text)
    assert exp.rule == "turn.order"
    assert exp.message("en") == "Zoe is not at this table: it is your turn."
    assert exp.message("es") == "Zoe no juega en esta mesa: te toca a ti."
    assert exp.message("en", viewer="Ada") == "Zoe is not at this table: it is “You”'s turn."
    # a player of the table out of turn is still told whose turn it is
    assert state.check("Ada: draw").message("en") == "Ada cannot 'draw' now: it is your turn."


def test_a_card_named_more_times_than_held_says_so() -> None:
    """One K♥ in the hand, two named: not "You do not hold K♥" (you do, once)."""
    state = _table("classic")
    exp = _refused(state, "take pile with K♥ K♥")
    assert exp.rule == "hand.has-cards"
    assert exp.message("en") == "You do not hold K♥ as many times as named."
    # no pronoun to agree with a card's gender ("el K♥", "la Q♥")
    assert exp.message("es") == "No tienes K♥ tantas veces como aparece en la jugada."
    assert _refused(state, "take pile with K♥ 7♣").message("en") == "You do not hold 7♣."


def test_classic_takes_with_more_cards_in_the_top_cards_meld() -> None:
    """Official rules: the pair, "together with any additional cards if needed to meet the
    minimum count of an initial meld" — more of the rank, and wild cards where not frozen."""
    state = _table("classic")
    assert state.check("take pile with K♠ K♥ K♣").allowed
    assert "take pile with K♣ K♥ K♠" in [a.text for a in state.legal_actions()]


@pytest.mark.parametrize(("hand", "pile", "action", "allowed", "rule"), [
    # Q♣ Q♦ Q♠ Q♥ alone counts 40, short of 50; with 4♠ 4♦ 4♥ it reaches 55
    ("Q♦ Q♠ Q♥ 4♠ 4♦ 4♥ 9♣", "5♥ 7♣ Q♣", "take pile with Q♦ Q♠ Q♥", False, "open.minimum"),
    ("Q♦ Q♠ Q♥ 4♠ 4♦ 4♥ 9♣", "5♥ 7♣ Q♣", "take pile with Q♦ Q♠ Q♥ and meld 4♠ 4♦ 4♥", True,
     "pile.take"),
    ("Q♦ Q♠ 4♠ 4♦ 4♥ 9♣", "5♥ 7♣ Q♣", "take pile with Q♦ Q♠ and meld 4♠ 4♦ 4♥", False,
     "open.minimum"),
    # the pile is frozen for a side that has not melded: no wild card with the top card
    ("K♦ K♠ JK 9♣ 6♥ 4♠ 8♦", "5♥ 7♣ K♣", "take pile with K♦ K♠ JK", False, "pile.frozen"),
])
def test_classic_takes_at_the_opening_minimum_with_more_cards(hand: str, pile: str, action: str,
                                                              allowed: bool, rule: str) -> None:
    state = situation("classic", hands={"Tú": hand}, pile=pile, turn="Tú", phase="draw")
    exp = state.check(action)
    assert (exp.allowed, exp.rule) == (allowed, rule), exp.message()
    text = canonical(canasta.parse_action(action), state).text
    assert (text in [a.text for a in state.legal_actions()]) == allowed


def test_an_open_side_may_take_with_a_wild_card_more_onto_a_new_meld() -> None:
    state = situation("classic", hands={"Tú": "K♦ K♠ JK 9♣ 6♥ 4♠ 8♦"}, pile="5♥ 7♣ K♣",
                      melds={"Tú": ["Q♠ Q♥ Q♦"]}, turn="Tú", phase="draw")
    assert state.check("take pile with K♦ K♠ JK").allowed
    state.apply("take pile with K♦ K♠ JK")
    assert [m.text for m in state.melds[0]][-1] == "K♣ K♦ K♠ JK"
    assert state.conservation_errors() == []
