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
from ..records import write_atomic
from ..results import MAX_ANSWERS, RESULTS_ENV, Answer, QuizResults, normal_name
from .lang import word

if TYPE_CHECKING:
    from .questions import Question

NAME_LENGTH = 80
MAX_HAND_INS = 10  # hand-ins from one quiz page
MAX_PER_NAME = 20  # files in the folder under one student's name
MAX_FOLDER_FILES = 2000  # files in the results folder: about 50 classes of 40
MAX_FOLDER_BYTES = 64 * 2**20


class FolderFull(Exception):
    """The teacher's folder holds as much as a class may hand in (``key``: which limit)."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


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
    return QuizResults(normal_name(name)[:NAME_LENGTH], seed, variant, now(),
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
    """Write ``results`` as a new file in ``folder`` (never over another student's), whole or
    not at all: written to a hidden temporary file, flushed to the disk, then renamed (a disk
    that fills up, or a server killed meanwhile, leaves no cut file under a results name).
    :class:`FolderFull` when the folder already holds :data:`MAX_PER_NAME` files under this
    name, or :data:`MAX_FOLDER_FILES` files or :data:`MAX_FOLDER_BYTES` in all."""
    stem = results.file_name("json").removesuffix(".json")
    who = stem.rsplit("-", 1)[0] + "-"
    files = total = mine = 0
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.name.startswith("."):
                continue
            files += 1
            mine += entry.name.startswith(who)
            try:
                total += entry.stat().st_size
            except OSError:  # gone meanwhile
                continue
    if mine >= MAX_PER_NAME:
        raise FolderFull("hand_in_name_full")
    data = results.to_json().encode("utf-8")
    if files >= MAX_FOLDER_FILES or total + len(data) > MAX_FOLDER_BYTES:
        raise FolderFull("hand_in_folder_full")
    path = folder / f"{stem}-{secrets.token_hex(3)}.json"
    write_atomic(path, data)
    return path
