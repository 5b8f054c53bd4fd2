"""``legal_actions()`` lists every action ``check`` allows, and nothing else: in positions of every
variant, the actions ``check`` allows are found by brute force over the sub-multisets of the hand
(``tests/brute_force.py``, which does not use the variants' candidate hooks) and compared with
the fast list and with the checked list (``movegen.checked_legal_actions``).

The positions are those where a list built from candidates could leave something out: wild
cards enough for a canasta of them and more, lay-offs of some of the wild cards held, sets of
first melds larger than usual hands make (two players of rioplatense draw two cards a turn), the
pile taken with several melds, a side in the hoyo with its threes laid; and the situations built
at random for the property tests."""

from __future__ import annotations

import pytest
from brute_force import allowed_actions
from built_states import built_states
from real_tables import table

import canasta
from canasta.movegen import canonical, checked_legal_actions
from canasta.situation import situation
from canasta.variants import VARIANTS

OTHERS = {"Ada": "5♣ 5♦ 9♥", "Bo": "Q♣ Q♦ J♠", "Cleo": "10♣ 10♦ 4♦"}
TWO = {"names": ["Tú", "Ada"]}
EIGHT_WILDS = "2♣ 2♦ 2♥ 2♠ 2♣ 2♦ 2♥ JK"


def _rio(**kw: object) -> canasta.State:
    hands = kw.pop("hands")
    if "names" not in kw:
        hands = {**OTHERS, **hands}  # type: ignore[dict-item]
    else:
        hands = {"Ada": "K♦", **hands}  # type: ignore[dict-item]
    return situation("rioplatense", hands=hands, turn="Tú", **kw)  # type: ignore[arg-type]


def _v(variant: str, **kw: object) -> canasta.State:
    hands = {**OTHERS, **kw.pop("hands")}  # type: ignore[dict-item]
    return situation(variant, hands=hands, turn="Tú", **kw)  # type: ignore[arg-type]


# (position, actions it must list)
POSITIONS: dict[str, tuple[canasta.State, tuple[str, ...]]] = {
    "rioplatense: eight wild cards, a canasta of seven of them (one kept)": (
        _rio(phase="play", hands={"Tú": f"{EIGHT_WILDS} 4♦ 5♠"}, melds={"Tú": ["K♠ K♥ K♣"]}),
        ("meld 2♣ 2♣ 2♦ 2♦ 2♥ 2♠ JK", "meld 2♣ 2♣ 2♦ 2♦ 2♥ 2♥ 2♠",
         "meld 2♣ 2♣ 2♦ 2♦ 2♥ 2♥ 2♠ JK")),
    "rioplatense: two of three wild cards onto the canasta of wild cards": (
        _rio(phase="play", hands={"Tú": "2♥ 2♦ JK 4♦ 5♠"},
             melds={"Tú": ["2♣ 2♦ 2♠ 2♣ 2♥ 2♠ JK"]}),
        ("add 2♦ 2♥ to JK", "add 2♦ JK to JK", "add 2♥ JK to JK", "add 2♦ 2♥ JK to JK")),
    "rioplatense: seven of eight wild cards among first melds": (
        _rio(phase="play", hands={"Tú": f"{EIGHT_WILDS} 9♠ 9♦ 9♥ 4♦"}),
        ("meld 9♦ 9♥ 9♠ / 2♣ 2♣ 2♦ 2♦ 2♥ 2♠ JK", "meld 9♦ 9♥ 9♠ 2♥ / 2♣ 2♣ 2♦ 2♦ 2♥ 2♠ JK")),
    "rioplatense: the pozo and a canasta of seven of eight wild cards": (
        _rio(phase="draw", pile="4♣ 9♥", hands={"Tú": f"9♠ 9♦ {EIGHT_WILDS} 5♥"}),
        ("take pile with 9♦ 9♠ and meld 2♣ 2♣ 2♦ 2♦ 2♥ 2♠ JK",)),
    "rioplatense, two players: five first melds together": (
        _rio(**TWO, phase="play",
             hands={"Tú": "4♠ 4♠ 4♥ 5♠ 5♠ 5♥ 6♠ 6♠ 6♥ 8♠ 8♠ 8♥ 9♠ 9♠ 9♥ Q♣ Q♦"}),
        ("meld 4♠ 4♠ 4♥ / 5♠ 5♠ 5♥ / 6♠ 6♠ 6♥ / 8♠ 8♠ 8♥ / 9♠ 9♠ 9♥",)),
    "rioplatense, two players: the pozo and four melds with it": (
        _rio(**TWO, phase="draw", pile="4♣ K♥",
             hands={"Tú": "K♠ K♠ 4♠ 4♠ 4♥ 5♠ 5♠ 5♥ 6♠ 6♠ 6♥ 8♠ 8♠ 8♥ Q♣ Q♦"}),
        ("take pile with K♠ K♠ and meld 4♠ 4♠ 4♥ / 5♠ 5♠ 5♥ / 6♠ 6♠ 6♥ / 8♠ 8♠ 8♥",)),
    "rioplatense: black threes going out, wild cards left to lay off": (
        _rio(phase="play", hands={"Tú": "3♣ 3♠ 3♣ 2♥ JK"},
             melds={"Tú": ["K♠ K♠ K♥ K♥ K♣ K♣ K♦", "2♣ 2♦ 2♠ 2♣ 2♦ 2♠ 2♥"]}),
        ("add 2♥ JK to JK", "add 2♥ to JK")),
    "classic: three first melds with wild cards": (
        _v("classic", phase="play", hands={"Tú": "K♠ K♥ K♣ 8♦ 8♠ 2♣ JK Q♠ Q♥ 5♦ 5♣ 4♥"}),
        ("meld 8♦ 8♠ 2♣ / Q♥ Q♠ JK / K♣ K♥ K♠", "meld 5♦ 5♣ 2♣ / Q♥ Q♠ JK / K♣ K♥ K♠")),
    "classic: the pile with three melds": (
        _v("classic", phase="draw", pile="4♣ 9♥",
           hands={"Tú": "9♠ 9♦ K♠ K♥ K♣ 8♦ 8♠ 2♣ Q♠ Q♥ JK 4♦"}),
        ("take pile with 9♦ 9♠ and meld 8♦ 8♠ 2♣ / Q♥ Q♠ JK / K♣ K♥ K♠",)),
    "classic: lay-offs of naturals and wild cards": (
        _v("classic", phase="play", hands={"Tú": "K♠ K♦ 2♣ 2♥ JK 5♦"},
           melds={"Tú": ["K♥ K♣ K♣"], "Bo": ["9♥ 9♠ 9♦ 2♦"]}),
        ("add K♠ K♦ 2♣ 2♥ to K", "add 2♣ JK to 9")),
    "americana: threes laid, still in the hoyo: first melds together": (
        _v("americana", phase="play",
           hands={"Tú": "7♣ 7♥ 7♠ JK 6♠ 6♣ A♥ 2♦ K♠ 7♦ K♠ A♣ 8♣"}, melds={"Tú": ["3♣ 3♦"]}),
        ("meld A♣ A♥ 2♦ JK / 7♣ 7♥ 7♠",)),
    "americana: the pozo and two melds out of the hoyo": (
        _v("americana", phase="draw", pile="4♣ K♣",
           hands={"Tú": "K♠ K♥ 8♦ 8♠ 8♣ 2♣ JK A♠ A♥ A♦ 5♥ 6♦ 9♣"}),
        ("take pile with K♥ K♠ and meld 8♣ 8♦ 8♠ 2♣ JK / A♦ A♥ A♠",)),
    "americana: melds of wild cards and lay-offs within seven": (
        _v("americana", phase="play", hands={"Tú": "2♥ 2♠ JK JK 9♦ 4♣"},
           melds={"Bo": ["Q♦ Q♠ Q♥", "2♣ 2♦ JK"]}),
        ("add 2♥ 2♠ JK JK to wilds", "add 2♥ JK to wilds")),
    "individual: the pile deep with two melds, not opened": (
        _v("individual", phase="draw", pile="8♣ 9♥ Q♣",
           hands={"Tú": "9♠ 9♦ Q♠ Q♥ Q♦ A♠ A♥ A♦ 2♣ 4♦"}),
        ("take pile at 2 with 9♦ 9♠ and meld Q♦ Q♥ Q♠ / A♦ A♥ A♠",)),
    "individual: lay-offs onto everyone's melds": (
        _v("individual", phase="play", opened={"Tú": True},
           hands={"Tú": "9♠ 9♦ 2♣ JK 5♥ K♦"}, melds={"Tú": ["K♠ K♥ K♣"], "Ada": ["9♥ 9♣ JK"]}),
        ("add 9♦ 9♠ 2♣ to Ada:9", "add 2♣ JK to K")),
}

REAL_OTHERS = {"Ada": "K♣ K♦ 5♠", "Bo": "3♦ 4♦ 5♦ Q♥", "Cleo": "J♣ 4♠ 6♦"}
REAL_POSITIONS: dict[str, tuple[dict[str, object], tuple[str, ...]]] = {
    "real: a long hand with 2s for runs and lay-offs": (
        dict(hands={**REAL_OTHERS, "Tú": "3♥ 4♥ 5♥ 6♥ 8♥ 2♣ 2♥ 9♠ 10♠ Q♠ 2♦ K♠"},
             melds={"Tú": ["5♠ 2♥ 7♠ 8♠"]}),
        ("meld 3♥ 4♥ 5♥ 6♥ 2♣ 8♥",)),
    "real: the muerto taken, a hand of fourteen": (
        dict(hands={**REAL_OTHERS, "Tú": "A♣ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 9♦ 10♦ J♦ 2♦ 2♣"},
             muertos=("taken", "waiting"), melds={"Tú": ["8♥ 9♥ 10♥"]}),
        ("meld A♣ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣",)),
}


def _compare(state: canasta.State, budget: int = 30_000) -> tuple[set[str], set[str]] | None:
    """(allowed by check, listed) as canonical texts, once the checked list is shown the same as
    the listed one; None when the brute force would take more than ``budget`` tries."""
    brute = allowed_actions(state, budget)
    if brute is None:
        return None
    listed = [canonical(a, state).text for a in state.legal_actions()]
    checked = {canonical(a, state).text for a in checked_legal_actions(state)}
    assert len(set(listed)) == len(listed), "an action listed twice"
    assert checked == set(listed)
    return brute, set(listed)


@pytest.mark.parametrize("case", sorted(POSITIONS) + sorted(REAL_POSITIONS))
def test_every_action_check_allows_is_listed(case: str) -> None:
    if case in POSITIONS:
        state, must = POSITIONS[case]
    else:
        given, must = REAL_POSITIONS[case]
        state = table(**given)  # type: ignore[arg-type]
    found = _compare(state, budget=100_000)
    assert found is not None, "the position is too large for the brute force"
    brute, listed = found
    assert brute - listed == set(), f"allowed by check, never listed: {sorted(brute - listed)}"
    assert listed - brute == set(), f"listed, not found allowed: {sorted(listed - brute)}"
    for text in must:
        assert canonical(canasta.parse_action(text), state).text in listed, text


@pytest.mark.parametrize("variant", [v.name for v in VARIANTS])
def test_every_action_check_allows_is_listed_in_built_situations(variant: str, request) -> None:
    count = 120 if request.config.getoption("--long") else 25
    judged = 0
    for state in built_states(variant, count, seed=23):
        found = _compare(state)
        if found is None:
            continue
        judged += 1
        brute, listed = found
        assert brute == listed, (f"allowed, not listed: {sorted(brute - listed)[:6]}; "
                                 f"listed, not allowed: {sorted(listed - brute)[:6]}")
    assert judged >= count * 2 // 3  # the others' hands are too large to try every subset
