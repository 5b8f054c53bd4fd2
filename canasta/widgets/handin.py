"""A student's quiz answers leave the quiz in two ways, and only these: a file the student
downloads (in the browser: JupyterLab, Voilà and the static site alike), or, when the teacher
serves the classroom with a results folder (``canasta classroom --results DIR``), a file the
server writes there. Nothing is ever read back, so no student sees another's answers.
"""

from __future__ import annotations

import os
import re
import secrets
from base64 import b64encode
from datetime import UTC, datetime
from html import escape, unescape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..explain import L
from ..results import MAX_ANSWERS, RESULTS_ENV, Answer, QuizResults
from .lang import word

if TYPE_CHECKING:
    from .questions import Question

NAME_LENGTH = 80


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def plain(html: str) -> str:
    """The text of a prompt (its HTML tags dropped, its entities read)."""
    text = re.sub(r"<[^>]+>", "", re.sub(r"<br\s*/?>", " ", html))
    return " ".join(unescape(text).split())


def _why(q: Question, lang: str) -> str:
    if q.explanations:
        return " ".join(e.message(lang) for e in q.explanations)
    if q.result is not None and "side" in q.extra:
        return "; ".join(f"{e.message(lang)} ({points})"
                         for points, e in q.result.side_lines(int(q.extra["side"])))
    return ""


def answer_record(q: Question, number: int, chosen: Any) -> Answer:
    """What a results file keeps of one answered question."""
    def both(fn: Any) -> L:
        return L(fn("en"), fn("es"))

    return Answer(number, q.kind, both(lambda lang: plain(q.prompt(lang))),
                  both(lambda lang: q.choice_text(chosen, lang)),
                  both(lambda lang: q.choice_text(q.answer, lang)), bool(chosen == q.answer),
                  q.explanations[0].rule if q.explanations else "",
                  both(lambda lang: _why(q, lang)), now())


def make_results(name: str, seed: int, variant: str, answers: list[Answer]) -> QuizResults:
    return QuizResults(name.strip()[:NAME_LENGTH], seed, variant, now(),
                       tuple(answers[:MAX_ANSWERS]))


def download_links_html(results: QuizResults, lang: str) -> str:
    """Links that save the results as a file in the browser (the data is in the link itself:
    no server is asked, so they work in the static site too)."""
    def link(data: str, mime: str, ext: str, key: str) -> str:
        href = f"data:{mime};charset=utf-8;base64,{b64encode(data.encode()).decode()}"
        return (f'<a download="{escape(results.file_name(ext))}" href="{href}" '
                f'class="canasta-download" data-format="{ext}" style="margin-right:1.5em">'
                f'⬇ {escape(word(key, lang))}</a>')

    return (link(results.to_json(), "application/json", "json", "download_json")
            + link("\ufeff" + results.to_csv(), "text/csv", "csv", "download_csv")
            + f'<div style="color:#555;font-size:90%">{escape(word("download_note", lang))}</div>')


def alert_html(text: str) -> str:
    """Why something could not be done (no name yet, a folder not there), as escaped text."""
    return (f'<div role="alert" style="color:#b71c1c">✘ {escape(text)}</div>')


def results_folder() -> Path | None:
    """The folder the teacher chose for results (``canasta classroom --results``), if any."""
    folder = os.environ.get(RESULTS_ENV)
    return Path(folder) if folder else None


def hand_in(results: QuizResults, folder: Path) -> Path:
    """Write ``results`` as a new file in ``folder`` (never over another student's)."""
    stem = results.file_name("json").removesuffix(".json")
    path = folder / f"{stem}-{secrets.token_hex(3)}.json"
    with path.open("x", encoding="utf-8") as f:
        f.write(results.to_json())
    return path
