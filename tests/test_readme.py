"""The README's examples run as written."""

from __future__ import annotations

import doctest
from pathlib import Path


def test_readme_examples() -> None:
    readme = Path(__file__).parent.parent / "README.md"
    result = doctest.testfile(str(readme), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0


def test_readme_opens_jupyterlab_at_the_project_root() -> None:
    """The set-up command roots JupyterLab at the project (without it, JupyterLab roots at the
    notebook's folder and examples/ is out of reach), and the notebook it opens exists."""
    root = Path(__file__).parent.parent
    readme = (root / "README.md").read_text(encoding="utf-8")
    [line] = [ln for ln in readme.splitlines() if "jupyter lab" in ln and ln.startswith("python3")]
    words = line.split("jupyter lab", 1)[1].split()
    assert "--ServerApp.root_dir=." in words
    opened = [w for w in words if w.endswith(".ipynb")]
    assert opened == ["notebooks/01_sample_game.ipynb"] and (root / opened[0]).is_file()


def test_readme_opens_jupyterlab_with_the_projects_defaults() -> None:
    """The set-up command gives JupyterLab the project's defaults, and they turn autosave off:
    running a page does not rewrite the checkout (tests/browser/test_lab_files.py opens the
    pages that way)."""
    import json

    root = Path(__file__).parent.parent
    readme = (root / "README.md").read_text(encoding="utf-8")
    [line] = [ln for ln in readme.splitlines() if "jupyter lab" in ln and ln.startswith("python3")]
    assert "JUPYTER_CONFIG_PATH=jupyter .venv/bin/jupyter lab " in line
    defaults = json.loads((root / "jupyter" / "labconfig" / "default_setting_overrides.json")
                          .read_text(encoding="utf-8"))
    assert defaults["@jupyterlab/docmanager-extension:plugin"] == {"autosave": False}
