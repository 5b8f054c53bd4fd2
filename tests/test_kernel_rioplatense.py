"""The rioplatense counts kernel pinned to the engine: every kernel playout mirrored onto a State.

As ``tests/test_kernel.py`` does for classic: each kernel move becomes an engine action, the
engine must allow it and applies it, the position read back from the State equals the kernel's
after every move, and the kernel's points at the end are the engine's. Here with two players
(two cards a turn) and four, the pozo madre, premiado and tapado, the stock's end (a red three
as its last card), the canasta of wild cards and red threes against a side with no canasta.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import Any

import kernel_mirror
import pytest
from kernel_mirror import Kernel, Move, mid_hand

import canasta
from canasta.cards import parse_cards
from canasta.determinize import determinize
from canasta.kernel.actions import engine_action
from canasta.kernel.rioplatense import apply_move, find_take, finish, from_state, key, rules_for
from canasta.playout import PlayoutPolicy
from canasta.situation import situation
from canasta.state import State

SEEN: Counter[str] = Counter()
"""What the mirrored playouts went through (how each hand ended, what was melded)."""


KERNEL = Kernel(from_state, finish, apply_move, engine_action, key)


def _seen(state: State, move: Move) -> None:
    if move[0] == "take":
        SEEN["take-onto" if move[1] else "take-pair" if move[2][0] == move[2][1]
             else "take-wild"] += 1
    elif move[0] in ("meld", "add") and any(g[0] == 0 for g in (
            move[1] if move[0] == "meld" else (move[1],))):
        SEEN["wild-canasta-" + move[0]] += 1


def mirror(state: State) -> int:
    """Play ``state`` to the end of the hand with the kernel, move by move on the engine too;
    the number of moves. ``state`` is changed."""
    moves = kernel_mirror.mirror(KERNEL, state, before=_seen)
    SEEN[state.results[-1].ended.rule] += 1
    SEEN[f"players-{state.players}"] += 1
    return len(moves)


def _mid_hand(seed: int, steps: int, players: int) -> State:
    return mid_hand("rioplatense", seed, steps, players)


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("chunk", range(2))
def test_playouts_from_the_deal_and_mid_hand_mirror_the_engine(players: int, chunk: int) -> None:
    done = 0
    for seed in range(chunk * 30, chunk * 30 + 30):
        st = _mid_hand(seed, (seed * 7) % 70, players)
        if st.hand_over:
            continue
        mirror(st)
        done += 1
    assert done >= 25


@pytest.mark.parametrize("players", [2, 4])
def test_playouts_from_redealt_positions_mirror_the_engine(players: int) -> None:
    done = 0
    for seed in range(25):
        st = _mid_hand(1000 + seed, 5 + seed % 40, players)
        if st.hand_over:
            continue
        d = determinize(st, st.actor, random.Random(seed))
        assert from_state(d) is not None
        mirror(d)
        done += 1
    assert done >= 20


@pytest.mark.parametrize("players", [2, 4])
def test_mirrors_hands_from_the_middle_of_a_turn(players: int) -> None:
    """From the middle of a turn (after a meld or a take, before the discard)."""
    done = 0
    for seed in range(20):
        st = _mid_hand(2000 + seed, 0, players)
        policy = PlayoutPolicy(seed)
        while not st.hand_over and not (st.phase == "play" and st.extra.get("melded_turn")):
            st.play(policy.choose(st))
        if st.hand_over:
            continue
        assert from_state(st) is not None
        mirror(st)
        done += 1
    assert done >= 15


def test_scores_at_the_opening_bands_mirror_the_engine() -> None:
    """Running scores at and around the opening bands (50, 90 from 1500, 120 from 3000)."""
    for i, scores in enumerate([[1495, 1500], [2995, 3000], [-10, 4990], [3500, 0]]):
        for k in range(6):
            st = _mid_hand(500 + 10 * i + k, 3 * k, 2 + 2 * (k % 2))
            if st.hand_over:
                continue
            st.scores = list(scores)
            p = from_state(st)
            assert p is not None
            assert p.need == [st.variant.opening_need(s)[0] for s in scores]
            mirror(st)


@pytest.mark.parametrize("players", [2, 4])
def test_the_stock_running_out_ends_the_hand(players: int) -> None:
    """The stock cut short: the hand ends at the next turn once it is out, or at once when its
    last card is a red three that leaves the drawing hand as it was (two players draw two: a red
    three as the second of them, after a card, does not)."""
    from canasta.cards import card

    ends: Counter[str] = Counter()
    for seed in range(24):
        st = _mid_hand(700 + seed, 10 + seed % 12, players)
        if st.hand_over:
            continue
        st.stock = st.stock[len(st.stock) - 1 - seed % 4:]
        if seed % 3 == 1:  # the last card a red three (drawn last: the stock's first card)
            st.stock[0] = card(3, "♥")
        elif seed % 3 == 2 and len(st.stock) >= 2:
            st.stock[0] = card(3, "♥")
            st.stock[1] = card(3, "♦")
        mirror(st)
        ends[st.results[-1].ended.rule] += 1
    assert ends["end.stock-exhausted"] >= 3 and ends["end.last-red-three"] >= 2, ends


def _two_draws(stock: str) -> State:
    """Two players, Tú to draw from ``stock`` (next card first), the pile a black three."""
    st = situation("rioplatense", names=("Tú", "Ada"), phase="draw", pile="7♣ 3♠",
                   hands={"Tú": "K♠ K♥ 9♣ 9♦ 5♣ 6♣ 8♥", "Ada": "5♦ 5♥ 9♠ J♣ J♦ Q♠ 4♦"})
    st.stock = list(reversed(parse_cards(stock)))
    return st


def test_two_players_draw_two_and_a_red_three_is_replaced() -> None:
    st = _two_draws("4♣ 3♥ 8♦ Q♦ 10♣")
    p = from_state(st)
    assert p is not None and p.draws == 2 and p.players == 2
    mirror(st)
    # a red three as the last card after one card drawn: the turn goes on, the hand then ends
    st = _two_draws("4♣ 3♥")
    mirror(st)
    assert st.results[-1].ended.rule == "end.stock-exhausted"
    assert len(st.red_threes[0]) == 1
    # both cards red threes, the stock out: the hand ends at once
    st = _two_draws("3♥ 3♦")
    assert mirror(st) == 1 and st.results[-1].ended.rule == "end.last-red-three"


def test_a_turn_that_starts_with_the_stock_out_only_ends_the_hand() -> None:
    """Not even a take of the pozo (which the aces would take with a stock)."""
    st = situation("rioplatense", names=("Tú", "Ada"), phase="draw", pile="7♣ A♦",
                   hands={"Tú": "A♠ A♥ 9♣ 9♦ 5♣ 6♣ 8♥", "Ada": "5♦ 5♥ 9♠ J♣ J♦ Q♠ 4♦"})
    assert _take_agrees(st) is not None
    st.stock = []
    assert _take_agrees(st) is None
    assert mirror(st) == 1 and st.results[-1].ended.rule == "end.stock-exhausted"


# ---- the pozo ---------------------------------------------------------------------------------

def _pozo(hand: str, pile: str, **kw: Any) -> State:
    kw.setdefault("hands", {"Tú": hand, "Ada": "5♦ 5♥ 9♠ J♣", "Bo": "Q♥ J♠ 4♦ 6♦",
                            "Cleo": "10♣ 10♦ 4♣ 7♦"})
    return situation("rioplatense", pile=pile, phase="draw", **kw)


def _take_agrees(st: State) -> tuple[Any, ...] | None:
    """The kernel's take in ``st`` (None when it finds none), checked against the engine: some
    take is legal exactly when the kernel finds one, and the engine allows the kernel's."""
    p = from_state(st)
    assert p is not None
    take = find_take(p)
    legal = [a for a in st.variant.take_candidates(st) if st.check(a).allowed]
    assert (take is not None) == bool(legal), [a.text for a in legal]
    if take is not None:
        assert st.check(engine_action(st, take)).allowed
    return take


OPEN = {"Bo": ["Q♣ Q♦ Q♠"], "Tú": ["K♣ K♦ 2♣"]}


def test_the_pozo_madre_premiado_and_tapado() -> None:
    # madre: a natural pair only (a natural and a wild card do not take it), with the nines
    # for the opening (the kings count 30 of the 50)
    assert _take_agrees(_pozo("K♠ K♥ 9♣ 9♦ 9♥ 5♣", "7♣ K♦")) == (
        "take", False, (13, 13), ((9, 3, 0, 0),))
    assert _take_agrees(_pozo("K♠ JK 9♣ 9♦ 9♥ 5♣", "7♣ K♦")) is None
    # madre for a side that has opened, onto its own meld: refused; a natural pair grows it
    st = _pozo("K♠ K♥ 9♣ 5♣", "7♣ K♦", melds=OPEN)
    assert _take_agrees(st) == ("take", False, (13, 13), ())
    assert _take_agrees(_pozo("K♠ 2♥ 9♣ 5♣", "7♣ K♦", melds=OPEN)) is None
    # taken once: onto the meld
    taken = {"pozo_taken": [0]}
    assert _take_agrees(_pozo("K♠ 9♣ 5♣", "7♣ K♦", melds=OPEN, extra=taken)) == (
        "take", True, (), ())
    assert _take_agrees(_pozo("J♠ 2♥ 9♣ 5♣", "7♣ J♦", melds=OPEN, extra=taken)) == (
        "take", False, (11, 2), ())
    # premiado: a wild card in the pozo, natural pairs only again
    assert _take_agrees(_pozo("K♠ 9♣ 5♣", "2♦ 7♣ K♦", melds=OPEN, extra=taken)) is None
    assert _take_agrees(_pozo("K♠ K♥ 9♣ 5♣", "2♦ 7♣ K♦", melds=OPEN, extra=taken)) == (
        "take", False, (13, 13), ())
    # tapado: a canasta of the top card's rank, the other side's as well as one's own
    canasta_k = {"Ada": ["K♣ K♦ K♠ K♣ K♦ 2♠ 2♥"], "Tú": ["Q♣ Q♦ Q♠"]}
    assert _take_agrees(_pozo("K♠ K♥ 9♣ 5♣", "7♣ K♥", melds=canasta_k, extra=taken)) is None
    canasta_k = {"Tú": ["K♣ K♦ K♠ K♣ K♦ 2♠ 2♥"]}
    assert _take_agrees(_pozo("K♠ K♥ 9♣ 5♣", "7♣ K♥", melds=canasta_k, extra=taken)) is None
    # a black three or a wild card on top
    assert _take_agrees(_pozo("K♠ K♥ 9♣ 5♣", "K♦ 3♣", melds=OPEN, extra=taken)) is None
    assert _take_agrees(_pozo("K♠ K♥ 9♣ 5♣", "K♦ JK", melds=OPEN, extra=taken)) is None
    for st in (_pozo("K♠ K♥ 9♣ 5♣", "2♦ 7♣ K♦", melds=OPEN, extra=taken),
               _pozo("K♠ K♥ 9♣ 9♦ 9♥ 5♣", "7♣ K♦")):
        mirror(st)


def test_the_kernel_finds_a_take_exactly_when_the_engine_allows_one() -> None:
    """At every draw of many games (two and four players, scores at each opening band, so the
    takes that open with extra melds come up), the kernel finds a take exactly when some take
    is legal, and the engine allows the kernel's."""
    seen: Counter[object] = Counter()
    for seed in range(16):
        players = 2 + 2 * (seed % 2)
        st = canasta.new_game("rioplatense", 3000 + seed, players=players)
        st.scores = [[0, 0], [1500, 3000], [-20, 2990], [3000, 1495]][seed // 2 % 4]
        policy = PlayoutPolicy(seed)
        while not st.hand_over:
            if st.phase == "draw":
                take = _take_agrees(st)
                seen[take is not None] += 1
                seen["extra"] += bool(take and take[3])
            st.play(policy.choose(st))
    assert seen[True] > 50 and seen[False] > 50 and seen["extra"] >= 1, seen


# ---- scoring at its edges ---------------------------------------------------------------------

def _score_lines(st: State, side: int) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for s, pts, e in st.results[-1].lines:
        if s == side:
            out.setdefault(e.rule, []).append(pts)
    return out


def test_the_canasta_of_wild_cards_scores_as_the_engine() -> None:
    # seven wild cards and more: one canasta of them, the opening reached by their values
    st = situation("rioplatense", phase="play", hands={
        "Tú": "JK JK 2♣ 2♦ 2♥ 2♠ 2♣ 9♦ 5♣ 6♥", "Ada": "5♦ 5♥ 9♠ J♣", "Bo": "Q♥ J♠ 4♦ 6♦",
        "Cleo": "10♣ 10♦ 4♣ 7♦"}, stock="8♥ 4♠ 9♣")
    st.stock = st.stock[-3:]
    mirror(st)
    assert 1000 in _score_lines(st, 0)["score.canasta"]
    # once the side has it, the wild cards left go onto it to go out
    st = situation("rioplatense", phase="play", melds={"Tú": ["JK 2♣ 2♦ 2♥ 2♠ 2♣ 2♦"]},
                   hands={"Tú": "JK 2♥ 9♦", "Ada": "5♦ 5♥ 9♠ J♣", "Bo": "Q♥ J♠ 4♦ 6♦",
                          "Cleo": "10♣ 10♦ 4♣ 7♦"}, extra={"pozo_taken": [0]})
    mirror(st)
    assert st.results[-1].ended.rule == "end.went-out"
    assert SEEN["wild-canasta-add"] >= 1 and SEEN["wild-canasta-meld"] >= 1


@pytest.mark.parametrize(("reds", "melds", "points"), [
    ("3♥", {"Tú": ["K♣ K♦ K♥"]}, -100),  # a meld but no canasta: negative
    ("3♥ 3♦", {"Tú": ["K♣ K♦ K♥ K♠ K♣ K♦ 2♠"]}, 200),  # a canasta: positive
    ("3♥ 3♦ 3♥ 3♦", {}, -800),  # all four, nothing melded
    ("3♥ 3♦ 3♥ 3♦", {"Tú": ["JK JK 2♣ 2♦ 2♥ 2♠ 2♣"]}, 800),  # the wild canasta is a canasta
])
def test_red_threes_count_against_a_side_with_no_canasta(reds: str, melds: dict[str, list[str]],
                                                         points: int) -> None:
    st = situation("rioplatense", phase="draw", melds=melds, red_threes={"Tú": reds},
                   hands={"Tú": "9♦ 5♣ 6♥ 8♠", "Ada": "5♦ 5♥ 9♠ J♣", "Bo": "Q♥ J♠ 4♦ 6♦",
                          "Cleo": "10♣ 10♦ 4♣ 7♦"}, extra={"pozo_taken": [0, 1]})
    st.stock = st.stock[-1:]
    mirror(st)
    assert _score_lines(st, 0)["score.red-threes"] == [points]


def test_going_out_scores_the_bonus_and_no_concealed_bonus() -> None:
    st = situation("rioplatense", phase="play", melds={"Bo": ["K♣ K♦ K♥ K♠ K♣ K♦ 2♠"]},
                   hands={"Tú": "9♦ 9♣ 9♥ 5♣", "Ada": "5♦ 5♥ 9♠ J♣", "Bo": "Q♥ J♠ 4♦ 6♦",
                          "Cleo": "10♣ 10♦ 4♣ 7♦"})
    mirror(st)
    lines = _score_lines(st, 0)
    assert st.results[-1].ended.rule == "end.went-out" and lines["score.going-out"] == [100]
    assert "score.concealed" not in lines


def test_the_variant_parameters_are_read_not_built_in() -> None:
    """A variant object with another wild canasta bonus and canasta values (no house rule
    recorded): the kernel scores what the engine scores."""
    v = dataclasses.replace(canasta.find_variant("rioplatense"), wild_canasta_bonus=700,
                            canasta_mixed=250, going_out_bonus=150)
    r = rules_for(v)
    assert r is not None and r.wild_bonus == 700 and r.mixed_bonus == 250
    st = situation(v, phase="play", hands={
        "Tú": "JK JK 2♣ 2♦ 2♥ 2♠ 2♣ 9♦ 5♣", "Ada": "5♦ 5♥ 9♠ J♣", "Bo": "Q♥ J♠ 4♦ 6♦",
        "Cleo": "10♣ 10♦ 4♣ 7♦"}, melds={"Bo": ["K♣ K♦ K♥ K♠ K♣ 2♦"]})
    mirror(st)
    assert 700 in _score_lines(st, 0)["score.canasta"]
    for seed in range(6):
        st = canasta.new_game(v, seed, players=2 + 2 * (seed % 2))
        mirror(st)


# ---- what the kernel refuses, and the dispatch ------------------------------------------------

def test_unsupported_positions_are_refused() -> None:
    rio = canasta.find_variant("rioplatense")
    assert rules_for(canasta.find_variant("classic")) is None
    assert from_state(canasta.new_game("classic", 1)) is None
    for house in (rio.with_options(target=3000), rio.with_options(pile_madre=False),
                  rio.with_options(wild_canasta_bonus=500)):
        assert rules_for(house) is None
        assert from_state(canasta.new_game(house, 1)) is None
    # a parameter the kernel builds in, changed without a house rule recorded
    for change in ({"pile_madre": False}, {"pile_tapado_by_canasta": False},
                   {"empty_stock": "official"}, {"pile_frozen_by_wild": True},
                   {"red_threes_negative_without": "meld"}, {"concealed_bonus": 100}):
        assert rules_for(dataclasses.replace(rio, **change)) is None, change
    st = _mid_hand(3, 0, 4)
    assert from_state(st) is not None
    st.phase = "answer"
    assert from_state(st) is None
    st = _mid_hand(3, 0, 4)
    st.extra["last_red_three"] = True
    assert from_state(st) is None
    st = _mid_hand(3, 0, 2)
    st.hands[0].append(parse_cards("3♥")[0])  # a red three held: no place for it
    assert from_state(st) is None
    st = _mid_hand(3, 200, 4)
    assert st.hand_over and from_state(st) is None


def test_the_dispatch_finds_the_kernel_and_leaves_the_state_as_it_is() -> None:
    from canasta.kernel import KERNELS, finish_state, kernel_of, policy_action

    assert KERNELS["rioplatense"] == "canasta.kernel.rioplatense"
    assert kernel_of("rioplatense") is not None
    for players in (2, 4):
        st = _mid_hand(3, 15, players)
        before = from_state(st)
        assert before is not None
        points = finish_state(st)
        assert points is not None and len(points) == 2
        action = policy_action(st)
        assert action is not None and st.check(action).allowed
        after = from_state(st)
        assert after is not None and key(after) == key(before)
    house = canasta.new_game(canasta.find_variant("rioplatense").with_options(target=3000), 3)
    assert finish_state(house) is None and policy_action(house) is None


def test_the_mirrored_playouts_went_through_every_kind_of_end() -> None:
    """Run last (by file order): what the mirrors above went through, so that none of them is
    vacuous."""
    if SEEN["players-2"] < 20:
        pytest.skip("run with the rest of the file")
    for what in ("end.went-out", "end.stock-exhausted", "end.last-red-three", "players-2",
                 "players-4", "take-pair", "take-onto", "take-wild", "wild-canasta-meld"):
        assert SEEN[what] >= 1, (what, SEEN)


def test_the_careful_discard_reads_the_pozo() -> None:
    """A canasta's rank covers the pozo and goes first; a card of their meld is kept back only
    while they may take the pozo without a natural pair (neither madre nor premiado)."""
    from canasta.kernel.rioplatense import _discard_choice

    def choice(melds: dict[str, list[str]], extra: dict[str, Any], pile: str = "7♣ 4♦") -> int:
        st = situation("rioplatense", phase="play", melds=melds, extra=extra, pile=pile,
                       hands={"Tú": "K♠ 5♣ 9♦ 9♥", "Ada": "5♦ 5♥ 9♠ J♣", "Bo": "Q♥ J♠ 4♦ 6♦",
                              "Cleo": "10♣ 10♦ 4♣ 7♦"})
        p = from_state(st)
        assert p is not None
        return _discard_choice(p)

    assert choice({}, {}) == 5
    assert choice({"Ada": ["K♣ K♦ K♥ K♣ K♦ 2♠ 2♥"]}, {}) == 13  # tapa
    assert choice({"Tú": ["K♣ K♦ K♥ K♣ K♦ 2♠ 2♥"]}, {}) == 13
    assert choice({"Ada": ["5♠ 5♠ 5♦"]}, {"pozo_taken": [1]}) == 13  # 5 would feed their meld
    assert choice({"Ada": ["5♠ 5♠ 5♦"]}, {}) == 5  # madre for them: a natural pair only
    assert choice({"Ada": ["5♠ 5♠ 5♦"]}, {"pozo_taken": [1]}, "2♣ 7♣ 4♦") == 5  # premiado
