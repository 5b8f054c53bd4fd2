"""The ``canasta`` command run as a subprocess: every command, and every bad input as one line."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import canasta

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
GAME = EXAMPLES / "classic_sample_game.json"
FINAL_TABLE = EXAMPLES / "classic_sample_final_table.json"
ENV = {**os.environ, "COLUMNS": "200", "PYTHONIOENCODING": "utf-8"}


def cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "canasta.cli", *args], input=stdin,
                          capture_output=True, text=True, timeout=120, env=ENV, cwd=ROOT)


def flat(text: str) -> str:
    return " ".join(text.split())


def assert_bad_input(r: subprocess.CompletedProcess[str], *names: str) -> str:
    """Exit 2, no traceback, one line on stderr naming each of ``names``; returns that line."""
    assert r.returncode == 2, (r.returncode, r.stderr)
    assert "Traceback" not in r.stderr and "Traceback" not in r.stdout
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    for name in names:
        assert name in lines[0], (name, lines[0])
    return lines[0]


def needs(path: Path) -> None:
    if not path.exists():
        pytest.skip(f"{path.name} has not landed yet")


def needs_records() -> None:
    if importlib.util.find_spec("canasta.records") is None or \
            importlib.util.find_spec("canasta.scenario") is None:
        pytest.skip("canasta.records / canasta.scenario have not landed yet")


# ---- rules -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "group", "fragment"), [
    ("en", "The pile", "seed: 003_e73885e20654a5c7.txt"),
    ("es", "El montón", "semilla: 003_e73885e20654a5c7.txt"),
])
def test_rules_lists_the_catalogue_grouped_with_sources(lang: str, group: str, fragment: str) -> None:
    r = cli("rules", "clásica", "--lang", lang)
    assert r.returncode == 0, r.stderr
    out = flat(r.stdout)
    assert group in out and fragment in out
    for entry in canasta.rules("classic"):
        assert entry.id in out
    assert '"Un tres negro bloquea el montón: Bo, que juega a continuación' in out


def test_unknown_and_unimplemented_variants_are_one_line_errors() -> None:
    line = assert_bad_input(cli("rules", "nope"), "'nope'", "known: classic")
    assert line.startswith("canasta rules: error: unknown variant")
    assert_bad_input(cli("simulate", "nope", "--games", "1"), "unknown variant 'nope'")
    assert_bad_input(cli("play", "nope", stdin="quit\n"), "unknown variant 'nope'")


# ---- simulate ----------------------------------------------------------------------------------

def test_simulate_two_games_no_violations_same_figures_with_two_jobs() -> None:
    table = cli("simulate", "classic", "--games", "2", "--seed", "1")
    assert table.returncode == 0, table.stderr
    rows = {}
    for line in table.stdout.splitlines():
        cells = [c.strip() for c in line.strip("│ ").split("│")]
        if len(cells) == 2:
            rows[cells[0]] = cells[1]
    assert rows["games"] == "2" and rows["violations"] == "0"
    assert int(rows["hands"]) >= 2 and int(rows["decisions"]) > 100 and float(rows["games/s"]) > 0
    js = cli("simulate", "classic", "--games", "2", "--seed", "1", "--jobs", "2", "--json")
    assert js.returncode == 0, js.stderr
    figures = json.loads(js.stdout)
    assert figures["violations"] == 0 and figures["games"] == 2
    # game i has the same seed whatever the number of jobs: the figures match the one-job run
    assert (figures["hands"], figures["decisions"]) == (int(rows["hands"]), int(rows["decisions"]))


def test_simulate_refuses_impossible_counts() -> None:
    assert_bad_input(cli("simulate", "classic", "--players", "3"), "4 players, not 3")
    r = cli("simulate", "classic", "--games", "0")
    assert r.returncode == 2 and "Traceback" not in r.stderr and "at least 1" in r.stderr


# ---- play --------------------------------------------------------------------------------------

def test_play_with_piped_input_plays_explains_hints_undoes_and_quits() -> None:
    r = cli("play", "--seed", "0", stdin="hint\n1\ndiscard 4♠\n99\n6\nundo\nnonsense\nquit\n")
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "Hint: draw" in out
    assert "Tú ▸ draw" in out and "[draw.stock]" in out  # the player's own decision, explained
    assert "✘ refused Tú does not hold 4♠. [hand.has-cards]" in flat(out)  # typed, refused, kept
    assert "There is no action 99" in out
    assert "Tú ▸ discard 4♦" in out and "Ada ▸ draw" in out  # the bots play on, explained
    assert out.count("[discard.ok]") >= 4
    assert "Undone: back before your last move." in out
    assert "'nonsense': unknown action" in out
    assert out.rstrip().endswith("Bye.")
    assert "1. draw" in out and "Legal actions" in out and "11 cards (hidden)" in out


def test_play_in_spanish_stops_cleanly_at_the_end_of_input() -> None:
    r = cli("play", "clásica", "--bots", "random", "--lang", "es", stdin="1\n")
    assert r.returncode == 0, r.stderr
    assert "Jugadas legales" in r.stdout and "✔ permitido" in r.stdout
    assert r.stdout.rstrip().endswith("Adiós.")


# ---- score and replay: the examples of issue 3 -------------------------------------------------

def test_score_json_of_the_told_final_table() -> None:
    needs(FINAL_TABLE)
    r = cli("score", str(FINAL_TABLE), "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["variant"] == "classic"
    assert [s["total"] for s in data["sides"]] == [760, -40]
    us = data["sides"][0]
    assert [(x["rule"], x["points"]) for x in us["lines"]] == [
        ("score.going-out", 100), ("score.canasta", 300), ("score.red-threes", 100),
        ("score.meld-cards", 290), ("score.hand-cards", -30)]
    assert sum(x["points"] for x in us["lines"]) == 760
    assert [(x["rule"], x["points"]) for x in data["sides"][1]["lines"]] == [
        ("score.meld-cards", 65), ("score.hand-cards", -60), ("score.hand-cards", -45)]
    assert us["lines"][1]["message"] == "Canasta of K, mixed (7 cards): 300."
    assert sorted(us["players"]) == ["Bo", "Tú"]


@pytest.mark.parametrize(("lang", "words"), [("en", ("This hand", "760", "−40")),
                                             ("es", ("Esta mano", "sucia", "760"))])
def test_score_table_in_both_languages(lang: str, words: tuple[str, ...]) -> None:
    needs(FINAL_TABLE)
    r = cli("score", str(FINAL_TABLE), "--lang", lang)
    assert r.returncode == 0, r.stderr
    for w in words:
        assert w in r.stdout
    assert "score.going-out" in r.stdout


def test_missing_files_are_one_line_errors(tmp_path: Path) -> None:
    needs_records()
    missing = str(tmp_path / "nowhere.json")
    assert_bad_input(cli("score", missing), missing)
    assert_bad_input(cli("replay", missing), missing)
