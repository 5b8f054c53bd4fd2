"""ScoreCalculator: an end-of-hand table in (a scenario file, or typed fields), the engine's
itemised count out. The count is ``Scenario.score()``: nothing is added up here."""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..errors import CanastaError
from ..explain import Side
from ..game import DEFAULT_NAMES
from ..registry import find_variant
from ..render.html import breakdown_html
from ..scenario import Scenario, load_scenario, parse_scenario
from ..words import side_title
from .base import CanastaWidget, error_html
from .lang import word
from .style import form, stylesheet

if TYPE_CHECKING:
    from ..state import HandResult, State


class ScoreCalculator(CanastaWidget):
    """One row of fields per side (melds, red threes, score before) and per player (the cards
    left in hand), who went out, whether concealed; *Count the hand* shows the breakdown.

    Any variant's table: the red-three and concealed fields show only where the variant scores
    them (Americana's threes are melds, typed with the others); state a table's fields cannot
    hold (Canasta Real's muertos) comes from the scenario's ``extra`` and is kept."""

    def __init__(self, scenario: Scenario | str | Path | None = None, *, lang: str = "en",
                 variant: str = "classic", **kwargs: Any) -> None:
        super().__init__(lang=lang, **kwargs)
        if scenario is None:  # an empty table of the variant, to fill in
            v = find_variant(variant)
            names = list(DEFAULT_NAMES[:v.default_players])
            sides = v.sides_for(len(names))
            scenario = parse_scenario({"variant": variant, "players": names, "extra": {
                key: [allowed[0]] * len(sides) for key, allowed in v.scenario_extra.items()}})
        self.scenario = scenario if isinstance(scenario, Scenario) else load_scenario(scenario)
        self.result: HandResult | None = None
        self.counted: State | None = None
        self._problem: str | CanastaError = ""
        self.breakdown = widgets.HTML()
        self._build_fields()
        self.count()

    def _build_fields(self) -> None:
        sc = self.scenario
        self.title = widgets.HTML()
        # one column of fields, labels aligned and never cut (see style.py)
        self.melds = [widgets.Text(" / ".join(" ".join(c.text for c in m.cards) for m in side))
                      for side in sc.melds]
        v = sc.variant_obj()
        # layouts of their own, so that hiding them hides nothing else
        self.threes = [widgets.Text(" ".join(c.text for c in r),
                                    layout=widgets.Layout(display=None if
                                                          v.red_threes == "bonus" else "none"))
                       for r in sc.red_threes]
        self.scores = [widgets.IntText(x) for x in (sc.scores_before or [0] * len(sc.sides))]
        # per-side state the variant's count reads (Canasta Real's muertos): one choice per side
        self.side_state = {key: [widgets.Dropdown(options=list(allowed),
                                                  value=_side_value(sc.extra.get(key), s, allowed))
                                 for s in range(len(sc.sides))]
                           for key, allowed in v.scenario_extra.items()}
        self.hands = [widgets.Text(" ".join(c.text for c in h)) for h in sc.hands]
        self.went_out = widgets.Dropdown()
        self.concealed = widgets.Checkbox(sc.concealed, layout=widgets.Layout(
            display=None if v.concealed_bonus else "none"))
        self._set_went_out_options(sc.went_out)
        rows: list[widgets.Widget] = [stylesheet(), self.title]
        for s in range(len(sc.sides)):
            rows += [self.melds[s], self.threes[s], self.scores[s]]
            rows += [choices[s] for choices in self.side_state.values()]
        rows += self.hands + [self.went_out, self.concealed,
                              self.button("calc", self.count, button_style="primary"),
                              self.breakdown]
        self.children = tuple(rows)
        form(self)

    def _set_went_out_options(self, value: str | None) -> None:
        self.went_out.options = [(word("nobody", self.lang), "")] + [(n, n) for n in self.scenario.names]
        self.went_out.value = value or ""

    # ---- handlers ---------------------------------------------------------------------------
    def load(self, path: str | Path) -> None:
        """Show another end-of-hand table (a scenario file)."""
        self.scenario = load_scenario(path)
        self._build_fields()
        self.count()

    def table(self) -> dict[str, Any]:
        """The fields as a scenario (the JSON form read by ``canasta.scenario``)."""
        sc = self.scenario
        data = sc.to_dict()
        key = [" & ".join(sc.names[p] for p in side) for side in sc.sides]
        data["melds"] = {key[s]: [g.strip() for g in t.value.split("/") if g.strip()]
                         for s, t in enumerate(self.melds) if t.value.strip()}
        data["red_threes"] = {key[s]: t.value for s, t in enumerate(self.threes) if t.value.strip()}
        data["hands"] = {sc.names[p]: t.value for p, t in enumerate(self.hands)}
        data["went_out"] = self.went_out.value or None
        data["concealed"] = bool(self.concealed.value and self.went_out.value)
        data["scores_before"] = [int(w.value) for w in self.scores]
        if self.side_state:
            data["extra"] = {**data.get("extra", {}),
                             **{k: {key[s]: w.value for s, w in enumerate(ws)}
                                for k, ws in self.side_state.items()}}
        return data

    def count(self) -> None:
        """Score the table in the fields with the engine."""
        try:
            scen = parse_scenario(self.table(), self.scenario.path)
            self.counted = scen.to_state()
            self.result = self.counted.last_result
            self._problem = ""
        except CanastaError as e:  # a typo or an impossible table, reported with its place
            self.result, self.counted, self._problem = None, None, e
        self.refresh()

    # ---- drawing --------------------------------------------------------------------------
    def refresh(self) -> None:
        sc, lang = self.scenario, self.lang
        title = sc.title.get(lang) if sc.title is not None else ""
        self.title.value = f"<b>{escape(title)}</b>" if title else ""
        for s, side in enumerate(sc.sides):
            label = Side(tuple(sc.names[p] for p in side), len(side) > 1)
            self.melds[s].description = word("melds_of", lang, sc.variant, side=label)
            self.threes[s].description = word("threes_of", lang, sc.variant, side=label)
            self.scores[s].description = word("score_of", lang, side=label)
            for key, choices in self.side_state.items():
                choice = choices[s]
                choice.description = word(f"{key}_of", lang, side=label,
                                          names=side_title(label, lang))
                kept = choice.value  # the words change with the language, the value stays
                choice.options = [(word(f"{key}.{value}", lang), value)
                                  for value in find_variant(sc.variant).scenario_extra[key]]
                choice.value = kept
        for p, name in enumerate(sc.names):
            self.hands[p].description = word("hand_of", lang, name=name)
        self.went_out.description = word("went_out", lang)
        self._set_went_out_options(self.went_out.value or None)
        self.concealed.description = word("concealed", lang)
        for w in (*self.melds, *self.threes, *self.scores, *self.hands, self.went_out,
                  self.concealed, *(c for cs in self.side_state.values() for c in cs)):
            w.tooltip = w.description  # the front end shows a missing tooltip as "null"
        if self.result is not None and self.counted is not None:
            self.breakdown.value = breakdown_html(self.result, self.counted, lang)
        else:
            self.breakdown.value = error_html(self._problem, lang)

    def summary(self) -> str:
        totals = self.result.totals if self.result is not None else None
        return f"totals {totals}"



def _side_value(values: Any, side: int, allowed: tuple[str, ...]) -> str:
    """A side's value of per-side state read from a scenario (its first choice when absent)."""
    if isinstance(values, list) and side < len(values) and values[side] in allowed:
        return str(values[side])
    return allowed[0]
