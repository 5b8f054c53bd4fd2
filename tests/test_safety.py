"""No unsafe loading anywhere in the package (pickle, marshal, shelve, YAML, eval, exec), and
every user string (player names, titles, commentary, house-rule names) escaped in HTML output:
the renderers' and the widgets' values."""

from __future__ import annotations

import ast
from html import escape
from pathlib import Path
from typing import Any

import pytest

import canasta
from canasta.bots import GreedyBot
from canasta.explain import L
from canasta.houserules import house_variant
from canasta.records import record_from_state
from canasta.render.html import (
    actions_html,
    breakdown_html,
    decision_html,
    explanation_html,
    scores_html,
    state_html,
)
from canasta.scenario import parse_scenario

PACKAGE = Path(canasta.__file__).resolve().parent
UNSAFE_MODULES = {"pickle", "_pickle", "cPickle", "marshal", "shelve", "dill", "cloudpickle",
                  "jsonpickle", "yaml", "ruamel"}
UNSAFE_CALLS = {"eval", "exec", "compile", "__import__"}


def unsafe_uses(source: str) -> list[str]:
    """The unsafe imports, calls and names in ``source`` (its syntax tree: a word in a docstring
    or a comment does not count)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.split(".")[0] in UNSAFE_MODULES]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in UNSAFE_MODULES:
            found.append(node.module or "")
        elif isinstance(node, ast.Name) and node.id in UNSAFE_CALLS:
            found.append(node.id)
        elif isinstance(node, ast.Attribute) and node.attr in UNSAFE_CALLS | {"loads", "load"} and \
                isinstance(node.value, ast.Name) and node.value.id in UNSAFE_MODULES | {"builtins"}:
            found.append(f"{node.value.id}.{node.attr}")
    return found


def test_the_checker_finds_unsafe_code_and_ignores_words() -> None:
    assert unsafe_uses("import pickle\nx = pickle.loads(b'')") == ["pickle", "pickle.loads"]
    assert unsafe_uses("from yaml import load") == ["yaml"]
    assert unsafe_uses("y = eval('1')\nexec('y')") == ["eval", "exec"]
    assert unsafe_uses("import builtins\nbuiltins.eval('1')") == ["builtins.eval"]
    assert unsafe_uses('"""never eval, exec or pickle"""\n# import pickle\nimport json') == []


def test_no_module_of_the_package_loads_unsafely() -> None:
    files = sorted(PACKAGE.rglob("*.py"))
    assert len(files) > 30 and PACKAGE / "records.py" in files
    found = {str(p.relative_to(PACKAGE)): uses for p in files
             if (uses := unsafe_uses(p.read_text(encoding="utf-8")))}
    assert found == {}


# ---- HTML escaping --------------------------------------------------------------------------

NAMES = ["<script>alert(1)</script>", "<img src=x onerror=alert(2)>", '"><svg onload=alert(3)>',
         "Bo & <b>x</b>"]
COMMENT = L("<script>alert('en')</script>", "<script>alert('es')</script>")
TITLE = L("<iframe src=x></iframe>", "<iframe src=y></iframe>")
RAW = [*NAMES, COMMENT.en, COMMENT.es, TITLE.en, TITLE.es, "<script", "<iframe", "<img", "<svg onload"]


def assert_escaped(html: str, where: str) -> None:
    for raw in RAW:
        assert raw not in html, f"{where}: {raw!r} is not escaped"


@pytest.fixture(scope="module")
def game() -> canasta.State:
    """A classic hand to its end between players with hostile names."""
    state = canasta.new_game("classic", seed=4, names=NAMES)
    bot = GreedyBot(4)
    while not state.hand_over and len(state.history) < 600:
        state.apply(bot.choose(state))
    assert state.hand_over and state.results
    return state


def test_the_renderers_escape_names_and_show_them(game: canasta.State) -> None:
    first = canasta.new_game("classic", seed=4, names=NAMES)
    for lang in ("en", "es"):
        views = {"state": state_html(first, lang=lang), "state (seat 0)": state_html(game, 0, lang),
                 "end": state_html(game, lang=lang), "scores": scores_html(game, lang),
                 "breakdown": breakdown_html(game.results[0], game, lang),
                 "legal": actions_html(first.legal_actions(), lang)}
        for step in game.history:
            views[f"{step.action.text}"] = decision_html(game.names[step.seat], step.action.text,
                                                         step.explanation, step.events, lang)
            views[f"{step.action.text} (why)"] = explanation_html(step.explanation, lang)
        for where, html in views.items():
            assert_escaped(html, where)
        assert escape(NAMES[0]) in views["state"] and escape(NAMES[3]) in views["breakdown"]
    assert_escaped(game._repr_html_(), "State._repr_html_")
    assert_escaped(game.history[-1].explanation._repr_html_(), "Explanation._repr_html_")


def test_other_variants_escape_names_too() -> None:
    for variant, n in (("individual", 3), ("rioplatense", 2), ("real", 2), ("americana", 4)):
        state = canasta.new_game(variant, seed=2, names=NAMES[:n])
        bot = GreedyBot(2)
        while not state.hand_over and len(state.history) < 300:
            state.apply(bot.choose(state))
        html = state_html(state) + "".join(breakdown_html(r, state) for r in state.results)
        assert_escaped(html, variant)
        assert escape(NAMES[0]) in html


def _html_values(widget: Any) -> list[str]:
    """The value of every HTML widget inside ``widget``."""
    import ipywidgets as widgets

    out, stack, seen = [], [widget], set()
    while stack:
        w = stack.pop()
        if id(w) in seen:
            continue
        seen.add(id(w))
        if isinstance(w, (widgets.HTML, widgets.HTMLMath)):
            out.append(w.value)
        stack.extend(getattr(w, "children", ()))
    return out


def test_the_widgets_escape_names_titles_and_comments(game: canasta.State) -> None:
    pytest.importorskip("ipywidgets")
    from canasta.widgets import (
        GameStepper,
        PlayTable,
        RulesSandbox,
        ScoreCalculator,
        parse_exercise,
    )
    from canasta.widgets.compare import VariantComparer

    record = record_from_state(game, {i: COMMENT for i in range(0, len(game.history), 7)},
                               title=TITLE)
    stepper = GameStepper(record)
    shown = []
    for _ in range(12):
        shown += _html_values(stepper)
        stepper.next()
    stepper.last()
    shown += _html_values(stepper)
    assert any(escape(COMMENT.en) in v for v in shown)  # the comment is shown, escaped
    table = parse_scenario({"variant": "classic", "players": NAMES, "title": TITLE.en, "notes": {"en": COMMENT.en, "es": COMMENT.es},
                            "melds": {NAMES[0]: ["K♠ K♥ K♣"]}, "hands": {NAMES[1]: "4♠"},
                            "went_out": NAMES[2]})
    calc = ScoreCalculator(table)
    shown += _html_values(calc)
    play = PlayTable("classic", 1, names=NAMES)
    shown += _html_values(play)
    exercise = parse_exercise({"kind": "situation", "title": TITLE.en, "question": COMMENT.es,
                               "action": "meld K♠ K♥ K♣",
                               "situation": {"names": NAMES, "hands": {NAMES[0]: "K♠ K♥ K♣ 4♦"},
                                             "phase": "play", "turn": NAMES[0]}})
    shown += _html_values(RulesSandbox([exercise]))
    home = house_variant("classic", "<script>origin</script>", name=NAMES[0], target=3000)
    shown += _html_values(VariantComparer(["classic", NAMES[0]], extra=[home]))
    assert len(shown) > 20
    for i, html in enumerate(shown):
        assert_escaped(html, f"widget value {i}")
    assert any(escape(NAMES[0]) in v for v in shown)
