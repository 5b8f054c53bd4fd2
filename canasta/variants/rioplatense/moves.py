"""Rioplatense Canasta's legal actions without explanations: classic's fast path for groups of
one rank (:mod:`canasta.groupmoves`) with the pozo's own rules and the canasta of wild cards.

What changes from classic: the pozo is tapado (nobody takes it) under a canasta's rank, and
premiado or madre (only a natural pair takes it, never onto a meld) instead of frozen; any seven
or more of the hand's wild cards go down together as a canasta of wild cards (after the groups,
also among first melds and with the pozo), and any of them are laid off onto it ('JK').
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ...actions import Action
from ...cards import JOKER, Card
from ...fastmoves import ADDS, SUBS, Group, Hand, points_of
from ...groupmoves import PILE_CLOSED, PILE_NATURAL, PILE_OPEN, GroupMoves, Table

if TYPE_CHECKING:
    from ...state import State
    from ...variant import Variant
    from .variant import Rioplatense


class RioplatenseMoves(GroupMoves):
    def extra_key(self, state: State, side: int) -> object:
        # the pozo stays madre for a side until it takes it
        return side in state.extra.get("pozo_taken", ())

    def pile_rule(self, state: State, v: Variant, side: int, opened: bool) -> int:
        rv = cast("Rioplatense", v)
        rank = state.pile[-1].rank
        # pile.tapado: a canasta of the top card's rank, any side's
        if rv.pile_tapado_by_canasta:
            for melds in state.melds:
                for m in melds:
                    if m.kind == "group" and m.key == rank and v.canasta_kind(m):
                        return PILE_CLOSED
        wild_ranks = v.wild_ranks
        # pile.frozen: a house rule may freeze it for a side that has not opened
        if v.pile_frozen_before_opening and not opened:
            return PILE_NATURAL
        # pile.premiado: a wild card in the pozo; pile.madre: the side has not taken it yet
        if any(c.rank in wild_ranks for c in state.pile):
            return PILE_NATURAL
        if rv.pile_madre and side not in state.extra.get("pozo_taken", ()):
            return PILE_NATURAL
        return PILE_OPEN

    def wild_groups(self, v: Variant, wilds: tuple[Card, ...]) -> list[Group]:
        # meld.wild-canasta: any seven or more of the hand's wild cards, a whole canasta
        if len(wilds) < v.canasta_size:
            return []
        values = v.values_by_rank()
        out = []
        for cards in SUBS[wilds, v.canasta_size, len(wilds)]:
            points = points_of(values, cards)
            out.append(Group(cards, JOKER, True, True, False, 1, points, cards, points))
        return out

    def adds(self, out: list[Action], state: State, v: Variant, side: int, h: Hand, table: Table,
             n_hand: int, now: int, need_out: int, ask_no: bool) -> None:
        super().adds(out, state, v, side, h, table, n_hand, now, need_out, ask_no)
        wilds = h.wilds
        if not wilds or not any(m.kind == "wilds" for m in state.melds[side]):
            return
        # any of the hand's wild cards, one or more; going out needs the canastas
        for cards in SUBS[wilds, 1, len(wilds)]:
            if n_hand - len(cards) <= 1 and (ask_no or now < need_out):
                continue
            out.append(ADDS[cards, "JK"])


MOVES = RioplatenseMoves()
