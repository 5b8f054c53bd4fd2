"""The teacher's view of a class's quiz results: a folder of the files students saved or handed
in, and files added with the upload button (which works in the static site too, where the
teacher's files are not on any server).

A file is a student's word, not the engine's: :func:`engine_judge` makes each question again
from the quiz's seed and its number (questions depend on nothing else) and judges the answer
itself, so a file that says ``right`` of a wrong answer, or carries another "engine's answer",
changes nothing. A folder is read fairly: at most :data:`MAX_PER_NAME` files per student's
name, the newest, so one student who wrote a thousand files pushes nobody out.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from ..errors import CanastaError, RecordError
from ..limits import Big
from ..render.results import class_results_html
from ..results import (
    MAX_BYTES,
    Answer,
    ClassSummary,
    Judge,
    QuizResults,
    class_summary,
    parse_results,
)
from .base import CanastaWidget
from .exercises import Exercise, load_exercise
from .handin import MAX_FOLDER_FILES, MAX_PER_NAME, alert_html, plain, results_folder
from .lang import word
from .questions import MAKERS, Question, exercise_question

MAX_FILES = MAX_FOLDER_FILES  # all a classroom's folder may hold
MAX_NUMBER = 1000  # questions past this number are not asked again to judge them
SUFFIXES = (".json", ".csv")
_HANDED = re.compile(r"^quiz-(.+?)-[0-9T]{0,15}(?:-[0-9a-f]{6})?$")


def read_results(files: Iterable[tuple[str, bytes]]) -> tuple[list[QuizResults], list[RecordError]]:
    """Parse ``(name, content)`` pairs; returns the results and, for each file left out, why
    (too large, incomplete, not a quiz's results, …), one file at a time."""
    results, skipped = [], []
    for name, data in files:
        try:
            results.append(parse_results(data, name))
        except RecordError as e:
            skipped.append(e)
        except CanastaError as e:
            skipped.append(RecordError.moved(e, path=name))
    return results, skipped


def student_of(file_name: str) -> str:
    """Whose file this is by its name (``quiz-Ana-20261120T102000-a1b2c3.json``: ``ana``)."""
    stem = file_name.rsplit(".", 1)[0]
    m = _HANDED.match(stem)
    return (m.group(1) if m else stem).casefold()


def folder_files(folder: Path) -> tuple[list[tuple[str, bytes]], list[RecordError]]:
    """The results files of ``folder`` (``.json`` and ``.csv``), chosen fairly: per student's
    name the newest :data:`MAX_PER_NAME`, then one of each name in turn up to
    :data:`MAX_FILES`; each read only if it is small enough. The files left out are said,
    one line per name."""
    skipped: list[RecordError] = []
    by_student: dict[str, list[tuple[float, str, Path]]] = {}
    for p in folder.iterdir():
        if p.name.startswith(".") or p.suffix.lower() not in SUFFIXES:
            continue
        try:
            if not p.is_file():
                continue
            mtime = p.stat().st_mtime
        except OSError:
            continue
        by_student.setdefault(student_of(p.name), []).append((-mtime, p.name, p))
    queues = []
    for _who, found in sorted(by_student.items()):
        found.sort()
        if len(found) > MAX_PER_NAME:
            skipped.append(RecordError(key="results.flood", path=found[0][1], facts={
                "n": Big(len(found) - MAX_PER_NAME), "kept": MAX_PER_NAME}))
        queues.append(found[:MAX_PER_NAME])
    chosen: list[Path] = []
    for round_ in range(MAX_PER_NAME):  # the newest of every name first, then the next …
        chosen += [q[round_][2] for q in queues if round_ < len(q)]
    if len(chosen) > MAX_FILES:
        skipped.append(RecordError(key="results.too-many-files", path=str(folder), facts={
            "n": Big(len(chosen) - MAX_FILES), "most": Big(MAX_FILES)}))
        chosen = chosen[:MAX_FILES]
    files = []
    for p in sorted(chosen):
        try:
            if p.stat().st_size > MAX_BYTES:
                skipped.append(RecordError(key="results.too-large", path=p.name,
                                           facts={"most": MAX_BYTES // 1024}))
                continue
            files.append((p.name, p.read_bytes()))
        except OSError as e:
            skipped.append(RecordError(key="results.unreadable", path=p.name,
                                       facts={"reason": str(e.strerror or e)}))
    return files, skipped


@lru_cache(maxsize=1024)  # a class shares one quiz: its questions are made once
def _generated(seed: int, variant: str, number: int, kind: str) -> Question:
    """The question the quiz of ``seed`` asks as its ``number``-th, a question of ``kind``."""
    return MAKERS[kind](random.Random(f"canasta-quiz:{seed}:{number - 1}"), variant)


def engine_judge(exercises: Sequence[Exercise | str | Path] = ()) -> Judge:
    """A judge for :func:`canasta.results.class_summary`: every answer judged by the engine.
    Each question is made again from the quiz's seed, its number and its kind (``exercises``:
    the teacher's exercises the quiz asked first, in order); the answer is matched to one of its
    choices; the verdict, the engine's answer and why are the engine's. An answer to a question
    that cannot be made again (an exercise not given, an unknown variant) or that is not the
    question the seed asks is left out, and said."""
    loaded = [e if isinstance(e, Exercise) else load_exercise(e) for e in exercises]

    def question(r: QuizResults, a: Answer) -> Question | None:
        if a.kind in MAKERS:
            return _generated(r.seed, r.variant, a.number, a.kind)
        if a.kind in ("exercise", "scoring") and 1 <= a.number <= len(loaded):
            rng = random.Random(f"canasta-quiz:{r.seed}:{a.number - 1}")
            return exercise_question(rng, loaded[a.number - 1])
        return None

    def judge(r: QuizResults) -> tuple[QuizResults, list[RecordError]]:
        notes: list[RecordError] = []
        kept: list[Answer] = []
        unchecked, other, changed = [], [], []
        for a in r.answers:
            q = None
            if 1 <= a.number <= MAX_NUMBER:
                try:
                    q = question(r, a)
                except (CanastaError, KeyError, ValueError):  # an unknown variant, …
                    q = None
            if q is None:
                unchecked.append(a.number)
                continue
            asked = plain(q.prompt("en"))
            if asked != a.question.en:
                other.append(a.number)
                continue
            chosen = next((c for c in q.choices if q.choice_text(c, "en") == a.answer.en), None)
            if chosen is None:
                chosen = next((c for c in q.choices if q.choice_text(c, "es") == a.answer.es),
                              None)
            judged = _judged(q, a, chosen)
            if judged.right != a.right or judged.correct.en != a.correct.en:
                changed.append(a.number)
            kept.append(judged)
        for key, numbers in (("results.unchecked", unchecked), ("results.not-asked", other),
                             ("results.rejudged", changed)):
            if numbers:
                shown = sorted(set(numbers))
                notes.append(RecordError(key=key, path=r.name, facts={
                    "numbers": ", ".join(map(str, shown[:10])) + (" …" if len(shown) > 10 else ""),
                    "n": len(shown)}))
        return QuizResults(r.name, r.seed, r.variant, r.saved, tuple(kept)), notes

    return judge


def _judged(q: Question, a: Answer, chosen: Any) -> Answer:
    """``a`` as the engine judges it: the student's choice (``None``: none of the question's,
    which is wrong and kept as written)."""
    from .handin import answer_record

    if chosen is None:
        record = answer_record(q, a.number, q.answer)
        return Answer(a.number, q.kind, record.question, a.answer, record.correct, False,
                      record.rule, record.why, a.time)
    record = answer_record(q, a.number, chosen)
    return Answer(a.number, q.kind, record.question, record.answer, record.correct,
                  record.right, record.rule, record.why, a.time)


class ClassResults(CanastaWidget):
    """Per question, how many students got it right and their common mistakes, with the
    engine's explanation, every answer judged again by the engine (:func:`engine_judge`;
    ``exercises``: those the quiz asked first). Each student counts once: the file they saved
    last."""

    def __init__(self, folder: str | Path | None = None, *, lang: str = "en",
                 exercises: Sequence[Exercise | str | Path] = (), **kwargs: Any) -> None:
        super().__init__(lang=lang, **kwargs)
        self.results: list[QuizResults] = []
        self.left_out: list[RecordError] = []  # files not read, with why
        self.problem = ""  # a word key: why nothing is shown
        self.judge = engine_judge(exercises)
        self.upload = widgets.FileUpload(accept=",".join(SUFFIXES), multiple=True,
                                         description="", tooltip="")
        self._caption(self.upload, "add_results")  # a button: no field style to set
        self._captions.append((self.upload, "add_results"))
        self.upload.observe(self._uploaded, names="value")
        self.view = widgets.HTML()
        self.children = (self.upload, self.view)
        self._summary: ClassSummary | None = None
        if folder is not None:
            self.add_folder(folder)
        self.refresh()

    @property
    def skipped(self) -> list[str]:
        """The files left out, each with why (in English)."""
        return [str(e) for e in self.left_out]

    @property
    def class_summary(self) -> ClassSummary:
        """The class, judged by the engine (see :func:`canasta.results.class_summary`)."""
        if self._summary is None:
            self._summary = class_summary(self.results, self.judge)
        return self._summary

    def add_folder(self, folder: str | Path) -> None:
        """Read every results file of ``folder``."""
        if results_folder() is not None:
            # inside a classroom page (a student's kernel): the class's files are not for it
            self.problem = "results_private"
            self.refresh()
            return
        try:
            files, skipped = folder_files(Path(folder))
        except OSError as e:  # no such folder, not readable: said, not raised
            files, skipped = [], [RecordError(key="results.unreadable", path=str(folder),
                                              facts={"reason": str(e.strerror or e)})]
        self.left_out += skipped
        self.add_files(files)

    def add_files(self, files: Iterable[tuple[str, bytes]]) -> None:
        results, skipped = read_results(files)
        self.results += results
        self.left_out += skipped
        self._summary = None
        self.refresh()

    def _uploaded(self, change: dict[str, Any]) -> None:
        files = []
        for f in change["new"] or ():
            if int(f.get("size", 0)) > MAX_BYTES:
                self.left_out.append(RecordError(key="results.too-large", path=str(f["name"]),
                                                 facts={"most": MAX_BYTES // 1024}))
            else:
                files.append((str(f["name"]), bytes(f["content"])))
        self.add_files(files)

    def refresh(self) -> None:
        if self.problem:
            self.view.value = alert_html(word(self.problem, self.lang))
            return
        self.view.value = class_results_html(self.class_summary, self.lang, self.left_out)

    def summary(self) -> str:
        s = self.class_summary
        return (f"{len(s.students)} students, {len(s.questions)} questions, "
                f"{len(self.left_out)} files left out")
