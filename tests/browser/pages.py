"""What a tutorial page must show when a student opens it, in Voilà or after Run All in
JupyterLab, and whether its forms fit the screen; shared by test_voila.py and test_lab.py.

A page is ready when every widget output of the notebook is drawn (not when some time has
passed): ``READY_JS`` counts the drawn views, and the tests wait for the count the notebook
holds. ``OPENING_JS`` reads each canasta widget of a page by its class (``canasta-quiz``, ...);
:func:`check_opening` compares that with what the engine says the page must open at.
``FIT_JS`` lists every button, label, field or placeholder of a form that is cut off or off the
screen.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from browser_support import EXAMPLES, NOTEBOOKS

from canasta.records import load_record
from canasta.scenario import load_scenario
from canasta.widgets import load_exercise

NAMES = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))
PLACEHOLDERS = ("Loading widget", "Error displaying widget")
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1100, "height": 850}

# JupyterLab, driven by its application object: open a notebook (``window.canastaNotebook``),
# wait until its kernel is idle, close it (its kernel stopped, nothing saved, no dialog)
LAB_OPEN_JS = """async (path) => {
  const w = await window.jupyterapp.commands.execute('docmanager:open', {path, factory: 'Notebook'});
  await w.context.ready;
  window.canastaNotebook = w;
  window.jupyterapp.shell.activateById(w.id);
}"""
LAB_IDLE_JS = """() => {
  const w = window.canastaNotebook;
  const k = w && w.sessionContext.session && w.sessionContext.session.kernel;
  return !!k && k.status === 'idle';
}"""
LAB_CLOSE_JS = """async () => {
  const w = window.canastaNotebook;
  await w.sessionContext.shutdown();
  w.context.model.dirty = false;  // nothing to save, and no dialog asking
  w.dispose();
}"""



def open_lab(browser: Any, lab: Any) -> Any:
    """A page of JupyterLab served by ``lab`` (a Server), its application ready to drive, the
    left panel folded (room for the notebook)."""
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    page.goto(lab.url("lab", "reset"))
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell", timeout=60_000)
    page.wait_for_function("() => window.jupyterapp.commands.hasCommand('docmanager:open')",
                           timeout=60_000)
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    return page


# Drawn widget views under ``root``: an output whose child is a widget's own element.
READY_JS = """(root) => {
  const node = root || document.body;
  const outs = Array.from(node.querySelectorAll('.jp-OutputArea-output'));
  return {drawn: outs.filter(o => o.querySelector(':scope > .lm-Widget[class*="widget-"]')).length,
          placeholder: /Loading widget|Error displaying widget/.test(node.innerText)};
}"""

OPENING_JS = r"""(root) => {
  const all = sel => Array.from(root.querySelectorAll(sel));
  // the text of an element, also of a cell the browser skips drawing while it is out of view
  // (JupyterLab's content-visibility windowing, JupyterLite's default): not innerText
  const text = e => e.textContent.replace(/\s+/g, ' ').trim();
  const htmls = el => Array.from(el.querySelectorAll('.widget-html')).map(text);
  const field = (el, name) => {
    const w = Array.from(el.querySelectorAll('.widget-text')).find(
        t => t.querySelector('label') && t.querySelector('label').textContent.trim() === name);
    return w ? w.querySelector('input').value : null;
  };
  return {
    steppers: all('.canasta-gamestepper').map(s => ({
      counter: htmls(s).find(t => /^(Step|Paso) \d+ \/ \d+$/.test(t)) || null,
      latest: s.querySelector('.canasta-last') ? text(s.querySelector('.canasta-last')) : null,
      fresh: s.querySelectorAll('.canasta-fresh').length})),
    sandboxes: all('.canasta-rulessandbox').map(s => ({
      situation: s.querySelector('select')
          ? s.querySelector('select').selectedOptions[0].textContent.replace(/\u00a0/g, ' ') : null,
      action: field(s, 'Your action'),
      answers: s.querySelectorAll('.canasta-explanation').length,
      alerts: s.querySelectorAll('[role=alert]').length,
      hints: s.querySelectorAll('.canasta-actions').length})),
    calculators: all('.canasta-scorecalculator').map(c => ({
      totals: Array.from(c.querySelectorAll('table.canasta-breakdown tfoot tr:first-child td:last-child'))
          .map(text),
      alerts: c.querySelectorAll('[role=alert]').length})),
    quizzes: all('.canasta-quiz').map(q => ({
      header: htmls(q).find(t => /^(Question|Pregunta) \d+$/.test(t)) || null,
      tally: htmls(q).find(t => /^(Score|Aciertos):? /.test(t)) || null,
      locked: q.querySelectorAll('.canasta-row button:disabled').length})),
    comparers: all('.canasta-variantcomparer').map(c =>
      Array.from(c.querySelectorAll('button.mod-active')).map(text)),
    tables: all('.canasta-playtable').map(text),
  };
}"""

# Everything of a form a student must read or press that is cut off or off the screen: buttons
# and labels whose text overflows, fields past the right edge, placeholders longer than their box.
FIT_JS = r"""(root) => {
  const vw = document.documentElement.clientWidth;
  const problems = [];
  const visible = e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const name = e => (e.innerText || e.placeholder || e.value || e.outerHTML.slice(0, 60)).trim();
  const canvas = document.createElement('canvas').getContext('2d');
  const forms = '.canasta-form, .canasta-languageswitch';
  root.querySelectorAll(`${forms.split(', ').map(f => f + ' button').join(', ')}`).forEach(b => {
    if (!visible(b)) return;
    const r = b.getBoundingClientRect();
    if (r.right > vw + 0.5 || r.left < -0.5) problems.push(['button off the screen', name(b), Math.round(r.right)]);
    if (b.scrollWidth > b.clientWidth + 1) problems.push(['button cut', name(b)]);
  });
  root.querySelectorAll(`${forms.split(', ').map(f => f + ' .widget-label').join(', ')}`).forEach(l => {
    if (!visible(l) || !l.textContent.trim()) return;
    const r = l.getBoundingClientRect();
    if (r.right > vw + 0.5) problems.push(['label off the screen', name(l)]);
    if (l.scrollWidth > l.clientWidth + 1) problems.push(['label cut', name(l)]);
  });
  root.querySelectorAll('.canasta-form input[type=text], .canasta-form input[type=number], .canasta-form select').forEach(i => {
    if (!visible(i)) return;
    const r = i.getBoundingClientRect();
    if (r.right > vw + 0.5) problems.push(['field off the screen', name(i), Math.round(r.right)]);
    if (i.placeholder) {
      const s = getComputedStyle(i);
      canvas.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
      const room = i.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
      if (canvas.measureText(i.placeholder).width > room + 1) problems.push(['placeholder cut', i.placeholder]);
    }
  });
  return problems;
}"""

# the first canasta widget of a page (not the language switch): where a screenshot looks
MAIN_SELECTOR = (".canasta-gamestepper, .canasta-rulessandbox, .canasta-scorecalculator, "
                 ".canasta-quiz, .canasta-playtable, .canasta-variantcomparer, "
                 ".canasta-classresults")

# words that are on the page once its widgets have turned Spanish, by widget
SPANISH = {"steppers": "Paso 0 /", "sandboxes": "Preguntar al motor",
           "calculators": "Contar la mano", "quizzes": "Aciertos", "comparers": "Variantes"}


class NotFresh(AssertionError):
    """A page does not open at the state a student must meet first."""


def widget_outputs(name: str) -> int:
    """How many widget views the notebook draws (its stored widget outputs)."""
    nb = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
    return sum(1 for c in nb["cells"] for o in c.get("outputs", ())
               if "application/vnd.jupyter.widget-view+json" in o.get("data", {}))


def _sources(name: str) -> str:
    nb = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
    return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")


def _totals(totals: list[int]) -> list[str]:
    return [f"−{-t}" if t < 0 else str(t) for t in totals]


def expected_opening(name: str) -> dict[str, Any]:
    """What each widget of the page shows when it opens, from the engine and the examples (the
    widgets of a kind in page order; a widget displayed twice is seen twice)."""
    if name.startswith("01_"):
        total = len(load_record(EXAMPLES / "classic_sample_game.json").entries)
        stepper = {"counter": f"Step 0 / {total}", "latest": "The deal", "fresh": 0}
        return {"steppers": [stepper, stepper]}  # at the top, and again for the exercises
    if name.startswith("02_"):
        shown = re.findall(r'^situation\("(\w+)"\)', _sources(name), flags=re.M)
        return {"sandboxes": [_unsolved(load_exercise(EXAMPLES / "exercises" / f"{s}.json"))
                              for s in shown]}
    if name.startswith("03_"):
        told = load_scenario(EXAMPLES / "classic_sample_final_table.json").score().totals
        assert told == [760, -40]  # the told table, as the rules count it
        return {"calculators": [{"totals": ["760", "−40"], "alerts": 0}]}
    if name.startswith("04_"):
        ready = [p for folder in ("americana", "real")
                 for p in sorted((EXAMPLES / "exercises" / folder).glob("*.json"))
                 if load_exercise(p).kind == "situation"]
        real = load_scenario(EXAMPLES / "real_final_table.json").score().totals
        return {"comparers": [["✓ Classic Canasta", "✓ Rioplatense Canasta",
                               "✓ Individual Canasta"]],
                "sandboxes": [_unsolved(load_exercise(ready[0]))],
                "calculators": [{"totals": _totals(real), "alerts": 0}]}
    if name.startswith("05_"):
        # your first decision of hand 1: your turn to draw, nothing played yet
        return {"tables": [re.compile(r"Hand 1\s*Your turn: draw from the stock or take the "
                                      r"pile\..*Nothing yet: the hand has just been dealt\.", re.S)]}
    if name.startswith("06_"):
        quiz = {"header": "Question 1", "tally": "Score: 0 right out of 0", "locked": 0}
        first = sorted(p for p in (EXAMPLES / "exercises").glob("*.json")
                       if load_exercise(p).kind == "situation")[0]
        return {"quizzes": [quiz, quiz], "sandboxes": [_unsolved(load_exercise(first))]}
    if name.startswith("07_"):
        return {}  # the teacher's page: the class's results, none of the widgets above
    raise KeyError(name)


def _unsolved(exercise: Any) -> dict[str, Any]:
    """A sandbox as it opens: its situation and action typed in, nothing asked yet."""
    return {"situation": exercise.title.en, "action": exercise.action, "answers": 0,
            "alerts": 0, "hints": 0}


def check_opening(name: str, seen: dict[str, Any]) -> None:
    """Raise :class:`NotFresh` unless every widget of the page is at its opening state."""
    want = expected_opening(name)
    for kind, views in want.items():
        got = seen[kind]
        if kind == "tables":
            ok = len(got) == len(views) and all(p.search(t) for p, t in zip(views, got, strict=True))
        else:
            ok = got == views
        if not ok:
            raise NotFresh(f"{name}: {kind} open at {got}, not at {views}")
    for kind in ("steppers", "sandboxes", "calculators", "quizzes", "comparers", "tables"):
        if kind not in want and seen[kind]:
            raise NotFresh(f"{name}: unexpected {kind} {seen[kind]}")


def wait_until(read: Callable[[], Any], done: Callable[[Any], bool], timeout: float,
               what: str) -> Any:
    """Read until ``done`` (a page answers asynchronously); fail naming ``what`` after
    ``timeout`` seconds. Returns the last read."""
    deadline = time.monotonic() + timeout
    seen = read()
    while not done(seen):
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} within {timeout:.0f} s; last seen: {seen}")
        time.sleep(0.1)
        seen = read()
    return seen


def spanish_words(name: str) -> list[str]:
    """Words the page shows once its widgets are in Spanish."""
    return [SPANISH[k] for k in expected_opening(name) if k in SPANISH]


def screenshot(page: Any, element: Any, path: Path) -> None:
    """The page with ``element`` at the top (a drawn page, not a blank one)."""
    element.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.screenshot(path=str(path))
    assert path.stat().st_size > 10_000, path


def drawn_js(notebook: str) -> str:
    """A page function true when every widget output of the notebook (``notebook``: the JS
    expression of its panel) is drawn as a view and none is still a placeholder."""
    return """() => {
  const w = NOTEBOOK;
  let outputs = 0;
  w.content.widgets.forEach(cell => {
    if (cell.model.type !== 'code') return;
    const outs = cell.model.outputs;
    for (let j = 0; j < outs.length; j++) {
      const d = outs.get(j).toJSON().data;
      if (d && d['application/vnd.jupyter.widget-view+json']) outputs++;
    }
  });
  const node = w.content.node;
  const drawn = Array.from(node.querySelectorAll('.jp-OutputArea-output')).filter(
    o => o.querySelector(':scope > .lm-Widget[class*="widget-"]')).length;
  return outputs > 0 && drawn === outputs && !/Loading widget/.test(node.textContent);
}""".replace("NOTEBOOK", notebook)
