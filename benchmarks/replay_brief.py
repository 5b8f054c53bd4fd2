"""``canasta replay`` of a long record as a user runs it: wall-clock and CPU time of the command,
and the bytes it prints, in brief (the default past a few hundred actions) and with ``--details``.

    python benchmarks/replay_brief.py [--actions 25000] [--details]

The record is one classic game of random bots (house rule ``target`` out of reach).
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def make_record(actions: int) -> dict[str, object]:
    from canasta import new_game
    from canasta.bots import RandomBot
    from canasta.records import record_from_state
    from canasta.registry import find_variant

    state = new_game(find_variant("classic").with_options(target=10**6), seed=3)
    bot = RandomBot(3)
    while len(state.history) < actions and not state.is_over:
        state.apply(bot.choose(state))
    return record_from_state(state).to_dict()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--actions", type=int, default=25000)
    p.add_argument("--details", action="store_true")
    args = p.parse_args()
    data = make_record(args.actions)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "long.json"
        path.write_text(json.dumps(data), "utf-8")
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        out = subprocess.run([sys.executable, "-m", "canasta.cli", "replay", str(path),
                              *(["--details"] if args.details else [])],
                             capture_output=True, check=True).stdout
        wall = time.perf_counter() - t
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    n = len(data["actions"])  # type: ignore[arg-type]
    print(f"{n} actions: {wall:.2f} s wall, {cpu:.2f} s CPU ({cpu / n * 1000:.3f} ms an action), "
          f"{len(out):,} bytes printed")


if __name__ == "__main__":
    main()
