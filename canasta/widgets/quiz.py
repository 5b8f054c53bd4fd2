"""Quiz: generated questions (is this legal? how many points? which minimum applies?) and a
teacher's exercise files, answered by clicking; the feedback is the engine's explanation, with a
running tally."""

from __future__ import annotations

import errno
import random
from collections.abc import Iterable, Sequence
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from ..render.html import breakdown_html, explanation_html, state_html
from ..results import MAX_ANSWERS, Answer, QuizResults
from ..variant import Variant
from .base import CanastaWidget
from .exercises import Exercise, load_exercise
from .handin import (
    MAX_HAND_INS,
    NAME_LENGTH,
    FolderFull,
    alert_html,
    answer_record,
    download_links_html,
    hand_in,
    make_results,
    results_folder,
)
from .lang import word
from .questions import KINDS, MAKERS, Question, applies, exercise_question
from .style import form, row, stylesheet


class Quiz(CanastaWidget):
    """Questions come first from the exercises given (in order), then from the engine, cycling
    through ``kinds``; each depends only on the seed and its number, so a class sees the same
    quiz. ``variant`` is a variant's name or a house-rule variant. Kinds a variant has nothing
    to ask about are left out (no 'minimum' in Canasta Real)."""

    def __init__(self, seed: int = 0, *, variant: str | Variant = "classic",
                 kinds: Sequence[str] = KINDS, exercises: Iterable[Exercise | str | Path] = (),
                 lang: str = "en", **kwargs: Any) -> None:
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
        # the student's answers, to save as a file or hand in (see .handin)
        self.answers: list[Answer] = []
        self.save_heading = widgets.HTML()
        self.name = self.captioned(widgets.Text(value="", layout={"width": "24em"}), "your_name")
        self.name.observe(lambda _c: self._draw_saving(), names="value")
        self.downloads = widgets.HTML()
        self.folder = results_folder()
        self.hand_in_button = self.button("hand_in", lambda: None if self.hand_in() else None)
        self.hand_in_button.layout.display = None if self.folder else "none"
        self.handed = widgets.HTML()
        self.handed_in = 0  # files this page wrote to the teacher's folder
        self.saving = widgets.VBox([self.save_heading, self.name, self.downloads,
                                    self.hand_in_button, self.handed])
        self.children = (stylesheet(), self.header, self.board, self.prompt, self.choices,
                         self.feedback, self.tally, self.next_button, self.saving)
        form(self)
        self._buttons: list[widgets.Button] = []  # the answer buttons, used again by every question
        self._shown: Question | None = None  # the question they show
        self._saved_drawn: tuple[str, str, int] | None = None  # what the download links hold
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
        if len(self.answers) < MAX_ANSWERS:  # what a results file holds; the rest is not kept
            self.answers.append(answer_record(self.question, self.number + 1, value))
        self.refresh()
        return ok

    def results(self) -> QuizResults:
        """The answers so far, with the name typed, as a results file holds them."""
        name = self.variant if isinstance(self.variant, str) else self.variant.name
        return make_results(self.name.value, self.seed, name, self.answers)

    def hand_in(self) -> bool:
        """Write the answers to the teacher's results folder (``canasta classroom --results``);
        False (and a message saying why) when there is no name, no answer or no folder."""
        lang = self.lang
        if self.folder is None:
            return False
        if not self.answers:
            self.handed.value = alert_html(word("no_answers", lang))
            return False
        if not self.name.value.strip():
            self.handed.value = alert_html(word("name_first", lang))
            return False
        if self.handed_in >= MAX_HAND_INS:
            self.handed.value = alert_html(word("hand_in_page_full", lang, n=MAX_HAND_INS))
            return False
        results = self.results()
        try:
            hand_in(results, self.folder)
        except FolderFull as e:  # a limit of the class's folder: the teacher has the file
            self.handed.value = alert_html(word(e.key, lang))
            return False
        except OSError as e:  # the folder went away or is full: the student must be told
            self.handed.value = alert_html(word("hand_in_failed", lang,
                                                reason=word(_io_reason(e), lang)))
            return False
        self.handed_in += 1
        self.handed.value = f"<div role='status'>✔ {word('handed_in', lang, n=len(results.answers))}</div>"
        return True

    def next_question(self) -> None:
        self.number += 1
        self.question = self._make()
        self.chosen = None
        self.refresh()

    # ---- drawing --------------------------------------------------------------------------
    def _answer_buttons(self) -> None:
        """One button per choice of the current question, from buttons made once and used again
        for every question: a quiz of any length holds only the widgets one question needs."""
        count = len(self.question.choices)
        for index in range(len(self._buttons), count):
            b = widgets.Button()
            b.on_click(lambda _b, i=index: self._chose(i))
            self._buttons.append(b)
        self.choices.children = tuple(self._buttons[:count])
        self._shown = self.question

    def _chose(self, index: int) -> None:
        """A click on the answer button ``index`` (of the question it shows)."""
        if index < len(self.question.choices):
            self.answer(self.question.choices[index])

    def refresh(self) -> None:
        q, lang = self.question, self.lang
        if self._shown is not q:
            self._answer_buttons()
        self.header.value = f"<b>{word('question_n', lang, n=self.number + 1)}</b>"
        self.board.value = (state_html(q.state, viewpoint=q.viewpoint, lang=lang)
                            if q.state is not None and q.result is None else "")
        self.prompt.value = f"<div style='font-size:110%;margin:4px 0'>{q.prompt(lang)}</div>"
        for value, b in zip(q.choices, self.choices.children, strict=True):
            # once answered, a mark says right / wrong as well as the colour does
            mark = ("" if self.chosen is None else "✔ " if value == q.answer
                    else "✘ " if value == self.chosen else "")
            b.description = mark + q.choice_text(value, lang)
            b.tooltip = b.description  # the front end writes a missing tooltip as "null"
            b.tooltip = q.choice_text(value, lang)
            b.disabled = self.chosen is not None
            b.button_style = (("success" if value == q.answer else "danger")
                              if self.chosen is not None and value in (q.answer, self.chosen) else "")
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
        self._draw_saving()

    def _draw_saving(self) -> None:
        lang = self.lang
        if len(self.name.value) > NAME_LENGTH:
            self.name.value = self.name.value[:NAME_LENGTH]
        self.save_heading.value = f"<b>{word('your_answers', lang)}</b>"
        # the links carry every answer: written again only when what they hold has changed
        drawn = (lang, self.name.value, len(self.answers))
        if drawn != self._saved_drawn:
            self._saved_drawn = drawn
            full = (f"<div>{escape(word('answers_full', lang, n=MAX_ANSWERS))}</div>"
                    if len(self.answers) >= MAX_ANSWERS else "")
            self.downloads.value = (download_links_html(self.results(), lang) + full
                                    if self.answers else "")

    def summary(self) -> str:
        return f"question {self.number + 1}, {self.right} right of {self.asked}"


def _io_reason(error: OSError) -> str:
    """The word key saying, in a learner's words, why the teacher's folder refused a file."""
    if error.errno == errno.ENOENT:
        return "io.missing"
    if error.errno in (errno.ENOSPC, errno.EDQUOT):
        return "io.full"
    if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return "io.denied"
    return "io.other"
