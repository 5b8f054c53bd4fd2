"""Decisions per second of each variant: a fixed budget of decisions of uniform-random play.

    python benchmarks/decisions.py [--variants classic,americana,...] [--decisions 20000] [--runs 3]

Uniform random play never finishes many games of Canasta Americana or Canasta Real, so each
variant plays a fixed number of decisions (``legal_actions()`` and ``State.play`` of the chosen
action, explanations made only when asked), game after game from seeds of its own, rather than a
number of games. Each variant plays in a process of its own (so no variant pays for the verdicts
another kept, nor for the garbage collector walking them), after a short warm-up; the variants
take turns within every run (so a busy machine slows them alike). The figures are medians over
the runs, in wall-clock time and in the process's CPU time (the machine is shared), with each
variant's share of classic's rate.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import report  # noqa: E402

import canasta  # noqa: E402

WARM_UP = 1000  # decisions played before the clock starts, in each variant


def play(variant: str, decisions: int, first_seed: int) -> tuple[float, float, int]:
    """Play ``decisions`` uniform-random decisions (new games from ``first_seed`` on); returns
    (wall seconds, CPU seconds, games started)."""
    left = decisions
    seed = first_seed
    t0, c0 = time.perf_counter(), time.process_time()
    while left:
        state = canasta.new_game(variant, seed=seed)
        rng = random.Random(seed)
        seed += 1
        while left and not state.is_over:
            actions = state.legal_actions()
            # random() costs a tenth of randrange(), whose rejection sampling in Python would be
            # a tenth of a decision here
            state.play(actions[int(rng.random() * len(actions))])
            left -= 1
    return time.perf_counter() - t0, time.process_time() - c0, seed - first_seed


def one(variant: str, decisions: int, first_seed: int, warm_seed: int) -> dict[str, float]:
    """A variant's figures in this process: a warm-up, then the timed decisions."""
    play(variant, WARM_UP, warm_seed)
    wall, cpu, games = play(variant, decisions, first_seed)
    return {"wall": decisions / wall, "cpu": decisions / cpu, "games": games}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--variants", default=",".join(canasta.variant_names()),
                   help="comma-separated variant names (default: all five)")
    p.add_argument("--decisions", type=int, default=20_000, help="decisions a variant plays a run")
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--one", nargs=3, type=int, metavar=("DECISIONS", "FIRST", "WARM"),
                   help=argparse.SUPPRESS)  # a worker: one variant's figures, as JSON
    args = p.parse_args()
    if args.one:
        print(json.dumps(one(args.variants, *args.one)))
        return
    variants = [canasta.find_variant(v.strip()).name for v in args.variants.split(",")]
    wall: dict[str, list[float]] = {v: [] for v in variants}
    cpu: dict[str, list[float]] = {v: [] for v in variants}
    games: dict[str, int] = {v: 0 for v in variants}
    for run in range(args.runs):
        for i, name in enumerate(variants):
            # every run and variant plays games of its own: no position is met twice by design
            first = args.seed * 1_000_000 + run * 10_000 + i * 1_000
            out = subprocess.run([sys.executable, __file__, "--variants", name, "--one",
                                  str(args.decisions), str(first), str(10_000_000 + i * 1000)],
                                 capture_output=True, text=True, check=True).stdout
            got = json.loads(out)
            wall[name].append(got["wall"])
            cpu[name].append(got["cpu"])
            games[name] += int(got["games"])
    figures: dict[str, object] = {"decisions": args.decisions, "runs": args.runs,
                                  "seed": args.seed, "warm_up": WARM_UP}
    base = statistics.median(cpu["classic"]) if "classic" in cpu else None
    lines = []
    for name in variants:
        w, c = statistics.median(wall[name]), statistics.median(cpu[name])
        share = round(c / base, 2) if base else None
        figures[name] = {"decisions_per_s": round(w), "cpu_decisions_per_s": round(c),
                         "share_of_classic_cpu": share, "all_runs_cpu": [round(x) for x in cpu[name]],
                         "games_started": games[name]}
        lines.append(f"{name}: {w:,.0f} decisions/s ({c:,.0f} per CPU second"
                     + (f", {share:.2f} of classic's" if share is not None and name != "classic"
                        else "") + ")")
    report("decisions", figures, f"uniform random play, {args.decisions} decisions a variant, "
           f"median of {args.runs} runs, "
           + ("compiled" if canasta.compiled() else "pure Python") + ":\n  " + "\n  ".join(lines))


if __name__ == "__main__":
    main()
