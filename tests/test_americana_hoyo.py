"""Canasta Americana: the hoyo's thresholds at their boundaries, and the alas (one each, the first
pair out of the hoyo gets the four-card one, added to the hand on the holder's next turn)."""

from __future__ import annotations

from collections import Counter

import pytest

import canasta
from canasta.cards import make_pack, parse_cards
from canasta.checks import opening_explanation
from canasta.situation import situation


@pytest.mark.parametrize(("score", "need", "band"), [
    (-350, 125, "is below 3000"),
    (0, 125, "is below 3000"),
    (2995, 125, "is below 3000"),
    (3000, 155, "is between 3000 and 4995"),
    (4995, 155, "is between 3000 and 4995"),
    (5000, 180, "is 5000 or more"),
    (8000, 180, "is 5000 or more"),
])
def test_hoyo_threshold_by_pair_score(score: int, need: int, band: str) -> None:
    state = situation("americana", scores=[score, 0])
    exp = opening_explanation(state, 0)
    assert exp.rule == "open.threshold" and exp.facts["need"] == need
    shown = str(score).replace("-", "−")  # negative numbers are shown with a minus sign
    assert exp.message() == f"Your side needs {need} to leave the hoyo because its score, {shown}, {band}."
    assert exp.source is not None and "4995" in exp.source.quote


HAND = "A♦ A♣ A♥ K♠ K♥ K♣ 8♦ 8♠ 2♣ 7♥ 7♦ 7♣ 3♥ 9♣"  # 14 cards: after the draw


@pytest.mark.parametrize(("score", "action", "allowed", "total"), [
    (2995, "meld A♦ A♣ A♥ / K♠ K♥ K♣ / 8♦ 8♠ 2♣", True, 130),  # 130 ≥ 125
    (3000, "meld A♦ A♣ A♥ / K♠ K♥ K♣ / 8♦ 8♠ 2♣", False, 130),  # 130 < 155
    (3000, "meld A♦ A♣ A♥ / K♠ K♥ K♣ / 8♦ 8♠ 2♣ / 7♥ 7♦ 7♣", False, 145),
    (4995, "meld A♦ A♣ A♥ JK / K♠ K♥ K♣ / 8♦ 8♠ 2♣", True, 180),  # 180 ≥ 155
    (5000, "meld A♦ A♣ A♥ JK / K♠ K♥ K♣ / 8♦ 8♠ 2♣", True, 180),  # exactly 180
    (5000, "meld A♦ A♣ A♥ JK / K♠ K♥ K♣ / 7♥ 7♦ 7♣", False, 155),
])
def test_leaving_the_hoyo_at_the_boundaries(score: int, action: str, allowed: bool, total: int) -> None:
    # the joker in place of the 9♣: a hand in the hoyo holds its deal and a draw, 14 cards
    state = situation("americana", hands={"Tú": HAND.replace(" 9♣", " JK")}, scores=[score, 0],
                      phase="play")
    exp = state.check(action)
    assert exp.allowed is allowed, exp.message()
    op = next(e for e in exp.walk() if e.rule == "open.minimum")
    assert op.facts["total"] == total


def test_threes_never_count_for_the_hoyo() -> None:
    state = situation("americana", hands={"Tú": HAND}, phase="play", melds={"Bo": ["3♠ 3♣ 3♦"]})
    assert state.check("meld 3♥").allowed
    exp = state.check("meld K♠ K♥ K♣ / 8♦ 8♠ 2♣ / 7♥ 7♦ 7♣")
    assert not exp.allowed and exp.rule == "open.minimum" and exp.facts["total"] == 85


def _deal(hands: dict[str, str], alas: tuple[str, str], stock_top: str) -> dict[str, object]:
    """A complete fixed deal: these hands and alas, the stock's first cards, the rest after."""
    used: Counter[canasta.Card] = Counter()
    for text in (*hands.values(), *alas, stock_top):
        used.update(parse_cards(text))
    rest = list((Counter(make_pack(2, 4)) - used).elements())
    return {"hands": {n: h.split() for n, h in hands.items()},
            "alas_piles": [a.split() for a in alas],
            "stock": stock_top.split() + [c.text for c in rest]}


DEAL = _deal(
    {"Tú": "A♦ A♣ A♥ K♠ K♥ K♣ 8♦ 8♠ 2♣ 9♠ 9♥ 5♣ 6♦",
     "Ada": "Q♠ Q♥ Q♣ J♠ J♥ J♣ 10♠ 10♥ 10♣ A♠ A♠ A♥ 6♣",
     "Bo": "4♣ 5♠ 6♠ 8♣ 9♦ 10♦ J♦ Q♦ K♦ 4♦ 5♥ 6♥ 8♥",
     "Cleo": "4♣ 5♠ 6♠ 8♣ 9♦ 10♦ J♦ Q♦ K♦ 4♦ 5♥ 6♥ 8♥"},
    ("JK JK 2♦ 2♥", "K♠ K♥ K♣"), "9♣ Q♠ 7♠ 7♣")


def test_alas_are_taken_once_each_and_join_the_hand_next_turn() -> None:
    state = canasta.new_game("americana", seed=1, deals=[DEAL])
    assert [e.rule for e in state.deal_events] == ["deal.hands", "deal.alas"]
    assert state.deal_events[1].message() == ("Two alas are set aside, of 4 and of 3 cards; the "
                                              "pile starts empty.")
    assert state.pile == [] and [len(h) for h in state.hands] == [13] * 4
    # Tú draws 9♣ and takes the pair out of the hoyo with 130: the four-card ala is Tú's
    state.apply("draw")
    state.apply("meld A♦ A♣ A♥ / K♠ K♥ K♣ / 8♦ 8♠ 2♣")
    left = state.history[-1].events
    assert [e.rule for e in left] == ["hoyo.left"]
    assert left[0].message() == ("You take your side out of the hoyo and take the ala of 4 "
                                 "cards; it joins the hand next turn.")
    assert state.extra["ala_seat"] == [0, -1] and len(state.hands[0]) == 5
    state.apply("discard 5♣")
    # Ada draws Q♠ and leaves the hoyo with 130: the three-card ala is hers
    state.apply("draw")
    state.apply("meld Q♠ Q♠ Q♥ Q♣ / A♠ A♠ A♥ / J♠ J♥ J♣")
    assert [e.rule for e in state.history[-1].events] == ["hoyo.left"]
    assert state.history[-1].events[0].facts["count"] == 3
    assert state.extra["ala_seat"] == [0, 1]
    state.apply("discard 6♣")
    for player, card in (("Bo", "8♥"), ("Cleo", "8♥")):
        state.apply(f"{player}: draw")
        assert not state.check(f"{player}: meld 4♣ 5♠ 6♠").allowed
        state.apply(f"{player}: discard {card}")
    assert state.extra["ala_seat"] == [0, 1]  # Bo and Cleo are still in the hoyo: no ala left
    # Tú's next turn starts with the ala added, before the draw
    added = state.history[-1].events
    assert state.turn == 0 and state.phase == "draw"
    assert [e.rule for e in added] == ["ala.added"]
    assert added[0].message() == "You add the ala of 4 cards to the hand."
    assert sorted(c.text for c in state.hands[0]) == sorted("9♠ 9♥ 6♦ 9♣ JK JK 2♦ 2♥".split())
    assert state.extra["alas_piles"][0] == [] and len(state.extra["alas_piles"][1]) == 3
    assert state.conservation_errors() == []
