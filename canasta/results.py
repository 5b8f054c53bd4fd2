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
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
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
        """One row per answer (the header names the columns; spreadsheets open it as is). Every
        field holding a line break is quoted (a bare carriage return too), and a text a
        spreadsheet would take for a formula (``=``, ``+``, ``-``, ``@``) is written after a
        ``'``, which it shows as text; :func:`parse_results` takes the ``'`` off again."""
        out = io.StringIO()
        w = csv.DictWriter(out, CSV_FIELDS, lineterminator="\n", quoting=csv.QUOTE_NONNUMERIC)
        w.writeheader()
        for a in self.answers:
            row = {"name": self.name, "variant": self.variant,
                   "saved": self.saved, "kind": a.kind,
                   "question_en": a.question.en, "question_es": a.question.es,
                   "answer_en": a.answer.en, "answer_es": a.answer.es,
                   "correct_en": a.correct.en, "correct_es": a.correct.es,
                   "right": "yes" if a.right else "no", "rule": a.rule,
                   "why_en": a.why.en, "why_es": a.why.es, "time": a.time}
            w.writerow({k: _cell(v) for k, v in row.items()}
                       | {"seed": self.seed, "number": a.number})
        return out.getvalue()

    def file_name(self, ext: str = "json") -> str:
        """A file name that says whose results these are and when they were saved."""
        who = re.sub(r"[^\w-]+", "_", self.name, flags=re.UNICODE).strip("_")[:40] or "student"
        when = re.sub(r"[^0-9T]", "", self.saved)[:15]
        return f"quiz-{who}-{when}.{ext}"


FORMULA = ("=", "+", "-", "@", "'")  # what a spreadsheet reads as a formula; "'" to undo it


def _cell(text: str) -> str:
    """A text as a CSV cell a spreadsheet shows as text (never runs as a formula)."""
    return "'" + text if text.startswith(FORMULA) else text


def _uncell(text: str) -> str:
    return text[1:] if text.startswith("'") else text


# characters that draw nothing, by which one name could pass for another
INVISIBLE = dict.fromkeys(map(ord, "\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b"
                              "\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                              "\u2060\u2061\u2062\u2063\u2064\u2066\u2067\u2068\u2069"
                              "\u3164\ufeff\uffa0"))


def normal_name(name: str) -> str:
    """A student's name as the teacher's view shows it: composed (NFC), without invisible
    characters, its spaces collapsed."""
    return " ".join(unicodedata.normalize("NFC", name).translate(INVISIBLE).split())


def name_key(name: str) -> str:
    """Who a name is: ``Lucía``, ``lucía``, ``Lucía`` (decomposed) and ``Lu\u200bcía`` are one."""
    return normal_name(name).casefold()


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
    :meth:`QuizResults.to_csv` does), checked; :class:`RecordError` names what is wrong. An
    empty file, or one cut short (a save interrupted), is an "incomplete file"."""
    if len(data) > MAX_BYTES:
        raise RecordError(key="results.too-large", facts={"most": MAX_BYTES // 1024}, path=path)
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            if _cut_utf8(e):
                raise RecordError(key="results.incomplete", path=path) from None
            raise RecordError(key="file.not-utf8", path=path) from None
    text = data.lstrip().lstrip("\ufeff")
    if not text.strip("\x00 \t\r\n"):  # nothing, or the zeros of a file never written
        raise RecordError(key="results.incomplete", path=path)
    if text.startswith(("{", "[")):
        if _too_deep(text):  # refused by its shape, whatever the interpreter's recursion limit
            raise RecordError(key="file.nested", path=path)
        try:
            obj = json.loads(text)
        except RecursionError:
            raise RecordError(key="file.nested", path=path) from None
        except json.JSONDecodeError as e:
            if _cut_json(text, e):
                raise RecordError(key="results.incomplete", path=path) from None
            raise RecordError(key="file.malformed", facts={"format": "JSON", "reason": str(e)},
                              path=path) from None
        except ValueError as e:
            raise RecordError(key="file.malformed", facts={"format": "JSON", "reason": str(e)},
                              path=path) from None
        return _from_dict(obj, path)
    try:
        return _from_csv(text, path)
    except csv.Error as e:  # a field past the reader's limit, a bare carriage return, …
        raise RecordError(key="file.malformed", facts={"format": "CSV", "reason": str(e)},
                          path=path) from None


MAX_DEPTH = 32  # a results file nests four deep
_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def _too_deep(text: str) -> bool:
    """Whether the JSON ``text`` nests deeper than :data:`MAX_DEPTH` (strings skipped)."""
    depth = 0
    for m in _JSON_TOKEN.finditer(text):
        token = m.group()
        if token in ("[", "{"):
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif token in ("]", "}"):
            depth -= 1
    return False


def _cut_utf8(error: UnicodeDecodeError) -> bool:
    """Whether the bytes are UTF-8 but for a character cut at their end."""
    return error.reason == "unexpected end of data"


def _cut_json(text: str, error: json.JSONDecodeError) -> bool:
    """Whether the JSON ``text`` is a good start that ends too soon (a write cut short): the
    error is at its end, or a string runs on to the end (a string holds no line break)."""
    body = text.rstrip("\x00 \t\r\n")
    return error.pos >= len(body) or error.msg.startswith("Unterminated string")


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
    return QuizResults(normal_name(_text(obj.get("name", ""), "name", path)),
                       _int(obj.get("seed", 0), "seed", path),
                       _text(obj.get("variant", "classic"), "variant", path),
                       _text(obj.get("saved", ""), "saved", path), tuple(out))


def _from_csv(text: str, path: str) -> QuizResults:
    reader = csv.DictReader(io.StringIO(text, newline=""))
    if reader.fieldnames is None or set(CSV_FIELDS) - set(reader.fieldnames):
        raise RecordError(key="results.columns", facts={"known": ", ".join(CSV_FIELDS)}, path=path)
    rows: list[dict[str, str]] = []
    for r in reader:
        if len(rows) >= MAX_ANSWERS:
            raise RecordError(key="results.too-many", facts={"most": MAX_ANSWERS}, path=path)
        if any(r.get(k) is None for k in CSV_FIELDS):  # a row cut short: a save interrupted
            raise RecordError(key="results.incomplete", path=path)
        rows.append({k: (v if k in ("seed", "number") else _uncell(v))
                     for k, v in r.items() if isinstance(k, str) and isinstance(v, str)})
    if not rows:
        raise RecordError(key="results.columns", facts={"known": ", ".join(CSV_FIELDS)}, path=path)
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
    return QuizResults(normal_name(_text(first["name"], "name", path)),
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
    """The class, question by question; ``notes`` says what was set aside and why (another
    seed, an answer given twice, two quizzes under one name, an answer the engine judged
    otherwise than its file)."""

    students: tuple[str, ...]
    questions: tuple[QuestionSummary, ...]
    notes: tuple[RecordError, ...] = ()
    seed: int | None = None  # the class's quiz (the seed most students answered)
    variant: str = ""

    @property
    def hardest(self) -> QuestionSummary | None:
        """The question the smallest share answered right (``None`` when there are none)."""
        return min(self.questions, key=lambda q: (q.right / q.asked if q.asked else 1, q.number),
                   default=None)


#: a judge: a student's results as the engine sees them (each verdict, the engine's answer and
#: why recomputed from the quiz's seed), and what it could not check
Judge = Callable[[QuizResults], tuple[QuizResults, list[RecordError]]]


def _same_quiz(earlier: QuizResults, later: QuizResults) -> bool:
    """Whether ``later`` goes on from ``earlier`` (the same quiz saved again: its answers start
    with the earlier ones)."""
    def key(a: Answer) -> tuple[int, str, str]:
        return (a.number, a.answer.en, a.time)

    return (len(later.answers) >= len(earlier.answers)
            and all(key(a) == key(b) for a, b in zip(earlier.answers, later.answers, strict=False)))


def students(results: Iterable[QuizResults]) -> tuple[list[QuizResults], list[RecordError]]:
    """One results per student, names made normal (:func:`normal_name`; one student whatever
    the case, accents composed or not, invisible characters): a student who saved again is
    counted once, by the later file. A file under the name of a student whose quiz it does not
    continue is someone else: both are kept, the later as "Name (2)", and a note says so."""
    by_name: dict[str, list[QuizResults]] = {}
    for r in results:
        by_name.setdefault(name_key(r.name), []).append(replace(r, name=normal_name(r.name)))
    kept: list[QuizResults] = []
    notes: list[RecordError] = []
    for files in by_name.values():
        files.sort(key=lambda r: (r.saved, len(r.answers)))
        people: list[QuizResults] = []
        for r in files:
            for i, p in enumerate(people):
                if _same_quiz(p, r):  # as the student spelt it last; another as "(2)", …
                    people[i] = replace(r, name=r.name if i == 0 else p.name)
                    break
            else:
                name = r.name if not people else f"{files[0].name} ({len(people) + 1})"
                people.append(replace(r, name=name))
        if len(people) > 1:
            notes.append(RecordError(key="results.same-name", path=people[0].name,
                                     facts={"n": len(people)}))
        kept += people
    return sorted(kept, key=lambda r: name_key(r.name)), notes


def latest_per_student(results: Iterable[QuizResults]) -> list[QuizResults]:
    """One results file per student: the one saved last (see :func:`students`)."""
    return students(results)[0]


def _class_quiz(kept: Sequence[QuizResults]) -> tuple[int, str] | None:
    """The quiz most students answered (its seed and variant)."""
    count = Counter((r.seed, r.variant) for r in kept if r.answers)
    if not count:
        return None
    return min(count, key=lambda sv: (-count[sv], sv))


def class_summary(results: Sequence[QuizResults], judge: Judge | None = None) -> ClassSummary:
    """Per question (a class shares a seed, so the same number asks the same question), how
    many answered and how many were right, and the wrong answers by how often they were given.
    Each student counts once, with one answer per question (the first); a student who answered
    another quiz (another seed or variant) is left out, and said. With ``judge`` (the engine:
    :func:`canasta.widgets.classresults.engine_judge`), each verdict is the engine's, not the
    file's."""
    kept, notes = students(results)
    quiz = _class_quiz(kept)
    groups: dict[tuple[int, str], list[Answer]] = {}
    counted = []
    for r in kept:
        if quiz is not None and (r.seed, r.variant) != quiz and r.answers:
            notes.append(RecordError(key="results.other-quiz", path=r.name, facts={
                "seed": r.seed, "variant": r.variant, "class_seed": quiz[0],
                "class_variant": quiz[1]}))
            continue
        if judge is not None:
            r, unchecked = judge(r)
            notes += unchecked
        counted.append(r.name)
        seen: Counter[int] = Counter()
        for a in r.answers:
            seen[a.number] += 1
            if seen[a.number] == 1:
                groups.setdefault((a.number, a.question.en), []).append(a)
        twice = sorted(n for n, c in seen.items() if c > 1)
        if twice:
            notes.append(RecordError(key="results.answered-again", path=r.name, facts={
                "numbers": ", ".join(map(str, twice)), "n": len(twice)}))
    questions = []
    for (number, _text_en), answers in sorted(groups.items()):
        first = answers[0]
        wrong = Counter((a.answer.en, a.answer.es) for a in answers if not a.right)
        mistakes = tuple(Mistake(L(en, es), n) for (en, es), n in
                         sorted(wrong.items(), key=lambda kv: (-kv[1], kv[0])))
        questions.append(QuestionSummary(number, first.kind, first.question, first.correct,
                                         first.rule, first.why, len(answers),
                                         sum(a.right for a in answers), mistakes))
    return ClassSummary(tuple(counted), tuple(questions), tuple(notes),
                        quiz[0] if quiz else None, quiz[1] if quiz else "")
