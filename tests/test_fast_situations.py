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
    "seven of eight wild cards as a canasta, one kept": (
        dict(phase="play", hands={"Tú": f"{WILDS} 2♥ 4♦ 5♠"}, melds={"Tú": ["K♠ K♥ K♣"]}),
        "meld 2♣ 2♣ 2♦ 2♦ 2♥ 2♠ JK", None),
    "some of the wild cards held onto the wild canasta": (
        dict(phase="play", hands={"Tú": "2♥ 2♦ JK 4♦ 5♠"}, melds={"Tú": ["2♣ 2♦ 2♠ 2♣ 2♥ 2♠ JK"]}),
        "add 2♦ JK to JK", None),
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


AM_OTHERS = {"Ada": "5♣ 5♦ 8♣", "Bo": "Q♣ Q♦ J♠", "Cleo": "10♣ 10♦ 4♦"}
AM_TU = "K♠ K♥ K♣ 8♦ 8♠ 2♣ JK A♦ A♣ A♥ 7♥ 7♦ 7♣ 3♥"
AM_OPEN = {"Bo": ["Q♦ Q♠ Q♥", "9♥ 9♠ 9♦"]}  # Tú & Bo are out of the hoyo
AM_TWO = {"Bo": ["6♦ 6♠ 6♥ 6♣ 6♦ 6♠ 6♥", "9♥ 9♠ 9♦ 9♣ 9♥ 9♠ 2♦"]}
# (Tú's hand, situation, a move it must offer, a move it must not)
AMERICANA = {
    "threes before the draw": (AM_TU, dict(phase="draw"), "meld 3♥", None),
    "threes before the draw need a card left for it": (
        AM_TU, dict(phase="draw", stock=1), "draw", "meld 3♥"),
    "a special hand: straight": (
        "A♠ 2♣ 3♥ 4♦ 5♠ 6♣ 7♥ 8♦ 9♠ 10♣ J♥ Q♦ K♠ JK", dict(),
        "meld 2♣ 3♥ 4♦ 5♠ 6♣ 7♥ 8♦ 9♠ 10♣ J♥ Q♦ K♠ A♠ JK", None),
    "a special hand: pairs with twos": (
        "2♠ 2♥ 6♣ 6♦ 7♠ 7♥ 9♣ 9♦ J♠ J♥ K♣ K♦ A♠ A♥", dict(melds=AM_OPEN),
        "meld 2♥ 2♠ 6♣ 6♦ 7♥ 7♠ 9♣ 9♦ J♥ J♠ K♣ K♦ A♥ A♠", None),
    "a special hand: garbage": (
        "4♠ 4♥ 4♣ 6♠ 6♥ 6♣ 6♦ J♠ J♥ J♣ J♦ A♠ A♥ A♣", dict(melds=AM_OPEN),
        "meld 4♣ 4♥ 4♠ 6♣ 6♦ 6♥ 6♠ J♣ J♦ J♥ J♠ A♣ A♥ A♠", None),
    "a meld of wild cards": (
        "8♦ 8♠ 2♣ 2♦ JK 5♥ 9♣", dict(melds=AM_OPEN), "meld 2♣ 2♦ JK", None),
    "aces with a wild card leave the hoyo": (
        AM_TU, dict(melds={}), "meld A♦ A♥ JK / K♥ K♠ 2♣", None),
    "aces without a wild card once out": (
        AM_TU, dict(melds=AM_OPEN), "meld A♣ A♦ A♥", "meld A♦ A♥ JK"),
    "sevens never with a wild card": (
        "7♥ 7♦ 7♣ 2♣ 5♥ 9♣", dict(melds=AM_OPEN), "meld 7♣ 7♦ 7♥", "meld 7♦ 7♥ 2♣"),
    "the pile and other melds leave the hoyo": (
        "K♠ K♥ 8♦ 8♠ 8♣ 2♣ JK 5♥", dict(phase="draw", pile="4♣ K♣"),
        "take pile with K♥ K♠ and meld 8♣ 8♦ 8♠ 2♣ JK", "take pile with K♥ K♠"),
    "not onto a meld of five": (
        "K♠ K♥ 8♦ 2♣ 5♥", dict(phase="draw", pile="4♣ K♣",
                               melds={"Bo": ["K♦ K♠ K♥ K♣ K♦", "9♥ 9♠ 9♦"]}),
        "draw", "take pile with K♥ K♠"),
    "threes discarded only when stuck": (
        "3♥ 3♠", dict(stock=0, melds=AM_OPEN), "discard 3♥", None),
    "a wild card is kept back": ("2♣ JK 3♥ 8♦", dict(melds=AM_OPEN), "discard 8♦", "discard JK"),
    "aces and sevens onto an empty pile": (
        "A♠ 7♣ 3♥", dict(melds=AM_OPEN, pile=""), "discard A♠", None),
    "never a hand emptied without a discard": (
        "5♥ 5♠ 5♣ 9♦", dict(melds=AM_TWO), "meld 5♣ 5♥ 5♠", "meld 5♣ 5♥ 5♠ 9♦"),
    "down to one card only with two canastas": (
        "5♥ 5♠ 5♣ 9♦", dict(melds=AM_OPEN), "discard 9♦", "meld 5♣ 5♥ 5♠"),
    "lay-offs onto a meld of wild cards": (
        "2♥ JK 9♦ 4♣", dict(melds={"Bo": ["Q♦ Q♠ Q♥", "2♣ 2♦ JK"]}), "add 2♥ JK to wilds", None),
    "the empty stock: the pozo, or passing": (
        AM_TU, dict(phase="draw", stock=0, pile="4♣ K♦"), "pass", "draw"),
    "no special hand after an ala": (
        "A♠ 2♣ 3♥ 4♦ 5♠ 6♣ 7♥ 8♦ 9♠ 10♣ J♥ Q♦ K♠ JK", dict(melds={"Bo": ["9♥ 9♠ 9♦"]},
                                                            extra={"ala_seat": [0, -1]}),
        "discard 4♦", "meld 2♣ 3♥ 4♦ 5♠ 6♣ 7♥ 8♦ 9♠ 10♣ J♥ Q♦ K♠ A♠ JK"),
    "clean aces take no wild card": (
        "A♥ 2♥ 9♦ 4♣", dict(melds={"Bo": ["A♦ A♠ A♣", "9♥ 9♠ 9♦"]}), "add A♥ to A", "add 2♥ to A"),
}


@pytest.mark.parametrize("case", sorted(AMERICANA))
def test_americana(case: str) -> None:
    tu, given, offered, refused = AMERICANA[case]
    kw = {"phase": "play", **given}
    texts = same(situation("americana", hands={**AM_OTHERS, "Tú": tu}, turn="Tú", **kw))
    assert offered in texts, texts
    assert refused is None or refused not in texts


REAL_OTHERS = {"Ada": "K♣ K♦ 5♠", "Bo": "3♦ 4♦ 5♦ Q♥", "Cleo": "J♣ 4♠ 6♦"}
# (Tú's hand, table keywords, a move it must offer, a move it must not)
REAL = {
    "a direct close takes the muerto": ("7♥ 8♥ 9♥", {}, "meld 7♥ 8♥ 9♥", None),
    "a muerto waiting for its holder: no close": (
        "7♥ 8♥ 9♥ K♠", dict(muertos=("pending", "waiting"), holder=(2, -1)), "discard K♠",
        "meld 7♥ 8♥ 9♥"),
    "the muerto taken: closing needs a clean canasta": (
        "7♥ 8♥ 9♥ K♠", dict(muertos=("taken", "waiting")), "discard K♠", "meld 7♥ 8♥ 9♥"),
    "the muerto taken, a clean canasta on the table": (
        "7♥ 8♥ 9♥ K♠", dict(muertos=("taken", "waiting"), melds={"Tú": ["3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣"]}),
        "meld 7♥ 8♥ 9♥", None),
    "the card a 2 stands for arrives": (
        "6♠ 9♠ Q♣", dict(melds={"Tú": ["5♠ 2♥ 7♠ 8♠"]}), "add 6♠ to #1", None),
    "a 2 laid off onto a run": ("2♣ 10♥ Q♣", dict(melds={"Tú": ["7♥ 8♥ 9♥"]}), "add 2♣ to #1", None),
    "the moving 2 to the end the player names": (
        "6♠ 9♠ Q♣ 4♥", dict(melds={"Tú": ["5♠ 2♥ 7♠ 8♠"]}), "add 6♠ to #1, 2♥ to the start", None),
    "a new run's 2 at the other end": (
        "2♣ 7♥ 8♥ Q♣ 4♠", {}, "meld 2♣ 7♥ 8♥, 2♣ to the start", None),
    "a 2 of the run's suit at home, or at the end": (
        "2♥ 3♥ 4♥ Q♣ 4♠", {}, "meld 2♥ 3♥ 4♥, 2♥ to the end", None),
}


@pytest.mark.parametrize("case", sorted(REAL))
def test_real(case: str) -> None:
    from real_tables import table

    tu, given, offered, refused = REAL[case]
    texts = same(table({**REAL_OTHERS, "Tú": tu}, **given))
    assert offered in texts, texts
    assert refused is None or refused not in texts
