"""Opening a tutorial page in JupyterLab, as the README opens them, leaves the checkout as it was.

A copy of the pages is committed to a git repository of its own, and JupyterLab is started on it
the README's way (``JUPYTER_CONFIG_PATH=jupyter``: the project's defaults, autosave off), with the
user's autosave interval at one second, so that an autosave would happen during the test. A page
opened and saved as it is writes the very bytes stored (its metadata is what JupyterLab writes: the
kernel's name and display name, cell ids); a page opened and run, its outputs new, is not saved
behind the user's back. ``git status`` says so."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import EXAMPLES, NOTEBOOKS, ROOT, Server, start_lab
from pages import LAB_CLOSE_JS, LAB_IDLE_JS, LAB_OPEN_JS, drawn_js, open_lab

pytestmark = pytest.mark.browser

SAVE_JS = "async () => { await window.canastaNotebook.context.save(); }"
RUN_JS = "async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); }"
DIRTY_JS = "() => window.canastaNotebook.context.model.dirty"


def changed(repo: Path) -> str:
    """What ``git status`` shows in ``repo``; the checkout is then put back as committed."""
    status = git(repo, "status", "--porcelain")
    git(repo, "checkout", "-q", "--", ".")
    return status


def git(repo: Path, *args: str) -> str:
    done = subprocess.run(["git", "-c", "user.name=test", "-c", "user.email=test@example.org",
                           "-c", "core.autocrlf=false", *args], cwd=repo, check=True,
                          capture_output=True, text=True)
    return done.stdout


@pytest.fixture(scope="module")
def checkout(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The tutorial's pages and examples, committed in a repository of their own."""
    repo = tmp_path_factory.mktemp("checkout")
    shutil.copytree(NOTEBOOKS, repo / "notebooks", ignore=shutil.ignore_patterns(".*"))
    shutil.copytree(EXAMPLES, repo / "examples")
    shutil.copy(ROOT / ".gitignore", repo / ".gitignore")  # JupyterLab's checkpoints are ignored
    git(repo, "init", "-q")
    git(repo, "add", ".")
    git(repo, "commit", "-q", "-m", "the tutorial")
    return repo


@pytest.fixture(scope="module")
def readme_lab(chromium: str, checkout: Path,
               tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """JupyterLab as the README starts it, with a user who autosaves every second."""
    base = tmp_path_factory.mktemp("readme-lab")
    # the README's JUPYTER_CONFIG_PATH=jupyter
    server = start_lab(base, checkout, {"docmanager-extension/plugin": {"autosaveInterval": 1}},
                       {"JUPYTER_CONFIG_PATH": str(ROOT / "jupyter")})
    yield server
    server.stop()


@pytest.fixture(scope="module")
def lab_page(browser: Any, readme_lab: Server) -> Iterator[Any]:
    page = open_lab(browser, readme_lab)
    yield page
    page.close()


@pytest.mark.parametrize("path", ["notebooks/01_sample_game.ipynb",
                                  "notebooks/es/01_partida_de_ejemplo.ipynb"])
def test_a_page_opened_and_saved_as_it_is_changes_nothing(lab_page: Any, checkout: Path,
                                                          path: str) -> None:
    lab_page.evaluate(LAB_OPEN_JS, path)
    try:
        lab_page.wait_for_function(LAB_IDLE_JS, timeout=90_000)  # the kernel told its name
        lab_page.wait_for_timeout(2_000)  # two autosave intervals
        lab_page.evaluate(SAVE_JS)  # what the user's Ctrl-S writes
    finally:
        lab_page.evaluate(LAB_CLOSE_JS)
    assert changed(checkout) == ""


def test_a_page_run_in_jupyterlab_is_not_saved_behind_the_users_back(lab_page: Any,
                                                                     checkout: Path) -> None:
    lab_page.evaluate(LAB_OPEN_JS, "notebooks/es/02_banco_de_pruebas.ipynb")
    try:
        lab_page.wait_for_function(LAB_IDLE_JS, timeout=90_000)
        lab_page.evaluate(RUN_JS)
        lab_page.wait_for_function(LAB_IDLE_JS, timeout=120_000)
        lab_page.wait_for_function(drawn_js("window.canastaNotebook"), timeout=90_000)
        assert lab_page.evaluate(DIRTY_JS)  # new outputs: an autosave would write them
        lab_page.wait_for_timeout(3_000)  # three autosave intervals
    finally:
        lab_page.evaluate(LAB_CLOSE_JS)
    assert changed(checkout) == ""
