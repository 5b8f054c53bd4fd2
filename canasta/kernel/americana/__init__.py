"""A counts kernel for Canasta Americana: a hand played on small integers, as
:mod:`canasta.kernel` does for classic.

Americana's rules restated on counts (:mod:`.position`, :mod:`.play`, :mod:`.score`): 13 cards
dealt and no upcard, the alas, the hoyo and its minima, melds of at most seven cards and two
wild cards, special melds of sevens and aces, melds of wild cards alone, threes laid down and
replaced, the pile taken only with two naturals of its top card, the empty stock's *pozo* rule,
two canastas and a final discard to go out, and the long scoring table. Special hands are
never laid by the policy (a position holding one on the table is over, and refused).
``tests/test_kernel_americana.py`` mirrors its playouts onto the engine move by move.
"""

from __future__ import annotations

from .play import finish, finish_state, policy_action
from .position import Position, Rules, rules_for

__all__ = ["Position", "Rules", "finish", "finish_state", "policy_action", "rules_for"]
