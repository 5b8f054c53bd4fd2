"""The static site (``canasta site build``) in Chromium with the network cut off: every request
that leaves 127.0.0.1 is aborted (and recorded), every notebook of the tutorial is opened as a
student opens it, as an application that runs itself in the browser's own Python (Pyodide), says
it is loading until its widgets are drawn and shows no code; no cell errs, every widget is drawn,
and the main widget of the page answers a click. The notebook view keeps the code; a hand of each
variant is chosen and played by clicks on the card table.

One browser, one page after another (each with a kernel of its own, as for a student who opens
them in turn); every wait is on the page's real state (kernel idle, cells counted, text drawn).
The build itself is ``canasta site build``, with the downloads kept in its cache folder
(``$CANASTA_SITE_CACHE`` or ``~/.cache/canasta/site``).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import ROOT, Server, free_port, jupyter_env, offline_context, start
from pages import OPENING_JS, check_opening, drawn_js
from tableplay import choose_game, play_hand, same, seen

from canasta.results import QuizResults, parse_results
from canasta.tutorial import NOTEBOOKS
from canasta.widgets import PlayTable
from canasta.widgets.lang import word

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from english_text import english_words  # noqa: E402

pytestmark = pytest.mark.browser

KERNEL_IDLE_JS = """() => {
  const app = window.jupyterapp;
  const w = app && app.shell && app.shell.currentWidget;
  const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  return !!k && k.status === 'idle';
}"""
ALL_RAN_JS = """() => {
  const w = window.jupyterapp.shell.currentWidget;
  const k = w.sessionContext.session.kernel;
  return k.status === 'idle' && w.content.widgets.every(
    c => c.model.type !== 'code' || c.model.executionCount !== null);
}"""
DRAWN_JS = drawn_js("window.jupyterapp.shell.currentWidget")  # every widget output drawn
REPORT_JS = """() => {
  const w = window.jupyterapp.shell.currentWidget;
  const report = {errors: [], code: 0, widgetOutputs: 0, widgetsDrawn: 0, text: ''};
  w.content.widgets.forEach((cell, i) => {
    if (cell.model.type !== 'code') return;
    report.code++;
    const outs = cell.model.outputs;
    for (let j = 0; j < outs.length; j++) {
      const o = outs.get(j).toJSON();
      if (o.output_type === 'error') report.errors.push([i, o.ename, o.evalue]);
      if (o.data && o.data['application/vnd.jupyter.widget-view+json']) report.widgetOutputs++;
    }
  });
  report.widgetsDrawn = Array.from(w.content.node.querySelectorAll('.jp-OutputArea-output')).filter(
    o => o.querySelector(':scope > .lm-Widget[class*="widget-"]')).length;
  report.text = w.content.node.textContent;
  return report;
}"""


# What a reader sees of the notebook: its markdown as drawn and its outputs, not the cells'
# sources (the editors stay in the page, hidden) nor the markdown's code (`Run → Run All Cells`),
# nor JupyterLab's own "Click to add a cell"; every text node, also of a cell out of view
LESSON_TEXT_JS = """() => {
  const node = window.jupyterapp.shell.currentWidget.content.node.cloneNode(true);
  node.querySelectorAll('.jp-InputArea-editor, .jp-InputPlaceholder, .jp-RenderedMarkdown code, '
                        + '.jp-RenderedMarkdown pre, .jp-InputPrompt, .jp-OutputPrompt, '
                        + '.jp-Notebook-footer, script, style').forEach(e => e.remove());
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
  const parts = [];
  while (walker.nextNode()) parts.push(walker.currentNode.textContent);
  return parts.join(' ');
}"""


@pytest.fixture(scope="module")
def site(chromium: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The site built from this checkout, served by ``canasta site serve`` on 127.0.0.1."""
    from canasta.site.build import build_site

    base = tmp_path_factory.mktemp("site")
    build_site(base / "site")
    port = free_port()
    argv = [sys.executable, "-m", "canasta.cli", "site", "serve", str(base / "site"),
            f"--port={port}"]
    server = start("canasta site serve", argv, jupyter_env(base), ROOT, port, "", base / "serve.log")
    yield server
    server.stop()


@pytest.fixture(scope="module")
def offline(browser: Any, site: Server) -> Iterator[tuple[Any, list[str]]]:
    """A browser context in which every request off 127.0.0.1 is aborted, and the list of them."""
    context, left = offline_context(browser, site.port, viewport={"width": 1200, "height": 900})
    yield context, left
    context.close()


def url(site: Server, path: str) -> str:
    return f"http://127.0.0.1:{site.port}/{path}"


def test_start_page_lists_every_notebook_in_both_languages(offline: Any, site: Server) -> None:
    context, left = offline
    page = context.new_page()
    page.goto(url(site, ""))
    text = page.locator("main").inner_text()  # the reader's language (English here)
    assert all(nb.title.en in text and nb.teaches.en in text for nb in NOTEBOOKS)
    page.get_by_role("button", name="Español").click()
    text = page.locator("main").inner_text()
    assert all(nb.title.es in text and nb.teaches.es in text for nb in NOTEBOOKS)
    links = page.locator("main section[lang=es] li a:not(.code)")
    assert links.count() == len(NOTEBOOKS)
    for nb in NOTEBOOKS:  # every link opens a notebook the site holds, in its language
        assert page.request.get(url(site, f"files/{nb.file}")).ok, nb.file
        assert page.request.get(url(site, f"files/{nb.page('es')}")).ok, nb.page("es")
    assert [links.nth(i).get_attribute("href") for i in range(links.count())] == [
        f"./notebooks/index.html?path={nb.page('es')}&app" for nb in NOTEBOOKS]
    page.close()
    assert left == []


def button(page: Any, key: str) -> Any:
    return page.get_by_role("button", name=word(key, "en")).first


def next_in_stepper(page: Any) -> None:
    counter = page.get_by_text(re.compile(r"^Step \d+ / \d+$")).first
    step, total = (int(n) for n in re.findall(r"\d+", counter.text_content() or ""))
    button(page, "next").click()
    page.get_by_text(f"Step {step + 1} / {total}").first.wait_for(timeout=20_000)


def sandbox_check(page: Any) -> None:
    ask = button(page, "ask")
    sandbox = page.locator(".widget-vbox").filter(has=ask).first
    ask.click()
    sandbox.locator(".canasta-explanation[data-rule]").first.wait_for(timeout=20_000)


def count_table(page: Any) -> None:
    calc = page.locator(".widget-vbox").filter(has=button(page, "calc")).first
    button(page, "calc").click()
    calc.get_by_text("This hand").first.wait_for(timeout=20_000)


def move_at_table(page: Any) -> None:
    """The card table (an anywidget) opens at the student's first move: a click on the stock
    draws, and the hand grows."""
    root = page.locator(".ct-root").filter(has=page.locator('[data-key="stock"]')).first
    root.locator(".ct-in-hand").first.wait_for(timeout=20_000)
    before = root.locator(".ct-in-hand").count()
    root.locator('[data-key="stock"]').first.click()
    page.wait_for_function("([r, n]) => r.querySelectorAll('.ct-in-hand').length > n",
                           arg=[root.element_handle(), before], timeout=20_000)


def quiz_answer(page: Any) -> None:
    """Answer the quiz's question, then save the answers as a file in the browser."""
    quiz = page.locator(".widget-vbox").filter(has=button(page, "quiz_next")).first
    marked = quiz.get_by_role("button", name=re.compile("^[✔✘] "))
    assert marked.count() == 0  # the current question is not answered yet
    quiz.locator(".widget-hbox button:not([disabled])").first.click()
    marked.first.wait_for(timeout=20_000)  # the answer marked right or wrong
    text = quiz.text_content() or ""
    assert word("right", "en") in text or "Not quite" in text
    quiz.get_by_role("textbox", name=word("your_name", "en")).fill("Mateo")
    # the link is drawn again with the name (a new element each time)
    link = quiz.locator("a.canasta-download[data-format=json][download^='quiz-Mateo-']")
    link.wait_for(timeout=20_000)
    with page.expect_download() as saved:
        link.click()
    results = parse_results(Path(saved.value.path()).read_bytes(), saved.value.suggested_filename)
    # the quiz opens fresh (the notebook's example answers a quiz of its own): question 1 only
    assert results.name == "Mateo" and [a.number for a in results.answers] == [1]
    assert quiz.get_by_role("button", name=word("hand_in", "en")).is_hidden()  # no server here


def class_results(page: Any) -> None:
    """The teacher adds a student's file with the upload button: the class grows by one."""
    view = page.locator(".canasta-class-results").first
    assert "5 students: " in (view.text_content() or "")
    new = QuizResults("Sofía", 2024, "classic", "2026-11-20T11:00:00+00:00")
    with page.expect_file_chooser() as chooser:
        button(page, "add_results").click()
    chooser.value.set_files(files=[{"name": "sofia.json", "mimeType": "application/json",
                                    "buffer": new.to_json().encode()}])
    page.get_by_text("6 students:").first.wait_for(timeout=20_000)


# the main widget of each page, and how a student uses it
ACTIONS: dict[str, Callable[[Any], None]] = {
    "01_sample_game.ipynb": next_in_stepper,
    "02_rules_sandbox.ipynb": sandbox_check,
    "03_scoring.ipynb": count_table,
    "04_variants.ipynb": sandbox_check,
    "05_play_a_hand.ipynb": move_at_table,
    "06_classroom.ipynb": quiz_answer,
    "07_class_results.ipynb": class_results,
}


READY_JS = ("() => document.documentElement.classList.contains('canasta-ready') ? 'ready' : "
            "(document.querySelector('.canasta-failed') ? "
            "document.querySelector('.canasta-failed').innerText : false)")
# what of the page is code, and what shows: the code cells' inputs, and any text on the page
# naming a checkpoint
SHOWN_JS = """() => {
  const w = window.jupyterapp.shell.currentWidget;
  const inputs = w.content.widgets.filter(c => c.model.type === 'code').map(
    c => c.inputArea ? c.inputArea.node.getBoundingClientRect().height : 0);
  return {codeShown: inputs.filter(h => h > 0).length, code: inputs.length,
          checkpoint: /Checkpoint/i.test(document.body.innerText),
          menu: !!document.querySelector('#menu-panel-wrapper:not(.lm-mod-hidden) .lm-MenuBar-item')};
}"""


# where the page stands: how far its notebook is scrolled, and where its first heading is
TOP_JS = """() => {
  const content = window.jupyterapp.shell.currentWidget.content;
  const heading = content.node.querySelector('h1, h2');
  return {scrolled: (content.outerNode || content.node).scrollTop,
          title: heading ? heading.getBoundingClientRect().top : -1};
}"""


def open_app(page: Any, site: Server, name: str) -> None:
    """Open a page as a student does, from the start page's link: it says it is loading, runs
    itself in the browser's Python (Pyodide) and shows the lesson and its widgets, no code."""
    page.goto(url(site, f"notebooks/index.html?path={name}&app"))
    page.locator("#canasta-loading").wait_for(state="attached", timeout=60_000)
    state = page.wait_for_function(READY_JS, timeout=240_000).json_value()
    assert state == "ready", state
    assert page.locator("#canasta-loading").count() == 0


# every page in English, then every page in Spanish
@pytest.mark.parametrize("name", [nb.page(lang) for lang in ("en", "es") for nb in NOTEBOOKS])
def test_notebook_runs_in_the_browser_offline(offline: Any, site: Server, name: str,
                                              screenshots: Path) -> None:
    context, left = offline
    page = context.new_page()
    try:
        open_app(page, site, name)
        page.wait_for_function(ALL_RAN_JS, timeout=60_000)
        page.wait_for_function(DRAWN_JS, timeout=60_000)  # every view drawn, after the kernel
        # the lesson opens at its top, its title in view (running every cell scrolls to the last)
        top = page.evaluate(TOP_JS)
        assert top["scrolled"] == 0 and 0 <= top["title"] < 300, top
        shown = page.evaluate(SHOWN_JS)
        assert shown["code"] > 0 and shown["codeShown"] == 0 and not shown["menu"], shown
        assert not shown["checkpoint"]
        report = page.evaluate(REPORT_JS)
        assert report["errors"] == []
        assert report["code"] > 0 and "Error displaying widget" not in report["text"]
        assert report["widgetOutputs"] > 0
        assert report["widgetsDrawn"] == report["widgetOutputs"]
        if name.startswith("es/"):  # a Spanish page: no English sentence, text or outputs
            code_link = page.locator("#canasta-code-link")
            assert code_link.get_attribute("lang") == "es"  # the application's own words too
            text = page.evaluate(LESSON_TEXT_JS) + " " + code_link.inner_text()
            found = english_words(text)
            assert found == set(), (found, text[:3000])
        else:  # each widget at what a student meets first, as in Voilà and JupyterLab
            check_opening(name, page.evaluate(
                f"() => ({OPENING_JS})(window.jupyterapp.shell.currentWidget.content.node)"))
        if name in ACTIONS:
            ACTIONS[name](page)
        page.screenshot(path=str(screenshots / f"site-{Path(name).stem}.png"))
    finally:
        page.close()
    assert left == []


def test_the_notebook_view_keeps_the_code_and_names_no_checkpoint(offline: Any,
                                                                  site: Server) -> None:
    """Without ``&app`` the page is the notebook, code and menus, for those who want them; the
    start page links both."""
    context, left = offline
    page = context.new_page()
    try:
        page.goto(url(site, ""))
        links = page.locator("main section[lang=en] li").first.locator("a")
        assert [links.nth(i).get_attribute("href") for i in range(2)] == [
            "./notebooks/index.html?path=01_sample_game.ipynb&app",
            "./notebooks/index.html?path=01_sample_game.ipynb"]
        links.nth(1).click()
        page.wait_for_function(KERNEL_IDLE_JS, timeout=240_000)
        shown = page.evaluate(SHOWN_JS)
        assert shown["codeShown"] == shown["code"] > 0 and shown["menu"], shown
        assert not shown["checkpoint"] and page.locator("#canasta-loading").count() == 0
    finally:
        page.close()
    assert left == []


# a hand of each variant, chosen on the table's New game row of the tutorial's page
HANDS = [("classic", 4, None, None), ("americana", 8, None, "careful"), ("real", 6, None, None),
         ("rioplatense", 8, 2, None), ("individual", 6, 3, "random")]


def test_a_hand_of_each_variant_chosen_and_played_by_clicks_in_the_site(
        offline: Any, site: Server, screenshots: Path) -> None:
    """No code typed: the page runs itself, then New game and the whole hand, by clicks."""
    context, left = offline
    page = context.new_page()
    try:
        open_app(page, site, "05_play_a_hand.ipynb")
        root = page.locator(".ct-root").first
        local = PlayTable(seed=464)
        same(root, local)
        for variant, seed, players, bots in HANDS:
            choose_game(root, variant, seed, players, bots)
            assert local.new_game(variant, seed, players, bots)
            same(root, local)
            play_hand(root, local)
            got = seen(root)
            assert got["result"] and got["scores"][0][0] == "Hand 1"
            assert local.state.conservation_errors() == []
            if variant == "rioplatense":
                page.screenshot(path=str(screenshots / "site-table-rioplatense.png"))
    finally:
        page.close()
    assert left == []
