"""What every canasta widget shares: a ``lang`` trait that re-renders it, captioned buttons,
and a short, deterministic repr (the notebook tests compare it)."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets
import traitlets

from ..words import has_label
from .lang import WORDS, word

if TYPE_CHECKING:
    from ..variant import Variant


class CanastaWidget(widgets.VBox):
    """A VBox that re-renders itself when ``lang`` changes. Subclasses draw in :meth:`refresh`
    and give a one-line :meth:`summary`."""

    lang = traitlets.Unicode("en")

    def __init__(self, lang: str = "en", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # a class naming the widget on the page ('canasta-quiz'), for styles and browser tests
        self.add_class(f"canasta-{type(self).__name__.lower()}")
        self._captions: list[tuple[widgets.Widget, str]] = []
        self.lang = lang
        self.observe(self._on_lang, names="lang")

    def _on_lang(self, change: dict[str, Any]) -> None:
        for w, key in self._captions:
            self._caption(w, key)
        self.refresh()

    def _caption(self, w: widgets.Widget, key: str) -> None:
        """Caption a control in the current language; the tooltip is its description for
        screen readers, and an empty text box shows a short example (``key.ph``)."""
        w.description = word(key, self.lang)
        tip = key + ".tip"
        if tip in WORDS or has_label("w." + tip):
            w.tooltip = word(tip, self.lang)
        else:  # the front end shows a missing tooltip as "null" over the label
            w.tooltip = w.description
        if key + ".ph" in WORDS and hasattr(w, "placeholder"):
            w.placeholder = word(key + ".ph", self.lang)

    def button(self, key: str, handler: Callable[[], None], **kwargs: Any) -> widgets.Button:
        """A button captioned by ``key`` with a tooltip (its description for screen readers)."""
        b = widgets.Button(**kwargs)
        self._caption(b, key)
        b.on_click(lambda _b: handler())
        self._captions.append((b, key))
        return b

    def captioned(self, w: widgets.Widget, key: str) -> widgets.Widget:
        """Register a field whose description (and placeholder) follow the language."""
        self._caption(w, key)
        w.style = {"description_width": "initial"}
        self._captions.append((w, key))
        return w

    def refresh(self) -> None:  # pragma: no cover - every subclass overrides
        raise NotImplementedError

    def summary(self) -> str:
        return ""

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.summary()})"


def error_html(problem: str | BaseException, lang: str, variant: Variant | None = None) -> str:
    """A problem with the input (not a rule decision), shown as escaped text in ``lang`` (in the
    words of ``variant``, the game it was typed in, where one is given)."""
    from ..words import error_text

    message = problem if isinstance(problem, str) else error_text(problem, lang, variant)
    return (f'<div role="alert" style="border:1px solid #b71c1c;border-radius:6px;padding:6px 8px;'
            f'color:#b71c1c">✘ {escape(word("error", lang))}: {escape(message)}</div>')


def heading(text: str) -> str:
    return f'<div style="font-weight:bold;margin-top:4px">{escape(text)}</div>'

