"""End-of-hand scoring of classic Canasta: the told final table of seed 003 (RULES_NOTES §4.1)."""

from __future__ import annotations

from canasta.scoring import finish_hand
from canasta.situation import situation

TOLD = dict(
    hands={"Tú": "9♣ A♦", "Bo": "", "Ada": "J♦ J♥ 10♣ 10♥ 9♥ 5♣ 4♣", "Cleo": "9♠ 8♥ 5♦ 4♥ 4♠ J♠"},
    melds={"Bo": ["K♠ K♥ K♣ K♦ K♠ K♥ JK", "8♦ 8♠ 2♣ 8♣", "7♠ 7♥ 7♦ 7♣ JK", "A♠ A♣ A♥"],
           "Ada": ["6♣ 6♦ 6♥", "Q♣ Q♦ Q♥ Q♠ Q♣"]},
    red_threes={"Tú": "3♥"}, phase="play", turn="Bo",
)


def test_told_final_table_scores_760_and_minus_40_line_by_line() -> None:
    state = situation("classic", **TOLD)
    events = finish_hand(state, went_out=state.seat_of("Bo"))
    result = state.results[-1]
    assert result.totals == [760, -40]
    ns = [(e.rule, p) for p, e in result.side_lines(0)]
    assert ns == [("score.going-out", 100), ("score.canasta", 300), ("score.red-threes", 100),
                  ("score.meld-cards", 290), ("score.hand-cards", -30)]
    ew = [(e.rule, p) for p, e in result.side_lines(1)]
    assert ew == [("score.meld-cards", 65), ("score.hand-cards", -60), ("score.hand-cards", -45)]
    msgs = [e.message() for _, e in result.side_lines(0)]
    assert msgs == [
        "Bo went out: +100.",
        "Mixed canasta of kings (7 cards): 300.",
        "One red three (3♥): 100, because your side has melded.",
        "Cards in melds: 290 (kings: 110, eights: 50, sevens: 70 and aces: 60).",
        "You were left with 9♣ A♦: −30.",
    ]
    assert [e.message("es") for _, e in result.side_lines(0)][1] == ("Canasta mixta de reyes (7 "
                                                                     "cartas): 300.")
    assert events[0].rule == "end.went-out"
    assert events[0].message() == ("Bo went out: the hand is over and your side scores the "
                                   "going-out bonus.")
    assert [e.message() for e in events[1:3]] == [
        "Your side scores 760 this hand; total 760.",
        "Ada and Cleo's side scores −40 this hand; total −40.",
    ]
    assert state.phase == "hand-over" and state.scores == [760, -40]


def test_next_hand_minimums_follow_the_told_scores() -> None:
    state = situation("classic", **TOLD)
    finish_hand(state, went_out=state.seat_of("Bo"))
    assert state.variant.opening_need(state.scores[0])[0] == 50
    assert state.variant.opening_need(state.scores[1])[0] == 15


def test_red_threes_count_against_a_side_that_melded_nothing_and_all_four_make_800() -> None:
    state = situation("classic", hands={"Tú": "4♠", "Ada": "5♣"}, melds={"Bo": ["K♠ K♥ K♣ K♦ K♠ K♥ K♣"]},
                      red_threes={"Ada": "3♥ 3♦", "Tú": "3♥ 3♦"}, phase="play")
    finish_hand(state, went_out=None)
    ew = state.results[-1].side_lines(1)
    assert [(e.rule, p) for p, e in ew] == [("score.red-threes", -200), ("score.hand-cards", -5)]
    assert ew[0][1].message() == ("2 red threes (3♥ 3♦): −200, because Ada and Cleo's side has "
                                  "melded nothing.")
    assert state.results[-1].ended.rule == "end.stock-exhausted"
    state = situation("classic", hands={"Tú": "4♠"}, melds={"Bo": ["K♠ K♥ K♣"]},
                      red_threes={"Tú": "3♥ 3♦ 3♥ 3♦"}, phase="play")
    finish_hand(state, went_out=None)
    ns = state.results[-1].side_lines(0)
    assert (ns[0][1].rule, ns[0][0]) == ("score.red-threes", 800)


def test_natural_canasta_and_concealed_going_out() -> None:
    state = situation("classic", hands={"Tú": "Q♠ Q♥ Q♣ Q♦ Q♠ Q♥ Q♣ 5♦"}, phase="play", turn="Tú")
    state.apply("meld Q♠ Q♥ Q♣ Q♦ Q♠ Q♥ Q♣")
    state.apply("discard 5♦")
    lines = [(e.rule, p) for p, e in state.results[-1].side_lines(0)]
    assert lines == [("score.going-out", 100), ("score.concealed", 100), ("score.canasta", 500),
                     ("score.meld-cards", 70)]
    assert state.results[-1].side_lines(0)[1][1].message() == (
        "You went out concealed (nothing melded before this turn): +100.")


def test_stock_exhaustion_ends_the_hand_without_bonus() -> None:
    state = situation("classic", hands={"Tú": "4♠ 5♠", "Ada": "6♦ 7♦"}, stock=0, phase="play")
    state.apply("discard 4♠")
    assert state.phase == "hand-over"
    assert state.results[-1].ended.message() == (
        "The stock is empty and Ada cannot take the pile: the hand is over, with no going-out "
        "bonus.")
    assert all(e.rule != "score.going-out" for _, _, e in state.results[-1].lines)
    assert state.conservation_errors() == []
