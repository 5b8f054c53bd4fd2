"""Every page's widgets driven with random clicks and inputs, in every variant: no callback ever
raises; a bad input is said to the learner in their language, and the widget goes on working."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import ipywidgets as widgets
import pytest
from widget_fuzz import fuzz

import canasta
from canasta.records import load_record
from canasta.scenario import Scenario
from canasta.widgets import (
    ClassResults,
    GameStepper,
    PlayTable,
    Quiz,
    RulesSandbox,
    ScoreCalculator,
)
from canasta.widgets.compare import VariantComparer
from canasta.widgets.exercises import load_exercise

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
VARIANTS = canasta.variant_names()


def _situations(variant: str) -> list[Path]:
    """The teacher's ready-made situations of ``variant`` (none: a blank table)."""
    folder = EXAMPLES / "exercises" / ("" if variant == "classic" else variant)
    return [p for p in sorted(folder.glob("*.json")) if load_exercise(p).kind == "situation"]


def _scoring(variant: str) -> Scenario | None:
    """A teacher's table to score in ``variant`` (none: an empty table)."""
    folder = EXAMPLES / "exercises" / ("" if variant == "classic" else variant)
    found = [load_exercise(p) for p in sorted(folder.glob("*.json"))]
    return next((ex.to_scenario() for ex in found if ex.kind == "scoring"), None)


PAGES: dict[str, Callable[[str], Callable[[], widgets.Widget]]] = {
    "sandbox": lambda v: lambda: RulesSandbox(_situations(v), variant=v),
    "card-table": lambda v: lambda: PlayTable(v, seed=3),
    "quiz": lambda v: lambda: Quiz(seed=3, variant=v),
    "exercises": lambda v: lambda: Quiz(seed=3, variant=v, exercises=_situations(v)[:3]),
    "calculator": lambda v: lambda: ScoreCalculator(_scoring(v), variant=v),
    "hand-in": lambda v: lambda: Quiz(seed=4, variant=v),
}
ONCE: dict[str, Callable[[], widgets.Widget]] = {
    "stepper": lambda: GameStepper(load_record(EXAMPLES / "classic_sample_game.json")),
    "compare": lambda: VariantComparer(),
    "class-results": lambda: ClassResults(EXAMPLES / "results"),
}
CASES = [(page, v) for page in PAGES for v in VARIANTS]


def _usable(w: widgets.Widget) -> None:
    """The widget draws again in both languages after whatever came before."""
    if hasattr(w, "refresh"):
        for lang in ("es", "en"):
            w.lang = lang
            w.refresh()


@pytest.mark.parametrize(("page", "variant"), CASES, ids=[f"{p}-{v}" for p, v in CASES])
def test_random_clicks_and_inputs_never_raise(page: str, variant: str, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    if page == "hand-in":  # served with a results folder: the hand-in button shows
        monkeypatch.setenv("CANASTA_RESULTS_DIR", str(tmp_path))
    make = PAGES[page](variant)
    fuzz(make, seed=1, steps=120)
    w = make()
    _usable(w)


@pytest.mark.parametrize("page", list(ONCE))
def test_random_clicks_and_inputs_never_raise_on_the_other_pages(page: str) -> None:
    fuzz(ONCE[page], seed=1, steps=150)
    _usable(ONCE[page]())


@pytest.mark.long
@pytest.mark.parametrize(("page", "variant"), CASES, ids=[f"{p}-{v}" for p, v in CASES])
def test_long_random_sessions_never_raise(page: str, variant: str, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CANASTA_RESULTS_DIR", str(tmp_path))
    for seed in range(2, 8):
        fuzz(PAGES[page](variant), seed=seed, steps=400)


@pytest.mark.parametrize("fields", [{"side": "x", "index": 0}, {"side": 0, "index": {}},
                                    {"side": None, "index": [1]}, {"side": "9" * 5000, "index": 0},
                                    {"depth": "deep"}, {"depth": 2.5}])
def test_a_click_the_page_never_sends_changes_nothing(fields: dict[str, object]) -> None:
    """A meld or a depth that is not a whole number (a forged message) names no place: the
    table stays as it was, and a real click still plays."""
    for make in (lambda: PlayTable("classic", seed=3), lambda: RulesSandbox(variant="classic")):
        w = make()
        before = dict(w.table.view)
        w.table.click("add" if "side" in fields else "pile", **fields)
        if "side" in fields:
            assert dict(w.table.view) == before
        else:  # the top card only: refused or taken as a click on the pile
            assert w.table.view
        w.table.click("stock")
        assert w.table.view != before or isinstance(w, RulesSandbox)


def test_a_hand_in_that_cannot_be_written_is_said_in_the_learners_language(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gone = tmp_path / "results"
    monkeypatch.setenv("CANASTA_RESULTS_DIR", str(gone))  # a folder that is not there
    quiz = Quiz(seed=3, lang="es")
    quiz.name.value = "Lucía"
    quiz.answer(quiz.question.answer)
    assert quiz.hand_in() is False
    assert "No se han podido entregar tus respuestas" in quiz.handed.value
    assert "Guárdalas con los enlaces de arriba" in quiz.handed.value
    assert "(la carpeta no existe)" in quiz.handed.value  # the reason in Spanish too
    gone.mkdir()
    assert quiz.hand_in() is True  # the button still works once the folder is there
