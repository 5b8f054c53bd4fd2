"""Players' names survive an action's text, a saved record and its replay; names that could not
are refused with the reason, and look-alike names are one name."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest

import canasta
from canasta.bots import GreedyBot
from canasta.errors import RecordError, VariantError
from canasta.limits import MAX_NAME
from canasta.records import load_record, parse_record, record_from_state, save_record

# names that begin like an action (in English or Spanish), long, spaced, accented
CANDIDATES = [
    "Draw", "Meld", "next", "take pile", "discard", "add", "swap", "ask", "answer",
    "robar", "Robar", "bajar", "descartar", "llevarse el pozo", "añadir", "pedir permiso",
    "siguiente mano", "tomar", "responder", "cambiar", "x" * MAX_NAME, "y" * (MAX_NAME + 1),
    "A  B", " Bo", "Bo ", "Ana María", "María de la O", "Juan a en", "Tú", "Tu\u0301",
    "Ada:9", "Bo\x1b[2J", "Draw Ada", "Ada draw", "#2", "7", "JK", "Ⅻ", "ñandú",
]


def _play(variant: str, names: list[str], actions: int, seed: int = 3) -> canasta.State:
    state = canasta.new_game(variant, seed=seed, names=names)
    bots = [GreedyBot(seed + i) for i in range(state.players)]
    while not state.is_over and len(state.history) < actions:
        state.apply(bots[state.actor].choose(state))
    return state


@pytest.mark.parametrize("name", CANDIDATES)
def test_a_name_new_game_accepts_survives_save_and_replay(name: str, tmp_path: Path) -> None:
    names = [name, "Ada", "Bo", "Cleo"]
    try:
        state = _play("classic", names, 120)
    except VariantError as e:  # refused: one line that says why
        assert "\n" not in str(e) and "name" in str(e)
        return
    assert state.names[0] == unicodedata.normalize("NFC", " ".join(name.split()))
    path = tmp_path / "game.json"
    save_record(record_from_state(state), path)
    steps = list(load_record(path).replay())
    assert len(steps) == len(state.history)
    assert steps[-1].state.to_dict()["hands"] == state.to_dict()["hands"]


@pytest.mark.parametrize("name, reason", [
    ("Draw", "cannot begin with 'Draw'"), ("take pile", "cannot begin with 'take'"),
    ("next", "cannot begin with 'next'"), ("robar", "cannot begin with 'robar'"),
    ("y" * (MAX_NAME + 1), f"at most {MAX_NAME} characters"), ("Ada:9", "cannot hold ':'"),
    ("Bo\x1b[2J", "printable"), ("   ", "empty"),
])
def test_names_that_would_not_read_back_are_refused(name: str, reason: str) -> None:
    with pytest.raises(VariantError, match=reason):
        canasta.new_game("classic", names=[name, "Ada", "Bo", "Cleo"])


def test_names_are_composed_and_trimmed_and_look_alikes_are_one_name() -> None:
    state = canasta.new_game("classic", names=["Tu\u0301", " Ada", "Bo  Bo", "Cleo "])
    assert state.names == ("Tú", "Ada", "Bo Bo", "Cleo")
    assert state.apply("Tu\u0301: draw").allowed  # the prefix is composed too
    for pair in (["Tú", "Tu\u0301"], ["Tú", "Tú "], ["Tú", "TÚ"], ["Ｔú", "tú"]):
        with pytest.raises(VariantError, match="two players with the same name"):
            canasta.new_game("classic", names=[*pair, "Bo", "Cleo"])


def test_names_with_spaces_name_other_players_melds_and_replay() -> None:
    # individual: 'add A♦ to Ana María:A' must read back as Ana María's meld of aces
    state = _play("individual", ["Ana María", "Juan a en", "Cleo de la Torre"], 1000, seed=1)
    owned = [s.action.text for s in state.history if ":" in s.action.text]
    assert owned, "no action named another player's meld"
    steps = list(record_from_state(state).replay())
    assert steps[-1].state.to_dict()["melds"] == state.to_dict()["melds"]


def _record(players: list[str], hands_key: str | None = None) -> dict:
    data = json.loads(Path("examples/classic_sample_game.json").read_text(encoding="utf-8"))
    old = data["players"]
    data["players"] = players
    data.pop("sides", None)
    data["dealer"] = players[old.index(data["dealer"])] if "dealer" in data else players[-1]
    for deal in data["deals"]:
        deal["hands"] = {(hands_key if hands_key and i == 0 else players[i]): deal["hands"][n]
                         for i, n in enumerate(old)}
    data["actions"] = []
    data["slips"] = []
    return data


def test_a_record_refuses_names_that_are_not_written_plainly() -> None:
    with pytest.raises(RecordError, match=r"players\[0\]: write the name 'Tú': composed"):
        parse_record(_record(["Tú ", "Ada", "Bo", "Cleo"]))
    with pytest.raises(RecordError, match=r"players\[1\]: a player's name cannot begin with 'Meld'"):
        parse_record(_record(["Tú", "Meld", "Bo", "Cleo"]))
    with pytest.raises(RecordError, match="players: two players with the same name"):
        parse_record(_record(["Tú", "tú", "Bo", "Cleo"]))


def test_a_record_file_written_with_combining_accents_reads_as_composed(tmp_path: Path) -> None:
    decomposed = unicodedata.normalize("NFD", "Tú")
    path = tmp_path / "nfd.json"
    data = _record([decomposed, "Ada", "Bo", "Cleo"])
    data["actions"] = [f"{decomposed}: draw"]
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    record = load_record(path)
    assert record.names[0] == "Tú"
    [step] = list(record.replay())
    assert step.explanation.allowed and step.state.player == "Tú"
