"""End-of-hand scenario files that used to score wrongly without a word: red threes in Canasta
Americana, Canasta Real's muertos, partners who do not sit opposite, and the JSON breakdown."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from canasta.errors import RecordError
from canasta.scenario import parse_scenario
from canasta.words import error_text

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = ["Tú", "Ada", "Bo", "Cleo"]


def americana(**over: Any) -> dict[str, Any]:
    data = json.loads((ROOT / "examples" / "americana_final_table.json").read_text(encoding="utf-8"))
    data.update(over)
    return data


def real(**over: Any) -> dict[str, Any]:
    data = json.loads((ROOT / "examples" / "real_final_table.json").read_text(encoding="utf-8"))
    data.update(over)
    return data


# ---- Canasta Americana: threes are melds ----------------------------------------------------------

def test_americana_red_threes_outside_the_melds_are_refused_with_the_way_to_write_them() -> None:
    base = americana()
    threes = base["melds"]["Tú & Bo"].pop()  # "3♥ 3♦", laid down as a meld
    assert threes == "3♥ 3♦"
    total = parse_scenario(americana()).score().totals[0]
    with pytest.raises(RecordError) as info:
        parse_scenario({**base, "red_threes": {"Tú & Bo": "3♥ 3♦"}})
    msg = str(info.value)
    assert info.value.where == "red_threes"
    assert "melds" in msg and "3♥ 3♦" in msg
    assert parse_scenario(americana()).score().totals[0] == total


def test_red_threes_in_variants_without_a_red_three_bonus_are_refused() -> None:
    with pytest.raises(RecordError, match="no red-three bonus"):
        parse_scenario(real(red_threes={"Tú": "3♥"}))


def test_going_out_concealed_where_no_bonus_is_paid_for_it_is_refused() -> None:
    data = real()
    assert data.get("went_out") and parse_scenario(data).score()  # the table as written scores
    with pytest.raises(RecordError, match="has no bonus for going out concealed") as info:
        parse_scenario({**data, "concealed": True})
    assert info.value.where == "concealed"
    assert "no da premio por salir de mano" in error_text(info.value, "es")


# ---- Canasta Real: each side's muerto ---------------------------------------------------------------

def test_real_needs_each_sides_muerto() -> None:
    data = real()
    del data["extra"]
    with pytest.raises(RecordError) as info:
        parse_scenario(data)
    assert info.value.where == "extra.muerto_state"
    assert "taken" in str(info.value) and "waiting" in str(info.value)


def test_real_muertos_keyed_by_side_in_any_order() -> None:
    listed = parse_scenario(real()).score()
    keyed = parse_scenario(real(extra={"muerto_state": {"Ada & Cleo": "waiting", "Bo": "taken"}}))
    assert keyed.score().totals == listed.totals
    swapped = parse_scenario(real(extra={"muerto_state": {"Ada": "taken", "Tú & Bo": "waiting"}}))
    assert swapped.score().totals != listed.totals
    lines = [e.rule for _, _, e in swapped.score().lines]
    assert lines.count("score.muerto") == 1


def test_a_muerto_list_follows_the_files_sides() -> None:
    flipped = real(sides=[["Ada", "Cleo"], ["Tú", "Bo"]],
                   extra={"muerto_state": ["waiting", "taken"]})
    assert parse_scenario(flipped).score().totals == parse_scenario(real()).score().totals


@pytest.mark.parametrize("bad", [{"Tú": "gone"}, {"Tú": "taken"}, ["taken"], "taken"])
def test_a_muerto_state_that_cannot_be_read_is_refused(bad: Any) -> None:
    with pytest.raises(RecordError):
        parse_scenario(real(extra={"muerto_state": bad}))


# ---- partners sit opposite ------------------------------------------------------------------------------

def test_partners_listed_side_by_side_get_an_error_that_says_partners_sit_opposite() -> None:
    data = {"variant": "classic", "players": ["Tú", "Bo", "Ada", "Cleo"],
            "melds": {"Tú & Bo": ["K♠ K♥ K♣"], "Ada & Cleo": ["Q♠ Q♥ Q♣"]}}
    with pytest.raises(RecordError) as info:
        parse_scenario(data)
    msg = str(info.value)
    assert "opposite" in msg and "Tú & Ada" in msg
    data = {"variant": "classic", "players": ["Tú", "Bo", "Ada", "Cleo"],
            "melds": {"Tú": ["K♠ K♥ K♣"], "Ada": ["Q♠ Q♥ Q♣"]}}
    with pytest.raises(RecordError) as info:
        parse_scenario(data)
    assert "opposite" in str(info.value) and "two entries" in str(info.value)


# ---- canasta score --json ------------------------------------------------------------------------------

def test_score_json_carries_the_totals_the_end_of_the_game_and_the_winner(tmp_path: Path) -> None:
    data = real(scores_before={"Tú & Bo": 2700, "Ada & Cleo": 950})
    path = tmp_path / "t.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "canasta.cli", "score", str(path), "--json"],
                       capture_output=True, text=True, encoding="utf-8", cwd=ROOT)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    us, them = out["sides"]
    assert (us["before"], us["after"]) == (2700, 2700 + us["total"])
    assert (them["before"], them["after"]) == (950, 950 + them["total"])
    assert out["ended"]["rule"] == "end.went-out" and out["ended"]["message"].startswith("Bo went out")
    assert out["game_over"] is True and out["winner"] == {"side": 0, "players": ["Tú", "Bo"]}
    assert out["game_over_message"].startswith("Your side wins with")
    data["scores_before"] = {"Tú & Bo": 0, "Ada & Cleo": 0}
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "canasta.cli", "score", str(path), "--json"],
                       capture_output=True, text=True, encoding="utf-8", cwd=ROOT)
    out = json.loads(r.stdout)
    assert out["game_over"] is False and out["winner"] is None and out["game_over_message"] is None
