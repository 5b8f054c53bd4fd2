"""Classic's legal actions without explanations: the fast path of move generation.

Classic's rules are those of the engine for groups of one rank (:mod:`canasta.groupmoves`), as
they are; its house-rule variants (any options) play by the same hooks and use it too.
``tests/test_fast_moves.py``, the property tests and ``canasta simulate`` hold it equal to the
checked list (:func:`canasta.movegen.checked_legal_actions`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...groupmoves import GroupMoves

if TYPE_CHECKING:
    from ...actions import Action
    from ...state import State

MOVES = GroupMoves()


def classic_allows(state: State, action: Action) -> bool | None:
    """Whether ``action`` is among the legal actions (None: the checked path must answer)."""
    return MOVES.allows(state, action)


def classic_legal_actions(state: State) -> list[Action] | None:
    """The legal actions of a classic-rules state, or None when the checked path must answer."""
    return MOVES.legal_actions(state)
