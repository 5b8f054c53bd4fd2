"""Classic's legal actions without explanations: the fast path of move generation.

Classic's rules are those of the engine for groups of one rank (:mod:`canasta.groupmoves`), as
they are; its house-rule variants (any options) play by the same hooks and use it too.
``tests/test_fast_moves.py``, the property tests and ``canasta simulate`` hold it equal to the
checked list (:func:`canasta.movegen.checked_legal_actions`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...fastmoves import Hand
from ...groupmoves import GroupMoves, Table

if TYPE_CHECKING:
    from ...actions import Action
    from ...state import State
    from ...variant import Variant


class ClassicMoves(GroupMoves):
    def can_go_out(self, state: State, v: Variant, h: Hand, table: Table) -> bool:
        # most hands hold two cards no meld can take (a natural with too few of its rank and no
        # group, a red three): keeping one back for the discard cannot mend both
        least = v.min_naturals
        faults = 0
        for rank, cards in h.by_rank.items():
            if rank == 3:
                faults += any(c.is_red for c in cards)
            elif len(cards) < least and rank not in table.group_at:
                faults += 1 if len(cards) == 1 else 2
            if faults > 1:
                return False
        return v.can_go_out_now(state)


MOVES = ClassicMoves()


def classic_allows(state: State, action: Action) -> bool | None:
    """Whether ``action`` is among the legal actions (None: the checked path must answer)."""
    return MOVES.allows(state, action)


def classic_legal_actions(state: State) -> list[Action] | None:
    """The legal actions of a classic-rules state, or None when the checked path must answer."""
    return MOVES.legal_actions(state)
