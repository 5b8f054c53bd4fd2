"""CarefulBot: in Canasta Real and Canasta Americana its discards guard the pile as that variant
takes it, where the greedy bot throws the card the next player takes the pile with."""

from __future__ import annotations

from canasta.actions import Discard, TakePile
from canasta.bots import CarefulBot, GreedyBot
from canasta.cards import Card
from canasta.render.coach import advice_text
from canasta.situation import situation


def _discard(card: str) -> Discard:
    return Discard(card=Card.parse(card))


def test_real_never_a_card_that_extends_an_opponents_run() -> None:
    st = situation("real", hands={"Tú": "4♥ 9♣ J♠ K♦", "Ada": "8♥ Q♦ 6♣ 3♠"},
                   melds={"Ada": ["5♥ 6♥ 7♥"]}, pile="10♦ 3♣", phase="play")
    assert GreedyBot().choose(st) == _discard("4♥")  # its lowest card, onto Ada's 5♥ 6♥ 7♥
    after = st.copy()
    after.apply(_discard("4♥"))
    assert GreedyBot().choose(after) == TakePile()  # Ada takes the pile with it
    choice = CarefulBot().decide(st)
    assert isinstance(choice.action, Discard) and choice.action.card != Card.parse("4♥")
    assert choice.why == "discard.safe_run"
    assert "runs" in advice_text(choice, st.variant, "en")
    assert "escalera" in advice_text(choice, st.variant, "es")


def test_real_never_a_card_that_makes_a_run_with_the_piles_cards() -> None:
    # the whole pile goes into the taker's hand: 5♠ 6♠ there and a 7♠ on top make a run
    st = situation("real", hands={"Tú": "7♠ 10♦ Q♣ K♥", "Ada": "4♦ 9♥ J♣ 3♣"},
                   pile="5♠ 6♠ 9♦", phase="play")
    assert GreedyBot().choose(st) == _discard("7♠")
    after = st.copy()
    after.apply(_discard("7♠"))
    assert GreedyBot().choose(after) == TakePile()
    choice = CarefulBot().decide(st)
    assert choice.action != _discard("7♠") and choice.why == "discard.safe_run"


def test_real_keeps_the_cards_next_to_others_of_their_suit_not_pairs_of_a_rank() -> None:
    # 9♣ 9♦ are a pair of a rank, which makes no run; 5♥ 6♥ 8♥ wait for a 7♥ or a 2
    st = situation("real", hands={"Tú": "5♥ 6♥ 8♥ 9♣ 9♦ K♠"}, pile="3♦", phase="play")
    assert GreedyBot().choose(st) == _discard("5♥")  # its lowest single: greedy keeps the pair
    choice = CarefulBot().decide(st)
    assert isinstance(choice.action, Discard) and choice.action.card is not None
    assert choice.action.card.suit != "♥"


def test_americana_a_rank_whose_cards_are_all_in_sight_goes_before_a_live_one() -> None:
    # seven nines in the pile and one in the hand: no one can hold two; fives may be in pairs
    st = situation("americana", hands={"Tú": "5♦ 9♦ J♥ Q♠", "Ada": "5♠ 5♣ 8♦ 10♥ 4♣"},
                   melds={"Ada": ["K♠ K♥ K♦"], "Tú": ["6♠ 6♥ 6♦"]},
                   pile="9♠ 9♥ 9♦ 9♣ 9♠ 9♥ 9♣ 4♣", phase="play")
    assert GreedyBot().choose(st) == _discard("5♦")  # the lowest single
    after = st.copy()
    after.apply(_discard("5♦"))
    took = GreedyBot().choose(after)
    assert isinstance(took, TakePile) and took.with_cards  # Ada's two fives take the pile
    choice = CarefulBot().decide(st)
    assert choice.action == _discard("9♦") and choice.why == "discard.safe_pair"
    assert "two of its rank" in advice_text(choice, st.variant, "en")
    assert "dos de ese valor" in advice_text(choice, st.variant, "es")


def test_americana_a_rank_of_their_meld_of_five_is_safe() -> None:
    # a meld of five or more of a rank is never grown by a take: the pile is not taken on a Q
    st = situation("americana", hands={"Tú": "5♦ Q♠ J♥ 8♣", "Ada": "5♠ 5♣ 8♦ 10♥ 4♣"},
                   melds={"Ada": ["Q♥ Q♦ Q♣ Q♥ Q♦"], "Tú": ["6♠ 6♥ 6♦"]},
                   pile="4♥ 10♠ 9♣ K♣", phase="play")
    assert GreedyBot().choose(st) == _discard("5♦")
    choice = CarefulBot().decide(st)
    assert choice.action == _discard("Q♠") and choice.why == "discard.safe_pair"



def test_rioplatense_careful_discards_a_canastas_rank_to_cover_the_pozo() -> None:
    # Ada (an opponent) has a canasta of sevens: a seven on top covers the pozo (pile.tapado)
    st = situation("rioplatense", hands={"Tú": "7♣ 4♦ K♠ K♥ 9♠", "Ada": "7♣ 8♣ 8♥ 9♥"},
                   melds={"Ada": ["7♠ 7♥ 7♦ 7♠ 7♥ 7♦ 2♣"]}, phase="play")
    assert GreedyBot().choose(st) == Discard(card=Card.parse("4♦"))  # the lowest single
    choice = CarefulBot().decide(st)
    assert choice.action == Discard(card=Card.parse("7♣")) and choice.why == "discard.tapa"
    assert advice_text(choice, st.variant, "en") == (
        "Discard the 7♣: a canasta of sevens is on the table, so the card covers the pile and the "
        "next player cannot take it.")
    assert advice_text(choice, st.variant, "es") == (
        "Descarta el 7♣: en la mesa hay una canasta de sietes, así que tapa el pozo y el siguiente "
        "jugador no puede levantarlo.")
    # the engine agrees: discarded, it covers the pozo for Ada
    st.play(choice.action)
    exp = st.check("take pile onto 7")
    assert not exp.allowed and exp.rule == "pile.tapado"
    assert st.variant.discard_covers_pile(st, Card.parse("7♥"))
    assert not st.variant.discard_covers_pile(st, Card.parse("8♥"))
    assert not situation(hands={"Tú": "7♣"}).variant.discard_covers_pile(st, Card.parse("7♥"))


def test_rioplatense_careful_feeds_a_meld_only_where_the_pozo_is_not_madre_for_them() -> None:
    hands = {"Tú": "9♣ 4♦ K♠ K♥"}
    melds = {"Ada": ["4♠ 4♥ 4♣"]}
    # madre for Ada's pair: a four cannot go onto their meld, only a natural pair takes the pozo
    st = situation("rioplatense", hands=hands, melds=melds, phase="play")
    assert st.variant.pile_needs_pair(st, 1)
    assert CarefulBot().choose(st) == Discard(card=Card.parse("4♦"))
    # once they have taken the pozo, a four would hand it to them
    st = situation("rioplatense", hands=hands, melds=melds, phase="play", extra={"pozo_taken": [1]})
    assert not st.variant.pile_needs_pair(st, 1)
    assert CarefulBot().choose(st) == Discard(card=Card.parse("9♣"))
    # a wild card in the pozo premia it: a natural pair again
    st = situation("rioplatense", hands=hands, melds=melds, phase="play", pile="5♠ 2♣ 6♥",
                   extra={"pozo_taken": [1]})
    assert st.variant.pile_needs_pair(st, 1)
    assert CarefulBot().choose(st) == Discard(card=Card.parse("4♦"))
