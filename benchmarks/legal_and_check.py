"""Time of legal_actions() and check() on a sample of mid-hand states.

legal_actions() is the variant's fast path (every variant has one); the checked definition
(every candidate judged by check(), explanations built) is timed beside it. Each state is asked
once: no answer is reused from the sampling.

    python benchmarks/legal_and_check.py --variant classic --states 200 --seed 1
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import report  # noqa: E402

import canasta  # noqa: E402
from canasta.bots import RandomBot  # noqa: E402
from canasta.movegen import checked_legal_actions  # noqa: E402


def sample_states(variant: str, n: int, seed: int) -> list[canasta.State]:
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        state = canasta.new_game(variant, seed=rng.randrange(10**6))
        bot = RandomBot(rng.randrange(10**6))
        for _ in range(rng.randrange(10, 200)):
            if state.hand_over:
                break
            state.apply(bot.choose(state))
        if not state.hand_over:
            out.append(state)
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--variant", default="classic")
    p.add_argument("--states", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    states = sample_states(args.variant, args.states, args.seed)
    legal_us, checked_us, check_us, counts = [], [], [], []
    for s in states:
        t0 = time.perf_counter()
        checked_legal_actions(s)
        checked_us.append((time.perf_counter() - t0) * 1e6)
    canasta.new_game(args.variant, seed=-1).legal_actions()  # the last sampled position is not kept
    for s in states:
        t0 = time.perf_counter()
        actions = s.legal_actions()
        legal_us.append((time.perf_counter() - t0) * 1e6)
        counts.append(len(actions))
        t0 = time.perf_counter()
        for a in actions:
            s.check(a)
        check_us.append((time.perf_counter() - t0) * 1e6 / max(1, len(actions)))
    fig = {"variant": args.variant, "states": len(states),
           "legal_actions_us_median": round(statistics.median(legal_us), 1),
           "checked_legal_actions_us_median": round(statistics.median(checked_us), 1),
           "check_us_median": round(statistics.median(check_us), 1),
           "legal_actions_count_median": statistics.median(counts)}
    fig["fast_times_faster"] = round(fig["checked_legal_actions_us_median"]
                                     / max(fig["legal_actions_us_median"], 0.1), 1)
    report("legal_and_check", fig,
           f"{args.variant}: legal_actions() {fig['legal_actions_us_median']} µs (the checked list "
           f"{fig['checked_legal_actions_us_median']} µs), check() "
           f"{fig['check_us_median']} µs (medians over {len(states)} mid-hand states, "
           f"{fig['legal_actions_count_median']} legal actions each)")


if __name__ == "__main__":
    main()
