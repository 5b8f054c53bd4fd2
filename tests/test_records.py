"""Game records: the format round-trips, a replay reproduces every state, and every bad input
raises RecordError naming the file, the place and the reason."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from canasta import new_game
from canasta.bots import GreedyBot
from canasta.errors import RecordError
from canasta.explain import L
from canasta.records import (
    dump_json,
    load_record,
    parse_record,
    record_from_state,
    save_record,
)

GAME = Path(__file__).resolve().parents[1] / "examples" / "classic_sample_game.json"


@pytest.fixture(scope="module")
def data() -> dict[str, Any]:
    return json.loads(GAME.read_text(encoding="utf-8"))


def mini(data: dict[str, Any], actions: list[Any], **more: Any) -> dict[str, Any]:
    """The sample's deal with other actions (a small record for error cases)."""
    return {"variant": "classic", "seed": 3, "players": ["Tú", "Ada", "Bo", "Cleo"],
            "deals": copy.deepcopy(data["deals"]), "actions": actions, **more}


def raises(data: Any, where: str, *words: str, path: str = "rec.json") -> str:
    with pytest.raises(RecordError) as info:
        rec = parse_record(data, path)
        list(rec.replay())
    msg = str(info.value)
    assert msg.startswith(f"{path}: {where}: "), msg
    assert info.value.path == path and info.value.where == where
    for w in words:
        assert w in msg, (w, msg)
    return msg


# ---- round trips ----------------------------------------------------------------------------

def test_the_example_file_is_in_canonical_form(data: dict[str, Any]) -> None:
    rec = parse_record(data, str(GAME))
    assert dump_json(rec.to_dict()) == GAME.read_text(encoding="utf-8")


def test_save_load_replay_reproduces_every_state(tmp_path: Path) -> None:
    rec = load_record(GAME)
    out = tmp_path / "copy.json"
    save_record(rec, out)
    again = load_record(out)
    assert again.path == str(out) and again.entries == rec.entries and again.changes == rec.changes
    assert [s.to_dict() for s in again.states()] == [s.to_dict() for s in rec.states()]


def test_a_game_played_in_the_engine_is_recorded_and_replayed_exactly(tmp_path: Path) -> None:
    state = new_game("classic", seed=11)
    bot = GreedyBot(11)
    states = [state.copy()]
    while not state.hand_over and len(state.history) < 400:
        state.apply(bot.choose(state))
        states.append(state.copy())
    state.apply("next hand")
    states.append(state.copy())
    rec = record_from_state(state, {0: L("first", "primera")}, title=L("Bots", "Bots"))
    assert rec.entries[0].action == "Tú: " + state.history[0].action.text
    assert rec.entries[0].comment == L("first", "primera") and rec.entries[-1].action.endswith(": next hand")
    save_record(rec, tmp_path / "bots.json")
    replayed = load_record(tmp_path / "bots.json").states()
    assert len(replayed) == len(states) == len(rec.entries) + 1

    def same(d: dict[str, Any]) -> dict[str, Any]:  # the record names each action's player
        return {**d, "history": [h.split(": ", 1)[-1] for h in d["history"]]}

    assert [same(s.to_dict()) for s in replayed] == [same(s.to_dict()) for s in states]
    assert replayed[-1].hand_no == 2 and replayed[-1].results[0].totals == state.results[0].totals


def test_a_fixed_deal_and_house_rules_are_recorded(data: dict[str, Any]) -> None:
    rec = parse_record(mini(data, ["Tú: draw"], options={"target": 2000}))
    state = rec.states()[-1]
    state.apply("discard 4♠")
    again = record_from_state(state)
    assert again.options == {"target": 2000} and again.dealer == "Cleo"
    assert again.deals[0]["hands"]["Tú"] == data["deals"][0]["hands"]["Tú"]
    assert again.states()[-1].to_dict() == {**state.to_dict(), "history": ["Tú: draw", "Tú: discard 4♠"]}
    assert again.new_state().variant.target == 2000


def test_toml_records_are_read(tmp_path: Path, data: dict[str, Any]) -> None:
    deal = data["deals"][0]
    hands = "\n".join(f'"{n}" = {json.dumps(h, ensure_ascii=False)}' for n, h in deal["hands"].items())
    text = (f'variant = "classic"\nseed = 3\nplayers = ["Tú", "Ada", "Bo", "Cleo"]\n'
            f'actions = ["Tú: draw", {{action = "Tú: discard 4♠", comment = {{en = "out", es = "fuera"}}, '
            f'checkpoint = {{pile_top = "4♠"}}}}]\n'
            f'[[deals]]\nupcard = ["4♦"]\nstock = {json.dumps(deal["stock"], ensure_ascii=False)}\n'
            f'[deals.hands]\n{hands}\n')
    (tmp_path / "g.toml").write_text(text, encoding="utf-8")
    rec = load_record(tmp_path / "g.toml")
    steps = list(rec.replay())
    assert [c.get("en") for c in steps[1].checks] == ["The top card of the pile is 4♠"]
    assert rec.entries[1].comment == L("out", "fuera")
    with pytest.raises(RecordError, match=r"g\.toml: malformed TOML"):
        (tmp_path / "g.toml").write_text("variant = \n", encoding="utf-8")
        load_record(tmp_path / "g.toml")


# ---- bad input ------------------------------------------------------------------------------

def test_malformed_json_names_line_and_column(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{\n  "variant": "classic",\n  "seed": 3\n  "players": []\n}\n', encoding="utf-8")
    with pytest.raises(RecordError) as info:
        load_record(bad)
    assert str(info.value) == f"{bad}: line 4, column 3: malformed JSON: Expecting ',' delimiter"


def test_a_missing_file_and_a_toml_save_are_refused(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match=r"nowhere\.json: cannot read the file"):
        load_record(tmp_path / "nowhere.json")
    with pytest.raises(RecordError, match="records are saved as JSON"):
        save_record(load_record(GAME), tmp_path / "x.toml")


def test_an_unknown_card_names_its_json_path(data: dict[str, Any]) -> None:
    d = mini(data, [])
    d["deals"][0]["hands"]["Ada"][2] = "Q★"
    raises(d, "deals[0].hands.Ada[2]", "not a card: 'Q★'")
    d = mini(data, [{"action": "Tú: draw", "checkpoint": {"hand": {"Tú": ["K♠", "ZZ"]}}}])
    raises(d, "actions[0].checkpoint.hand.Tú[1]", "not a card: 'ZZ'")


def test_more_copies_than_the_pack_holds(data: dict[str, Any]) -> None:
    d = mini(data, [])
    d["deals"][0]["hands"]["Ada"][0] = "K♠"  # K♠ is already twice in the deal
    msg = raises(d, "deals[0]", "more copies than the pack holds: K♠ ×3 (the pack has 2)")
    assert "leaves out" not in msg


def test_an_illegal_action_names_its_number_and_rule(data: dict[str, Any]) -> None:
    d = mini(data, ["Tú: draw", "Tú: discard 4♠", "Ada: discard 3♠"])
    msg = raises(d, "actions[2]", "'Ada: discard 3♠' is refused: Before 'discard 3♠', Ada must "
                                  "draw from the stock or take the pile. [turn.draw-first]")
    with pytest.raises(RecordError) as info:
        list(parse_record(d, "rec.json").replay())
    # the Spanish quotes the action as Spanish quotes a text, as the other record errors do
    assert info.value.message("es").startswith("rec.json: actions[2]: «Ada: discard 3♠» no se "
                                               "permite: ")
    assert msg.count("'Ada: discard 3♠'") == 1
    d = mini(data, ["Tú: draw", "Bo: discard 4♠"])
    raises(d, "actions[1]", "it is your turn", "[turn.order]")


def test_bad_action_text_and_unknown_players_are_refused_when_read(data: dict[str, Any]) -> None:
    raises(mini(data, ["Tú: draw", "Tú: throw 4♠"]), "actions[1]", "unknown action")
    raises(mini(data, ["Zoe: draw"]), "actions[0]", "unknown player 'Zoe'")
    raises(mini(data, [{"action": "Tú: draw", "note": "x"}]), "actions[0]", "unknown key note")


def test_a_failed_checkpoint_names_the_fact(data: dict[str, Any]) -> None:
    d = mini(data, [{"action": "Tú: draw", "checkpoint": {"hand": {"Tú": "K♠ 9♣"}}}])
    msg = raises(d, "actions[0].checkpoint.hand.Tú", "checkpoint failed: expected K♠ 9♣, found")
    assert msg.endswith("(extra 2♣ 4♠ 6♥ 7♣ 8♦ 8♠ K♣ K♥ A♦ JK)")
    for fact, where in [({"pile_size": 3}, "pile_size"), ({"melds": {"Bo": {"K": "K♠ K♥ K♣"}}}, "melds.Bo.K"),
                        ({"turn": "Bo"}, "turn"), ({"frozen": True}, "frozen"), ({"score": {"Ada": 10}}, "score.Ada")]:
        raises(mini(data, [{"action": "Tú: draw", "checkpoint": fact}]),
               f"actions[0].checkpoint.{where}", "checkpoint failed")
    raises(mini(data, [{"action": "Tú: draw", "checkpoint": {"mood": 1}}]), "actions[0].checkpoint",
           "unknown fact mood")
    raises(mini(data, [{"action": "Tú: draw", "checkpoint": {"score": {"Zoe": 1}}}]),
           "actions[0].checkpoint.score", "unknown side 'Zoe'")


def test_a_slip_must_be_refused_with_its_rule(data: dict[str, Any]) -> None:
    allowed = mini(data, ["Tú: draw"], slips=[{"after": 0, "action": "Tú: discard 4♠",
                                                "expect_rule": "turn.order"}])
    raises(allowed, "slips[0]", "the engine allows 'Tú: discard 4♠' [discard.ok]")
    other = mini(data, ["Tú: draw"], slips=[{"after": 0, "action": "Ada: draw",
                                              "expect_rule": "pile.blocked"}])
    raises(other, "slips[0].expect_rule", "refused by rule turn.order, not pile.blocked")
    raises(mini(data, ["Tú: draw"], slips=[{"after": 1, "action": "draw", "expect_rule": "turn.order"}]),
           "slips[0].after", "index of an action (0 to 0)")
    raises(mini(data, ["Tú: draw"], slips=[{"after": 0, "action": "draw", "expect_rule": "no.such"}]),
           "slips[0].expect_rule", "unknown rule id 'no.such'")


def test_the_header_is_validated(data: dict[str, Any]) -> None:
    with pytest.raises(RecordError, match="^rec.json: a record is a JSON object$"):
        parse_record([], "rec.json")
    raises(mini(data, [], variant="nope"), "variant", "unknown variant 'nope'")
    raises(mini(data, [], players=["Tú", "Ada", "Bo"]), "players",
           "Classic Canasta is played by 4 players, not 3")
    raises(mini(data, [], sides=[["Tú", "Ada"], ["Bo", "Cleo"]]), "sides", "Tú & Bo; Ada & Cleo")
    raises(mini(data, [], colour="red"), "record", "unknown key colour")
    raises(mini(data, [], options={"target": 5}), "options", "must be at least 100")
    raises(mini(data, [], changes=[{"fact": "a", "change": "b"}]), "changes[0]",
           "exactly 'fact', 'change' and 'why'")
    raises(mini(data, [], title={"fr": "x"}), "title", 'expected a text or {"en"')


@pytest.mark.parametrize(("data", "es", "en"), [
    ([1, 2, 3], "una partida guardada tiene que ser un objeto JSON", "a record is a JSON object"),
    ({"variant": "classic", "players": ["Tú", "Ada", "Bo", "Cleo"], "seed": "x", "actions": []},
     "seed: «seed» tiene que ser un número entero", "seed: 'seed' is a whole number"),
    ({"variant": "classic", "seed": 1, "actions": []},
     "players: «players» tiene que enumerar los nombres en el orden de juego",
     "players: 'players' lists the names in turn order"),
])
def test_a_malformed_record_is_told_what_it_must_be_in_spanish(data: Any, es: str, en: str) -> None:
    from canasta.records import parse_record
    from canasta.words import error_text

    with pytest.raises(RecordError) as caught:
        parse_record(data, "partida.json")
    assert es in error_text(caught.value, "es")
    assert en in error_text(caught.value, "en")
