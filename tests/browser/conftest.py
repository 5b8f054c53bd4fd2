"""Fixtures of the browser tests: Chromium through Playwright, Voilà (``canasta classroom``) and
JupyterLab, one server per test module, and the screenshot folder (see browser_support)."""

from __future__ import annotations

import os
import secrets
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import (
    CHROMIUM_FLAGS,
    EXAMPLES,
    NOTEBOOKS,
    ROOT,
    Server,
    find_chromium,
    free_port,
    jupyter_env,
    start,
    start_lab,
    unavailable,
)


@pytest.fixture(scope="session")
def chromium() -> str:
    path = find_chromium()
    if path is None:
        unavailable("no Chromium found (apt-get install chromium, or set CANASTA_CHROMIUM)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        unavailable("Playwright is not installed (pip install -e '.[test]')")
    return str(path)


@pytest.fixture(scope="module")
def browser(chromium: str) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=chromium, headless=True, args=CHROMIUM_FLAGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture(scope="session")
def screenshots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where screenshots go: ``$CANASTA_SCREENSHOTS`` (relative to the repository) or a
    temporary folder."""
    chosen = os.environ.get("CANASTA_SCREENSHOTS")
    folder = (ROOT / chosen) if chosen else tmp_path_factory.mktemp("screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="module")
def voila(chromium: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """``canasta classroom`` serving the tutorial's notebooks folder with Voilà."""
    base = tmp_path_factory.mktemp("voila")
    port, token = free_port(), secrets.token_hex(8)
    argv = [sys.executable, "-m", "canasta.cli", "classroom", str(NOTEBOOKS), "--no-browser",
            f"--port={port}", f"--token={token}"]
    server = start("canasta classroom", argv, jupyter_env(base), ROOT, port, token,
                   base / "voila.log")
    yield server
    server.stop()


@pytest.fixture(scope="module")
def lab(chromium: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """JupyterLab on a copy of the notebooks (running them must not change the repository's),
    with the news pop-up and autosave off and every cell drawn, in its temporary user settings."""
    base = tmp_path_factory.mktemp("lab")
    root = base / "root"
    shutil.copytree(NOTEBOOKS, root / "notebooks", ignore=shutil.ignore_patterns(".*"))
    shutil.copytree(EXAMPLES, root / "examples")
    server = start_lab(base, root, {"docmanager-extension/plugin": {"autosave": False}})
    yield server
    server.stop()
