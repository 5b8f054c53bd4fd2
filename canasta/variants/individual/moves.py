"""Individual Canasta's legal actions without explanations: classic's fast path for groups of
one rank (:mod:`canasta.groupmoves`) with the rules of each for themselves.

What changes from classic: the pile is taken at any depth (the card gone in for is melded at
once, the cards above it join the hand), never frozen; threes are ordinary cards; toward the
opening a wild card counts as the rank it joins; once open, a player lays off onto anyone's melds
(named 'Ada:K'), takes a card of the pile onto them, and, with the host's ``joker_swap``,
exchanges a natural card for a wild card on the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ...actions import Action, Swap, TakePile
from ...cards import RANK_TEXT, Card
from ...fastmoves import Hand, Kept, kept_table, order, split_hand
from ...groupmoves import CUT_OPTION, Adds, GroupMoves, Table, TakeOption, extends, group_adds

if TYPE_CHECKING:
    from ...melds import Meld as TableMeld
    from ...state import State
    from ...variant import Variant
    from .variant import Individual

_ONTO = Kept(lambda k: TakePile(onto=k[0], depth=k[1]))
_SWAPS = Kept(lambda k: Swap(card=k[0], wild=k[1], target=k[2]))


def target_name(state: State, side: int, owner: int, label: str) -> str:
    """A meld as a player of ``side`` names it: its label, or 'Owner:label' for another's."""
    return label if owner == side else f"{state.names[state.sides[owner][0]]}:{label}"


def named_groups(state: State, side: int) -> list[tuple[int, TableMeld, str]]:
    """Every group on the table (owner, meld, the name a player of ``side`` gives it), in the
    table's order."""
    return [(owner, m, target_name(state, side, owner, RANK_TEXT[int(m.key)]))
            for owner, melds in enumerate(state.melds) for m in melds if m.kind == "group"]


def _others(kept: dict[object, Adds], key: object, adds: Adds) -> Adds:
    """``adds`` onto another player's meld, kept: the same lay-offs, none adding a canasta to
    the side's own."""
    found = kept[key] = adds._replace(canasta=[0] * len(adds.canasta))
    return found


class IndividualMoves(GroupMoves):
    def __init__(self) -> None:
        super().__init__(threes_special=False, wilds_as_rank=True)

    def legal(self, state: State, side: int) -> list[Action] | None:
        # two groups of one rank on a side come only from hand-made scenarios (a target would
        # then name the first): the checked path answers
        for melds in state.melds:
            ranks = [m.key for m in melds if m.kind == "group"]
            if len(set(ranks)) != len(ranks):
                return None
        return super().legal(state, side)

    # ---- the pile, at any depth ---------------------------------------------------------------
    @staticmethod
    def depths(v: Variant, pile: list[Card]) -> int:
        """How deep the pile may be taken (the host may allow only its top card)."""
        return 1 if cast("Individual", v)._top_only else len(pile)

    def only_draw(self, state: State, v: Variant, side: int, hand: list[Card], table: Table,
                  opened: bool) -> bool:
        # no card of the pile that a pair of the hand (or, once open, a meld on the table) could
        # take, with, before opening, enough points in reach
        pile = state.pile
        if not pile:
            return True
        wild_ranks = v.wild_ranks
        held: dict[int, int] = {}
        wilds = 0
        for c in hand:
            if c.rank in wild_ranks:
                wilds += 1
            else:
                held[c.rank] = held.get(c.rank, 0) + 1
        on_table = {int(m.key) for melds in state.melds for m in melds if m.kind == "group"}
        least = v.min_naturals
        values = v.values_by_rank()
        need = most = most_value = 0
        if not opened:
            need = v.opening_need(state.scores[side])[0]
            meldable = [r for r, n in held.items() if n >= least]
            most = sum(held[r] * values[r] for r in meldable)
            most_value = max((values[r] for r in meldable), default=0)
        depths = self.depths(v, pile)
        for d in range(1, depths + 1):
            entry = pile[-d]
            rank = entry.rank
            if d > 1:  # the card above this one joins the hand with it: held counts it
                joins = pile[-d + 1]
                r = joins.rank
                if r in wild_ranks:
                    wilds += 1
                else:
                    n = held[r] = held.get(r, 0) + 1
                    if n >= least:  # the most the hand's groups could count grows with it
                        most += values[r] * (n if n == least else 1)
                        most_value = max(most_value, values[r])
            if rank in wild_ranks:
                continue
            n = held.get(rank, 0)
            if opened:
                if n >= 2 or (n and wilds) or rank in on_table:
                    return False
            elif (n >= 2 or (n and wilds)) and (
                    # the card gone in for with every natural of its rank, and each wild card
                    # at the most it may count (with it, where pile_meld_more, or elsewhere)
                    (1 + max(n, 2)) * values[rank] + most - (n * values[rank] if n >= least else 0)
                    + wilds * max(most_value, values[rank]) >= need):
                return False
        return True

    def takes(self, state: State, v: Variant, side: int, hand: list[Card], h: Hand, table: Table,
              opened: bool) -> list[Action]:
        pile = state.pile
        if not pile:
            return []
        wild_ranks = v.wild_ranks
        size = v.canasta_size
        n_hand = len(hand)
        # the melds a card from the pile may go onto, by rank, in the table's order
        targets: dict[int, list[tuple[int, TableMeld, str]]] = {}
        if opened:
            for owner, m, name in named_groups(state, side):
                targets.setdefault(int(m.key), []).append((owner, m, name))
        # the same for every card of a rank, while no card above it could go with it
        options_of: dict[int, list[TakeOption]] = {}
        out: list[Action] = []
        above: dict[int, int] = {}  # the cards above the one gone in for, by rank
        above_wilds = 0
        held_wilds = len(h.wilds)
        for d in range(1, self.depths(v, pile) + 1):
            entry = pile[-d]
            rank = entry.rank
            if d > 1:
                r = pile[-d + 1].rank
                if r in wild_ranks:
                    above_wilds += 1
                else:
                    above[r] = above.get(r, 0) + 1
            if rank in wild_ranks:
                continue  # pile.entry: never for a wild card
            # the cards above join the hand first and may go with the card gone in for (and,
            # before opening, into the melds laid down with it)
            n = len(h.by_rank.get(rank, ())) + above.get(rank, 0)
            if n >= 2 or (n and held_wilds + above_wilds):  # a pair may go with it
                # the hand the cards above make is read only then (and only when they could
                # change what goes down); otherwise the hand's own reading serves
                hd = h
                if above_wilds or rank in above or (d > 1 and not opened):
                    hd = split_hand([*hand, *pile[-d + 1:]], wild_ranks)
                if hd is h:
                    options = options_of.get(rank)
                    if options is None:
                        options = options_of[rank] = self.entry_options(
                            state, v, side, h, table, opened, entry, False)
                else:
                    options = self.entry_options(state, v, side, hd, table, opened, entry,
                                                 False)
                self.entry_takes(out, state, v, side, hand, options, entry, d, d - 1)
                if options and options[-1] is CUT_OPTION:
                    return out  # a bounded search stopped: no take may follow the cut
            for owner, m, name in targets.get(rank, ()):
                if not extends(v, m, 1, 0):
                    continue
                grown = ((1 if len(m.cards) + 1 >= size else 0)
                         - (1 if len(m.cards) >= size else 0)) if owner == side else 0
                if self.may_leave(state, v, n_hand + d - 1, table.canastas + grown):
                    out.append(_ONTO[name, d])
        return out

    # ---- after the draw -------------------------------------------------------------------------
    def adds(self, out: list[Action], state: State, v: Variant, side: int, h: Hand, table: Table,
             n_hand: int, now: int, need_out: int, ask_no: bool) -> None:
        # onto anyone's groups: the side's own canastas decide going out
        by_rank, wilds = h.by_rank, h.wilds
        # the kept answers looked up first (as GroupMoves.adds does); another's meld adds no
        # canasta to the side's, so its lay-offs are kept with their canastas at nought
        kept_adds = kept_table(v, "_fast_adds")
        kept_others = kept_table(v, "_fast_adds_others")
        for owner, m, target in named_groups(state, side):
            nats = by_rank.get(int(m.key), ())
            if not nats and not wilds:
                continue
            key = (m.key, len(m.cards), m.wilds, nats, wilds, target)
            if owner == side:
                adds = kept_adds.get(key) or group_adds(v, m, nats, wilds, target)
            else:
                adds = kept_others.get(key) or _others(kept_others, key, group_adds(
                    v, m, nats, wilds, target))
            self.keep_adds(out, adds, n_hand, now, need_out, ask_no)

    def swaps(self, out: list[Action], state: State, v: Variant, side: int, h: Hand) -> None:
        if not cast("Individual", v).joker_swap or not state.opened[side]:
            return
        wild_ranks = v.wild_ranks
        for _owner, m, target in named_groups(state, side):
            if not m.wilds:
                continue
            nats = dict.fromkeys(h.by_rank.get(int(m.key), ()))
            if not nats:
                continue
            for w in dict.fromkeys(c for c in sorted(m.cards, key=order) if c.rank in wild_ranks):
                for c in nats:
                    out.append(_SWAPS[c, w, target])


MOVES = IndividualMoves()
