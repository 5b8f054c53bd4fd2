"""Classic's counts kernel pinned to the engine: every kernel playout mirrored onto a real State
(``kernel_mirror``: each move allowed by ``check``, the positions equal after it, the points
equal at the end), its take finder against the engine's verdicts, and its edges.
"""

from __future__ import annotations

import random

import kernel_mirror
import pytest
from kernel_mirror import Kernel, mid_hand

import canasta
from canasta.cards import parse_cards, sorted_cards
from canasta.determinize import determinize
from canasta.kernel import Position, finish, rules_for
from canasta.kernel.actions import engine_action
from canasta.kernel.play import apply_move, find_take
from canasta.playout import PlayoutPolicy
from canasta.state import State

KERNEL = Kernel(Position.from_state, finish, apply_move, engine_action)


def mirror(state: State) -> int:
    """Play ``state`` to the end of the hand with the kernel, move by move on the engine too;
    the number of moves. ``state`` is changed."""
    return len(kernel_mirror.mirror(KERNEL, state))


def _mid_hand(seed: int, steps: int) -> State:
    return mid_hand("classic", seed, steps)


@pytest.mark.parametrize("chunk", range(4))
def test_playouts_from_the_deal_and_mid_hand_mirror_the_engine(chunk: int) -> None:
    done = 0
    for seed in range(chunk * 40, chunk * 40 + 40):
        st = _mid_hand(seed, (seed * 7) % 60)
        if st.hand_over or Position.from_state(st) is None:
            continue
        mirror(st)
        done += 1
    assert done >= 30


def test_playouts_from_redealt_positions_mirror_the_engine() -> None:
    done = 0
    for seed in range(40):
        st = _mid_hand(1000 + seed, 5 + seed % 30)
        if st.hand_over:
            continue
        d = determinize(st, st.actor, random.Random(seed))
        if Position.from_state(d) is None:
            continue
        mirror(d)
        done += 1
    assert done >= 30


def test_scores_at_the_opening_bands_mirror_the_engine() -> None:
    """Running scores at and around the opening bands (1500, 3000; below zero): the minimum
    read from the variant, and the hand mirrored."""
    for i, scores in enumerate([[1495, 1500], [2995, 3000], [-10, 4990], [3500, 0]]):
        for k in range(8):
            st = _mid_hand(500 + 10 * i + k, 3 * k)
            if st.hand_over:
                continue
            st.scores = list(scores)
            p = Position.from_state(st)
            assert p is not None
            assert p.need == [st.variant.opening_need(s)[0] for s in scores]
            mirror(st)


def test_unsupported_positions_are_refused() -> None:
    assert rules_for(canasta.new_game("rioplatense", 1).variant) is None
    house = canasta.new_game("classic", 1).variant.with_options(canasta_size=6)
    assert rules_for(house) is None
    st = _mid_hand(3, 0)
    assert Position.from_state(st) is not None
    st.phase = "answer"
    assert Position.from_state(st) is None
    st = _mid_hand(3, 0)
    st.ask = "no"
    assert Position.from_state(st) is None
    st = _mid_hand(3, 0)
    st.extra["alas_piles"] = []
    assert Position.from_state(st) is None


def _fixed(hands: list[str], stock: str, upcard: str, scores: tuple[int, int] = (0, 0),
           ) -> State:
    """A classic game dealt from these cards (hands by seat, the stock in draw order, the
    upcard), the rest of the pack after the given stock."""
    from canasta.cards import pack_counter

    held = [list(parse_cards(h)) for h in hands]
    first = list(parse_cards(stock))
    up = list(parse_cards(upcard))
    rest = pack_counter(2, 4)
    for c in [*(c for h in held for c in h), *first, *up]:
        rest[c] -= 1
    assert min(rest.values()) >= 0
    tail = sorted_cards(rest.elements())
    random.Random(0).shuffle(tail)
    names = ("Ada", "Ben", "Cleo", "Dan")
    deal = {"hands": {n: [c.text for c in h] for n, h in zip(names, held, strict=True)},
            "stock": [c.text for c in first + tail], "upcard": [c.text for c in up]}
    st = canasta.new_game("classic", 0, names=names, deals=[deal], dealer=3)
    st.scores = list(scores)
    return st


def test_the_stock_running_out_and_a_red_three_as_its_last_card() -> None:
    """Play goes on without a stock while the pile can be taken (a take onto the side's meld
    is compulsory then); a red three as the stock's last card allows melds but no discard."""
    from canasta.cards import card

    ends: set[str] = set()
    for seed in range(40):
        st = _mid_hand(700 + seed, 20)
        if st.hand_over:
            continue
        # the stock cut short (3 to 7 cards); every other time a red three is its last card
        st.stock = st.stock[len(st.stock) - 3 - seed % 5:]
        if seed % 2:
            st.stock[0] = card(3, "♥")
        mirror(st)
        ends.add(st.results[-1].ended.rule)
    assert {"end.stock-exhausted", "end.last-red-three"} <= ends


def test_a_frozen_pile_and_a_take_that_opens_the_side() -> None:
    # Ada holds two kings and melds for the rest of the opening; the pile is frozen by a
    # two under the king on top, so only a natural pair takes it
    st = _fixed(["K♠ K♥ 9♠ 9♥ 9♦ 5♣ 6♦ 7♠ 8♥ J♣ Q♦", "4♣ 4♦ 5♠ 6♠ 7♣ 8♦ 10♣ 10♦ J♠ Q♣ A♣",
                 "4♥ 5♥ 6♥ 7♥ 8♠ 10♥ J♥ Q♥ A♥ A♦ 6♣", "4♠ 5♦ 6♥ 7♦ 8♣ 9♣ 10♠ J♦ Q♠ K♣ A♠"],
                "", "2♣ K♦")
    assert st.pile_frozen == 1 and st.turn == 0
    p = Position.from_state(st)
    assert p is not None
    take = find_take(p)
    assert take is not None and take[2] == (13, 13) and take[3]  # K K, with the nines
    exp = st.check(engine_action(st, take))
    assert exp.allowed, exp.rule
    mirror(st)


def test_going_out_concealed_scores_as_the_engine() -> None:
    # Ada's hand melds whole in one turn: a canasta of sevens with wild cards and more
    st = _fixed(["7♠ 7♥ 7♦ 7♣ 7♠ 2♣ JK 9♠ 9♥ 9♦ 4♣", "4♦ 5♠ 6♠ 8♦ 10♣ 10♦ J♠ Q♣ A♣ 4♥ 5♥",
                 "6♥ 8♠ 10♥ J♥ Q♥ A♥ A♦ 6♣ 4♠ 5♦ 6♦", "8♣ 10♠ J♦ Q♠ K♣ A♠ K♠ K♥ Q♦ J♣ 8♥"],
                "9♣", "5♣")
    mirror(st)
    result = st.results[-1]
    rules = {e.rule for s, _, e in result.lines if s == 0}
    assert "score.concealed" in rules


def test_mirrors_many_hands_to_their_end_from_every_phase() -> None:
    """From the middle of a turn (after a meld, before the discard) as well as from a draw."""
    done = 0
    for seed in range(30):
        st = _mid_hand(2000 + seed, 0)
        policy = PlayoutPolicy(seed)
        while not st.hand_over and not (st.phase == "play" and st.extra.get("melded_turn")):
            st.play(policy.choose(st))
        if st.hand_over or Position.from_state(st) is None:
            continue
        mirror(st)
        done += 1
    assert done >= 20


def test_the_kernel_finds_a_take_exactly_when_the_engine_allows_one() -> None:
    """Whether the pile may be taken decides the hand's end once the stock is out: at every
    draw of many games (scores set at each opening band, so the takes that open with extra melds
    come up), the kernel finds a take exactly when some take is legal, and the engine allows it."""
    from canasta.movegen import take_candidates

    seen = {True: 0, False: 0, "extra": 0}
    for seed in range(24):
        st = canasta.new_game("classic", 3000 + seed)
        st.scores = [[0, 0], [1500, 3000], [-20, 2990], [3000, 1495]][seed % 4]
        policy = PlayoutPolicy(seed)
        while not st.hand_over:
            if st.phase == "draw" and not st.ask:
                p = Position.from_state(st)
                assert p is not None
                take = find_take(p)
                legal = any(st.check(a).allowed for a in take_candidates(st))
                assert (take is not None) == legal, st.to_dict()
                if take is not None:
                    assert st.check(engine_action(st, take)).allowed
                    seen["extra"] += bool(take[3])
                seen[legal] += 1
            st.play(policy.choose(st))
    assert seen[True] > 50 and seen[False] > 50 and seen["extra"] >= 1, seen


def test_the_dispatch_finds_classic_and_answers_none_without_a_kernel() -> None:
    from canasta.kernel import KERNELS, finish_state, kernel_of, policy_action

    assert kernel_of("classic") is not None and "classic" in KERNELS
    assert kernel_of("no-such-variant") is None
    st = _mid_hand(3, 15)
    before = Position.from_state(st)
    assert before is not None
    points = finish_state(st)
    assert points is not None and len(points) == 2
    action = policy_action(st)
    assert action is not None and st.check(action).allowed
    after = Position.from_state(st)
    assert after is not None and after.key() == before.key()  # the state is left as it was
    house = canasta.new_game(canasta.find_variant("classic").with_options(target=3000), 3)
    assert finish_state(house) is None and policy_action(house) is None
