"""The class's quiz results as HTML: per question, how many got it right, the wrong answers by
how often they were given, and the engine's explanation of the right answer. Every text that
came from a student's file is escaped."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ..errors import RecordError
from ..results import ClassSummary, QuestionSummary
from ..words import error_text, label

WORDS = {
    "students": ("{n} students: {names}", "{n} alumnos: {names}"),
    "students.one": ("1 student: {names}", "1 alumno: {names}"),
    "none": ("No results yet: add the files your students saved.",
             "Todavía no hay resultados: añade los archivos que guardaron tus alumnos."),
    "question": ("Question {n}", "Pregunta {n}"),
    "right": ("{right} of {asked} right", "{right} de {asked} acertaron"),
    "right.one": ("1 of {asked} right", "1 de {asked} acertó"),
    "answer": ("The engine's answer: {answer}", "La respuesta del motor: {answer}"),
    "mistakes": ("Wrong answers", "Respuestas equivocadas"),
    "times": ("{n}×", "{n}×"),
    "why": ("Why", "Por qué"),
    "skipped": ("Files left out", "Archivos descartados"),
}


def _w(key: str, lang: str, **fill: object) -> str:
    en, es = WORDS[key]
    return (es if lang == "es" else en).format(**fill)


def _bar(right: int, asked: int) -> str:
    share = right / asked if asked else 0
    colour = "#2e7d32" if share >= 0.75 else "#f9a825" if share >= 0.5 else "#c62828"
    return (f"<div role='img' aria-label='{round(share * 100)} %' style='display:inline-block;"
            f"width:8em;height:.8em;background:#eee;border-radius:3px;vertical-align:middle'>"
            f"<div style='width:{share * 100:.0f}%;height:100%;background:{colour};"
            f"border-radius:3px'></div></div>")


def question_html(q: QuestionSummary, lang: str) -> str:
    right = _w("right.one" if q.right == 1 else "right", lang, right=q.right, asked=q.asked)
    mistakes = "".join(
        f"<li>{escape(m.answer.get(lang))} <b>{escape(_w('times', lang, n=m.count))}</b></li>"
        for m in q.mistakes)
    rule = f" <code>{escape(q.rule)}</code>" if q.rule else ""
    return (f"<div class='canasta-question' data-number='{q.number}' data-right='{q.right}' "
            f"data-asked='{q.asked}' style='border:1px solid #ccc;border-radius:6px;"
            f"padding:6px 10px;margin:6px 0'>"
            f"<div><b>{escape(_w('question', lang, n=q.number))}</b> · "
            f"{escape(q.question.get(lang))}</div>"
            f"<div>{_bar(q.right, q.asked)} {escape(right)}"
            f" · {escape(_w('answer', lang, answer=q.correct.get(lang)))}</div>"
            + (f"<div style='margin-top:4px'>{escape(_w('mistakes', lang))}:</div>"
               f"<ul style='margin:0 0 0 1.2em;padding:0'>{mistakes}</ul>"
               f"<div style='font-size:90%;color:#444'>{escape(_w('why', lang))}:{rule} "
               f"{escape(q.why.get(lang))}</div>" if q.mistakes else "")
            + "</div>")


def _said(item: RecordError | str, lang: str) -> str:
    return error_text(item, lang) if isinstance(item, RecordError) else str(item)


def class_results_html(summary: ClassSummary, lang: str = "en",
                       skipped: Sequence[RecordError | str] = ()) -> str:
    """The whole class, question by question; ``skipped`` lists files left out, with why, and
    the summary's notes what it set aside (each on its own line, in ``lang``)."""
    if not summary.students:
        body = f"<p>{escape(_w('none', lang))}</p>"
    else:
        n = len(summary.students)
        said = _w("students.one" if n == 1 else "students", lang, n=n,
                  names=", ".join(summary.students))
        body = (f"<p>{escape(said)}</p>"
                + "".join(question_html(q, lang) for q in summary.questions))
    if summary.notes:
        body += (f"<details open class='canasta-results-notes'><summary>"
                 f"{escape(label('w.results_notes', lang))} ({len(summary.notes)})</summary><ul>"
                 + "".join(f"<li>{escape(_said(n, lang))}</li>" for n in summary.notes)
                 + "</ul></details>")
    if skipped:
        body += (f"<details><summary>{escape(_w('skipped', lang))} ({len(skipped)})</summary><ul>"
                 + "".join(f"<li>{escape(_said(s, lang))}</li>" for s in skipped)
                 + "</ul></details>")
    return f"<div class='canasta-class-results'>{body}</div>"
