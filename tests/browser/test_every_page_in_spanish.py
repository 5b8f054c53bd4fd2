"""Every page of the tutorial in Spanish, as a Spanish class meets it in ``canasta classroom``
(Voilà), in a browser that reaches no other host (every request off 127.0.0.1 is aborted and
recorded): the Spanish start page lists the Spanish pages (the teacher's one aside); each page,
opened from it, draws every widget it holds; and no page, start page included, shows an English
sentence (the word list of ``tests/english_text.py``) or asks another host for anything (as an
icon font on a CDN would, which an offline classroom cannot reach)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import Server, offline_context
from pages import READY_JS, wait_until, widget_outputs

from canasta.tutorial import NOTEBOOKS

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from english_text import english_words  # noqa: E402

pytestmark = pytest.mark.browser

STUDENTS = [nb for nb in NOTEBOOKS if not nb.teacher]
# What a reader sees of the page: its text as drawn, less the code the page's text shows as code
# (a typed action, `Quiz(seed=7)`, a menu of JupyterLab's as `Run → Run All Cells`), as the
# notebook check leaves out the markdown's code; outputs keep everything they show.
SHOWN_JS = """() => {
  const page = document.body.cloneNode(true);
  page.querySelectorAll('.jp-RenderedMarkdown code, .jp-RenderedMarkdown pre, script, style')
      .forEach(e => e.remove());
  document.body.appendChild(page);  // innerText needs it laid out
  page.style.position = 'absolute';
  const text = page.innerText;
  page.remove();
  return text;
}"""


@pytest.fixture(scope="module")
def offline(browser: Any, voila: Server) -> Iterator[tuple[Any, list[str]]]:
    """A page on which every request off the classroom's host is aborted, and the list of them."""
    context, left = offline_context(browser, voila.port, viewport={"width": 1100, "height": 850})
    page = context.new_page()
    yield page, left
    context.close()


def test_the_spanish_start_page_lists_the_spanish_pages(offline: tuple[Any, list[str]],
                                                        voila: Server) -> None:
    page, left = offline
    page.goto(voila.url("", "lang=es"))
    items = page.locator(".canasta-pages a.page")
    items.first.wait_for(timeout=30_000)
    texts = [t.split("\n")[0].strip() for t in items.all_inner_texts()]
    assert texts == [nb.title.es for nb in STUDENTS]  # the teacher's page is not listed
    hrefs = [items.nth(i).get_attribute("href") or "" for i in range(items.count())]
    assert [h.split("?")[0] for h in hrefs] == [f"/voila/render/{nb.page('es')}" for nb in STUDENTS]
    assert english_words(page.locator("body").inner_text()) == set()
    page.goto(voila.url())  # the English one asks no other host either
    page.locator(".canasta-pages a.page").first.wait_for(timeout=30_000)
    assert left == []


@pytest.mark.parametrize("nb", NOTEBOOKS, ids=[nb.file_es for nb in NOTEBOOKS])
def test_a_spanish_page_shows_no_english_sentence(offline: tuple[Any, list[str]], voila: Server,
                                                  nb: Any) -> None:
    page, left = offline
    path = nb.page("es")
    page.goto(voila.url(f"voila/render/{path}", "lang=es"))
    want = widget_outputs(path)
    wait_until(lambda: page.evaluate(READY_JS),
               lambda r: r["drawn"] >= want and not r["placeholder"], 90,
               f"{path}: {want} widgets drawn")
    text = page.evaluate(SHOWN_JS)
    assert nb.title.es in text  # its heading: the page itself, drawn
    found = english_words(text)
    assert found == set(), (found, text)
    assert left == []


def test_the_check_finds_the_english_of_an_english_page(offline: tuple[Any, list[str]],
                                                        voila: Server) -> None:
    """The same reading of an English page finds its English: the check can fail."""
    page, left = offline
    nb = STUDENTS[0]
    page.goto(voila.url(f"voila/render/{nb.file}"))
    want = widget_outputs(nb.file)
    wait_until(lambda: page.evaluate(READY_JS),
               lambda r: r["drawn"] >= want and not r["placeholder"], 90,
               f"{nb.file}: {want} widgets drawn")
    assert {"the", "you", "of"} <= english_words(page.evaluate(SHOWN_JS))
    assert left == []
