"""The ``canasta`` command run as a subprocess: every command, and every bad input as one line."""

from __future__ import annotations

import argparse
import importlib.util
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import canasta
from canasta.simulate import game_seed
from canasta.state import shuffled_pack

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
GAME = EXAMPLES / "classic_sample_game.json"
FINAL_TABLE = EXAMPLES / "classic_sample_final_table.json"
ENV = {**os.environ, "COLUMNS": "200", "PYTHONIOENCODING": "utf-8"}


def cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return clis([args], stdin)[0]


def clis(runs: list[tuple[str, ...]], stdin: str = "") -> list[subprocess.CompletedProcess[str]]:
    """Run several commands at once (the tests wait mostly on interpreter start-up)."""
    procs = [(args, subprocess.Popen([sys.executable, "-m", "canasta.cli", *args],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, env=ENV, cwd=ROOT))
             for args in runs]
    done = []
    for args, p in procs:
        out, err = p.communicate(stdin, timeout=120)
        done.append(subprocess.CompletedProcess(list(args), p.returncode, out, err))
    return done


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
    ("en", "The pile", "“Reglas de Canasta (classic Canasta, in Spanish)”: “Tres o más cartas"),
    ("es", "El montón", "«Reglas de Canasta»: «Tres o más cartas"),
])
def test_rules_lists_the_catalogue_grouped_with_sources(lang: str, group: str, fragment: str) -> None:
    r = cli("rules", "clásica", "--lang", lang)
    assert r.returncode == 0, r.stderr
    out = flat(r.stdout)
    assert group in out and fragment in out
    for entry in canasta.rules("classic"):
        assert entry.id in out
    # a learner reads the text's title, never its file name, and no sentence of the sample story
    assert "003_e73885e20654a5c7.txt" not in out and "RULES_NOTES" not in out
    assert "Un tres negro bloquea el montón: Bo" not in out
    verbose = flat(cli("rules", "clásica", "--lang", lang, "--verbose").stdout)
    assert "(003_e73885e20654a5c7.txt)" in verbose


@pytest.mark.parametrize(("variant", "lang", "present", "absent"), [
    ("rioplatense", "es", ["El pozo", "Juegos", "Cortar"], ["El montón", "Combinaciones", "Salir"]),
    ("real", "es", ["Comprar", "El pozo", "Cerrar"], ["Robar", "El montón"]),
    ("classic", "es", ["Robar", "El montón", "Combinaciones", "Salir"], ["El pozo"]),
    ("individual", "en", ["Drawing", "The discard pile", "Going out"], ["The pile"]),
])
def test_rule_groups_are_named_in_the_variants_words(variant: str, lang: str, present: list[str],
                                                     absent: list[str]) -> None:
    """The catalogue's group headings say what the variant's text calls things: the rioplatense
    pozo, the Real's comprar, the classic montón."""
    from rich.console import Console
    from rich.table import Table

    from canasta.render.rich import rules_rich

    shown = rules_rich(variant, lang)
    titles = [str(part.title) for part in shown.renderables if isinstance(part, Table)]
    assert all(title in titles for title in present), titles
    assert not any(title in titles for title in absent), titles
    console = Console(width=120, record=True, file=io.StringIO())
    console.print(shown)
    text = console.export_text()
    assert all(title in text for title in present)


def test_unknown_variants_and_impossible_counts_are_one_line_errors() -> None:
    rules, sim, play, players = clis([("rules", "nope"), ("simulate", "nope", "--games", "1"),
                                      ("play", "nope"), ("simulate", "classic", "--players", "3")],
                                     stdin="quit\n")
    line = assert_bad_input(rules, "'nope'", "known: classic")
    assert line.startswith("canasta rules: error: unknown variant")
    assert_bad_input(sim, "unknown variant 'nope'")
    assert_bad_input(play, "unknown variant 'nope'")
    assert_bad_input(players, "4 players, not 3")


# ---- simulate ----------------------------------------------------------------------------------

def test_simulate_two_games_no_violations_same_figures_with_two_jobs() -> None:
    table, js = clis([("simulate", "classic", "--games", "2", "--seed", "1"),
                      ("simulate", "classic", "--games", "2", "--seed", "1", "--jobs", "2", "--json")])
    assert table.returncode == 0, table.stderr
    rows = {}
    for line in table.stdout.splitlines():
        cells = [c.strip() for c in line.strip("│ ").split("│")]
        if len(cells) == 2:
            rows[cells[0]] = cells[1]
    assert rows["games"] == "2" and rows["violations"] == "0"
    assert int(rows["hands"]) >= 2 and int(rows["decisions"]) > 100 and float(rows["games/s"]) > 0
    assert js.returncode == 0, js.stderr
    figures = json.loads(js.stdout)
    assert figures["violations"] == 0 and figures["games"] == 2
    # game i has the same seed whatever the number of jobs: the figures match the one-job run
    assert (figures["hands"], figures["decisions"]) == (int(rows["hands"]), int(rows["decisions"]))


def test_simulate_and_compare_with_thrifty_bots_play_americana_to_the_end() -> None:
    sim, comp = clis([("simulate", "americana", "--games", "1", "--seed", "2", "--bot", "thrifty",
                       "--json"),
                      ("compare", "americana", "--no-situations", "--stats", "1", "--hands", "30",
                       "--bot", "thrifty", "--lang", "es")])
    assert sim.returncode == 0, sim.stderr
    figures = json.loads(sim.stdout)
    assert (figures["bot"], figures["games"], figures["unfinished"]) == ("thrifty", 1, 0)
    assert figures["violations"] == 0 and figures["hands"] >= 2
    assert comp.returncode == 0, comp.stderr
    assert "Partidas de jugadores automáticos thrifty (semilla 0; una partida de hasta 30 manos)" in comp.stdout


# ---- play --------------------------------------------------------------------------------------

def test_play_with_piped_input_plays_explains_hints_undoes_and_quits() -> None:
    r = cli("play", "--seed", "0",
            stdin="hint\n1\ndiscard 4♠\n99\n6\nwhy\nundo\nnonsense\nquit\n")
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "Hint: draw" in out and "Draw from the stock: you have a pair of eights, but" in out
    assert "You ▸ draw" in out and "[draw.stock]" in out  # the player's own decision, explained
    assert "✘ refused You do not hold 4♠. [hand.has-cards]" in flat(out)  # typed, refused, kept
    assert "There is no action 99" in out
    assert "You ▸ discard 4♦" in out  # your own decision, explained
    # each bot's turn on one line, the explanations with 'why'
    assert "• Ada draws · discards 3♠\n• Bo draws and melds A♣ A♦ 2♥ · discards 4♣\n" in out
    assert "Ada ▸ draw" in out and out.count("[discard.ok]") == 4 and "[pile.blocks]" in out
    assert "Undone: back before your last move." in out
    assert "'nonsense': unknown action" in out
    assert out.rstrip().endswith("Bye.")
    assert "1. draw" in out and "Legal actions" in out and "11 cards (hidden)" in out
    assert "Discard (11)\n6. discard 4♦" in out  # grouped by kind, counted


def test_play_in_spanish_stops_cleanly_at_the_end_of_input() -> None:
    r = cli("play", "clásica", "--bots", "random", "--lang", "es", stdin="1\n")
    assert r.returncode == 0, r.stderr
    assert "Jugadas legales" in r.stdout and "✔ permitido" in r.stdout
    assert r.stdout.rstrip().endswith("Adiós.")


# ---- fixtures: a short record and the told final table, written like the examples ------------

NAMES = ["Tú", "Ada", "Bo", "Cleo"]


def short_record() -> dict[str, Any]:
    """Two actions of a fixed deal, with commentary, a checkpoint, a documented change and a slip
    (Tú drawing again in Ada's turn, which the engine must refuse by turn order)."""
    pack = [c.text for c in shuffled_pack(canasta.find_variant("classic"), 5, 1)]
    deal = {"hands": {n: pack[i * 11:(i + 1) * 11] for i, n in enumerate(NAMES)},
            "upcard": [pack[44]], "stock": pack[45:]}
    game = canasta.new_game("classic", names=NAMES, deals=[deal])
    game.apply("draw")
    card = next(c for c in game.hands[0] if c.rank not in (2, 3, 0))
    return {
        "format": "canasta-record", "version": 1,
        "title": {"en": "A short game", "es": "Una partida corta"},
        "variant": "classic", "players": NAMES, "deals": [deal],
        "actions": [
            {"action": "Tú: draw", "comment": {"en": "Nothing to take: I draw.",
                                                "es": "Nada que llevarse: robo."}},
            {"action": f"Tú: discard {card.text}",
             "checkpoint": {"pile_size": len(game.pile) + 1, "pile_top": card.text}},
        ],
        "changes": [{"fact": {"en": "Tú discards first", "es": "Tú descarta primero"},
                     "change": {"en": "kept", "es": "se mantiene"},
                     "why": {"en": "for the test", "es": "para la prueba"}}],
        "slips": [{"after": 1, "action": "Tú: draw", "expect_rule": "turn.order",
                   "comment": {"en": "Tú draws again out of turn", "es": "Tú roba otra vez sin turno"}}],
    }


TOLD_TABLE = {  # the final table of seed 003's sample game (RULES_NOTES §4.1)
    "format": "canasta-scenario", "variant": "classic", "players": NAMES,
    "melds": {"Bo": ["K♠ K♥ K♣ K♦ K♠ K♥ JK", "8♦ 8♠ 2♣ 8♣", "7♠ 7♥ 7♦ 7♣ JK", "A♠ A♣ A♥"],
              "Ada": ["6♣ 6♦ 6♥", "Q♣ Q♦ Q♥ Q♠ Q♣"]},
    "red_threes": {"Tú": "3♥"},
    "hands": {"Tú": "9♣ A♦", "Bo": "", "Ada": "J♦ J♥ 10♣ 10♥ 9♥ 5♣ 4♣",
              "Cleo": "9♠ 8♥ 5♦ 4♥ 4♠ J♠"},
    "went_out": "Bo",
}


def write(tmp_path: Path, name: str, data: Any) -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data, ensure_ascii=False),
                    encoding="utf-8")
    return str(path)


# ---- replay ------------------------------------------------------------------------------------

def test_replay_shows_changes_deal_commentary_explanations_checkpoints_slips_and_score(
        tmp_path: Path) -> None:
    needs_records()
    data = short_record()
    r = cli("replay", write(tmp_path, "game.json", data))
    assert r.returncode == 0, r.stderr
    out = flat(r.stdout)
    discard = data["actions"][1]["action"]
    for fragment in [
        "A short game", "Changes made to the told game", "Tú discards first", "for the test",
        "The deal", "[deal.hands]", "[deal.upcard]",
        "Action 1: Tú: draw", "“Nothing to take: I draw.”", "[draw.stock]",
        f"Action 2: {discard}", "[discard.ok]",
        f"✔ The top card of the pile is {data['actions'][1]['checkpoint']['pile_top']}",
        "A slip in the told game, refused by the engine", "Tú draws again out of turn",
        "✘ refused You cannot 'draw' now: it is Ada's turn.", "[turn.order]",
        "Final score", "The record ends before the end of the hand",
        "The Official Canasta Laws: “Play passes to the left.”",
    ]:
        assert fragment in out, fragment
    assert out.index("Changes made") < out.index("The deal") < out.index("Action 1") \
        < out.index("Action 2") < out.index("A slip") < out.index("Final score")
    assert "11 cards (hidden)" not in out  # every hand face up without a viewpoint


def test_replay_from_one_players_view_in_spanish_with_piped_step(tmp_path: Path) -> None:
    needs_records()
    path = write(tmp_path, "game.json", short_record())
    r = cli("replay", path, "--viewpoint", "ada", "--lang", "es", "--step", stdin="")
    assert r.returncode == 0, r.stderr
    out = flat(r.stdout)
    assert "«Nada que llevarse: robo.»" in out and "Cambios hechos a la partida contada" in out
    assert "Jugada 1: Tú: robar" in out and "✔ permitido Robas el" in out
    assert "11 cartas (ocultas)" in out  # Bo's and Cleo's hands are hidden from Ada
    first_state = r.stdout[r.stdout.index("Canasta clásica"):]
    ada = next(line for line in first_state.splitlines() if " Ada " in line)
    assert "ocultas" not in ada
    assert "Puntuación final" in out
    assert_bad_input(cli("replay", path, "--viewpoint", "Zed"), "no player 'Zed'", "Tú, Ada, Bo and Cleo")


def _mutated(mutate: Any) -> dict[str, Any]:
    data = short_record()
    mutate(data)
    return data


def _dup_card(d: dict[str, Any]) -> None:
    d["deals"][0]["stock"][0] = d["deals"][0]["hands"]["Tú"][0]


BAD_RECORDS = [
    ("malformed JSON", '{"variant": "classic",\n "players": [}', ("line 2, column", "malformed JSON")),
    ("unknown card", lambda d: d["deals"][0]["hands"]["Tú"].__setitem__(3, "Z♠"),
     ("deals[0].hands.Tú[3]", "'Z♠'")),
    ("more copies than the pack", _dup_card, ("deals[0]", "more copies than the pack holds")),
    ("illegal action", lambda d: d["actions"].__setitem__(1, "Tú: discard 4♠ 4♥"),
     ("actions[1]",)),
    ("refused action", lambda d: d["actions"].insert(1, "Ada: draw"), ("actions[1]", "turn.order")),
    ("failed checkpoint", lambda d: d["actions"][1]["checkpoint"].__setitem__("pile_size", 40),
     ("actions[1].checkpoint.pile_size", "checkpoint failed: expected 40 cards")),
    ("unknown variant", lambda d: d.__setitem__("variant", "nope"), ("variant", "unknown variant 'nope'")),
]


def test_bad_records_are_one_line_errors(tmp_path: Path) -> None:
    needs_records()
    paths = [write(tmp_path, f"bad{i}.json", change if isinstance(change, str) else _mutated(change))
             for i, (_, change, _) in enumerate(BAD_RECORDS)]
    runs = clis([("replay", path) for path in paths])
    for (case, _, names), path, r in zip(BAD_RECORDS, paths, runs, strict=True):
        assert r.stdout == "", case  # the record is verified before anything is shown
        assert_bad_input(r, path, *names)


# ---- score -------------------------------------------------------------------------------------

def test_score_json_of_the_told_final_table(tmp_path: Path) -> None:
    needs_records()
    files = [write(tmp_path, "told.json", TOLD_TABLE)] + ([str(FINAL_TABLE)] if FINAL_TABLE.exists() else [])
    for path in files:
        r = cli("score", path, "--json")
        assert r.returncode == 0, r.stderr
        data = json.loads(r.stdout)
        assert data["variant"] == "classic"
        assert [s["total"] for s in data["sides"]] == [760, -40]
        us, them = data["sides"]
        assert [(x["rule"], x["points"]) for x in us["lines"]] == [
            ("score.going-out", 100), ("score.canasta", 300), ("score.red-threes", 100),
            ("score.meld-cards", 290), ("score.hand-cards", -30)]
        assert [(x["rule"], x["points"]) for x in them["lines"]] == [
            ("score.meld-cards", 65), ("score.hand-cards", -60), ("score.hand-cards", -45)]
        assert us["lines"][1]["message"] == "Mixed canasta of kings (7 cards): 300."
        assert (us["side"], us["players"], them["players"]) == (0, ["Tú", "Bo"], ["Ada", "Cleo"])


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ("This hand", "Mixed canasta of kings (7 cards): 300.", "You were left with 9♣ A♦: −30.")),
    ("es", ("Esta mano", "Canasta mixta de reyes (7 cartas): 300.", "Te has quedado con 9♣ A♦: −30."))])
def test_score_table_in_both_languages(tmp_path: Path, lang: str, words: tuple[str, ...]) -> None:
    needs_records()
    files = [write(tmp_path, "told.json", TOLD_TABLE)] + ([str(FINAL_TABLE)] if FINAL_TABLE.exists() else [])
    for r in clis([("score", path, "--lang", lang) for path in files]):
        assert r.returncode == 0, r.stderr
        out = flat(r.stdout)
        for w in words:
            assert w in out
        totals = [line.split()[-1] for line in r.stdout.splitlines() if words[0] in line]
        assert totals == ["760", "−40"]
        assert "score.going-out" in r.stdout


BAD_TABLES = [
    ("malformed JSON", "{\"players\": ", ("line 1, column", "malformed JSON")),
    ("unknown card", {**TOLD_TABLE, "hands": {**TOLD_TABLE["hands"], "Tú": "9♣ 1♦"}},
     ("hands.Tú[1]", "'1♦'")),
    ("more copies than the pack", {**TOLD_TABLE, "hands": {**TOLD_TABLE["hands"], "Tú": "9♣ K♠"}},
     ("hands.Tú[1]", "more copies than the pack holds: K♠ ×3")),
]


def test_bad_scenarios_and_missing_files_are_one_line_errors(tmp_path: Path) -> None:
    needs_records()
    paths = [write(tmp_path, f"bad{i}.json", data) for i, (_, data, _) in enumerate(BAD_TABLES)]
    missing = str(tmp_path / "nowhere.json")
    runs = clis([("score", path, "--json") for path in paths]
                + [("score", missing), ("replay", missing)])
    for (case, _, names), path, r in zip(BAD_TABLES, paths, runs, strict=False):
        assert r.returncode == 2, case
        assert_bad_input(r, path, *names)
    for r in runs[-2:]:
        assert_bad_input(r, missing, "cannot read the file")


# ---- the examples of issue 3, once they land --------------------------------------------------

def test_sample_game_replays_in_both_languages_with_its_slips_and_own_score() -> None:
    needs(GAME)
    needs_records()
    from canasta.records import load_record

    record = load_record(GAME)
    final = [step.state for step in record.replay()][-1]
    en, es = clis([("replay", str(GAME)), ("replay", str(GAME), "--lang", "es", "--viewpoint", "Tú")])
    for r, words in ((en, ("Changes made to the told game", "A slip in the told game", "Final score",
                           "This hand")),
                     (es, ("Cambios hechos a la partida contada", "Una errata de la partida contada",
                           "Puntuación final", "Esta mano"))):
        assert r.returncode == 0, r.stderr
        out = flat(r.stdout)
        for w in words:
            assert w in out
        for slip in record.slips:  # each slip of the told game, refused at its place
            assert f"[{slip.expect_rule}]" in out
        for change in record.changes:
            assert " ".join(change.fact.get("en" if r is en else "es").split())[:30] in out
        totals = [line.split()[-1] for line in r.stdout.splitlines() if words[-1] in line]
        assert totals == [f"−{-t}" if t < 0 else str(t) for t in final.last_result.totals]


def test_simulate_exits_non_zero_and_lists_violations(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    from canasta.cli import main
    from canasta.cli import simulate as sim
    from canasta.simulate import SimResult

    def broken(job: tuple[str, int, int | None]) -> SimResult:  # a game that loses a card
        return SimResult(job[0], games=1, hands=1, decisions=3,
                         violations=[f"game {job[1]} hand 1 after draw: ['K♠: 1 in play, 2 in the pack']"])

    monkeypatch.setattr(sim, "_play", broken)
    assert main(["simulate", "classic", "--games", "2", "--seed", "4", "--json"]) == 1
    out, err = capsys.readouterr()
    assert json.loads(out)["violations"] == 2
    assert err.splitlines() == [f"violation: game {game_seed(4, i)} hand 1 after draw: "
                                "['K♠: 1 in play, 2 in the pack']" for i in range(2)]


# ---- the language of the command line itself ------------------------------------------------

def run_main(argv: list[str], capsys: pytest.CaptureFixture[str],
             monkeypatch: pytest.MonkeyPatch, env: str | None = None) -> tuple[int, str, str]:
    from canasta.cli import main

    if env is None:
        monkeypatch.delenv("CANASTA_LANG", raising=False)
    else:
        monkeypatch.setenv("CANASTA_LANG", env)
    try:
        code = main(argv)
    except SystemExit as e:
        code = int(e.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("argv", [
    ["--lang", "es", "rules", "nada"], ["rules", "nada", "--lang", "es"], ["rules", "--lang=es", "nada"]])
def test_lang_is_read_before_or_after_the_command(argv: list[str], capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    code, _, err = run_main(argv, capsys, monkeypatch)
    assert code == 2 and "variante desconocida «nada»" in err


def test_lang_comes_from_the_environment_and_the_option_wins(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    assert "variante desconocida" in run_main(["rules", "nada"], capsys, monkeypatch, env="es_AR.UTF-8")[2]
    assert "unknown variant" in run_main(["rules", "nada", "--lang", "en"], capsys, monkeypatch, env="es")[2]
    code, _, err = run_main(["rules", "classic"], capsys, monkeypatch, env="fr")
    assert code == 2 and err.strip() == "canasta: error: CANASTA_LANG=fr: unknown language; known: en, es"


# the English words of argparse and of the commands' help that must not reach a Spanish reader
HELP_ENGLISH = re.compile(r"\b(usage|options|positional|arguments|show|help message|default|"
                          r"variant|the|and|of|file|folder|player|seed|required|invalid|choose)\b")


@pytest.mark.parametrize("argv", [["--help"], *([c, "--help"] for c in (
    "replay", "rules", "score", "simulate", "play", "compare", "classroom", "site")),
    ["site", "build", "--help"], ["site", "serve", "--help"]])
def test_help_is_spanish_with_lang_es(argv: list[str], capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run_main([*argv, "--lang", "es"], capsys, monkeypatch)
    assert code == 0 and out.startswith("uso: canasta")
    assert "opciones:" in out and "muestra esta ayuda y termina" in out
    prose = re.sub(r"--[\w-]+|\$\w+|\{[^}]*\}|[\w./~-]*/[\w./~-]*|\b[A-Z_]{2,}\b", "", out)
    assert HELP_ENGLISH.findall(prose) == [], out
    code, en, _ = run_main(argv, capsys, monkeypatch)
    assert code == 0 and en.startswith("usage: canasta") and "show this help message" in en


@pytest.mark.parametrize(("argv", "spanish"), [
    (["--lang", "es", "rules", "classic", "extra"], "canasta: error: argumentos no reconocidos: extra"),
    (["--lang", "es", "jugar"], "argumento ORDEN: opción no válida: 'jugar' (elige entre 'replay'"),
    (["site", "build", "--lang", "es"], "canasta site build: error: faltan estos argumentos "
                                        "obligatorios: CARPETA"),
    (["play", "--seed", "x", "--lang", "es"], "argumento --seed: no es un número entero: «x»"),
    (["simulate", "classic", "--games", "0", "--lang", "es"], "argumento --games: debe ser al menos 1, no 0"),
])
def test_usage_errors_are_spanish_with_lang_es(argv: list[str], spanish: str,
                                               capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    code, _, err = run_main(argv, capsys, monkeypatch)
    assert code == 2 and spanish in err and err.startswith("uso: ")


def test_argparse_is_left_as_it_was() -> None:
    """The language is argparse's only while a command line is read."""
    import argparse

    from canasta.cli import build_parser

    build_parser("es")
    assert argparse._("usage: ") == "usage: "  # type: ignore[attr-defined]


def test_classroom_help_and_its_guide_agree_on_what_lang_does() -> None:
    """``--lang`` of the classroom sets its messages and the start page, which opens the pages
    written in that language: the help says so and so does docs/classroom.md."""
    from canasta.cli import build_parser

    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    help_ = " ".join(next(a.help for a in sub.choices["classroom"]._actions
                          if "--lang" in a.option_strings).split())
    guide = next(line for line in (ROOT / "docs" / "classroom.md").read_text(encoding="utf-8")
                 .splitlines() if line.startswith("| `--lang es`"))
    for said in (("start page",), ("widgets",), ("pages", "Spanish", "outputs")):
        assert all(w in help_ for w in said) and all(w in guide for w in said), (said, help_, guide)
