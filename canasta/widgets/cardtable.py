"""CardTable: the clickable card table, an anywidget (one ES module and its CSS, shipped with the
package and read with importlib.resources, so it needs no bundler and no network: it runs in
JupyterLab, Notebook, Voilà and JupyterLite alike).

Its synced state is ``view`` (the view model built by :func:`canasta.render.tableview.table_view`)
and ``selected`` (the places of the selected cards in the hand as shown). The browser draws the
view and reports each click as a message ``{"do": ...}``; the owner (:class:`PlayTable`,
:class:`RulesSandbox`) turns it into an action's text for the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.resources import files
from typing import Any

import anywidget
import traitlets


def asset(name: str) -> str:
    """A file shipped beside this module (the table's ES module and stylesheet)."""
    return files("canasta.widgets").joinpath(name).read_text(encoding="utf-8")


def number(msg: dict[str, Any], key: str, default: int = -1) -> int:
    """A whole number a click carries (a side, a meld, a depth); ``default`` when it carries
    anything else, which the page never sends: such a click then names no place."""
    value = msg.get(key, default)
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        return default
    try:
        return int(value)
    except ValueError:  # not a number, or one too long to read
        return default


class CardTable(anywidget.AnyWidget):
    """The table's drawing and its clicks; it decides nothing."""

    _esm = asset("table.js")
    _css = asset("table.css")
    view = traitlets.Dict().tag(sync=True)
    selected = traitlets.List(traitlets.Int()).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._handlers: list[Callable[[dict[str, Any]], None]] = []
        self.on_msg(self._on_msg)

    def on_click(self, handler: Callable[[dict[str, Any]], None]) -> None:
        """Call ``handler(message)`` for every click the browser reports."""
        self._handlers.append(handler)

    def click(self, do: str, **fields: Any) -> None:
        """Act as if the browser had reported a click (for Python callers and tests)."""
        self._on_msg(self, {"do": do, **fields}, [])

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and isinstance(content.get("do"), str):
            for handler in self._handlers:
                handler(content)

    def __repr__(self) -> str:
        return f"CardTable({self.view.get('title', '')!r})"
