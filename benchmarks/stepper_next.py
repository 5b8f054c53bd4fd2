"""One Next of the sample-game stepper, render included (the widget's HTML rebuilt), in ms.

    python benchmarks/stepper_next.py [--runs 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import report  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--runs", type=int, default=3)
    args = p.parse_args()
    from canasta.records import load_record
    from canasta.widgets import GameStepper

    record = load_record(ROOT / "examples" / "classic_sample_game.json")
    t0 = time.perf_counter()
    stepper = GameStepper(record)
    build_ms = (time.perf_counter() - t0) * 1000
    per_step: list[float] = []
    for _ in range(args.runs):
        stepper.first()
        while stepper.step < len(record.entries):
            t = time.perf_counter()
            stepper.next()
            per_step.append((time.perf_counter() - t) * 1000)
    # the first pass visits every step for the first time; later passes find what the stepper
    # kept of each step (its words), so both are given
    first = per_step[:len(record.entries)]
    fig = {"steps": len(per_step), "next_ms_median": round(statistics.median(per_step), 2),
           "next_ms_max": round(max(per_step), 2), "build_ms": round(build_ms, 1),
           "first_pass_ms_median": round(statistics.median(first), 2)}
    report("stepper_next", fig,
           f"stepper Next, render included: {fig['next_ms_median']} ms median, {fig['next_ms_max']} ms "
           f"max over {len(per_step)} steps ({fig['first_pass_ms_median']} ms median on the first "
           f"pass, each step's first visit; building the stepper: {fig['build_ms']} ms)")


if __name__ == "__main__":
    main()
