"""Instructions a decision, this checkout beside a baseline commit: counts the load does not change.

    python benchmarks/instructions.py [--baseline ee539c8] [--variants real classic] [--hands 8]

Runs valgrind's callgrind on uniform-random hands (a new game's first hand to its end, seeds 500
on), in a fresh interpreter whose import path starts with one tree or the other (a ``git worktree``
of the baseline in a temporary folder, removed at the end). Each tree runs twice, one hand and
``1 + hands`` hands, and the difference is what the ``hands`` cost, so imports and start-up do not
count. Both trees play the same seeds, so they make the same decisions (checked: the counts of
decisions must be equal). Prints the instructions per decision in each tree and their ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from against_baseline import drop_worktree, worktree  # noqa: E402

WORKER = r'''
import random, sys
import canasta
variant, n = sys.argv[1], int(sys.argv[2])
decisions = 0
for seed in range(500, 500 + n):
    s = canasta.new_game(variant, seed=seed)
    rng = random.Random(seed)
    while s.phase not in ("hand-over", "game-over"):
        a = s.legal_actions()
        s.play(a[int(rng.random() * len(a))])
        decisions += 1
print(decisions, canasta.__file__)
'''


def count(tree: Path, variant: str, hands: int, out: Path) -> tuple[int, int]:
    """(instructions, decisions) of ``hands`` hands in ``tree``."""
    # the same start-up in both runs of a tree (no byte code written by the first), so the
    # difference is the hands alone
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONDONTWRITEBYTECODE": "1"}
    proc = subprocess.run(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, "-c",
         WORKER, variant, str(hands)], capture_output=True, text=True, check=True, env=env,
        cwd=tree)  # (``-c`` puts the working folder first on the import path)
    found = re.search(r"Collected : (\d+)", proc.stderr)
    if found is None:
        raise SystemExit(f"no instruction count from valgrind:\n{proc.stderr[-2000:]}")
    decisions, where = proc.stdout.split()
    if not Path(where).is_relative_to(tree):
        raise SystemExit(f"{tree}: imported canasta from {where}")
    return int(found.group(1)), int(decisions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", default="ee539c8")
    parser.add_argument("--variants", nargs="+", default=["classic", "rioplatense", "americana",
                                                         "individual", "real"])
    parser.add_argument("--hands", type=int, default=8)
    args = parser.parse_args()
    here = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as tmp:
        base = worktree(args.baseline, Path(tmp))
        try:
            rows = []
            for variant in args.variants:
                per: dict[str, float] = {}
                for name, tree in (("baseline", base), ("new", here)):
                    one, d1 = count(tree, variant, 1, Path(tmp) / "cg.1")
                    more, d2 = count(tree, variant, 1 + args.hands, Path(tmp) / "cg.n")
                    per[name] = (more - one) / (d2 - d1)
                    per[f"{name}_decisions"] = d2 - d1
                if per["baseline_decisions"] != per["new_decisions"]:
                    raise SystemExit(f"{variant}: the trees made different decisions")
                print(json.dumps({"variant": variant, **per}))
                rows.append((variant, per["baseline"], per["new"], int(per["new_decisions"])))
        finally:
            drop_worktree(base)
    print(f"\nInstructions a decision, {args.hands} uniform-random hands (callgrind, less one hand)")
    print(f"{'variant':12s} {args.baseline:>12s} {'this tree':>12s} {'ratio':>7s} {'decisions':>10s}")
    for variant, b, n, d in rows:
        print(f"{variant:12s} {b/1e3:11.0f}k {n/1e3:11.0f}k {b/n:7.2f} {d:10d}")


if __name__ == "__main__":
    main()
