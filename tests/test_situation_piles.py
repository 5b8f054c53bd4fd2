"""Situations keep a variant's own piles (Real's muertos, Americana's alas) and its deal-time set-up
(every side open in Real), dealt by the variant or given by the caller, every card accounted for."""

from __future__ import annotations

import pytest

from canasta.cards import parse_cards
from canasta.errors import RecordError
from canasta.situation import situation


def test_real_situation_deals_the_muertos_and_opens_every_side() -> None:
    state = situation("real", hands={"Tú": "4♣ 5♣ 6♣", "Ada": "9♥ 9♠"}, phase="play")
    piles = state.extra["muertos_piles"]
    assert [len(p) for p in piles] == [11, 11]
    assert state.extra["muerto_state"] == ["waiting", "waiting"]
    assert state.opened == [True, True]  # no opening minimum in Real
    assert state.conservation_errors() == [] and sum(state.all_cards().values()) == 104
    # emptying the hand by melding is a direct close: the muerto joins the hand at once
    state.apply("meld 4♣ 5♣ 6♣")
    events = state.history[-1].events
    assert [e.rule for e in events] == ["muerto.direct"]
    assert events[0].message() == ("You empty the hand without a discard (direct close) and "
                                   "take the muerto of your side (11 cards), playing on without "
                                   "drawing.")
    assert len(state.hands[0]) == 11 and state.extra["muertos_piles"][0] == []
    assert not state.hand_over and state.conservation_errors() == []


def test_the_caller_gives_the_muertos_and_their_state() -> None:
    theirs = "A♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥"
    state = situation("real", hands={"Tú": "4♣ 5♣ 6♣", "Bo": "K♦"}, phase="play",
                      melds={"Tú": ["7♠ 8♠ 9♠ 10♠ J♠ Q♠ 2♦"]},
                      extra={"muertos_piles": [[], theirs], "muerto_state": ["taken", "waiting"],
                             "muerto_holder": [2, -1]})
    assert state.extra["muertos_piles"] == [[], list(parse_cards(theirs))]
    assert state.conservation_errors() == []
    # the pair has had its muerto: emptying the hand now ends it, and needs a clean canasta
    exp = state.check("meld 4♣ 5♣ 6♣")
    assert not exp.allowed and exp.rule == "close.final"
    assert exp.message() == ("You cannot be left with no cards: your side has already taken its "
                             "muerto, so that would end the hand, which needs a clean canasta "
                             "(clean or de mil); your side has none.")
    # a side may still be shown as not opened, for a variant that has a minimum
    assert situation("real", opened={"Ada": False}).opened == [True, False]


def test_americana_situation_deals_the_alas_and_leaving_the_hoyo_takes_one() -> None:
    hand = "A♦ A♣ A♥ K♠ K♥ K♣ 8♦ 8♠ 2♣ 5♣ 9♥"  # 60 + 30 + 40 = 130 to leave the hoyo
    state = situation("americana", hands={"Tú": hand}, phase="play", stock="9♣ 4♦")
    assert [len(p) for p in state.extra["alas_piles"]] == [4, 3]
    assert state.extra["ala_seat"] == [-1, -1]
    assert [c.text for c in state.stock[-2:]] == ["4♦", "9♣"]  # the given cards stay next to draw
    assert state.conservation_errors() == [] and sum(state.all_cards().values()) == 108
    state.apply("meld A♦ A♣ A♥ / K♠ K♥ K♣ / 8♦ 8♠ 2♣")
    events = state.history[-1].events
    assert [e.rule for e in events] == ["hoyo.left"]
    assert events[0].message() == ("You take your side out of the hoyo and take the ala of 4 "
                                   "cards; it joins the hand next turn.")
    assert state.extra["ala_seat"] == [0, -1]


def test_classic_situations_have_no_variant_piles() -> None:
    state = situation("classic", hands={"Tú": "K♠"})
    assert state.extra == {} and state.opened == [False, False]


@pytest.mark.parametrize("extra, where, text", [
    ([1], "extra", "expected an object of variant state"),
    ({"muertos_piles": "A♠"}, "extra.muertos_piles", "expected a list of piles"),
    ({"muertos_piles": [["A♠", "ZZ"]]}, r"extra.muertos_piles\[0\]\[1\]", "not a card"),
    ({"muertos_piles": [["JK"]]}, "situation", "more copies than the pack holds: JK"),
])
def test_ill_typed_or_impossible_piles_are_refused_by_name(extra: object, where: str, text: str) -> None:
    with pytest.raises(RecordError, match=f"{where}: {text}"):
        situation("real", extra=extra)  # type: ignore[arg-type]
