"""The card table played by clicks in Voilà, in Chromium: a whole hand of classic (draw, meld, add,
take the pile, discard, go out) on the tutorial's own table, a hand of every variant chosen on the
table's New game row (no code typed), a game of two hands with its running score, a refused click
with its explanation, the hint, and a phone-width layout.

Every click in the browser is mirrored on a table of the same deal in this process: the page must
then draw exactly what that table's view holds (the hand, the log's one-line turns, the engine's
answer), so the browser shows the engine's game, click for click.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import Server, poll
from tableplay import choose_game, click, coach, play, play_hand, same, seen

from canasta.actions import Draw, TakePile
from canasta.render.tableview import action_cards, shown_hand
from canasta.widgets import PlayTable

pytestmark = pytest.mark.browser

SEED = 464  # the tutorial's deal (notebooks/05_play_a_hand.ipynb)

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
    # the sides' score tables read as one: as wide as each other, their columns one under another
    boxes = root.locator(".ct-result table.canasta-breakdown").evaluate_all(
        "ts => ts.map(t => [t.getBoundingClientRect().width,"
        " ...Array.from(t.querySelector('tbody tr').cells).map(c => c.getBoundingClientRect().left)])")
    assert len(boxes) == 2 and boxes[0] == boxes[1], boxes
    width, line, said, points = boxes[0]
    assert said - line < points - said > width - points, boxes  # the engine's words the widest
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
    # the expert coach: the move and its plain reason, then what its search found, as samples
    assert got["hint"] == local.hint_text("en") and got["hint"].startswith(
        "Discard the 8♣: a single (you hold no other of its rank), worth 10.")
    assert "What the search found, trying 4 moves over 375 continuations of the hand each" in got["hint"]
    assert "so these are samples and the figures are estimates" in got["hint"]
    assert sorted(got["selected"]) == sorted(c.text for c in action_cards(local._hint.action))  # type: ignore[union-attr]
    shot(page, root, screenshots, "voila-table-hint.png")
    # the hint's selection is a suggestion: a click on another card starts a selection of its own
    hinted = [i for i, c in enumerate(local.table.view["hand"]["cards"]) if c.get("hint")]
    other = next(i for i in range(len(got["hand"])) if i not in hinted)
    click(root, f"hand:{other}")
    local.table.selected = sorted([*local.table.selected, other])
    assert local.table.selected == [other]
    assert same(root, local)["selected"] == [got["hand"][other]] and seen(root)["hint"] is None
    # the one card this hint chose, clicked, is taken back; Clear empties the selection too
    for undo in ("card", "btn:clear"):
        click(root, "btn:hint")
        local.table.click("hint")
        hinted = [i for i, c in enumerate(local.table.view["hand"]["cards"]) if c.get("hint")]
        assert len(hinted) == 1 and same(root, local)["selected"] == [got["hand"][hinted[0]]]
        click(root, f"hand:{hinted[0]}" if undo == "card" else undo)
        local.table.selected = []
        assert local.table.selected == [] and same(root, local)["selected"] == []
    click(root, "btn:hint")  # asked again
    local.table.click("hint")
    same(root, local)
    click(root, "btn:do-hint")
    local.table.click("action", text=local.table.view["hint"]["action"])
    got = same(root, local)
    assert got["log"][0] == "You draw the 9♦ · discard 8♣"  # the hint played, its turn logged
    # in Spanish, the table and the coach follow the switch
    page.get_by_role("button", name="Español").first.click()
    local.lang = "es"
    click(root, "btn:hint")
    local.table.click("hint")
    got = same(root, local)
    assert got["hint"] == local.hint_text("es") and re.search(
        r"La búsqueda ha probado [2-9] jugadas, cada una en \d+ continuaciones", got["hint"])


def test_what_can_i_do_now_opens_the_actions_it_folds(page: Any, voila: Server,
                                                     screenshots: Path) -> None:
    root = open_table(page, voila, "05_play_a_hand.ipynb").first
    local = PlayTable(seed=SEED)
    play(root, local, Draw())
    click(root, "btn:legal")
    local.table.click("legal")
    same(root, local)
    group = next(g for g in local.table.view["legal"]["groups"] if g["kind"] == "Discard")
    assert group["rest"] and group["more"] == f"… and {len(group['rest'])} more"
    fold = root.locator('details.ct-more[data-kind="Discard"]')
    summary = fold.locator("summary")
    assert summary.inner_text().strip() == group["more"]
    folded = fold.locator(".ct-chip")
    assert folded.count() == len(group["rest"]) and not folded.first.is_visible()
    summary.click()
    poll(lambda: folded.first.is_visible(), bool)
    assert [folded.nth(i).get_attribute("data-action") for i in range(folded.count())] == [
        c["text"] for c in group["rest"]]
    shot(page, root.locator(".ct-legal"), screenshots, "voila-table-legal-open.png")
    # a folded action, clicked, is played as the shown ones are
    last = group["rest"][-1]["text"]
    folded.last.click()
    local.table.click("action", text=last)
    got = same(root, local)
    yours = [step.action.text for step in local.state.history if step.seat == local.human]
    assert yours[-1] == last and got["log"][0].endswith(last.split()[-1]), (yours, got["log"])


# Whether each card of the hand shows its corner (the rank and the suit under it, the part a fan
# of cards leaves in sight): the element at those points is the card itself, not a neighbour
CORNERS_JS = """(root) => Array.from(root.querySelectorAll('.ct-in-hand')).map(b => {
  const r = b.querySelector('svg').getBoundingClientRect();
  return [[0.17, 0.16], [0.2, 0.42]].every(([x, y]) => {
    const hit = document.elementFromPoint(r.left + r.width * x, r.top + r.height * y);
    return !!hit && b.contains(hit);
  });
})"""
# The boxes of the "just drawn" marks that overlap a card of the hand
BADGES_JS = """(root) => Array.from(root.querySelectorAll('.ct-badge')).map(b => {
  const r = b.getBoundingClientRect();
  return Array.from(root.querySelectorAll('.ct-in-hand svg')).filter(s => {
    const c = s.getBoundingClientRect();
    return r.left < c.right && r.right > c.left && r.top < c.bottom && r.bottom > c.top;
  }).map(s => s.closest('.ct-in-hand').dataset.card);
})"""


def test_selected_cards_rise_and_every_corner_stays_in_sight(page: Any, voila: Server,
                                                               screenshots: Path) -> None:
    root = open_table(page, voila, "05_play_a_hand.ipynb").first
    local = PlayTable(seed=SEED)
    play(root, local, Draw())
    root.evaluate("r => r.querySelector('.ct-hand').scrollIntoView({block: 'center'})")
    assert all(root.evaluate(CORNERS_JS))
    assert root.evaluate(BADGES_JS) == [[]]  # one card just drawn, its mark over no card
    n = len(seen(root)["hand"])
    fresh = seen(root)["hand"].index(seen(root)["fresh"][0])
    chosen = [i for i in (1, 2, 5, n - 2) if i != fresh]
    for i in chosen:
        click(root, f"hand:{i}")
    local.table.selected = chosen
    same(root, local)
    root.evaluate("r => r.querySelector('.ct-hand').scrollIntoView({block: 'center'})")
    corners = root.evaluate(CORNERS_JS)
    assert [i for i, ok in enumerate(corners) if not ok] == []
    click(root, f"hand:{fresh}")  # the card just drawn, raised too
    local.table.selected = sorted([*chosen, fresh])
    same(root, local)
    assert all(root.evaluate(CORNERS_JS)) and root.evaluate(BADGES_JS) == [[]]
    shot(page, root.locator(".ct-hand-zone"), screenshots, "voila-table-selected.png")


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


# a hand of each variant, chosen on the table's New game row: (variant, deal, players, bots)
HANDS = [("classic", 4, None, None), ("americana", 8, None, "careful"), ("real", 6, None, None),
         ("rioplatense", 8, 2, None), ("individual", 6, 3, "random")]
PILE_TITLES = {"classic": "Pile", "americana": "Pile", "real": "Pile",
               "individual": "Discard pile", "rioplatense": "Pile"}


@pytest.mark.parametrize("index", range(len(HANDS)), ids=[h[0] for h in HANDS])
def test_a_hand_of_each_variant_chosen_and_played_by_clicks(page: Any, voila: Server,
                                                           screenshots: Path, index: int) -> None:
    """No code typed: the tutorial's table, its New game row, then the whole hand by clicks."""
    variant, seed, players, bots = HANDS[index]
    root = open_table(page, voila, "05_play_a_hand.ipynb").first
    local = PlayTable(seed=SEED)
    same(root, local)
    choose_game(root, variant, seed, players, bots)
    assert local.new_game(variant, seed, players, bots)
    same(root, local)  # the new game dealt, the bots' turns before yours played
    assert local.state.players == (players or 4) and local.state.actor == 0
    title = root.locator(".ct-pile .ct-count").first.inner_text()
    assert title.startswith(PILE_TITLES[variant])  # the pile in the variant's English words
    if variant in ("americana", "real"):
        extra = root.locator(".ct-extra .ct-label").first.inner_text()
        assert extra == {"americana": "Alas (wing piles)", "real": "Muertos"}[variant]
    if variant == "rioplatense":  # the pozo as dealt, with its marks
        shot(page, root, screenshots, "voila-table-rioplatense.png")
    # the table's own help says how this variant is played by clicks, as the engine reads it
    howto = root.locator(".ct-howto")
    assert howto.get_attribute("open") is None  # folded until asked for
    howto.locator("summary").click()
    rows = poll(lambda: howto.locator("tbody tr").evaluate_all(
        "rs => rs.map(r => [r.dataset.row, r.cells[0].innerText, r.cells[1].innerText])"),
        lambda got: len(got) > 0)
    assert rows == [[r["key"], r["to"], r["click"]] for r in local.table.view["howto"]["rows"]]
    if variant == "real":
        shot(page, howto, screenshots, "voila-table-howto-real.png")
    done = play_hand(root, local)
    end = seen(root)
    assert {"Draw", "Discard"} <= {type(a).__name__ for a in done} and end["result"]
    assert local.state.conservation_errors() == []
    # the hand played out: whatever cards are left stay in sight, none can be chosen
    left = root.locator(".ct-in-hand")
    assert left.count() == len(local.state.hands[0])
    assert left.evaluate_all("bs => bs.filter(b => !b.disabled).length") == 0
    assert root.locator('[data-key="btn:meld"]').is_disabled()
    assert end["scores"][0][0] == "Hand 1" and len(end["scores"]) == 2  # the game so far


def test_a_game_of_two_hands_keeps_its_running_score(page: Any, voila: Server,
                                                     screenshots: Path) -> None:
    root = open_table(page, voila, "05_play_a_hand.ipynb").first
    local = PlayTable(seed=SEED)
    choose_game(root, "classic", 15)
    local.new_game("classic", 15)
    same(root, local)
    play_hand(root, local)
    play(root, local, coach(local))  # Next hand ▶
    assert local.state.hand_no == 2
    play_hand(root, local)
    rows = seen(root)["scores"]
    first, second = local.state.results
    assert [r[0] for r in rows] == ["Hand 1", "Hand 2", "Score"]
    assert rows[2][1:] == [str(s) for s in second.scores_after] == [str(s) for s in local.state.scores]
    assert rows[0][1:] == [f"+{p} → {a}" for p, a in zip(first.totals, first.scores_after, strict=True)]
    # each hand's count is the engine's, a click away
    root.locator('.ct-hand-result[data-hand="1"] summary').click()
    count = root.locator('.ct-hand-result[data-hand="1"] .canasta-result')
    count.wait_for()
    assert [t.get_attribute("data-rule") for t in count.locator("tr[data-rule]").all()] == [
        e.rule for _s, _p, e in first.lines]
    shot(page, root.locator(".ct-game"), screenshots, "voila-table-game.png")


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
