"""Canasta Americana and Canasta Real side by side with the others: every cell read from their
definitions and citing a rule they use, and situations they cannot hold answered as such."""

from __future__ import annotations

import json

import pytest

from canasta.cli import main
from canasta.compare import absent_cards, compare, judge
from canasta.render.compare import verdicts_html

FIVE = ["classic", "rioplatense", "individual", "americana", "real"]


def test_every_cell_of_every_variant_cites_the_source_of_a_rule_it_uses() -> None:
    c = compare(FIVE)
    for row in c.rows:
        for v, cell in zip(c.variants, row.cells, strict=True):
            assert cell.rule in v.rule_ids(), (row.key, v.name, cell.rule)
            assert cell.source is not None and cell.source == v.source(cell.rule)


def test_americana_and_real_cells_say_what_makes_them_different() -> None:
    c = compare(["americana", "real"])
    text = {r.key: [cell.text.en for cell in r.cells] for r in c.rows}
    assert text["deal"] == ["13 cards each; no card turned up; two alas, of 4 and 3 cards",
                            "11 cards each; no card turned up; a muerto of 11 cards for each side"]
    assert text["melds"][1] == ("runs of 3 or more of one suit, ace low or high, no turning the "
                                "corner; no sets of one rank")
    assert "7s and aces special: no wild cards" in text["melds"][0]
    assert text["canasta"] == [
        ("7 cards: clean 500, dirty 300; clean 7s or aces 2500; of wild cards: all 2s 3000, "
         "all four jokers 2500, other 2000"),
        "7 or more cards: clean 200, dirty 100; ace to ace without a wild card (de mil) 1000"]
    assert text["opening"] == ["125 below 3000, 155 from 3000 to 4995 and 180 from 5000 up; the "
                               "pile's card counts",
                               "none"]
    assert text["pack"] == ["2 × 52 + 4 jokers = 108", "2 × 52 = 104"]
    assert text["pile"][1] == "the whole pile into the hand, with no condition"
    assert text["blocks"][0] == "a wild card on top, a three on top"
    assert text["threes"][0].startswith("laid down at will and replaced; by colour, 1: 100, 2: 300")
    assert "muerto" in text["going-out"][1] and "special hand" in text["going-out"][0]
    assert text["penalties"][1] == "cards left in hand count against; a muerto not taken −100"
    assert text["values"] == ["JK: 50, A: 20, K–8: 10, 7–4: 5, 3: 0, 2: 20",
                              "A: 15, K–8: 10, 7–3: 5, 2: 10"]
    assert text["target"] == ["more than 8500", "3000"]
    assert c.row("opening").cells[1].rule == "meld.ok"  # Real's source says there is no minimum


def test_situations_real_cannot_hold_are_answered_without_failing() -> None:
    vd = judge(["classic", "americana", "real"])
    keys = [s.key for s in vd.situations]
    real = dict(zip(keys, (exps[2] for exps in vd.explanations), strict=True))
    assert real["pile-natural-wild"] is None  # a joker: the pack has none
    assert absent_cards(vd.variants[2], vd.situations[0]) == ["JK"]
    kings = real["out-no-discard"]
    assert kings is not None and kings.rule == "run.no-sets" and not kings.allowed
    americana = dict(zip(keys, (exps[1] for exps in vd.explanations), strict=True))
    assert americana["out-no-discard"] is not None and americana["out-no-discard"].rule == "out.must-discard"
    assert "does not arise: the pack has no JK" in verdicts_html(vd)


def test_cli_compares_classic_americana_and_real(capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "400")  # one line per cell
    assert main(["compare", "classic", "americana", "real"]) == 0
    out = capsys.readouterr().out
    assert "Canasta Real" in out and "does not arise: the pack has no JK" in out
    assert main(["compare", "americana", "real", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["variants"] == ["americana", "real"]
    assert data["situations"][0]["verdicts"][1] is None
