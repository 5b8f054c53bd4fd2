"""Individual's counts kernel pinned to the engine: every kernel playout is mirrored onto a real
State, two to six players each for themselves.

Each kernel move becomes a concrete engine action (the cards of those codes taken from the hand
in hand order, another's meld named 'Name:rank'), the engine must allow it (``check``) and
applies it, and after every move the position read from the State equals the kernel's; at the
end of the hand the kernel's points are the engine's. A playout that does not mirror exactly is
a bug in the kernel.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import kernel_mirror
import pytest
from kernel_mirror import Kernel, mid_hand

import canasta
from canasta.actions import Discard, Meld, TakePile
from canasta.cards import JOKER, parse_cards
from canasta.determinize import determinize
from canasta.kernel import KERNELS, finish_state, kernel_of, policy_action
from canasta.kernel.individual import (
    Position,
    _groups_for,
    apply_move,
    engine_action,
    find_take,
    finish,
    hand_totals,
    rules_for,
)
from canasta.kernel.position import PHASE_OVER
from canasta.playout import PlayoutPolicy
from canasta.situation import situation
from canasta.state import State

Move = tuple[Any, ...]
NAMES = ("Ada", "Ben", "Cleo", "Dan", "Eva", "Fede")


KERNEL = Kernel(Position.from_state, finish, apply_move, engine_action)


def mirror(state: State) -> list[Move]:
    """Play ``state`` to the end of the hand with the kernel, move by move on the engine too;
    the moves. ``state`` is changed."""
    return kernel_mirror.mirror(KERNEL, state)


def step(state: State, p: Position, move: Move, i: int = 0) -> None:
    """One kernel move on both: the engine allows it, and the positions agree after it."""
    kernel_mirror.step(KERNEL, state, p, move, i)


def _mid_hand(seed: int, steps: int, players: int) -> State:
    return mid_hand("individual", seed, steps, players)


def _how_it_ended(state: State, moves: list[Move]) -> str:
    rule = state.results[-1].ended.rule
    return rule if rule != "end.went-out" else f"out by {moves[-1][0]}"


ENDS: set[str] = set()


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_playouts_from_the_deal_and_mid_hand_mirror_the_engine(players: int) -> None:
    done = 0
    for seed in range(24):
        st = _mid_hand(100 * players + seed, (seed * 7) % 45, players)
        if st.hand_over:
            continue
        assert Position.from_state(st) is not None
        moves = mirror(st)
        ENDS.add(_how_it_ended(st, moves))
        assert len(st.results[-1].totals) == players  # every seat its own side
        done += 1
    assert done >= 18


@pytest.mark.parametrize("players", [2, 4, 6])
def test_playouts_from_redealt_positions_mirror_the_engine(players: int) -> None:
    done = 0
    for seed in range(16):
        st = _mid_hand(2000 + seed, 4 + (seed * 5) % 36, players)
        if st.hand_over:
            continue
        d = determinize(st, st.actor, random.Random(seed))
        mirror(d)
        done += 1
    assert done >= 12


@pytest.mark.parametrize("players", [3, 5])
def test_mirrors_from_the_middle_of_a_turn(players: int) -> None:
    """From the play phase after a meld (before the discard), and right after a draw."""
    kinds = set()
    for seed in range(16):
        st = _mid_hand(3000 + seed, 0, players)
        policy = PlayoutPolicy(seed)
        melded = seed % 2 == 0
        while not st.hand_over and not (st.phase == "play" and (
                bool(st.extra.get("melded_turn")) == melded)):
            st.play(policy.choose(st))
        if st.hand_over:
            continue
        kinds.add(melded)
        mirror(st)
    assert kinds == {True, False}


def test_the_stock_running_out_ends_the_hand_as_the_engine_does() -> None:
    ends = set()
    for seed in range(30):
        players = 2 + seed % 5
        st = _mid_hand(4000 + seed, 6 + seed % 20, players)
        if st.hand_over:
            continue
        st.stock = st.stock[len(st.stock) - 1 - seed % 6:]  # 1 to 6 cards left
        moves = mirror(st)
        ends.add(_how_it_ended(st, moves))
        ENDS.add(_how_it_ended(st, moves))
    assert "end.stock-exhausted" in ends
    # a turn that starts with no stock (a built position): the only move ends the hand
    st = _mid_hand(4100, 10, 3)
    while st.phase != "draw":
        st.play(PlayoutPolicy(0).choose(st))
    st.stock = []
    p = Position.from_state(st)
    assert p is not None and st.phase == "draw"
    assert mirror(st) == [("pass",)]


def _table(hands: dict[str, str], melds: dict[str, list[str]] | None = None, pile: str = "",
           phase: str = "draw", turn: str = "Ada", stock: str | None = None,
           scores: list[int] | None = None) -> State:
    names = NAMES[:max(3, len(hands))]
    return situation("individual", names=names, hands=hands, melds=melds or {}, pile=pile,
                     phase=phase, turn=turn, stock=stock, scores=scores)


def test_going_out_on_a_take_at_depth_with_the_cards_above_is_not_going_out() -> None:
    # Ada holds 9 9 and a canasta of kings: the pile's 9 on top empties her hand
    melds = {"Ada": ["K♠ K♥ K♦ K♣ K♠ K♥ K♦"], "Ben": ["Q♠ Q♥ Q♦"]}
    hands = {"Ada": "9♠ 9♥", "Ben": "4♠ 5♠ 6♠ 7♠", "Cleo": "4♥ 5♥ 6♥ 7♥"}
    st = _table(hands, melds, pile="5♦ 9♦")
    p = Position.from_state(st)
    assert p is not None and find_take(p) == ("take", 1, -1, (9, 9), ())
    moves = mirror(st)
    assert moves == [("take", 1, -1, (9, 9), ())]
    assert _how_it_ended(st, moves) == "out by take" and st.results[-1].totals[0] == 100 + 500 + 70 + 27
    ENDS.add("out by take")
    # without the canasta she keeps two cards: the same take is refused, the kernel draws
    st = _table(hands, {"Ada": ["K♠ K♥ K♦ K♣ K♠ K♥"]}, pile="5♦ 9♦")
    p = Position.from_state(st)
    assert p is not None and find_take(p) is None
    refused = engine_action(st, ("take", 1, -1, (9, 9), ()))
    assert not st.check(refused).allowed
    assert mirror(st)[0] == ("draw",)
    # at depth 2 the 5 above joins the hand: two cards left, allowed without a canasta
    st = _table({"Ada": "9♠ 9♥ 4♦", "Ben": "4♠ 5♠ 6♠", "Cleo": "4♥ 5♥ 6♥"},
                {"Ada": ["K♠ K♥ K♦ K♣ K♠ K♥"]}, pile="9♦ 5♦")
    p = Position.from_state(st)
    assert p is not None
    assert find_take(p) == ("take", 2, -1, (9, 9), ())
    step(st, p, ("take", 2, -1, (9, 9), ()))
    assert p.nh[0] == 2 and p.hands[0][5] == 1


def test_every_way_a_hand_ends_is_met() -> None:
    """Over the playouts of this file (run in order): going out by a discard, by a meld or a
    lay-off with no final discard, on a take; the stock's end."""
    # a new meld of the last three cards, with a canasta on the table
    st = _table({"Ada": "5♠ 5♥ 5♦", "Ben": "4♥ 6♥", "Cleo": "4♦ 6♦"},
                {"Ada": ["K♠ K♥ K♦ K♣ K♠ K♥ K♦"]}, phase="play")
    ENDS.add(_how_it_ended(st, mirror(st)))
    for seed in range(60):
        if {"out by discard", "out by meld", "out by add", "end.stock-exhausted"} <= ENDS:
            break
        st = _mid_hand(5000 + seed, 10, 2 + seed % 5)
        if not st.hand_over:
            ENDS.add(_how_it_ended(st, mirror(st)))
    assert {"out by discard", "out by meld", "out by add", "end.stock-exhausted"} <= ENDS


def _engine_totals(st: State, went_out: int | None) -> list[int]:
    v = st.variant
    return [sum(pts for pts, _ in v.score_side(st, s, went_out)) for s in range(len(st.sides))]


def test_the_count_of_a_hand_at_its_edges() -> None:
    """Canastas at seven (natural 500, with a wild card 300) and not at six; a meld with more
    wild cards than naturals; a two left in hand at wild_in_hand_cost, a joker at 50; going
    out's 100: the kernel's count is the engine's, whoever went out."""
    melds = {"Ada": ["7♠ 7♥ 7♦ 7♣ 7♠ 7♥ 7♦", "8♠ 8♥ 8♦ 8♣ 8♠ 8♥"],
             "Ben": ["9♠ 9♥ 9♦ 9♣ 9♠ 9♥ JK", "4♠ 4♥ JK 2♣ 2♦", "A♠ A♥ A♦ A♣ 2♠ 2♥ 2♣ A♠ A♥"],
             "Cleo": ["3♠ 3♥ 3♦ 3♣ 3♠ 3♥"]}
    hands = {"Ada": "2♥ 5♠", "Ben": "JK K♠ 10♦", "Cleo": "3♣ 2♦ JK Q♥", "Dan": "6♠"}
    st = _table(hands, melds, phase="play")
    assert st.variant.wild_in_hand_cost == 50
    p = Position.from_state(st)
    assert p is not None and p.canastas == [1, 2, 0, 0]
    for went_out in (None, 0, 1, 2, 3):
        assert hand_totals(p, -1 if went_out is None else went_out) == _engine_totals(st, went_out)
    assert hand_totals(p, -1)[0] == 500 + 49 + 48 - 50 - 5
    assert hand_totals(p, -1)[2] == 18 - 3 - 50 - 50 - 10
    mirror(st)


def test_the_count_matches_the_engine_at_every_position_of_many_hands() -> None:
    for seed in range(12):
        players = 2 + seed % 5
        st = _mid_hand(6000 + seed, 0, players)
        policy = PlayoutPolicy(seed)
        while not st.hand_over:
            if not st.ask:
                p = Position.from_state(st)
                assert p is not None
                assert hand_totals(p, -1) == _engine_totals(st, None)
                assert hand_totals(p, st.turn) == _engine_totals(st, st.turn)
            st.play(policy.choose(st))


def test_the_opening_minimum_at_its_edge_and_a_wild_card_counted_as_its_rank() -> None:
    r_ = rules_for(canasta.find_variant("individual"))
    assert r_ is not None and r_.need(0) == 50 and r_.need(-500) == 50
    counts = [0] * 14

    def hand(**by_code: int) -> list[int]:
        h = list(counts)
        for k, n in by_code.items():
            h[int(k[1:])] = n
        return h

    assert _groups_for(r_, hand(c10=5, c4=1, c6=1), 50, -1, 5, 1) == ((10, 5, 0, 0),)  # 50
    assert _groups_for(r_, hand(c9=5, c4=1, c6=1), 50, -1, 5, 1) is None  # 45
    # K K 2 counts 30 toward the opening (the two as a king), not 70 (its value in hand)
    assert _groups_for(r_, hand(c13=2, c2=1, c4=1, c6=1), 50, -1, 3, 1) is None
    assert _groups_for(r_, hand(c13=2, c2=1, c12=2, c0=1, c4=1, c6=1), 50, -1, 6, 1) == (
        (12, 2, 0, 1), (13, 2, 1, 0))  # 30 + 30
    for cards, ok in (("10♠ 10♥ 10♦ 10♣ 10♠", True), ("9♠ 9♥ 9♦ 9♣ 9♠", False),
                      ("K♠ K♥ 2♣", False)):
        st = _table({"Ada": cards + " 4♦ 6♦", "Ben": "4♠ 5♠", "Cleo": "4♥ 5♥"}, phase="play")
        meld = Meld(groups=(tuple(parse_cards(cards)),))
        assert st.check(meld).allowed == ok
        p = Position.from_state(st)
        assert p is not None
        moves = mirror(st)
        assert (moves[0][0] == "meld") == ok
    # a take at depth 3 that opens with extra melds from the hand: 5 5 + the pile's 5 are 15
    st = _table({"Ada": "5♠ 5♥ A♠ A♥ A♦ 7♣ 8♣", "Ben": "4♠ 6♠", "Cleo": "4♥ 6♥"},
                pile="5♦ Q♣ J♦")
    p = Position.from_state(st)
    assert p is not None
    assert find_take(p) == ("take", 3, -1, (5, 5), ((1, 3, 0, 0),))
    mirror(st)


def test_moves_the_policy_never_makes_are_restated_as_the_engine_plays_them() -> None:
    """Onto another's meld (a take at depth, a lay-off), three wild cards on two naturals: the
    kernel applies them as the engine does, and the owner scores the cards."""
    melds = {"Ada": ["K♠ K♥ K♦"], "Ben": ["9♠ 9♥ 9♦ 9♣ 9♠ 9♥"], "Cleo": ["6♠ 6♥ 6♦"]}
    hands = {"Ada": "9♦ 6♣ 4♠ JK 2♣ 2♦ Q♠ Q♥", "Ben": "4♥ 5♥ 7♥", "Cleo": "4♦ 5♦ 7♦"}
    st = _table(hands, melds, pile="8♣ 9♣ 3♦")
    p = Position.from_state(st)
    assert p is not None
    step(st, p, ("take", 2, 1, (), ()))  # the 9 onto Ben's nines: his canasta; the 3 to Ada
    assert st.melds[1][0].size == 7 and p.canastas == [0, 1, 0] and p.hands[0][3] == 1
    step(st, p, ("add", 2, (6, 1, 0, 0)))  # a 6 onto Cleo's sixes
    step(st, p, ("add", 0, (13, 0, 1, 2)))  # K K K + three wild cards
    assert p.nat[0][13] == 3 and p.jk[0][13] == 1 and p.tw[0][13] == 2
    assert hand_totals(p, -1) == _engine_totals(st, None)
    mirror(st)
    # a fourth wild card is refused by both: the kernel's room is none
    from canasta.kernel.play import _room

    st = _table({"Ada": "JK 4♠ 5♠", "Ben": "4♥ 5♥", "Cleo": "4♦ 5♦"},
                {"Ada": ["K♠ K♥ JK 2♣ 2♦"]}, phase="play")
    p = Position.from_state(st)
    assert p is not None and _room(p.rules, 2, 3) == 0
    assert not st.check(engine_action(st, ("add", 0, (13, 0, 1, 0)))).allowed


def test_the_kernel_takes_only_where_the_engine_allows_and_whenever_an_open_player_may() -> None:
    """At every draw of many games: a take the kernel finds is allowed; once a player has
    opened, the kernel finds one exactly when the engine allows a take other than onto another
    player's meld (which the policy never makes)."""
    seen = {True: 0, False: 0, "deep": 0, "extra": 0}
    for seed in range(24):
        st = canasta.new_game("individual", 7000 + seed, players=2 + seed % 5)
        policy = PlayoutPolicy(seed)
        while not st.hand_over:
            if st.phase == "draw":
                p = Position.from_state(st)
                assert p is not None
                take = find_take(p)
                if take is not None:
                    assert st.check(engine_action(st, take)).allowed, take
                    seen["deep"] += take[1] > 1
                    seen["extra"] += bool(take[4])
                if st.opened[st.turn]:
                    legal = any(isinstance(a, TakePile) and (a.onto is None or ":" not in a.onto)
                                for a in st.legal_actions())
                    assert (take is not None) == legal, st.to_dict()
                    seen[legal] += 1
            st.play(policy.choose(st))
    assert seen[True] > 30 and seen[False] > 30 and seen["deep"] and seen["extra"], seen


def test_the_numbers_it_reads_from_the_variant_object_are_played_as_the_engine_plays_them(
        ) -> None:
    """A variant object with other numbers (not a house rule: the kernel reads these): a two
    left in hand at 2, a joker at 40, canastas of five, going out at 200, two wild cards a
    meld at most, an opening minimum by score (30 below 0, 90 from 100)."""
    v = dataclasses.replace(canasta.find_variant("individual"), wild_in_hand_cost=2,
                            canasta_size=5, going_out_bonus=200, max_wilds=2,
                            canasta_mixed=250, opening=((-10**9, 30), (0, 50), (100, 90)),
                            card_values=((JOKER, 40), *canasta.find_variant(
                                "individual").card_values[1:]))
    r_ = rules_for(v)
    assert r_ is not None and r_.values[2] == 2 and r_.values[0] == 40 and r_.canasta_size == 5
    assert [r_.need(s) for s in (-5, 0, 99, 100)] == [30, 50, 50, 90]
    for seed in range(16):
        st = canasta.new_game(v, 8000 + seed, players=2 + seed % 3)
        st.scores = [(-5, 0, 95, 100, 400)[(seed + s) % 5] for s in range(st.players)]
        policy = PlayoutPolicy(seed)
        for _ in range(seed * 3):
            if st.hand_over:
                break
            st.play(policy.choose(st))
        if not st.hand_over:
            mirror(st)


def test_unsupported_variants_and_positions_are_refused() -> None:
    v = canasta.find_variant("individual")
    assert rules_for(v) is not None
    assert rules_for(canasta.find_variant("classic")) is None
    for option in ({"top_card_only": True}, {"joker_swap": True}, {"wild_in_hand_cost": 2},
                   {"canasta_size": 6}, {"target": 3000}, {"max_wilds": 2}):
        house = v.with_options(**option)
        assert rules_for(house) is None, option
        st = canasta.new_game(house, 3)
        assert finish_state(st) is None and policy_action(st) is None
    # the same parameters changed without a house rule: what the kernel builds in is checked
    for option in ({"top_card_only": True}, {"joker_swap": True}, {"pile_any_depth": False},
                   {"empty_stock": "official"}, {"red_threes": "bonus"}, {"meld_min": 4},
                   {"min_naturals": 3}, {"concealed_bonus": 100}, {"draw_count_two_players": 2},
                   {"wild_ranks": (JOKER,)}, {"partnerships": True}, {"upcard": True},
                   {"wilds_at_most_naturals": True}, {"black_threes_block": True}):
        assert rules_for(dataclasses.replace(v, **option)) is None, option
    st = _mid_hand(3, 5, 4)
    assert Position.from_state(st) is not None
    for change in ("ask", "phase", "extra", "sides", "melds"):
        st = _mid_hand(3, 5, 4)
        if change == "ask":
            st.ask = "no"
        elif change == "phase":
            st.phase = "answer"
        elif change == "extra":
            st.extra["alas_piles"] = []
        elif change == "sides":
            st.sides = ((0, 2), (1, 3))
        else:
            from canasta.melds import Meld as TableMeld
            st.melds[1].append(TableMeld("run", 5, ()))
        assert Position.from_state(st) is None, change
    over = _mid_hand(3, 400, 4)
    assert over.hand_over and Position.from_state(over) is None
    # a play phase with one card and no canasta neither melds nor discards: refused
    st = _table({"Ada": "4♠", "Ben": "4♥ 5♥", "Cleo": "4♦ 5♦"}, {"Ada": ["K♠ K♥ K♦"]},
                phase="play")
    assert not st.check(Discard(card=st.hands[0][0])).allowed
    assert Position.from_state(st) is None


def test_the_dispatch_finds_individual_and_leaves_the_state_as_it_was() -> None:
    assert KERNELS["individual"] == "canasta.kernel.individual"
    assert kernel_of("individual") is not None
    for players in (2, 5):
        st = _mid_hand(11, 15, players)
        before = Position.from_state(st)
        assert before is not None
        snapshot = st.to_dict()
        points = finish_state(st)
        assert points is not None and len(points) == players
        action = policy_action(st)
        assert action is not None and st.check(action).allowed
        assert st.to_dict() == snapshot
        after = Position.from_state(st)
        assert after is not None and after.key() == before.key()
        copy = before.copy()
        finish(copy)
        assert before.key() == after.key() and copy.phase == PHASE_OVER


def test_the_melded_ranks_stay_true_to_the_tables() -> None:
    """Each seat's melded ranks, kept as a mask that the discard reads, stay those of its
    groups after every move of whole playouts."""
    from canasta.kernel import individual as k

    moves = 0
    for seed in range(20):
        st = mid_hand("individual", seed, (seed * 11) % 40, 2 + seed % 5)
        p = k.Position.from_state(st)
        if p is None:
            continue
        while p.phase != k.PHASE_OVER:
            if p.phase == k.PHASE_DRAW:
                k._draw_phase(p, None)
            else:
                k._play_phase(p, None)  # the turn's melds and its discard
            moves += 1
            assert p.melded == [sum(1 << c for c in k.MELD_CODES if nat[c]) for nat in p.nat]
    assert moves > 500
