"""Test-wide set-up: Jupyter and IPython write only into a temporary folder; --long runs the
longer random-play checks."""

from __future__ import annotations

import os
import tempfile

_tmp = tempfile.mkdtemp(prefix="canasta-jupyter-")
for var in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
    os.environ.setdefault(var, os.path.join(_tmp, var.lower()))
os.environ.setdefault("MPLBACKEND", "Agg")


def pytest_addoption(parser):  # type: ignore[no-untyped-def]
    parser.addoption("--long", action="store_true", default=False,
                     help="run the long random-play and fuzzing checks (minutes)")


def pytest_configure(config):  # type: ignore[no-untyped-def]
    config.addinivalue_line("markers", "long: a long check, run with --long")


def pytest_collection_modifyitems(config, items):  # type: ignore[no-untyped-def]
    import pytest

    if config.getoption("--long"):
        return
    skip = pytest.mark.skip(reason="long check: run with --long")
    for item in items:
        if "long" in item.keywords:
            item.add_marker(skip)
