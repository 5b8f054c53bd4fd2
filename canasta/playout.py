"""Playouts for search: a fast bot policy, and a determinized position played on to the end of
the hand (or for a number of actions, then scored as the table stands).

The policy is the ``thrifty`` bot's takes and melds with the ``careful`` bot's discards, without
their look-ahead (no copy of the state per decision): far better than uniform random — random
play rarely melds, so its playouts say little about a move — at about the cost of one legal
listing a decision. It uses only the public State API (``legal_listing``, ``play``), so a faster
core makes it faster.

:func:`hand_margin` finishes the hand on the counts kernel (:mod:`canasta.kernel`) where it
represents the position (the variants in :data:`canasta.kernel.KERNELS`), some forty times
faster, and by :func:`playout` elsewhere.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .actions import Action, Add, AskPartner, Discard, Draw, Meld, TakePile
from .bots import CarefulBot, _costly, _legal, _size
from .kernel import finish_state

if TYPE_CHECKING:
    from .state import State


class PlayoutPolicy:
    """A cheap bot for playouts (see the module's docstring); ``choose(state)`` an action."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self._careful = CarefulBot(seed)

    def choose(self, state: State) -> Action:
        actions = _legal(state)
        if len(actions) == 1:
            return actions[0]
        takes = [a for a in actions if isinstance(a, TakePile)]
        if takes and _taken_back_and_forth(state) and any(isinstance(a, Draw) for a in actions):
            takes = []  # a one-card pile taken and thrown back for ever (two-player Canasta Real)
        if takes:
            useful = [a for a in takes if a.with_cards or a.onto is not None or a.extra]
            if not useful and state.pile:
                # a take of the whole pile into the hand (Canasta Real): when the top card pairs
                top = state.pile[-1]
                held = sum(1 for c in state.hands[state.turn] if c.rank == top.rank)
                if held >= 2 or (held == 1 and len(state.pile) >= 4):
                    useful = takes
            if useful:
                spared = [a for a in useful if not _costly(state, a)]
                return max(spared or useful, key=_size)
        plays = [a for a in actions if isinstance(a, (Meld, Add)) and not _costly(state, a)]
        if plays:
            return max(plays, key=_size)
        for a in actions:
            if isinstance(a, Draw):
                return a
        discards = [a for a in actions if isinstance(a, Discard)]
        if discards:
            cost = self._careful.discard_cost
            return min(discards, key=lambda a: cost(state, a.card))  # type: ignore[arg-type]
        rest = [a for a in actions if not isinstance(a, AskPartner)]
        return (rest or actions)[0]


TAKES_IN_A_ROW = 4
"""Takes of the pile in a row after which the policy draws (as the kernels' policies do)."""

MAX_ACTIONS = 5_000
"""A playout's actions at most (a hand takes a few hundred): the score as the table stands then."""


def _taken_back_and_forth(state: State) -> bool:
    """Whether each of the last :data:`TAKES_IN_A_ROW` turns began by taking the pile."""
    takes = 0
    for step in reversed(state.history):
        a = step.action
        if isinstance(a, TakePile):
            takes += 1
            if takes >= TAKES_IN_A_ROW:
                return True
        elif isinstance(a, Draw):
            return False
    return False


def side_points(state: State, side: int) -> int:
    """What ``side`` would score if the hand ended now with no one going out (table minus hand)."""
    return sum(p for p, _ in state.variant.score_side(state, side, None))


def margin(points: list[int] | tuple[int, ...], side: int) -> float:
    """``side``'s points minus the other sides' average."""
    others = [p for s, p in enumerate(points) if s != side]
    return points[side] - (sum(others) / len(others) if others else 0)


def playout(state: State, side: int, policy: PlayoutPolicy, max_actions: int | None = None) -> float:
    """Play ``state`` (changed in place: pass a copy) with ``policy`` for every seat until the
    hand ends, or for ``max_actions`` actions (:data:`MAX_ACTIONS` at most); the hand's points for ``side`` minus the other
    sides' average (at the end of the hand, the hand's score; cut short, the score the table
    would give now)."""
    start = len(state.results)
    n = 0
    if max_actions is None:
        max_actions = MAX_ACTIONS
    while not state.hand_over and n < max_actions:
        state.play(policy.choose(state))
        n += 1
    if len(state.results) > start:
        return margin(state.results[-1].totals, side)
    return margin([side_points(state, s) for s in range(len(state.sides))], side)


def hand_margin(state: State, side: int, policy: PlayoutPolicy) -> float:
    """The hand finished from ``state``: ``side``'s points minus the other sides' average, as
    :func:`playout` gives them. Played on the counts kernel where it represents the position
    (``state`` is then left as it is; the kernel's policy plays every seat), otherwise by
    :func:`playout` with ``policy`` (``state`` changed in place: pass a copy)."""
    points = finish_state(state)
    if points is not None:
        return margin(points, side)
    return playout(state, side, policy)
