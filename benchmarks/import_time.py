"""Time of `import canasta` in a fresh interpreter, and the proof that it imports no Jupyter or
rich module.

    python benchmarks/import_time.py --runs 7
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import report  # noqa: E402

PROBE = (
    "import sys, time; t=time.perf_counter(); import canasta; dt=time.perf_counter()-t; "
    "import json; heavy=[m for m in sys.modules if m.split('.')[0] in "
    "('rich','ipywidgets','IPython','jupyter_client','ipykernel','traitlets')]; "
    "print(json.dumps({'seconds': dt, 'heavy': heavy}))"
)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--runs", type=int, default=7)
    args = p.parse_args()
    times, heavy = [], []
    for _ in range(args.runs):
        out = subprocess.run([sys.executable, "-X", "importtime", "-c", PROBE], capture_output=True,
                             text=True, check=True).stdout
        d = json.loads(out.strip().splitlines()[-1])
        times.append(d["seconds"])
        heavy = d["heavy"]
    med = statistics.median(times)
    report("import_time", {"seconds_median": round(med, 4), "heavy_modules": heavy},
           f"import canasta: {med * 1000:.1f} ms (median of {args.runs}); heavy modules imported: "
           f"{heavy or 'none'}")


if __name__ == "__main__":
    main()
