"""RulesSandbox: lay out a situation (your hand, the melds, the pile, the scores), type an action
and ask the engine whether it is allowed, with its explanation. Nothing is ever played."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from ..errors import CanastaError, RecordError
from ..explain import Explanation, L
from ..render.html import actions_html, explanation_html, state_html
from ..situation import situation
from ..state import State
from .base import CanastaWidget, error_html, heading
from .exercises import Exercise, load_exercise
from .lang import word
from .style import form, row, stylesheet


def _blank(variant: str) -> Exercise:
    """An empty table of ``variant`` to fill in (its own piles dealt, as in any situation)."""
    return Exercise("situation", L("Blank table", "Mesa vacía"), action="draw",
                    situation={"variant": variant, "phase": "draw"})


def _situation(item: Exercise | str | Path) -> Exercise:
    ex = item if isinstance(item, Exercise) else load_exercise(item)
    if ex.kind != "situation":
        raise RecordError(f"a {ex.kind!r} exercise has no situation to lay out: open it in the "
                          "ScoreCalculator or the Quiz", path=ex.path, where="kind")
    return ex


def _groups_text(state: State, side: int) -> str:
    return " / ".join(m.text for m in state.melds[side])


def _split_groups(text: str) -> list[str]:
    return [g.strip() for g in text.split("/") if g.strip()]


class RulesSandbox(CanastaWidget):
    """Ready-made situations (exercises of kind 'situation', of any variant) in a menu, fields to
    change them, and an action box: 'Ask the engine' shows the verdict and why. Without
    situations it opens a blank table of ``variant``."""

    def __init__(self, situations: Iterable[Exercise | str | Path] = (), *, lang: str = "en",
                 variant: str = "classic", **kwargs: Any) -> None:
        super().__init__(lang=lang, **kwargs)
        self.situations: list[Exercise] = [_situation(s) for s in situations] or [_blank(variant)]
        self.menu = widgets.Dropdown()
        self.hand = widgets.Text()
        self.our_melds = widgets.Text()
        self.their_melds = widgets.Text()
        # a layout of its own: hidden for variants whose threes are not laid out as a bonus
        self.our_threes = widgets.Text(layout=widgets.Layout())
        self.pile = widgets.Text()
        self.our_score = widgets.IntText()
        self.their_score = widgets.IntText()
        self.moment = widgets.ToggleButtons(options=self._moments())
        self.action = widgets.Text()
        for w, key in ((self.menu, "situation"), (self.hand, "hand"), (self.our_melds, "our_melds"),
                       (self.their_melds, "their_melds"), (self.our_threes, "our_threes"),
                       (self.pile, "pile"), (self.our_score, "our_score"),
                       (self.their_score, "their_score"), (self.moment, "moment"),
                       (self.action, "your_action")):
            self.captioned(w, key)
        self.question = widgets.HTML()
        self.verdict = widgets.HTML()
        self.hints = widgets.HTML()
        self.board = widgets.HTML()
        # one column of fields, labels aligned (see style.py); the buttons wrap on a phone
        self.children = (
            stylesheet(), self.menu, self.question, self.hand, self.our_melds, self.their_melds,
            self.our_threes, self.pile, self.our_score, self.their_score, self.moment,
            self.action,
            row([self.button("ask", self.ask, button_style="primary"),
                 self.button("hint", self.hint)]),
            self.verdict, self.hints, self.board)
        form(self)
        self._base: Exercise = self.situations[0]
        self._answer: list[Any] = []  # the last verdicts (Explanations) or an input problem (str)
        self._hinting = False
        self._relabelling = False
        self._relabel_menu()
        self.menu.observe(self._on_menu, names="value")
        self.choose(0)

    # ---- situations -------------------------------------------------------------------------
    def load(self, path: str | Path) -> Exercise:
        """Add an exercise file to the menu and open it (a teacher's own situation)."""
        ex = _situation(path)
        self.situations.append(ex)
        self._relabel_menu()
        self.menu.value = len(self.situations) - 1
        return ex

    def choose(self, index: int) -> None:
        """Fill the fields from ready-made situation ``index``."""
        self._base = ex = self.situations[index]
        st = ex.state()
        me = st.turn
        side = st.side_of(me)
        other = (side + 1) % len(st.sides)
        self.hand.value = " ".join(c.text for c in st.hands[me])
        self.our_melds.value = _groups_text(st, side)
        self.their_melds.value = _groups_text(st, other) if len(st.sides) > 1 else ""
        self.our_threes.value = " ".join(c.text for c in st.red_threes[side])
        # Americana lays threes down as melds, Real has no role for them: no red-three field
        self.our_threes.layout.display = None if st.variant.red_threes == "bonus" else "none"
        self.pile.value = " ".join(c.text for c in st.pile)
        self.our_score.value = st.scores[side]
        self.their_score.value = st.scores[other] if len(st.sides) > 1 else 0
        self.moment.value = st.phase if st.phase in ("draw", "play") else "play"
        self._base = ex
        self.action.value = ex.action
        self._answer, self._hinting = [], False
        self.refresh()

    def build(self) -> State:
        """The situation in the fields as an engine state (raises RecordError on bad cards)."""
        base = dict(self._base.situation)
        probe = self._base.state()
        me = probe.turn
        you = probe.names[me]
        side = probe.side_of(me)
        others = [s for s in range(len(probe.sides)) if s != side]
        opponent = probe.names[probe.sides[others[0]][0]] if others else None
        ours = {probe.names[s] for s in probe.sides[side]}
        hands = dict(base.get("hands") or {})
        hands[you] = self.hand.value
        melds: dict[str, Sequence[str]] = {you: _split_groups(self.our_melds.value)}
        if opponent is not None:
            melds[opponent] = _split_groups(self.their_melds.value)
        threes = {k: v for k, v in dict(base.get("red_threes") or {}).items() if k not in ours}
        threes[you] = self.our_threes.value
        scores = [0] * len(probe.sides)
        scores[side] = self.our_score.value
        if others:
            scores[others[0]] = self.their_score.value
        base.update(hands=hands, melds=melds, red_threes=threes, pile=self.pile.value,
                    scores=scores, phase=self.moment.value, turn=you)
        return situation(**base)

    # ---- handlers -------------------------------------------------------------------------
    def ask(self) -> None:
        """Judge the typed action(s) in the situation; several are judged in turn on a copy."""
        self._hinting = False
        out: list[Any] = []
        try:
            st = self.build()
            texts = [t.strip() for t in self.action.value.split(";") if t.strip()]
            for text in texts or [""]:
                exp = st.check(text)
                out.append(exp)
                if not exp.allowed:
                    break
                st.apply(text)
        except CanastaError as e:  # a typo in the cards or the action, not a rule
            out.append(str(e))
        self._answer = out
        self.refresh()

    def hint(self) -> None:
        """Every legal action in this situation, grouped."""
        self._hinting = True
        self.refresh()

    @property
    def explanations(self) -> list[Explanation]:
        """The engine's answers to the last question."""
        return [a for a in self._answer if isinstance(a, Explanation)]

    def _on_menu(self, change: dict[str, Any]) -> None:
        if not self._relabelling and change["new"] is not None:
            self.choose(change["new"])

    # ---- drawing -------------------------------------------------------------------------
    def _relabel_menu(self) -> None:
        keep = self.menu.value if self.menu.value is not None else 0
        self._relabelling = True
        try:
            self.menu.options = [(ex.title.get(self.lang), i) for i, ex in enumerate(self.situations)]
            self.menu.value = keep
        finally:
            self._relabelling = False

    def refresh(self) -> None:
        lang = self.lang
        self._relabel_menu()
        moment = self.moment.value  # new captions must not change the chosen moment
        self.moment.options = self._moments()
        self.moment.value = moment
        self.moment.tooltips = [word("moment.draw.tip", lang), word("moment.play.tip", lang)]
        q = self._base.question
        self.question.value = (f"<div style='font-style:italic'>{escape(q.get(lang))}</div>"
                               if q else "")
        self.verdict.value = "".join(explanation_html(a, lang) if isinstance(a, Explanation)
                                     else error_html(a, lang) for a in self._answer)
        try:
            st = self.build()
        except CanastaError as e:
            # a typo in a field: said once, under the question if asking found it already
            self.board.value = "" if str(e) in self._answer else error_html(str(e), lang)
            self.hints.value = ""
            return
        self.board.value = state_html(st, viewpoint=None, lang=lang)
        self.hints.value = (heading(word("legal", lang)) + actions_html(st.legal_actions(), lang)
                            if self._hinting else "")

    def _moments(self) -> list[tuple[str, str]]:
        return [(word("moment.draw", self.lang), "draw"), (word("moment.play", self.lang), "play")]

    def summary(self) -> str:
        return f"{self._base.title.en!r}, action {self.action.value!r}"

