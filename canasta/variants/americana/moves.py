"""Canasta Americana's legal actions without explanations: the same list, in the same order, as
the candidates of :mod:`.candidates` that ``check`` allows, computed from the hand split by rank
with what :mod:`canasta.fastmoves` and :mod:`canasta.groupmoves` share.

What Americana has of its own: threes laid down (also before the draw, while the stock can
replace them), melds of wild cards alone (three to seven), sevens that never take a wild card and
aces that take one only in the meld that leaves the hoyo, melds of seven cards at most, the pile
taken with two or more naturals of its top card (and, leaving the hoyo, other melds), never onto a
meld of five or more, a hand never emptied without a discard, special hands of fourteen cards, and
discards that keep threes, wild cards, aces and sevens back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...actions import Action
from ...cards import ACE, Card, sorted_cards
from ...fastmoves import (
    ADDS,
    CUT_MELD,
    CUT_TAKE,
    DRAW,
    MELDS,
    SUBS,
    TAKES,
    Group,
    Hand,
    combos,
    kept_table,
    points_of,
    split_hand,
)
from ...groupmoves import PASS, GroupMoves, Table, group_ok
from .hands import SPECIAL_HAND_SIZE, classify
from .melds import is_special
from .turns import in_hoyo

if TYPE_CHECKING:
    from ...melds import Meld as TableMeld
    from ...state import State
    from ...variant import Variant

SEVEN = 7


def rank_groups(v: Variant, rank: int, nats: tuple[Card, ...], wilds: tuple[Card, ...],
                aces_wild_ok: bool) -> list[Group]:
    """The new groups of ``rank`` these naturals and wild cards make, in the order of
    :func:`canasta.movegen.group_candidates`: wild cards within the limits (never with sevens,
    with aces only where ``aces_wild_ok``), seven cards at most. Kept per variant."""
    if len(nats) < v.min_naturals or len(nats) + len(wilds) < v.meld_min:
        return []  # group_ok refuses every one (most ranks of a hand: a card or two, no wild)
    cache = kept_table(v, "_fast_americana")
    key = (nats, wilds, aces_wild_ok)
    found = cache.get(key)
    if found is None:
        values = v.values_by_rank()
        size = v.canasta_size
        no_wilds = rank == SEVEN or (rank == ACE and not aces_wild_ok)
        found = cache[key] = [
            Group(nat + w, rank, True, True, True, 1 if len(nat) + len(w) >= size else 0,
                  points_of(values, nat + w), w, points_of(values, w))
            for nat in SUBS[nats, 1, len(nats)] for w in SUBS[wilds, 0, v.max_wilds]
            if not (w and no_wilds) and group_ok(v, len(nat), len(w))]
    return found  # type: ignore[no-any-return]


def wild_melds(v: Variant, wilds: tuple[Card, ...]) -> tuple[list[Group], list[list[Group]]]:
    """The melds of wild cards alone (three to seven) these wild cards make, in the order move
    generation proposes them, and the same split as its search keys them: by their first
    card, a 2 or a joker, in the order each key first appears (so a first meld could hold one
    of each, which ``check`` refuses). Kept per variant."""
    cache = kept_table(v, "_fast_americana_wilds")
    found = cache.get(wilds)
    if found is None:
        values = v.values_by_rank()
        size = v.canasta_size
        melds: list[Group] = []
        keyed: dict[int, list[Group]] = {}
        for w in SUBS[wilds, v.meld_min, v.max_meld_size]:
            points = points_of(values, w)
            g = Group(w, w[0].rank, True, True, False, 1 if len(w) >= size else 0, points, w,
                      points)
            melds.append(g)
            keyed.setdefault(g.rank, []).append(g)
        found = cache[wilds] = (melds, list(keyed.values()))
    return found  # type: ignore[no-any-return]


def special_barred(state: State) -> bool:
    """Whether the player to move has melded this hand (threes aside) or took an ala: a special
    hand is a player's first meld."""
    seat = state.turn
    return seat in state.extra.get("special_barred", ()) or seat in state.extra.get("ala_seat", ())


def one_wild_meld(combo: tuple[Group, ...]) -> bool:
    """meld.rank-exists: a pair lays down one meld of wild cards at most."""
    return sum(1 for g in combo if not g.is_group) <= 1


# a group's lay-offs: the actions, the cards each takes, whether each makes a canasta (1 or
# 0), and the most cards one takes
_Adds = tuple[tuple[Action, ...], tuple[int, ...], tuple[int, ...], int]


class AmericanaMoves(GroupMoves):
    def __init__(self) -> None:
        super().__init__(threes_special=False)

    def extra_key(self, state: State, side: int) -> object:
        # threes are laid down only while the stock can replace them; a special hand only as
        # the player's first meld
        return len(state.stock), special_barred(state)

    def legal(self, state: State, side: int) -> list[Action] | None:
        v = state.variant
        melds = state.melds[side]
        table = self.table(v, tuple(melds))
        hoyo = in_hoyo(state, side)
        # two melds of wild cards, or a side open in the hoyo (or the other way round), come only
        # from hand-made scenarios: the checked path answers
        if table is None or state.opened[side] == hoyo or sum(
                1 for m in melds if m.kind == "wilds") > 1:
            return None
        hand = state.hands[state.turn]
        h = split_hand(hand, v.wild_ranks)
        if state.phase == "draw":
            return self.draw(state, v, side, hand, h, table, hoyo)
        return self.after_draw(state, v, side, hand, h, table, hoyo)

    @staticmethod
    def may_leave(state: State, v: Variant, left: int, canastas: int) -> bool:
        # out.must-discard: a hand is never emptied but by its last discard; coming down to that
        # card needs the canastas (out.needs-canasta)
        return left >= 2 or (left == 1 and state.ask != "no"
                             and canastas >= v.canastas_to_go_out)

    @staticmethod
    def threes(out: list[Action], h: Hand, most: int) -> None:
        """meld.threes: threes laid down, as many as the stock can replace (``most``)."""
        threes = h.by_rank.get(3, ())
        if threes and most > 0:
            out.extend(MELDS[(g,)] for g in SUBS[threes, 1, min(len(threes), most)])

    # ---- before the draw --------------------------------------------------------------------------
    def draw(self, state: State, v: Variant, side: int, hand: list[Card], h: Hand, table: Table,
             hoyo: bool) -> list[Action]:
        stock = len(state.stock)
        out: list[Action] = [DRAW] if stock else []
        self.threes(out, h, stock - 1)  # one card stays for the draw
        self.pile_takes(out, state, v, side, hand, h, table, hoyo)
        if not stock:  # turn.pass: the empty stock chosen, which ends play
            out.append(PASS)
        return out

    def pile_takes(self, out: list[Action], state: State, v: Variant, side: int,
              hand: list[Card], h: Hand, table: Table, hoyo: bool) -> None:
        """pile.take: the pile's top card down with two or more of its rank from the hand (and
        wild cards), onto the pair's meld of that rank while it has fewer than five cards."""
        pile = state.pile
        if not pile:
            return
        top = pile[-1]
        rank = top.rank
        nats = h.by_rank.get(rank, ())
        # pile.top-wild / pile.top-three; pile.use-top: two naturals of its rank at least
        if rank in v.wild_ranks or rank == 3 or len(nats) < 2:
            return
        idx = table.group_at.get(rank)
        existing = state.melds[side][idx] if idx is not None else None
        if existing is not None and existing.size >= 5:
            return  # pile.meld-full
        values = v.values_by_rank()
        size = v.canasta_size
        most = v.max_meld_size
        need = v.opening_need(state.scores[side])[0] if hoyo else 0
        now = table.canastas
        n_hand = len(hand)
        joined = len(pile) - 1
        wilds = h.wilds
        for nat in SUBS[nats, 2, most - 1]:
            for w in SUBS[wilds, 0, v.max_wilds]:
                n, k = 1 + len(nat), len(w)  # the top card is a natural of the rank
                if existing is not None:  # it grows: within its own limits
                    if k and (rank == SEVEN or is_special(existing)):
                        continue
                    if not self.grows(v, existing, n, k):
                        continue
                    top_canasta = ((1 if existing.size + n + k >= size else 0)
                                   - (1 if existing.size >= size else 0))
                else:
                    if k and (rank == SEVEN or (rank == ACE and not hoyo)):
                        continue
                    if not group_ok(v, n, k):
                        continue
                    top_canasta = 1 if n + k >= size else 0
                with_cards = nat + w
                top_points = values[rank] + points_of(values, with_cards)
                if (not hoyo or top_points >= need) and self.may_leave(
                        state, v, n_hand - len(with_cards) + joined, now + top_canasta):
                    out.append(TAKES[with_cards, (), 1])
                if hoyo and not self.takes_with_melds(
                        out, state, v, h, table, rank, with_cards, w, need - top_points,
                        n_hand + joined - len(with_cards), now + top_canasta):
                    out.append(CUT_TAKE)  # a bounded search stopped: no take may follow
                    return

    @staticmethod
    def grows(v: Variant, m: TableMeld, naturals: int, wilds: int) -> bool:
        """Whether a group takes this many more naturals and wild cards (Americana's limits)."""
        n, k = m.naturals + naturals, m.wilds + wilds
        return (k <= v.max_wilds and n >= v.min_naturals
                and (not v.wilds_at_most_naturals or k <= n) and m.size + naturals + wilds
                <= v.max_meld_size)

    def takes_with_melds(self, out: list[Action], state: State, v: Variant, h: Hand,
                         table: Table, rank: int, with_cards: tuple[Card, ...],
                         used_wilds: tuple[Card, ...], need: int, left: int,
                         canastas: int) -> bool:
        """The takes that lay down other melds from the hand with the pile's card (as many as
        the hand holds, to reach the minimum together): groups of other ranks and melds of wild cards. False
        when a bounded search stopped before it found them all."""
        wilds = h.wilds
        if used_wilds:
            rest = list(wilds)
            for c in used_wilds:
                rest.remove(c)
            wilds = tuple(rest)
        keyed = self.keyed(state, v, h, table, wilds, skip=rank)
        sets = combos(keyed, wilds, points_of(v.values_by_rank(), wilds), len(keyed), need,
                      self.limit)
        for combo in sets:
            if not one_wild_meld(combo):
                continue
            if self.may_leave(state, v, left - sum(len(g.cards) for g in combo),
                              canastas + sum(g.canasta for g in combo)):
                out.append(TAKES[with_cards, tuple(g.cards for g in combo), 1])
        return self.found_all(sets)

    def keyed(self, state: State, v: Variant, h: Hand, table: Table, wilds: tuple[Card, ...],
              skip: int = 0) -> list[list[Group]]:
        """The new melds a side leaving the hoyo could lay down together, keyed as move
        generation searches them: by rank (aces first), then melds of wild cards by their first
        card. A rank or a meld of wild cards the side has already is left out (rank-exists)."""
        keyed: list[list[Group]] = []
        for r in h.ranks:
            if r == 3 or r == skip or r in table.group_at:
                continue
            gs = rank_groups(v, r, h.by_rank[r], wilds, True)
            if gs:
                keyed.append(gs)
        side = state.side_of(state.turn)
        if not any(m.kind == "wilds" for m in state.melds[side]):
            keyed.extend(wild_melds(v, wilds)[1])
        return keyed

    # ---- after the draw ---------------------------------------------------------------------------
    def after_draw(self, state: State, v: Variant, side: int, hand: list[Card], h: Hand,
                   table: Table, hoyo: bool) -> list[Action]:
        out: list[Action] = []
        n_hand = len(hand)
        now = table.canastas
        wilds = h.wilds
        if hoyo:  # first melds, together, reaching the minimum
            need = v.opening_need(state.scores[side])[0]
            keyed = self.keyed(state, v, h, table, wilds)
            sets = combos(keyed, wilds, points_of(v.values_by_rank(), wilds), len(keyed), need,
                          self.limit)
            for combo in sets:
                if one_wild_meld(combo) and self.may_leave(
                        state, v, n_hand - sum(len(g.cards) for g in combo),
                        now + sum(g.canasta for g in combo)):
                    out.append(MELDS[tuple(g.cards for g in combo)])
            if not self.found_all(sets):
                out.append(CUT_MELD)  # no meld may follow it: the threes and special hand
        else:  # one meld at a time: aces without wild cards now
            for r in h.ranks:
                if r == 3 or r in table.group_at:
                    continue
                for g in rank_groups(v, r, h.by_rank[r], wilds, False):
                    if self.may_leave(state, v, n_hand - len(g.cards), now + g.canasta):
                        out.append(MELDS[(g.cards,)])
            if not any(m.kind == "wilds" for m in state.melds[side]):
                for g in wild_melds(v, wilds)[0]:
                    if self.may_leave(state, v, n_hand - len(g.cards), now + g.canasta):
                        out.append(MELDS[(g.cards,)])
        self.layoffs(out, state, v, side, h, n_hand, now)
        self.threes(out, h, len(state.stock))
        if n_hand == SPECIAL_HAND_SIZE and not special_barred(state):
            # special.hand: the whole hand at once, as the player's first meld
            cards = tuple(sorted_cards(hand))
            if classify(cards)[0] is not None:
                out.append(MELDS[(cards,)])
        self.discards(out, state, v, hand, h, now)
        return out

    def layoffs(self, out: list[Action], state: State, v: Variant, side: int, h: Hand,
                n_hand: int, now: int) -> None:
        """Lay-offs onto the pair's groups and melds of wild cards, up to seven cards."""
        size = v.canasta_size
        wilds = h.wilds
        kept = kept_table(v, "_americana_adds")
        for m in state.melds[side]:
            room = v.max_meld_size - m.size
            if room <= 0:
                continue
            was = 1 if m.size >= size else 0
            if m.kind == "wilds":
                for w in SUBS[wilds, 1, room]:
                    if self.may_leave(state, v, n_hand - len(w),
                                      now + (1 if m.size + len(w) >= size else 0) - was):
                        out.append(ADDS[w, m.label])
                continue
            if m.kind != "group":
                continue
            nats = h.by_rank.get(int(m.key), ())
            if not nats and not wilds:
                continue
            # the group's lay-offs depend on the group and these cards alone: kept
            key = (m.key, m.size, m.wilds, nats, wilds, m.label)
            adds = kept.get(key) or self.group_layoffs(v, m, nats, wilds, room, key)
            if n_hand - adds[3] >= 2:  # none leaves one card or none: every one may go
                out.extend(adds[0])
                continue
            for add, k, grown in zip(adds[0], adds[1], adds[2], strict=True):
                if self.may_leave(state, v, n_hand - k, now + grown - was):
                    out.append(add)

    def group_layoffs(self, v: Variant, m: TableMeld, nats: tuple[Card, ...],
                      wilds: tuple[Card, ...], room: int, key: object) -> _Adds:
        """The lay-offs onto group ``m`` from these naturals and wild cards, with how many cards
        each takes and whether it makes the group a canasta, and the most cards one takes
        (kept by ``key``)."""
        size = v.canasta_size
        special = is_special(m) or m.key == SEVEN  # never a wild card
        wild_room = max(0, v.max_wilds - m.wilds)
        actions: list[Action] = []
        sizes: list[int] = []
        grown: list[int] = []
        for nat in SUBS[nats, 0, room]:
            for w in SUBS[wilds, 0, min(wild_room, room - len(nat))]:
                k = len(nat) + len(w)
                if not k or (w and special) or not self.grows(v, m, len(nat), len(w)):
                    continue
                actions.append(ADDS[nat + w, m.label])
                sizes.append(k)
                grown.append(1 if m.size + k >= size else 0)
        adds = (tuple(actions), tuple(sizes), tuple(grown), max(sizes, default=0))
        kept_table(v, "_americana_adds")[key] = adds
        return adds

    @staticmethod
    def discards(out: list[Action], state: State, v: Variant, hand: list[Card], h: Hand,
                 now: int) -> None:
        """The discards: the last card only with the canastas to go out; threes only from a
        hand of threes with no stock, wild cards only from a hand of wild cards and threes,
        aces and sevens onto an empty pile only when no other natural is held."""
        if len(hand) == 1:
            if state.ask != "no" and now >= v.canastas_to_go_out:
                out.extend(h.discards)
            return
        wild_ranks = v.wild_ranks
        threes_only = all(c.rank == 3 for c in hand) and not state.stock
        wilds_and_threes = all(c.rank in wild_ranks or c.rank == 3 for c in hand)
        # aces and sevens go onto an empty pile only when no other natural is held
        others = any(r not in (3, ACE, SEVEN) for r in h.by_rank)
        for d in h.discards:
            c = d.card
            assert c is not None
            if c.rank == 3:
                ok = threes_only
            elif c.rank in wild_ranks:
                ok = wilds_and_threes
            elif c.rank == ACE or c.rank == SEVEN:
                ok = bool(state.pile) or not others
            else:
                ok = True
            if ok:
                out.append(d)


MOVES = AmericanaMoves()
