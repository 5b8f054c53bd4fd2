"""A widget to pick variants and see them side by side: the generated table with its sources and
the same situations judged by each. It only calls :mod:`canasta.compare` and shows the result."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as widgets
import traitlets

from ..compare import compare, judge
from ..render.compare import comparison_html, verdicts_html
from ..variant import Variant
from ..variants import VARIANTS
from .style import form, stylesheet


def _w(key: str, lang: str, **fill: Any) -> str:
    from ..words import label

    return label("w.cmp." + key, lang, **fill)


class VariantPicker(widgets.HBox):
    """One toggle button per variant, any number pressed: a choice of several that a tap makes
    (no Ctrl-click). ``value`` is the tuple of chosen keys, in the order of ``options``; a chosen
    toggle is marked with ✓ as well as by its colour."""

    value = traitlets.Tuple()
    description = traitlets.Unicode("")
    lang = traitlets.Unicode("en")

    def __init__(self, options: dict[str, Variant], value: Sequence[str] = ()) -> None:
        self.options = options
        self.label = widgets.HTML()
        self.toggles = {key: widgets.ToggleButton(value=key in value) for key in options}
        self._syncing = False  # True while the toggles are set from ``value``
        super().__init__([self.label, *self.toggles.values()])
        self.add_class("canasta-row")
        self.value = tuple(k for k in options if k in value)
        for t in self.toggles.values():
            t.observe(lambda _ch: self._from_toggles(), "value")
        self.observe(lambda _ch: self._to_toggles(), "value")
        self.observe(lambda _ch: self._draw(), ["description", "lang"])
        self._draw()

    def _from_toggles(self) -> None:
        if not self._syncing:
            self.value = tuple(k for k, t in self.toggles.items() if t.value)

    def _to_toggles(self) -> None:
        ordered = tuple(k for k in self.options if k in self.value)
        if ordered != self.value:  # in the order of the options, whatever order was given
            self.value = ordered
            return
        self._syncing = True
        try:
            for key, t in self.toggles.items():
                t.value = key in self.value
        finally:
            self._syncing = False
        self._draw()

    def _draw(self) -> None:
        self.label.value = f"<b>{escape(self.description)}</b>"
        for key, t in self.toggles.items():
            title = self.options[key].title.get(self.lang)
            t.description = ("✓ " if t.value else "") + title
            t.tooltip = _w("pick.tip", self.lang, title=title)


class VariantComparer(widgets.VBox):
    """A multiple choice of variants (registered ones and any house-rule variants given), the
    comparison table and the verdicts; ``lang`` follows a :class:`LanguageSwitch`."""

    lang = traitlets.Unicode("en")

    def __init__(self, chosen: Sequence[str] = ("classic", "rioplatense", "individual"),
                 extra: Sequence[Variant] = (), situations: bool = True, **kwargs: Any) -> None:
        self._variants: dict[str, Variant] = {v.name: v for v in VARIANTS}
        for v in extra:  # house-rule variants keep their base name: list them by title
            self._variants[v.title.en] = v
        self.picker = VariantPicker(self._variants, tuple(chosen))
        self.picker.description = _w("pick", "en")
        self.table = widgets.HTML()
        self.verdicts = widgets.HTML()
        self._situations = situations
        super().__init__([stylesheet(), self.picker, self.table, self.verdicts], **kwargs)
        form(self)
        self.add_class("canasta-variantcomparer")
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
        self.picker.lang = lang
        chosen = self.chosen
        if not chosen:
            self.table.value = f"<i>{_w('none', lang)}</i>"
            self.verdicts.value = ""
            return
        # wide tables scroll sideways on a phone instead of running off the page
        self.table.value = f'<div style="overflow-x:auto">{comparison_html(compare(chosen), lang)}</div>'
        self.verdicts.value = (f'<div style="overflow-x:auto">'
                               f'{verdicts_html(judge(chosen), lang, details=False)}</div>'
                               if self._situations else "")

    def __repr__(self) -> str:
        return f"VariantComparer(chosen={self.picker.value!r}, lang={self.lang!r})"
