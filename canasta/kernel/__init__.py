"""A compact counts kernel for playouts: a hand of classic Canasta played on small integers.

Cards are rank codes (:mod:`canasta.kernel.position`), hands and melds counts by code, and the
moves of a fast playout policy are applied in place (:mod:`canasta.kernel.play`), scored as the
engine scores a hand (:mod:`canasta.kernel.score`). It restates classic's rules for speed;
``tests/test_kernel.py`` mirrors its playouts onto the engine move by move, so the two cannot
drift apart. Other variants' kernels plug in by :data:`KERNELS` (:mod:`canasta.kernel.dispatch`):
individual's is :mod:`canasta.kernel.individual`.
:meth:`Position.from_state` answers None for what the kernel does not represent
(another variant, house rules, a pending partner question…): the caller plays on the engine.
"""

from __future__ import annotations

from .dispatch import KERNELS, finish_state, kernel_of, policy_action
from .play import finish, playout_points
from .position import Position, Rules, rules_for

__all__ = ["KERNELS", "Position", "Rules", "finish", "finish_state", "kernel_of", "playout_points",
           "policy_action", "rules_for"]
