"""Each variant's fast legal actions equal the checked definition in situations built to reach
its special moves (the random and greedy games of ``test_fast_moves.py`` meet them too rarely):
every situation states a move it must offer, so it cannot pass by offering nothing."""

from __future__ import annotations

import pytest

import canasta
from canasta.movegen import checked_legal_actions
from canasta.situation import situation


def same(state: canasta.State) -> list[str]:
    """The legal actions' texts, once the fast list is shown equal to the checked one."""
    fast = state.variant.fast_legal_actions(state)
    checked = checked_legal_actions(state)
    assert fast is not None
    assert [a.text for a in fast] == [a.text for a in checked]
    assert fast == checked
    return [a.text for a in fast]


RIO_HANDS = {"Tú": "9♠ 9♦ JK 5♥ 6♦ 7♣ Q♠ 3♣ 3♠ 3♣", "Ada": "5♣ 5♦ 9♥", "Bo": "Q♣ Q♦ J♠",
             "Cleo": "10♣ 10♦ 4♦"}
WILDS = "2♣ 2♦ 2♥ 2♠ 2♣ 2♦ JK"
# (situation, a move it must offer, a move it must not)
RIOPLATENSE = {
    "wild canasta, opened": (
        dict(phase="play", hands={"Tú": f"{WILDS} 4♦ 5♠"}, melds={"Tú": ["K♠ K♥ K♣"]}),
        "meld 2♣ 2♣ 2♦ 2♦ 2♥ 2♠ JK", None),
    "wild canasta among first melds": (
        dict(phase="play", hands={"Tú": f"{WILDS} 9♠ 9♦ 9♥ 4♦"}),
        "meld 9♦ 9♥ 9♠ / 2♣ 2♣ 2♦ 2♦ 2♥ 2♠ JK", None),
    "wild canasta with the pozo": (
        dict(phase="draw", pile="4♣ 9♥", hands={"Tú": f"9♠ 9♦ {WILDS} 5♥"}),
        "take pile with 9♦ 9♠ and meld 2♣ 2♣ 2♦ 2♦ 2♥ 2♠ JK", "take pile with 9♠ 2♣"),
    "lay-offs onto the wild canasta": (
        dict(phase="play", hands={"Tú": "2♥ JK 4♦ 5♠"}, melds={"Tú": ["2♣ 2♦ 2♠ 2♣ 2♦ 2♠ JK"]}),
        "add 2♥ JK to JK", None),
    "going out onto the wild canasta": (
        dict(phase="play", hands={"Tú": "2♥ 5♠"}, melds={"Tú": ["2♣ 2♦ 2♠ 2♣ 2♦ 2♠ JK"]}),
        "add 2♥ to JK", None),
    "madre: a natural pair only": (
        dict(phase="draw", pile="4♣ 9♥", hands={"Tú": "9♠ 9♦ JK 5♥"},
             melds={"Tú": ["K♠ K♥ K♣"]}),
        "take pile with 9♦ 9♠", "take pile with 9♠ JK"),
    "premiado: a natural pair only": (
        dict(phase="draw", pile="2♣ 4♣ K♥", hands={"Tú": "K♠ K♦ JK 5♥"},
             melds={"Tú": ["K♠ K♥ K♣"]}, extra={"pozo_taken": [0]}),
        "take pile with K♦ K♠", "take pile onto K"),
    "taken before: a wild card serves, and the meld": (
        dict(phase="draw", pile="4♣ K♥", hands={"Tú": "K♠ JK 5♥ 6♦"},
             melds={"Tú": ["K♠ K♥ K♣"]}, extra={"pozo_taken": [0]}),
        "take pile onto K", None),
    "tapado by a canasta of its rank": (
        dict(phase="draw", pile="4♣ 7♥", hands={"Tú": "7♠ 7♦ 5♥ 6♦"},
             melds={"Tú": ["K♠ K♥ K♣"], "Ada": ["7♣ 7♣ 7♥ 7♦ 7♠ JK 2♦"]}),
        "draw", "take pile with 7♦ 7♠"),
    "black threes going out": (
        dict(phase="play", hands={"Tú": "3♣ 3♠ 3♣ 5♥"}, melds={"Tú": ["K♠ K♠ K♥ K♥ K♣ K♣ K♦"]}),
        "meld 3♣ 3♣ 3♠", None),
    "two players": (
        dict(names=["Tú", "Ada"], phase="draw", pile="4♣ 9♥", hands={"Tú": "9♠ 9♦ 9♣ 5♥"},
             melds={"Tú": ["K♠ K♥ K♣"]}),
        "take pile with 9♦ 9♠", None),
}


@pytest.mark.parametrize("case", sorted(RIOPLATENSE))
def test_rioplatense(case: str) -> None:
    given, offered, refused = RIOPLATENSE[case]
    kw = dict(given)
    hands = {**RIO_HANDS, **kw.pop("hands")} if "names" not in kw else kw.pop("hands")
    texts = same(situation("rioplatense", hands=hands, turn="Tú", **kw))
    assert offered in texts, texts
    assert refused is None or refused not in texts


IND_HANDS = {"Tú": "9♠ 9♦ JK 5♥ 5♠ 7♣ Q♠ 3♥ 3♦ 3♣ K♦", "Ada": "5♣ 5♦ 8♥", "Bo": "Q♣ Q♦ J♠",
             "Cleo": "10♣ 10♦ 4♦"}
IND_OPEN = {"Tú": ["K♠ K♥ K♣"]}
INDIVIDUAL = canasta.find_variant("individual")
SWAP = INDIVIDUAL.with_options(origin="host", joker_swap=True)
TOP = INDIVIDUAL.with_options(origin="host", top_card_only=True)
# (variant, situation, actions played first, a move it must offer, a move it must not)
INDIVIDUAL_CASES = {
    "the pile at any depth": (
        INDIVIDUAL, dict(phase="draw", pile="8♣ 9♥ 5♣ K♥", melds=IND_OPEN), (),
        "take pile at 3 with 9♦ 9♠", None),
    "only the top card (host option)": (
        TOP, dict(phase="draw", pile="8♣ 9♥ 5♣ K♥", melds=IND_OPEN), (),
        "take pile onto K", "take pile at 3 with 9♦ 9♠"),
    "the cards above join the hand": (
        INDIVIDUAL, dict(phase="draw", pile="8♣ 9♥ 5♣ K♥", melds=IND_OPEN),
        ("take pile at 3 with 9♠ 9♦",), "add K♥ to K", None),
    "onto another player's meld, deep in the pile": (
        INDIVIDUAL, dict(phase="draw", pile="8♣ 8♦ 4♣", hands={"Tú": "4♦ 4♥ 5♥ 7♣ Q♠"},
                         melds={"Tú": ["K♠ K♥ K♣"], "Ada": ["8♠ 8♦ 8♥"]}), (),
        "take pile at 3 onto Ada:8", None),
    "opening with the pile and another meld": (
        INDIVIDUAL, dict(phase="draw", pile="8♣ 9♥ Q♣", hands={"Tú": "9♠ 9♦ Q♠ Q♥ Q♦ A♠ A♥ 4♦"}),
        (), "take pile at 2 with 9♦ 9♠ and meld Q♦ Q♥ Q♠", None),
    "lay-offs onto another player's meld": (
        INDIVIDUAL, dict(phase="play", hands={"Tú": "9♠ 9♦ 2♣ 5♥ 5♠ 7♣ Q♠"},
                         melds={"Tú": ["K♠ K♥ K♣"], "Ada": ["9♥ 9♣ JK"]}), (),
        "add 9♦ 9♠ 2♣ to Ada:9", None),
    "swaps (host option)": (
        SWAP, dict(phase="play", hands={"Tú": "9♠ 9♦ 2♣ 5♥ 5♠ 7♣ Q♠"},
                   melds={"Tú": ["K♠ K♥ K♣"], "Ada": ["9♥ 9♣ JK"]}), (),
        "swap 9♠ for JK in Ada:9", None),
    "threes are ordinary cards": (
        INDIVIDUAL, dict(phase="play", melds=IND_OPEN), (), "meld 3♣ 3♦ 3♥", None),
    "three players": (
        INDIVIDUAL, dict(names=["Tú", "Ada", "Bo"], phase="draw", pile="8♣ 9♥",
                         hands={"Tú": "9♠ 9♦ 5♥ 6♦ 7♣", "Ada": "4♦", "Bo": "6♣"}, melds=IND_OPEN),
        (), "take pile with 9♦ 9♠", None),
}


@pytest.mark.parametrize("case", sorted(INDIVIDUAL_CASES))
def test_individual(case: str) -> None:
    variant, given, then, offered, refused = INDIVIDUAL_CASES[case]
    kw = dict(given)
    hands = kw.pop("hands", {})
    if "names" not in kw:
        hands = {**IND_HANDS, **hands}
    state = situation(variant, hands=hands, turn="Tú", **kw)
    for action in then:
        same(state)
        state.apply(action)
    texts = same(state)
    assert offered in texts, texts
    assert refused is None or refused not in texts
