"""Individual Canasta's legal actions without explanations: classic's fast path for groups of
one rank (:mod:`canasta.groupmoves`) with the rules of each for themselves.

What changes from classic: the pile is taken at any depth (the card gone in for is melded, the
cards above it join the hand and are owed: each must be playable that turn, :mod:`.owed`), never
frozen; threes are ordinary cards; toward the opening a wild card counts as the rank it joins;
once open, a player lays off onto anyone's melds (named 'Ada:K') and, with the host's
``joker_swap``, exchanges a natural card for a wild card on the table. While cards are owed, a
meld, lay-off or swap must leave them playable, and there is no discard.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ...actions import Action, Add, Discard, Meld, Swap, TakePile
from ...cards import RANK_TEXT, Card
from ...fastmoves import Group, Hand, Kept, order
from ...groupmoves import GroupMoves, Table, TakeOption, extends, group_adds
from .owed import Owed, owed_entry, owed_fits, owed_need

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


class OwedCounts:
    """Cards owed to the table, as their verdict (:func:`.owed.owed_need`) reads them: owed
    naturals by rank, the naturals the hand holds by rank (the owed ones included), the ranks on
    the table, the hand's wild cards and the owed ones. Actions that move the naturals of one rank
    only, and leave that rank on the table, are answered from what is kept here."""

    def __init__(self, naturals: dict[int, int], held: dict[int, int], entries: dict[int, Owed],
                 wilds: int, wild: int) -> None:
        self.naturals = naturals
        self.held = held
        self.wilds = wilds
        self.wild = wild
        self.entries = entries
        self.others: dict[int, list[Owed]] = {}
        self.needs: dict[tuple[int, int, int, int, int], int | None] = {}

    def one_rank(self, v: Variant, rank: int, left: int, wilds: int, wild: int,
                 room: int) -> int | None:
        """The fewest cards that play what is owed when ``rank`` (then on the table) keeps
        ``left`` owed naturals, with ``wilds`` in the hand, ``wild`` owed and ``room`` on the
        table."""
        key = (rank, left, wilds, wild, room)
        if key in self.needs:
            return self.needs[key]
        others = self.others.get(rank)
        if others is None:
            others = self.others[rank] = [e for r, e in self.entries.items() if r != rank]
        owed = tuple(sorted([*others, (left, 0, True)] if left else others))
        need = self.needs[key] = owed_need(v, owed, wilds, wild, room)
        return need


def owed_counts(v: Variant, naturals: dict[int, int], held: dict[int, int], on_table: set[int],
                wilds: int, wild: int) -> OwedCounts:
    """The counts of cards owed: ``naturals`` by rank, ``wild`` wild cards."""
    entries = {r: owed_entry(v, n, held.get(r, 0), r in on_table) for r, n in naturals.items()}
    return OwedCounts(naturals, held, entries, wilds, wild)


class IndividualMoves(GroupMoves):
    def __init__(self) -> None:
        super().__init__(threes_special=False, wilds_as_rank=True)
        # what the owed cards' verdict reads during one answer (the hand, the table, the
        # cards above the pile's entry card), counted once
        self.naturals: dict[int, int] = {}
        self.on_table: set[int] = set()
        self.room = 0
        self.above = OwedCounts({}, {}, {}, 0, 0)  # at one depth of the pile
        self.above_at = 0  # the depth they were counted for (0: none yet)
        self.depth = 0
        self.pile: list[Card] = []
        self.owed = self.above  # after the draw
        self.wild_count = 0
        self.own: dict[int, TableMeld] = {}
        self.named: dict[str, tuple[int, TableMeld]] = {}

    def extra_key(self, state: State, side: int) -> object:
        limit = state.extra.get("pile_owed_limit")
        return dict(limit) if limit else None

    def legal(self, state: State, side: int) -> list[Action] | None:
        # two groups of one rank on a side come only from hand-made scenarios (a target would
        # then name the first): the checked path answers
        for melds in state.melds:
            ranks = [m.key for m in melds if m.kind == "group"]
            if len(set(ranks)) != len(ranks):
                return None
        return super().legal(state, side)

    # ---- the pile, at any depth ---------------------------------------------------------------
    def only_draw(self, state: State, v: Variant, side: int, hand: list[Card], table: Table,
                  opened: bool) -> bool:
        pile = state.pile
        wild_ranks = v.wild_ranks
        held: dict[int, int] = {}
        wilds = 0
        for c in hand:
            if c.rank in wild_ranks:
                wilds += 1
            else:
                held[c.rank] = held.get(c.rank, 0) + 1
        melded = ({int(m.key) for melds in state.melds for m in melds if m.kind == "group"}
                  if opened else set())
        for entry in pile[-self.depths(v, pile):]:
            if entry.rank in wild_ranks:
                continue
            n = held.get(entry.rank, 0)
            if n >= 2 or (n and wilds) or entry.rank in melded:
                return False
        return True

    @staticmethod
    def depths(v: Variant, pile: list[Card]) -> int:
        """How deep the pile may be taken (the host may allow only its top card)."""
        return 1 if cast("Individual", v)._top_only else len(pile)

    def takes(self, state: State, v: Variant, side: int, hand: list[Card], h: Hand, table: Table,
              opened: bool) -> list[Action]:
        pile = state.pile
        if not pile:
            return []
        wild_ranks = v.wild_ranks
        out: list[Action] = []
        self.read_counts(state, v, side, h)
        # the melds a card from the pile may go onto, by rank, in the table's order
        targets: dict[int, list[tuple[int, TableMeld, str]]] = {}
        for name, (owner, m) in self.named.items():
            targets.setdefault(int(m.key), []).append((owner, m, name))
        self.pile = pile
        self.above_at = 0
        n_hand = len(hand)
        by_rank: dict[int, list[TakeOption]] = {}
        size = v.canasta_size
        for d in range(1, self.depths(v, pile) + 1):
            entry = pile[-d]
            if entry.rank in wild_ranks:
                continue  # pile.entry: never for a wild card
            self.depth = d
            n = self.naturals.get(entry.rank, 0)
            if n >= 2 or (n and self.wild_count):  # a pair may go with it
                # the same for every card of this rank, whatever its depth
                options = by_rank.get(entry.rank)
                if options is None:
                    options = by_rank[entry.rank] = self.entry_options(
                        state, v, side, h, table, opened, entry, False)
                self.entry_takes(out, state, v, side, hand, options, entry, d, d - 1)
            if not opened:
                continue
            for owner, m, name in targets.get(entry.rank, ()):
                if not extends(v, m, 1, 0):
                    continue
                grown = ((1 if len(m.cards) + 1 >= size else 0)
                         - (1 if len(m.cards) >= size else 0)) if owner == side else 0
                canastas = table.canastas + grown
                if not self.may_leave(state, v, n_hand + d - 1, canastas):
                    continue
                if d > 1:  # the entry's rank is on the table already
                    owed = self.above_owed(v)
                    need = owed.one_rank(v, entry.rank, owed.naturals.get(entry.rank, 0),
                                         owed.wilds, owed.wild, self.room)
                    if need is None or n_hand + d - 1 - need < (0 if canastas > 0 else 2):
                        continue
                out.append(_ONTO[name, d])
        return out

    def above_owed(self, v: Variant) -> OwedCounts:
        """The cards owed by a take at the depth being judged: those above its entry card."""
        depth = self.depth
        if self.above_at != depth:
            wild_ranks = v.wild_ranks
            naturals: dict[int, int] = {}
            wild = 0
            for c in self.pile[len(self.pile) - depth + 1:]:
                if c.rank in wild_ranks:
                    wild += 1
                else:
                    naturals[c.rank] = naturals.get(c.rank, 0) + 1
            held = dict(self.naturals)
            for r, k in naturals.items():
                held[r] = held.get(r, 0) + k
            self.above = owed_counts(v, naturals, held, self.on_table, self.wild_count + wild,
                                     wild)
            self.above_at = depth
        return self.above

    def take_ok(self, state: State, v: Variant, side: int, pair: tuple[Card, ...],
                extra: tuple[Group, ...], entry: Card, depth: int, canastas: int) -> bool:
        if depth == 1:
            return True  # nothing joins the hand above the card gone in for
        max_wilds = v.max_wilds
        wild_ranks = v.wild_ranks
        n_wild = sum(1 for c in pair if c.rank in wild_ranks)
        # the entry's group: the player's own grows, or a new one
        m = self.own.get(entry.rank)
        room = self.room
        if m is not None:
            room += max(0, max_wilds - m.wilds - n_wild) - max(0, max_wilds - m.wilds)
        else:
            room += max(0, max_wilds - n_wild)
        owed = self.above_owed(v)
        size = len(state.hands[state.turn]) - 2 + depth - 1
        if not extra:  # only the entry's rank changes: it is on the table now
            need = owed.one_rank(v, entry.rank, owed.naturals.get(entry.rank, 0),
                                 owed.wilds - n_wild, owed.wild, room)
            return need is not None and size - need >= (0 if canastas > 0 else 2)
        on_table = self.on_table | {entry.rank}
        used: list[Card] = list(pair)
        for g in extra:
            room += max(0, max_wilds - len(g.wilds))
            on_table.add(g.rank)
            used.extend(g.cards)
        spent: dict[int, int] = {}
        wilds = owed.wilds
        for c in used:
            if c.rank in wild_ranks:
                wilds -= 1
            else:
                spent[c.rank] = spent.get(c.rank, 0) + 1
        held = owed.held
        ranks = tuple((r, n, held.get(r, 0) - spent.get(r, 0), r in on_table)
                      for r, n in owed.naturals.items())
        return owed_fits(v, ranks, wilds, size - len(used) + 2, owed.wild, room, canastas > 0)

    # ---- after the draw -------------------------------------------------------------------------
    def play(self, state: State, v: Variant, side: int, hand: list[Card], h: Hand, table: Table,
             opened: bool) -> list[Action]:
        out = super().play(state, v, side, hand, h, table, opened)
        limit: dict[Card, int] | None = state.extra.get("pile_owed_limit")
        if not limit:
            return out
        have: dict[Card, int] = {}
        for c in hand:
            have[c] = have.get(c, 0) + 1
        # the cards owed now, counted by rank (wild cards together)
        owed_naturals: dict[int, int] = {}
        owed_wild = 0
        for c, n in limit.items():
            k = have.get(c, 0) - n
            if k > 0:
                if c.rank in v.wild_ranks:
                    owed_wild += k
                else:
                    owed_naturals[c.rank] = owed_naturals.get(c.rank, 0) + k
        if not owed_naturals and not owed_wild:
            return out
        # cards owed from the pile: no discard yet, and every meld, lay-off or swap must leave
        # them playable
        self.read_counts(state, v, side, h)
        self.owed = owed_counts(v, owed_naturals, self.naturals, self.on_table, self.wild_count,
                               owed_wild)
        return [a for a in out if not isinstance(a, Discard)
                and self.owed_allows(state, v, side, a, limit, have, table.canastas)]

    def read_counts(self, state: State, v: Variant, side: int, h: Hand) -> None:
        """The counts the owed cards' verdict reads: the hand's naturals by rank and wild cards,
        the ranks of the groups on the table and the wild cards they still take, the player's
        own groups by rank, and every group by the name a player of ``side`` gives it."""
        max_wilds = v.max_wilds
        self.naturals = {r: len(cards) for r, cards in h.by_rank.items()}
        self.wild_count = len(h.wilds)
        self.on_table = set()
        self.room = 0
        self.own = {}
        self.named = {}
        for owner, melds in enumerate(state.melds):
            for m in melds:
                if m.kind == "group":
                    rank = int(m.key)
                    self.on_table.add(rank)
                    self.room += max(0, max_wilds - m.wilds)
                    self.named[target_name(state, side, owner, RANK_TEXT[rank])] = (owner, m)
                    if owner == side:
                        self.own[rank] = m

    def owed_allows(self, state: State, v: Variant, side: int, a: Action,
                    limit: dict[Card, int], have: dict[Card, int], canastas: int) -> bool:
        """check_meld / check_add / check_swap's verdict on the cards still owed after ``a``."""
        max_wilds = v.max_wilds
        wild_ranks = v.wild_ranks
        size = v.canasta_size
        room = self.room
        new_ranks: list[int] = []
        added: Card | None = None
        if isinstance(a, Meld):
            used = [c for g in a.groups for c in g]
            for g in a.groups:
                k = sum(1 for c in g if c.rank in wild_ranks)
                room += max(0, max_wilds - k)
                new_ranks.append(next(c.rank for c in g if c.rank not in wild_ranks))
                canastas += 1 if len(g) >= size else 0
        elif isinstance(a, (Add, Swap)):
            owner, m = self.named[a.target]
            if isinstance(a, Add):
                used = list(a.cards)
                k = sum(1 for c in used if c.rank in wild_ranks)
                if owner == side:
                    canastas += ((1 if len(m.cards) + len(used) >= size else 0)
                                 - (1 if len(m.cards) >= size else 0))
            else:
                assert a.card is not None
                used, added, k = [a.card], a.wild, -1
            room += max(0, max_wilds - m.wilds - k) - max(0, max_wilds - m.wilds)
        else:
            return True
        hand_size = len(state.hands[state.turn]) - len(used) + (1 if added is not None else 0)
        owed = self.owed
        # what stays owed: the cards of each face the hand still holds beyond its limit (only
        # the faces the action moves can change)
        owed_naturals = owed.naturals
        owed_wild = owed.wild
        wilds = owed.wilds + (1 if added is not None else 0)
        moved: dict[Card, int] = {}
        changed: dict[int, int] = {}  # rank → change in its owed naturals
        spent: dict[int, int] = {}  # rank → naturals played
        for c in used:
            moved[c] = moved.get(c, 0) - 1
            if c.rank in wild_ranks:
                wilds -= 1
            else:
                spent[c.rank] = spent.get(c.rank, 0) + 1
        if added is not None:
            moved[added] = moved.get(added, 0) + 1
        for c, k in moved.items():
            n = limit.get(c)
            if n is None:
                continue
            held = have.get(c, 0)
            change = max(0, held + k - n) - max(0, held - n)
            if change:
                if c.rank in wild_ranks:
                    owed_wild += change
                else:
                    changed[c.rank] = changed.get(c.rank, 0) + change
        keep = 0 if canastas > 0 else 2
        if len(spent) <= 1 and not new_ranks[1:]:
            # one rank's naturals (or none) move, and that rank is on the table after
            rank = next(iter(spent)) if spent else (new_ranks[0] if new_ranks else -1)
            left = owed_naturals.get(rank, 0) + changed.get(rank, 0)
            if not left and not owed_wild and len(owed_naturals) - (rank in owed_naturals) == 0:
                return True  # nothing is owed any more
            need = owed.one_rank(v, rank, left, wilds, owed_wild, room)
            return need is not None and hand_size - need >= keep
        left_naturals = dict(owed_naturals)
        for r, change in changed.items():
            k = left_naturals.get(r, 0) + change
            if k:
                left_naturals[r] = k
            else:
                del left_naturals[r]
        if not left_naturals and not owed_wild:
            return True
        on_table = self.on_table
        ranks = tuple((r, n, owed.held.get(r, 0) - spent.get(r, 0), r in on_table or r in new_ranks)
                      for r, n in left_naturals.items())
        return owed_fits(v, ranks, wilds, hand_size, owed_wild, room, canastas > 0)

    def adds(self, out: list[Action], state: State, v: Variant, side: int, h: Hand, table: Table,
             n_hand: int, now: int, need_out: int, ask_no: bool) -> None:
        # onto anyone's groups: the side's own canastas decide going out
        by_rank, wilds = h.by_rank, h.wilds
        for owner, melds in enumerate(state.melds):
            for m in melds:
                if m.kind != "group":
                    continue
                nats = by_rank.get(int(m.key), ())
                if not nats and not wilds:
                    continue
                target = target_name(state, side, owner, RANK_TEXT[int(m.key)])
                adds = group_adds(v, m, nats, wilds, target)
                if owner != side:
                    adds = adds._replace(canasta=[0] * len(adds.canasta))
                self.keep_adds(out, adds, n_hand, now, need_out, ask_no)

    def swaps(self, out: list[Action], state: State, v: Variant, side: int, h: Hand) -> None:
        if not cast("Individual", v).joker_swap or not state.opened[side]:
            return
        wild_ranks = v.wild_ranks
        for owner, melds in enumerate(state.melds):
            for m in melds:
                if m.kind != "group" or not m.wilds:
                    continue
                nats = dict.fromkeys(h.by_rank.get(int(m.key), ()))
                if not nats:
                    continue
                target = target_name(state, side, owner, RANK_TEXT[int(m.key)])
                for w in dict.fromkeys(c for c in sorted(m.cards, key=order) if c.rank in wild_ranks):
                    for c in nats:
                        out.append(_SWAPS[c, w, target])


MOVES = IndividualMoves()
