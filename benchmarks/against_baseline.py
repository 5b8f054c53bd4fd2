"""This checkout side by side with a baseline commit, interleaved in one run (A B A B).

    python benchmarks/against_baseline.py [--baseline 11544ac] [--rounds 3] [--seconds 1.5]
        [--variants classic real ...] [--no-extras] [--stepper-baseline 31d8731]

A ``git worktree`` of the baseline is made in a temporary directory (and removed at the end);
each measurement runs in a fresh interpreter whose import path starts with one tree or the
other (both pure Python unless this tree was compiled in place). Every round measures both trees
on the same seeds, the baseline first, and rounds use seeds of their own. Times are the worker's
CPU time (``time.process_time``), so ratios hold on a loaded machine; absolute figures do not.

Measured per variant:

* uniform-random hands (a new game's first hand, to its end): hands and decisions per CPU second;
* playouts: from positions reached by ~20 uniform-random decisions, a copy of the state
  (``State.copy``) played uniformly at random to the end of the hand with ``legal_actions`` and
  ``play``: playouts per CPU second.

With ``--peer DIR --peer-python EXE`` (a checkout of canasta-openspiel and a Python with
``open_spiel``, as ``benchmarks/peer.py`` takes them), every round also plays uniform-random
complete classic games to 5000 in the baseline, this tree and the peer, in an order that turns
round by round, for ``max(--seconds, 3)`` of CPU each (``peer.py``'s workers).

And once: ``import canasta`` (wall time of a fresh interpreter, median of 5 each), one Next of
the sample-game stepper (``benchmarks/stepper_next.py`` in each tree; against
``--stepper-baseline``, the commit whose figure the README set), and one table click
(``benchmarks/table_click.py``, this tree only: the baseline's table differs).

Prints one JSON line per figure, then a table a person reads: min / median / max over the rounds
of the ratio this tree / baseline. ``--save FILE`` also writes the run's summary as JSON, from
which ``benchmarks/baseline_table.py`` writes the README's table.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from _common import processor  # noqa: E402
from peer import OURS, PEER, measure, per_second  # noqa: E402

VARIANTS = ("classic", "rioplatense", "americana", "individual", "real")

# The worker: runs inside a fresh interpreter with PYTHONPATH at one tree; only the public API
# that both trees have (new_game, legal_actions, play, copy, phase) is used.
WORKER = r'''
import json, random, sys, time
import canasta
task, variant, first, seconds = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
count = int(sys.argv[5])
END = ("hand-over", "game-over")

def hands(seeds):
    n = dec = 0
    for seed in seeds:
        s = canasta.new_game(variant, seed=seed)
        rng = random.Random(seed)
        while s.phase not in END:
            a = s.legal_actions()
            s.play(a[int(rng.random() * len(a))])
            dec += 1
        n += 1
    return n, dec

def position(seed):
    """A state ~20 uniform-random decisions into a hand (None if the hand ended before)."""
    s = canasta.new_game(variant, seed=seed)
    rng = random.Random(seed)
    for _ in range(20):
        if s.phase in END:
            return None
        a = s.legal_actions()
        s.play(a[int(rng.random() * len(a))])
    return None if s.phase in END else s

def playouts(seed, k):
    start = None
    while start is None:
        start = position(seed)
        seed += 7919
    n = dec = 0
    for i in range(k):
        rng = random.Random(seed * 1000 + i)
        s = start.copy()
        while s.phase not in END:
            a = s.legal_actions()
            s.play(a[int(rng.random() * len(a))])
            dec += 1
        n += 1
    return n, dec

t0 = time.process_time()
if task == "hands":
    n, dec = hands(range(first, first + count))
else:
    n = dec = 0
    seed = first
    while n < count and (seconds <= 0 or time.process_time() - t0 < seconds):
        a, b = playouts(seed, 10)
        n, dec, seed = n + a, dec + b, seed + 1
cpu = time.process_time() - t0
print(json.dumps({"n": n, "decisions": dec, "cpu": cpu, "file": canasta.__file__,
                  "compiled": bool(getattr(canasta, "compiled", lambda: False)())}))
'''

IMPORT_PROBE = ("import time; t = time.perf_counter(); import canasta; "
                "print(time.perf_counter() - t)")


def run_worker(tree: Path, args: list[str]) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run([sys.executable, "-c", WORKER, *args], env=env, capture_output=True,
                         text=True, check=True, cwd=tree).stdout
    return json.loads(out.strip().splitlines()[-1])  # type: ignore[no-any-return]


def import_seconds(tree: Path) -> float:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run([sys.executable, "-c", IMPORT_PROBE], env=env, capture_output=True,
                         text=True, check=True, cwd=tree).stdout
    return float(out.strip().splitlines()[-1])


def script_figures(tree: Path, script: Path, extra: list[str]) -> dict[str, Any] | None:
    """The JSON line a benchmark script prints, run against ``tree`` (None if it failed)."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    proc = subprocess.run([sys.executable, str(script), *extra], env=env, capture_output=True,
                          text=True, cwd=tree)
    for line in proc.stdout.splitlines():
        if line.startswith("{"):
            return json.loads(line)  # type: ignore[no-any-return]
    return None


def worktree(commit: str, where: Path) -> Path:
    path = where / commit
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-f", str(path), commit],
                   check=True, capture_output=True)
    return path


def drop_worktree(path: Path) -> None:
    subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(path)],
                   capture_output=True)


def spread(values: list[float]) -> str:
    return (f"{min(values):.2f} / {statistics.median(values):.2f} / {max(values):.2f}"
            if values else "-")


def peer_summary(runs: list[dict[str, dict[str, Any]]]) -> dict[str, Any]:
    """Per figure (games, hands, decisions a second): the ratios this tree / peer and baseline /
    peer of each round, and each one's rate a second in each round."""
    out: dict[str, Any] = {}
    for what in ("games", "hands", "decisions"):
        rate = {who: [per_second(r[who], what) for r in runs] for who in ("new", "baseline", "peer")}
        out[what] = {"new_vs_peer": [n / q for n, q in zip(rate["new"], rate["peer"], strict=True)],
                     "baseline_vs_peer": [b / q for b, q in zip(rate["baseline"], rate["peer"],
                                                                 strict=True)],
                     **{f"{who}_per_s": v for who, v in rate.items()}}
    return out


def calibrate(base: Path, variant: str, seconds: float) -> int:
    """How many hands of ``variant`` the baseline plays in about ``seconds`` of CPU."""
    probe = run_worker(base, ["hands", variant, "900000", "0", "3"])
    per_hand = probe["cpu"] / max(1, probe["n"])
    return max(3, round(seconds / max(per_hand, 1e-6)))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--baseline", default="11544ac")
    p.add_argument("--stepper-baseline", default="31d8731")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--seconds", type=float, default=1.5,
                   help="about how much baseline CPU time each measurement takes")
    p.add_argument("--variants", nargs="*", default=list(VARIANTS))
    p.add_argument("--no-extras", action="store_true",
                   help="only hands and playouts (no import time, stepper or table click)")
    p.add_argument("--peer", type=Path, metavar="DIR", help="a checkout of canasta-openspiel")
    p.add_argument("--peer-python", metavar="EXE", help="a Python with open_spiel installed")
    p.add_argument("--save", type=Path, metavar="FILE",
                   help="write the run's summary (ratios, figures, machine, load) as JSON")
    args = p.parse_args()
    if (args.peer is None) != (args.peer_python is None):
        p.error("--peer and --peer-python go together")
    if args.peer is not None and not (args.peer / "canasta" / "canasta_game.py").is_file():
        p.error(f"--peer {args.peer}: not a checkout of canasta-openspiel "
                "(no canasta/canasta_game.py)")
    peer_runs: list[dict[str, dict[str, Any]]] = []
    load_before = os.getloadavg()
    started = time.strftime("%Y-%m-%d", time.gmtime())
    rows: dict[str, dict[str, list[float]]] = {}
    absolute: dict[str, dict[str, list[float]]] = {}
    with tempfile.TemporaryDirectory(prefix="canasta-baseline-") as tmp:
        base = worktree(args.baseline, Path(tmp))
        step_base = None
        try:
            sizes = {v: calibrate(base, v, args.seconds) for v in args.variants}
            for r in range(args.rounds):
                for v in args.variants:
                    first = 1000 + r * 10_000
                    # the baseline first, then this tree, on the same seeds
                    a = run_worker(base, ["hands", v, str(first), "0", str(sizes[v])])
                    b = run_worker(ROOT, ["hands", v, str(first), "0", str(sizes[v])])
                    row = rows.setdefault(v, {})
                    ab = absolute.setdefault(v, {})
                    row.setdefault("hands", []).append((b["n"] / b["cpu"]) / (a["n"] / a["cpu"]))
                    row.setdefault("decisions", []).append(
                        (b["decisions"] / b["cpu"]) / (a["decisions"] / a["cpu"]))
                    ab.setdefault("hands_base", []).append(a["n"] / a["cpu"])
                    ab.setdefault("hands_new", []).append(b["n"] / b["cpu"])
                    ab.setdefault("dec_base", []).append(a["decisions"] / a["cpu"])
                    ab.setdefault("dec_new", []).append(b["decisions"] / b["cpu"])
                    # playouts: the baseline's count in the time given, then as many here
                    pa = run_worker(base, ["playouts", v, str(first), str(args.seconds),
                                           "1000000000"])
                    pb = run_worker(ROOT, ["playouts", v, str(first), "0", str(pa["n"])])
                    row.setdefault("playouts", []).append((pb["n"] / pb["cpu"]) /
                                                          (pa["n"] / pa["cpu"]))
                    ab.setdefault("play_base", []).append(pa["n"] / pa["cpu"])
                    ab.setdefault("play_new", []).append(pb["n"] / pb["cpu"])
                    compiled = b["compiled"]
                    print(json.dumps({"round": r, "variant": v, "baseline": a, "new": b,
                                      "playouts_baseline": pa, "playouts_new": pb}), flush=True)
                if args.peer is not None:
                    # complete classic games: the baseline, this tree and the peer, the order
                    # turning round by round
                    seconds, first = max(args.seconds, 3.0), 10_000 * (r + 1)
                    runs = [("baseline", sys.executable, OURS, str(base)),
                            ("new", sys.executable, OURS, str(ROOT)),
                            ("peer", args.peer_python, PEER, str(args.peer.resolve()))]
                    runs = runs[r % 3:] + runs[:r % 3]
                    got = {name: measure(py, code, path, seconds, first)
                           for name, py, code, path in runs}
                    peer_runs.append(got)
                    print(json.dumps({"round": r, "peer_games": got}), flush=True)
            extras: dict[str, Any] = {}
            if peer_runs:
                extras["peer"] = peer_summary(peer_runs)
            if not args.no_extras:
                imp_a, imp_b = [], []
                for _ in range(5):
                    imp_a.append(import_seconds(base))
                    imp_b.append(import_seconds(ROOT))
                extras["import_s"] = {"baseline": statistics.median(imp_a),
                                      "new": statistics.median(imp_b)}
                step_base = worktree(args.stepper_baseline, Path(tmp))
                script = ROOT / "benchmarks" / "stepper_next.py"
                sa = script_figures(step_base, script, ["--runs", "2"])
                sb = script_figures(ROOT, script, ["--runs", "2"])
                sa2 = script_figures(step_base, script, ["--runs", "2"])
                sb2 = script_figures(ROOT, script, ["--runs", "2"])
                if sa and sb and sa2 and sb2:
                    extras["stepper_next_ms"] = {
                        "baseline": min(sa["next_ms_median"], sa2["next_ms_median"]),
                        "new": min(sb["next_ms_median"], sb2["next_ms_median"])}
                click = script_figures(ROOT, ROOT / "benchmarks" / "table_click.py",
                                       ["--hands", "1", "--variants", "classic"])
                if click:
                    extras["table_click"] = {k: v for k, v in click.items() if k != "machine"}
                print(json.dumps({"extras": extras}), flush=True)
        finally:
            drop_worktree(base)
            if step_base is not None:
                drop_worktree(step_base)
    build = "compiled" if compiled else "pure Python"
    if args.save is not None:
        summary = {"date": started, "baseline": args.baseline, "rounds": args.rounds,
                   "seconds": args.seconds, "build": build, "cpus": os.cpu_count(),
                   "python": sys.version.split()[0], "processor": processor(),
                   "load": [round(load_before[0], 2), round(os.getloadavg()[0], 2)],
                   "variants": {v: {**rows[v], **absolute[v]} for v in args.variants},
                   "stepper_baseline": args.stepper_baseline, "extras": extras}
        args.save.write_text(json.dumps(summary, indent=1) + "\n")
    print(f"\nThis tree ({build}) / {args.baseline} (pure Python), CPU time, {args.rounds} "
          f"interleaved rounds: ratio min / median / max")
    print(f"{'variant':<12} {'hands/s':>20} {'decisions/s':>20} {'playouts/s':>20}   "
          "absolute medians here (hands/s, decisions/s, playouts/s)")
    for v in args.variants:
        row, ab = rows[v], absolute[v]
        print(f"{v:<12} {spread(row['hands']):>20} {spread(row['decisions']):>20} "
              f"{spread(row['playouts']):>20}   {statistics.median(ab['hands_new']):.0f}, "
              f"{statistics.median(ab['dec_new']):.0f}, {statistics.median(ab['play_new']):.0f}"
              f"  (baseline {statistics.median(ab['hands_base']):.0f}, "
              f"{statistics.median(ab['dec_base']):.0f}, {statistics.median(ab['play_base']):.0f})")
    if "real" in rows and "classic" in rows:
        real = statistics.median(absolute["real"]["hands_new"])
        classic = statistics.median(absolute["classic"]["hands_new"])
        print(f"Canasta Real / classic hands/s here: {real / classic:.2f}")
    if not args.no_extras:
        imp = extras["import_s"]
        print(f"import canasta: {imp['new'] * 1000:.0f} ms here, {imp['baseline'] * 1000:.0f} ms "
              f"at {args.baseline} (wall, median of 5)")
        if "stepper_next_ms" in extras:
            st = extras["stepper_next_ms"]
            print(f"stepper Next: {st['new']} ms here, {st['baseline']} ms at "
                  f"{args.stepper_baseline} (wall, median of the steps, best of 2 runs)")
        if "table_click" in extras:
            print(f"table click (here): {json.dumps(extras['table_click'])[:300]}")
    if "peer" in extras:
        pe = extras["peer"]
        print("complete classic games, ratio to canasta-openspiel (min / median / max): "
              + "; ".join(f"{what} this tree {spread(pe[what]['new_vs_peer'])}, {args.baseline} "
                          f"{spread(pe[what]['baseline_vs_peer'])}" for what in pe))


if __name__ == "__main__":
    main()
