"""The card table played by clicks in Voilà, in Chromium: a whole hand of classic (draw, meld, add,
take the pile, discard, go out) on the tutorial's own table, one turn of each other variant, a
refused click with its explanation, the hint, and a phone-width layout.

Every click in the browser is mirrored on a table of the same deal in this process: the page must
then draw exactly what that table's view holds (the hand, the log's one-line turns, the engine's
answer), so the browser shows the engine's game, click for click.
"""

from __future__ import annotations

import json
import secrets
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import ROOT, Server, free_port, jupyter_env, poll, start

from canasta.actions import Action, Add, Discard, Draw, Meld, TakePile
from canasta.bots import make_bot
from canasta.render.tableview import action_cards, places, shown_hand
from canasta.widgets import PlayTable

pytestmark = pytest.mark.browser

OTHERS = [("americana", 1), ("real", 2), ("individual", 3), ("rioplatense", 4)]
SEED = 464  # the tutorial's deal (notebooks/05_play_a_hand.ipynb)

# What the page draws of a table.
TABLE_JS = """(root) => {
  const said = root.querySelector('.ct-said');
  const hint = root.querySelector('.ct-hint-text');
  return {
    hand: Array.from(root.querySelectorAll('.ct-in-hand')).map(b => b.dataset.card),
    selected: Array.from(root.querySelectorAll('.ct-in-hand[aria-pressed="true"]')).map(b => b.dataset.card),
    fresh: Array.from(root.querySelectorAll('.ct-in-hand.ct-fresh')).map(b => b.dataset.card),
    log: Array.from(root.querySelectorAll('.ct-line summary > span:first-child')).map(s => s.textContent),
    said: said ? {rule: said.dataset.rule || '', text: said.innerText, ok: said.classList.contains('ct-ok')} : null,
    hint: hint ? hint.textContent : null,
    status: root.querySelector('.ct-status').textContent,
    melds: Array.from(root.querySelectorAll('.ct-meld')).map(m => m.dataset.key),
    result: !!root.querySelector('.ct-result .canasta-result'),
  };
}"""


def drawn(view: dict[str, Any], selected: list[int]) -> dict[str, Any]:
    """What the page must show for ``view`` (the same keys as TABLE_JS)."""
    cards = view["hand"]["cards"]
    said = view["said"]
    return {
        "hand": [c["c"] for c in cards],
        "selected": [cards[i]["c"] for i in selected],
        "fresh": [c["c"] for c in cards if c.get("fresh")],
        "log": [line["text"] for line in view["log"]["lines"]],
        "said": None if said is None else {"rule": said["rule"], "ok": said["ok"]},
        "hint": view["hint"]["text"] if view["hint"] else None,
        "status": view["status"],
        "melds": sorted(f"meld:{m['side']}:{m['index']}" for s in view["sides"] for m in s["melds"]),
        "result": bool(view["result"]),
    }


def seen(root: Any) -> dict[str, Any]:
    got = dict(root.evaluate(TABLE_JS))
    got["melds"] = sorted(got["melds"])
    if got["said"] is not None:
        got["said"] = {"rule": got["said"]["rule"], "ok": got["said"]["ok"]}
    return got


def same(root: Any, local: PlayTable) -> dict[str, Any]:
    """Wait until the page draws what ``local`` holds; fail with both if it never does."""
    want = drawn(local.table.view, list(local.table.selected))
    got = poll(lambda: seen(root), lambda g: g == want)
    assert got == want
    return got


def click(root: Any, key: str) -> None:
    root.locator(f'[data-key="{key}"]').first.click()


def play(root: Any, local: PlayTable, action: Action) -> None:
    """Play ``action`` as a learner does: click its cards, then its place; the same clicks on
    ``local``; then the page must draw what ``local`` shows."""
    st = local.state
    chosen = list(places(shown_hand(st, local.human, local.order), action_cards(action)))
    for i in chosen:
        click(root, f"hand:{i}")
    local.table.selected = chosen
    same(root, local)  # the kernel has answered the selection (what the next click depends on)
    if isinstance(action, Draw):
        key, msg = "stock", {"do": "stock"}
    elif isinstance(action, TakePile) and action.depth > 1:
        key, msg = f"pile:{action.depth}", {"do": "pile", "depth": action.depth}
    elif isinstance(action, TakePile) and (action.with_cards or action.onto):
        key, msg = "pile", {"do": "pile"}
    elif isinstance(action, Meld):
        key, msg = "btn:meld", {"do": "meld"}
    elif isinstance(action, Add):
        side, index = st.variant.locate_meld(st, st.side_of(local.human), action.target) or (-1, -1)
        key, msg = f"meld:{side}:{index}", {"do": "add", "side": side, "index": index}
    elif isinstance(action, Discard):
        key, msg = "btn:discard", {"do": "discard"}
    else:
        key, msg = f"act:{action.text}", {"do": "action", "text": action.text}
    click(root, key)
    local.table.click(**msg)
    assert local.table.view["said"] is None, local.table.view["said"]  # the engine played it
    same(root, local)


def coach(local: PlayTable) -> Action:
    return make_bot("careful", len(local.state.history)).choose(local.state)


def shot(page: Any, element: Any, folder: Path, name: str) -> None:
    """A screenshot of the page with ``element`` at the top."""
    element.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(200)
    page.screenshot(path=str(folder / name))
    assert (folder / name).stat().st_size > 10_000  # a drawn page, not a blank one


def open_table(page: Any, server: Server, name: str) -> Any:
    page.goto(server.url(f"voila/render/{name}"))
    page.locator(".ct-root .ct-in-hand").first.wait_for(timeout=90_000)
    return page.locator(".ct-root")


@pytest.fixture(scope="module")
def tables(chromium: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Voilà serving a notebook of its own: a fresh table of each other variant."""
    base = tmp_path_factory.mktemp("tables")
    folder = base / "notebooks"
    folder.mkdir()
    source = ("from IPython.display import display\n"
              "from canasta.widgets import PlayTable\n"
              f"for variant, seed in {OTHERS!r}:\n"
              "    display(PlayTable(variant, seed=seed))")
    nb = {"cells": [{"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
                     "source": source}],
          "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                      "language": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    (folder / "variants.ipynb").write_text(json.dumps(nb), encoding="utf-8")
    port, token = free_port(), secrets.token_hex(8)
    argv = [sys.executable, "-m", "canasta.cli", "classroom", str(folder), "--no-browser",
            f"--port={port}", f"--token={token}"]
    server = start("canasta classroom", argv, jupyter_env(base), ROOT, port, token,
                   base / "voila.log")
    yield server
    server.stop()


@pytest.fixture(scope="module")
def page(browser: Any) -> Iterator[Any]:
    p = browser.new_page(viewport={"width": 1100, "height": 900})
    yield p
    p.close()


def test_a_hand_of_classic_is_clicked_through_to_its_end(page: Any, voila: Server,
                                                          screenshots: Path) -> None:
    roots = open_table(page, voila, "05_play_a_hand.ipynb")
    assert roots.count() == 1  # the tutorial's table opens at your first decision
    root = roots.first
    local = PlayTable(seed=SEED)
    same(root, local)
    done: list[str] = []
    while not local.state.hand_over:
        action = coach(local)
        play(root, local, action)
        done.append(type(action).__name__ + ("+" if isinstance(action, TakePile)
                                             and action.with_cards else ""))
        if len(done) == 3:  # your first melds down, the bots' turns one line each
            assert len(seen(root)["log"]) == 4
            shot(page, root, screenshots, "voila-play-table.png")
    assert {"Draw", "Meld", "Add", "TakePile", "TakePile+", "Discard"} <= set(done)
    end = seen(root)
    assert end["result"] and end["log"][-1].endswith("· go out")
    ended = local.state.last_result.ended  # type: ignore[union-attr]
    assert ended.rule == "end.went-out" and ended.facts["player"] == "Tú"
    root.locator(".ct-result").scroll_into_view_if_needed()
    shot(page, root.locator(".ct-result"), screenshots, "voila-table-end.png")
    # the next hand, by its button
    play(root, local, coach(local))
    assert local.state.hand_no == 2


def test_a_refused_click_is_explained_beside_its_cards_and_changes_nothing(
        page: Any, voila: Server, screenshots: Path) -> None:
    root = open_table(page, voila, "05_play_a_hand.ipynb").first
    local = PlayTable(seed=SEED)
    before = seen(root)
    king = shown_hand(local.state, 0).index(next(c for c in local.state.hands[0] if c.text == "K♣"))
    click(root, f"hand:{king}")
    click(root, "btn:discard")  # before drawing: Discard is not offered…
    local.select(["K♣"])
    local.table.click("discard")
    got = same(root, local)  # …so the engine's refusal is shown beside the Discard button
    assert got["said"] == {"rule": "turn.draw-first", "ok": False}
    text = root.locator(".ct-said").first.inner_text()
    assert "✘ refused" in text and (
        "Before 'discard K♣', you must draw from the stock or take the pile." in text)
    assert got["hand"] == before["hand"] and got["log"] == before["log"] == []
    assert root.locator(".ct-in-hand.ct-bad").first.get_attribute("data-card") == "K♣"
    shot(page, root, screenshots, "voila-table-refusal.png")
    # typing stays: an action typed is played the same way
    root.locator('[data-key="typed"]').fill("robar")
    click(root, "btn:typed")
    local.table.click("typed", text="robar")
    same(root, local)
    assert len(seen(root)["fresh"]) == 1


def test_the_hint_suggests_one_move_says_why_and_selects_its_cards(
        page: Any, voila: Server, screenshots: Path) -> None:
    root = open_table(page, voila, "05_play_a_hand.ipynb").first
    local = PlayTable(seed=SEED)
    play(root, local, Draw())
    click(root, "btn:hint")
    local.table.click("hint")
    got = same(root, local)
    assert got["hint"] == local.hint_text("en") and got["hint"].startswith("Meld ")
    assert "enough for the 50 your side needs to open" in got["hint"]
    assert sorted(got["selected"]) == sorted(c.text for c in action_cards(local._hint.action))  # type: ignore[union-attr]
    shot(page, root, screenshots, "voila-table-hint.png")
    click(root, "btn:do-hint")
    local.table.click("action", text=local.table.view["hint"]["action"])
    got = same(root, local)
    assert got["melds"] and got["log"][0].startswith("You draw the ") and " and meld " in got["log"][0]
    # in Spanish, the table and the coach follow the switch
    page.get_by_role("button", name="Español").first.click()
    local.lang = "es"
    click(root, "btn:hint")
    local.table.click("hint")
    got = same(root, local)
    assert got["hint"] == local.hint_text("es") and got["status"].startswith("Baja")


def test_the_table_is_played_from_the_keyboard(page: Any, voila: Server) -> None:
    root = open_table(page, voila, "05_play_a_hand.ipynb").first
    local = PlayTable(seed=SEED)
    root.locator('[data-key="stock"]').focus()
    page.keyboard.press("Enter")  # draw
    local.table.click("stock")
    same(root, local)
    focused = "() => document.activeElement && document.activeElement.dataset.key"
    assert page.evaluate(focused) == "stock"  # the focus stays where it was after the redraw
    root.locator('[data-key="hand:0"]').focus()
    # Space selects on the key's way down, as Enter does: a redraw before the key comes up (the
    # kernel answering an earlier key on a busy machine) cannot lose the press
    page.keyboard.down("Space")
    assert poll(lambda: root.locator('[data-key="hand:0"]').get_attribute("aria-pressed"),
                lambda pressed: pressed == "true") == "true"
    page.keyboard.up("Space")  # the first card selected once, not toggled back on the way up
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")  # and the second
    local.table.selected = [0, 1]
    assert poll(lambda: page.evaluate(focused), lambda k: k == "hand:1") == "hand:1"
    assert same(root, local)["selected"] == [c.text for c in shown_hand(local.state, 0)[:2]]
    want = ["2 of diamonds, selected", "2 of spades, selected"]
    labels = poll(lambda: root.locator(".ct-in-hand").evaluate_all(
        "bs => bs.map(b => b.getAttribute('aria-label'))")[:2], lambda got: got == want)
    assert labels == want  # said to a screen reader too, once the kernel has answered
    assert root.locator('[data-key="hand:0"]').get_attribute("aria-pressed") == "true"


@pytest.mark.parametrize("index", range(len(OTHERS)), ids=[v for v, _ in OTHERS])
def test_one_turn_of_each_other_variant_by_clicks(page: Any, tables: Server, screenshots: Path,
                                                  index: int) -> None:
    variant, seed = OTHERS[index]
    roots = open_table(page, tables, "variants.ipynb")
    poll(lambda: roots.count(), lambda n: n == len(OTHERS))
    root = roots.nth(index)
    local = PlayTable(variant, seed=seed)
    same(root, local)
    start = len(local.state.history)
    while True:  # your turn, to its discard (or the end of the hand)
        action = coach(local)
        play(root, local, action)
        if isinstance(action, Discard) or local.state.hand_over:
            break
    got = seen(root)
    assert len(local.state.history) > start + 1 and got["log"]
    assert got["log"][0].startswith("You ") and any(not line.startswith("You ") for line in got["log"])
    title = root.locator(".ct-pile .ct-count").first.inner_text()
    # the pile in the variant's English words (its Spanish text says pozo, its English one pile)
    assert title.startswith({"americana": "Pile", "real": "Pile", "individual": "Discard pile",
                             "rioplatense": "Pile"}[variant])
    if variant in ("americana", "real"):
        extra = root.locator(".ct-extra .ct-label").first.inner_text()
        assert extra == {"americana": "Alas (wing piles)", "real": "Muertos"}[variant]
    if variant == "rioplatense":
        shot(page, root, screenshots, "voila-table-rioplatense.png")


def test_the_table_fits_a_phone(browser: Any, voila: Server, screenshots: Path) -> None:
    phone = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                             is_mobile=True, has_touch=True)
    try:
        root = open_table(phone, voila, "05_play_a_hand.ipynb").first
        local = PlayTable(seed=SEED)
        play(root, local, Draw())
        box = root.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
        # nothing of the table is cut off at the right: every card and button is on screen
        rights = root.evaluate("""r => Array.from(r.querySelectorAll('button, .ct-meld'))
            .map(b => b.getBoundingClientRect()).filter(b => b.width > 0).map(b => b.right)""")
        assert max(rights) <= 390
        assert root.evaluate("r => r.scrollWidth <= r.clientWidth + 1")
        widths = root.evaluate("""r => Array.from(r.querySelectorAll('.ct-in-hand svg'))
            .map(s => s.getBoundingClientRect().width)""")
        assert min(widths) >= 40  # cards big enough to read and to touch
        shot(phone, root, screenshots, "voila-table-phone.png")
    finally:
        phone.close()
