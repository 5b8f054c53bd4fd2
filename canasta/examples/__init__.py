"""The example files, shipped inside the package: the sample game's record, end-of-hand tables,
the classroom's exercises, house rules and a sample class's quiz results.

The notebooks read them from here, so that they work wherever the package is installed (in
JupyterLab, in Voilà, and in the browser, where there is no ``../examples`` folder). The
repository's ``examples/`` folder is the copy people open and edit; a test holds the two equal.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from ..houserules import parse_house_rules
from ..variant import Variant

#: the folder of the examples (a real folder: the package is installed as files, also in Pyodide)
EXAMPLES = Path(str(resources.files(__name__)))


def example(name: str) -> Path:
    """An example file or folder by its name under ``examples/``, e.g. ``"exercises"``."""
    path = EXAMPLES / name
    if not path.exists():
        raise FileNotFoundError(f"no example {name!r} in {EXAMPLES}")
    return path


def house_rules(name: str) -> Variant:
    """The house rules of ``examples/house_rules/NAME``, named by that path in every
    explanation they change (the same wherever the package is installed)."""
    path = example(f"house_rules/{name}")
    return parse_house_rules(path.read_text(encoding="utf-8"), f"examples/house_rules/{name}")
