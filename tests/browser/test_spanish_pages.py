"""Two pages switched to Spanish in Voilà, in Chromium: the card table after a draw, and the
sample-game stepper after a step. No English word of the game is left on them (the word list of
tests/test_words.py), and the reader's own draw names the card drawn."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import Server, poll

pytestmark = pytest.mark.browser

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from test_words import ENGLISH  # noqa: E402  (the word list the templates are checked with)

# A rule id or a file name ("draw.stock", "meld.wild-limit", "003_e7….txt") names no word.
RULE_ID = re.compile(r"\b[\w]+(?:[.-][\w]+)+\b")


def english_words(text: str) -> set[str]:
    words = re.findall(r"[a-záéíóúñü]+", RULE_ID.sub(" ", text.lower()))
    return {w for w in words if w in ENGLISH}


def shot(page: Any, element: Any, folder: Path, name: str) -> None:
    element.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(200)  # the scroll settles before the picture
    page.screenshot(path=str(folder / name))
    assert (folder / name).stat().st_size > 10_000  # a drawn page, not a blank one


@pytest.fixture(scope="module")
def page(browser: Any) -> Iterator[Any]:
    p = browser.new_page(viewport={"width": 1100, "height": 850})
    yield p
    p.close()


def test_the_card_table_in_spanish_after_a_draw(page: Any, voila: Server, screenshots: Path) -> None:
    page.goto(voila.url("voila/render/05_play_a_hand.ipynb"))
    page.locator(".ct-root .ct-in-hand").first.wait_for(timeout=90_000)
    root = page.locator(".ct-root").first
    page.get_by_role("button", name="Español").first.click()
    poll(lambda: root.locator(".ct-status").inner_text(), lambda s: s.startswith("Te toca"))
    root.locator('[data-key="stock"]').first.click()
    log = root.locator(".ct-line summary > span:first-child").first
    log.wait_for(timeout=60_000)
    line = poll(lambda: log.inner_text(), lambda t: t.startswith("Robas el "))
    assert re.fullmatch(r"Robas el (10|[2-9AJQK])[♣♦♥♠]|Robas el JK", line), line
    text = root.inner_text()
    assert english_words(text) == set(), text
    shot(page, root, screenshots, "voila-table-es.png")


def test_the_sample_game_stepper_in_spanish_after_a_step(page: Any, voila: Server,
                                                         screenshots: Path) -> None:
    page.goto(voila.url("voila/render/01_sample_game.ipynb"))
    page.get_by_role("button", name="Next ▶").first.wait_for(timeout=90_000)
    page.get_by_role("button", name="Español").first.click()
    next_button = page.get_by_role("button", name="Siguiente ▶").first
    next_button.wait_for(timeout=60_000)
    stepper = page.locator(".widget-vbox").filter(has=next_button).first
    next_button.click()
    text = poll(lambda: stepper.inner_text(), lambda t: "Paso 1 /" in t and "Robas el K♠" in t)
    assert "Paso 1 /" in text and "Robas el K♠" in text, text
    assert english_words(text) == set(), text
    shot(page, stepper, screenshots, "voila-sample-game-es.png")
