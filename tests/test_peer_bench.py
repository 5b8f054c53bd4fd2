"""benchmarks/peer.py without the peer: our side's worker on a tiny budget, and a folder that
is not a checkout of canasta-openspiel refused by name. The side-by-side run is a benchmark."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    spec = importlib.util.spec_from_file_location("peer", ROOT / "benchmarks" / "peer.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_our_worker_plays_complete_games(bench: ModuleType) -> None:
    r = bench.measure(sys.executable, bench.OURS, None, 0.05, 3)
    assert r["games"] >= 1 and r["hands"] >= r["games"] and r["decisions"] > 100 * r["games"]
    assert r["cpu"] >= 0.05
    assert bench.per_second({"games": 2, "cpu": 0.5}, "games") == 4.0


def test_a_folder_that_is_not_the_peer_is_refused(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "peer.py"), "--peer",
                           str(tmp_path), "--peer-python", sys.executable],
                          capture_output=True, text=True)
    assert proc.returncode == 2
    assert "not a checkout of canasta-openspiel (no canasta/canasta_game.py)" in proc.stderr
