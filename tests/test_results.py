"""Quiz results a teacher collects: what a student's file holds (JSON and CSV, read back equal),
how untrusted files are bounded, how they leave the quiz (a download, or a file the classroom's
server writes), and the class's summary over the sample class shipped in examples/results/."""

from __future__ import annotations

import dataclasses
import json
import re
from base64 import b64decode
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sample_results import PLAN  # tests/ is on the path, as for browser_support

from canasta.errors import RecordError
from canasta.examples import example
from canasta.explain import L
from canasta.render.results import class_results_html
from canasta.results import (
    MAX_BYTES,
    MAX_TEXT,
    RESULTS_ENV,
    QuizResults,
    class_summary,
    parse_results,
)
from canasta.tutorial import NOTEBOOKS
from canasta.widgets import ClassResults, Quiz
from canasta.widgets.handin import plain

ROOT = Path(__file__).resolve().parents[1]


def answered(name: str = "Ana", right: tuple[bool, ...] = (True, False, True)) -> Quiz:
    quiz = Quiz(seed=2024)
    quiz.name.value = name
    for ok in right:
        q = quiz.question
        quiz.answer(q.answer if ok else next(c for c in q.choices if c != q.answer))
        quiz.next_question()
    return quiz


def test_a_quiz_keeps_every_answer_with_the_engines_explanation() -> None:
    asked = Quiz(seed=2024).question  # the first question, as the engine makes it
    quiz = answered()
    results = quiz.results()
    assert (results.name, results.seed, results.variant) == ("Ana", 2024, "classic")
    assert [a.number for a in results.answers] == [1, 2, 3]
    assert [a.right for a in results.answers] == [True, False, True] and results.right == 2
    first = results.answers[0]
    assert first.kind == asked.kind and first.question.en == plain(asked.prompt("en"))
    assert "<" not in first.question.en and first.question.es == plain(asked.prompt("es"))
    assert first.correct == L(asked.choice_text(asked.answer, "en"),
                              asked.choice_text(asked.answer, "es"))
    assert first.answer == first.correct  # answered right
    exp = asked.explanations[0]
    assert first.rule == exp.rule and exp.message("en") in first.why.en
    assert exp.message("es") in first.why.es
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00", first.time)


def test_json_and_csv_read_back_equal() -> None:
    results = answered("Ana, \"la de 3ºB\"").results()
    assert parse_results(results.to_json(), "a.json") == results
    assert parse_results(results.to_csv().encode("utf-8-sig"), "a.csv") == results
    assert results.file_name("csv").startswith("quiz-Ana_la_de_3ºB-")


def test_download_links_hold_the_students_own_answers() -> None:
    quiz = answered()
    hrefs = re.findall(r'href="data:([^;]+);charset=utf-8;base64,([^"]+)"', quiz.downloads.value)
    assert [mime for mime, _ in hrefs] == ["application/json", "text/csv"]
    for _mime, data in hrefs:
        assert parse_results(b64decode(data), "download") == quiz.results()
    assert re.findall(r'download="(quiz-Ana-\d{8}T\d{6})\.(json|csv)"', quiz.downloads.value)
    assert Quiz(seed=1).downloads.value == ""  # nothing to save before an answer


def test_hand_in_writes_a_new_file_in_the_teachers_folder(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    assert answered().hand_in() is False  # no folder: only downloads
    monkeypatch.setenv(RESULTS_ENV, str(tmp_path))
    quiz = Quiz(seed=2024)
    assert quiz.hand_in_button.layout.display is None  # shown when there is a folder
    assert quiz.hand_in() is False and "Answer a question first" in quiz.handed.value
    quiz.answer(quiz.question.answer)
    assert quiz.hand_in() is False and "Write your name first" in quiz.handed.value
    quiz.name.value = "Lucía"
    assert quiz.hand_in() and quiz.hand_in()  # twice: two files, neither overwritten
    files = sorted(tmp_path.iterdir())
    assert len(files) == 2 and all(f.name.startswith("quiz-Lucía-") for f in files)
    assert parse_results(files[0].read_bytes(), files[0].name).answers == quiz.results().answers
    assert "Handed in to your teacher: one answer." in quiz.handed.value
    # a student's page never reads the class's folder
    view = ClassResults(tmp_path)
    assert view.results == [] and "teacher&#x27;s own notebook" in view.view.value


def test_the_sample_class_summary() -> None:
    view = ClassResults(example("results"))
    assert view.skipped == [] and len(view.results) == 6  # Thiago saved twice
    summary = class_summary(view.results)
    assert summary.students == ("Lucía", "Martina", "Mateo", "Thiago", "Valentina")
    # each student's plan of right and wrong answers, counted per question
    plans = [plan for _name, plan in PLAN]
    assert [(q.number, q.right, q.asked) for q in summary.questions] == [
        (n + 1, sum(p[n] for p in plans), len(plans)) for n in range(5)]
    q2 = summary.questions[1]
    assert sum(m.count for m in q2.mistakes) == 3
    assert [m.count for m in q2.mistakes] == sorted((m.count for m in q2.mistakes), reverse=True)
    assert all(m.answer != q2.correct for m in q2.mistakes)
    html = view.view.value
    assert "2 of 5 right" in html and f"The engine&#x27;s answer: {q2.correct.en}" in html
    view.lang = "es"
    assert "2 de 5 acertaron" in view.view.value and "Respuestas equivocadas" in view.view.value
    assert "5 alumnos: Lucía, Martina, Mateo, Thiago, Valentina" in view.view.value
    assert "(s)" not in view.view.value


@pytest.mark.parametrize(("lang", "one", "many", "right"), [
    ("es", "1 alumno: Lucía", "2 alumnos: Lucía, Mateo", "1 de {asked} acertó"),
    ("en", "1 student: Lucía", "2 students: Lucía, Mateo", "1 of {asked} right"),
])
def test_the_summary_counts_students_and_right_answers_in_the_language(
        lang: str, one: str, many: str, right: str) -> None:
    """"1 alumno", "2 alumnos", "1 de 2 acertó": each count in its own number, never "(s)"."""
    results = {r.name: r for r in ClassResults(example("results")).results}
    seen_one_right = 0
    for names, words in ((["Lucía"], one), (["Lucía", "Mateo"], many)):
        summary = class_summary([results[n] for n in names])
        html = class_results_html(summary, lang)
        assert words in html and "(s)" not in html
        for q in summary.questions:
            if q.right == 1:
                assert right.format(asked=q.asked) in html
                seen_one_right += 1
    assert seen_one_right


def test_the_sample_class_answered_the_quiz_of_notebook_6() -> None:
    quiz = Quiz(seed=2024)
    for q in class_summary(ClassResults(example("results")).results).questions:
        asked = quiz.question
        assert (q.question.en, q.correct.en) == (
            plain(asked.prompt("en")), asked.choice_text(asked.answer, "en")), (
            "the sample results are stale: run python tests/sample_results.py")
        quiz.answer(asked.answer)
        quiz.next_question()


def test_the_later_file_of_a_student_counts() -> None:
    quiz = answered("Bo", (False,))
    early = dataclasses.replace(quiz.results(), saved="2026-01-01T10:00:00+00:00")
    q = quiz.question
    quiz.answer(q.answer)
    quiz.name.value = "bo"
    late = dataclasses.replace(quiz.results(), saved="2026-01-01T11:00:00+00:00")
    summary = class_summary([late, early])
    assert summary.students == ("bo",) and [q.asked for q in summary.questions] == [1, 1]
    assert summary.notes == ()


def test_student_text_is_escaped_in_the_teachers_view() -> None:
    evil = "<script>alert(1)</script>"
    results = answered(evil).results()
    a = results.answers[1]
    forged = dataclasses.replace(results, answers=(dataclasses.replace(
        a, answer=dataclasses.replace(a.answer, en=evil + "<img src=x onerror=alert(2)>")),))
    html = class_results_html(class_summary([forged]))
    assert "<script>" not in html and "<img" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


@pytest.mark.parametrize("data, reason", [
    (b"x" * (MAX_BYTES + 1), "larger than 256 KB"),
    (b"\xff\xfe", "not UTF-8"),
    (b'{"format": "something else"}', "not a quiz's results"),
    (b'{"format": "canasta-quiz-results", "answers": {}}', "answers: a list"),
    (b'{"format": "canasta-quiz-results", "answers": [{"number": 1, "right": "yes"}]}',
     "answers[0].right: expected true or false"),
    (b'{"format": "canasta-quiz-results", "name": "' + b"a" * (MAX_TEXT + 1) + b'", "answers": []}',
     "name: a text of 4,001 characters"),
    (b"name,seed\nAna,1\n", "a CSV file needs the columns"),
    (b"[" * 5000, "nested too deeply"),
])
def test_bad_files_are_refused_with_the_reason(data: bytes, reason: str) -> None:
    with pytest.raises(RecordError, match=re.escape(reason)) as e:
        parse_results(data, "upload.json")
    assert str(e.value).startswith("upload.json: ")


def test_a_folder_with_bad_files_lists_them(tmp_path: Path) -> None:
    good = answered().results()
    (tmp_path / "a.json").write_text(good.to_json(), encoding="utf-8")
    (tmp_path / "big.json").write_bytes(b" " * (MAX_BYTES + 1))
    (tmp_path / "notes.csv").write_text("hello\n", encoding="utf-8")
    (tmp_path / "photo.png").write_bytes(b"\x89PNG")  # not a results file: not even read
    view = ClassResults(tmp_path)
    assert view.results == [good]
    assert sorted(s.split(":")[0] for s in view.skipped) == ["big.json", "notes.csv"]
    view.upload.value = ({"name": "b.json", "size": 10, "type": "application/json",
                          "last_modified": datetime(2026, 11, 20, tzinfo=UTC),
                          "content": memoryview(json.dumps(good.to_dict()).encode())},)
    assert len(view.results) == 2 and "1 students" in repr(view)


def test_the_teachers_notebook_is_in_the_tutorials_index() -> None:
    files = [nb.file for nb in NOTEBOOKS]
    assert files == sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    assert "07_class_results.ipynb" in files
    assert isinstance(QuizResults, type)
