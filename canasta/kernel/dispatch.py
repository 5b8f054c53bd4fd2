"""Which counts kernel finishes a hand of which variant.

Each variant's kernel is a module with two functions, both None where the kernel does not
represent the position (house rules, a question pending…), so that the caller plays on the
engine, and both leaving ``state`` as it is:

- ``finish_state(state) -> list[int] | None``: the hand played from ``state`` to its end by the
  kernel's playout policy for every seat, each side's points;
- ``policy_action(state) -> Action | None``: the engine action of the policy's next move (how
  benchmarks seat the kernel's policy at an engine table, and tests compare it with the engine).

Modules are imported on first use: ``import canasta`` loads none of them.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from types import ModuleType

    from ..actions import Action
    from ..state import State

KERNELS: dict[str, str] = {
    "classic": "canasta.kernel.play",
    "rioplatense": "canasta.kernel.rioplatense",
    "individual": "canasta.kernel.individual",
    "real": "canasta.kernel.real",
    "americana": "canasta.kernel.americana",
}
"""The kernel module of each variant (by the variant's name); a variant not listed has none."""

_LOADED: dict[str, ModuleType | None] = {}


def kernel_of(variant: str) -> ModuleType | None:
    """The kernel module of ``variant`` (a variant's name), or None when it has none."""
    try:
        return _LOADED[variant]
    except KeyError:
        name = KERNELS.get(variant)
        found = _LOADED[variant] = None if name is None else importlib.import_module(name)
        return found


def finish_state(state: State) -> list[int] | None:
    """Each side's points for the hand, finished from ``state`` by its variant's kernel (``state``
    left as it is), or None when no kernel represents the position."""
    k = kernel_of(state.variant.name)
    return None if k is None else k.finish_state(state)  # type: ignore[no-any-return]


def policy_action(state: State) -> Action | None:
    """The engine action of the kernel policy's next move in ``state``, or None when no kernel
    represents the position."""
    k = kernel_of(state.variant.name)
    return None if k is None else k.policy_action(state)  # type: ignore[no-any-return]
