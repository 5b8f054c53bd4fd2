"""Variants side by side: the table comes from the definitions (a changed parameter changes it),
each cell cites its rule's source, the same situations are judged by each variant, figures come
from seeded random games, and ``canasta compare`` prints it all."""

from __future__ import annotations

import dataclasses
import json
from html import escape
from pathlib import Path

import pytest

import canasta
from canasta.cli import main
from canasta.compare import ROWS, SITUATIONS, compare, judge, play_stats
from canasta.render.compare import comparison_html, stats_svg, verdicts_html

THREE = ["classic", "rioplatense", "individual"]
EXAMPLES = Path(__file__).parent.parent / "examples" / "house_rules"


def test_table_rows_and_cells_come_from_the_definitions() -> None:
    c = compare(THREE)
    assert [r.key for r in c.rows] == [key for key, _, _ in ROWS]
    assert c.headers() == ["Classic Canasta", "Rioplatense Canasta", "Individual Canasta"]
    text = {r.key: [cell.text.en for cell in r.cells] for r in c.rows}
    assert text["players"] == ["4 players, in two sides",
                               "2 or 4 players, each for themselves when 2 and in pairs when 4",
                               "2 to 6 players, each for themselves"]
    assert text["pack"] == ["2 × 52 + 4 jokers = 108", "2 × 52 + 2 jokers = 106",
                            "2 × 52 + 4 jokers = 108"]
    assert text["draw"][1] == "one card a turn; 2 with two players"
    assert text["opening"][0] == ("15 below 0, 50 from 0 to 1495, 90 from 1500 to 2995 and 120 from "
                                  "3000 up; the pile's card counts")
    assert text["opening"][2].startswith("50 at any score; a wild card counts as the card it stands for")
    assert text["canasta"][1] == "7 or more cards: clean 500, dirty 300; of wild cards 1000"
    assert "madre" in text["pile"][1] and "down to any card" in text["pile"][2]
    assert text["threes"][2] == "no special role"
    assert text["values"][2] == ("JK: 50, A: 20, K–10: 10, 9: 9, 8: 8, 7: 7, 6: 6, 5: 5, 4: 4, 3: 3, "
                                 "2: 50")
    # each cell in its variant's words: the pile of 004 is the pozo, its canastas limpias
    es = {r.key: [cell.text.es for cell in r.cells] for r in c.rows}
    assert es["canasta"][:2] == ["7 o más cartas: natural 500, mixta 300",
                                 "7 o más cartas: limpia 500, sucia 300; de comodines 1000"]
    assert es["deal"][:2] == ["11 cartas a cada uno; una carta boca arriba empieza el montón",
                              "13 cartas a cada uno; una carta boca arriba empieza el pozo"]
    assert text["target"] == ["5000", "5000 (set when the table is created)", "5000"]
    assert c.row("wilds").cells[2].rule == "meld.wild-count"


def test_every_cell_cites_the_source_of_its_rule() -> None:
    c = compare(THREE)
    for row in c.rows:
        for v, cell in zip(c.variants, row.cells, strict=True):
            assert cell.rule in v.rule_ids(), (row.key, v.name, cell.rule)
            assert cell.source is not None and cell.source == v.source(cell.rule)


def test_changing_a_parameter_changes_the_table() -> None:
    classic = canasta.find_variant("classic")
    house = classic.with_options("family.toml", canastas_to_go_out=2, target=3000)
    longer = dataclasses.replace(classic, cards_dealt=13)
    c = compare([classic, house, longer])
    going_out = c.row("going-out").cells
    assert going_out[0].text.en.startswith("a canasta first")
    assert going_out[1].text.en.startswith("2 canastas first")
    assert going_out[1].source is not None and going_out[1].source.ref == "family.toml"
    assert [cell.text.en for cell in c.row("target").cells] == ["5000", "3000", "5000"]
    assert c.row("deal").cells[2].text.en.startswith("13 cards each")
    assert c.headers()[1] == "Classic Canasta *"


EXPECTED = {  # situation: (classic, rioplatense, individual) as (allowed, rule)
    "pile-natural-wild": [(True, "pile.take"), (False, "pile.madre"), (True, "pile.take-depth")],
    "three-wilds": [(False, "meld.wild-limit"), (False, "meld.wild-limit"), (True, "meld.ok")],
    "out-no-discard": [(True, "meld.ok"), (True, "meld.ok"), (True, "meld.ok")],
    "pile-depth": [(False, "pile.depth"), (False, "pile.depth"), (True, "pile.take-depth")],
    "black-threes": [(False, "meld.black-threes"), (False, "meld.black-threes"), (True, "meld.ok")],
    "wild-canasta": [(False, "meld.wild-limit"), (True, "meld.ok"), (False, "meld.wild-count")],
    "opening-wild": [(True, "meld.ok"), (True, "meld.ok"), (False, "open.minimum")],
}


def test_the_same_situations_judged_by_each_variant() -> None:
    vd = judge(THREE)
    assert [s.key for s in vd.situations] == [s.key for s in SITUATIONS] == list(EXPECTED)
    for s, exps in zip(vd.situations, vd.explanations, strict=True):
        assert [(e.allowed, e.rule) for e in exps] == EXPECTED[s.key], s.key
    madre = vd.explanations[0][1]
    assert madre.message() == ("The pile is still madre for your side (not taken yet this "
                               "hand): you need two natural cards matching 9♥, not 9♠ JK: JK "
                               "is a wild card.")
    assert vd.explanations[6][2].message() == ("This meld counts only 27 (9♠ 9♥ JK: 27), and "
                                               "you need 50 to open.")
    out = vd.explanations[2]
    assert all(any(e.rule == "out.went-out" for e in x.walk()) for x in out)


def test_house_rules_change_a_verdict() -> None:
    family = canasta.find_variant("classic").with_options(canastas_to_go_out=2)
    vd = judge(["classic", family], [s for s in SITUATIONS if s.key == "out-no-discard"])
    assert [(e.allowed, e.rule) for e in vd.explanations[0]] == [(True, "meld.ok"),
                                                                (False, "out.needs-canasta")]


def test_stats_from_seeded_random_games() -> None:
    a = play_stats("rioplatense", games=1, seed=4, max_hands=1)
    b = play_stats("rioplatense", games=1, seed=4, max_hands=1)
    assert a == b
    assert (a.games, a.hands, a.sides) == (1, 1, 2)
    assert a.turns > 10 and 0 <= a.went_out_share <= 1
    assert a.points_per_hand == a.points / 2


def test_html_views_escape_and_cite() -> None:
    v = canasta.find_variant("classic").with_options("<b>kitchen</b>", target=2000)
    v = dataclasses.replace(v, title=canasta.explain.L("<i>Ours</i>", "<i>Nuestras</i>"))
    html = comparison_html(compare(["individual", v]))
    assert "&lt;i&gt;Ours&lt;/i&gt; *" in html and "<i>Ours" not in html
    assert "&lt;b&gt;kitchen&lt;/b&gt;" in html and "<b>kitchen" not in html
    assert 'data-rule="meld.wild-count"' in html and "Canasta: cada uno por su cuenta" in html
    assert "002_18ed010283b66afb.txt" not in html  # a learner reads the text's title
    assert "Variantes" not in html and "Jugadores" in comparison_html(compare(["classic"]), "es")
    vd = verdicts_html(judge(["classic"], SITUATIONS[:1]))
    assert 'data-rule="pile.take"' in vd
    svg = stats_svg([play_stats("classic", 1, 0, 1)])
    assert svg.startswith("<svg") and svg.count("<rect") == 3


def test_cli_compare_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "classic", "argentina", "individual", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["variants"] == THREE
    target = next(r for r in data["rows"] if r["key"] == "target")
    assert target["cells"][1]["rule"] == "game.end"
    assert target["cells"][1]["source"].startswith("“La Canasta (Argentina and Uruguay; in Spanish)”")
    assert target["cells"][1]["ref"] == "004_def54daed567f4b5.txt"
    verdicts = {s["key"]: [v["rule"] for v in s["verdicts"]] for s in data["situations"]}
    assert verdicts["pile-depth"] == ["pile.depth", "pile.depth", "pile.take-depth"]
    assert data["stats"] == []


def test_cli_compare_table_with_a_house_rule_file(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(EXAMPLES / "family_two_canastas.toml")
    assert main(["compare", "classic", path, "--no-situations", "--lang", "es"]) == 0
    out = capsys.readouterr().out
    assert "Variantes lado a lado" in out and "Family rules *" in out
    assert (f"Regla de la casa ({path}): «canastas_to_go_out = 2» — Cambia las reglas de la Canasta "
            "clásica.") in " ".join(out.split())
    assert "La misma situación" not in out


def test_cli_compare_stats(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "rioplatense", "--stats", "1", "--hands", "1", "--seed", "2",
                 "--no-situations"]) == 0
    assert "Random games (seed 2; one game of at most one hand)" in capsys.readouterr().out


def test_cli_compare_bad_input(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["compare", "classic", "canasta-mars"]) == 2
    assert "canasta compare: error: unknown variant 'canasta-mars'" in capsys.readouterr().err
    bad = tmp_path / "bad.toml"
    bad.write_text('base = "classic"\n[options]\ncanastas = 2\n', encoding="utf-8")
    assert main(["compare", "classic", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{bad}: unknown house-rule option 'canastas'" in err


def test_variant_comparer_widget_follows_the_picker_and_the_language() -> None:
    from canasta.widgets import LanguageSwitch
    from canasta.widgets.compare import VariantComparer

    family = canasta.find_variant("classic").with_options("family", canastas_to_go_out=2)
    family = dataclasses.replace(family, title=canasta.explain.L("Family", "Familia"))
    w = VariantComparer(THREE, extra=[family])
    assert repr(w) == "VariantComparer(chosen=('classic', 'rioplatense', 'individual'), lang='en')"
    assert "Rioplatense Canasta" in w.table.value and 'data-rule="pile.madre"' in w.verdicts.value
    w.picker.value = ("individual", "Family")
    assert [v.name for v in w.chosen] == ["individual", "classic"]
    assert "Family *" in w.table.value and "Rioplatense Canasta" not in w.table.value
    switch = LanguageSwitch(w)
    switch.value = "es"
    assert "Jugadores" in w.table.value and w.picker.description == "Variantes"
    w.picker.value = ()
    assert w.table.value == "<i>Elige al menos una variante.</i>" and w.verdicts.value == ""


def test_variant_picker_is_tapped_not_ctrl_clicked() -> None:
    """A toggle per variant: a tap adds or removes it (no Ctrl-click), marked ✓ as well as by
    colour, each with a tooltip in the language of the page."""
    from canasta.widgets.compare import VariantComparer

    w = VariantComparer(THREE)
    toggles = w.picker.toggles
    assert set(toggles) == {v.name for v in canasta.variants.VARIANTS}
    assert [k for k, t in toggles.items() if t.value] == [v.name for v in w.chosen]
    assert toggles["classic"].description == "✓ Classic Canasta"
    assert not toggles["real"].description.startswith("✓")
    toggles["real"].value = True  # a tap
    assert "real" in w.picker.value and "Canasta Real" in w.table.value
    assert toggles["real"].description.startswith("✓ ")
    toggles["classic"].value = False
    assert "classic" not in w.picker.value and "Classic Canasta" not in w.table.value
    w.lang = "es"
    assert toggles["classic"].tooltip.startswith("Mostrar ")
    assert all(t.tooltip for t in toggles.values())


def test_verdicts_read_as_sentences() -> None:
    """A verdict cell reads 'refused · <the rule's name>' then the message on its own line: no
    rule id glued to the message ('pile.madreThe pozo…')."""
    import re

    from canasta.render.compare import verdicts_html

    vd = judge(THREE, SITUATIONS[:1])
    html = verdicts_html(vd, details=False)
    text = re.sub(r"<[^>]+>", "", html.replace("<div", "\n<div"))
    for e in vd.explanations[0]:
        assert e is not None
        assert escape(e.title("en")) in html and f"{e.rule}{e.message('en')[:3]}" not in text
        assert f"\n{escape(e.message('en'))}" in text


def test_the_verdicts_say_each_situations_action_in_the_readers_language() -> None:
    from canasta.render.compare import verdicts_html

    vd = judge(THREE, SITUATIONS[:1])
    assert "<code style=\"font-weight:normal\">take pile with 9♠ JK</code>" in verdicts_html(vd)
    spanish = verdicts_html(vd, "es")
    assert "llevarse el montón con 9♠ JK" in spanish and "take pile" not in spanish


def test_the_terminals_situations_name_their_action_in_the_readers_language() -> None:
    from rich.console import Console

    from canasta.cli.compare import verdicts_rich

    console = Console(record=True, width=200, color_system=None)
    keys = [s for s in SITUATIONS if s.action in ("take pile with 9♠ JK", "meld 3♣ 3♠ 3♣")]
    assert len(keys) == 2
    console.print(verdicts_rich(judge(["classic"], keys), "es"))
    out = console.export_text()
    assert "llevarse el montón con 9♠ JK" in out and "bajar 3♣ 3♠ 3♣" in out
    assert "take pile" not in out and "meld 3" not in out


def test_five_variants_at_80_columns_cut_no_word() -> None:
    from rich.console import Console

    from canasta.cli.compare import table_rich, verdicts_rich

    console = Console(record=True, width=80, color_system=None)
    names = ["classic", "rioplatense", "real", "americana", "individual"]
    console.print(table_rich(compare(names), "es"))
    console.print(verdicts_rich(judge(names), "es"))
    out = console.export_text()
    assert "…" not in out and "Combinaci" in out and "3000" in out
