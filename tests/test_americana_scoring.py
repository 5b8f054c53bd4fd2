"""Canasta Americana's end-of-hand score: every item of the seed's table, with exact points, and
the game's end at more than 8500."""

from __future__ import annotations

from canasta.scoring import game_end
from canasta.situation import situation


def lines(state, side: int, went_out: int | None) -> list[tuple[str, int]]:  # type: ignore[no-untyped-def]
    return [(e.rule, p) for p, e in state.variant.score_side(state, side, went_out)]


def messages(state, side: int, went_out: int | None) -> list[str]:  # type: ignore[no-untyped-def]
    return [e.message() for _, e in state.variant.score_side(state, side, went_out)]


def test_canastas_threes_with_canastas_penalties_and_cards() -> None:
    state = situation(
        "americana",
        hands={"Tú": "", "Bo": "A♠ A♥ A♣ 9♦", "Ada": "9♠", "Cleo": "5♣ 6♦"},
        melds={"Tú": ["K♠ K♠ K♥ K♥ K♣ K♣ K♦", "Q♠ Q♠ Q♥ Q♥ Q♣ 2♣ JK", "7♠ 7♠ 7♥ 7♥ 7♣ 7♣ 7♦",
                      "2♦ 2♦ 2♥ 2♥ 2♠ 2♠ 2♣", "3♥ 3♦ 3♠"],
               "Ada": ["A♦ A♦ A♣", "JK JK JK", "3♣"]})
    assert lines(state, 0, 0) == [
        ("score.going-out", 100), ("score.canasta", 500), ("score.canasta", 300),
        ("score.canasta", 2500), ("score.wild-canasta", 3000), ("score.aces-sevens", -1500),
        ("score.threes", 300), ("score.threes", 100), ("score.meld-cards", 365),
        ("score.hand-cards", -70)]
    assert sum(p for _, p in lines(state, 0, 0)) == 5595
    text = messages(state, 0, 0)
    assert text[1] == "Clean canasta of kings (7 cards): 500."
    assert text[2] == "Dirty canasta of queens (7 cards): 300."
    assert text[3] == "Special canasta of sevens (7 cards): 2500."
    assert text[4] == "Canasta of wild cards, all 2s (7 cards): 3000."
    assert text[5] == "Bo kept 3 aces: −1500."
    assert text[6] == "2 red threes (3♦ 3♥): 300, because your side has 4 canastas."
    assert text[7] == "One black three (3♠): 100, because your side has 4 canastas."
    assert text[8] == "Cards in melds: 365 (kings: 70, queens: 120, sevens: 35 and wild cards: 140)."
    assert text[9] == "Bo was left with 9♦ A♣ A♥ A♠: −70."
    # the other pair: no canasta, so incomplete specials cost, threes and meld cards count against
    assert lines(state, 1, 0) == [
        ("score.incomplete", -2500), ("score.incomplete", -2000), ("score.threes", -100),
        ("score.meld-cards-negative", -210), ("score.hand-cards", -10), ("score.hand-cards", -10)]
    text = messages(state, 1, 0)
    assert text[0] == "Incomplete meld of clean aces (3 cards): −2500."
    assert text[1] == "Incomplete meld of wild cards (3 cards): −2000."
    assert text[2] == "One black three (3♣): −100, because Ada and Cleo's side has no canasta."
    assert text[3] == ("Cards in melds count against Ada and Cleo's side, which has no canasta: "
                       "−210 (aces: 60 and wild cards: 150).")


def test_jokers_canasta_threes_ignored_with_one_canasta_sevens_kept_and_incomplete() -> None:
    state = situation(
        "americana",
        hands={"Tú": "9♣", "Bo": "7♠ 7♥ 7♣ 4♦", "Ada": "", "Cleo": "K♦"},
        melds={"Tú": ["JK JK JK JK 2♣ 2♦ 2♥", "3♥ 3♥ 3♦ 3♦"],
               "Ada": ["7♦ 7♦ 7♣", "9♠ 9♠ 9♥ 9♥ 9♣ 9♦ 9♦", "3♠ 3♣ 3♠"]})
    assert lines(state, 0, None) == [
        ("score.wild-canasta", 2500), ("score.aces-sevens", -1500), ("score.threes", 0),
        ("score.meld-cards", 260), ("score.hand-cards", -10), ("score.hand-cards", -20)]
    text = messages(state, 0, None)
    assert text[0] == "Canasta of wild cards, with all four jokers (7 cards): 2500."
    assert text[2] == ("4 red threes (3♦ 3♦ 3♥ 3♥): 0, because they do not count: your side has "
                       "only one canasta.")
    assert lines(state, 1, None) == [
        ("score.canasta", 500), ("score.incomplete", -2500), ("score.threes", 0),
        ("score.meld-cards", 85), ("score.hand-cards", -10)]
    assert messages(state, 1, None)[1] == "Incomplete meld of sevens (3 cards): −2500."


def test_other_wild_canasta_four_black_threes_and_aces_with_wilds_are_comun() -> None:
    state = situation(
        "americana",
        hands={"Tú": "5♦", "Bo": "", "Ada": "", "Cleo": ""},
        melds={"Tú": ["JK 2♣ 2♦ 2♥ 2♠ 2♣ 2♦", "4♠ 4♠ 4♥ 4♥ 4♣ 4♣ 4♦", "3♠ 3♠ 3♣ 3♣ 3♥ 3♦ 3♥"],
               "Ada": ["A♠ A♥ A♣ 2♠ JK"]})
    assert lines(state, 0, None) == [
        ("score.wild-canasta", 2000), ("score.canasta", 500), ("score.threes", 500),
        ("score.threes", 1000), ("score.meld-cards", 205), ("score.hand-cards", -5)]
    assert messages(state, 0, None)[0] == "Canasta of wild cards, another mix (7 cards): 2000."
    # aces with wild cards are común: no −2500 for an incomplete clean ace meld
    assert lines(state, 1, None) == [("score.meld-cards-negative", -130)]


def test_game_ends_only_above_8500() -> None:
    state = situation("americana", scores=[8500, 8000])
    assert game_end(state) is None
    state.scores = [8505, 8000]
    over = game_end(state)
    assert over is not None and over[1] == 0
    assert over[0].message() == "Your side wins with 8505 (target 8500)."
    state.scores = [9000, 9000]  # a tie at the top plays another hand
    assert game_end(state) is None
