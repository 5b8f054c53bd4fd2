"""Uniform-random play over legal_actions() of complete games to the target.

    python benchmarks/random_games.py --variant classic --games 20 --seed 1 [--runs 3] [--jobs 2]
                                      [--bot thrifty]

Uniform random play rarely ends a game of Canasta Americana or Canasta Real: ``--bot thrifty``
(or another level of ``canasta.bots``) plays every seat with those bots instead, which end them.

Prints games/s, hands/s, decisions/s and mean decisions per game, with explanations made only
when asked (``State.play``) and with every decision's explanation built and rendered in English
(``State.apply``), and which build ran (pure Python, or compiled with ``CANASTA_COMPILE=1``). Every run plays games of its own (seeds never repeat between runs), so a run
never replays positions an earlier one has already met. With ``--jobs J`` the games of a run are
shared among J worker processes started before the clock starts (the machine's throughput).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import median_of, report  # noqa: E402

import canasta  # noqa: E402


def play(variant: str, seeds: list[int], explain: bool, bot: str = "random") -> dict[str, float]:
    """Play one game per seed; returns the counts (and this process's seconds)."""
    from canasta.bots import make_bot

    hands = decisions = 0
    t0 = time.perf_counter()
    for seed in seeds:
        state = canasta.new_game(variant, seed=seed)
        rng = random.Random(seed)
        player = None if bot == "random" else make_bot(bot, seed)
        while not state.is_over:
            if player is not None:
                action = player.choose(state)
            else:
                actions = state.legal_actions()
                # uniform over the list; random() costs a tenth of randrange(), whose
                # Python-level rejection sampling would otherwise be a tenth of a decision here
                action = actions[int(rng.random() * len(actions))]
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
    return {"seconds": time.perf_counter() - t0, "games": len(seeds), "hands": hands,
            "decisions": decisions}


def _ready(_: int) -> bool:
    return True


def run(variant: str, seeds: list[int], explain: bool, pool: ProcessPoolExecutor | None,
        jobs: int, bot: str = "random") -> dict[str, float]:
    if pool is None:
        return play(variant, seeds, explain, bot)
    t0 = time.perf_counter()
    # one game per task: games differ in length, so a worker that is done takes the next one
    parts = list(pool.map(play, [variant] * len(seeds), [[s] for s in seeds],
                          [explain] * len(seeds), [bot] * len(seeds)))
    return {"seconds": time.perf_counter() - t0, "games": len(seeds),
            "hands": sum(p["hands"] for p in parts), "decisions": sum(p["decisions"] for p in parts)}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--variant", default="classic")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--bot", default="random", help="the bots at every seat (default: uniform "
                   "random; thrifty bots end every game of americana and real)")
    args = p.parse_args()
    figures: dict[str, object] = {"variant": args.variant, "games": args.games, "seed": args.seed,
                                  "runs": args.runs, "jobs": args.jobs, "bot": args.bot}
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    if pool is not None:  # workers started (and canasta imported) before any clock starts
        list(pool.map(_ready, range(args.jobs)))
    next_run = iter(range(1000))
    for mode in ("on_demand", "explained"):
        done: list[dict[str, float]] = []

        def once(mode: str = mode, done: list[dict[str, float]] = done) -> float:
            first = args.seed * 100_000 + next(next_run) * args.games  # games of this run only
            seeds = list(range(first, first + args.games))
            done.append(run(args.variant, seeds, mode == "explained", pool, args.jobs, args.bot))
            return done[-1]["games"] / done[-1]["seconds"]

        med, values = median_of(args.runs, once)
        # every figure of the median run (by games/s), so that they agree with each other
        mid = sorted(done, key=lambda r: r["games"] / r["seconds"])[len(done) // 2]
        figures[mode] = {"games_per_s": round(mid["games"] / mid["seconds"], 2),
                         "all_runs": [round(v, 2) for v in values],
                         "hands_per_s": round(mid["hands"] / mid["seconds"], 1),
                         "decisions_per_s": round(mid["decisions"] / mid["seconds"]),
                         "decisions_per_game": round(mid["decisions"] / mid["games"], 1)}
    if pool is not None:
        pool.shutdown()
    od, ex = figures["on_demand"], figures["explained"]
    where = f"{args.jobs} processes" if args.jobs > 1 else "one process"
    where += ", compiled" if canasta.compiled() else ", pure Python"
    if args.bot != "random":
        where += f", {args.bot} bots"
    report("random_games", figures,
           f"{args.variant} ({where}): {od['games_per_s']} games/s on demand ({od['decisions_per_s']} "
           f"decisions/s, {od['decisions_per_game']} decisions/game); {ex['games_per_s']} games/s "
           f"with every explanation rendered (median of {args.runs} runs of {args.games} games)")


if __name__ == "__main__":
    main()
