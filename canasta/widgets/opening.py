"""OpeningMinimum: a side's score in, the engine's opening minimum for it out (the rule
``open.threshold`` with its message and source), so the minimum by score is tried without code."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ..checks import opening_explanation
from ..limits import MAX_SCORE
from ..registry import find_variant
from ..render.html import explanation_html
from ..situation import situation
from .base import CanastaWidget
from .style import form, row, stylesheet


class OpeningMinimum(CanastaWidget):
    """A score field and *Ask the engine*: the minimum a side with that score needs to open,
    as ``open.threshold`` explains it in ``variant``."""

    def __init__(self, variant: str = "classic", score: int = 0, *, lang: str = "en",
                 **kwargs: Any) -> None:
        super().__init__(lang=lang, **kwargs)
        self.variant = find_variant(variant)
        self.score = self.captioned(
            widgets.BoundedIntText(value=score, min=-MAX_SCORE, max=MAX_SCORE), "open_score")
        self.answer = widgets.HTML()
        ask = self.button("open_ask", self.ask, button_style="primary")
        self.score.observe(lambda _c: self.ask(), names="value")
        self.children = (stylesheet(), row([self.score, ask]), self.answer)
        form(self)
        self.refresh()

    @property
    def need(self) -> int:
        """The minimum the engine says for the score in the field."""
        return int(self._explanation().facts["need"])

    def _explanation(self) -> Any:
        st = situation(self.variant.name, scores=[int(self.score.value)] + [0] * (
            len(self.variant.sides_for(self.variant.default_players)) - 1))
        return opening_explanation(st, 0)

    def ask(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        self.answer.value = explanation_html(self._explanation(), self.lang)

    def summary(self) -> str:
        return f"{self.variant.name}, score {self.score.value}: {self.need}"
