"""Search in the static site: playouts and the expert coach's hint run by the site's own Python
(Pyodide, in Chromium), side by side with CPython in the same run, on the same seeds.

    python benchmarks/site_search.py [--site DIR] [--rounds 2] [--variants classic real ...]
        [--playouts 100] [--continuations 100] [--hints 24] [--tasks random coach hint]
        [--python EXE] [--cpython-only]

The site is built with ``canasta site build`` into a temporary folder (downloads cached), or
``--site DIR`` reuses one built before; it is served by the project's own server on 127.0.0.1,
and headless Chromium opens the sample game's notebook view (``notebooks/index.html?path=
01_sample_game.ipynb``: no cell runs). The code below is sent to that page's kernel — the Pyodide
every page of the site runs in — and to a CPython interpreter (this one's ``canasta``), one
long-lived interpreter each, so both have imported and warmed the same modules. Each task runs
in one, then the other (the order alternates by round: A B B A), on the same seeds.

Tasks, per variant:

* ``random``: playouts to the end of a hand as ``benchmarks/against_baseline.py``'s ``playouts``
  task plays them: from positions ~20 uniform-random decisions into a hand, a ``State.copy()``
  played uniformly at random with ``legal_actions()`` and ``play`` (10 playouts a position;
  the positions' 20 decisions are timed too, as there);
* ``coach``: the coach's own continuations: from positions ~20 decisions into a hand played by
  the playout policy, a re-deal of what the seat to move cannot see (``canasta.determinize``)
  played to the end of the hand as the search plays it, ``canasta.playout.hand_margin`` (on the
  counts kernel where it represents the position, classic; else ``PlayoutPolicy`` on the
  engine, whose decisions are counted); the re-deal is timed too: the search makes one per
  sample;
* ``hint``: the expert coach's hint as the card table asks for it (``make_coach("expert",
  seed * 100_003 + moves, variant)``, the coach's budget ``COACH_PLAYOUTS``), at every decision
  of seat 0 over hands where seat 0 follows the careful bot and the other seats are greedy bots
  (the table's default), until ``--hints`` hints a variant: median and slowest.

Times in the browser are **wall clock** (``time.perf_counter`` in Pyodide: what a learner waits
for); beside them, the browser's CPU time (every browser process, read from /proc: at most what
the page's Python used), over each task and over each hint (sampled every 50 ms, matched to the
page's own ``time.time()``). On a quiet machine the two are close, since the page's Python runs
in one worker thread; on a loaded one the wall clock grows and the CPU time hardly does. Times in
CPython are **CPU time** (``time.process_time``). The ratios Pyodide / CPython are of time for
the same work (> 1: the site is slower), by the browser's wall clock and by its CPU; the work is
the same when the decision counts (and the hints' chosen moves) agree, which the JSON says
(``same_work``). Prints one JSON line per figure, then a table a person reads (progress on
stderr). ``--cpython-only`` runs the CPython side alone (no browser).
"""

from __future__ import annotations

import argparse
import bisect
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import report  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = ("classic", "rioplatense", "americana", "individual", "real")
TASKS = ("random", "coach", "hint")

# Sent to both interpreters: only the public API and the coach as the table builds it.
WORKLOAD = r'''
import hashlib, json, random, statistics, sys, time
from pathlib import Path
import canasta
from canasta.bots import COACH_PLAYOUTS, make_bot, make_coach
from canasta.determinize import determinize, known_in_hands
from canasta.playout import PlayoutPolicy, hand_margin

IN_BROWSER = sys.platform == "emscripten"
# the browser's Python has no CPU clock of its own worth the name: wall time there
CLOCK = time.perf_counter if IN_BROWSER else time.process_time
END = ("hand-over", "game-over")


def about():
    """Which Python and which canasta (a digest of its sources, to tell two builds apart)."""
    folder = Path(canasta.__file__).parent
    h = hashlib.sha256()
    for p in sorted(folder.rglob("*.py")):
        h.update(p.relative_to(folder).as_posix().encode() + b"\0" + p.read_bytes())
    return {"python": sys.version.split()[0], "platform": sys.platform,
            "clock": "wall" if IN_BROWSER else "cpu", "canasta_sources": h.hexdigest()[:16],
            "compiled": canasta.compiled(), "coach_playouts": COACH_PLAYOUTS}


def position(variant, seed):
    """A state ~20 uniform-random decisions into a hand (None if the hand ended before)."""
    s = canasta.new_game(variant, seed=seed)
    rng = random.Random(seed)
    for _ in range(20):
        if s.phase in END:
            return None
        a = s.legal_actions()
        s.play(a[int(rng.random() * len(a))])
    return None if s.phase in END else s


def random_playouts(variant, first, count):
    """against_baseline.py's playouts task: ``count`` playouts, 10 a position."""
    t0 = CLOCK()
    n = dec = 0
    seed = first
    while n < count:
        start, s = None, seed
        while start is None:
            start = position(variant, s)
            s += 7919
        for i in range(min(10, count - n)):
            rng = random.Random(s * 1000 + i)
            st = start.copy()
            while st.phase not in END:
                a = st.legal_actions()
                st.play(a[int(rng.random() * len(a))])
                dec += 1
            n += 1
        seed += 1
    return {"n": n, "decisions": dec, "seconds": CLOCK() - t0}


def policy_position(variant, seed):
    """A state ~20 decisions into a hand played by the playout policy (None if it ended)."""
    s = canasta.new_game(variant, seed=seed)
    policy = PlayoutPolicy(seed)
    for _ in range(20):
        if s.hand_over:
            return None
        s.play(policy.choose(s))
    return None if s.hand_over else s


def coach_playouts(variant, first, count):
    """The coach's continuations: a re-deal for the seat to move, played to the end of the hand
    by the playout policy; ``count`` of them, 10 a position (positions not timed)."""
    n = dec = 0
    took = 0.0
    seed = first
    while n < count:
        start, s = None, seed
        while start is None:
            start = policy_position(variant, s)
            s += 7919
        seat = start.actor
        side = start.side_of(seat)
        known = known_in_hands(start)
        for i in range(min(10, count - n)):
            t0 = CLOCK()
            deal = determinize(start, seat, random.Random(f"bench:{s}:{i}"), known)
            before = len(deal.history)
            hand_margin(deal, side, PlayoutPolicy(s * 1000 + i))
            took += CLOCK() - t0
            dec += len(deal.history) - before
            n += 1
        seed += 1
    return {"n": n, "decisions": dec, "seconds": took}


def hints(variant, first, count):
    """The expert coach's hint at seat 0's decisions, as the card table asks for it."""
    times, spans, chosen = [], [], hashlib.sha256()
    dec = 0
    seed = first
    budgets = set()
    while len(times) < count:
        st = canasta.new_game(variant, seed)
        base = st.variant.base_name()
        while not st.hand_over and len(times) < count:
            moves = len(st.history)
            if st.actor == 0:
                w0, t0 = time.time(), CLOCK()
                coach = make_coach("expert", seed * 100_003 + moves, base)
                choice = coach.decide(st)
                times.append(CLOCK() - t0)
                spans.append((w0, time.time()))  # the host's clock: to read its CPU over it
                budgets.add(getattr(coach, "playouts", None))  # what this Python's coach uses
                chosen.update(choice.action.text.encode() + b"\0")
                action = make_bot("careful", moves).choose(st)
            else:
                action = make_bot("greedy", seed * 100_003 + moves).decide(st).action
            st.play(action)
            dec += 1
        seed += 1
    return {"n": len(times), "decisions": dec, "seconds": sum(times),
            "median": statistics.median(times), "max": max(times), "times": times,
            "spans": spans,
            "chosen": chosen.hexdigest()[:16], "budget": sorted(budgets, key=str)}


TASKS = {"random": random_playouts, "coach": coach_playouts, "hint": hints}


def task(name, variant, first, count):
    return TASKS[name](variant, first, count)
'''

# The CPython side: the workload, then one task a line of stdin (JSON), one JSON line back.
CPYTHON_LOOP = WORKLOAD + r'''
print(json.dumps(about()), flush=True)
for line in sys.stdin:
    print(json.dumps(task(*json.loads(line))), flush=True)
'''

# Runs code in the page's kernel (the notebook view's): its printed output, or its error.
EXECUTE_JS = """async (code) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = kernel.requestExecute({code, store_history: false});
  let out = '', error = '';
  future.onIOPub = (msg) => {
    const t = msg.header.msg_type;
    if (t === 'stream') out += msg.content.text;
    if (t === 'error') error = msg.content.ename + ': ' + msg.content.evalue + '\\n'
      + msg.content.traceback.join('\\n');
  };
  await future.done;
  return {out, error};
}"""
PAGE = "notebooks/index.html?path=01_sample_game.ipynb"


class CPython:
    """A long-lived CPython interpreter running the workload: this one's canasta, or for another
    ``python``, this checkout's (on its import path)."""

    def __init__(self, python: str | None = None) -> None:
        env = None
        if python and python != sys.executable:
            env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen([python or sys.executable, "-c", CPYTHON_LOOP],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                     cwd=ROOT, env=env)
        self.about = self._line()

    def _line(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit("the CPython worker ended without an answer")
        return json.loads(line)  # type: ignore[no-any-return]

    def run(self, name: str, variant: str, first: int, count: int) -> dict[str, Any]:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps([name, variant, first, count]) + "\n")
        self.proc.stdin.flush()
        return self._line()

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


class Browser:
    """The site served on 127.0.0.1 and opened in headless Chromium; code runs in its kernel."""

    def __init__(self, site: Path, chromium: str) -> None:
        from playwright.sync_api import sync_playwright
        from site_first_visit import FLAGS, KERNEL_IDLE_JS

        from canasta.site.serve import make_server

        self.server = make_server(site, "127.0.0.1", 0)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{self.server.server_address[1]}/"
        self.pw = sync_playwright().start()
        self.browser = self.pw.chromium.launch(executable_path=chromium, headless=True,
                                               args=FLAGS)
        self.page = self.browser.new_page()
        self.page.goto(base + PAGE)
        self.page.wait_for_function(KERNEL_IDLE_JS, timeout=600_000, polling=100)
        self.execute(WORKLOAD)
        self.about = json.loads(self.execute("print(json.dumps(about()))"))

    def execute(self, code: str) -> str:
        result = self.page.evaluate(EXECUTE_JS, code)
        if result["error"]:
            raise SystemExit("the site's Python failed:\n" + result["error"])
        return str(result["out"])

    def run(self, name: str, variant: str, first: int, count: int) -> dict[str, Any]:
        from site_first_visit import cpu_since, cpu_times

        before = cpu_times()
        with Sampler() as sampler:
            out = json.loads(self.execute(
                f"print(json.dumps(task({name!r}, {variant!r}, {first}, {count})))"))
        out["browser_cpu"] = cpu_since(before)
        if "spans" in out:  # each hint's CPU in the browser, from the samples over its span
            out["cpu_times"] = [sampler.cpu(b) - sampler.cpu(a) for a, b in out["spans"]]
        return out  # type: ignore[no-any-return]

    def close(self) -> None:
        self.browser.close()
        self.pw.stop()
        self.server.shutdown()
        self.server.server_close()


class Sampler:
    """The CPU time of this process's descendants (the browser, whose worker runs the page's
    Python), read from /proc every few hundredths of a second against the host's clock, so that
    a stretch of the page's work timed by its own ``time.time()`` has its CPU time too."""

    EVERY = 0.05

    def __init__(self) -> None:
        from site_first_visit import cpu_times

        self.pids = list(cpu_times())  # the processes alive now: reading only theirs is cheap
        self.tick = os.sysconf("SC_CLK_TCK")
        self.samples: list[tuple[float, float]] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, daemon=True)

    def _read(self) -> float:
        total = 0
        for pid in self.pids:
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += int(fields[11]) + int(fields[12])
        return total / self.tick

    def _loop(self) -> None:
        while True:
            self.samples.append((time.time(), self._read()))
            if self._stop.wait(self.EVERY):
                self.samples.append((time.time(), self._read()))
                return

    def __enter__(self) -> Sampler:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join()

    def cpu(self, at: float) -> float:
        """The CPU time used by ``at`` (host seconds), interpolated between samples."""
        points = self.samples
        i = bisect.bisect_left(points, (at, -1.0))
        if i == 0:
            return points[0][1]
        if i == len(points):
            return points[-1][1]
        (t0, c0), (t1, c1) = points[i - 1], points[i]
        return c0 + (c1 - c0) * (at - t0) / (t1 - t0) if t1 > t0 else c1


def load() -> float:
    try:
        return float(Path("/proc/loadavg").read_text().split()[0])
    except OSError:
        return -1.0


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--site", type=Path, help="a site built before (default: build one)")
    p.add_argument("--rounds", type=int, default=2, help="rounds, alternating who goes first")
    p.add_argument("--variants", nargs="*", default=list(VARIANTS), choices=VARIANTS)
    p.add_argument("--tasks", nargs="*", default=list(TASKS), choices=TASKS)
    p.add_argument("--playouts", type=int, default=100, help="random playouts a variant a round")
    p.add_argument("--continuations", type=int, default=100,
                   help="the coach's continuations a variant a round")
    p.add_argument("--hints", type=int, default=24, help="hints a variant a round")
    p.add_argument("--chromium", default="/usr/bin/chromium")
    p.add_argument("--python", help="the CPython to compare with (default: this one; another "
                   "one imports this checkout's canasta)")
    p.add_argument("--cpython-only", action="store_true", help="no browser: CPython's side only")
    p.add_argument("--quiet", action="store_true", help="the JSON lines only on stdout")
    args = p.parse_args(argv)
    for name in ("rounds", "playouts", "continuations", "hints"):
        if getattr(args, name) < 1:
            p.error(f"--{name} must be at least 1")
    return args


def counts(args: argparse.Namespace) -> dict[str, int]:
    return {"random": args.playouts, "coach": args.continuations, "hint": args.hints}


def measure(args: argparse.Namespace, sides: dict[str, Any]) -> list[dict[str, Any]]:
    """Every task of every variant in every round on each side (the order alternating)."""
    size = counts(args)
    runs = []
    for r in range(args.rounds):
        first = 1000 + r * 10_000  # each round plays seeds of its own
        order = list(sides) if r % 2 == 0 else list(sides)[::-1]
        for variant in args.variants:
            for name in args.tasks:
                row: dict[str, Any] = {"round": r, "variant": variant, "task": name,
                                       "load": load()}
                for side in order:
                    row[side] = sides[side].run(name, variant, first, size[name])
                runs.append(row)
                print(f"round {r + 1}/{args.rounds} {variant} {name}: " + ", ".join(
                    f"{side} {row[side]['seconds']:.2f} s" for side in order), file=sys.stderr,
                    flush=True)
    return runs


def summarise(args: argparse.Namespace, runs: list[dict[str, Any]],
              about: dict[str, Any]) -> None:
    """One JSON line (and a sentence) per variant and task, then the table."""
    sides = [s for s in ("pyodide", "cpython") if s in about]
    unit = {"random": "playouts/s", "coach": "continuations/s", "hint": "s a hint"}
    lines = []
    for variant in args.variants:
        for name in args.tasks:
            rows = [r for r in runs if r["variant"] == variant and r["task"] == name]
            fig: dict[str, Any] = {"variant": variant, "task": name, "rounds": len(rows),
                                   "load": [r["load"] for r in rows]}
            cells = []
            for side in sides:
                done = [r[side] for r in rows]
                f: dict[str, Any] = {"clock": about[side]["clock"],
                                     "n": sum(d["n"] for d in done),
                                     "decisions": sum(d["decisions"] for d in done),
                                     "seconds": round(sum(d["seconds"] for d in done), 3)}
                if side == "pyodide":
                    f["browser_cpu_s"] = round(sum(d["browser_cpu"] for d in done), 2)
                if name == "hint":
                    every = [t for d in done for t in d["times"]]
                    f.update(median_s=round(statistics.median(every), 3),
                             max_s=round(max(every), 3),
                             budget=sorted({b for d in done for b in d["budget"]}, key=str))
                    cell = f"{f['median_s']:.2f} / {f['max_s']:.2f}"
                    cpu = [t for d in done for t in d.get("cpu_times", [])]
                    if cpu:  # the browser's CPU over each hint
                        f.update(cpu_median_s=round(statistics.median(cpu), 3),
                                 cpu_max_s=round(max(cpu), 3))
                        cell += f" (CPU {f['cpu_median_s']:.2f} / {f['cpu_max_s']:.2f})"
                else:
                    f["per_s"] = round(f["n"] / f["seconds"], 1)
                    f["decisions_per_s"] = round(f["decisions"] / f["seconds"])
                    cell = f"{f['per_s']:,.0f}"
                    if side == "pyodide":
                        cell += f" (CPU {f['n'] / f['browser_cpu_s']:,.0f})"
                cells.append(cell)
                fig[side] = f
            if len(sides) == 2:
                ratios = [r["pyodide"]["seconds"] / r["cpython"]["seconds"] for r in rows]
                by_cpu = [r["pyodide"]["browser_cpu"] / r["cpython"]["seconds"] for r in rows]
                fig["ratio"] = [round(x, 2) for x in ratios]
                fig["ratio_median"] = round(statistics.median(ratios), 2)
                fig["ratio_cpu"] = [round(x, 2) for x in by_cpu]
                fig["ratio_cpu_median"] = round(statistics.median(by_cpu), 2)
                keys = ("decisions", "chosen") if name == "hint" else ("decisions",)
                fig["same_work"] = all(r["pyodide"].get(k) == r["cpython"].get(k)
                                       for r in rows for k in keys)
                cells.append(f"{min(ratios):.2f} / {fig['ratio_median']:.2f} / {max(ratios):.2f}"
                             + ("" if fig["same_work"] else " (work differed)"))
                cells.append(f"{min(by_cpu):.2f} / {fig['ratio_cpu_median']:.2f} / "
                             f"{max(by_cpu):.2f}")
            report("site_search", fig, f"{variant} {name}: " + ", ".join(
                f"{s} {c}" for s, c in zip([*sides, "ratio", "CPU ratio"], cells, strict=False)))
            label = f"{name} ({unit[name]})"
            if name == "hint":  # at the coach's budget (continuations a decision), each side's
                label = "hint at " + " / ".join(
                    ", ".join(map(str, fig[s]["budget"])) for s in sides) + f" ({unit[name]})"
            lines.append(f"| {variant} | {label} | " + " | ".join(cells) + " |")
    head = {"pyodide": "Pyodide in Chromium: wall (browser CPU)", "cpython": "CPython: CPU"}
    header = "| variant | task | " + " | ".join(head[s] for s in sides) + (
        " | time Pyodide wall / CPython CPU | Pyodide CPU / CPython CPU"
        if len(sides) == 2 else "") + " |"
    what = "; ".join(f"{s}: Python {about[s]['python']}, canasta sources "
                     f"{about[s]['canasta_sources']}" for s in sides)
    print(f"\nsite_search: {args.rounds} round(s); {what}; hints as median / slowest; "
          f"ratios min / median / max over the rounds")
    print(header)
    print("|" + "---|" * (header.count("|") - 1))
    print("\n".join(lines))


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="canasta-bench-") as tmp:
        sides: dict[str, Any] = {}
        try:
            if not args.cpython_only:
                site = args.site
                if site is None:
                    from canasta.site.build import build_site

                    site = build_site(Path(tmp) / "site").out
                sides["pyodide"] = Browser(site, args.chromium)
            sides["cpython"] = CPython(args.python)
            about = {s: side.about for s, side in sides.items()}
            print(json.dumps({"benchmark": "site_search", "about": about,
                              "counts": counts(args)}, ensure_ascii=False))
            if len(sides) == 2 and len({a["canasta_sources"] for a in about.values()}) > 1:
                print("note: the site's canasta is not this checkout's (sources differ)")
            t0 = time.monotonic()
            runs = measure(args, sides)
            summarise(args, runs, about)
            print(f"(wall time of the measurements: {time.monotonic() - t0:.0f} s)")
        finally:
            for side in sides.values():
                side.close()


if __name__ == "__main__":
    main()
