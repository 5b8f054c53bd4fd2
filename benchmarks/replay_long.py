"""Replaying long records: time and peak memory for 5,000 / 10,000 / 20,000 actions.

    python benchmarks/replay_long.py [--actions 5000 10000 20000] [--runs 1] [--timeout 300]

Each record is one classic game played by the greedy bots (house rule ``target`` set out of
reach, so the game goes on for as many actions as asked), saved as JSON and read back. Every
size runs in a fresh process and is timed three ways:

* ``replay``: ``load_record`` and every step of ``Record.replay()`` kept, as ``canasta replay``
  and the sample-game stepper keep them (each step holds a copy of the state after it);
* ``stepper``: the ``GameStepper`` widget built on the record, then its last step shown;
* time is wall-clock and the process's own CPU time (steadier on a shared machine); peak memory
  is the process's peak resident size (``ru_maxrss``), the interpreter included.

Replaying is linear when doubling the actions doubles the time and the memory.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import report  # noqa: E402

TARGET = 10**6  # no side reaches it within 20,000 actions


def make_record(actions: int, seed: int = 1) -> dict:
    """A record of ``actions`` actions of one long classic game between greedy bots."""
    from canasta import new_game
    from canasta.bots import GreedyBot
    from canasta.records import record_from_state
    from canasta.registry import find_variant

    v = find_variant("classic").with_options(target=TARGET)
    state = new_game(v, seed=seed)
    bots = [GreedyBot(seed * 10 + i) for i in range(state.players)]
    for _ in range(actions):
        if state.is_over:
            raise SystemExit(f"the game ended after {len(state.history)} actions")
        state.apply(bots[state.actor].choose(state))
    return record_from_state(state).to_dict()


def _child(path: str, mode: str) -> None:
    """Run in a fresh process: replay the record file, print the figures as JSON."""
    import resource

    t0, c0 = time.perf_counter(), time.process_time()
    if mode == "replay":
        from canasta.records import load_record

        record = load_record(path)
        steps = list(record.replay())
        count = len(steps)
    else:
        from canasta.records import load_record
        from canasta.widgets import GameStepper

        record = load_record(path)
        stepper = GameStepper(record)
        stepper.last()
        count = stepper.total
    seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"actions": count, "seconds": round(seconds, 2), "cpu_s": round(cpu, 2),
                      "peak_mb": round(peak_mb)}))


def _run(path: Path, mode: str, timeout: float) -> dict:
    cmd = [sys.executable, __file__, "--child", str(path), "--mode", mode]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, check=True)
    except subprocess.TimeoutExpired:
        return {"seconds": None, "peak_mb": None, "note": f"stopped after {timeout:g} s"}
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--actions", type=int, nargs="+", default=[5000, 10000, 20000])
    p.add_argument("--modes", nargs="+", default=["replay", "stepper"], choices=["replay", "stepper"])
    p.add_argument("--timeout", type=float, default=300, help="seconds allowed to one replay")
    p.add_argument("--child", help=argparse.SUPPRESS)
    p.add_argument("--mode", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.child:
        _child(args.child, args.mode)
        return
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.actions:
            path = Path(tmp) / f"long_{n}.json"
            path.write_text(json.dumps(make_record(n), ensure_ascii=False), encoding="utf-8")
            row = {"actions": n, "file_kb": round(path.stat().st_size / 1024)}
            for mode in args.modes:
                row[mode] = _run(path, mode, args.timeout)
            rows.append(row)
    parts = []
    for row in rows:
        shown = ", ".join(
            f"{m} {r['seconds']} s ({r['cpu_s']} s of CPU) / {r['peak_mb']} MB"
            if r.get("seconds") is not None
            else f"{m} {r['note']}" for m in args.modes for r in [row[m]])
        parts.append(f"{row['actions']:,} actions ({row['file_kb']} KB): {shown}")
    report("replay_long", {"rows": rows}, "replaying long records: " + "; ".join(parts))


if __name__ == "__main__":
    main()
