"""benchmarks/baseline_table.py: the README's side-by-side table is the saved run's, every figure
computed from it (min / median / max, the targets' verdict), and only the marked part changes."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("baseline_table",
                                                  ROOT / "benchmarks" / "baseline_table.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def a_run(build: str = "pure Python", real_hands: list[float] | None = None) -> dict[str, Any]:
    def row(ratios: list[float], here: list[float]) -> dict[str, list[float]]:
        return {"hands": ratios, "decisions": [r + 0.01 for r in ratios],
                "playouts": [r - 0.01 for r in ratios], "hands_new": here,
                "hands_base": [h / r for h, r in zip(here, ratios, strict=True)],
                "play_new": [2 * h for h in here], "play_base": [h for h in here],
                "dec_new": here, "dec_base": here}
    return {"date": "2026-12-05", "baseline": "11544ac", "rounds": 3, "seconds": 1.5,
            "build": build, "cpus": 2, "python": "3.11.7", "load": [0.12, 0.95],
            "stepper_baseline": "31d8731",
            "variants": {"classic": row([1.1, 1.3, 1.2], [240.0, 260.0, 250.0]),
                         "real": row([5.5, 6.0, 5.0], real_hands or [100.0, 140.0, 120.0])},
            "extras": {"import_s": {"new": 0.048, "baseline": 0.0871},
                       "stepper_next_ms": {"new": 0.16, "baseline": 0.27},
                       "table_click": {"clicks": 19, "click_cpu_median_ms": 1.7,
                                       "click_cpu_max_ms": 3.1, "hint_median_ms": 160.0,
                                       "hint_max_ms": 310.0}}}


def test_a_row_is_min_median_max_of_the_rounds(bench: ModuleType) -> None:
    text = bench.render(a_run())
    assert "| classic | 1.10 / 1.20 / 1.30 | 1.11 / 1.21 / 1.31 | 1.09 / 1.19 / 1.29 | 250, 500 |" in text
    assert "| real | 5.00 / 5.50 / 6.00 |" in text
    assert "load average 0.12 at its start and 0.95 at its end" in text
    assert "`import canasta` took 48 ms here and 87 ms at `11544ac`" in text
    assert "0.16 ms here and 0.27 ms at `31d8731`" in text
    assert "(classic, 19 clicks) 1.7 ms median and 3.1 ms slowest" in text
    assert "hint 0.16 s median and 0.31 s slowest" in text


def test_the_peer_in_the_same_run(bench: ModuleType) -> None:
    run = a_run()
    run["extras"]["peer"] = {
        w: {"new_vs_peer": [1.2, 1.5, 1.4], "baseline_vs_peer": [1.0, 1.1, 1.3],
            "new_per_s": [40.0, 44.0, 42.0], "peer_per_s": [30.0, 31.0, 32.0],
            "baseline_per_s": [35.0, 36.0, 37.0]} for w in ("games", "hands", "decisions")}
    run["extras"]["peer"]["decisions"]["new_per_s"] = [30_000.0, 31_500.0, 32_000.0]
    text = bench.render(run)
    assert ("this tree plays 1.20 / 1.40 / 1.50 the games, 1.20 / 1.40 / 1.50 the hands, "
            "1.20 / 1.40 / 1.50 the decisions a second of the peer's") in text
    assert "`11544ac` 1.10 the games and 1.10 the decisions" in text
    assert "(medians: 42.0 games and 31,500 decisions a second here, 31.0 and 31 the peer)" in text
    assert "--rounds 3 --seconds 1.5 --peer DIR --peer-python EXE --save" in text
    assert "canasta-openspiel" not in bench.render(a_run())
    assert "--seconds 1.5 --save" in bench.render(a_run())


def test_the_targets_verdict_reads_the_medians(bench: ModuleType) -> None:
    run = a_run()
    said = bench.verdict(run)
    # classic's median 1.2 is under 5, Real's 5.5 over it
    assert ("**not met** in 1 of the 2 variants measured (met in real): medians 1.20 (classic) "
            "to 5.50 (real)") in said
    assert "Canasta Real plays 0.48 of classic's hands per second" in said and "not met)." in said
    run["variants"]["classic"]["hands"] = [5.0, 5.0, 5.0]
    assert "**met** in every variant" in bench.verdict(run)
    assert "Canasta Real plays 0.60" in bench.verdict(a_run(real_hands=[150.0, 150.0, 150.0]))
    # the compiled build is held to ten times
    assert ("10-fold target on hands per second (compiled) is **not met** in any of the 2 "
            "variants measured: medians 1.20 (classic) to 5.50 (real)") in \
        bench.verdict(a_run(build="compiled"))


def test_only_the_marked_part_changes(bench: ModuleType) -> None:
    readme = f"# title\nbefore\n{bench.BEGIN}\nold table\n{bench.END}\nafter\n"
    new = bench.rewrite(readme, "new table")
    assert new == f"# title\nbefore\n{bench.BEGIN}\nnew table\n{bench.END}\nafter\n"
    with pytest.raises(ValueError, match="markers"):
        bench.rewrite("no markers here", "x")


def test_the_readme_table_is_the_saved_run(bench: ModuleType) -> None:
    run = json.loads(bench.RESULTS.read_text(encoding="utf-8"))
    readme = bench.README.read_text(encoding="utf-8")
    assert bench.rewrite(readme, bench.render(run)) == readme, \
        "README differs from benchmarks/results/against_baseline.json: run baseline_table.py"


def test_check_and_rewrite_from_the_command_line(bench: ModuleType, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    results = tmp_path / "run.json"
    results.write_text(json.dumps(a_run()))
    readme = tmp_path / "README.md"
    readme.write_text(f"x\n{bench.BEGIN}\nstale\n{bench.END}\n")
    args = ["baseline_table.py", "--results", str(results), "--readme", str(readme)]
    monkeypatch.setattr("sys.argv", [*args, "--check"])
    assert bench.main() == 1
    assert "stale" in readme.read_text()  # --check changes nothing
    monkeypatch.setattr("sys.argv", args)
    assert bench.main() == 0
    monkeypatch.setattr("sys.argv", [*args, "--check"])
    assert bench.main() == 0
    results.write_text("{not json")
    assert bench.main() == 2


def test_the_processor_is_named_when_the_run_recorded_it(bench: ModuleType) -> None:
    run = a_run()
    assert "2 cores, load average" in bench.render(run)  # a run saved before it was recorded
    run["processor"] = "Intel(R) Xeon(R) Processor at 2300 MHz"
    assert "2 cores (Intel(R) Xeon(R) Processor at 2300 MHz), load average" in bench.render(run)
