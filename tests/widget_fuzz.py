"""A fuzzer for the widgets: it finds every button, text field, menu, slider and card table of a
widget and drives them with random clicks and inputs, as a learner (or a forged message from the
page) could, calling each callback so that an exception it raises comes out here (ipywidgets
would only log it)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from canasta.widgets import CardTable

# what a learner may type: cards, actions in both languages, and everything else
TEXTS = [
    "", " ", "K♠", "K♠ K♥ K♣", "K♠ K♥ K♣ / 8♦ 8♠ 2♣", "7♥ 7♦ 2♣ JK", "3♥", "3♠ 3♣ 3♠", "JK JK JK JK JK",
    "10♥ " * 60, "A♠ " * 9, "draw", "robar", "discard 4♠", "descartar Q♥", "meld K♠ K♥ K♣",
    "take pile with 7♥ 7♦", "take pile onto 7", "take pile at 4 with 9♠ 9♥", "add 7♣ JK to 7",
    "add 8♥ to #1, 2♣ to the start", "swap 9♠ for JK in Ada:9", "ask partner", "answer yes",
    "pass", "next hand", "Zoe: draw", "Tú: draw", "llevarse el montón con 7♥ 7♦", "levantar el pozo",
    "KX", "1♣", "<script>alert(1)</script>", "\x1b[2J", "💥", "Ada:", "#0", "#-1", "/ / /", ",,,",
    "-1", "1e9", "nan", "K♠" * 2000, "x" * 100_000, "\u200b", "Lucía", "=cmd", "\r\n", "{player}",
]
CLICKS = ["stock", "pile", "meld", "add", "discard", "hint", "undo", "legal", "sort", "typed",
          "action", "pick", "place", "remove", "edit", "new", "next", "nonsense", ""]
WHERES = ["hand", "pile", "meld", "new-meld", "stock", "nowhere", None]
NUMBERS: list[Any] = [0, 1, 2, 3, -1, 7, 10**9, "2", "x", None, 1.5, [], {}]


def controls(w: widgets.Widget) -> Iterator[widgets.Widget]:
    """Every control inside ``w`` (boxes walked), ``w`` itself included."""
    yield w
    for child in getattr(w, "children", ()) or ():
        if isinstance(child, widgets.Widget):
            yield from controls(child)


def press(b: widgets.Button) -> None:
    """A click on ``b``: its handlers called directly, so that an error is raised, not logged."""
    for handler in list(b._click_handlers.callbacks):
        handler(b)


def table_message(rng: random.Random, table: CardTable) -> dict[str, Any]:
    """A click the page could send, well formed or not."""
    msg: dict[str, Any] = {"do": rng.choice(CLICKS)}
    for key in ("side", "index", "depth", "place"):
        if rng.random() < 0.6:
            msg[key] = rng.choice(NUMBERS)
    if rng.random() < 0.6:
        msg["where"] = rng.choice(WHERES)
    if rng.random() < 0.6:
        msg["text"] = rng.choice(TEXTS)
    if rng.random() < 0.5:
        hand = [str(c) for c in (table.view.get("hand") or {}).get("cards", [])] or ["K♠"]
        msg["card"] = rng.choice([*hand, "JK", "3♥", "nonsense", 5, None])
    return msg


def card_places(table: CardTable) -> int:
    hand = table.view.get("hand") or {}
    cards = hand.get("cards", []) if isinstance(hand, dict) else []
    return len(cards) if isinstance(cards, list) else 0


def act(rng: random.Random, w: widgets.Widget) -> str:
    """One random input to one of ``w``'s controls; returns what was done (for the report)."""
    if rng.random() < 0.05 and hasattr(w, "lang"):  # the language switch, now and then
        w.lang = "es" if w.lang == "en" else "en"
        return f"language {w.lang}"
    found = [c for c in controls(w) if not getattr(c, "disabled", False) and _drivable(c)]
    c = rng.choice(found)
    name = type(c).__name__
    if isinstance(c, widgets.Button):
        press(c)
        return f"press {c.description!r}"
    if isinstance(c, CardTable):
        if rng.random() < 0.3:
            n = card_places(c)
            chosen = sorted(set(rng.sample(range(n), rng.randint(0, min(n, 4))))) if n else []
            if rng.random() < 0.2:
                chosen = [rng.choice([-1, n, n + 5, 10**6])]
            c.selected = chosen
            return f"select {chosen}"
        msg = table_message(rng, c)
        c._on_msg(c, msg, [])
        return f"table {msg}"
    if isinstance(c, (widgets.Text, widgets.Textarea)):
        value = rng.choice(TEXTS)
        c.value = value
        return f"type {value[:40]!r} into {c.description!r}"
    if isinstance(c, widgets.IntText):
        value = rng.choice([0, 5, -5, 1500, 3000, 10**6, 10**6 + 1, -10**7, 10**12])
        c.value = value
        return f"{value} into {c.description!r}"
    if isinstance(c, widgets.IntSlider):
        c.value = rng.randint(c.min, c.max)
        return f"slide to {c.value}"
    if isinstance(c, widgets.Checkbox):
        c.value = not c.value
        return f"tick {c.description!r}"
    if isinstance(c, widgets.ToggleButton):
        c.value = not c.value
        return f"toggle {c.description!r}"
    if isinstance(c, (widgets.Dropdown, widgets.ToggleButtons, widgets.RadioButtons, widgets.Select)):
        values = [o[1] if isinstance(o, tuple) else o for o in c.options]
        if values:
            c.value = rng.choice(values)
        return f"choose {c.value!r} in {c.description!r}"
    if isinstance(c, widgets.FileUpload):
        files = tuple(_upload(rng) for _ in range(rng.randint(0, 3)))
        c.value = files
        return f"upload {[f['name'] for f in files]}"
    raise AssertionError(f"no way to drive a {name}")  # pragma: no cover


def _upload(rng: random.Random) -> dict[str, Any]:
    """A file as the upload button gives it: a results file, cut or changed, or anything else."""
    sample = rng.choice(sorted(RESULTS.iterdir()))
    data = sample.read_bytes()
    data = rng.choice([data, data[: rng.randint(0, len(data))], data.replace(b'"right": true', b'"right": 7'),
                       b"", b"\xff\xfe\x00", b"name,seed\r\n\r", b'{"format": 1}', b"[]",
                       b"a," + b"x" * 140_000 + b"\n", data * 3])
    name = rng.choice([sample.name, "x.json", "x.csv", "<b>.json", "", "a" * 300 + ".csv"])
    return {"name": name, "type": "", "size": len(data), "content": memoryview(data),
            "last_modified": datetime(2026, 11, 20, tzinfo=UTC)}


RESULTS = Path(__file__).resolve().parents[1] / "examples" / "results"


def _drivable(c: widgets.Widget) -> bool:
    return isinstance(c, (widgets.Button, CardTable, widgets.Text, widgets.Textarea, widgets.IntText,
                          widgets.FileUpload,
                          widgets.IntSlider, widgets.Checkbox, widgets.ToggleButton,
                          widgets.Dropdown, widgets.ToggleButtons, widgets.RadioButtons,
                          widgets.Select))


def fuzz(make: Callable[[], widgets.Widget], seed: int, steps: int,
         after: Callable[[widgets.Widget], None] | None = None) -> None:
    """Drive a fresh widget with ``steps`` random inputs; an exception out of any callback fails
    with the inputs that led to it."""
    rng = random.Random(seed)
    w = make()
    done: list[str] = []
    for _ in range(steps):
        try:
            done.append(act(rng, w))
            if after is not None:
                after(w)
        except Exception as e:
            raise AssertionError(f"{type(w).__name__} (seed {seed}) after {done[-8:]}: {e!r}") from e
