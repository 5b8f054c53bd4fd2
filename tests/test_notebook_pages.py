"""The tutorial's pages in English and in Spanish: both built from one source each
(``tutorial/*.toml``, ``scripts/notebooks.py``) and current; the same program in both languages
(the same widgets, the same exercises, the same code but for its words); a Spanish page with no
English sentence, in its text or in its stored outputs; and the notebooks' metadata what
JupyterLab writes, so that opening one in JupyterLab changes nothing."""

from __future__ import annotations

import ast
import importlib.util
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from english_text import english_words, html_text, markdown_text

from canasta.tutorial import NOTEBOOKS
from canasta.words import catalogue, label

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "notebooks"
WIDGET = "application/vnd.jupyter.widget-view+json"
RERUN = "run python scripts/notebooks.py (and --execute where code changed)"


def _builder() -> Any:
    spec = importlib.util.spec_from_file_location("notebooks_builder",
                                                  ROOT / "scripts" / "notebooks.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


BUILD = _builder()


def _nb(path: Path) -> dict[str, Any]:
    return dict(json.loads(path.read_text(encoding="utf-8")))


def _src(cell: dict[str, Any]) -> str:
    return "".join(cell["source"])


def _pair(name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    nb = next(n for n in NOTEBOOKS if n.file == name)
    return _nb(FOLDER / nb.page("en")), _nb(FOLDER / nb.page("es"))


PAGES = [nb.file for nb in NOTEBOOKS]


def test_every_notebook_is_what_its_source_builds() -> None:
    assert BUILD.stale() == [], RERUN


def test_every_page_is_in_both_languages_and_nothing_else_is_there() -> None:
    assert sorted(p.name for p in FOLDER.glob("*.ipynb")) == sorted(nb.file for nb in NOTEBOOKS)
    assert sorted(p.name for p in (FOLDER / "es").glob("*.ipynb")) == sorted(
        nb.file_es for nb in NOTEBOOKS)
    assert sorted(p.name for p in (ROOT / "tutorial").glob("*.toml")) == sorted(
        Path(nb.file).stem + ".toml" for nb in NOTEBOOKS)


def _widgets(nb: dict[str, Any]) -> list[list[str]]:
    """Each code cell's widgets, by class (their text form names the class)."""
    return [[_src_text(o["data"]["text/plain"]).split("(")[0] for o in c.get("outputs", ())
             if WIDGET in o.get("data", {})] for c in nb["cells"] if c["cell_type"] == "code"]


def _src_text(value: str | list[str]) -> str:
    return value if isinstance(value, str) else "".join(value)


@pytest.mark.parametrize("name", PAGES)
def test_both_languages_show_the_same_widgets(name: str) -> None:
    en, es = _pair(name)
    assert [c["cell_type"] for c in en["cells"]] == [c["cell_type"] for c in es["cells"]]
    assert _widgets(en) == _widgets(es)
    assert any(_widgets(en))


def _exercises(nb: dict[str, Any]) -> list[str]:
    """The numbers of the exercises: the numbered items of the last section."""
    last = next(_src(c) for c in reversed(nb["cells"]) if c["cell_type"] == "markdown")
    heading = re.search(r"^## .*$", last, flags=re.M)
    assert heading, last
    return re.findall(r"^(\d+)\. ", last[heading.end():], flags=re.M)


@pytest.mark.parametrize("name", PAGES)
def test_both_languages_end_with_the_same_exercises(name: str) -> None:
    en, es = _pair(name)
    assert _exercises(en) == _exercises(es) and _exercises(en)


class _Words(ast.NodeTransformer):
    """A program with its words taken out: every text is the same text, and an argument that
    only names the language ("es", "en") is gone."""

    def visit_Call(self, node: ast.Call) -> ast.AST:
        lang = lambda a: isinstance(a, ast.Constant) and a.value in ("en", "es")  # noqa: E731
        node.args = [a for a in node.args if not lang(a)]
        node.keywords = [k for k in node.keywords if not lang(k.value)]
        return self.generic_visit(node)

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        return ast.Constant("…") if isinstance(node.value, str) else node

    def visit_JoinedStr(self, node: ast.JoinedStr) -> ast.AST:
        return ast.Constant("…")


def _program(code: str) -> str:
    return ast.dump(_Words().visit(ast.parse(code)))


@pytest.mark.parametrize("name", PAGES)
def test_both_languages_run_the_same_code_but_for_its_words(name: str) -> None:
    en, es = _pair(name)
    for i, (a, b) in enumerate(zip(en["cells"], es["cells"], strict=True)):
        if a["cell_type"] == "code":
            assert _program(_src(a)) == _program(_src(b)), (name, i)


def test_the_same_code_check_sees_a_changed_program() -> None:
    assert _program('show(x, "en")  # one') == _program('show(x, lang="es")  # uno')
    assert _program('print(f"{n} cards")') == _program('print(f"{n} cartas")')
    assert _program("show(x)") != _program("show(y)")
    assert _program('Quiz(seed=1)') != _program('Quiz(seed=2)')


def _shown(cell: dict[str, Any]) -> list[str]:
    """What a reader sees of a cell: its markdown's prose, or its outputs' text (a widget is
    drawn from its model: its text form is not shown)."""
    if cell["cell_type"] == "markdown":
        return [markdown_text(_src(cell))]
    seen = []
    for out in cell.get("outputs", ()):
        data = out.get("data", {})
        if out["output_type"] == "stream":
            seen.append(_src_text(out["text"]))
        elif WIDGET in data:
            continue
        elif "text/html" in data:
            seen.append(html_text(_src_text(data["text/html"])))
        elif "text/plain" in data:
            seen.append(_src_text(data["text/plain"]))
        elif out["output_type"] == "error":
            seen.append(f"{out['ename']}: {out['evalue']}")
    return seen


def english_on(nb: dict[str, Any]) -> list[tuple[int, list[str], str]]:
    found = []
    for i, cell in enumerate(nb["cells"]):
        for text in _shown(cell):
            words = english_words(text)
            if words:
                found.append((i, sorted(words), text[:200]))
    return found


@pytest.mark.parametrize("name", PAGES)
def test_a_spanish_page_holds_no_english_sentence(name: str) -> None:
    _en, es = _pair(name)
    assert english_on(es) == []


@pytest.mark.parametrize("name", PAGES)
def test_the_english_check_finds_the_english_page(name: str) -> None:
    en, _es = _pair(name)
    cells = {i for i, _w, _t in english_on(en)}
    # every heading cell of the English page is caught
    headings = {i for i, c in enumerate(en["cells"])
                if c["cell_type"] == "markdown" and _src(c).startswith("#")}
    assert headings and headings <= cells


def _captions() -> dict[str, str]:
    """The widgets' captions with no field to fill: English → Spanish."""
    en, es = catalogue("en")["labels"], catalogue("es")["labels"]
    return {label(k, "en"): label(k, "es") for k in en
            if k.startswith("w.") and "{" not in en[k] + es[k] and not k.endswith((".tip", ".ph"))}


@pytest.mark.parametrize("name", PAGES)
def test_a_button_named_on_the_english_page_is_named_on_the_spanish_one(name: str) -> None:
    """The pages say which button to press by its caption: the Spanish page must say the
    widget's own Spanish caption, as the locale files have it now."""
    en, es = _pair(name)
    captions = _captions()
    english, spanish = (" ".join(" ".join(_src(c) for c in nb["cells"]
                                          if c["cell_type"] == "markdown").split())
                        for nb in (en, es))  # a caption may be wrapped over two lines
    named = {m for m in re.findall(r"\*\*?([^*]+?)\*\*?", english) if m in captions}
    missing = {captions[m] for m in named if captions[m] not in spanish}
    assert missing == set(), (name, named)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_stored_metadata_is_what_jupyterlab_writes(lang: str) -> None:
    """JupyterLab writes the running kernel's name and display name into a notebook it opens,
    and an id into every cell: stored so, opening a page leaves the file as it was."""
    from jupyter_client.kernelspec import KernelSpecManager

    spec = KernelSpecManager().get_kernel_spec("python3")
    for nb in NOTEBOOKS:
        stored = _nb(FOLDER / nb.page(lang))
        assert stored["metadata"]["kernelspec"] == {
            "display_name": spec.display_name, "language": spec.language, "name": "python3"}
        assert (stored["nbformat"], stored["nbformat_minor"]) == (4, 5)
        ids = [c.get("id") for c in stored["cells"]]
        assert all(ids) and len(set(ids)) == len(ids), nb.file


def test_strict_nbval_collects_both_languages() -> None:
    """The test command (pyproject's testpaths and nbval options) runs every page of both
    languages under strict nbval."""
    import subprocess

    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "notebooks"],
                          cwd=ROOT, capture_output=True, text=True, check=False)
    collected = {line.split("::")[0] for line in done.stdout.splitlines() if "::" in line}
    assert collected == {f"notebooks/{nb.page(lang)}" for nb in NOTEBOOKS for lang in ("en", "es")}
    import tomllib

    options = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "pytest"]["ini_options"]
    assert "notebooks" in options["testpaths"]
    assert "--nbval" in options["addopts"].split() and "--nbval-lax" not in options["addopts"]
