"""Which pages the classroom's start page lists, and in which language: the English pages, or in
Spanish the Spanish ones in their place; the teacher's page to nobody, its address printed for
the teacher alone (``canasta classroom``)."""

from __future__ import annotations

from pathlib import Path

from canasta.cli.classroom import page_url, teacher_page
from canasta.cli.landing import _listing, entries, landing
from canasta.tutorial import NOTEBOOKS

FOLDER = Path(__file__).resolve().parents[1] / "notebooks"
STUDENTS = [nb for nb in NOTEBOOKS if not nb.teacher]


def _contents(folder: Path) -> list[dict[str, str]]:
    """The folder as Voilà's contents API lists it (paths from the served root)."""
    return [{**i, "path": i["path"].split("/", 1)[1]} for i in _listing(folder, "_")]


def test_the_english_start_page_lists_the_english_pages_for_students() -> None:
    listed = entries(_contents(FOLDER), "en", FOLDER)
    assert [e.path for e in listed] == [nb.file for nb in STUDENTS]
    assert [e.title for e in listed] == [nb.title.en for nb in STUDENTS]
    assert not any(e.folder for e in listed)  # the Spanish pages' folder is not a page


def test_the_spanish_start_page_lists_the_spanish_pages_in_their_place() -> None:
    listed = entries(_contents(FOLDER), "es", FOLDER)
    assert [e.path for e in listed] == [f"es/{nb.file_es}" for nb in STUDENTS]
    assert [e.title for e in listed] == [nb.title.es for nb in STUDENTS]
    assert all((FOLDER / e.path).is_file() for e in listed)
    home = landing(_contents(FOLDER), "token=t&lang=es", "en", FOLDER)
    assert home["lang"] == "es" and home["query"] == "token=t&lang=es"
    assert home["other_query"] == "token=t&lang=en"


def test_the_language_of_the_command_chooses_the_pages() -> None:
    """``canasta classroom --lang es``: the start page, asked for no language, is Spanish."""
    home = landing(_contents(FOLDER), "token=t", "es", FOLDER)
    assert [e.path for e in home["entries"]] == [f"es/{nb.file_es}" for nb in STUDENTS]


def test_a_folder_without_spanish_pages_lists_its_own_in_spanish(tmp_path: Path) -> None:
    for nb in NOTEBOOKS[:2]:
        (tmp_path / nb.file).write_text((FOLDER / nb.file).read_text(encoding="utf-8"),
                                        encoding="utf-8")
    (tmp_path / "mine.ipynb").write_text('{"cells": [{"cell_type": "markdown", "source": '
                                         '"# Mi ejercicio"}]}', encoding="utf-8")
    (tmp_path / "es").mkdir()  # a folder of the teacher's that is not the Spanish pages
    listed = entries(_contents(tmp_path), "es", tmp_path)
    assert [(e.path, e.title, e.folder) for e in listed] == [
        (NOTEBOOKS[0].file, NOTEBOOKS[0].title.es, False),
        (NOTEBOOKS[1].file, NOTEBOOKS[1].title.es, False),
        ("es", "es", True), ("mine.ipynb", "Mi ejercicio", False)]


def test_the_teacher_is_told_the_address_of_the_teachers_page() -> None:
    teacher = next(nb for nb in NOTEBOOKS if nb.teacher)
    assert teacher.file == "07_class_results.ipynb"
    assert teacher_page(FOLDER, "en") == teacher.file
    assert teacher_page(FOLDER, "es") == f"es/{teacher.file_es}"
    assert teacher_page(FOLDER / teacher.file, "en") is None  # one notebook served: no list
    assert page_url("127.0.0.1", 8866, "tk", "/class/", teacher_page(FOLDER, "es") or "") == (
        "http://127.0.0.1:8866/class/voila/render/es/07_resultados_de_la_clase.ipynb?token=tk")
