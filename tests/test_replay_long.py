"""``canasta replay`` of a long record: every action replayed and verified, told in brief (the
counts, the slips, the last table and the score) past a few hundred actions, every action on
demand (``--details``)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from canasta import new_game
from canasta.bots import RandomBot
from canasta.cli.replay import DETAIL_MOST
from canasta.records import record_from_state
from canasta.registry import find_variant

ACTIONS = 1500


def long_record(actions: int) -> dict[str, object]:
    v = find_variant("classic").with_options(target=10**6)
    state = new_game(v, seed=3)
    bot = RandomBot(3)
    while len(state.history) < actions and not state.is_over:
        state.apply(bot.choose(state))
    return record_from_state(state).to_dict()


def replay(path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "canasta.cli", "replay", str(path), *args],
                          capture_output=True, text=True, timeout=600,
                          env={"COLUMNS": "100", "PATH": "/usr/bin:/bin"})


def test_a_long_record_is_told_in_brief_and_in_full_on_demand(tmp_path: Path) -> None:
    data = long_record(ACTIONS)
    n = len(data["actions"])  # type: ignore[arg-type]
    assert n > DETAIL_MOST
    path = tmp_path / "long.json"
    path.write_text(json.dumps(data), "utf-8")
    brief = replay(path)
    assert brief.returncode == 0, brief.stderr
    assert f"{n:,} actions replayed and verified" in " ".join(brief.stdout.split())
    assert "Final score" in brief.stdout and f"Action {n}:" not in brief.stdout
    assert len(brief.stdout.encode()) < 20_000  # not a table per action: about 2 KB each before
    full = replay(path, "--details")
    assert full.returncode == 0 and f"Action {n}:" in full.stdout
    spanish = replay(path, "--lang", "es")
    assert "Se han reproducido y comprobado" in " ".join(spanish.stdout.split())
