"""Quiz: generated questions (is this legal? how many points? which minimum applies?) and a
teacher's exercise files, answered by clicking; the feedback is the engine's explanation, with a
running tally."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from ..render.html import breakdown_html, explanation_html, state_html
from .base import CanastaWidget
from .exercises import Exercise, load_exercise
from .lang import word
from .questions import KINDS, MAKERS, Question, applies, exercise_question
from .style import form, row, stylesheet


class Quiz(CanastaWidget):
    """Questions come first from the exercises given (in order), then from the engine, cycling
    through ``kinds``; each depends only on the seed and its number, so a class sees the same
    quiz. Kinds a variant has nothing to ask about are left out (no 'minimum' in Canasta Real)."""

    def __init__(self, seed: int = 0, *, variant: str = "classic", kinds: Sequence[str] = KINDS,
                 exercises: Iterable[Exercise | str | Path] = (), lang: str = "en",
                 **kwargs: Any) -> None:
        super().__init__(lang=lang, **kwargs)
        unknown = [k for k in kinds if k not in MAKERS]
        if unknown or not kinds:
            raise ValueError(f"unknown question kind(s) {unknown}; known: {', '.join(MAKERS)}")
        asked = tuple(k for k in kinds if applies(k, variant))
        if not asked:
            raise ValueError(f"no question of kind(s) {', '.join(kinds)} can be asked in {variant}")
        self.seed, self.variant, self.kinds = seed, variant, asked
        self.pending = [e if isinstance(e, Exercise) else load_exercise(e) for e in exercises]
        self.generated = 0  # questions made by the engine so far (they cycle through ``kinds``)
        self.number = 0
        self.asked = 0
        self.right = 0
        self.chosen: Any = None
        self.header = widgets.HTML()
        self.prompt = widgets.HTML()
        self.board = widgets.HTML()
        self.choices = row([])  # the answers wrap onto new lines on a phone
        self.feedback = widgets.HTML()
        self.tally = widgets.HTML()
        self.next_button = self.button("quiz_next", self.next_question)
        self.children = (stylesheet(), self.header, self.board, self.prompt, self.choices,
                         self.feedback, self.tally, self.next_button)
        form(self)
        self.question = self._make()
        self.refresh()

    def add_exercise(self, ex: Exercise | str | Path) -> Exercise:
        """Queue a teacher's exercise file: it comes after the current question (and after the
        exercises already waiting)."""
        e = ex if isinstance(ex, Exercise) else load_exercise(ex)
        self.pending.append(e)
        return e

    def _make(self) -> Question:
        rng = random.Random(f"canasta-quiz:{self.seed}:{self.number}")
        if self.pending:
            return exercise_question(rng, self.pending.pop(0))
        kind = self.kinds[self.generated % len(self.kinds)]
        self.generated += 1
        return MAKERS[kind](rng, self.variant)

    # ---- handlers ---------------------------------------------------------------------------
    def answer(self, value: Any) -> bool:
        """Answer the current question (once); returns whether it was right."""
        if self.chosen is not None:
            return bool(self.chosen == self.question.answer)
        self.chosen = value
        self.asked += 1
        ok = value == self.question.answer
        self.right += int(ok)
        self.refresh()
        return ok

    def next_question(self) -> None:
        self.number += 1
        self.question = self._make()
        self.chosen = None
        self.refresh()

    # ---- drawing --------------------------------------------------------------------------
    def refresh(self) -> None:
        q, lang = self.question, self.lang
        self.header.value = f"<b>{word('question_n', lang, n=self.number + 1)}</b>"
        self.board.value = (state_html(q.state, viewpoint=q.viewpoint, lang=lang)
                            if q.state is not None and q.result is None else "")
        self.prompt.value = f"<div style='font-size:110%;margin:4px 0'>{q.prompt(lang)}</div>"
        buttons = []
        for value in q.choices:
            # once answered, a mark says right / wrong as well as the colour does
            mark = ("" if self.chosen is None else "✔ " if value == q.answer
                    else "✘ " if value == self.chosen else "")
            b = widgets.Button(description=mark + q.choice_text(value, lang),
                               tooltip=q.choice_text(value, lang),
                               disabled=self.chosen is not None,
                               button_style=("success" if value == q.answer else "danger")
                               if self.chosen is not None and value in (q.answer, self.chosen) else "")
            b.on_click(lambda _b, v=value: self.answer(v))
            buttons.append(b)
        self.choices.children = tuple(buttons)
        if self.chosen is None:
            self.feedback.value = ""
        else:
            verdict = (word("right", lang) if self.chosen == q.answer
                       else word("wrong", lang, answer=q.choice_text(q.answer, lang)))
            why = "".join(explanation_html(e, lang) for e in q.explanations)
            if q.result is not None and q.state is not None:
                why += breakdown_html(q.result, q.state, lang)
            self.feedback.value = f"<div style='font-weight:bold'>{verdict}</div>{why}"
        self.tally.value = word("tally", lang, right=self.right, asked=self.asked)

    def summary(self) -> str:
        return f"question {self.number + 1}, {self.right} right of {self.asked}"
