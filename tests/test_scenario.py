"""End-of-hand scenarios: the told final table of seed 003 at 760 / −40 line by line, other
tables (concealed going out, empty stock, red threes against, game end), and bad input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from canasta.errors import RecordError
from canasta.scenario import load_scenario, parse_scenario

TABLE = Path(__file__).resolve().parents[1] / "examples" / "classic_sample_final_table.json"
PLAYERS = ["Tú", "Ada", "Bo", "Cleo"]


def table(**over: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"variant": "classic", "players": PLAYERS}
    return {**base, **over}


def lines(scen_data: dict[str, Any], side: int) -> list[tuple[str, int]]:
    result = parse_scenario(scen_data).score()
    return [(e.rule, p) for p, e in result.side_lines(side)]


def test_the_told_final_table_scores_760_and_minus_40_line_by_line() -> None:
    scen = load_scenario(TABLE)
    assert scen.went_out == "Bo" and not scen.concealed and scen.path == str(TABLE)
    result = scen.score()
    assert result.totals == [760, -40] and result.scores_after == [760, -40]
    ns = [(e.rule, p, e.message(), e.message("es")) for p, e in result.side_lines(0)]
    assert ns == [
        ("score.going-out", 100, "Bo went out: +100.", "Bo ha salido: +100."),
        ("score.canasta", 300, "Mixed canasta of kings (7 cards): 300.", "Canasta mixta de reyes (7 "
                                                                     "cartas): 300."),
        ("score.red-threes", 100, "One red three (3♥): 100, because your side has melded.",
         "Un tres rojo (3♥): 100, porque tu pareja ha bajado."),
        ("score.meld-cards", 290, "Cards in melds: 290 (kings: 110, eights: 50, sevens: 70 and aces: 60).",
         "Cartas de las combinaciones: 290 (reyes: 110, ochos: 50, sietes: 70 y ases: 60)."),
        ("score.hand-cards", -30, "You were left with 9♣ A♦: −30.", "Te has quedado con 9♣ A♦: −30."),
    ]
    ew = [(e.rule, p, e.message()) for p, e in result.side_lines(1)]
    assert ew == [("score.meld-cards", 65, "Cards in melds: 65 (sixes: 15 and queens: 50)."),
                  ("score.hand-cards", -60, "Ada was left with 4♣ 5♣ 9♥ 10♣ 10♥ J♦ J♥: −60."),
                  ("score.hand-cards", -45, "Cleo was left with 4♥ 4♠ 5♦ 8♥ 9♠ J♠: −45.")]
    assert result.ended.message() == ("Bo went out: the hand is over and your side scores the "
                                      "going-out bonus.")
    state = scen.to_state()
    assert state.phase == "hand-over" and state.conservation_errors() == []
    assert len(state.stock) == 108 - 19 - 8 - 1 - 2 - 13  # every other card waits in the stock
    assert [state.variant.opening_need(s)[0] for s in state.scores] == [50, 15]


def test_to_dict_round_trips_and_scores_the_same(tmp_path: Path) -> None:
    scen = load_scenario(TABLE)
    again = parse_scenario(json.loads(json.dumps(scen.to_dict())))
    assert again.score().totals == [760, -40]
    assert again.to_state().to_dict() == scen.to_state().to_dict()
    toml = tmp_path / "t.toml"
    toml.write_text('variant = "classic"\nplayers = ["Tú", "Ada", "Bo", "Cleo"]\nwent_out = "Bo"\n'
                    '[melds]\n"Tú" = ["K♠ K♥ K♣ K♦ K♠ K♥ K♣"]\n[hands]\n"Ada" = "5♣"\n', encoding="utf-8")
    assert load_scenario(toml).score().totals == [100 + 500 + 70, -5]


def test_concealed_going_out_scores_its_bonus() -> None:
    data = table(melds={"Tú": ["Q♠ Q♥ Q♣ Q♦ Q♠ Q♥ Q♣", "5♠ 5♥ 5♣"]}, went_out="Tú", concealed=True,
                 hands={"Ada": "9♠"})
    assert lines(data, 0) == [("score.going-out", 100), ("score.concealed", 100), ("score.canasta", 500),
                              ("score.meld-cards", 85)]
    data["concealed"] = False
    assert ("score.concealed", 100) not in lines(data, 0)


def test_stock_exhausted_red_threes_against_and_black_threes_melded_going_out() -> None:
    data = table(melds={"Bo": ["K♠ K♥ K♣"]}, red_threes={"Ada": "3♥ 3♦", "Tú": "3♦"},
                 hands={"Tú": "4♠", "Ada": "5♣ JK"})
    result = parse_scenario(data).score()
    assert result.ended.rule == "end.stock-exhausted"
    assert [(e.rule, p) for p, e in result.side_lines(1)] == [("score.red-threes", -200),
                                                              ("score.hand-cards", -55)]
    assert result.totals == [100 + 30 - 5, -255]
    out = table(melds={"Cleo": ["A♠ A♥ A♣ A♦ A♠ A♥ JK", "3♠ 3♣ 3♠"]}, went_out="Cleo")
    assert lines(out, 1)[-1] == ("score.meld-cards", 6 * 20 + 50 + 3 * 5)


def test_scores_before_carry_into_the_game_end() -> None:
    data = table(melds={"Tú": ["K♠ K♥ K♣ K♦ K♠ K♥ K♣"]}, went_out="Bo",
                 scores_before={"Tú & Bo": 4500, "Ada": -20})
    result = parse_scenario(data).score()
    assert result.scores_before == [4500, -20] and result.scores_after == [5170, -20]
    assert result.game_over is not None and result.game_over.rule == "game.end" and result.winner == 0
    assert parse_scenario(table(scores_before=[10, 20])).scores_before == [10, 20]


@pytest.mark.parametrize(("data", "where", "words"), [
    (table(melds={"Tú": ["K♠ K♥ K♣", "8♦ 2♣ 2♠ JK"]}), "melds.Tú[1]",
     ("not a valid meld", "[meld.wild-limit]", "8♦ 2♣ 2♠ JK breaks the wild-card limit")),
    (table(melds={"Tú": ["K♠ K♥ Q♣"]}), "melds.Tú[0]", ("mixes the ranks", "[meld.same-rank]")),
    (table(melds={"Tú": ["3♠ 3♣ 3♠"]}), "melds.Tú[0]", ("only when going out", "[meld.black-threes]")),
    (table(melds={"Tú": [{"cards": "K♠ K♥ K♣", "kind": "run"}]}), "melds.Tú[0]", ("not 'run'",)),
    (table(hands={"Ada": "K♠ K♠", "Cleo": "K♠"}), "hands.Cleo[0]",
     ("more copies than the pack holds: K♠ ×3 (the pack has 2)",)),
    (table(hands={"Ada": "Q♣ X9"}), "hands.Ada[1]", ("not a card: 'X9'",)),
    (table(hands={"Bo": "5♣"}, went_out="Bo"), "hands.Bo", ("Bo went out, so their hand must be empty",)),
    (table(went_out="Zoe"), "went_out", ("unknown player 'Zoe'",)),
    (table(hands={"Zoe": "5♣"}), "hands", ("unknown player 'Zoe'",)),
    (table(melds={"Zoe": ["K♠ K♥ K♣"]}), "melds", ("unknown side 'Zoe'", "Tú & Bo, Ada & Cleo")),
    (table(melds={"Tú": ["K♠ K♥ K♣"], "Bo": ["8♠ 8♥ 8♣"]}), "melds.Bo", ("two entries",)),
    (table(concealed=True), "concealed", ("true only with 'went_out'",)),
    (table(sides=[["Tú", "Ada"], ["Bo", "Cleo"]]), "sides", ("Tú & Bo; Ada & Cleo",)),
    (table(variant="nope"), "variant", ("unknown variant 'nope'",)),
    (table(players=["Tú", "Ada"]), "players", ("4 players, not 2",)),
    (table(score=5), "scenario", ("unknown key score",)),
])
def test_bad_tables_name_the_place_and_the_reason(data: dict[str, Any], where: str,
                                                  words: tuple[str, ...]) -> None:
    with pytest.raises(RecordError) as info:
        parse_scenario(data, "t.json")
    msg = str(info.value)
    assert msg.startswith(f"t.json: {where}: "), msg
    for w in words:
        assert w in msg, (w, msg)


def test_malformed_json_names_line_and_column(tmp_path: Path) -> None:
    bad = tmp_path / "t.json"
    bad.write_text('{"variant": "classic",\n "players": [1,]}', encoding="utf-8")
    with pytest.raises(RecordError, match=r"t\.json: line 2, column 16: malformed JSON: Expecting value"):
        load_scenario(bad)


def test_the_documented_example_is_a_valid_scenario() -> None:
    doc = (Path(__file__).resolve().parents[1] / "docs" / "records.md").read_text(encoding="utf-8")
    block = doc.split("## End-of-hand scenarios", 1)[1].split("```json", 1)[1].split("```", 1)[0]
    result = parse_scenario(json.loads(block), "docs/records.md").score()
    assert result.totals == [100 + 300 + 100 + 170 - 30, 45 - 25]
