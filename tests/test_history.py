"""A state's history is shared by its copies: copying is constant in the game's length, and a
copy and its original still go their own ways."""

from __future__ import annotations

import tracemalloc

import pytest

import canasta
from canasta.bots import GreedyBot
from canasta.records import record_from_state
from canasta.state import State


def _played(actions: int, seed: int = 5) -> State:
    v = canasta.find_variant("classic").with_options(target=10**6)
    state = canasta.new_game(v, seed=seed)
    bots = [GreedyBot(seed + i) for i in range(state.players)]
    while len(state.history) < actions:
        state.apply(bots[state.actor].choose(state))
    return state


def _copy_bytes(state: State) -> int:
    """Bytes allocated by one copy of ``state`` (kept alive while measured)."""
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        copy = state.copy()
        size = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert copy.to_dict() == state.to_dict()
    return size


def test_a_copy_costs_the_same_after_20_or_3000_actions() -> None:
    short, long = _played(20), _played(3000)
    # a copied list of 3,000 steps alone is 24 KB; the table itself is well under that
    assert _copy_bytes(long) < _copy_bytes(short) + 4000


def test_copies_share_the_steps_and_go_their_own_ways() -> None:
    state = _played(40)
    copy = state.copy()
    assert len(copy.history) == 40 and copy.history[-1] is state.history[-1]
    bot = GreedyBot(1)
    state.apply(bot.choose(state))  # the original goes on first: the copy is unchanged
    assert len(state.history) == 41 and len(copy.history) == 40
    copy.apply(bot.choose(copy))  # then the copy: its own step 41, the original's untouched
    assert len(copy.history) == 41 and copy.history[40] is not state.history[40]
    later = copy.copy()
    copy.apply(GreedyBot(2).choose(copy))
    assert len(later.history) == 41 and len(copy.history) == 42
    assert [s.action.text for s in reversed(copy.history)][1:] == \
        [s.action.text for s in reversed(later.history)]
    assert copy.history[:2] == list(state.history)[:2] and copy.history[-1] is copy.history[41]
    assert state.conservation_errors() == copy.conservation_errors() == []


def test_a_long_record_replays_to_the_same_game() -> None:
    state = _played(1500, seed=9)
    steps = list(record_from_state(state).replay())
    assert len(steps) == 1500
    assert steps[-1].state.to_dict() == {**state.to_dict(), "history": [
        f"{state.names[s.seat]}: {s.action.text}" for s in state.history]}
    # each kept step still shows the game as it was then
    assert len(steps[99].state.history) == 100
    assert steps[99].state.history[-1].action.text == steps[99].entry.action


def test_a_hand_played_fast_is_freed_without_the_garbage_collector() -> None:
    """The steps of :meth:`State.play` hold the copy their explanations are rebuilt from; that
    copy holds no history, so nothing cycles back and a finished game goes at once (the
    collector off), its explanations still rebuilt on demand until then."""
    import gc
    import random

    from canasta.state import Step

    def steps() -> int:
        return sum(1 for o in gc.get_objects() if type(o) is Step)

    gc.collect()
    gc.disable()
    try:
        before = steps()
        state = canasta.new_game("classic", seed=4)
        rng = random.Random(4)
        while not state.hand_over:
            legal = state.legal_actions()
            state.play(legal[rng.randrange(len(legal))])
        played = len(state.history)
        assert steps() - before == played > 50
        assert state.history[3].explanation.allowed  # rebuilt from the copy
        del state
        assert steps() == before
    finally:
        gc.enable()


@pytest.mark.parametrize("variant", ["classic", "rioplatense", "americana", "real", "individual"])
def test_a_hand_of_each_variant_leaves_no_garbage_cycle(variant: str) -> None:
    """Uniform-random hands played with ``legal_actions`` and ``play`` (the way of bots,
    simulations and search) make no reference cycle: everything they leave is freed by its
    count, and the garbage collector finds nothing (it cost a fifth of a hand's time when the
    anchors' copies and the first melds' search held themselves)."""
    import gc
    import random

    canasta.new_game(variant, seed=1)  # (modules imported on first use, out of the count)
    gc.collect()
    gc.disable()
    try:
        for seed in range(3):
            state = canasta.new_game(variant, seed=seed)
            rng = random.Random(seed)
            while not state.hand_over:
                legal = state.legal_actions()
                state.play(legal[rng.randrange(len(legal))])
            del state
        assert gc.collect() == 0
    finally:
        gc.enable()
