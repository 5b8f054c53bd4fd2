"""What the tutorial's pages show besides their widgets is written for a learner: no bare Python
values (a list, a tuple, ``True``) as a cell's result or printed line, and the JupyterLab
instruction to run every cell said only as JupyterLab's (Voilà runs the page by itself).

The stored outputs are what Voilà and JupyterLab show (strict nbval keeps them equal to a fresh
run), so these tests read the notebooks as stored."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
# both languages' pages: notebooks/*.ipynb and the Spanish ones, notebooks/es/*.ipynb
PAGES = sorted(str(p.relative_to(NOTEBOOKS)) for p in NOTEBOOKS.rglob("*.ipynb")
               if ".ipynb_checkpoints" not in p.parts)
WIDGET = "application/vnd.jupyter.widget-view+json"
# a printed line that is a Python value: a list or tuple (items separated or quoted: a TOML
# section such as "[options]" is not one), a bare truth value or None
PYTHON_VALUE = re.compile(r"^\s*(?:[\[(].*[,'\"].*[\])]|\[\]|\(\)|True|False|None)\s*$")


def _cells(name: str) -> list[dict[str, Any]]:
    return list(json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"])


def _text(value: str | list[str]) -> str:
    return value if isinstance(value, str) else "".join(value)


@pytest.mark.parametrize("name", PAGES)
def test_no_cell_shows_a_bare_python_value(name: str) -> None:
    for i, cell in enumerate(_cells(name)):
        for out in cell.get("outputs", ()):
            data = out.get("data", {})
            if out["output_type"] in ("execute_result", "display_data"):
                # a widget, HTML, a picture: not a value's repr
                assert set(data) - {"text/plain"}, (name, i, data.get("text/plain"))
            elif out["output_type"] == "stream":
                lines = _text(out["text"]).splitlines()
                assert not [t for t in lines if PYTHON_VALUE.match(t)], (name, i, lines)


@pytest.mark.parametrize("name", PAGES)
def test_run_all_is_said_only_for_jupyterlab(name: str) -> None:
    for cell in _cells(name):
        if cell["cell_type"] != "markdown":
            continue
        for paragraph in _text(cell["source"]).split("\n\n"):
            if "Run All" in paragraph or "Run →" in paragraph:
                assert "JupyterLab" in paragraph, (name, paragraph)


def test_a_bare_value_is_caught() -> None:
    assert all(PYTHON_VALUE.match(t) for t in ("[920, -40]", "[('classic', 4), (3, 5)]",
                                                "True", "('draw', 'meld')"))
    assert not any(PYTHON_VALUE.match(t) for t in ("Bot levels: random, greedy, careful",
                                                    "[options]", "(3 cards)"))


# how a developer names a rule text, or the project's notes: never on a learner's page
DEVELOPER_NAMES = re.compile(r"\d{3}_[0-9a-f]{16}\.txt|RULES_NOTES|\b(?:seed|semilla) 00\d",
                             re.IGNORECASE)


@pytest.mark.parametrize("name", PAGES)
def test_a_page_names_rule_texts_by_their_titles(name: str) -> None:
    for i, cell in enumerate(_cells(name)):
        shown = [_text(cell["source"])] if cell["cell_type"] == "markdown" else []
        for out in cell.get("outputs", ()):
            shown += [_text(out.get("text", "")), _text(out.get("data", {}).get("text/html", ""))]
        for text in shown:
            assert not DEVELOPER_NAMES.search(text), (name, i, DEVELOPER_NAMES.search(text))


def test_the_examples_titles_name_texts_by_their_titles() -> None:
    examples = NOTEBOOKS.parent / "examples"
    for path in sorted(examples.rglob("*.json")):
        title = json.loads(path.read_text(encoding="utf-8")).get("title")
        if isinstance(title, dict):
            assert not any(DEVELOPER_NAMES.search(t) for t in title.values()), (path, title)
