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
from ...fastmoves import MELDS, Group, Hand, Kept, order
from ...groupmoves import GroupMoves, Table, TakeOption, extends, group_adds
from .owed import Owed, owed_entry, owed_need

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
    the table, the hand's wild cards and the owed ones. Every action puts the ranks whose
    naturals it moves on the table, so it is answered from what is kept here and those ranks."""

    def __init__(self, naturals: dict[int, int], held: dict[int, int], entries: dict[int, Owed],
                 wilds: int, wild: int) -> None:
        self.naturals = naturals
        self.held = held
        self.wilds = wilds
        self.wild = wild
        self.entries = entries
        # the fewest cards that play what is owed (-1: nothing is), by what changed
        self.needs: dict[tuple[tuple[int, ...], tuple[int, ...], int, int, int], int | None] = {}

    def fits(self, v: Variant, ranks: tuple[int, ...], lefts: tuple[int, ...], wilds: int,
             wild: int, room: int, hand_size: int, canasta: bool) -> bool:
        """Whether what is owed can be played when these ``ranks`` (then on the table) keep
        ``lefts`` owed naturals, with ``wilds`` in a hand of ``hand_size``, ``wild`` wild cards
        owed, ``room`` on the table, and whether the side has a canasta."""
        # as owed_need reads them: the room on the table only for owed wild cards, and no more
        # wild cards than new melds for every owed rank could take
        key = (ranks, lefts, min(wilds, v.max_wilds * (len(self.entries) + len(ranks))), wild,
               room if wild else 0)
        need = self.needs.get(key, -2)
        if need == -2:
            owed = sorted(e for r, e in self.entries.items() if r not in ranks)
            owed.extend((n, 0, True) for n in lefts if n)
            if not owed and not wild:
                need = -1  # nothing owed any more
            else:
                need = owed_need(v, tuple(sorted(owed)), wilds, wild, room)
            self.needs[key] = need
        if need is None:
            return False
        return need < 0 or hand_size - need >= (0 if canasta else 2)


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
        # no depth whose card a pair of the hand (or, once open, a meld on the table) could
        # take, with every card above it playable and, before opening, enough points in reach
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
        need = 0
        values = v.values_by_rank()
        most = most_value = 0
        if not opened:
            need = v.opening_need(state.scores[side])[0]
            meldable = [r for r, n in held.items() if n >= least]
            most = sum(held[r] * values[r] for r in meldable)
            most_value = max((values[r] for r in meldable), default=0)
        above: dict[int, int] = {}
        stuck: set[int] = set()
        for d in range(1, self.depths(v, pile) + 1):
            entry = pile[-d]
            if d > 1:
                r = pile[-d + 1].rank
                if r not in wild_ranks and r not in on_table:
                    k = above[r] = above.get(r, 0) + 1
                    if held.get(r, 0) + k < least:
                        stuck.add(r)
                    else:
                        stuck.discard(r)
            rank = entry.rank
            if rank in wild_ranks or (stuck and (len(stuck) > 1 or rank not in stuck)):
                continue
            n = held.get(rank, 0)
            if opened:
                if n >= 2 or (n and wilds) or rank in on_table:
                    return False
            elif (n >= 2 or (n and wilds)) and (
                    3 * values[rank] + most - (n * values[rank] if n >= least else 0)
                    + wilds * most_value >= need):
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
        # owed naturals of a rank with no group on the table and fewer naturals than a meld
        # needs, in the hand and above the entry together, can never be played: no take at that
        # depth (the entry's own rank goes on the table with it)
        least = v.min_naturals
        on_table = self.on_table
        naturals = self.naturals
        above: dict[int, int] = {}
        stuck: set[int] = set()
        for d in range(1, self.depths(v, pile) + 1):
            entry = pile[-d]
            if d > 1:
                r = pile[-d + 1].rank
                if r not in wild_ranks and r not in on_table:
                    k = above[r] = above.get(r, 0) + 1
                    if naturals.get(r, 0) + k < least:
                        stuck.add(r)
                    else:
                        stuck.discard(r)
            if entry.rank in wild_ranks:
                continue  # pile.entry: never for a wild card
            if stuck and (len(stuck) > 1 or entry.rank not in stuck):
                continue
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
                    if not owed.fits(v, (entry.rank,), (owed.naturals.get(entry.rank, 0),),
                                     owed.wilds, owed.wild, self.room, n_hand + d - 1,
                                     canastas > 0):
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
        ranks = [entry.rank]
        used = 2
        wilds = owed.wilds - n_wild
        for g in extra:  # other melds laid down with it: their ranks go on the table too
            room += max(0, max_wilds - len(g.wilds))
            ranks.append(g.rank)
            used += len(g.cards)
            wilds -= len(g.wilds)
        lefts = tuple(owed.naturals.get(r, 0) for r in ranks)
        return owed.fits(v, tuple(ranks), lefts, wilds, owed.wild, room,
                         len(state.hands[state.turn]) - used + depth - 1, canastas > 0)

    # ---- after the draw -------------------------------------------------------------------------
    def play(self, state: State, v: Variant, side: int, hand: list[Card], h: Hand, table: Table,
             opened: bool) -> list[Action]:
        limit: dict[Card, int] | None = state.extra.get("pile_owed_limit")
        if not limit:
            return super().play(state, v, side, hand, h, table, opened)
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
            return super().play(state, v, side, hand, h, table, opened)
        # cards owed from the pile: no discard yet, and every meld, lay-off or swap must leave
        # them playable
        self.read_counts(state, v, side, h)
        self.owed = owed_counts(v, owed_naturals, self.naturals, self.on_table, self.wild_count,
                               owed_wild)
        if opened:
            return self.owed_play(state, v, side, hand, h, table, limit, have)
        out = super().play(state, v, side, hand, h, table, opened)
        return [a for a in out if not isinstance(a, Discard)
                and self.owed_allows(state, v, side, a, limit, have, table.canastas)]

    def owed_play(self, state: State, v: Variant, side: int, hand: list[Card], h: Hand,
                  table: Table, limit: dict[Card, int], have: dict[Card, int]) -> list[Action]:
        """The legal actions after the draw of an open player who owes cards: the melds,
        lay-offs and swaps of :meth:`GroupMoves.play` (in its order) that leave them playable,
        and no discard. Each verdict is read from the cards it moves, counted once."""
        out: list[Action] = []
        n_hand = len(hand)
        ask_no = state.ask == "no"
        need_out = v.canastas_to_go_out
        now = table.canastas
        max_wilds = v.max_wilds
        wild_ranks = v.wild_ranks
        owed = self.owed
        lefts: dict[tuple[int, tuple[Card, ...]], int] = {}  # naturals played → owed left
        wild_fx: dict[tuple[Card, ...], int] = {}  # wild cards played → the change in owed wilds

        def change(cards: tuple[Card, ...], sign: int) -> int:
            """How many fewer (more, for sign 1) cards are owed once ``cards`` leave (join)."""
            total = 0
            for c in dict.fromkeys(cards):
                n = limit.get(c)
                if n is not None:
                    held = have.get(c, 0)
                    total += max(0, held + sign * cards.count(c) - n) - max(0, held - n)
            return total

        def fits(rank: int, nat: tuple[Card, ...], w: tuple[Card, ...], room: int, size: int,
                 canastas: int, added: Card | None = None) -> bool:
            left = lefts.get((rank, nat))
            if left is None:
                left = lefts[rank, nat] = owed.naturals.get(rank, 0) + change(nat, -1)
            dw = wild_fx.get(w)
            if dw is None:
                dw = wild_fx[w] = change(w, -1)
            wilds = owed.wilds - len(w)
            if added is not None:
                dw += change((added,), 1)
                wilds += 1
            return owed.fits(v, (rank,), (left,), wilds, owed.wild + dw, room, size, canastas > 0)

        # new melds, one rank at a time
        group_at = table.group_at
        least = v.min_naturals
        for rank in h.ranks:
            nats = h.by_rank[rank]
            if len(nats) < least or (v.one_meld_per_rank and rank in group_at):
                continue
            for g in self.rank_groups(v, rank, nats, h.wilds).groups:
                left = n_hand - len(g.cards)
                if left <= 1 and (ask_no or now + g.canasta < need_out):
                    continue
                w = g.wilds
                if fits(rank, g.cards[:len(g.cards) - len(w)], w,
                        self.room + max(0, max_wilds - len(w)), left, now + g.canasta):
                    out.append(MELDS[(g.cards,)])
        # lay-offs onto anyone's groups
        for target, (owner, m) in self.named.items():
            rank = int(m.key)
            nats = h.by_rank.get(rank, ())
            if not nats and not h.wilds:
                continue
            adds = group_adds(v, m, nats, h.wilds, target)
            room0 = max(0, max_wilds - m.wilds)
            for add, k, grown in zip(adds.actions, adds.sizes, adds.canasta, strict=True):
                canastas = now + (grown if owner == side else 0)
                if n_hand - k <= 1 and (ask_no or canastas < need_out):
                    continue
                cards = add.cards
                n_wild = sum(1 for c in cards if c.rank in wild_ranks)
                room = self.room + max(0, max_wilds - m.wilds - n_wild) - room0
                if fits(rank, cards[:k - n_wild], cards[k - n_wild:], room, n_hand - k, canastas):
                    out.append(add)
        # swaps for a wild card on the table
        swaps: list[Action] = []
        self.swaps(swaps, state, v, side, h)
        for a in swaps:
            assert isinstance(a, Swap) and a.card is not None
            owner, m = self.named[a.target]
            room = self.room + max(0, max_wilds - m.wilds + 1) - max(0, max_wilds - m.wilds)
            if fits(int(m.key), (a.card,), (), room, n_hand, now, a.wild):
                out.append(a)
        return out

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
        # every rank whose naturals move is on the table after the action
        ranks = tuple(dict.fromkeys([*spent, *new_ranks]))
        lefts = tuple(owed_naturals.get(r, 0) + changed.get(r, 0) for r in ranks)
        return owed.fits(v, ranks, lefts, wilds, owed_wild, room, hand_size, canastas > 0)

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
