"""Which counts kernel finishes a hand of which variant.

Each variant's kernel is a module with ``finish_state(state) -> list[int] | None``: the hand
played from ``state`` to its end by that kernel's playout policy for every seat (``state`` left
as it is), each side's points, or None where the kernel does not represent the position (house
rules, a question pending…), so that the caller plays on the engine. Modules are imported on
first use: ``import canasta`` loads none of them.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..state import State

Finisher = Callable[["State"], "list[int] | None"]

KERNELS: dict[str, str] = {
    "classic": "canasta.kernel.play",
}
"""The kernel module of each variant (by the variant's name); a variant not listed has none."""

_LOADED: dict[str, Finisher | None] = {}


def finisher(variant: str) -> Finisher | None:
    """The ``finish_state`` of ``variant``'s kernel, or None when it has none."""
    try:
        return _LOADED[variant]
    except KeyError:
        module = KERNELS.get(variant)
        found = None if module is None else importlib.import_module(module).finish_state
        _LOADED[variant] = found
        return found


def finish_state(state: State) -> list[int] | None:
    """Each side's points for the hand, finished from ``state`` by its variant's kernel (``state``
    left as it is), or None when no kernel represents the position."""
    f = finisher(state.variant.name)
    return None if f is None else f(state)
