"""A student's quiz results, as a file the teacher collects (JSON or CSV), and the class's
summary: per question, how many answered it right, and the common mistakes with the engine's
explanation of the right answer.

Files come from students, so they are read as untrusted text: a file larger than
:data:`MAX_BYTES`, with more than :data:`MAX_ANSWERS` answers or with a field longer than
:data:`MAX_TEXT` characters is refused with a one-line reason naming it, and every text is shown
escaped (``canasta.render.results``).
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import RecordError
from .explain import L
from .limits import Big

#: set by ``canasta classroom --results DIR`` for the kernels it starts: the folder the quiz's
#: "Hand in" writes to
RESULTS_ENV = "CANASTA_RESULTS_DIR"
FORMAT = "canasta-quiz-results"
VERSION = 1
MAX_BYTES = 256 * 1024  # a quiz of 100 questions with long explanations is about 150 KB
MAX_ANSWERS = 200
MAX_TEXT = 4000
CSV_FIELDS = ("name", "seed", "variant", "saved", "number", "kind", "question_en", "question_es",
              "answer_en", "answer_es", "correct_en", "correct_es", "right", "rule", "why_en",
              "why_es", "time")


@dataclass(frozen=True)
class Answer:
    """One answered question: what was asked, what the student chose, the engine's answer and
    its explanation."""

    number: int  # the question's number in the quiz, from 1
    kind: str  # legal, points, minimum, exercise, scoring
    question: L  # plain text
    answer: L  # the student's choice, as the buttons said it
    correct: L  # the engine's answer
    right: bool
    rule: str  # the rule id of the engine's explanation ("" when it has none)
    why: L  # the engine's explanation, as text
    time: str  # when it was answered (ISO 8601, UTC)


@dataclass(frozen=True)
class QuizResults:
    """A student's answers to one quiz (a quiz is its seed and variant: the same for a class)."""

    name: str
    seed: int
    variant: str
    saved: str  # ISO 8601, UTC
    answers: tuple[Answer, ...] = ()

    @property
    def right(self) -> int:
        return sum(a.right for a in self.answers)

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "name": self.name, "seed": self.seed,
                "variant": self.variant, "saved": self.saved, "right": self.right,
                "asked": len(self.answers),
                "answers": [{"number": a.number, "kind": a.kind, "question": _l(a.question),
                             "answer": _l(a.answer), "correct": _l(a.correct), "right": a.right,
                             "rule": a.rule, "why": _l(a.why), "time": a.time}
                            for a in self.answers]}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1) + "\n"

    def to_csv(self) -> str:
        """One row per answer (the header names the columns; spreadsheets open it as is)."""
        out = io.StringIO()
        w = csv.DictWriter(out, CSV_FIELDS, lineterminator="\n")
        w.writeheader()
        for a in self.answers:
            w.writerow({"name": self.name, "seed": self.seed, "variant": self.variant,
                        "saved": self.saved, "number": a.number, "kind": a.kind,
                        "question_en": a.question.en, "question_es": a.question.es,
                        "answer_en": a.answer.en, "answer_es": a.answer.es,
                        "correct_en": a.correct.en, "correct_es": a.correct.es,
                        "right": "yes" if a.right else "no", "rule": a.rule,
                        "why_en": a.why.en, "why_es": a.why.es, "time": a.time})
        return out.getvalue()

    def file_name(self, ext: str = "json") -> str:
        """A file name that says whose results these are and when they were saved."""
        who = re.sub(r"[^\w-]+", "_", self.name, flags=re.UNICODE).strip("_")[:40] or "student"
        when = re.sub(r"[^0-9T]", "", self.saved)[:15]
        return f"quiz-{who}-{when}.{ext}"


def _l(text: L) -> dict[str, str]:
    return {"en": text.en, "es": text.es}


def _error(key: str, where: str | int, path: str, **facts: Any) -> RecordError:
    """An error at a field (``answers[2].why``) or at a line of a CSV file (its number)."""
    if isinstance(where, int):
        return RecordError(key=key, facts=facts, path=path, line=where)
    return RecordError(key=key, facts=facts, path=path, where=where)


def _text(value: Any, where: str | int, path: str) -> str:
    if not isinstance(value, str):
        raise _error("results.text", where, path)
    if len(value) > MAX_TEXT:
        raise _error("text.too-long", where, path, n=Big(len(value)), most=Big(MAX_TEXT))
    return value


def _ltext(value: Any, where: str | int, path: str) -> L:
    if isinstance(value, Mapping):
        return L(_text(value.get("en", ""), f"{where}.en", path),
                 _text(value.get("es", value.get("en", "")), f"{where}.es", path))
    t = _text(value, where, path)
    return L(t, t)


def _int(value: Any, where: str | int, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise _error("results.whole", where, path)
    try:
        return int(value)
    except ValueError:
        raise _error("results.whole-not", where, path, value=value) from None


def parse_results(data: bytes | str, path: str = "results") -> QuizResults:
    """A results file (JSON as :meth:`QuizResults.to_json` writes it, or CSV as
    :meth:`QuizResults.to_csv` does), checked; :class:`RecordError` names what is wrong."""
    if len(data) > MAX_BYTES:
        raise RecordError(key="results.too-large", facts={"most": MAX_BYTES // 1024}, path=path)
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise RecordError(key="file.not-utf8", path=path) from None
    text = data.lstrip()
    if text.startswith(("{", "[")):
        try:
            obj = json.loads(text)
        except RecursionError:
            raise RecordError(key="file.nested", path=path) from None
        except ValueError as e:
            raise RecordError(key="file.malformed", facts={"format": "JSON", "reason": str(e)},
                              path=path) from None
        return _from_dict(obj, path)
    return _from_csv(text, path)


def _from_dict(obj: Any, path: str) -> QuizResults:
    if not isinstance(obj, dict) or obj.get("format") != FORMAT:
        raise RecordError(key="results.format", facts={"format": FORMAT}, path=path)
    answers = obj.get("answers")
    if not isinstance(answers, list) or len(answers) > MAX_ANSWERS:
        raise RecordError(key="results.answers", facts={"most": MAX_ANSWERS}, path=path,
                          where="answers")
    out = []
    for i, a in enumerate(answers):
        where = f"answers[{i}]"
        if not isinstance(a, dict):
            raise _error("results.object", where, path)
        if not isinstance(a.get("right"), bool):
            raise _error("record.bool", f"{where}.right", path)
        out.append(Answer(_int(a.get("number"), f"{where}.number", path),
                          _text(a.get("kind", ""), f"{where}.kind", path),
                          _ltext(a.get("question", ""), f"{where}.question", path),
                          _ltext(a.get("answer", ""), f"{where}.answer", path),
                          _ltext(a.get("correct", ""), f"{where}.correct", path),
                          a["right"], _text(a.get("rule", ""), f"{where}.rule", path),
                          _ltext(a.get("why", ""), f"{where}.why", path),
                          _text(a.get("time", ""), f"{where}.time", path)))
    return QuizResults(_text(obj.get("name", ""), "name", path).strip(),
                       _int(obj.get("seed", 0), "seed", path),
                       _text(obj.get("variant", "classic"), "variant", path),
                       _text(obj.get("saved", ""), "saved", path), tuple(out))


def _from_csv(text: str, path: str) -> QuizResults:
    rows = list(csv.DictReader(io.StringIO(text)))
    if not rows or set(CSV_FIELDS) - set(rows[0]):
        raise RecordError(key="results.columns", facts={"known": ", ".join(CSV_FIELDS)}, path=path)
    if len(rows) > MAX_ANSWERS:
        raise RecordError(key="results.too-many", facts={"most": MAX_ANSWERS}, path=path)
    answers = []
    for i, r in enumerate(rows, start=2):  # line 1 is the header
        where = i
        if r["right"] not in ("yes", "no"):
            raise _error("results.right", where, path, value=r["right"])
        answers.append(Answer(
            _int(r["number"], where, path), _text(r["kind"], where, path),
            L(_text(r["question_en"], where, path), _text(r["question_es"], where, path)),
            L(_text(r["answer_en"], where, path), _text(r["answer_es"], where, path)),
            L(_text(r["correct_en"], where, path), _text(r["correct_es"], where, path)),
            r["right"] == "yes", _text(r["rule"], where, path),
            L(_text(r["why_en"], where, path), _text(r["why_es"], where, path)),
            _text(r["time"], where, path)))
    first = rows[0]
    return QuizResults(_text(first["name"], "name", path).strip(),
                       _int(first["seed"], "seed", path), _text(first["variant"], "variant", path),
                       _text(first["saved"], "saved", path), tuple(answers))


@dataclass(frozen=True)
class Mistake:
    """A wrong answer to a question, and how many students gave it."""

    answer: L
    count: int


@dataclass(frozen=True)
class QuestionSummary:
    """How the class did on one question."""

    number: int
    kind: str
    question: L
    correct: L
    rule: str
    why: L  # the engine's explanation of the right answer
    asked: int
    right: int
    mistakes: tuple[Mistake, ...] = field(default=())  # the most common first


@dataclass(frozen=True)
class ClassSummary:
    students: tuple[str, ...]
    questions: tuple[QuestionSummary, ...]


def latest_per_student(results: Iterable[QuizResults]) -> list[QuizResults]:
    """One results file per student (by name, any case): the one saved last, so that a student
    who saved twice is counted once."""
    best: dict[str, QuizResults] = {}
    for r in results:
        key = r.name.casefold()
        if key not in best or (r.saved, len(r.answers)) > (best[key].saved, len(best[key].answers)):
            best[key] = r
    return sorted(best.values(), key=lambda r: r.name.casefold())


def class_summary(results: Sequence[QuizResults]) -> ClassSummary:
    """Per question (its number and text: a class shares a seed, so the same number asks the
    same question), how many answered and how many were right, and the wrong answers by how
    often they were given."""
    kept = latest_per_student(results)
    groups: dict[tuple[int, str], list[Answer]] = {}
    for r in kept:
        for a in r.answers:
            groups.setdefault((a.number, a.question.en), []).append(a)
    questions = []
    for (number, _text_en), answers in sorted(groups.items()):
        first = answers[0]
        wrong = Counter((a.answer.en, a.answer.es) for a in answers if not a.right)
        mistakes = tuple(Mistake(L(en, es), n) for (en, es), n in
                         sorted(wrong.items(), key=lambda kv: (-kv[1], kv[0])))
        questions.append(QuestionSummary(number, first.kind, first.question, first.correct,
                                         first.rule, first.why, len(answers),
                                         sum(a.right for a in answers), mistakes))
    return ClassSummary(tuple(r.name for r in kept), tuple(questions))
