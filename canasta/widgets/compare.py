"""A widget to pick variants and see them side by side: the generated table with its sources and
the same situations judged by each. It only calls :mod:`canasta.compare` and shows the result."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets
import traitlets

from ..compare import compare, judge
from ..render.compare import comparison_html, verdicts_html
from ..variant import Variant
from ..variants import VARIANTS


def _w(key: str, lang: str, **fill: Any) -> str:
    from ..words import label

    return label("w.cmp." + key, lang, **fill)


class VariantComparer(widgets.VBox):
    """A multiple choice of variants (registered ones and any house-rule variants given), the
    comparison table and the verdicts; ``lang`` follows a :class:`LanguageSwitch`."""

    lang = traitlets.Unicode("en")

    def __init__(self, chosen: Sequence[str] = ("classic", "rioplatense", "individual"),
                 extra: Sequence[Variant] = (), situations: bool = True, **kwargs: Any) -> None:
        self._variants: dict[str, Variant] = {v.name: v for v in VARIANTS}
        for v in extra:  # house-rule variants keep their base name: list them by title
            self._variants[v.title.en] = v
        self.picker = widgets.SelectMultiple(options=list(self._variants), value=tuple(chosen),
                                             rows=min(8, len(self._variants)),
                                             description=_w("pick", "en"),
                                             tooltip=_w("pick.tip", "en"))
        self.table = widgets.HTML()
        self.verdicts = widgets.HTML()
        self._situations = situations
        super().__init__([self.picker, self.table, self.verdicts], **kwargs)
        self.picker.observe(lambda _: self.refresh(), "value")
        self.observe(lambda _: self.refresh(), "lang")
        self.refresh()

    @property
    def chosen(self) -> list[Variant]:
        return [self._variants[k] for k in self.picker.value]

    def refresh(self) -> None:
        """Rebuild the table and the verdicts from the engine for the chosen variants."""
        lang = self.lang
        self.picker.description = _w("pick", lang)
        self.picker.tooltip = _w("pick.tip", lang)
        chosen = self.chosen
        if not chosen:
            self.table.value = f"<i>{_w('none', lang)}</i>"
            self.verdicts.value = ""
            return
        self.table.value = comparison_html(compare(chosen), lang)
        self.verdicts.value = (verdicts_html(judge(chosen), lang, details=False)
                               if self._situations else "")

    def __repr__(self) -> str:
        return f"VariantComparer(chosen={self.picker.value!r}, lang={self.lang!r})"
