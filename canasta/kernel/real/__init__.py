"""A counts kernel for Canasta Real (seed 001): a hand played on small integers, cards coded by
suit and rank, runs as five numbers (:mod:`.position`), the moves and a fast playout policy
(:mod:`.play`), scored as the engine scores (:mod:`.score`). ``tests/test_kernel_real.py``
mirrors its playouts onto the engine move by move. Both functions answer None where the kernel
does not represent the position (house rules, a question pending…) and leave ``state`` as it is.
"""

from __future__ import annotations

from .play import finish, finish_state, policy_action
from .position import Position, rules_for

__all__ = ["Position", "finish", "finish_state", "policy_action", "rules_for"]
