"""Canasta Americana's counts kernel pinned to the engine: every kernel playout is mirrored onto
a real State.

Each kernel move becomes a concrete engine action (the cards of those codes taken from the hand
in hand order), the engine must allow it (``check``) and applies it, and after every move the
position read from the State equals the kernel's; at the end of the hand the kernel's points
are the engine's. Positions come from the deal, from the middle of hands played by
``PlayoutPolicy``, re-dealt by ``determinize``, from the middle of a turn, with the stock cut
short, at the opening bands, and built by hand for the scoring table's edges.
"""

from __future__ import annotations

import random
from collections import Counter

import kernel_mirror
import pytest
from kernel_mirror import Kernel, Move, mid_hand

import canasta
from canasta.actions import Pass, TakePile
from canasta.determinize import determinize
from canasta.kernel.americana import Position, finish, rules_for
from canasta.kernel.americana.actions import engine_action
from canasta.kernel.americana.play import apply_move, find_take
from canasta.kernel.americana.score import hand_totals
from canasta.kernel.position import PHASE_OVER
from canasta.melds import Meld
from canasta.playout import PlayoutPolicy
from canasta.situation import situation
from canasta.state import State

SEEN: Counter[str] = Counter()
"""What the mirrored playouts went through (the tests below ask that each case came up)."""


KERNEL = Kernel(Position.from_state, finish, apply_move, engine_action)


def _before(state: State, move: Move) -> None:
    SEEN[str(move[0])] += 1
    if move[0] == "take" and not state.stock:
        SEEN["take-without-stock"] += 1
    if move[0] == "take" and move[4]:
        SEEN["take-with-melds"] += 1


def _after(state: State, p: Position, move: Move) -> None:
    if any(s >= 0 for s in p.ala_seat) and any(p.alas):
        SEEN["ala-pending"] += 1


def mirror(state: State) -> int:
    """Play ``state`` to the end of the hand with the kernel, move by move on the engine too;
    the number of moves. ``state`` is changed."""
    moves = kernel_mirror.mirror(KERNEL, state, _before, _after)
    SEEN[state.results[-1].ended.rule] += 1
    return len(moves)


def _mid_hand(seed: int, steps: int) -> State:
    return mid_hand("americana", seed, steps)


def _engine_total(st: State, went_out: int | None) -> list[int]:
    v = st.variant
    return [sum(p for p, _ in v.score_side(st, side, went_out)) for side in (0, 1)]


@pytest.mark.parametrize("chunk", range(2))
def test_playouts_from_the_deal_and_mid_hand_mirror_the_engine(chunk: int) -> None:
    done = 0
    for seed in range(chunk * 25, chunk * 25 + 25):
        st = _mid_hand(seed, (seed * 7) % 90)
        if st.hand_over:
            continue
        mirror(st)
        done += 1
    assert done >= 20


def test_playouts_from_redealt_positions_mirror_the_engine() -> None:
    done = 0
    for seed in range(20):
        st = _mid_hand(1000 + seed, 5 + (seed * 11) % 60)
        if st.hand_over:
            continue
        d = determinize(st, st.actor, random.Random(seed))
        mirror(d)
        done += 1
    assert done >= 15


def test_mirrors_hands_from_the_middle_of_a_turn() -> None:
    """After a meld or a lay-off, before the discard, as well as from a draw."""
    done = 0
    for seed in range(15):
        st = _mid_hand(2000 + seed, 0)
        policy = PlayoutPolicy(seed)
        target = 1 + seed % 3
        melds = 0
        while not st.hand_over:
            if st.phase == "play" and st.extra.get("melded_turn"):
                melds += 1
                if melds >= target:
                    break
            st.play(policy.choose(st))
        if st.hand_over:
            continue
        assert st.phase == "play"
        mirror(st)
        done += 1
    assert done >= 10


def test_the_stock_running_out_and_the_pile_taken_without_it() -> None:
    """With the stock out the pile is still taken while a take is allowed (the pozo rule), and
    the hand ends at the first turn without one; the kernel ends it at the same turn."""
    before = SEEN.copy()
    for seed in range(60):
        st = _mid_hand(700 + seed, 10 + seed % 40)
        if st.hand_over:
            continue
        st.stock = st.stock[len(st.stock) - min(len(st.stock), 1 + seed % 6):]
        mirror(st)
    seen = SEEN - before
    assert seen["end.stock-exhausted"] >= 20 and seen["take-without-stock"] >= 2, seen


def test_scores_at_the_opening_bands_mirror_the_engine() -> None:
    """Running scores at and around the bands (3000, 5000; below zero): the minimum read from
    the variant, and the hand mirrored."""
    for i, scores in enumerate([[2995, 3000], [4995, 5000], [-40, 8000], [3500, 0]]):
        for k in range(4):
            st = _mid_hand(500 + 10 * i + k, 4 * k)
            if st.hand_over:
                continue
            st.scores = list(scores)
            p = Position.from_state(st)
            assert p is not None
            assert p.need == [st.variant.opening_need(s)[0] for s in scores]
            mirror(st)


def test_every_way_a_hand_ends_and_the_alas() -> None:
    """Going out (two canastas and a last discard), the stock out with no take allowed, and a
    take at hand while alas wait for their holder's next turn; a pass with the stock out (the
    pile declined) scores as the engine's."""
    before = SEEN.copy()
    for seed in range(40, 60):
        st = _mid_hand(seed, 0)
        mirror(st)
    seen = SEEN - before
    assert seen["end.went-out"] >= 5 and seen["end.stock-exhausted"] >= 1, seen
    assert seen["ala-pending"] >= 5 and seen["take-with-melds"] >= 1 and seen["threes"] >= 5, seen
    # the pile declined: the policy always takes it, so a pass is applied on both sides
    declined = 0
    for seed in range(60, 120):
        st = _mid_hand(seed, 20 + seed % 30)
        if st.hand_over:
            continue
        if st.phase != "draw":
            continue
        # a pile the hand can take: a copy of a card it holds two of on top
        hand = st.hands[st.turn]
        pairs = [c for c in hand if c.rank not in (0, 2, 3)
                 and sum(1 for x in hand if x.rank == c.rank) >= 2]
        if not pairs:
            continue
        st.pile.append(pairs[0])
        st.stock = []
        p = Position.from_state(st)
        assert p is not None and st.check(Pass()).allowed
        if p.phase == PHASE_OVER or find_take(p, exact=True) is None:
            continue
        apply_move(p, ("pass",))
        st.apply(engine_action(st, ("pass",)))
        assert st.results[-1].ended.rule == "end.pile-declined"
        assert p.totals == st.results[-1].totals
        declined += 1
    assert declined >= 3


def test_the_kernel_finds_a_take_exactly_when_the_engine_allows_one() -> None:
    """Whether the pile may be taken decides the hand's end once the stock is out: at every
    draw of many games (scores at each opening band, so takes that leave the hoyo with other
    melds come up), the kernel's exact search finds a take exactly when one is legal, and the
    engine allows it."""
    seen = {True: 0, False: 0, "extra": 0}
    for seed in range(14):
        st = canasta.new_game("americana", 3000 + seed)
        st.scores = [[0, 0], [3000, 5000], [-20, 2995], [5000, 4995]][seed % 4]
        policy = PlayoutPolicy(seed)
        while not st.hand_over:
            if st.phase == "draw":
                p = Position.from_state(st)
                assert p is not None
                take = find_take(p, exact=True)
                legal = any(isinstance(a, TakePile) and st.check(a).allowed
                    for a in st.variant.take_candidates(st))
                assert (take is not None) == legal, st.to_dict()
                if take is not None:
                    assert st.check(engine_action(st, take)).allowed
                    seen["extra"] += bool(take[4])
                seen[legal] += 1
            st.play(policy.choose(st))
    assert seen[True] > 20 and seen[False] > 50 and seen["extra"] >= 1, seen


def test_takes_leaving_the_hoyo_found_exactly_with_the_stock_out() -> None:
    """A side in the hoyo, the stock out, a pile whose top card the hand pairs: the exhaustive
    search (other melds from the hand for the minimum, or none) agrees with the engine."""
    found = {True: 0, False: 0}
    rng = random.Random(5)
    for seed in range(150):
        st = canasta.new_game("americana", 4000 + seed)
        st.scores = [rng.choice([0, 0, 3000, 5000]), 0]
        hand = st.hands[st.turn]
        ranks = [c for c in hand if c.rank not in (0, 2, 3)]
        pairs = [c for c in ranks if sum(1 for x in hand if x.rank == c.rank) >= 2]
        if not ranks:
            continue
        # a card of a rank the hand holds two of, most times (another copy: the pack's count
        # does not matter to the checks)
        top = rng.choice(pairs if pairs and seed % 4 else ranks)
        st.pile = [st.stock.pop() for _ in range(seed % 4)] + [top]
        st.stock = []
        st.pile_frozen = sum(1 for c in st.pile if c.rank in (0, 2) or (c.rank == 3 and c.is_red))
        p = Position.from_state(st)
        assert p is not None
        take = find_take(p, exact=True)
        legal = any(isinstance(a, TakePile) and st.check(a).allowed
                    for a in st.variant.take_candidates(st))
        assert (take is not None) == legal, st.to_dict()
        if take is not None:
            assert st.check(engine_action(st, take)).allowed
        found[legal] += 1
    assert found[True] >= 8 and found[False] >= 8, found


def _table(melds: dict[str, list[str]], hands: dict[str, str], stock: str = "") -> State:
    st = situation("americana", hands=hands, melds=melds, stock=stock or None,
                   turn="Tú", phase="play")
    return st


_HANDS = {"Tú": "4♠ 5♠", "Bo": "9♦ 6♥", "Ada": "6♠", "Cleo": "8♣ 8♥"}
_KINGS = "K♠ K♠ K♥ K♥ K♣ K♣ K♦"
_QUEENS = "Q♠ Q♠ Q♥ Q♥ Q♣ Q♣ Q♦"


@pytest.mark.parametrize("case", [
    # wild canastas: all twos, all four jokers, another mix; wild melds short of seven
    ({"Tú": ["2♦ 2♦ 2♥ 2♥ 2♠ 2♠ 2♣", _KINGS], "Ada": ["JK JK JK"]}, _HANDS),
    ({"Tú": ["JK JK JK JK 2♣ 2♦ 2♥", _KINGS], "Ada": ["2♠ 2♠ 2♦ 2♥ 2♣"]}, _HANDS),
    ({"Tú": ["JK JK 2♣ 2♦ 2♥ 2♠ 2♠", _KINGS], "Ada": ["JK JK 2♥ 2♦ 2♣", "9♠ 9♥ 9♦"]}, _HANDS),
    # special canastas (sevens, clean aces), aces común with wild cards, incomplete specials
    ({"Tú": ["7♠ 7♠ 7♥ 7♥ 7♣ 7♣ 7♦", "A♠ A♥ A♣"], "Ada": ["A♦ A♦ A♣ A♥ 2♣"]}, _HANDS),
    ({"Tú": ["A♠ A♠ A♥ A♥ A♣ A♣ A♦", _KINGS], "Ada": ["7♥ 7♦ 7♣"]}, _HANDS),
    ({"Tú": ["A♠ A♠ A♥ A♥ A♣ 2♣ JK", _KINGS], "Ada": ["A♦ A♦ A♣", _QUEENS]}, _HANDS),
    # aces and sevens held: two (nothing), three (a penalty), three of each in one hand
    ({"Tú": [_KINGS], "Ada": ["9♠ 9♥ 9♦"]},
     {"Tú": "A♠ A♥ 7♠ 7♥", "Bo": "A♠ A♥ A♣ 9♦", "Ada": "7♠ 7♥ 7♣ A♦ A♣ A♦", "Cleo": "8♣"}),
    # threes by colour and count with no canasta, one, two; four of a colour
    ({"Tú": ["3♥ 3♦ 3♠", _KINGS, _QUEENS], "Ada": ["3♣ 3♣ 3♠ 3♥ 3♦", "9♠ 9♥ 9♦"]}, _HANDS),
    ({"Tú": ["3♥ 3♦ 3♠ 3♠ 3♣", _KINGS], "Ada": ["3♦"]}, _HANDS),
    ({"Tú": ["3♥ 3♥ 3♦ 3♦ 3♠ 3♠ 3♣ 3♣", _KINGS, _QUEENS]}, _HANDS),
])
def test_the_scoring_table_at_its_edges(case: tuple[dict[str, list[str]], dict[str, str]]) -> None:
    """Every item of the scoring table, on positions built for it: the kernel's points equal
    the engine's (nobody out, and each seat going out), and the hand is mirrored to its end."""
    melds, hands = case
    st = _table(melds, hands)
    p = Position.from_state(st)
    assert p is not None
    assert hand_totals(p, -1) == _engine_total(st, None)
    for seat in range(4):
        assert hand_totals(p, seat) == _engine_total(st, seat)
    mirror(st)


def test_refused_positions() -> None:
    """Another variant, house rules, a special hand on the table, two wild melds, an unknown
    state key, a side marked open while in the hoyo, a hand over: None, and the engine plays."""
    from canasta.kernel import finish_state, policy_action

    assert rules_for(canasta.new_game("classic", 1).variant) is None
    assert rules_for(canasta.new_game("rioplatense", 1).variant) is None
    am = canasta.find_variant("americana")
    assert rules_for(am) is not None
    for options in ({"canasta_size": 6}, {"target": 5000}, {"max_wilds": 3}):
        house = am.with_options(**options)
        assert rules_for(house) is None
        st = canasta.new_game(house, 3)
        assert finish_state(st) is None and policy_action(st) is None
    st = _mid_hand(3, 10)
    assert Position.from_state(st) is not None
    bad = st.copy()
    bad.extra["muertos_piles"] = []
    assert Position.from_state(bad) is None
    bad = st.copy()
    bad.opened = [not o for o in bad.opened]
    assert Position.from_state(bad) is None
    bad = st.copy()
    bad.phase = "hand-over"
    assert Position.from_state(bad) is None
    bad = st.copy()
    cards = tuple(canasta.cards.parse_cards("JK 2♣ 2♦"))
    bad.melds[0] = [*bad.melds[0], Meld("wilds", 0, cards, 3), Meld("wilds", 0, cards, 3)]
    bad.opened[0] = True
    assert Position.from_state(bad) is None
    bad = st.copy()
    hand = tuple(canasta.cards.parse_cards("4♠ 4♥ 4♦ 4♣ 6♠ 6♥ 6♦ 6♣ 9♠ 9♥ 9♦ J♠ J♥ J♦"))
    bad.melds[1] = [Meld("special-hand", "garbage", hand)]
    assert Position.from_state(bad) is None


def test_the_dispatch_finds_americana_and_leaves_the_state_as_it_was() -> None:
    from canasta.kernel import KERNELS, finish_state, kernel_of, policy_action

    assert "americana" in KERNELS and kernel_of("americana") is not None
    for seed in range(6):
        st = _mid_hand(seed, 9 * seed)
        if st.hand_over:
            continue
        before = st.to_dict()
        points = finish_state(st)
        assert points is not None and len(points) == 2
        action = policy_action(st)
        assert action is not None and st.check(action).allowed
        assert st.to_dict() == before
