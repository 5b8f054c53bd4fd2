"""Runs of Canasta Real (seed 001): building and extending them, each verdict with its message."""

from __future__ import annotations

import pytest

import canasta
from canasta.cards import parse_cards
from canasta.variants.real.runs import layoff_candidates, run_candidates, wild_at

REAL = canasta.find_variant("real")


def run(text: str):  # a run that must be valid
    meld, exp = REAL.make_meld(parse_cards(text))
    assert meld is not None, exp.message()
    return meld


# (cards, label, cards in order, the rank each card stands for, wild cards, English message)
VALID = [
    ("9♥ 7♥ 8♥", "♥7-9", "7♥ 8♥ 9♥", (7, 8, 9), 0, "7♥ 8♥ 9♥ is a run of hearts from 7 to 9."),
    ("7♥ 2♠ 9♥", "♥7-9", "7♥ 2♠ 9♥", (7, 8, 9), 1,
     "7♥ 2♠ 9♥ is a run of hearts from 7 to 9; 2♠ stands for the 8."),
    # ace low, before the 2; a 2 of the run's suit in its own place is natural
    ("A♠ 2♠ 3♠", "♠A-3", "A♠ 2♠ 3♠", (1, 2, 3), 0,
     "A♠ 2♠ 3♠ is a run of spades from A to 3; 2♠ is natural in its own place."),
    ("A♠ 3♠ 2♦", "♠A-3", "A♠ 2♦ 3♠", (1, 2, 3), 1,
     "A♠ 2♦ 3♠ is a run of spades from A to 3; 2♦ stands for the 2."),
    # ace high, after the K
    ("Q♣ K♣ A♣", "♣Q-A", "Q♣ K♣ A♣", (12, 13, 14), 0, "Q♣ K♣ A♣ is a run of clubs from Q to A."),
    ("A♣ K♣ 2♦", "♣Q-A", "2♦ K♣ A♣", (12, 13, 14), 1,
     "2♦ K♣ A♣ is a run of clubs from Q to A; 2♦ stands for the Q."),
    # no gap: the wild 2 goes after the top when there is room, else before the bottom
    ("J♦ Q♦ K♦ 2♣", "♦J-A", "J♦ Q♦ K♦ 2♣", (11, 12, 13, 14), 1,
     "J♦ Q♦ K♦ 2♣ is a run of diamonds from J to A; 2♣ stands for the A."),
    # two 2s: one natural in its place, one wild
    ("A♥ 2♥ 3♥ 2♠", "♥A-4", "A♥ 2♥ 3♥ 2♠", (1, 2, 3, 4), 1,
     "A♥ 2♥ 3♥ 2♠ is a run of hearts from A to 4; 2♠ stands for the 4; 2♥ is natural in its own place."),
    # K A 2 cannot turn the corner, but 2♥ may stand for the Q
    ("K♥ A♥ 2♥", "♥Q-A", "2♥ K♥ A♥", (12, 13, 14), 1,
     "2♥ K♥ A♥ is a run of hearts from Q to A; 2♥ stands for the Q."),
]


@pytest.mark.parametrize("cards, label, ordered, roles, wilds, message", VALID)
def test_valid_runs_are_shown_in_order_with_the_role_of_the_2(cards, label, ordered, roles, wilds,
                                                                 message) -> None:
    meld, exp = REAL.make_meld(parse_cards(cards))
    assert meld is not None and exp.allowed and exp.rule == "run.valid"
    assert (meld.kind, meld.label, meld.text, meld.roles, meld.wilds) == ("run", label, ordered, roles, wilds)
    assert exp.message() == message
    assert sorted(meld.cards) == sorted(parse_cards(cards))  # the same cards, none lost


def test_valid_run_message_in_spanish() -> None:
    _, exp = REAL.make_meld(parse_cards("7♥ 2♠ 9♥"))
    assert exp.message("es") == "7♥ 2♠ 9♥ es una escalera de corazones del 7 al 9; el 2♠ hace de 8."


# (cards, rule, English message)
INVALID = [
    ("7♥ 8♥", "meld.min-cards", "7♥ 8♥ are 2 cards: a new meld needs at least 3."),
    ("7♥ 8♥ 9♠", "run.one-suit",
     "7♥ 8♥ 9♠ mixes spades and hearts: a run is of one suit (only a 2 may come from another)."),
    ("7♥ 7♠ 7♦", "run.no-sets",
     "7♥ 7♠ 7♦ is a set of sevens: there are no sets (tríos) in this game, only runs of one suit."),
    ("7♥ 7♠ 2♦", "run.no-sets",
     "7♥ 7♠ 2♦ is a set of sevens: there are no sets (tríos) in this game, only runs of one suit."),
    ("5♥ 6♥ 8♥", "run.in-sequence",
     "5♥ 6♥ 8♥ is not a sequence: 7 would be missing and there is no 2 to stand in."),
    ("5♥ 9♥ 2♠", "run.in-sequence",
     "5♥ 9♥ 2♠ is not a sequence: 6, 7 and 8 would be missing and one wild 2 fills only one place."),
    ("7♥ 7♥ 8♥", "run.in-sequence", "7♥ 7♥ 8♥ is not a sequence: 7♥ appears twice."),
    ("K♥ A♥ 2♣ 3♥", "run.no-wrap",
     ("K♥ A♥ 2♣ 3♥ would turn the corner K-A-2: the ace goes after the K or before the 2, not "
      "between them.")),
    ("Q♠ K♠ A♠ 2♠ 3♠", "run.no-wrap",
     ("Q♠ K♠ A♠ 2♠ 3♠ would turn the corner K-A-2: the ace goes after the K or before the 2, not "
      "between them.")),
    ("7♥ 2♠ 2♣ 10♥", "run.wild-limit",
     ("7♥ 2♠ 2♣ 10♥ would need 2 2s as wild cards, and a run holds at most 1 (a 2 of the run's "
      "suit in its own place is natural).")),
    ("7♥ 8♥ 2♠ 2♣", "run.wild-limit",
     ("7♥ 8♥ 2♠ 2♣ would need 2 2s as wild cards, and a run holds at most 1 (a 2 of the run's "
      "suit in its own place is natural).")),
    ("2♥ 2♠ 2♣", "run.wild-limit",
     ("2♥ 2♠ 2♣ would need 2 2s as wild cards, and a run holds at most 1 (a 2 of the run's suit "
      "in its own place is natural).")),
    ("A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥ 2♠", "run.in-sequence",
     "A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥ 2♠ is not a sequence: it already runs from ace to "
     "ace: there is no place left for the 2."),
]


@pytest.mark.parametrize("cards, rule, message", INVALID)
def test_invalid_runs_are_refused_with_their_rule(cards, rule, message) -> None:
    meld, exp = REAL.make_meld(parse_cards(cards))
    assert meld is None and not exp.allowed
    assert exp.rule == rule
    assert exp.message() == message


def test_refusals_in_spanish() -> None:
    _, exp = REAL.make_meld(parse_cards("K♥ A♥ 2♣ 3♥"))
    assert exp.message("es") == ("K♥ A♥ 2♣ 3♥ daría la vuelta K-A-2: el as va después del K o "
                                 "antes del 2, no entre los dos.")
    _, exp = REAL.make_meld(parse_cards("5♥ 9♥ 2♠"))
    assert exp.message("es") == ("5♥ 9♥ 2♠ no es una secuencia: faltarían 6, 7 y 8 y un 2 "
                                 "comodín solo ocupa un lugar.")


# ---- laying off -------------------------------------------------------------------------------

def test_the_2_moves_to_the_end_when_its_card_arrives() -> None:
    # 7/2/9 + 8: the 8 takes the 2's place and the 2 moves on (2/7/8/9 <=> 7/8/9/2)
    meld, exp = REAL.extend_meld(run("7♥ 2♠ 9♥"), parse_cards("8♥"))
    assert meld is not None and exp.rule == "run.valid"
    assert (meld.text, meld.roles, meld.label, meld.wilds) == ("7♥ 8♥ 9♥ 2♠", (7, 8, 9, 10), "♥7-10", 1)
    moves = [e for e in exp.because if e.rule == "run.wild-moves"]
    assert [e.message() for e in moves] == [
        "8♥ takes the place of 2♠, which stood for the 8 and moves to the end, as the 10."]
    assert moves[0].message("es") == ("El 8♥ ocupa el lugar del 2♠, que hacía de 8, y este pasa al "
                                      "final, como 10.")
    assert exp.message() == "7♥ 8♥ 9♥ 2♠ is a run of hearts from 7 to 10; 2♠ stands for the 10."


def test_the_2_moves_to_the_start_when_the_top_is_the_ace() -> None:
    meld, exp = REAL.extend_meld(run("J♦ Q♦ K♦ 2♣"), parse_cards("A♦"))
    assert meld is not None
    assert (meld.text, meld.roles) == ("2♣ J♦ Q♦ K♦ A♦", (10, 11, 12, 13, 14))
    assert [e.message() for e in exp.because] == [
        "A♦ takes the place of 2♣, which stood for the A and moves to the start, as the 10."]


def test_a_2_of_the_runs_suit_goes_home_as_a_natural_2() -> None:
    meld = run("3♥ 4♥ 6♥ 2♥")
    assert meld.roles == (3, 4, 5, 6) and wild_at(meld) == (parse_cards("2♥")[0], 5)
    new, exp = REAL.extend_meld(meld, parse_cards("5♥"))
    assert new is not None
    assert (new.text, new.roles, new.wilds) == ("2♥ 3♥ 4♥ 5♥ 6♥", (2, 3, 4, 5, 6), 0)
    assert [e.message() for e in exp.because] == [
        ("5♥ takes the place of 2♥, which stood for the 5 and moves to its own place, as a "
         "natural 2.")]


def test_a_2_of_another_suit_keeps_the_run_dirty_for_good() -> None:
    meld = run("7♥ 2♠ 9♥ 10♥ J♥ Q♥ K♥")
    assert REAL.canasta_kind(meld) == "mixed"
    new, _ = REAL.extend_meld(meld, parse_cards("8♥"))  # its card arrives: the 2♠ moves, still wild
    assert new is not None and new.text == "7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ 2♠" and new.wilds == 1
    assert REAL.canasta_kind(new) == "mixed" and REAL.canasta_bonus(new) == 100


def test_lay_offs_at_either_end_and_refusals() -> None:
    meld = run("7♥ 2♠ 9♥")
    ok, _ = REAL.extend_meld(meld, parse_cards("6♥"))
    assert ok is not None and ok.text == "6♥ 7♥ 2♠ 9♥" and ok.roles == (6, 7, 8, 9)
    ok, _ = REAL.extend_meld(meld, parse_cards("10♥ J♥"))
    assert ok is not None and ok.label == "♥7-J"
    cases = [
        ("2♣", "run.wild-limit", "7♥ 2♠ 9♥ 2♣ would need 2 2s as wild cards, and a run holds at "
                                 "most 1 (a 2 of the run's suit in its own place is natural)."),
        ("J♥", "run.in-sequence", "7♥ 2♠ 9♥ J♥ is not a sequence: 10 would be missing: 2♠ stands for "
                                  "the 8 and moves only when the 8♥ arrives."),
        ("7♠", "run.one-suit", "7♥ 2♠ 9♥ 7♠ mixes spades and hearts: a run is of one suit (only "
                               "a 2 may come from another)."),
        ("7♥", "run.in-sequence", "7♥ 2♠ 9♥ 7♥ is not a sequence: 7♥ appears twice."),
    ]
    for cards, rule, message in cases:
        bad, exp = REAL.extend_meld(meld, parse_cards(cards))
        assert bad is None and (exp.rule, exp.message()) == (rule, message)


def test_ace_to_ace_without_a_wild_is_a_canasta_de_mil() -> None:
    thirteen = run("A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦")
    assert REAL.canasta_kind(thirteen) == "natural" and REAL.canasta_bonus(thirteen) == 200
    de_mil, exp = REAL.extend_meld(thirteen, parse_cards("A♦"))
    assert de_mil is not None and de_mil.label == "♦A-A" and de_mil.size == 14
    assert de_mil.roles == tuple(range(1, 15))
    assert REAL.canasta_kind(de_mil) == "de mil" and REAL.canasta_bonus(de_mil) == 1000
    assert [e.message() for e in exp.because] == [
        "The run of diamonds now goes from ace to ace without a wild card: a canasta de mil, "
        "worth 1000 at the end of the hand."]
    assert exp.because[0].rule == "run.de-mil"
    # ace to ace with a 2 of another suit in the 2's place: dirty, not de mil
    dirty = run("A♦ 2♣ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦")
    assert dirty.wilds == 1 and REAL.canasta_kind(dirty) == "mixed" and REAL.canasta_bonus(dirty) == 100


def test_canasta_kinds_by_size() -> None:
    assert REAL.canasta_kind(run("3♠ 4♠ 5♠ 6♠ 7♠ 8♠")) is None
    assert REAL.canasta_kind(run("3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠")) == "natural"
    assert REAL.canasta_kind(run("3♠ 4♠ 5♠ 6♠ 2♥ 8♠ 9♠")) == "mixed"


# ---- candidates ---------------------------------------------------------------------------------

def test_run_candidates_cover_every_run_the_hand_can_make() -> None:
    hand = parse_cards("5♥ 6♥ 7♥ 9♥ 2♣ K♠ Q♠ A♠")
    found = {tuple(sorted(g)) for g in run_candidates(hand)}
    for text in ("5♥ 6♥ 7♥", "6♥ 7♥ 9♥ 2♣", "5♥ 6♥ 7♥ 9♥ 2♣", "Q♠ K♠ A♠", "Q♠ K♠ A♠ 2♣",
                 "5♥ 7♥ 2♣", "K♠ A♠ 2♣"):
        assert tuple(sorted(parse_cards(text))) in found, text
    valid = [g for g in run_candidates(hand) if REAL.make_meld(g)[0] is not None]
    assert len(valid) == len(set(valid))


def test_layoff_candidates_include_the_card_a_2_stands_for() -> None:
    meld = run("7♥ 2♠ 9♥")
    found = {tuple(sorted(g)) for g in layoff_candidates(meld, parse_cards("8♥ 6♥ 5♥ 2♦ K♣"))}
    assert {tuple(sorted(parse_cards(t))) for t in ("8♥", "6♥", "5♥ 6♥", "5♥ 6♥ 8♥")} <= found
    assert all(REAL.extend_meld(meld, parse_cards(t))[0] is not None for t in ("8♥", "6♥", "5♥ 6♥ 8♥"))


def test_the_player_names_the_end_a_moving_2_goes_to() -> None:
    meld = run("5♥ 6♥ 7♥ 2♣")  # the 2♣ stands for the 8
    end, exp = REAL.placed_extend(meld, parse_cards("8♥"), (parse_cards("2♣")[0], "end"))
    assert end is not None and end.text == "5♥ 6♥ 7♥ 8♥ 2♣" and end.roles == (5, 6, 7, 8, 9)
    start, exp = REAL.placed_extend(meld, parse_cards("8♥"), (parse_cards("2♣")[0], "start"))
    assert start is not None and start.text == "2♣ 5♥ 6♥ 7♥ 8♥" and start.roles == (4, 5, 6, 7, 8)
    assert [e.message() for e in exp.because] == [
        "8♥ takes the place of 2♣, which stood for the 8 and moves to the start, as the 4."]
    # a 2 that does not move cannot be sent to an end
    bad, exp = REAL.placed_extend(meld, parse_cards("4♥"), (parse_cards("2♣")[0], "start"))
    assert bad is None and exp.rule == "run.wild-end"
    assert exp.message() == ("2♣ cannot go to the start: 2♣ keeps its place (it moves only when the "
                             "card it stands for arrives, and only a 2 being placed goes to an end).")


def test_an_end_named_in_a_game_of_groups_is_no_action_of_the_game() -> None:
    from canasta.situation import situation

    state = situation("classic", hands={"Tú": "8♥ 2♣ 4♠ 5♠"}, melds={"Tú": ["8♠ 8♦ 8♣"]}, phase="play")
    exp = state.check("add 8♥ 2♣ to 8, 2♣ to the start")
    assert (exp.allowed, exp.rule) == (False, "action.unknown")
    assert state.check("add 8♥ 2♣ to 8").allowed


def test_no_pass_and_no_draw_from_an_empty_stock_in_canasta_real() -> None:
    from real_tables import table

    state = table({"Tú": "5♥ 6♥ 7♥ K♠", "Ada": "K♣", "Bo": "3♦", "Cleo": "J♣"}, phase="draw")
    exp = state.check("pass")
    assert (exp.allowed, exp.rule) == (False, "turn.pass")
    state.extra["box_piles"] = [state.stock]
    state.stock = []
    # an empty stock at the draw: the hand is over, and passing is the only way to end it
    assert state.check("draw").rule == "draw.stock-empty"
    assert state.check("pass").allowed
