"""benchmarks/strength.py on tiny counts: the Wilson interval, who won a hand, a duplicate deal
(both seatings, the first level's results), and the README's table from saved deals (a deal
counted once, however many files repeat it)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    spec = importlib.util.spec_from_file_location("strength", ROOT / "benchmarks" / "strength.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_wilson_interval(bench: ModuleType) -> None:
    lo, hi = bench.wilson(80, 100)
    assert (round(lo, 4), round(hi, 4)) == (0.7112, 0.8666)
    assert bench.wilson(0, 0) == (0.0, 1.0)
    assert bench.wilson(10, 10)[1] == 1.0 and bench.wilson(0, 10)[0] == 0.0


def test_a_share_of_a_hand(bench: ModuleType) -> None:
    assert bench._share([120, 80], 0) == 1.0
    assert bench._share([120, 80], 1) == 0.0
    assert bench._share([100, 100, 40], 0) == 0.5
    assert bench._margin([300, 100, 200], 0) == 150


def test_a_duplicate_deal_plays_both_seatings(bench: ModuleType) -> None:
    row = bench.play_deal(("classic", 7, "greedy", "random", 4, False, 0))
    assert row["seed"] == 7 and len(row["won"]) == 2 and len(row["margins"]) == 2
    assert all(w in (0.0, 0.5, 1.0) for w in row["won"])
    # a deal replays: the same games, the same results
    again = bench.play_deal(("classic", 7, "greedy", "random", 4, False, 0))
    assert again["won"] == row["won"] and again["margins"] == row["margins"]


def test_the_table_from_saved_deals(bench: ModuleType, tmp_path: Path) -> None:
    key = {"variant": "real", "pair": "expert:careful", "unit": "games", "players": 4,
           "playouts": 400}
    rows = [{**key, "seed": s, "won": won, "margins": margins, "cpu": 1.0}
            for s, won, margins in ((1, [1.0, 1.0], [100.0, 50.0]), (2, [1.0, 0.0], [20.0, -40.0]),
                                    (3, [0.5, 1.0], [0.0, 30.0]))]
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    a.write_text("".join(json.dumps(r) + "\n" for r in rows[:2]))
    b.write_text("".join(json.dumps(r) + "\n" for r in rows[1:]))  # deal 2 saved twice
    out = bench.table([str(a), str(b)]).splitlines()
    assert len(out) == 3
    # 6 games, 4.5 won; per deal margins 75, -10, 15: mean 26.67
    assert out[2].startswith("| real | expert vs careful (400 continuations) | games | 6 | 75.0 % |")
    assert "+27 [" in out[2]
