"""The README's side-by-side table, written from a saved run of ``against_baseline.py``.

    python benchmarks/against_baseline.py --save benchmarks/results/against_baseline.json
    python benchmarks/baseline_table.py              # rewrite the README's table from it
    python benchmarks/baseline_table.py --check      # exit 1 if the README differs from it

The table sits in the README between two marker comments; nothing else in the README changes.
Every figure in it, and the verdict on issue 26's targets, is computed from the saved run.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results" / "against_baseline.json"
README = ROOT / "README.md"
BEGIN = "<!-- against_baseline: begin (written by benchmarks/baseline_table.py) -->"
END = "<!-- against_baseline: end -->"
# issue 26's targets: hands per second of the baseline (pure Python), Real beside classic
TARGET_PURE, TARGET_COMPILED, TARGET_REAL = 5.0, 10.0, 0.5


def spread(values: list[float]) -> str:
    """min / median / max, two decimals."""
    return f"{min(values):.2f} / {statistics.median(values):.2f} / {max(values):.2f}"


def median(values: list[float]) -> float:
    return statistics.median(values)


def render(run: dict[str, Any]) -> str:
    """The markdown between the markers, from a saved run."""
    base = run["baseline"]
    variants: dict[str, dict[str, list[float]]] = run["variants"]
    lines = [
        f"The run of {run['date']} (`python benchmarks/against_baseline.py --rounds "
        f"{run['rounds']} --seconds {run['seconds']:g} "
        f"{'--peer DIR --peer-python EXE ' if 'peer' in (run.get('extras') or {}) else ''}--save "
        "benchmarks/results/against_baseline.json`; this tree "
        f"{run['build']}, `{base}` pure Python; Python {run['python']}, {run['cpus']} cores"
        f"{' (' + run['processor'] + ')' if run.get('processor') else ''}, "
        f"load average {run['load'][0]:.2f} at its start and {run['load'][1]:.2f} at its end, its "
        "own process included). "
        f"Ratio this tree / `{base}`, min / median / max over the rounds:",
        "",
        f"| variant | hands/s | decisions/s | playouts/s | here (hands/s, playouts/s) | `{base}` |",
        "|---|---|---|---|---|---|",
    ]
    for v, row in variants.items():
        lines.append(
            f"| {v} | {spread(row['hands'])} | {spread(row['decisions'])} | "
            f"{spread(row['playouts'])} | {median(row['hands_new']):.0f}, "
            f"{median(row['play_new']):.0f} | {median(row['hands_base']):.0f}, "
            f"{median(row['play_base']):.0f} |")
    lines.append("")
    lines.append(verdict(run))
    extras = run.get("extras") or {}
    said = []
    if "import_s" in extras:
        imp = extras["import_s"]
        said.append(f"`import canasta` took {imp['new'] * 1000:.0f} ms here and "
                    f"{imp['baseline'] * 1000:.0f} ms at `{base}` (wall, median of 5)")
    if "stepper_next_ms" in extras:
        st = extras["stepper_next_ms"]
        said.append(f"one Next of the sample-game stepper {st['new']} ms here and "
                    f"{st['baseline']} ms at `{run['stepper_baseline']}` (wall, median of the "
                    "steps, best of 2 runs)")
    if "table_click" in extras:
        tc = extras["table_click"]
        said.append(f"a click on the card table (classic, {tc['clicks']} clicks) "
                    f"{tc['click_cpu_median_ms']} ms median and {tc['click_cpu_max_ms']} ms "
                    f"slowest of CPU, the expert coach's hint {tc['hint_median_ms'] / 1000:.2f} s "
                    f"median and {tc['hint_max_ms'] / 1000:.2f} s slowest")
    if "peer" in extras:
        said.append(peer_text(extras["peer"], base))
    if said:
        lines.append("")
        lines.append("In the same run: " + "; ".join(said) + ".")
    return "\n".join(lines)


def peer_text(pe: dict[str, Any], base: str) -> str:
    """The peer's figures: ratios to canasta-openspiel, and each one's median rate."""
    ratios = ", ".join(f"{spread(pe[w]['new_vs_peer'])} the {w}" for w in ("games", "hands",
                                                                           "decisions"))
    return (f"uniform-random complete classic games to 5000, against the Python peer "
            f"canasta-openspiel: this tree plays {ratios} a second of the peer's (min / median "
            f"/ max), `{base}` {median(pe['games']['baseline_vs_peer']):.2f} the games and "
            f"{median(pe['decisions']['baseline_vs_peer']):.2f} the decisions (medians: "
            f"{median(pe['games']['new_per_s']):.1f} games and "
            f"{median(pe['decisions']['new_per_s']):,.0f} decisions a second here, "
            f"{median(pe['games']['peer_per_s']):.1f} and "
            f"{median(pe['decisions']['peer_per_s']):,.0f} the peer)")


def verdict(run: dict[str, Any]) -> str:
    """Issue 26's targets on hands per second, met or not, from the run's medians."""
    variants = run["variants"]
    target = TARGET_COMPILED if run["build"] == "compiled" else TARGET_PURE
    ratios = {v: median(row["hands"]) for v, row in variants.items()}
    met = [v for v, r in ratios.items() if r >= target]
    best = max(ratios, key=lambda v: ratios[v])
    worst = min(ratios, key=lambda v: ratios[v])
    if len(met) == len(ratios):
        first = f"The {target:g}-fold target on hands per second is **met** in every variant."
    else:
        where = (f"in any of the {len(ratios)} variants measured" if not met else
                 f"in {len(ratios) - len(met)} of the {len(ratios)} variants measured (met in "
                 f"{', '.join(met)})")
        first = (f"The {target:g}-fold target on hands per second ({run['build']}) is **not met** "
                 f"{where}: medians {ratios[worst]:.2f} ({worst}) to {ratios[best]:.2f} ({best}).")
    if "real" in variants and "classic" in variants:
        share = median(variants["real"]["hands_new"]) / median(variants["classic"]["hands_new"])
        first += (f" Canasta Real plays {share:.2f} of classic's hands per second here (the "
                  f"target is at least {TARGET_REAL:g}: "
                  f"{'met' if share >= TARGET_REAL else 'not met'}).")
    return first


def rewrite(readme: str, table: str) -> str:
    """``readme`` with the text between the markers replaced by ``table``."""
    start, stop = readme.find(BEGIN), readme.find(END)
    if start < 0 or stop < start:
        raise ValueError(f"the README has no pair of markers {BEGIN!r} … {END!r}")
    return readme[:start + len(BEGIN)] + "\n" + table + "\n" + readme[stop:]


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--results", type=Path, default=RESULTS)
    p.add_argument("--readme", type=Path, default=README)
    p.add_argument("--check", action="store_true",
                   help="change nothing; exit 1 if the README's table is not the saved run's")
    args = p.parse_args()
    try:
        run = json.loads(args.results.read_text(encoding="utf-8"))
        old = args.readme.read_text(encoding="utf-8")
        new = rewrite(old, render(run))
    except (OSError, ValueError, KeyError) as e:
        print(f"baseline_table: {e}", file=sys.stderr)
        return 2
    if args.check:
        if new != old:
            print(f"{args.readme}: the table differs from {args.results}; run "
                  "benchmarks/baseline_table.py", file=sys.stderr)
            return 1
        return 0
    args.readme.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
