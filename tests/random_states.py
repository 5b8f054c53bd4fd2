"""Random reachable games for the robustness tests: every registered variant at every player
count, played by a seeded mix of the random and greedy bots (the greedy moves reach canastas and
ends of hands that uniform random play seldom does). Imported by the tests and by the
subprocesses that replay the same seeds."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Sequence
from typing import Any

import canasta
from canasta.bots import GreedyBot, RandomBot
from canasta.variants import VARIANTS

# (variant, players) for every registered variant and every table size it allows
CONFIGS: tuple[tuple[str, int], ...] = tuple((v.name, n) for v in VARIANTS for n in v.player_counts)


def fingerprint(state: canasta.State) -> dict[str, Any]:
    """``state.to_dict()`` with each history entry naming its player, so that a game played by
    bots ('draw') and its replayed record ('Tú: draw') compare equal."""
    d = state.to_dict()
    d["history"] = [f"{state.names[s.seat]}: {s.action.without_player().text}" for s in state.history]
    return d


def play(variant: str, players: int, seed: int, steps: int,
         each: Callable[[canasta.State], None] | None = None) -> canasta.State:
    """Deal (variant, players, seed) and apply up to ``steps`` bot actions, calling ``each``
    after the deal and after every action."""
    state = canasta.new_game(variant, seed=seed, players=players)
    rng = random.Random(seed)
    bots = (RandomBot(seed), GreedyBot(seed))
    if each:
        each(state)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(bots[rng.random() < 0.5].choose(state))
        if each:
            each(state)
    return state


def digest(variant: str, players: int, seed: int, steps: int) -> str:
    """A SHA-256 of every state of the game, from the deal to the last action."""
    h = hashlib.sha256()
    play(variant, players, seed, steps,
         lambda s: h.update(json.dumps(fingerprint(s), sort_keys=True).encode()))
    return h.hexdigest()


def digests(cases: Sequence[Sequence[Any]]) -> list[str]:
    """``digest`` of each (variant, players, seed, steps)."""
    return [digest(str(v), int(n), int(seed), int(steps)) for v, n, seed, steps in cases]
