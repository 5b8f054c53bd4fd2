"""Fast legal actions for variants of groups of one rank: classic's, and the variants that change
a few of its rules (their ``moves.py`` extend :class:`GroupMoves`).

The definition of a legal action stays :func:`canasta.movegen.checked_legal_actions` (the
candidates that ``check`` allows). This module computes the same list, in the same order, from
the hand grouped by rank and from verdicts kept per group of cards, without building an
explanation. ``tests/test_fast_moves.py`` compares the two at every decision of random and greedy
games under several house rules in every variant, the property tests on random reachable
states, and ``canasta simulate`` at every 20th position.

Why it exists: uniform-random play asks for the legal actions at every decision, and building an
explanation for each candidate only to keep its verdict cost about nine tenths of a game's time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .actions import Action, Add, AskPartner, Discard, Meld, Pass, Swap, TakePile
from .cards import RANK_TEXT, Card
from .fastmoves import (
    ADDS,
    ANSWERS,
    CUT_MELD,
    CUT_TAKE,
    DRAW,
    MELDS,
    NEXT,
    SUBS,
    TAKES,
    Generator,
    Group,
    Hand,
    Position,
    combos,
    kept_table,
    order,
    points_of,
    split_hand,
)

if TYPE_CHECKING:
    from .melds import Meld as TableMeld
    from .state import State
    from .variant import Variant

_ASK, PASS = AskPartner(), Pass()

# what the pile's top card allows (``GroupMoves.pile_rule``)
PILE_OPEN, PILE_NATURAL, PILE_CLOSED = 0, 1, 2


class RankGroups:
    """The candidate groups of one rank for a hand (those ``make_meld`` accepts when going out,
    as move generation proposes them) and the meld actions of those it accepts in any case.

    For any rank but threes the verdicts depend only on how many naturals and wild cards a group
    has, so a rank is held as its natural choices and the wild-card choices that fit each number
    of naturals; the meld actions (once the side has opened) and the groups (for first melds, or
    a meld that goes out) are built the first time they are asked for."""

    __slots__ = ("longest", "_melds", "_groups", "_v", "_rank", "_nats", "_wilds", "_fits",
                 "_as_rank")

    def __init__(self, longest: int, melds: list[Meld] | None = None,
                 groups: list[Group] | None = None, v: Variant | None = None, rank: int = 0,
                 nats: list[tuple[Card, ...]] | None = None,
                 wilds: list[tuple[Card, ...]] | None = None,
                 fits: list[list[tuple[Card, ...]]] | None = None, as_rank: bool = False) -> None:
        self.longest = longest
        self._melds = melds
        self._groups = groups
        self._v, self._rank, self._nats, self._wilds, self._fits = v, rank, nats, wilds, fits
        self._as_rank = as_rank

    @property
    def melds(self) -> list[Meld]:
        melds = self._melds
        if melds is None:
            fits = self._fits
            assert fits is not None and self._nats is not None
            melds = self._melds = [MELDS[(nat + w,)] for nat in self._nats for w in fits[len(nat)]]
        return melds

    @property
    def groups(self) -> list[Group]:
        groups = self._groups
        if groups is None:
            v, fits, nat_subs = self._v, self._fits, self._nats
            assert v is not None and fits is not None and nat_subs is not None
            values, rank, size = v.values_by_rank(), self._rank, v.canasta_size
            nat_value = values[rank]
            if self._as_rank:  # a wild card counts as the rank it joins
                wild_points = {w: len(w) * nat_value for w in self._wilds or ()}
            else:
                wild_points = {w: points_of(values, w) for w in self._wilds or ()}
            groups = self._groups = [
                Group(nat + w, rank, True, True, True, 1 if len(nat) + len(w) >= size else 0,
                      len(nat) * nat_value + wild_points[w], w, wild_points[w])
                for nat in nat_subs for w in fits[len(nat)]]
        return groups


def group_ok(v: Variant, n: int, k: int) -> bool:
    """``make_group``'s verdict on a new group (not of threes) of ``n`` naturals and ``k`` wild
    cards: enough cards, and the wild-card limits."""
    return (n + k >= v.meld_min and k <= v.max_wilds and n >= v.min_naturals
            and (not v.wilds_at_most_naturals or k <= n)
            and not (v.max_meld_size and n + k > v.max_meld_size))


def extends(v: Variant, m: TableMeld, naturals: int, wilds: int) -> bool:
    """Whether ``extend_group`` accepts this many naturals (of its rank) and wild cards."""
    w = m.wilds + wilds
    total = len(m.cards) + naturals + wilds
    nat = total - w
    if w > v.max_wilds or nat < v.min_naturals or (v.wilds_at_most_naturals and w > nat):
        return False
    return not (v.max_meld_size and total > v.max_meld_size)


def most_points(v: Variant, ranks: list[int], by_rank: dict[int, tuple[Card, ...]]) -> int:
    """What every natural of these ranks counts: no set of their groups counts more, but for
    its wild cards."""
    values = v.values_by_rank()
    return sum(len(by_rank[r]) * values[r] for r in ranks)


class Adds(NamedTuple):
    """The lay-offs onto one group that its own rules allow, with how many cards each takes
    from the hand and the canastas it adds (0, or 1 when it completes one)."""

    actions: list[Add]
    sizes: list[int]
    canasta: list[int]
    most: int


def group_adds(v: Variant, m: TableMeld, nats: tuple[Card, ...], wilds: tuple[Card, ...],
               target: str) -> Adds:
    """Lay-offs onto ``m`` (named ``target``) from these naturals of its rank and wild cards, in
    the order of :func:`canasta.movegen.add_candidates`, kept when ``extend_group`` would
    accept them."""
    cache = kept_table(v, "_fast_adds")
    key = (m.key, len(m.cards), m.wilds, nats, wilds, target)
    found = cache.get(key)
    if found is not None:
        return found  # type: ignore[no-any-return]
    size = v.canasta_size
    was = 1 if len(m.cards) >= size else 0
    room = max(0, v.max_wilds - m.wilds)
    # the verdict depends only on how many naturals and wild cards: worked out once
    ok = [[(n or k) and extends(v, m, n, k) for k in range(room + 1)] for n in range(len(nats) + 1)]
    pairs = [(nat, w) for nat in SUBS[nats, 0, len(nats)] for w in SUBS[wilds, 0, room]
             if ok[len(nat)][len(w)]]
    sizes = [len(nat) + len(w) for nat, w in pairs]
    found = cache[key] = Adds([ADDS[nat + w, target] for nat, w in pairs], sizes,
                              [(1 if len(m.cards) + k >= size else 0) - was for k in sizes],
                              max(sizes, default=0))
    return found


class Table(NamedTuple):
    """What the checks read from the side's melds."""

    group_at: dict[int, int]  # rank → index of the side's group of that rank
    canastas: int


class GroupMoves(Generator):
    """The fast legal actions of a variant of groups of one rank. Classic's rules as they are;
    a variant that changes some of them overrides the part that says it (which pile takes are
    open, melds of wild cards alone, lay-offs, swaps)."""

    def __init__(self, threes_special: bool = True, wilds_as_rank: bool = False) -> None:
        super().__init__()
        # threes follow make_group's own rules (red never, black only going out, three or four)
        self.threes_special = threes_special
        # toward the opening a wild card counts what the rank it joins counts
        self.wilds_as_rank = wilds_as_rank
        self.position = Position()
        self.tables: list[tuple[Variant, tuple[TableMeld, ...], tuple[int, ...], Table | None]] = []

    def answer(self, state: State) -> list[Action] | None:
        """The legal actions (the kept list itself). The last answer is kept with everything it
        was computed from."""
        phase = state.phase
        if phase == "draw" or phase == "play":
            yes = state.ask == "yes"
            if (phase == "play" and "last_red_three" in state.extra) or (
                    yes and (phase != "play" or self.limit)):
                # rare turns (play after the stock's last card was a red three, a bounded
                # search held to a partner's yes): the checked path answers
                return None
            seat = state.turn
            side = state.side_of(seat)
            key = (state.variant, phase, seat, state.sides, state.ask, state.opened[side],
                   state.scores[side], state.pile_frozen, self.extra_key(state, side))
            p = self.position
            # lists compared in place (card by card, by identity): nothing is built for a repeat
            if (key == p.key and state.hands[seat] == p.hand and state.melds == p.melds
                    and state.pile == p.pile):
                return p.found
            self.cut = False
            found = self.legal(state, side)
            if yes and found is not None:
                found = bound_by_yes(state, found)
            if not self.cut:  # a bounded list that was cut is not the answer
                p.keep(state, key, found)
            return found
        if phase == "game-over":
            return []
        if phase == "hand-over":
            return [NEXT]
        if phase == "answer":
            return ANSWERS
        return None

    def extra_key(self, state: State, side: int) -> object:
        """What else the variant's verdicts read from the state (besides the cards)."""
        return None

    # ---- the side's melds -----------------------------------------------------------------------
    def table(self, v: Variant, melds: tuple[TableMeld, ...]) -> Table | None:
        """The side's melds read once: kept for the last few tables (both sides of a game).
        Melds are immutable and replaced when they grow, so a table is recognised by the
        identity of its melds (kept alive by the entry, so no identity is reused meanwhile)."""
        ids = tuple(map(id, melds))
        for kept_v, _kept, kept_ids, table in self.tables:
            if kept_v is v and kept_ids == ids:
                return table
        table = self.read_table(v, melds)
        self.tables.insert(0, (v, melds, ids, table))
        del self.tables[4:]
        return table

    def read_table(self, v: Variant, melds: tuple[TableMeld, ...]) -> Table | None:
        group_at: dict[int, int] = {}
        canastas = 0
        for i, m in enumerate(melds):
            if m.kind == "group":
                # two groups of one rank, or a group of threes where threes have rules of their
                # own, come only from hand-made scenarios (a meld target could then name another
                # meld): the checked path answers
                if m.key in group_at or (m.key == 3 and self.threes_special):
                    return None
                group_at[m.key] = i  # type: ignore[index]
            if v.canasta_kind(m):
                canastas += 1
        return Table(group_at, canastas)

    # ---- the decision ---------------------------------------------------------------------------
    def legal(self, state: State, side: int) -> list[Action] | None:
        """The legal actions of the draw or play phase."""
        phase = state.phase
        v = state.variant
        seat = state.turn
        melds = state.melds[side]
        table = self.table(v, tuple(melds))
        if table is None:
            return None
        hand = state.hands[seat]
        opened = state.opened[side]
        if phase == "draw":
            if not state.stock:
                return self.without_stock(state, v, side, hand, table, opened)
            if self.only_draw(state, v, side, hand, table, opened):
                return [DRAW]
            return [DRAW, *self.takes(state, v, side, hand, split_hand(hand, v.wild_ranks), table,
                                      opened)]
        return self.play(state, v, side, hand, split_hand(hand, v.wild_ranks), table, opened)

    def without_stock(self, state: State, v: Variant, side: int, hand: list[Card], table: Table,
                      opened: bool) -> list[Action]:
        """The turn of a player who finds the stock empty: where its end ends the hand (a
        situation built at that moment), only passing; where play goes on without it, the takes,
        and passing unless a take onto the side's meld is compulsory."""
        if v.empty_stock == "ends":
            return [PASS]
        out = self.takes(state, v, side, hand, split_hand(hand, v.wild_ranks), table, opened)
        if v.empty_stock != "ends" and not (
                v.empty_stock == "official" and any(isinstance(a, TakePile) and a.onto is not None
                                                    for a in out)):
            out.append(PASS)
        return out

    def pile_rule(self, state: State, v: Variant, side: int, opened: bool) -> int:
        """Which takes the pile allows: any (PILE_OPEN), natural pairs only (PILE_NATURAL: a
        frozen pile), or none (PILE_CLOSED)."""
        frozen = ((v.pile_frozen_by_wild and state.pile_frozen)
                  or (v.pile_frozen_before_opening and not opened))
        return PILE_NATURAL if frozen else PILE_OPEN

    def only_draw(self, state: State, v: Variant, side: int, hand: list[Card], table: Table,
                  opened: bool) -> bool:
        """Most turns: the hand has no pair that may go with the pile's top card (two naturals
        of its rank, or one and a wild card when the pile allows it), nor may the top card go
        onto the side's meld, so the only way is the stock."""
        pile = state.pile
        wild_ranks = v.wild_ranks
        if not pile or pile[-1].rank in wild_ranks:
            return True
        rule = self.pile_rule(state, v, side, opened)
        if rule == PILE_CLOSED:
            return True
        top_rank = pile[-1].rank
        natural_only = rule == PILE_NATURAL
        if opened and not natural_only and top_rank in table.group_at:
            return False
        held = [c.rank for c in hand]
        naturals = held.count(top_rank)
        return naturals < 2 and (natural_only or not naturals
                                 or not any(held.count(w) for w in wild_ranks))

    def meld_ranks(self, v: Variant, h: Hand) -> list[int]:
        """The ranks that could make a group: enough naturals (three for black threes)."""
        least = v.min_naturals
        by_rank = h.by_rank
        if not self.threes_special:
            return [r for r in h.ranks if len(by_rank[r]) >= least]
        return [r for r in h.ranks if len(by_rank[r]) >= (3 if r == 3 else least)]

    def rank_groups(self, v: Variant, rank: int, nats: tuple[Card, ...],
                    wilds: tuple[Card, ...]) -> RankGroups:
        """The candidate groups of ``rank`` from these naturals and wild cards, in the order of
        :func:`canasta.movegen.group_candidates`, with their verdicts (kept per variant)."""
        cache = kept_table(v, "_fast_groups")
        key = (nats, wilds)
        found = cache.get(key)
        if found is not None:
            return found  # type: ignore[no-any-return]
        wild_subs = SUBS[wilds, 0, v.max_wilds]
        nat_subs = SUBS[nats, 1, len(nats)]
        if rank == 3 and self.threes_special:  # threes have rules of their own
            groups = []
            for nat in nat_subs:
                for w in wild_subs:
                    if len(nat) + len(w) >= v.meld_min:
                        g = nat + w
                        out_meld = v.make_meld(g, going_out=True)[0]
                        meld = v.make_meld(g)[0]
                        if out_meld is None:
                            continue
                        groups.append(Group(g, rank, True, meld is not None,
                                            out_meld.kind == "group",
                                            1 if v.canasta_kind(out_meld) else 0,
                                            v.meld_points(g), w, v.meld_points(w)))
            found = cache[key] = RankGroups(max((len(g.cards) for g in groups), default=0),
                                            [MELDS[(g.cards,)] for g in groups if g.valid], groups)
            return found
        # any other rank: the verdict depends only on how many naturals and wild cards (the
        # same whether or not the player goes out): the wild-card choices that go with each
        # number of naturals, worked out once (in their own order, which is kept)
        fits = [[w for w in wild_subs if group_ok(v, n, len(w))] for n in range(len(nats) + 1)]
        longest = max((n + max(map(len, fits[n])) for n in range(1, len(nats) + 1) if fits[n]),
                      default=0)
        found = cache[key] = RankGroups(longest, v=v, rank=rank, nats=nat_subs, wilds=wild_subs,
                                        fits=fits, as_rank=self.wilds_as_rank)
        return found

    def wild_groups(self, v: Variant, wilds: tuple[Card, ...]) -> list[Group]:
        """Melds of wild cards alone that the hand could lay down, proposed after the groups
        (none in classic)."""
        return []

    def wild_bound(self, v: Variant, wilds: tuple[Card, ...], ranks: list[int]) -> int:
        """The most the ``wilds`` could count toward the opening in groups of these ranks."""
        values = v.values_by_rank()
        if self.wilds_as_rank:
            return len(wilds) * max((values[r] for r in ranks), default=0)
        return points_of(values, wilds)

    def play(self, state: State, v: Variant, side: int, hand: list[Card], h: Hand, table: Table,
             opened: bool) -> list[Action]:
        """The legal actions after the draw: melds, lay-offs, swaps, discards, asking."""
        n_hand = len(hand)
        ask_no = state.ask == "no"
        need_out = v.canastas_to_go_out
        now = table.canastas
        out: list[Action] = []
        least = v.min_naturals
        by_rank = h.by_rank
        if self.threes_special:
            ranks = [r for r in h.ranks if len(by_rank[r]) >= (3 if r == 3 else least)]
        else:
            ranks = [r for r in h.ranks if len(by_rank[r]) >= least]
        if opened:
            self.new_melds(out, v, h, ranks, table, n_hand, now, need_out, ask_no)
            self.adds(out, state, v, side, h, table, n_hand, now, need_out, ask_no)
        else:
            self.first_melds(out, state, v, side, h, ranks, table, n_hand, now, need_out, ask_no)
        self.swaps(out, state, v, side, h)
        if n_hand > 1 or not (ask_no or now < need_out):
            out.extend(h.discards)
        if (v.ask_partner and not state.ask and n_hand >= 2 and len(state.sides[side]) == 2
                and self.can_go_out(state, v, h, table)):
            out.append(_ASK)
        return out

    def can_go_out(self, state: State, v: Variant, h: Hand, table: Table) -> bool:
        """Whether the player can still go out this turn (asking the partner needs it)."""
        return v.can_go_out_now(state)

    def new_melds(self, out: list[Action], v: Variant, h: Hand, ranks: list[int], table: Table,
                  n_hand: int, now: int, need_out: int, ask_no: bool) -> None:
        """One new meld at a time, once the side has opened."""
        by_rank, wilds = h.by_rank, h.wilds
        group_at = table.group_at
        one_per_rank = v.one_meld_per_rank
        # the kept answers are looked up here first: most are found, and a call costs more
        kept_groups = kept_table(v, "_fast_groups")
        for rank in ranks:
            if one_per_rank and rank in group_at:
                continue  # meld.rank-exists: every group of a melded rank is refused
            nats = by_rank[rank]
            rg = kept_groups.get((nats, wilds)) or self.rank_groups(v, rank, nats, wilds)
            if n_hand - rg.longest >= 2:  # none goes out: the meld's own verdict decides
                out.extend(rg.melds)
                continue
            for g in rg.groups:
                left = n_hand - len(g.cards)
                if not (g.valid_out if left <= 1 else g.valid):
                    continue
                if left <= 1 and (ask_no or now + g.canasta < need_out):
                    continue
                out.append(MELDS[(g.cards,)])
        for g in self.wild_groups(v, wilds):
            if n_hand - len(g.cards) <= 1 and (ask_no or now + g.canasta < need_out):
                continue
            out.append(MELDS[(g.cards,)])

    def adds(self, out: list[Action], state: State, v: Variant, side: int, h: Hand, table: Table,
             n_hand: int, now: int, need_out: int, ask_no: bool) -> None:
        """Lay-offs onto the side's groups (in the order of its melds)."""
        by_rank, wilds = h.by_rank, h.wilds
        kept_adds = kept_table(v, "_fast_adds")
        for m in state.melds[side]:
            if m.kind == "group":
                nats = by_rank.get(m.key, ())  # type: ignore[arg-type]  # a group's key is its rank
                if not nats and not wilds:
                    continue
                label = RANK_TEXT[m.key]  # type: ignore[index]
                adds = (kept_adds.get((m.key, len(m.cards), m.wilds, nats, wilds, label))
                        or group_adds(v, m, nats, wilds, label))
                self.keep_adds(out, adds, n_hand, now, need_out, ask_no)

    @staticmethod
    def keep_adds(out: list[Action], adds: Adds, n_hand: int, now: int, need_out: int,
                  ask_no: bool) -> None:
        """The lay-offs that may leave the hand as they would: one card or none only with
        the canastas to go out."""
        if n_hand - adds.most >= 2:
            out.extend(adds.actions)
            return
        for add, k, grown in zip(adds.actions, adds.sizes, adds.canasta, strict=True):
            if n_hand - k <= 1 and (ask_no or now + grown < need_out):
                continue
            out.append(add)

    def swaps(self, out: list[Action], state: State, v: Variant, side: int, h: Hand) -> None:
        """Exchanges of a hand card for a wild card on the table (none in classic)."""

    def first_melds(self, out: list[Action], state: State, v: Variant, side: int, h: Hand,
                    ranks: list[int], table: Table, n_hand: int, now: int, need_out: int,
                    ask_no: bool) -> None:
        """A side's first melds, laid down together: they must reach the opening minimum."""
        by_rank, wilds = h.by_rank, h.wilds
        wild_groups = self.wild_groups(v, wilds)
        if not ranks and not wild_groups:
            return
        need = v.opening_need(state.scores[side])[0]
        wild_total = self.wild_bound(v, wilds, ranks)
        # most hands cannot reach the minimum even with every card of a meldable rank: their
        # groups are then never built
        if most_points(v, ranks, by_rank) + wild_total < need:
            return
        keyed = [rg.groups for rg in (self.rank_groups(v, rank, by_rank[rank], wilds)
                                      for rank in ranks) if rg.groups]
        if wild_groups:
            keyed.append(wild_groups)
        group_at = table.group_at
        one_per_rank = v.one_meld_per_rank
        # most hands: every group is valid either way and no rank is melded already, so only a
        # set of melds that goes out needs its verdict
        plain = not (one_per_rank and group_at) and all(g.valid for gs in keyed for g in gs)
        sets = combos(keyed, wilds, wild_total, len(keyed), need, self.limit)
        for combo in sets:
            left = n_hand
            for g in combo:
                left -= len(g.cards)
            if not plain or left <= 1:
                ok = True
                for g in combo:
                    if not (g.valid_out if left <= 1 else g.valid) or (
                            one_per_rank and g.is_group and g.rank in group_at):
                        ok = False
                        break
                if not ok:
                    continue
                if left <= 1 and (ask_no or now + sum(g.canasta for g in combo) < need_out):
                    continue
            out.append(MELDS[tuple([g.cards for g in combo])])
        if not self.found_all(sets):
            out.append(CUT_MELD)

    def takes(self, state: State, v: Variant, side: int, hand: list[Card], h: Hand, table: Table,
              opened: bool) -> list[Action]:
        """The legal ways to take the pile (order of :func:`canasta.movegen.take_candidates`)."""
        pile = state.pile
        if not pile:
            return []
        top = pile[-1]
        if top.rank in v.wild_ranks or (top.rank == 3 and (top.is_red or v.black_threes_block)):
            return []  # pile.top-wild / pile.top-red-three / pile.blocked refuse every way
        if v.pile_one_card_rule and len(pile) == 1 and len(hand) == 1:
            return []  # pile.one-card
        rule = self.pile_rule(state, v, side, opened)
        if rule == PILE_CLOSED:
            return []
        frozen = rule == PILE_NATURAL
        out: list[Action] = []
        # the cards of the pile that join the hand, the top one aside: red threes taken with
        # the pile go to the table
        joined = len(pile) - 1
        if v.red_threes == "bonus":
            joined -= sum(1 for c in pile if c.rank == 3 and c.is_red)
        options = self.entry_options(state, v, side, h, table, opened, top, frozen)
        self.entry_takes(out, state, v, side, hand, options, top, 1, joined)
        if options and options[-1] is CUT_OPTION:
            return out  # a side that has not opened: no take onto a meld follows
        idx = table.group_at.get(top.rank)
        existing = state.melds[side][idx] if idx is not None else None
        if opened and existing is not None and not frozen and extends(v, existing, 1, 0):
            size = v.canasta_size
            grown = ((1 if len(existing.cards) + 1 >= size else 0)
                     - (1 if len(existing.cards) >= size else 0))
            if self.may_leave(state, v, len(hand) + joined, table.canastas + grown):
                out.append(TakePile(onto=RANK_TEXT[top.rank]))
        return out

    @staticmethod
    def may_leave(state: State, v: Variant, left: int, canastas: int) -> bool:
        """Whether an action may leave ``left`` cards in the hand with the side's ``canastas``:
        one card or none only with the canastas to go out, and not after a partner's no."""
        return left >= 2 or not (state.ask == "no" or canastas < v.canastas_to_go_out)

    def take_ok(self, state: State, v: Variant, side: int, pair: tuple[Card, ...],
                extra: tuple[Group, ...], entry: Card, depth: int, canastas: int) -> bool:
        """What else a take must satisfy, given the side's canastas after it (classic:
        nothing)."""
        return True

    def pair_points(self, v: Variant, entry: Card, pair: tuple[Card, ...]) -> int:
        """What the entry card and the pair taken with it count toward the opening."""
        values = v.values_by_rank()
        top = values[entry.rank] if v.opening_counts_pile_top else 0
        if self.wilds_as_rank:
            return top + len(pair) * values[entry.rank]
        return top + points_of(values, pair)

    def entry_takes(self, out: list[Action], state: State, v: Variant, side: int,
                    hand: list[Card], options: list[TakeOption], entry: Card, depth: int,
                    joined: int) -> None:
        """The takes of ``entry`` (the pile's card at ``depth``) among its ``options``, when
        ``joined`` more cards of the pile join the hand."""
        n_hand = len(hand)
        for o in options:
            if o is CUT_OPTION:
                out.append(CUT_TAKE)
                return
            if (self.may_leave(state, v, n_hand - o.used + joined, o.canastas)
                    and self.take_ok(state, v, side, o.pair, o.extra, entry, depth, o.canastas)):
                out.append(TAKES[o.pair, o.cards, depth])

    def entry_options(self, state: State, v: Variant, side: int, h: Hand, table: Table,
                      opened: bool, entry: Card, frozen: bool) -> list[TakeOption]:
        """The ways to meld ``entry`` from the pile with a pair from the hand, and (for a side
        that has not opened) other melds with it, that the melds' own rules and the opening
        minimum allow (how many cards they leave in the hand is judged by the take)."""
        wild_ranks = v.wild_ranks
        by_rank, wilds = h.by_rank, h.wilds
        group_at = table.group_at
        size = v.canasta_size
        now = table.canastas
        need = 0 if opened else v.opening_need(state.scores[side])[0]
        pool = tuple(sorted(by_rank.get(entry.rank, ()) + wilds, key=order))
        idx = group_at.get(entry.rank)
        existing = state.melds[side][idx] if idx is not None else None
        others: dict[tuple[Card, ...], list[list[Group]]] = {}
        other_ranks = [r for r in self.meld_ranks(v, h) if r != entry.rank]
        most_others = most_points(v, other_ranks, by_rank)
        options: list[TakeOption] = []
        # the pair, or (pile_meld_more) any more naturals of its rank and wild cards with it
        most = len(pool) if v.pile_meld_more else 2
        for pair in SUBS[pool, 2, most]:
            k = len(pair)
            n_wild = sum(1 for c in pair if c.rank in wild_ranks)
            if n_wild == k or (frozen and n_wild):
                continue
            # the entry card and the pair: onto the side's group of that rank, or a new group
            if existing is not None:
                if not extends(v, existing, k + 1 - n_wild, n_wild):
                    continue
                was = 1 if len(existing.cards) >= size else 0
                top_canasta = (1 if len(existing.cards) + k + 1 >= size else 0) - was
            elif entry.rank != 3 or not self.threes_special:  # arithmetic on the counts
                if not group_ok(v, k + 1 - n_wild, n_wild):
                    continue
                top_canasta = 1 if k + 1 >= size else 0
            else:
                made = v.make_meld((entry, *pair))[0]
                if made is None:
                    continue
                top_canasta = 1 if v.canasta_kind(made) else 0
            top_points = self.pair_points(v, entry, pair)
            if opened or top_points >= need:
                options.append(TakeOption(pair, (), (), k, now + top_canasta))
            if opened:
                continue
            rest_wilds = wilds
            if n_wild:  # the wild cards left once the pair's are taken
                left_wilds = list(wilds)
                for c in pair:
                    if c.rank in wild_ranks:
                        left_wilds.remove(c)
                rest_wilds = tuple(left_wilds)
            # the other groups the hand could add (the same for every pair with these wild
            # cards), built only when every card of their ranks could reach the minimum
            rest_points = self.wild_bound(v, rest_wilds, other_ranks)
            if top_points + most_others + rest_points < need:
                continue
            keyed = others.get(rest_wilds)
            if keyed is None:
                keyed = others[rest_wilds] = []
                for rank in other_ranks:
                    gs = [g for g in self.rank_groups(v, rank, by_rank[rank], rest_wilds).groups
                          if g.valid]
                    if gs:
                        keyed.append(gs)
                wild_groups = self.wild_groups(v, rest_wilds)
                if wild_groups:
                    keyed.append(wild_groups)
            sets = combos(keyed, rest_wilds, rest_points, len(keyed), need - top_points,
                          self.limit)
            for combo in sets:
                if any(g.is_group and g.rank in group_at for g in combo):
                    continue
                options.append(TakeOption(pair, combo, tuple(g.cards for g in combo),
                                          k + sum(len(g.cards) for g in combo),
                                          now + top_canasta + sum(g.canasta for g in combo)))
            if not self.found_all(sets):
                options.append(CUT_OPTION)  # no later pair's takes: they would leave a gap
                break
        return options


def bound_by_yes(state: State, found: list[Action]) -> list[Action]:
    """The actions of ``found`` that a partner's yes leaves (``checks.check_bound_by_yes``, the
    rule's one statement, applied the same way): the last card's discard, and the melds,
    lay-offs and exchanges after which the player still can go out."""
    from .effects import apply_action

    hand_size = len(state.hands[state.turn])
    can = state.variant.can_go_out_now
    out: list[Action] = []
    for a in found:
        if isinstance(a, Discard):
            if hand_size <= 1:
                out.append(a)
        elif isinstance(a, (Meld, Add, Swap)):
            after = state.copy()
            apply_action(after, a, None)
            if after.hand_over or after.turn != state.turn or can(after):
                out.append(a)
        else:
            out.append(a)
    return out


class TakeOption(NamedTuple):
    """A way to meld a card of the pile: the pair from the hand and the other melds laid down
    with it, how many cards they take from the hand, the side's canastas after."""

    pair: tuple[Card, ...]
    extra: tuple[Group, ...]
    cards: tuple[tuple[Card, ...], ...]  # the other melds' cards
    used: int
    canastas: int


# the end of a bounded search for takes (``Generator.limit``): entry_takes marks the cut there
CUT_OPTION = TakeOption((), (), (), 0, 0)
