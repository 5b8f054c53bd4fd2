"""Build the tutorial's notebooks, English and Spanish, from one source each.

    python scripts/notebooks.py             # write notebooks/*.ipynb and notebooks/es/*.ipynb
    python scripts/notebooks.py --execute   # ... and run the notebooks whose code changed
    python scripts/notebooks.py --check     # exit 1, naming them, if a notebook is not current

Each page of the tutorial is one file in ``tutorial/`` (``tutorial/01_sample_game.toml``): its
cells in order, every markdown cell in both languages side by side (``md.en``, ``md.es``), every
code cell once (``code``) or, where the page's language changes what it prints, in both
(``code.en``, ``code.es``: the same program, its strings and comments in each language;
``tests/test_notebook_pages.py`` holds them to that). The file names come from the tutorial's
index (:mod:`canasta.tutorial`): ``notebooks/NAME`` in English, ``notebooks/es/NAME`` in Spanish.

A written notebook keeps the stored outputs of every code cell whose source is unchanged, so a
change to a text needs no run; a changed code cell loses its outputs until the notebook is run
again (``--execute``, which runs exactly the command the README gives). The notebooks' metadata
is what JupyterLab writes on opening them (the installed kernel's name and display name, cell
ids), so opening one changes nothing.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

from canasta.tutorial import NOTEBOOKS  # noqa: E402

SOURCES = ROOT / "tutorial"
PAGES = ROOT / "notebooks"
LANGS = ("en", "es")
# what JupyterLab writes for the kernel the notebooks run on (ipykernel's python3)
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
LANGUAGE_INFO = {"codemirror_mode": {"name": "ipython", "version": 3}, "file_extension": ".py",
                 "mimetype": "text/x-python", "name": "python", "nbconvert_exporter": "python",
                 "pygments_lexer": "ipython3",
                 "version": ".".join(str(n) for n in sys.version_info[:3])}
EXECUTE = [sys.executable, "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute",
           "--inplace", "--ExecutePreprocessor.store_widget_state=False"]


class SourceError(ValueError):
    """A page's source that cannot be built: the file and what is wrong with it."""


@dataclass(frozen=True)
class Cell:
    """One cell of a page: its kind and its text in each language."""

    kind: str  # "markdown" or "code"
    text: dict[str, str]
    tags: tuple[str, ...] = ()


@dataclass(frozen=True)
class Page:
    """A page of the tutorial: its source, its cells and where each language's notebook goes."""

    source: Path
    cells: tuple[Cell, ...]
    files: dict[str, Path] = field(default_factory=dict)


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise SourceError(f"{where}: a text is expected")
    # a TOML multi-line string ends with the newline before its closing quotes
    return value[:-1] if value.endswith("\n") else value


def _cell(raw: dict[str, Any], where: str) -> Cell:
    tags = tuple(raw.get("tags", ()))
    kinds = [k for k in ("md", "code") if k in raw]
    if len(kinds) != 1 or set(raw) - {"md", "code", "tags"}:
        raise SourceError(f"{where}: a cell is either md.en and md.es, or code (or code.en and "
                          f"code.es), with optional tags; found {sorted(raw)}")
    value = raw[kinds[0]]
    if kinds[0] == "code" and isinstance(value, str):
        shared = _text(value, where)
        return Cell("code", {lang: shared for lang in LANGS}, tags)
    if not isinstance(value, dict) or set(value) != set(LANGS):
        raise SourceError(f"{where}: {kinds[0]} needs exactly {' and '.join(LANGS)}")
    return Cell("markdown" if kinds[0] == "md" else "code",
                {lang: _text(value[lang], f"{where}.{lang}") for lang in LANGS}, tags)


def load_page(source: Path) -> Page:
    """The page written in ``source`` (a file of ``tutorial/``)."""
    try:
        raw = tomllib.loads(source.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise SourceError(f"{source}: {e}") from None
    cells = raw.get("cells")
    if not isinstance(cells, list) or not cells:
        raise SourceError(f"{source}: no [[cells]]")
    name = source.stem + ".ipynb"
    entry = next((nb for nb in NOTEBOOKS if nb.file == name), None)
    if entry is None:
        raise SourceError(f"{source}: {name} is not a page of canasta/tutorial.py")
    files = {lang: PAGES / entry.page(lang) for lang in LANGS}
    return Page(source, tuple(_cell(c, f"{source.name}, cell {i}") for i, c in enumerate(cells)),
                files)


def pages() -> list[Page]:
    """Every page of the tutorial, in order."""
    found = [load_page(SOURCES / (Path(nb.file).stem + ".toml")) for nb in NOTEBOOKS]
    return found


def _lines(text: str) -> list[str]:
    return text.splitlines(keepends=True)


def notebook(page: Page, lang: str, stored: dict[str, Any] | None = None) -> dict[str, Any]:
    """The page in ``lang`` as nbformat 4.5 JSON, with the outputs ``stored`` holds for every code
    cell whose source has not changed."""
    kept: dict[str, list[dict[str, Any]]] = {}
    for old in (stored or {}).get("cells", ()):
        if old.get("cell_type") == "code":
            kept.setdefault("".join(old.get("source", "")), []).append(old)
    cells = []
    for i, cell in enumerate(page.cells):
        text = cell.text[lang]
        out: dict[str, Any] = {"cell_type": cell.kind, "id": f"c{i:02d}", "metadata": {},
                               "source": _lines(text)}
        if cell.tags:
            out["metadata"]["tags"] = list(cell.tags)
        if cell.kind == "code":
            same = kept.get(text, [])
            old = same.pop(0) if same else None
            out["execution_count"] = old.get("execution_count") if old else None
            out["outputs"] = old.get("outputs", []) if old else []
            if old and "execution" in old.get("metadata", {}):
                out["metadata"]["execution"] = old["metadata"]["execution"]
            out = {k: out[k] for k in ("cell_type", "execution_count", "id", "metadata",
                                       "outputs", "source")}
        cells.append(out)
    info = (stored or {}).get("metadata", {}).get("language_info", LANGUAGE_INFO)
    return {"cells": cells, "metadata": {"kernelspec": dict(KERNELSPEC), "language_info": info},
            "nbformat": 4, "nbformat_minor": 5}


def dumps(nb: dict[str, Any]) -> str:
    """A notebook as Jupyter writes it (nbformat's own layout)."""
    return json.dumps(nb, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def _stored(path: Path) -> dict[str, Any] | None:
    try:
        return dict(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return None


def _shape(nb: dict[str, Any] | None) -> Any:
    """What the source decides of a notebook: its cells' kinds, ids, sources and tags, and the
    kernel it names (the outputs are the run's)."""
    if nb is None:
        return None
    cells = [(c.get("cell_type"), c.get("id"), "".join(c.get("source", "")),
              c.get("metadata", {}).get("tags")) for c in nb.get("cells", ())]
    return cells, nb.get("metadata", {}).get("kernelspec"), nb.get("nbformat_minor")


def stale(all_pages: list[Page] | None = None) -> list[str]:
    """The notebooks that are not what their source builds (each named with its source)."""
    found = []
    for page in all_pages if all_pages is not None else pages():
        for lang, path in page.files.items():
            stored = _stored(path)
            if _shape(stored) != _shape(notebook(page, lang, stored)):
                found.append(f"{path.relative_to(ROOT)} (from {page.source.relative_to(ROOT)})")
    return found


def write(all_pages: list[Page]) -> list[Path]:
    """Write every notebook; returns those whose code cells have lost their outputs."""
    to_run = []
    for page in all_pages:
        for lang, path in page.files.items():
            stored = _stored(path)
            nb = notebook(page, lang, stored)
            text = dumps(nb)
            path.parent.mkdir(parents=True, exist_ok=True)
            if stored is None or path.read_text(encoding="utf-8") != text:
                path.write_text(text, encoding="utf-8")
            ran = [c for c in nb["cells"] if c["cell_type"] == "code"]
            if any(c["execution_count"] is None for c in ran):
                to_run.append(path)
    return to_run


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--check", action="store_true", help="only say which notebooks are not current")
    p.add_argument("--execute", action="store_true", help="run the notebooks whose code changed")
    args = p.parse_args()
    try:
        all_pages = pages()
    except SourceError as e:
        print(e, file=sys.stderr)
        return 2
    if args.check:
        found = stale(all_pages)
        for line in found:
            print(f"not current: {line}")
        return 1 if found else 0
    to_run = write(all_pages)
    for path in to_run:
        if args.execute:
            print(f"running {path.relative_to(ROOT)}")
            subprocess.run([*EXECUTE, str(path)], check=True, cwd=ROOT)
        else:
            print(f"to run (its code changed): {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
