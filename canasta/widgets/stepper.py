"""GameStepper: walk through a game record one action at a time, with the table, the engine's
explanation of the action just played, the record's commentary, the facts checked, the slips of
the printed text at their step, and the documented changes to the told story."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..actions import parse_action
from ..render.html import Fresh, explanation_html, state_html, verdict_html
from ..words import action_text, display_name, reader, sentence
from .base import CanastaWidget, heading
from .lang import word
from .style import form, row, stylesheet

if TYPE_CHECKING:
    from ..explain import Explanation
    from ..records import Record, ReplayStep, Slip
    from ..state import State


LAST_STYLE = ("background:#fff3c4;border-left:4px solid #f9a825;border-radius:4px;padding:4px 8px;"
              "margin:2px 0 4px 0")


class GameStepper(CanastaWidget):
    """First / previous / next / last buttons and a slider over a record. Step 0 is the deal;
    step k shows the table after the k-th action.

    The table comes right under the buttons, headed by the action just played and with the cards
    it moved highlighted, so that a click on *Next* shows its change without scrolling; the
    engine's explanation, the commentary and the slips follow."""

    def __init__(self, record: Record, *, viewpoint: int | None = None, lang: str = "en",
                 **kwargs: Any) -> None:
        super().__init__(lang=lang, **kwargs)
        self.record = record
        self.viewpoint = viewpoint
        self.steps: list[ReplayStep] = list(record.replay())
        self.states: list[State] = [record.new_state()] + [rs.state for rs in self.steps]
        self.total = len(self.steps)
        # each step's words (by step, language and viewpoint), the cards each step moved and the
        # record's changes (by language), kept once worked out: a state never changes, so only
        # the table is drawn again at each visit (caching its ~40 kB a step would cost more)
        self._said: dict[tuple[int, str, int | None], tuple[str, str, str, str]] = {}
        self._moved: list[Fresh | None] = [None] * (self.total + 1)
        self._changes: dict[str, str] = {}
        self.slider = widgets.IntSlider(min=0, max=self.total, value=0, continuous_update=False,
                                        readout=False,
                                        layout=widgets.Layout(flex="1 1 12em", min_width="10em",
                                                              max_width="24em"))
        self.captioned(self.slider, "slider")
        self.counter = widgets.HTML()
        self.decision = widgets.HTML()
        self.comment = widgets.HTML()
        self.slips = widgets.HTML()
        self.latest = widgets.HTML()  # the action just played, highlighted above the table
        self.board = widgets.HTML()
        self.changes = widgets.HTML()
        # the buttons as wide as their captions (style.py), wrapping on a phone
        nav = row([self.button("first", self.first), self.button("prev", self.previous),
                   self.button("next", self.next, button_style="primary"),
                   self.button("last", self.last), self.slider, self.counter])
        self.children = (stylesheet(), nav, self.latest, self.board, self.decision, self.comment,
                         self.slips, self.changes)
        form(self)
        self.slider.observe(lambda _ch: self.refresh(), names="value")
        self.refresh()

    # ---- handlers ------------------------------------------------------------------------
    @property
    def step(self) -> int:
        return int(self.slider.value)

    def go(self, k: int) -> None:
        self.slider.value = max(0, min(self.total, k))

    def first(self) -> None:
        self.go(0)

    def previous(self) -> None:
        self.go(self.step - 1)

    def next(self) -> None:
        self.go(self.step + 1)

    def last(self) -> None:
        self.go(self.total)

    @property
    def state(self) -> State:
        """The table at the current step."""
        return self.states[self.step]

    # ---- drawing --------------------------------------------------------------------------
    @property
    def viewer(self) -> str | None:
        """The reader the messages speak to: the viewpoint's seat (by default the seat named Tú)."""
        return reader(self.states[0].names, self.viewpoint)

    def refresh(self) -> None:
        k, lang = self.step, self.lang
        self.counter.value = f"<b>{escape(word('step', lang, k=k, n=self.total))}</b>"
        # what is said of a step depends on the step, the language and the reader only: said once
        key = (k, lang, self.viewpoint)
        said = self._said.get(key)
        if said is None:
            said = self._said[key] = self._step_html(k, lang)
        self.latest.value, self.decision.value, self.comment.value, self.slips.value = said
        self.board.value = state_html(self.states[k], viewpoint=self.viewpoint, lang=lang,
                                      fresh=self._fresh(k))
        changes = self._changes.get(lang)
        if changes is None:
            changes = self._changes[lang] = self._changes_html()
        self.changes.value = changes

    def _fresh(self, k: int) -> Fresh | None:
        """The cards step ``k`` moved (None at the deal), worked out once."""
        if k == 0:
            return None
        fresh = self._moved[k]
        if fresh is None:
            fresh = self._moved[k] = Fresh.between(self.states[k - 1], self.states[k])
        return fresh

    def _step_html(self, k: int, lang: str) -> tuple[str, str, str, str]:
        """The action just played (above the table), the engine's explanation and the events,
        the commentary and the facts checked, and the slips of step ``k``."""
        viewer = self.viewer
        if k == 0:
            last = f"<b>{escape(word('deal', lang))}</b>"
            deal = self.states[0].deal_events
            decision = "".join(explanation_html(e, lang, viewer=viewer) for e in deal)
            comment = slips = ""
        else:
            variant = self.states[0].variant.base_name()
            rs = self.steps[k - 1]
            before = self.states[k - 1]
            action = parse_action(rs.entry.action)
            actor = action.player or before.names[before.actor]
            said = action_text(action.without_player(), lang, variant)
            last = (f"<b>{escape(display_name(actor, lang))}</b>: <code>{escape(said)}</code> "
                    f"{verdict_html(rs.explanation, lang)}")
            decision = (
                explanation_html(rs.explanation, lang, viewer=viewer)
                + (heading(word("events", lang))
                   + "".join(explanation_html(e, lang, viewer=viewer) for e in rs.events)
                   if rs.events else ""))
            note = rs.entry.comment
            checks = "".join(f"<li>{escape(sentence(c.get(lang, viewer, variant)))}</li>"
                             for c in rs.checks)
            comment = (
                (f"<div><b>{escape(word('comment', lang))}:</b> {escape(note.get(lang))}</div>"
                 if note is not None else "")
                + (f"<div style='color:#555'>{escape(word('checks', lang))}:<ul style='margin:0'>"
                   f"{checks}</ul></div>" if checks else ""))
            slips = "".join(self._slip_html(slip, exp) for slip, exp in rs.slips)
        latest = f'<div class="canasta-last" style="{LAST_STYLE}">{last}</div>'
        return latest, decision, comment, slips

    def _slip_html(self, slip: Slip, exp: Explanation) -> str:
        lang = self.lang
        note = (f"<div>{escape(slip.comment.get(lang))}</div>" if slip.comment is not None else "")
        told = action_text(parse_action(slip.action), lang, exp.variant)
        return (f'<div class="canasta-slip" style="border-left:4px solid #e65100;padding-left:6px;'
                f'margin:4px 0">{heading(word("slips", lang))}'
                f'<div>{word("slip", lang, action=escape(told))}</div>{note}'
                f'{explanation_html(exp, lang, viewer=self.viewer)}</div>')

    def _changes_html(self) -> str:
        changes = self.record.changes
        if not changes:
            return ""
        lang = self.lang
        items = "".join(
            f"<li><b>{escape(c.fact.get(lang))}</b>: {escape(c.change.get(lang))} "
            f"<i>({escape(c.why.get(lang))})</i></li>" for c in changes)
        return (f"<details><summary>{escape(word('changes', lang))} ({len(changes)})</summary>"
                f"<ul>{items}</ul></details>")

    def summary(self) -> str:
        return f"step {self.step} / {self.total}"
