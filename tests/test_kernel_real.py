"""Canasta Real's counts kernel pinned to the engine: every kernel playout mirrored onto a State.

Each kernel move becomes an engine action, the engine must allow it (``check``) and applies it,
and after every move the position read from the State equals the kernel's; at the end of the
hand the kernel's points are the engine's. The run rules the kernel restates (where a new run's
wild 2 goes, where a card laid off goes and where the 2 moves) are compared with the engine's
on many cards, and its scoring with ``score_side`` on many tables.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import kernel_mirror
import pytest
from kernel_mirror import Kernel, mid_hand
from real_tables import table

import canasta
from canasta.cards import SUITS, card, parse_cards
from canasta.determinize import determinize
from canasta.kernel.real.actions import engine_action, face
from canasta.kernel.real.play import apply_move, finish, fit, laid_off
from canasta.kernel.real.position import Position, rules_for, run_of
from canasta.kernel.real.score import hand_totals
from canasta.melds import Meld
from canasta.playout import PlayoutPolicy
from canasta.state import State

REAL = canasta.find_variant("real")


KERNEL = Kernel(Position.from_state, finish, apply_move, engine_action)


def mirror(state: State) -> tuple[int, str]:
    """Play ``state`` to the end of the hand with the kernel, move by move on the engine too;
    the number of moves and how the hand ended. ``state`` is changed."""
    moves = kernel_mirror.mirror(KERNEL, state)
    ended = state.results[-1].ended
    return len(moves), ended.rule if ended is not None else ""


def _mid_hand(seed: int, steps: int, players: int = 4) -> State:
    return mid_hand("real", seed, steps, players)


@pytest.mark.parametrize("players", [4, 2])
def test_playouts_from_the_deal_and_mid_hand_mirror_the_engine(players: int) -> None:
    done = 0
    ends: set[str] = set()
    for seed in range(30):
        st = _mid_hand(seed, (seed * 7) % 50, players)
        if st.hand_over:
            continue
        ends.add(mirror(st)[1])
        done += 1
    assert done >= 25
    assert "end.stock-exhausted" in ends  # (going out: the closes' tests below)


@pytest.mark.parametrize("players", [4, 2])
def test_playouts_from_redealt_positions_mirror_the_engine(players: int) -> None:
    done = 0
    for seed in range(16):
        st = _mid_hand(1000 + seed, 5 + seed % 30, players)
        if st.hand_over:
            continue
        d = determinize(st, st.actor, random.Random(seed))
        assert Position.from_state(d) is not None
        mirror(d)
        done += 1
    assert done >= 12


def test_mirrors_hands_from_the_middle_of_a_turn() -> None:
    """From the play phase after a meld (before the discard) as well as from a draw."""
    done = 0
    for seed in range(16):
        st = _mid_hand(2000 + seed, 0, 4 if seed % 2 else 2)
        policy = PlayoutPolicy(seed)
        while not st.hand_over and not (st.phase == "play" and st.extra.get("melded_turn")):
            st.play(policy.choose(st))
        if st.hand_over:
            continue
        assert st.phase == "play"
        mirror(st)
        done += 1
    assert done >= 12


def test_the_stock_running_out_ends_the_hand_and_a_pending_muerto_pays() -> None:
    ends = set()
    pending_paid = 0
    for seed in range(24):
        st = _mid_hand(700 + seed, 10, 4 if seed % 2 else 2)
        if st.hand_over:
            continue
        st.stock = st.stock[len(st.stock) - 2 - seed % 5:]  # 2 to 6 cards left
        mirror(st)
        ends.add(st.results[-1].ended.rule)
    # an indirect close just before the stock's end: the muerto is never played, and it pays
    for last in ("5♠", "6♦", "9♥", "10♣", "J♦", "3♥", "A♠", "Q♣", "8♦", "4♠", "7♥", "K♣"):
        st = table({"Tú": last, "Ada": "4♥ 8♣ Q♦ K♠", "Bo": "3♦ 6♣ 9♥ J♠", "Cleo": "7♦ 9♣ J♥ K♦"},
                   stock=1)  # the stock out before Tú plays again
        n, ended = mirror(st)
        lines = st.results[-1].lines
        assert ended == "end.stock-exhausted"
        pending_paid += any(e.rule == "score.muerto" and e.facts["why"].key == "why.muerto-unplayed"
                            for _, _, e in lines)
    assert ends == {"end.stock-exhausted"} and pending_paid == 12


def test_a_turn_that_starts_with_the_stock_out_can_only_pass() -> None:
    st = table({"Tú": "5♠ 6♦", "Ada": "4♥ 8♣", "Bo": "3♦ 6♣", "Cleo": "7♦ 9♣"}, phase="draw",
               pile="K♠ Q♠", stock=0)
    assert st.stock == [] and st.phase == "draw"
    n, ended = mirror(st)
    assert n == 1 and st.history[-1].action.text == "pass"
    assert ended == "end.stock-exhausted" or ended  # the engine's name for it


def test_direct_and_indirect_closes_take_the_muerto_as_the_engine_does() -> None:
    # Tú melds the whole hand: the muerto at once, play goes on (direct close)
    st = table({"Tú": "7♥ 8♥ 9♥", "Ada": "4♥ 8♣ Q♦ K♠", "Bo": "3♦ 6♣ 9♥ J♠", "Cleo": "7♦ 9♣ J♥ K♦"})
    p = Position.from_state(st)
    assert p is not None
    moves: list[tuple[Any, ...]] = []
    finish(p.copy(), moves)
    assert moves[0][0] == "meld" and len(moves[0][1]) == 3
    mirror(st)
    # Tú melds three and discards the last card (indirect close); Bo, the partner, may not
    # empty the hand while the muerto is pending, nor may Tú while his side's is taken with
    # no clean canasta
    st = table({"Tú": "7♥ 8♥ 9♥ K♣", "Ada": "4♥ 8♣ Q♦ K♠", "Bo": "3♦ 4♦ 5♦ Q♥",
                "Cleo": "7♦ 9♣ J♥ K♦"})
    mirror(st)
    st = table({"Tú": "", "Ada": "4♥ 8♣ Q♦ K♠", "Bo": "3♦ 4♦ 5♦ Q♥", "Cleo": "7♦ 9♣ J♥ K♦"},
               turn="Bo", muertos=("pending", "waiting"), holder=(0, -1))
    p = Position.from_state(st)
    assert p is not None
    moves = []
    finish(p.copy(), moves)
    assert moves[0] != ("meld", (19, 20, 21), [1, 3, 5, 0, 0])  # it would leave one card
    mirror(st)


CLEAN = "3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠"
DIRTY = "7♥ 8♥ 9♥ 10♥ J♥ Q♥ 2♠"
DE_MIL = "A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦"


def test_going_out_with_a_clean_canasta_and_the_bonuses_at_their_edges() -> None:
    """The final close (muerto taken, a clean canasta): the hand ends, the going-out bonus;
    canastas clean (seven cards), dirty, de mil (fourteen), and a run one short of a canasta."""
    hands = {"Tú": "4♣ 5♣ 6♣", "Ada": "4♥ 8♣ Q♦ K♠", "Bo": "3♦ 6♣ 9♥ J♠", "Cleo": "7♦ 9♣ J♥ K♦"}
    st = table(hands, muertos=("taken", "waiting"),
               melds={"Bo": [DIRTY, CLEAN, "9♣ 10♣ J♣ Q♣ K♣ A♣"], "Ada": [DE_MIL]})
    n, ended = mirror(st)
    assert (n, ended) == (1, "end.went-out")
    rules = [(s, e.rule, pts) for s, pts, e in st.results[-1].lines]
    assert (0, "score.going-out", 100) in rules
    assert (0, "score.canasta", 200) in rules and (0, "score.canasta", 100) in rules
    assert (1, "score.canasta-de-mil", 1000) in rules
    assert sum(1 for s, r, _ in rules if r == "score.canasta" and s == 0) == 2  # not the six
    assert (1, "score.muerto", -100) in rules
    # without a clean canasta the same close is refused: the kernel keeps two cards
    st = table(hands, muertos=("taken", "waiting"), melds={"Bo": [DIRTY]})
    n, ended = mirror(st)
    assert n > 1


def _random_run(rng: random.Random) -> Meld | None:
    """A run the engine lays: a random window of a suit, perhaps a 2 in it or at an end."""
    s = rng.choice(SUITS)
    lo = rng.randint(1, 12)
    hi = rng.randint(lo + 2, 14)
    cards = [card(1 if r == 14 else r, s) for r in range(lo, hi + 1)]
    if rng.random() < 0.6 and len(cards) < 14:
        i = rng.randrange(len(cards) + 1)
        two = card(2, rng.choice(SUITS))
        if i < len(cards) and len(cards) > 3:
            cards[i] = two
        else:
            cards.append(two)
    return REAL.make_meld(cards)[0]


def _as_kernel(m: Meld) -> list[int]:
    run = run_of(m)
    assert run is not None, m
    return run


def test_runs_laid_and_laid_off_as_the_engine_lays_them() -> None:
    """``fit`` (a new run's places) and ``laid_off`` (one card onto a run) against the engine's
    make_meld and extend_meld, on random runs and cards."""
    rng = random.Random(5)
    checked = {"fit": 0, "fit-none": 0, "add": 0, "moved": 0}
    for _ in range(400):
        s = rng.randrange(4)
        cards = [s * 16 + rng.choice((1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13))
                 for _ in range(rng.randint(2, 5))]
        cards += [rng.randrange(4) * 16 + 2 for _ in range(rng.choice((0, 0, 1, 1, 2)))]
        made = REAL.make_meld([face(c) for c in cards])[0]
        got = fit(s, tuple(cards))
        if made is None:
            assert got is None, cards
            checked["fit-none"] += 1
        else:
            assert got == _as_kernel(made), (cards, made)
            checked["fit"] += 1
    for _ in range(600):
        m = _random_run(rng)
        if m is None:
            continue
        run = _as_kernel(m)
        s = run[0]
        for c in [*(s * 16 + r for r in range(1, 14)), *(x * 16 + 2 for x in range(4))]:
            got = laid_off(run, c)
            if got is None:
                continue  # the kernel never makes it (the engine may allow it)
            grown = REAL.extend_meld(m, (face(c),))[0]
            assert grown is not None, (m, c)
            assert _as_kernel(grown) == got, (m.text, face(c), grown.text)
            checked["add"] += 1
            checked["moved"] += run[3] != 0 and got[3] != run[3]
    assert min(checked.values()) >= 20, checked


def test_points_as_the_engine_scores_them_on_many_tables() -> None:
    """The kernel's hand totals against ``score_side``, with nobody out and with each seat out,
    on tables of many hands played some way by the engine's policy."""
    seen = 0
    for seed in range(30):
        players = 4 if seed % 3 else 2
        st = _mid_hand(4000 + seed, 20 + seed * 3, players)
        if st.hand_over:
            continue
        p = Position.from_state(st)
        assert p is not None
        v = st.variant
        for out in (-1, *range(players)):
            want = [sum(x for x, _ in v.score_side(st, s, None if out < 0 else out))
                    for s in range(2)]
            assert hand_totals(p, out) == want
        seen += 1
    assert seen >= 20


def test_unsupported_positions_are_refused() -> None:
    assert rules_for(REAL) is not None
    assert rules_for(canasta.find_variant("classic")) is None
    assert rules_for(REAL.with_options(target=5000)) is None  # a house rule
    assert rules_for(dataclasses.replace(REAL, max_wilds=2)) is None  # a rule built in, changed
    assert rules_for(dataclasses.replace(REAL, wild_ends=False)) is None
    # the parameters it reads may change: the kernel scores with them
    other = dataclasses.replace(REAL, canasta_de_mil=500, muerto_penalty=50)
    assert rules_for(other) is not None and rules_for(other).de_mil == 500  # type: ignore[union-attr]
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
    st = _mid_hand(3, 0)
    del st.extra["muerto_state"]
    assert Position.from_state(st) is None
    st = _mid_hand(3, 0)
    st.melds[0].append(Meld("group", 7, tuple(parse_cards("7♠ 7♥ 7♦"))))
    assert Position.from_state(st) is None
    st = _mid_hand(3, 0)
    st.opened[1] = False
    assert Position.from_state(st) is None
    over = _mid_hand(3, 400)
    assert over.hand_over and Position.from_state(over) is None


def test_scored_with_the_variants_own_numbers() -> None:
    """A variant object with other bonuses (read, not built in): the kernel scores as the
    engine does with them."""
    other = dataclasses.replace(REAL, canasta_de_mil=700, canasta_natural=250, muerto_penalty=40)
    st = table({"Tú": "4♣ 5♣ 6♣", "Ada": "4♥ 8♣ Q♦ K♠", "Bo": "3♦ 6♣ 9♥ J♠", "Cleo": "7♦ 9♣ J♥ K♦"},
               muertos=("taken", "waiting"), melds={"Bo": [CLEAN], "Ada": [DE_MIL]})
    st.variant = other
    mirror(st)
    assert st.results[-1].totals[1] < 700 + 100  # de mil at 700, muerto at 40


def test_the_dispatch_finds_real_and_leaves_the_state_as_it_was() -> None:
    from canasta.kernel import KERNELS, finish_state, kernel_of, policy_action

    assert KERNELS["real"] == "canasta.kernel.real" and kernel_of("real") is not None
    for players in (4, 2):
        st = _mid_hand(3, 15, players)
        before = Position.from_state(st)
        assert before is not None
        points = finish_state(st)
        assert points is not None and len(points) == 2
        action = policy_action(st)
        assert action is not None and st.check(action).allowed
        after = Position.from_state(st)
        assert after is not None and after.key() == before.key()
    house = canasta.new_game(REAL.with_options(target=5000), 3)
    assert finish_state(house) is None and policy_action(house) is None


def test_policy_action_is_the_first_move_of_the_playout() -> None:
    from canasta.kernel import policy_action

    for seed in range(12):
        st = _mid_hand(5000 + seed, seed * 5, 4 if seed % 2 else 2)
        for _ in range(6):
            if st.hand_over:
                break
            p = Position.from_state(st)
            assert p is not None
            moves: list[tuple[Any, ...]] = []
            finish(p, moves)
            action = policy_action(st)
            assert action is not None and action == engine_action(st, moves[0])
            st.apply(action)


def test_a_pile_taken_back_and_forth_does_not_keep_the_hand_going() -> None:
    """Two players taking a one-card pile in turn would never end the hand: after a few takes in
    a row the policy draws (a duel hand of the kernel against PlayoutPolicy that did not end)."""
    from canasta.kernel import policy_action

    st = canasta.new_game("real", 10_056, players=2)
    policy = PlayoutPolicy(56)
    n = 0
    while not st.hand_over and n < 1000:
        n += 1
        action = policy_action(st) if st.actor == 0 else None
        st.apply(action) if action is not None else st.play(policy.choose(st))
    assert st.hand_over


@pytest.mark.parametrize("players", [4, 2])
def test_the_masks_the_policy_keeps_stay_true_to_the_runs(players: int) -> None:
    """What the policy keeps beside the runs, made once and read at every turn: each side's
    reach (a superset of the ranks next to its runs), the codes that feed its runs (made again
    after they change), a suit's discard keys; checked after every move of whole playouts."""
    from canasta.kernel.real import play
    from canasta.kernel.real.position import PHASE_DRAW, PHASE_OVER, reach_of

    moves = 0
    for seed in range(20):
        st = _mid_hand(seed, (seed * 11) % 40, players)
        p = Position.from_state(st)
        if p is None:
            continue
        while p.phase != PHASE_OVER:
            if p.phase == PHASE_DRAW:
                play._draw_phase(p, None)
            else:
                play._play_phase(p, None, one=True)
            moves += 1
            for side in (0, 1):
                kept = p.reach[side * 4:side * 4 + 4]
                assert all(k & t == t for k, t in zip(kept, reach_of(p.runs[side]), strict=True))
                assert p.feeds[side] in (-1, play._feeds(p.runs[side]))
    assert moves > 500
    for x, keys in p.rules.suit_keys.items():
        assert keys == play.suit_keys(p.rules.values, x)
