"""Wall time of the notebook suite under strict nbval (as the README's test command runs it).

    python benchmarks/nbval_suite.py [--runs 3]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import report  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--runs", type=int, default=3)
    args = p.parse_args()
    times = []
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory() as tmp:
            env = {"JUPYTER_CONFIG_DIR": f"{tmp}/c", "JUPYTER_DATA_DIR": f"{tmp}/d",
                   "JUPYTER_RUNTIME_DIR": f"{tmp}/r", "IPYTHONDIR": f"{tmp}/i"}
            import os

            t = time.perf_counter()
            done = subprocess.run([sys.executable, "-m", "pytest", "-q", "notebooks"], cwd=ROOT,
                                  env={**os.environ, **env}, capture_output=True, text=True)
            times.append(time.perf_counter() - t)
            if done.returncode != 0:
                sys.exit(done.stdout[-2000:])
    med = statistics.median(times)
    report("nbval_suite", {"seconds_median": round(med, 1), "all_runs": [round(x, 1) for x in times]},
           f"nbval suite (every notebook, strict): {med:.1f} s wall (median of {args.runs})")


if __name__ == "__main__":
    main()
