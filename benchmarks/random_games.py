"""Uniform-random play over legal_actions() of complete games to the target.

    python benchmarks/random_games.py --variant classic --games 20 --seed 1 [--runs 3]

Prints games/s, hands/s, decisions/s and mean decisions per game, with explanations made only
when asked (``State.play``) and with every decision's explanation built and rendered in English
(``State.apply``).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import median_of, report  # noqa: E402

import canasta  # noqa: E402


def play(variant: str, games: int, seed: int, explain: bool) -> dict[str, float]:
    hands = decisions = 0
    t0 = time.perf_counter()
    for g in range(games):
        state = canasta.new_game(variant, seed=seed * 1000 + g)
        rng = random.Random(seed * 1000 + g)
        while not state.is_over:
            actions = state.legal_actions()
            action = actions[rng.randrange(len(actions))]
            decisions += 1
            if explain:  # every decision explained: apply builds it, and every message is rendered
                exp = state.apply(action)
                for e in exp.walk():
                    e.message("en")
                for e in state.history[-1].events:
                    e.message("en")
            else:  # explanations on demand: play builds one only when it is read
                state.play(action)
            if state.phase == "hand-over":
                hands += 1
        hands += 1  # the last hand of the game
    dt = time.perf_counter() - t0
    return {"seconds": dt, "games": games, "hands": hands, "decisions": decisions}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--variant", default="classic")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--runs", type=int, default=3)
    args = p.parse_args()
    figures: dict[str, object] = {"variant": args.variant, "games": args.games, "seed": args.seed,
                                  "runs": args.runs}
    for mode in ("on_demand", "explained"):
        last: dict[str, float] = {}

        def once(mode: str = mode) -> float:
            nonlocal last
            last = play(args.variant, args.games, args.seed, explain=mode == "explained")
            return last["games"] / last["seconds"]

        med, values = median_of(args.runs, once)
        figures[mode] = {"games_per_s": round(med, 2), "all_runs": [round(v, 2) for v in values],
                         "hands_per_s": round(last["hands"] / last["seconds"], 1),
                         "decisions_per_s": round(last["decisions"] / last["seconds"]),
                         "decisions_per_game": round(last["decisions"] / last["games"], 1)}
    od, ex = figures["on_demand"], figures["explained"]
    report("random_games", figures,
           f"{args.variant}: {od['games_per_s']} games/s on demand ({od['decisions_per_s']} decisions/s, "
           f"{od['decisions_per_game']} decisions/game); {ex['games_per_s']} games/s with every "
           f"explanation rendered (median of {args.runs})")


if __name__ == "__main__":
    main()
