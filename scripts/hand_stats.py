"""Play many hands of each variant with greedy bots and store one record per hand.

    python scripts/hand_stats.py                      # 1000 hands of each variant, 2 processes
    python scripts/hand_stats.py --hands 200 --variants classic real --jobs 1 --out /tmp/h.json

The variants notebook reads the stored file (``examples/statistics/greedy_hands.json``, and its copy
shipped in the package, ``canasta/examples/statistics/``) and shows the figures
``canasta.stats.summarise`` makes of it; ``tests/test_hand_stats.py`` replays a sample
of the stored hands and finds them equal. Rerun this script whenever a change to the engine or the
bots changes how the bots play (that test then says so): every hand depends only on its variant
and seed, so the file is the same however many processes write it.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

from canasta.stats import HandRecord, play_hand  # noqa: E402
from canasta.variants import VARIANTS  # noqa: E402

OUT = ROOT / "examples" / "statistics" / "greedy_hands.json"
SHIPPED = ROOT / "canasta" / "examples" / "statistics" / "greedy_hands.json"  # the package's copy
BOT = "greedy"


def _play(job: tuple[str, int]) -> list[int | str]:
    variant, seed = job
    return play_hand(variant, seed, BOT).to_row()


def records(variant: str, hands: int, jobs: int) -> list[HandRecord]:
    todo = [(variant, seed) for seed in range(hands)]
    if jobs <= 1:
        rows = [_play(j) for j in todo]
    else:
        with ProcessPoolExecutor(jobs) as pool:
            rows = list(pool.map(_play, todo, chunksize=25))
    return [HandRecord.from_row(r) for r in rows]


def dump(data: dict[str, object], hands: dict[str, list[HandRecord]]) -> str:
    """JSON with one hand per line, so that a rerun shows as a readable diff."""
    head = json.dumps(data, ensure_ascii=False, indent=2)[:-2]
    blocks = []
    for name, recs in hands.items():
        rows = ",\n".join("      " + json.dumps(r.to_row(), ensure_ascii=False) for r in recs)
        blocks.append(f'    "{name}": [\n{rows}\n    ]')
    return head + ',\n  "hands": {\n' + ",\n".join(blocks) + "\n  }\n}\n"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--hands", type=int, default=1000, help="hands per variant (default 1000)")
    p.add_argument("--variants", nargs="*", default=[v.name for v in VARIANTS])
    p.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    p.add_argument("--out", type=Path, default=None,
                   help="write here (default: examples/statistics/ and the package's copy)")
    args = p.parse_args(argv)
    hands: dict[str, list[HandRecord]] = {}
    for name in args.variants:
        t0 = time.perf_counter()
        hands[name] = records(name, args.hands, args.jobs)
        print(f"{name}: {args.hands} hands in {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    data = {
        "about": "The first hand of games with seeds 0 to N-1 of each variant, played by a greedy "
                 "bot in every seat (canasta.stats.play_hand). A row is [seed, turns, how the "
                 "hand ended, points of each side].",
        "bot": BOT,
        "made_by": "python scripts/hand_stats.py --hands " + str(args.hands),
    }
    for out in [args.out] if args.out else [OUT, SHIPPED]:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(dump(data, hands), encoding="utf-8")
        print(f"wrote {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
