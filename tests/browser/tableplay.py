"""Playing the card table in a browser as a learner does, click for click, with a table of the
same deal in this process that every click is mirrored on: the page must then draw exactly what
that table's view holds (the hand, the log's one-line turns, the engine's answer, the running
score). Shared by the card table's tests in Voilà and in the static site.
"""

from __future__ import annotations

from typing import Any

from browser_support import poll

from canasta.actions import Action, Add, Discard, Draw, Meld, TakePile
from canasta.bots import make_bot
from canasta.render.tableview import action_cards, places, shown_hand
from canasta.widgets import PlayTable

# What the page draws of a table.
TABLE_JS = """(root) => {
  const said = root.querySelector('.ct-said');
  const hint = root.querySelector('.ct-hint-text');
  return {
    hand: Array.from(root.querySelectorAll('.ct-in-hand')).map(b => b.dataset.card),
    selected: Array.from(root.querySelectorAll('.ct-in-hand[aria-pressed="true"]')).map(b => b.dataset.card),
    fresh: Array.from(root.querySelectorAll('.ct-in-hand.ct-fresh')).map(b => b.dataset.card),
    log: Array.from(root.querySelectorAll('.ct-line summary > span:first-child')).map(s => s.textContent),
    earlier: (root.querySelector('.ct-log-earlier') || {}).textContent || '',
    said: said ? {rule: said.dataset.rule || '', text: said.innerText, ok: said.classList.contains('ct-ok')} : null,
    hint: hint ? hint.textContent : null,
    status: root.querySelector('.ct-status').textContent,
    melds: Array.from(root.querySelectorAll('.ct-meld')).map(m => m.dataset.key),
    result: !!root.querySelector('.ct-result .canasta-result'),
    scores: Array.from(root.querySelectorAll('.ct-scores tbody tr')).map(
      tr => Array.from(tr.children).map(c => c.textContent)),
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
        "earlier": view["log"]["earlier"],
        "said": None if said is None else {"rule": said["rule"], "ok": said["ok"]},
        "hint": view["hint"]["text"] if view["hint"] else None,
        "status": view["status"],
        "melds": sorted(f"meld:{m['side']}:{m['index']}" for s in view["sides"] for m in s["melds"]),
        "result": bool(view["result"]),
        "scores": [[c for c in row] for row in _score_rows(view)],
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
    assert got == want, {k: (got.get(k), want.get(k)) for k in set(got) | set(want) if got.get(k) != want.get(k)}
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




def _score_rows(view: dict[str, Any]) -> list[list[str]]:
    """The running score's rows as the page writes them (one a hand, then the score)."""
    g = view["game"]
    if not g["hands"]:
        return []
    rows = [[r["label"], *((p if p.startswith("−") else "+" + p) + " → " + a
                           for p, a in zip(r["points"], r["after"], strict=True))]
            for r in g["hands"]]
    return [*rows, [g["total"], *g["scores"]]]


def choose_game(root: Any, variant: str, seed: int, players: int | None = None,
                bots: str | None = None) -> None:
    """Deal a new game with the table's New game row: choose, type the deal number, press Deal."""
    root.locator('[data-key="setup:variant"]').select_option(variant)
    if players is not None:
        root.locator('[data-key="setup:players"]').select_option(str(players))
    if bots is not None:
        root.locator('[data-key="setup:bots"]').select_option(bots)
    root.locator('[data-key="setup:seed"]').fill(str(seed))
    click(root, "btn:new")


def play_hand(root: Any, local: PlayTable) -> list[Action]:
    """Your turns to the end of the hand, the coach's move each time, by clicks."""
    done = []
    while not local.state.hand_over:
        action = coach(local)
        play(root, local, action)
        done.append(action)
    return done
