"""The build in use: ``canasta.compiled()`` tells the pure-Python install from the compiled one
(CI runs the whole suite against both; README, "Compiled build")."""

from __future__ import annotations

import os
from pathlib import Path

import canasta
from canasta import state
from canasta.kernel import play as kernel_play
from canasta.variants.classic import moves as fastmoves


def test_compiled_tells_which_build_is_running() -> None:
    ran_compiled = canasta.compiled()
    for module in (fastmoves, state, kernel_play):
        suffix = Path(module.__file__ or "").suffix
        assert (suffix not in (".py", ".pyc")) == ran_compiled, (module.__name__, suffix)
    # the CI stage that tests the compiled build says so, and must be running it
    if os.environ.get("CANASTA_EXPECT_COMPILED"):
        assert ran_compiled, "the compiled build was expected, but the pure modules were imported"
