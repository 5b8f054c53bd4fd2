"""A kernel playout mirrored onto the engine, move by move: the check every kernel's test shares.

Each kernel move becomes a concrete engine action, the engine must allow it (``check``) and
applies it, and after every move the position read from the State equals the kernel's; at the
end of the hand the kernel's points are the engine's. A playout that does not mirror exactly is
a bug in the kernel.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import canasta
from canasta.actions import Action
from canasta.kernel.position import PHASE_OVER
from canasta.playout import PlayoutPolicy
from canasta.state import State

Move = tuple[Any, ...]


def _key(p: Any) -> object:
    return p.key()


@dataclass(frozen=True)
class Kernel:
    """What the mirror needs of a counts kernel (its functions, by the names they have there)."""

    read: Callable[[State], Any]
    """The kernel's position of a State (its ``from_state``), or None."""
    finish: Callable[[Any, list[Move]], list[int]]
    apply_move: Callable[[Any, Move], None]
    engine_action: Callable[[State, Move], Action]
    key: Callable[[Any], object] = _key
    """Everything a position holds, for comparing two."""


Before = Callable[[State, Move], None]
After = Callable[[State, Any, Move], None]


def step(kernel: Kernel, state: State, p: Any, move: Move, i: int = 0,
         before: Before | None = None, after: After | None = None) -> None:
    """One kernel move on both: the engine allows it, and the positions agree after it (or both
    hands are over, with the same points). ``before`` and ``after`` see the move on its way
    (what a test counts of the cases it met)."""
    assert p.phase != PHASE_OVER, f"move {i} {move} after the end of the hand"
    action = kernel.engine_action(state, move)
    exp = state.check(action)
    assert exp.allowed, f"move {i} {move} -> {action.text}: {exp.rule} {exp.facts}"
    if before is not None:
        before(state, move)
    state.apply(action)
    kernel.apply_move(p, move)
    if p.phase == PHASE_OVER:
        assert state.hand_over, f"the kernel ended the hand at move {i}, the engine did not"
        assert p.totals == state.results[-1].totals
        return
    assert not state.hand_over, f"the engine ended the hand at move {i}: {move}"
    seen = kernel.read(state)
    assert seen is not None
    assert kernel.key(seen) == kernel.key(p), f"positions differ after move {i} {move}"
    if after is not None:
        after(state, p, move)


def mirror(kernel: Kernel, state: State, before: Before | None = None,
           after: After | None = None) -> list[Move]:
    """Play ``state`` to the end of the hand with the kernel, move by move on the engine too
    (:func:`step`); the kernel's moves. ``state`` is changed."""
    start = kernel.read(state)
    assert start is not None
    moves: list[Move] = []
    points = kernel.finish(start.copy(), moves)
    for i, move in enumerate(moves):
        step(kernel, state, start, move, i, before, after)
    assert start.phase == PHASE_OVER and state.hand_over
    assert start.totals == points == state.results[-1].totals
    return moves


def mid_hand(variant: str, seed: int, steps: int, players: int | None = None) -> State:
    """A new game of ``variant`` (``players``: the variant's own number by default) after
    ``steps`` moves of :class:`PlayoutPolicy`, fewer if the hand ends first."""
    st = canasta.new_game(variant, seed, players=players)
    policy = PlayoutPolicy(seed)
    for _ in range(steps):
        if st.hand_over:
            break
        st.play(policy.choose(st))
    return st
