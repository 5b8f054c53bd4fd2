"""benchmarks/site_search.py without the browser: its arguments, its CPython side on tiny counts
(the same seeds give the same work in two interpreters, which its ratios rely on) and its
summary's ratios. The browser side is a benchmark, run by hand."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from canasta.bots import COACH_PLAYOUTS

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("site_search", ROOT / "benchmarks" /
                                                  "site_search.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_arguments(bench: ModuleType) -> None:
    args = bench.parse_args([])
    assert args.variants == list(bench.VARIANTS) and args.tasks == list(bench.TASKS)
    assert args.site is None and not args.cpython_only
    args = bench.parse_args(["--site", "out", "--variants", "real", "--tasks", "hint",
                             "--hints", "3"])
    assert args.site == Path("out") and args.variants == ["real"] and args.tasks == ["hint"]
    assert bench.counts(args)["hint"] == 3
    with pytest.raises(SystemExit):
        bench.parse_args(["--hints", "0"])
    with pytest.raises(SystemExit):
        bench.parse_args(["--variants", "bridge"])


def test_cpython_side_does_the_same_work_in_two_interpreters(bench: ModuleType) -> None:
    results = []
    for _ in range(2):  # each interpreter with a hash seed of its own
        side = bench.CPython()
        try:
            assert side.about["clock"] == "cpu" and side.about["platform"] == sys.platform
            results.append({name: side.run(name, "classic", 1000, count)
                            for name, count in (("random", 2), ("coach", 2), ("hint", 2))})
        finally:
            side.close()
    first, second = results
    for name in ("random", "coach", "hint"):
        assert first[name]["n"] == 2 and first[name]["decisions"] == second[name]["decisions"]
    assert first["random"]["decisions"] > 0 and first["hint"]["decisions"] > 0
    assert first["hint"]["chosen"] == second["hint"]["chosen"]
    assert first["hint"]["budget"] == [COACH_PLAYOUTS["classic"]] and len(first["hint"]["times"]) == 2
    assert first["hint"]["max"] == max(first["hint"]["times"])


def _side(seconds: float, decisions: int, **more: Any) -> dict[str, Any]:
    return {"n": 10, "decisions": decisions, "seconds": seconds, **more}


def test_summary_ratio_is_site_time_over_cpython_time(bench: ModuleType,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    args = bench.parse_args(["--variants", "classic", "--tasks", "random", "--rounds", "2"])
    runs = [{"round": r, "variant": "classic", "task": "random", "load": 1.0,
             "pyodide": _side(3.0 * (r + 1), 500, browser_cpu=1.0),
             "cpython": _side(1.0 * (r + 1), 500 if r == 0 else 501)} for r in range(2)]
    about = {"pyodide": {"clock": "wall", "python": "3.14", "canasta_sources": "a"},
             "cpython": {"clock": "cpu", "python": "3.11", "canasta_sources": "a"}}
    bench.summarise(args, runs, about)
    out = capsys.readouterr().out
    fig = json.loads(next(line for line in out.splitlines() if line.startswith("{")))
    assert fig["ratio"] == [3.0, 3.0] and fig["ratio_median"] == 3.0
    assert fig["pyodide"]["per_s"] == round(20 / 9, 1) and fig["cpython"]["per_s"] == 6.7
    assert fig["same_work"] is False  # the second round's decisions differed
    assert fig["ratio_cpu"] == [1.0, 0.5]  # the browser's CPU, 1 s a round
    assert ("| classic | random (playouts/s) | 2 (CPU 10) | 7 | 3.00 / 3.00 / 3.00 (work differed)"
            " | 0.50 / 0.75 / 1.00 |") in out


def test_sampler_reads_cpu_between_samples(bench: ModuleType) -> None:
    sampler = bench.Sampler()
    sampler.samples = [(10.0, 1.0), (10.5, 1.5), (11.0, 1.5)]
    assert sampler.cpu(10.25) == pytest.approx(1.25)
    assert sampler.cpu(10.75) == pytest.approx(1.5)
    assert sampler.cpu(9.0) == 1.0 and sampler.cpu(12.0) == 1.5  # outside: the nearest
    with bench.Sampler() as live:  # a real one samples at least at its start and its end
        pass
    assert len(live.samples) >= 2 and live.samples[0][0] <= live.samples[-1][0]


def test_summary_of_hints_gives_median_slowest_and_budget(bench: ModuleType,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    args = bench.parse_args(["--variants", "real", "--tasks", "hint", "--rounds", "1"])
    hints = {"n": 3, "decisions": 40, "chosen": "x", "budget": [30]}
    runs = [{"round": 0, "variant": "real", "task": "hint", "load": 1.0,
             "pyodide": {**hints, "seconds": 6.0, "times": [1.0, 2.0, 3.0], "browser_cpu": 5.0,
                         "cpu_times": [0.5, 1.5, 2.5]},
             "cpython": {**hints, "seconds": 3.0, "times": [0.5, 1.0, 1.5]}}]
    about = {"pyodide": {"clock": "wall", "python": "3.14", "canasta_sources": "a"},
             "cpython": {"clock": "cpu", "python": "3.11", "canasta_sources": "a"}}
    bench.summarise(args, runs, about)
    out = capsys.readouterr().out
    fig = json.loads(next(line for line in out.splitlines() if line.startswith("{")))
    assert fig["pyodide"]["median_s"] == 2.0 and fig["pyodide"]["max_s"] == 3.0
    assert fig["pyodide"]["cpu_max_s"] == 2.5 and fig["cpython"]["max_s"] == 1.5
    assert fig["same_work"] is True and fig["ratio"] == [2.0]
    assert ("| real | hint at 30 / 30 (s a hint) | 2.00 / 3.00 (CPU 1.50 / 2.50) | 1.00 / 1.50 |"
            " 2.00 / 2.00 / 2.00 | 1.67 / 1.67 / 1.67 |") in out
