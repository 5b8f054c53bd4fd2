"""``canasta rules / score / simulate / play`` with Canasta Americana and Canasta Real, run as
subprocesses (in parallel: the wait is mostly interpreter start-up)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
ENV = {**os.environ, "COLUMNS": "200", "PYTHONIOENCODING": "utf-8"}


def run_all(runs: list[tuple[tuple[str, ...], str]]) -> list[subprocess.CompletedProcess[str]]:
    procs = [(args, stdin, subprocess.Popen([sys.executable, "-m", "canasta.cli", *args],
                                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                            stderr=subprocess.PIPE, text=True, env=ENV, cwd=ROOT))
             for args, stdin in runs]
    done = []
    for args, stdin, p in procs:
        out, err = p.communicate(stdin, timeout=120)
        done.append(subprocess.CompletedProcess(list(args), p.returncode, out, err))
    return done


def test_rules_score_simulate_and_play_for_americana_and_real() -> None:
    runs: list[tuple[tuple[str, ...], str]] = [
        (("rules", "americana"), ""),
        (("rules", "real", "--lang", "es"), ""),
        (("score", str(EXAMPLES / "americana_final_table.json"), "--json"), ""),
        (("score", str(EXAMPLES / "real_final_table.json")), ""),
        (("simulate", "americana", "--games", "2", "--hands", "2", "--json"), ""),
        (("simulate", "real", "--games", "2", "--hands", "2", "--json"), ""),
        (("play", "real", "--seed", "2"), "draw\nmeld 7♣ 8♣ 9♣\nquit\n"),
    ]
    rules_a, rules_r, score_a, score_r, sim_a, sim_r, play_r = run_all(runs)
    for r in (rules_a, rules_r, score_a, score_r, sim_a, sim_r, play_r):
        assert r.returncode == 0 and "Traceback" not in r.stderr, (r.args, r.stderr)
    assert "hoyo.left" in rules_a.stdout and "special.hand" in rules_a.stdout
    assert "run.wild-moves" in rules_r.stdout and "Cierre directo" in rules_r.stdout
    data = json.loads(score_a.stdout)
    assert [side["total"] for side in data["sides"]] == [2390, -2790]
    assert "Muerto of Ada and Cleo's side: −100 (not taken)." in score_r.stdout
    assert "1015" in score_r.stdout and "510" in score_r.stdout
    for sim in (sim_a, sim_r):
        figures = json.loads(sim.stdout)
        assert figures["games"] == 2 and figures["violations"] == 0 and figures["hands"] >= 2
    assert "run.valid" in play_r.stdout and "7♣ 8♣ 9♣ is a run of clubs from 7 to 9" in play_r.stdout
