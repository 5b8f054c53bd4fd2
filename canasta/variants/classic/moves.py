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
        # nor can most hands reach the canastas to go out: no meld grows past all its rank's
        # naturals and every wild card (the count outs._discards_that_could starts with)
        need = v.canastas_to_go_out
        if need > 0:
            wilds = len(h.wilds)
            size = v.canasta_size
            by_rank = h.by_rank
            reach = 0
            for m in state.melds[state.side_of(state.turn)]:
                if m.kind != "group":
                    reach += 1 if v.canasta_kind(m) else 0
                elif m.size + len(by_rank.get(m.key, ())) + wilds >= size:  # type: ignore[arg-type]
                    reach += 1
            if reach < need:
                group_at = table.group_at
                for rank, cards in by_rank.items():
                    if rank != 3 and rank not in group_at and len(cards) + wilds >= size:
                        reach += 1
                if reach < need:
                    return False
        return v.can_go_out_now(state)


MOVES = ClassicMoves()


def classic_allows(state: State, action: Action) -> bool | None:
    """Whether ``action`` is among the legal actions (None: the checked path must answer)."""
    return MOVES.allows(state, action)


def classic_legal_actions(state: State) -> list[Action] | None:
    """The legal actions of a classic-rules state, or None when the checked path must answer."""
    return MOVES.legal_actions(state)
