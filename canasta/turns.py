"""The default checks of a turn's actions (draw, take the pile, meld, add, discard).

Variants call these through their hooks and override only what differs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Add, Discard, Meld, TakePile
from .cards import RANK_TEXT, Card
from .checks import (
    canasta_notes,
    going_out_check,
    has_cards,
    missing_cards,
    opening_check,
    points,
    side_melds_after,
    with_cards_fault,
)
from .explain import Explanation, P, Phrase, Side
from .melds import Meld as TableMeld

if TYPE_CHECKING:
    from .state import State


def check_draw(state: State) -> Explanation:
    v = state.variant
    # draw.stock-empty: play may go on without a stock (see check_pass); nobody draws then
    if not state.stock:
        return v.explain(False, "draw.stock-empty", player=state.player, way=_way_on(state))
    n = min(v.draws_per_turn(state.players), len(state.stock))
    return v.explain(True, "draw.stock", player=state.player, count=n, stock=len(state.stock) - n,
                     cards=())


def _way_on(state: State) -> str:
    """What a player who finds the stock empty may do instead of drawing: "must" take the
    pile (onto the side's meld), "take" it or pass, or only "pass"."""
    v = state.variant
    if v.empty_stock == "ends":
        return "pass"
    if compulsory_take(state) is not None:
        return "must"
    if any(state.check(a).allowed for a in v.take_candidates(state)):
        return "take"
    return "pass"


def compulsory_take(state: State) -> TakePile | None:
    """With the stock empty (where play goes on without it: ``empty_stock == "official"``), the
    take the player must make: the pile's top card onto a meld of the side, when allowed."""
    v = state.variant
    if v.empty_stock != "official" or state.stock or not state.pile:
        return None
    top = state.pile[-1]
    if v.is_wild(top) or top.rank == 3:
        return None
    side = state.side_of(state.turn)
    idx = state.find_meld(side, RANK_TEXT[top.rank])
    if idx is None:
        return None
    take = TakePile(onto=state.melds[side][idx].label)
    return take if v.check_take_pile(state, take).allowed else None


def check_pass(state: State) -> Explanation:
    """turn.pass: ending play without a draw or a discard, where the variant allows it (the stock
    is empty and the pile is not taken; the stock's last card was a red three)."""
    v = state.variant
    name = state.player
    if state.ask == "yes":
        return v.explain(False, "out.partner-said-yes", player=name,
                         why=P("pass.would-not-go-out"))
    if state.phase == "draw" and not state.stock and v.empty_stock == "ends":
        # the stock's end ends the hand: a turn that starts with it empty (a situation built at
        # that moment; in play the hand ends as the turn passes) can only end it
        return v.explain(True, "turn.pass", player=name, why=P("pass.stock-over"))
    if state.phase == "draw" and not state.stock and v.empty_stock != "ends":
        must = compulsory_take(state)
        if must is not None:
            top = state.pile[-1]
            return v.explain(False, "pile.must-take", player=name, top=top, meld=must.onto)
        return v.explain(True, "turn.pass", player=name,
                         why=P("pass.stock-empty"))
    if state.phase == "play" and state.extra.get("last_red_three"):
        return v.explain(True, "turn.pass", player=name,
                         why=P("pass.last-red-three"))
    why = P("pass.stock-left") if state.phase == "draw" else P("pass.discard-ends")
    return v.explain(False, "turn.pass", player=name, why=why)


def pile_frozen_reason(state: State, side: int) -> Phrase | None:
    """Why the pile is frozen for this side, or None."""
    v = state.variant
    if v.pile_frozen_by_wild and state.pile_frozen:
        # the cards that froze it, named (none where a built situation says it is frozen)
        held = tuple(dict.fromkeys(c for c in state.pile
                                   if v.is_wild(c) or (c.rank == 3 and c.is_red)))
        return P("frozen.holds-wild", cards=held)
    if v.pile_frozen_before_opening and not state.opened[side]:
        return P("frozen.not-opened", side=state.side_label(side))
    return None


def check_take_pile(state: State, a: TakePile) -> Explanation:
    v = state.variant
    seat = state.turn
    side = state.side_of(seat)
    name = state.player
    # pile.empty
    if not state.pile:
        return v.explain(False, "pile.empty", player=name)
    # pile.depth: only the whole pile from the top unless the variant allows any depth
    if a.depth != 1 and not v.pile_any_depth:
        return v.explain(False, "pile.depth", player=name, depth=a.depth, deep=False,
                         size=len(state.pile))
    if a.depth > len(state.pile):
        return v.explain(False, "pile.depth", player=name, depth=a.depth, deep=True,
                         size=len(state.pile))
    top = state.pile[-a.depth]
    # pile.blocked: a black three on top blocks the next player
    if v.black_threes_block and top.rank == 3 and top.is_black:
        return v.explain(False, "pile.blocked", player=name, top=top)
    # pile.top-wild: a wild card on top cannot be used at once
    if v.is_wild(top):
        return v.explain(False, "pile.top-wild", player=name, top=top)
    # pile.top-red-three: nor can a red three, which is never melded
    if top.rank == 3 and top.is_red:
        return v.explain(False, "pile.top-red-three", player=name, top=top)
    # pile.one-card: one card in the hand does not take a pile of one card
    if v.pile_one_card_rule and len(state.pile) == 1 and len(state.hands[seat]) == 1:
        return v.explain(False, "pile.one-card", player=name, top=top)
    frozen = pile_frozen_reason(state, side)
    # pile.frozen (allowed): said as a sub-reason of the take, frozen or not
    frozen_exp = v.explain(True, "pile.frozen", player=name, top=top, frozen=frozen is not None,
                           why=frozen, pair=a.with_cards)
    # pile.extra-only-opening: extra melds go down with the pile only to reach the opening minimum
    if a.extra and state.opened[side]:
        return v.explain(False, "pile.extra-only-opening", player=name, side=state.side_label(side))
    used = list(a.with_cards) + [c for g in a.extra for c in g]
    held = has_cards(state, used)
    if not held.allowed:
        return held
    melds = state.melds[side]
    replaced: dict[int, TableMeld] = {}
    new: list[TableMeld] = []
    subs: list[Explanation] = []
    onto = a.onto  # the meld the top card goes onto, as the message names it
    if a.onto is not None:
        if frozen is not None:
            return v.explain(False, "pile.frozen", player=name, top=top, why=frozen)
        idx = state.find_meld(side, a.onto)
        if idx is None or melds[idx].key != top.rank:
            # the side's meld of the top card's rank, where it has one, is the one it goes onto
            own = _group_index(state, side, top.rank)
            why = P("use-top.no-meld" if own is None else "use-top.other-meld",
                    side=state.side_label(side), rank=RANK_TEXT[top.rank])
            return v.explain(False, "pile.use-top", player=name, top=top, cards=(), onto=a.onto,
                             why=why)
        meld, exp = v.extend_meld(melds[idx], (top,))
        if meld is None:
            return exp
        replaced[idx] = meld
        subs.append(exp)
        top_meld_cards: tuple[Card, ...] = (top,)
    else:
        with_cards = a.with_cards
        nat = [c for c in with_cards if not v.is_wild(c) and c.rank == top.rank]
        wild = [c for c in with_cards if v.is_wild(c)]
        # pile.use-top: the top card is melded with two cards of its rank from the hand (or,
        # where the variant allows it, with more: naturals of its rank and wild cards)
        most = len(with_cards) if v.pile_meld_more else 2
        if not 2 <= len(with_cards) <= most or len(nat) + len(wild) != len(with_cards) or not nat:
            # the cards named are at fault (another rank, one too many), else too few of them
            why = with_cards_fault(v, with_cards, top.rank, None if v.pile_meld_more else 2) or P(
                "use-top.two-cards", player=name, rank=RANK_TEXT[top.rank], wild_ok=frozen is None and not v.pile_wants_naturals(state, side))
            return v.explain(False, "pile.use-top", player=name, top=top, cards=tuple(with_cards),
                             onto=a.onto, why=why)
        if frozen is not None and wild:
            return v.explain(False, "pile.frozen", player=name, top=top, why=frozen)
        cards = (top, *with_cards)
        idx = _group_index(state, side, top.rank)
        if idx is not None:  # the side's meld of that rank grows: said as a lay-off onto it
            meld, exp = v.extend_meld(melds[idx], cards)
            if meld is None:
                return exp
            replaced[idx] = meld
            onto = RANK_TEXT[top.rank]
        else:
            meld, exp = v.make_meld(cards)
            if meld is None:
                return exp
            new.append(meld)
        subs.append(exp)
        top_meld_cards = cards
    subs.insert(0, frozen_exp)
    ranks = {top.rank}
    for g in a.extra:
        meld, exp = v.make_meld(g)
        if meld is None:
            return exp
        if meld.key in ranks or _group_index(state, side, meld.key) is not None:  # type: ignore[arg-type]
            return v.explain(False, "meld.rank-exists", player=name, side=state.side_label(side), rank=meld.label)
        ranks.add(meld.key)  # type: ignore[arg-type]
        new.append(meld)
        subs.append(exp)
    # open.minimum: the pile's top card counts toward the first meld
    if not state.opened[side]:
        counted = [top_meld_cards if v.opening_counts_pile_top else a.with_cards, *a.extra]
        op = opening_check(state, side, counted)
        if not op.allowed:
            return v.explain(False, "open.minimum", op.because, **op.facts)
        subs.append(op)
    taken = len(state.pile) if a.depth == 1 else a.depth
    # red threes taken with the pile go to the table, not into the hand
    hand_after = len(state.hands[seat]) - len(used) + taken - 1 - red_threes_in_pile(state, taken)
    after = side_melds_after(state, side, replaced, new)
    out = going_out_check(state, side, hand_after, after, discarding=False)
    if out is not None and not out.allowed:
        return out
    subs.extend(canasta_notes(state, melds, after))
    return v.explain(True, "pile.take", tuple(subs), player=name, top=top,
                     count=taken, meld=top_meld_cards, onto=onto, also=tuple(a.extra))


def red_threes_in_pile(state: State, taken: int) -> int:
    """How many of the ``taken`` top cards of the pile are red threes laid out when taken
    (none where red threes are not a bonus laid face up)."""
    if state.variant.red_threes != "bonus":
        return 0
    return sum(1 for c in state.pile[len(state.pile) - taken:] if c.rank == 3 and c.is_red)


def _group_index(state: State, side: int, rank: int) -> int | None:
    for i, m in enumerate(state.melds[side]):
        if m.kind == "group" and m.key == rank:
            return i
    return None


def check_meld(state: State, a: Meld) -> Explanation:
    v = state.variant
    seat = state.turn
    side = state.side_of(seat)
    name = state.player
    if not a.groups:
        return v.explain(False, "meld.min-cards", cards=(), count=0, need=v.meld_min)
    # meld.one-at-a-time: several melds in one action only for a side's first melds
    if len(a.groups) > 1 and state.opened[side]:
        return v.explain(False, "meld.one-at-a-time", player=name, side=state.side_label(side), count=len(a.groups))
    used = [c for g in a.groups for c in g]
    # the allowed hand.has-cards explanation is not kept, so it is built only for a refusal
    if missing_cards(state.hands[seat], used):
        return has_cards(state, used)
    hand_after = len(state.hands[seat]) - len(used)
    going_out = hand_after <= 1
    new: list[TableMeld] = []
    subs: list[Explanation] = []
    ranks: set[object] = set()
    place = a.place
    for g in a.groups:
        if place is not None and place[0] in g:  # the player says where the group's 2 goes
            meld, exp = v.placed_meld(g, place, going_out=going_out)
        else:
            meld, exp = v.make_meld(g, going_out=going_out)
        if meld is None:
            return exp
        # meld.rank-exists: one meld per rank per side (add to it instead)
        if v.one_meld_per_rank and meld.kind == "group" and (
                meld.key in ranks or _group_index(state, side, meld.key) is not None):  # type: ignore[arg-type]
            return v.explain(False, "meld.rank-exists", player=name, side=state.side_label(side), rank=meld.label)
        ranks.add(meld.key)
        new.append(meld)
        subs.append(exp)
    if not state.opened[side]:
        op = opening_check(state, side, a.groups)
        if not op.allowed:
            return op
        subs.append(op)
    after = side_melds_after(state, side, {}, new)
    out = going_out_check(state, side, hand_after, after, discarding=False)
    if out is not None:
        if not out.allowed:
            return out
        subs.append(out)
    subs.extend(canasta_notes(state, state.melds[side], after))
    return v.explain(True, "meld.ok", tuple(subs), player=name,
                     melds=tuple(m.cards for m in new), points=points(state, used))


def other_owner(state: State, side: int, target: str) -> Side | None:
    """The side of the player a meld's name begins with ('Ada:10'), where that is another side
    than ``side`` (lay-offs go onto a side's own melds): None otherwise."""
    owner, sep, _ = target.rpartition(":")
    if not sep or owner not in state.names:
        return None
    other = state.side_of(state.names.index(owner))
    return None if other == side else state.side_label(other)


# a target named by a rank ("J"), as a group is: a run of Canasta Real is named otherwise
_RANK_NAMES = frozenset(t for r, t in RANK_TEXT.items() if r != 0)


def check_add(state: State, a: Add) -> Explanation:
    v = state.variant
    seat = state.turn
    side = state.side_of(seat)
    name = state.player
    idx = state.find_meld(side, a.target)
    # add.target: the side has that meld
    if idx is None or not a.cards:
        return v.explain(False, "add.target", player=name, side=state.side_label(side), cards=a.cards,
                         meld=a.target, owner=other_owner(state, side, a.target),
                         by_rank=a.target.upper() in _RANK_NAMES)
    if missing_cards(state.hands[seat], a.cards):  # as in check_meld: explained only when refused
        return has_cards(state, a.cards)
    place = a.place
    if place is not None:  # the player says where a 2 goes
        meld, exp = v.placed_extend(state.melds[side][idx], a.cards, place)
    else:
        meld, exp = v.extend_meld(state.melds[side][idx], a.cards)
    if meld is None:
        return exp
    hand_after = len(state.hands[seat]) - len(a.cards)
    after = side_melds_after(state, side, {idx: meld}, [])
    subs = [exp]
    out = going_out_check(state, side, hand_after, after, discarding=False)
    if out is not None:
        if not out.allowed:
            return out
        subs.append(out)
    subs.extend(canasta_notes(state, state.melds[side], after))
    return v.explain(True, "add.ok", tuple(subs), player=name, cards=a.cards, meld=meld.label,
                     size=meld.size)


def check_discard(state: State, a: Discard) -> Explanation:
    v = state.variant
    seat = state.turn
    side = state.side_of(seat)
    name = state.player
    assert a.card is not None
    if missing_cards(state.hands[seat], [a.card]):
        return v.explain(False, "hand.has-cards", player=name, cards=(a.card,), repeated=False)
    # discard.last-red-three: the stock's last card was a red three: meld, but no discard
    if state.extra.get("last_red_three"):
        return v.explain(False, "discard.last-red-three", player=name, card=a.card)
    hand_after = len(state.hands[seat]) - 1
    subs: list[Explanation] = []
    out = going_out_check(state, side, hand_after, state.melds[side], discarding=True)
    if out is not None:
        if not out.allowed:
            return out
        subs.append(out)
    c = a.card
    # what the discard does to the pile for the next player: nothing once it ends the hand
    if v.is_wild(c) and v.pile_frozen_by_wild and hand_after:
        subs.append(v.explain(True, "pile.freezes", player=name, card=c))
    elif c.rank == 3 and c.is_black and v.black_threes_block and hand_after:
        subs.append(v.explain(True, "pile.blocks", player=name, card=c))
    if not hand_after:
        return v.explain(True, "discard.out", tuple(subs), player=name, card=c)
    return v.explain(True, "discard.ok", tuple(subs), player=name, card=c,
                     next=state.names[(seat + 1) % state.players])

