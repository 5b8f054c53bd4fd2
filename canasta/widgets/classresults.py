"""The teacher's view of a class's quiz results: a folder of the files students saved or handed
in, and files added with the upload button (which works in the static site too, where the
teacher's files are not on any server)."""

from __future__ import annotations

import csv
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from ..errors import CanastaError, RecordError
from ..render.results import class_results_html
from ..results import MAX_BYTES, QuizResults, class_summary, parse_results
from .base import CanastaWidget
from .handin import alert_html, results_folder
from .lang import word

MAX_FILES = 1000
SUFFIXES = (".json", ".csv")


def read_results(files: Iterable[tuple[str, bytes]]) -> tuple[list[QuizResults], list[str]]:
    """Parse ``(name, content)`` pairs; returns the results and, for each file left out, its
    name and why (too large, not a quiz's results, …)."""
    results, skipped = [], []
    for name, data in files:
        try:
            results.append(parse_results(data, name))
        except CanastaError as e:
            skipped.append(str(e))
        except csv.Error as e:  # a field past the reader's limit, a bare carriage return
            skipped.append(str(RecordError(key="file.malformed", path=name, facts={
                "format": "CSV", "reason": str(e), "line": 0, "column": 0})))
    return results, skipped


def folder_files(folder: Path) -> tuple[list[tuple[str, bytes]], list[str]]:
    """The results files of ``folder`` (``.json`` and ``.csv``), each read only if it is small
    enough; the others are named with why."""
    files, skipped = [], []
    paths = sorted(p for p in folder.iterdir() if p.suffix.lower() in SUFFIXES and p.is_file())
    for p in paths[:MAX_FILES]:
        if p.stat().st_size > MAX_BYTES:
            skipped.append(f"{p.name}: larger than {MAX_BYTES // 1024} KB: not a quiz's results")
            continue
        files.append((p.name, p.read_bytes()))
    skipped += [f"{p.name}: more than {MAX_FILES} files" for p in paths[MAX_FILES:]]
    return files, skipped


class ClassResults(CanastaWidget):
    """Per question, how many students got it right and their common mistakes, with the
    engine's explanation. Each student counts once: the file they saved last."""

    def __init__(self, folder: str | Path | None = None, *, lang: str = "en",
                 **kwargs: Any) -> None:
        super().__init__(lang=lang, **kwargs)
        self.results: list[QuizResults] = []
        self.skipped: list[str] = []
        self.problem = ""  # a word key: why nothing is shown
        self.upload = widgets.FileUpload(accept=",".join(SUFFIXES), multiple=True,
                                         description="", tooltip="")
        self._caption(self.upload, "add_results")  # a button: no field style to set
        self._captions.append((self.upload, "add_results"))
        self.upload.observe(self._uploaded, names="value")
        self.view = widgets.HTML()
        self.children = (self.upload, self.view)
        if folder is not None:
            self.add_folder(folder)
        self.refresh()

    def add_folder(self, folder: str | Path) -> None:
        """Read every results file of ``folder``."""
        if results_folder() is not None:
            # inside a classroom page (a student's kernel): the class's files are not for it
            self.problem = "results_private"
            self.refresh()
            return
        files, skipped = folder_files(Path(folder))
        self.add_files(files)
        self.skipped += skipped
        self.refresh()

    def add_files(self, files: Iterable[tuple[str, bytes]]) -> None:
        results, skipped = read_results(files)
        self.results += results
        self.skipped += skipped
        self.refresh()

    def _uploaded(self, change: dict[str, Any]) -> None:
        files = []
        for f in change["new"] or ():
            if int(f.get("size", 0)) > MAX_BYTES:
                self.skipped.append(f"{f['name']}: larger than {MAX_BYTES // 1024} KB: "
                                    "not a quiz's results")
            else:
                files.append((str(f["name"]), bytes(f["content"])))
        self.add_files(files)

    def refresh(self) -> None:
        if self.problem:
            self.view.value = alert_html(word(self.problem, self.lang))
            return
        self.view.value = class_results_html(class_summary(self.results), self.lang, self.skipped)

    def summary(self) -> str:
        s = class_summary(self.results)
        return (f"{len(s.students)} students, {len(s.questions)} questions, "
                f"{len(self.skipped)} files left out")
