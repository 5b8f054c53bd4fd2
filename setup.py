"""Build script: pure Python by default.

``CANASTA_COMPILE=1 pip install .`` compiles the modules that every decision runs through with
mypyc: the same source, type-checked and turned into C extensions (README, "Compiled build").
Editable installs stay pure Python, so an edited module is never shadowed by a stale build.
"""

from __future__ import annotations

import os
import sys

from setuptools import setup

# the engine's hot path: no widget, renderer, file or command-line code
COMPILED = [
    "canasta/actions.py",
    "canasta/checks.py",
    "canasta/effects.py",
    "canasta/explain.py",
    "canasta/fastmoves.py",
    "canasta/groupmoves.py",
    "canasta/variants/classic/moves.py",
    "canasta/variants/rioplatense/moves.py",
    "canasta/variants/individual/moves.py",
    "canasta/variants/americana/moves.py",
    "canasta/variants/americana/melds.py",
    "canasta/variants/americana/turns.py",
    "canasta/variants/real/moves.py",
    "canasta/variants/real/runs.py",
    "canasta/variants/classic/outs.py",
    "canasta/groups.py",
    "canasta/melds.py",
    "canasta/movegen.py",
    "canasta/state.py",
    "canasta/turns.py",
    # the counts kernel of the searching coach's playouts
    "canasta/kernel/position.py",
    "canasta/kernel/play.py",
    "canasta/kernel/score.py",
    "canasta/kernel/rioplatense.py",
    "canasta/kernel/individual.py",
    "canasta/kernel/americana/position.py",
    "canasta/kernel/americana/play.py",
    "canasta/kernel/americana/score.py",
    "canasta/kernel/real/position.py",
    "canasta/kernel/real/play.py",
    "canasta/kernel/real/score.py",
]


def _compiling() -> bool:
    wanted = os.environ.get("CANASTA_COMPILE", "") not in ("", "0")
    return wanted and "editable_wheel" not in sys.argv


def _extensions() -> list:  # type: ignore[type-arg]
    if not _compiling():
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:  # pip is still gathering the build requirements (mypy is one)
        return []
    return mypycify(COMPILED, opt_level="3", group_name="canasta")


setup(ext_modules=_extensions(), setup_requires=["mypy>=1.10"] if _compiling() else [])
