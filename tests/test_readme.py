"""The README's examples run as written."""

from __future__ import annotations

import doctest
import re
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


def setup_section() -> str:
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    return readme.split("## Set-up", 1)[1].split("\n## ", 1)[0]


def test_the_command_readme_says_ci_runs_is_the_one_it_runs() -> None:
    """"`.ci/run` … runs exactly the Nth command": the Nth command of the set-up is the one
    .ci/run runs (its quiet flags aside)."""
    root = Path(__file__).parent.parent
    section = setup_section()
    commands = [block.split("```", 1)[0].strip() for block in section.split("```bash\n")[1:]]
    said = re.search(r"runs exactly the (\w+) command", " ".join(section.split()))
    assert said is not None
    nth = ["first", "second", "third", "fourth"].index(said.group(1))
    ci = [ln.strip() for ln in (root / ".ci" / "run").read_text(encoding="utf-8").splitlines()
          if ln.startswith("python3 -m venv .venv &&")]
    assert [c.replace(" -q", "") for c in ci] == [commands[nth]]


def test_readme_says_how_to_start_jupyterlab_as_root() -> None:
    """JupyterLab refuses to start as root (common in containers) unless told --allow-root."""
    section = " ".join(setup_section().split())
    assert "as root" in section and "--allow-root" in section
