"""Seed 001 (Canasta Real), rule by rule at its edges: every test names the sentence of the seed
(or the standard rule the seed leaves to) that it checks, and puts the engine on both sides of it
(allowed and refused)."""

from __future__ import annotations

import itertools

import pytest
from real_tables import table

import canasta
from canasta.actions import Add, Meld
from canasta.cards import Card, parse_cards
from canasta.movegen import canonical
from canasta.situation import add_meld

C = Card.parse
REAL = canasta.find_variant("real")
HANDS = {"Tú": "K♠ Q♦ 4♣ 7♣", "Ada": "K♣ K♦ 5♣", "Bo": "3♦ 4♦ 5♦ Q♥", "Cleo": "J♣ 8♣ 6♦"}


def run(text: str, place: tuple[str, str] | None = None) -> canasta.melds.Meld:
    """A run as laid down (with its 2 at the end named by ``place``)."""
    cards = parse_cards(text)
    meld, exp = (REAL.make_meld(cards) if place is None
                 else REAL.placed_meld(cards, (C(place[0]), place[1])))
    assert meld is not None, exp.message()
    return meld


def with_runs(hand: str, *melds: canasta.melds.Meld, **kw) -> canasta.State:
    """Tú to play with ``hand``; the runs laid on Tú & Bo's side as given (their 2s in place)."""
    used = [c for m in melds for c in m.cards]
    for c in used:  # the runs' cards come out of the others' hands and the stock
        assert c in canasta.cards.make_pack(2, 0)
    state = table({**HANDS, "Tú": hand}, **kw)
    for m in melds:
        for c in m.cards:
            piles = [state.stock, *state.extra.get("box_piles", []), *state.extra["muertos_piles"]]
            pile = next(p for p in piles if c in p)
            pile.remove(c)
            if pile is not state.stock and pile in state.extra["muertos_piles"]:
                spare = next(x for x in state.stock if x not in used)
                state.stock.remove(spare)
                pile.append(spare)  # the muerto keeps its eleven cards
        add_meld(state, 0, m)
    assert state.conservation_errors() == []
    return state


def rules(exp: canasta.Explanation) -> list[str]:
    return [e.rule for e in exp.walk()]


# ---- the 2 and its place ------------------------------------------------------------------------------
# "Si la carta que el comodín está sustituyendo surgiera en jugadas siguientes, ésta ocupará su lugar y
# el comodín a su vez pasará a ocupar el puesto de la siguiente carta, ya sea al principio o al final
# de la escalera." The cards of a run keep their places: a 2 moves only when its card arrives.

def test_a_natural_2_never_turns_wild_to_take_a_card() -> None:
    clean = run("2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥")  # a clean canasta, the 2♥ natural in its place
    assert REAL.canasta_kind(clean) == "natural" and clean.roles[0] == 2
    state = with_runs("10♥ 9♥ K♠ Q♦", clean)
    exp = state.check("add 10♥ to #1")
    assert (exp.allowed, exp.rule) == (False, "run.in-sequence")
    assert "natural in its own place" in exp.message() and "no 2 to stand in" not in exp.message()
    assert "add 10♥ to #1" not in [a.text for a in state.legal_actions()]
    ok = state.check("add 9♥ to #1")
    assert ok.allowed
    state.apply("add 9♥ to #1")
    assert REAL.canasta_kind(state.melds[0][0]) == "natural" and state.melds[0][0].size == 8


def test_a_wild_2_stays_where_it_stands_until_its_card_arrives() -> None:
    dirty = run("5♥ 6♥ 7♥ 2♣")  # the 2♣ stands for the 8
    assert dirty.roles == (5, 6, 7, 8)
    state = with_runs("3♥ 4♥ K♠ Q♦", dirty)
    exp = state.check("add 3♥ to #1")
    assert (exp.allowed, exp.rule) == (False, "run.in-sequence")
    assert exp.message() == ("5♥ 6♥ 7♥ 2♣ 3♥ is not a sequence: 4 would be missing: 2♣ stands for the "
                             "8 and moves only when the 8♥ arrives.")
    state.apply("add 4♥ to #1")
    assert state.melds[0][0].roles == (4, 5, 6, 7, 8) and state.melds[0][0].cards[-1] == C("2♣")


def test_a_dirty_run_stays_dirty_when_its_2_never_came_home() -> None:
    dirty = run("5♥ 6♥ 7♥ 8♥ 9♥ 10♥ 2♥")  # the 2♥ stands for the J
    assert dirty.roles[-1] == 11 and REAL.canasta_kind(dirty) == "mixed"
    state = with_runs("3♥ 4♥ K♠ Q♦", dirty)
    state.apply("add 3♥ 4♥ to #1")
    after = state.melds[0][0]
    assert after.roles == tuple(range(3, 12)) and after.wilds == 1
    assert REAL.canasta_kind(after) == "mixed"  # the J♥ never came: not clean


def test_a_2_goes_home_only_when_its_card_arrives() -> None:
    # decided: a sucia run does not become limpia by a 2 going home before its card arrives
    dirty = run("3♥ 4♥ 5♥ 2♥", ("2♥", "end"))  # laid as the 6, not home as a natural 2
    assert dirty.roles == (3, 4, 5, 6) and dirty.wilds == 1
    assert run("3♥ 4♥ 5♥ 2♥").roles == (2, 3, 4, 5)  # the engine's own choice: home
    state = with_runs("A♥ 6♥ K♠ Q♦", dirty)
    early = state.check("add A♥ to #1")
    assert (early.allowed, early.rule) == (False, "run.in-sequence")
    assert "moves only when the 6♥ arrives" in early.message()
    home = state.check("add 6♥ to #1")
    assert home.allowed
    assert [e.message() for e in home.walk() if e.rule == "run.wild-moves"] == [
        "6♥ takes the place of 2♥, which stood for the 6 and moves to its own place, as a natural 2."]
    state.apply("add 6♥ to #1")
    assert state.melds[0][0].text == "2♥ 3♥ 4♥ 5♥ 6♥" and state.melds[0][0].wilds == 0
    # the other end, as the player's own choice: the 2♥ stays wild
    other = with_runs("A♥ 6♥ K♠ Q♦", dirty)
    other.apply("add 6♥ to #1, 2♥ to the end")
    assert other.melds[0][0].text == "3♥ 4♥ 5♥ 6♥ 2♥" and other.melds[0][0].wilds == 1


def test_the_moving_2_goes_to_the_end_by_default_or_where_the_player_says() -> None:
    dirty = run("5♥ 6♥ 7♥ 2♣")
    state = with_runs("8♥ K♠ Q♦ 4♣", dirty)
    legal = [a.text for a in state.legal_actions()]
    assert "add 8♥ to #1" in legal and "add 8♥ to #1, 2♣ to the start" in legal
    assert "add 8♥ to #1, 2♣ to the end" not in legal  # the end is the engine's own choice
    assert state.check("add 8♥ to #1, 2♣ to the end").allowed  # but may be said
    start = state.copy()
    start.apply("add 8♥ to #1, 2♣ to the start")
    assert start.melds[0][0].text == "2♣ 5♥ 6♥ 7♥ 8♥" and start.melds[0][0].roles[0] == 4
    state.apply("add 8♥ to #1")
    assert state.melds[0][0].text == "5♥ 6♥ 7♥ 8♥ 2♣" and state.melds[0][0].roles[-1] == 9
    step = state.history[-1]
    moves = [e for e in step.explanation.walk() if e.rule == "run.wild-moves"]
    assert moves[0].message() == ("8♥ takes the place of 2♣, which stood for the 8 and moves to the "
                                  "end, as the 9.")
    assert moves[0].message("es") == ("8♥ ocupa el lugar del 2♣, que hacía de 8, y este pasa al "
                                      "final, como 9.")


def test_the_seed_example_2_7_8_9_either_way() -> None:
    # "2/ 7 / 8 / 9 <=> 7 / 8 / 9 / 2"
    state = table({**HANDS, "Tú": "7♥ 8♥ 9♥ 2♣ K♠"})
    legal = [a.text for a in state.legal_actions()]
    assert "meld 2♣ 7♥ 8♥ 9♥" in legal and "meld 2♣ 7♥ 8♥ 9♥, 2♣ to the start" in legal
    high = state.copy()
    high.apply("meld 7♥ 8♥ 9♥ 2♣")
    assert high.melds[0][0].roles == (7, 8, 9, 10)
    state.apply("meld 7♥ 8♥ 9♥ 2♣, 2♣ to the start")
    assert state.melds[0][0].roles == (6, 7, 8, 9) and state.melds[0][0].text == "2♣ 7♥ 8♥ 9♥"


def test_no_end_for_a_2_that_fills_a_gap() -> None:
    state = table({**HANDS, "Tú": "7♥ 9♥ 2♣ K♠"})
    exp = state.check("meld 7♥ 9♥ 2♣, 2♣ to the start")
    assert (exp.allowed, exp.rule) == (False, "run.wild-end")
    assert state.check("meld 7♥ 9♥ 2♣").allowed


def test_a_2_at_the_ace_end_moves_to_the_start() -> None:
    meld = run("J♦ Q♦ K♦ 2♣")  # the 2♣ stands for the ace
    state = with_runs("A♦ 5♠ 4♣", meld)
    assert state.check("add A♦ to #1, 2♣ to the end").rule == "run.wild-end"
    state.apply("add A♦ to #1")
    assert state.melds[0][0].text == "2♣ J♦ Q♦ K♦ A♦"


# ---- legal actions and check agree, and name their meld unambiguously -----------------------------------

def _brute(state: canasta.State) -> set[str]:
    hand = state.hands[state.turn]
    melds = state.melds[state.side_of(state.turn)]
    found: set[str] = set()
    for n in range(1, len(hand) + 1):
        for cards in set(itertools.combinations(sorted(hand), n)):
            tries: list[canasta.Action] = [Meld(groups=(cards,))]
            tries += [Add(cards=cards, target=f"#{i + 1}") for i in range(len(melds))]
            twos = {c for c in cards if c.rank == 2}
            tries += [Meld(groups=(cards,), moved=t, end=e) for t in twos for e in ("start", "end")]
            for i, m in enumerate(melds):
                for t in twos | {c for c in m.cards if c.rank == 2}:
                    tries += [Add(cards=cards, target=f"#{i + 1}", moved=t, end=e)
                              for e in ("start", "end")]
            for a in tries:
                if state.check(a).allowed:
                    found.add(canonical(a, state).text)
    return found


@pytest.mark.parametrize("hand, melds", [
    ("6♥ 5♥ 9♠ K♦", [run("2♥ 3♥ 4♥")]),  # 'add 6♥' was allowed by check, missing from the list
    ("9♠ 8♠ 10♠ K♦", [run("2♠ 3♠ 4♠ 5♠ 6♠ 7♠")]),
    ("8♥ 4♥ 3♥ 2♦ 9♥", [run("5♥ 6♥ 7♥ 2♣")]),
    ("6♥ A♥ 7♥ 2♠ K♠", [run("3♥ 4♥ 5♥ 2♥", ("2♥", "end"))]),
    ("6♥ A♥ 7♥ 2♠ K♠", [run("3♥ 4♥ 5♥ 2♥")]),
    ("A♦ 10♦ 2♥ 9♦ 5♠", [run("J♦ Q♦ K♦ 2♣")]),
    ("7♠ 7♠ 3♠ 2♦", [run("4♠ 5♠ 6♠"), run("4♠ 5♠ 6♠")]),
    ("8♥ 2♥ 2♣ 9♥", [run("5♥ 6♥ 7♥ 2♠", ("2♠", "start"))]),
])
def test_legal_plays_are_exactly_what_check_allows(hand: str, melds: list) -> None:
    state = with_runs(hand + " Q♣", *melds)
    legal = [a for a in state.legal_actions() if isinstance(a, (Meld, Add))]
    texts = [canonical(a, state).text for a in legal]
    assert len(set(texts)) == len(texts), "two legal actions say the same"
    assert all(state.check(a).allowed for a in legal)
    assert set(texts) == _brute(state)


def test_two_identical_runs_are_told_apart_by_number() -> None:
    state = with_runs("7♠ 7♠ K♦ Q♣", run("4♠ 5♠ 6♠"), run("4♠ 5♠ 6♠"))
    adds = [a for a in state.legal_actions() if isinstance(a, Add) and a.cards == (C("7♠"),)]
    assert sorted(canonical(a, state).text for a in adds) == ["add 7♠ to #1", "add 7♠ to #2"]
    assert canonical(Add(cards=(C("7♠"),), target="♠4-6"), state).text == "add 7♠ to #1"
