"""Every tutorial notebook in JupyterLab, in Chromium: outputs cleared, all cells run, then no
cell error, every widget drawn (no "Error displaying widget", no lingering "Loading widget"), every
widget at the state a student must meet first (as in Voilà), and the basics of accessibility in
what the widgets draw.

Readiness is waited for, not slept for: the kernel idle after Run All, then every widget output
of the notebook's model drawn as a view in the page (views are drawn after the kernel is idle,
later still on a loaded machine)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import Server
from pages import (
    LAB_CLOSE_JS,
    LAB_IDLE_JS,
    LAB_OPEN_JS,
    MAIN_SELECTOR,
    NAMES,
    OPENING_JS,
    check_opening,
    drawn_js,
    open_lab,
)

pytestmark = pytest.mark.browser

NO_CARDS = {"07_class_results.ipynb"}  # the teacher's page: a table of the class's answers

RUN_JS = """async () => {
  const app = window.jupyterapp;
  await app.commands.execute('notebook:clear-all-cell-outputs');
  await app.commands.execute('notebook:run-all-cells');
}"""
# The notebook's own model says what ran and what failed; the page says what was drawn.
REPORT_JS = """() => {
  const w = window.canastaNotebook;
  const report = {unrun: [], errors: [], widgetOutputs: 0, widgetsDrawn: 0, cards: 0,
                  unlabelledCards: 0, untitledButtons: [], unlabelledInputs: [], text: ''};
  w.content.widgets.forEach((cell, i) => {
    if (cell.model.type !== 'code') return;
    if (cell.model.executionCount === null) report.unrun.push(i);
    const outs = cell.model.outputs;
    for (let j = 0; j < outs.length; j++) {
      const o = outs.get(j).toJSON();
      if (o.output_type === 'error') report.errors.push([i, o.ename, o.evalue]);
      if (o.data && o.data['application/vnd.jupyter.widget-view+json']) report.widgetOutputs++;
    }
  });
  const node = w.content.node;
  // a drawn widget view is an output whose child is a widget's own element (widget-vbox, ...)
  report.widgetsDrawn = Array.from(node.querySelectorAll('.jp-OutputArea-output')).filter(
    o => o.querySelector(':scope > .lm-Widget[class*="widget-"]')).length;
  node.querySelectorAll('.jp-OutputArea svg.canasta-card').forEach(s => {
    report.cards++;
    if (!(s.getAttribute('aria-label') || '').trim()) report.unlabelledCards++;
  });
  node.querySelectorAll('.jp-OutputArea button').forEach(b => {
    if (!(b.title || b.getAttribute('aria-label') || '').trim()) report.untitledButtons.push(b.textContent.trim());
  });
  node.querySelectorAll('.jp-OutputArea input, .jp-OutputArea select, .jp-OutputArea textarea').forEach(e => {
    const name = (e.labels && e.labels.length ? e.labels[0].textContent : '') || e.getAttribute('aria-label') || e.title;
    if (!(name || '').trim()) report.unlabelledInputs.push(e.outerHTML.slice(0, 100));
  });
  report.text = node.textContent;
  return report;
}"""
DRAWN_JS = drawn_js("window.canastaNotebook")  # every widget output drawn, none a placeholder
# the screenshot shows the page's main widget (not the language switch above it)
SCROLL_JS = """async (selector) => {
  const w = window.canastaNotebook;
  const cells = w.content.widgets;
  for (let i = 0; i < cells.length; i++) {
    if (cells[i].node.querySelector(selector)) {
      w.content.activeCellIndex = i;
      await w.content.scrollToItem(i, 'start');
      return i;
    }
  }
  return -1;
}"""


@pytest.fixture(scope="module")
def lab_page(browser: Any, lab: Server) -> Iterator[Any]:
    page = open_lab(browser, lab)
    yield page
    page.close()


def run_all(page: Any, path: str) -> dict[str, Any]:
    """Open ``path`` (relative to the server's root), clear its outputs, run every cell, and
    report what ran, what failed and what was drawn."""
    page.evaluate(LAB_OPEN_JS, path)
    page.wait_for_function(LAB_IDLE_JS, timeout=60_000)
    page.evaluate(RUN_JS)
    page.wait_for_function(LAB_IDLE_JS, timeout=120_000)
    try:  # the views, drawn after the kernel is idle
        page.wait_for_function(DRAWN_JS, timeout=90_000, polling=200)
    except Exception as e:  # Playwright's timeout: the report below says what was not drawn
        if type(e).__name__ != "TimeoutError":
            raise
    report: dict[str, Any] = page.evaluate(REPORT_JS)
    report["opening"] = page.evaluate(
        f"() => ({OPENING_JS})(window.canastaNotebook.content.node)")
    return report


def close(page: Any, screenshot: Path) -> None:
    page.evaluate(SCROLL_JS, MAIN_SELECTOR)
    page.wait_for_timeout(300)  # the scroll is animated
    page.screenshot(path=str(screenshot))
    page.evaluate(LAB_CLOSE_JS)


@pytest.mark.parametrize("name", NAMES)
def test_notebook_runs_in_jupyterlab(lab_page: Any, name: str, screenshots: Path) -> None:
    try:
        report = run_all(lab_page, f"notebooks/{name}")
    except Exception:
        close(lab_page, screenshots / f"lab-{Path(name).stem}.png")
        raise
    close(lab_page, screenshots / f"lab-{Path(name).stem}.png")
    assert report["errors"] == []
    assert report["unrun"] == []
    assert "Error displaying widget" not in report["text"]
    assert "Loading widget" not in report["text"]
    assert report["widgetOutputs"] > 0
    assert report["widgetsDrawn"] == report["widgetOutputs"]
    # accessibility: cards named in words, buttons described, fields labelled
    # every page draws cards, but the teacher's one (a table of the class's answers)
    assert (report["cards"] > 0) == (name not in NO_CARDS) and report["unlabelledCards"] == 0
    assert report["untitledButtons"] == []
    assert report["unlabelledInputs"] == []
    # after Run All, as in Voilà: every widget at its start
    check_opening(name, report["opening"])
