"""Bounded work for every file, text and click: files over the limit refused before they are
parsed, texts and scores capped where they are read, a hand no bigger than the variant can
ever hold, control characters shown rather than obeyed by the terminal, an interrupted
simulation that stops at once, exercise files kept inside their folder."""

from __future__ import annotations

import dataclasses
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_cli import ENV, ROOT, TOLD_TABLE, assert_bad_input, cli, clis, short_record, write

import canasta
from canasta.actions import Discard, Draw
from canasta.errors import RecordError, VariantError
from canasta.game import new_game
from canasta.houserules import load_house_rules
from canasta.limits import (
    MAX_FILE_BYTES,
    MAX_RECORD_ACTIONS,
    MAX_SCORE,
    MAX_TEXT,
    MAX_TITLE,
)
from canasta.records import load_record, parse_record
from canasta.render.html import changes_html
from canasta.render.text import points_text, visible
from canasta.scenario import load_scenario, parse_scenario
from canasta.situation import hand_limit, opening_hand_limit, situation
from canasta.widgets import load_exercise, parse_exercise

EXAMPLES = ROOT / "examples"
ESC = "\x1b[2J\x1b]0;pwned\x07"  # clear the screen, retitle the terminal


# ---- files ----------------------------------------------------------------------------------

def test_replay_of_an_endless_device_is_refused_at_once() -> None:
    r = subprocess.run([sys.executable, "-m", "canasta.cli", "replay", "/dev/zero"], env=ENV,
                       cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert_bad_input(r, "/dev/zero", f"larger than {MAX_FILE_BYTES:,} bytes")


LOADERS: list[tuple[str, Callable[[Path], Any]]] = [
    ("game.json", load_record), ("table.json", load_scenario), ("house.toml", load_house_rules),
    ("exercise.json", load_exercise)]


@pytest.mark.parametrize("name, load", LOADERS)
def test_every_file_over_the_limit_is_refused_before_parsing(name: str, load: Any,
                                                              tmp_path: Path) -> None:
    path = tmp_path / name
    path.write_bytes(b"{" + b" " * MAX_FILE_BYTES + b"}")  # one byte over; valid JSON at that
    with pytest.raises(RecordError, match=f"larger than {MAX_FILE_BYTES:,} bytes") as err:
        load(path)
    assert str(err.value).startswith(str(path))
    path.write_bytes(b"[" + b" " * (MAX_FILE_BYTES - 2) + b"]")  # at the limit: read, then judged
    with pytest.raises((RecordError, VariantError)) as err:
        load(path)
    assert "larger than" not in str(err.value)


def test_records_hold_a_bounded_number_of_actions(tmp_path: Path) -> None:
    data = short_record()
    data["actions"] = ["Tú: draw"] * (MAX_RECORD_ACTIONS + 1)
    with pytest.raises(RecordError, match=rf"actions: {MAX_RECORD_ACTIONS + 1:,} actions; a "
                                          rf"record holds at most {MAX_RECORD_ACTIONS:,}"):
        parse_record(data)


# ---- texts and scores ---------------------------------------------------------------------

def _long(n: int) -> str:
    return "x" * n


@pytest.mark.parametrize("where, put", [
    ("title", lambda d, t: d.update(title=t)),
    ("title.es", lambda d, t: d.update(title={"en": "ok", "es": t})),
    ("actions[0].comment", lambda d, t: d["actions"][0].update(comment=t)),
    ("changes[0].why", lambda d, t: d["changes"][0].update(why=t)),
    ("slips[0].comment", lambda d, t: d["slips"][0].update(comment=t)),
])
def test_record_texts_are_capped_where_they_are_read(where: str, put: Any) -> None:
    limit = MAX_TITLE if where.startswith("title") else MAX_TEXT
    data = short_record()
    put(data, _long(limit))
    parse_record(data)  # at the limit: accepted
    put(data, _long(limit + 1))
    with pytest.raises(RecordError, match=re.escape(f"{where}: a text of {limit + 1:,} "
                                                    f"characters; the limit is {limit:,}")):
        parse_record(data)


def test_scenario_exercise_and_house_rule_texts_are_capped(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="notes: a text of"):
        parse_scenario({**TOLD_TABLE, "notes": _long(MAX_TEXT + 1)})
    with pytest.raises(RecordError, match="title: a text of"):
        parse_scenario({**TOLD_TABLE, "title": _long(MAX_TITLE + 1)})
    ex = json.loads((EXAMPLES / "exercises" / "01_first_meld.json").read_text("utf-8"))
    with pytest.raises(RecordError, match="question: a text of"):
        parse_exercise({**ex, "question": _long(MAX_TEXT + 1)})
    with pytest.raises(RecordError, match="title: a text of"):
        parse_exercise({**ex, "title": {"en": "ok", "es": _long(MAX_TITLE + 1)}})
    house = tmp_path / "house.toml"
    house.write_text(f'base = "classic"\nname = "{_long(MAX_TITLE + 1)}"\n', encoding="utf-8")
    with pytest.raises(VariantError, match="'name' is a text of"):
        load_house_rules(house)


def test_scores_are_capped_in_tables_and_situations_and_any_score_prints() -> None:
    parse_scenario({**TOLD_TABLE, "scores_before": [MAX_SCORE, -MAX_SCORE]})
    with pytest.raises(RecordError, match="scores_before: a score is between"):
        parse_scenario({**TOLD_TABLE, "scores_before": [MAX_SCORE + 1, 0]})
    with pytest.raises(RecordError, match="scores: expected one whole number per side"):
        situation("classic", scores=[10**4300, 0])
    assert points_text(-40) == "−40" and points_text(10**4300 + 760) == "≈10^4300"
    assert points_text(-(10**20)) == "−≈10^20"


def test_score_with_a_4300_digit_score_is_one_line(tmp_path: Path) -> None:
    text = json.dumps({**TOLD_TABLE, "scores_before": [0, 0]}, ensure_ascii=False)
    path = write(tmp_path, "big.json", text.replace('"scores_before": [0, 0]',
                                                    '"scores_before": [' + "9" * 4300 + ", 0]"))
    assert_bad_input(cli("score", path), "big.json", "scores_before", "a score is between")


# ---- what a situation may hold --------------------------------------------------------------

def test_hand_limits_follow_each_variants_rules() -> None:
    # the pack less the red threes laid out at once, one card in each other hand and the meld a
    # taken pile lays down
    assert hand_limit("classic", 4) == 108 - 4 - 3 - 3
    assert hand_limit("rioplatense", 2) == 106 - 4 - 1 - 3
    # threes held as other cards (individual) or laid down at will (americana)
    assert hand_limit("individual", 2) == 108 - 1 - 3
    assert hand_limit("americana", 4) == 108 - 3 - 3
    # Canasta Real: the pile taken whole, and a hand may wait empty for its muerto
    assert hand_limit("real", 4) == 104
    # with a deal of two cards, drawing the whole stock would fill a hand beyond that
    small = dataclasses.replace(canasta.find_variant("individual"), cards_dealt=2)
    assert hand_limit(small, 2) == 108 - 2


@pytest.mark.parametrize("variant", ["classic", "americana", "real", "individual", "rioplatense"])
def test_no_game_holds_a_bigger_hand_than_the_limit(variant: str) -> None:
    from canasta.bots import GreedyBot, RandomBot

    v = canasta.find_variant(variant)
    for players in v.player_counts:
        limit, biggest = hand_limit(v, players), 0
        for seed in range(2):
            state = canasta.new_game(v, seed=seed, players=players)
            bots = [(RandomBot if i % 2 else GreedyBot)(seed + i) for i in range(players)]
            while not state.hand_over and len(state.history) < 1500:
                state.apply(bots[state.actor].choose(state))
                biggest = max(biggest, *map(len, state.hands))
        assert 11 < biggest <= limit, (players, biggest, limit)


def test_a_situation_refuses_a_hand_bigger_than_the_variant_allows() -> None:
    pack = canasta.cards.make_pack()
    hand = [c for c in pack if not (c.rank == 3 and c.is_red)]
    limit = hand_limit("classic", 4)
    # (an open side: a side that has not opened holds far fewer, see below)
    state = situation("classic", hands={"Tú": hand[:limit]}, phase="play", opened={"Tú": True})
    assert len(state.hands[0]) == limit and state.conservation_errors() == []
    with pytest.raises(RecordError, match=rf"hands\.Ada: {limit + 1} cards in Ada's hand; in "
                                          rf"classic with 4 players a hand never holds more "
                                          rf"than {limit}"):
        situation("classic", hands={"Ada": hand[:limit + 1]})


def test_a_side_that_has_not_opened_holds_its_deal_and_its_draws() -> None:
    """Taking the pile opens a side, so an unopened hand changes only by the turns' draws and
    discards: with one card drawn a turn it holds at most its deal and a draw; rioplatense with
    two players draws two and discards one, so its hand grows by one a turn while the stock
    lasts (13 dealt, 79 in the stock: 13 + 39 + 1)."""
    hand = "2♣ 2♦ 2♥ 2♠ 4♣ 4♦ 4♥ 5♥ 5♠ 6♣ 6♦ 8♣ 8♥"
    assert opening_hand_limit("classic", 4) == 12 and opening_hand_limit("americana", 4) == 14
    assert opening_hand_limit("rioplatense", 4) == 14 and opening_hand_limit("rioplatense", 2) == 53
    assert opening_hand_limit("individual", 3) == 12 and opening_hand_limit("real", 2) == 12
    state = situation("classic", hands={"Tú": hand}, phase="play", opened={"Tú": True})
    assert len(state.hands[0]) == 13
    assert len(situation("classic", hands={"Tú": hand}, melds={"Bo": ["K♠ K♥ K♣"]},
                         phase="play").legal_actions()) > 1  # the partner opened the side
    with pytest.raises(RecordError, match=r"hands\.Tú: 13 cards in Tú's hand, whose side has not "
                                          r"opened; in classic with 4 players such a hand never "
                                          r"holds more than 12 \(its deal and what its turns"):
        situation("classic", hands={"Tú": hand}, phase="play")


def test_an_unopened_rioplatense_hand_of_two_players_grows_in_real_play() -> None:
    """Two players who never meld nor take the pile: each turn draws two cards and discards one,
    so the hands grow past 30 cards without opening (each turn of both takes two cards from the
    stock: 13 + 20 by its end); every such hand stays within the bound, and
    a situation given the same hand accepts it and lists its actions as the game does."""
    state = new_game("rioplatense", seed=5, players=2)
    biggest = 0
    most = opening_hand_limit("rioplatense", 2)
    while not state.hand_over and state.stock:
        listing = state.legal_listing(8)
        if state.phase == "draw":
            action = next(a for a in listing.actions if isinstance(a, Draw))
        else:  # the first discard allowed (never a meld)
            action = next(a for a in listing.actions if isinstance(a, Discard))
            hand = state.hands[state.turn]
            assert not state.opened[state.side_of(state.turn)] and len(hand) <= most
            biggest = max(biggest, len(hand))
        state.apply(action)
    assert 30 <= biggest <= most
    # the last big hand, after the draw, given to a situation as it was
    state = new_game("rioplatense", seed=5, players=2)
    while True:
        if state.phase == "play" and len(state.hands[state.turn]) == biggest:
            break
        listing = state.legal_listing(8)
        kind = Draw if state.phase == "draw" else Discard
        state.apply(next(a for a in listing.actions if isinstance(a, kind)))
    seat = state.turn
    given = situation("rioplatense", names=state.names,
                      hands={state.names[s]: state.hands[s] for s in range(2)},
                      pile=state.pile, turn=state.names[seat], phase="play",
                      red_threes={state.names[s]: state.red_threes[state.side_of(s)]
                                  for s in range(2)})
    assert len(given.hands[seat]) == biggest and not given.opened[given.side_of(seat)]
    mine, theirs = given.legal_listing(8), state.legal_listing(8)
    assert mine.actions == theirs.actions and mine.more == theirs.more
    assert "Meld" in mine.more  # more than eight first melds: a few shown, the rest counted



# ---- the terminal ---------------------------------------------------------------------------

def test_visible_shows_every_control_a_terminal_would_obey() -> None:
    assert visible("a\x1b[2Jb\x07c\x9bd\u202ee\x7ff\ng\th") == "a␛[2Jb␇c\\x9bd\\u202ee␡f\ng\th"
    assert visible("Tú ♠ 10♥") == "Tú ♠ 10♥"


def _no_escapes(r: subprocess.CompletedProcess[str]) -> None:
    for stream in (r.stdout, r.stderr):
        assert "\x1b" not in stream and "\x07" not in stream and "\x9b" not in stream


def test_the_cli_shows_escape_sequences_of_records_tables_and_house_rules(tmp_path: Path) -> None:
    data = short_record()
    data["title"] = {"en": f"title{ESC}", "es": f"título{ESC}"}
    data["actions"][0]["comment"] = f"comment{ESC}"
    data["changes"][0]["fact"] = f"fact{ESC}"
    data["slips"][0]["comment"] = f"slip\x9b2J{ESC}"
    table = {**TOLD_TABLE, "title": f"table{ESC}", "notes": f"notes{ESC}"}
    house = tmp_path / "house.toml"
    house.write_text('base = "classic"\nname = "home\\u001b[2J"\n[options]\ntarget = 3000\n',
                     encoding="utf-8")
    missing = str(tmp_path / f"no{ESC}such.json")
    runs = clis([("replay", write(tmp_path, "game.json", data)),
                 ("replay", "--lang", "es", write(tmp_path, "game.json", data)),
                 ("score", write(tmp_path, "table.json", table)),
                 ("compare", "classic", str(house), "--no-situations"),
                 ("replay", missing)])
    for r in runs:
        _no_escapes(r)
    replay, replay_es, score, compare, bad = runs
    for r in (replay, replay_es, score, compare):
        assert r.returncode == 0, r.stderr
    for shown in ("title␛[2J␛]0;pwned␇", "comment␛[2J", "fact␛[2J", "slip\\x9b2J␛[2J"):
        assert shown in replay.stdout, shown
    assert "título␛[2J" in replay_es.stdout
    assert "table␛[2J" in score.stdout and "notes␛[2J" in score.stdout
    assert "home␛[2J" in compare.stdout
    assert_bad_input(bad, "no␛[2J␛]0;pwned␇such.json")


# ---- the small ones -------------------------------------------------------------------------

def _children(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(stat.parent.name))
        except (OSError, IndexError, ValueError):
            continue
    return found


def _ctrl_c_heard() -> None:
    """A shell without job control starts background jobs with Ctrl-C ignored, and a child
    inherits that: the simulation under test must hear it as a terminal user's would."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the process table from /proc")
def test_simulate_with_two_jobs_stops_at_the_first_ctrl_c() -> None:
    proc = subprocess.Popen([sys.executable, "-m", "canasta.cli", "simulate", "classic",
                             "--games", "400", "--jobs", "2"], env=ENV, cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, preexec_fn=_ctrl_c_heard)
    try:
        deadline = time.monotonic() + 60
        while len(_children(proc.pid)) < 2:  # the pool's workers are playing
            assert proc.poll() is None and time.monotonic() < deadline
            time.sleep(0.1)
        time.sleep(0.5)
        os.killpg(proc.pid, signal.SIGINT)  # Ctrl-C reaches the whole process group
        code = proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert code == 130 and "Traceback" not in proc.stderr.read()


def _count_exercise(folder: Path, scenario: str) -> Path:
    ex = json.loads((EXAMPLES / "exercises" / "11_final_table.json").read_text("utf-8"))
    path = folder / "count.json"
    path.write_text(json.dumps({**ex, "scenario": scenario}), encoding="utf-8")
    return path


def test_an_exercise_names_only_scenario_files_inside_its_folder(tmp_path: Path) -> None:
    folder = tmp_path / "class"
    (folder / "tables").mkdir(parents=True)
    table = (EXAMPLES / "classic_sample_final_table.json").read_text("utf-8")
    (folder / "tables" / "final.json").write_text(table, encoding="utf-8")
    assert load_exercise(_count_exercise(folder, "tables/final.json")).to_scenario().score() \
        .totals == [760, -40]
    secret = tmp_path / "secret.json"
    secret.write_text('{"password": "hunter2", "api_key": "k"}', encoding="utf-8")
    for name in ("../secret.json", str(secret), "tables/../../secret.json"):
        with pytest.raises(RecordError, match="is outside the exercise's folder") as err:
            load_exercise(_count_exercise(folder, name))
        assert "password" not in str(err.value)
    # inside the folder, a file that is no scenario: refused without showing what it holds
    (folder / "notes.json").write_text('{"password": "hunter2"}', encoding="utf-8")
    with pytest.raises(RecordError, match="'notes.json' is not a scenario file") as err:
        load_exercise(_count_exercise(folder, "notes.json"))
    assert "password" not in str(err.value)


@pytest.mark.parametrize("exercise, table", [
    ("11_final_table.json", "classic_sample_final_table.json"),
    ("americana/05_final_table.json", "americana_final_table.json"),
    ("real/06_final_table.json", "real_final_table.json")])
def test_the_shipped_exercises_count_the_example_tables(exercise: str, table: str) -> None:
    ex = load_exercise(EXAMPLES / "exercises" / exercise)
    assert ex.scenario == json.loads((EXAMPLES / table).read_text("utf-8"))


def test_changes_shown_as_html_are_escaped() -> None:
    record = load_record(EXAMPLES / "classic_sample_game.json")
    html = changes_html(record.changes)
    assert html.count("<tr>") == len(record.changes) + 1
    data = short_record()
    data["changes"][0]["fact"] = "<script>alert(1)</script>"
    html = changes_html(parse_record(data).changes, "es")
    assert "<script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "<th>Según el texto</th>" in html
