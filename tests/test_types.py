"""The package type-checks clean: the compiled build needs it (mypyc compiles only what mypy
accepts), and the annotations are the API's documentation."""

from __future__ import annotations

from pathlib import Path

import pytest

import canasta

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.skipif(canasta.compiled(), reason="the compiled build was type-checked when built")
def test_the_package_type_checks_clean(tmp_path: Path) -> None:
    api = pytest.importorskip("mypy.api")
    out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"),
                                "--cache-dir", str(tmp_path), str(ROOT / "canasta")])
    assert status == 0, out + err
