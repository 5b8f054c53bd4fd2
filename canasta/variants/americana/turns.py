"""Canasta Americana's checks of a turn: threes, the hoyo, the pile, melds, adds, discards, special
hands. Nothing here changes the state; every verdict is an explanation.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from ...actions import Add, Discard, Meld, TakePile
from ...cards import ACE, RANK_TEXT, Card, sorted_cards
from ...checks import (
    going_out_check,
    has_cards,
    opening_check,
    points,
    side_melds_after,
    with_cards_fault,
)
from ...explain import Explanation, P
from ...melds import Meld as TableMeld
from ...turns import other_owner
from .hands import SPECIAL_HAND_SIZE, classify
from .melds import build_meld, extend_meld, meld_key

if TYPE_CHECKING:
    from ...state import State
    from .variant import Americana


def in_hoyo(state: State, side: int) -> bool:
    """A pair is in the hoyo while it has melded nothing but threes."""
    return not any(m.kind not in ("threes", "special-hand") for m in state.melds[side])


def is_threes(groups: Sequence[Sequence[Card]]) -> bool:
    return any(c.rank == 3 for g in groups for c in g)


def _index(state: State, side: int, key: object) -> int | None:
    for i, m in enumerate(state.melds[side]):
        if m.kind != "threes" and meld_key(m) == key:
            return i
    return None


def canasta_notes(state: State, before: Sequence[TableMeld], after: Sequence[TableMeld]
                  ) -> tuple[Explanation, ...]:
    """meld.canasta: one line for each meld that has just become a canasta."""
    v = state.variant
    was = {meld_key(m) for m in before if v.canasta_kind(m)}
    out = []
    for m in after:
        kind = v.canasta_kind(m)
        if kind and meld_key(m) not in was:
            out.append(v.explain(True, "meld.canasta", meld=m.label, size=m.size,
                                 kind=v.canasta_word(kind), bonus=v.canasta_bonus(m)))
    return tuple(out)


def _going_out(state: State, side: int, hand_after: int, after: Sequence[TableMeld]
               ) -> Explanation | None:
    """out.must-discard / out.needs-canasta: a hand is never emptied without a final discard, and
    coming down to the one card to discard needs the canastas."""
    v = state.variant
    if hand_after == 0:
        return v.explain(False, "out.must-discard", player=state.player)
    return going_out_check(state, side, hand_after, after, discarding=False)


# ---- threes ------------------------------------------------------------------------------

def check_threes(state: State, a: Meld) -> Explanation:
    """meld.threes: threes laid down (before or after the draw), each replaced from the stock."""
    v = state.variant
    name = state.player
    cards = tuple(c for g in a.groups for c in g)
    _, exp = build_meld(v, cards)
    # every card a three (fourteen cards holding a three are no threes meld, but a special hand)
    if len(a.groups) > 1 or not exp.allowed or any(c.rank != 3 for c in cards):
        return v.explain(False, "meld.threes", player=name, cards=cards, count=len(cards),
                         why=P("why.threes-alone"))
    held = has_cards(state, cards)
    if not held.allowed:
        return held
    # the stock must replace each three, and keep a card for the draw if it is still to come
    need = len(cards) + (1 if state.phase == "draw" else 0)
    if len(state.stock) < need:
        return v.explain(False, "meld.threes", player=name, cards=cards, count=len(cards),
                         why=P("why.threes-stock", stock=len(state.stock), need=need))
    return v.explain(True, "meld.threes", player=name, cards=cards, count=len(cards))


# ---- special hands -------------------------------------------------------------------------

def check_special_hand(state: State, a: Meld) -> Explanation:
    """special.hand: fourteen cards, the whole hand, making a special hand, laid down at once."""
    v = cast("Americana", state.variant)  # only Americana has special hands
    name = state.player
    cards = a.groups[0]
    hand = state.hands[state.turn]
    if len(a.groups) > 1 or Counter(hand) != Counter(cards):
        return v.explain(False, "special.hand", player=name, cards=cards,
                         why=P("why.special-whole-hand", need=SPECIAL_HAND_SIZE, count=len(hand)))
    kind, why = classify(cards)
    if kind is None:
        return v.explain(False, "special.hand", player=name, cards=cards, why=why)
    # decided: a special hand is the player's first meld of the hand (threes aside), so whoever has
    # melded, or took an ala by leaving the hoyo, lays none down
    seat = state.turn
    if seat in state.extra.get("special_barred", ()) or seat in state.extra.get("ala_seat", ()):
        return v.explain(False, "special.hand", player=name, cards=cards,
                         why=P("why.special-first-meld", player=name))
    return v.explain(True, "special.hand", player=name, cards=cards, hand=why,
                     points=v.special_hand_points(kind))


# ---- melds and adds -----------------------------------------------------------------------

def check_meld(state: State, a: Meld) -> Explanation:
    v = state.variant
    seat = state.turn
    side = state.side_of(seat)
    name = state.player
    if not a.groups:
        return v.explain(False, "meld.min-cards", cards=(), count=0, need=v.meld_min)
    if len(a.groups) == 1 and len(a.groups[0]) == SPECIAL_HAND_SIZE:
        return check_special_hand(state, a)
    if is_threes(a.groups):
        return check_threes(state, a)
    hoyo = in_hoyo(state, side)
    # meld.one-at-a-time: several melds in one action only to leave the hoyo together
    if len(a.groups) > 1 and not hoyo:
        return v.explain(False, "meld.one-at-a-time", player=name, side=state.side_label(side), count=len(a.groups))
    used = [c for g in a.groups for c in g]
    held = has_cards(state, used)
    if not held.allowed:
        return held
    new: list[TableMeld] = []
    subs: list[Explanation] = []
    keys: set[object] = set()
    for g in a.groups:
        meld, exp = build_meld(v, g, aces_wild_ok=hoyo)
        if meld is None:
            return exp
        # meld.rank-exists: one meld per rank (and one of wild cards) per pair
        key = meld_key(meld)
        if key in keys or _index(state, side, key) is not None:
            return v.explain(False, "meld.rank-exists", player=name, side=state.side_label(side), rank=meld.label)
        keys.add(key)
        new.append(meld)
        subs.append(exp)
    if hoyo:
        op = opening_check(state, side, a.groups)
        if not op.allowed:
            return op
        subs.append(op)
    after = side_melds_after(state, side, {}, new)
    out = _going_out(state, side, len(state.hands[seat]) - len(used), after)
    if out is not None:
        if not out.allowed:
            return out
        subs.append(out)
    subs.extend(canasta_notes(state, state.melds[side], after))
    return v.explain(True, "meld.ok", tuple(subs), player=name,
                     melds=tuple(m.cards for m in new), points=points(state, used))


def check_add(state: State, a: Add) -> Explanation:
    v = state.variant
    seat = state.turn
    side = state.side_of(seat)
    name = state.player
    idx = state.find_meld(side, a.target)
    # add.target: the pair has that meld
    if idx is None or not a.cards or state.melds[side][idx].kind not in ("group", "wilds"):
        return v.explain(False, "add.target", player=name, side=state.side_label(side), cards=a.cards,
                         meld=a.target, owner=other_owner(state, side, a.target))
    held = has_cards(state, a.cards)
    if not held.allowed:
        return held
    meld, exp = extend_meld(v, state.melds[side][idx], a.cards)
    if meld is None:
        return exp
    after = side_melds_after(state, side, {idx: meld}, [])
    subs = [exp]
    out = _going_out(state, side, len(state.hands[seat]) - len(a.cards), after)
    if out is not None:
        if not out.allowed:
            return out
        subs.append(out)
    subs.extend(canasta_notes(state, state.melds[side], after))
    return v.explain(True, "add.ok", tuple(subs), player=name, cards=a.cards, meld=meld.label,
                     size=meld.size)


# ---- taking the pile ------------------------------------------------------------------------

def check_take_pile(state: State, a: TakePile) -> Explanation:
    v = state.variant
    seat = state.turn
    side = state.side_of(seat)
    name = state.player
    if not state.pile:
        return v.explain(False, "pile.empty", player=name)
    # pile.depth: the whole pile, from its top card
    if a.depth != 1:
        return v.explain(False, "pile.depth", player=name, depth=a.depth,
                         deep=a.depth > len(state.pile), size=len(state.pile))
    top = state.pile[-1]
    # pile.top-wild / pile.top-three: such a top card never lets the pile be taken
    if v.is_wild(top):
        return v.explain(False, "pile.top-wild", player=name, top=top)
    if top.rank == 3:
        return v.explain(False, "pile.top-three", player=name, top=top)
    rank = RANK_TEXT[top.rank]
    # pile.use-top: the top card goes down with at least two cards of its rank from the hand
    nat = [c for c in a.with_cards if not v.is_wild(c) and c.rank == top.rank]
    others = [c for c in a.with_cards if not v.is_wild(c) and c.rank != top.rank]
    if a.onto is not None or len(nat) < 2 or others:
        why = (with_cards_fault(v, a.with_cards, top.rank, None) if a.onto is None else None) or P(
            "why.use-top-two-naturals", rank=rank)
        return v.explain(False, "pile.use-top", player=name, top=top, cards=tuple(a.with_cards),
                         onto=a.onto, why=why)
    hoyo = in_hoyo(state, side)
    # pile.extra-only-opening: other melds go down with the pile only to leave the hoyo
    if a.extra and not hoyo:
        return v.explain(False, "pile.extra-only-opening", player=name,
                         side=state.side_label(side))
    used = list(a.with_cards) + [c for g in a.extra for c in g]
    held = has_cards(state, used)
    if not held.allowed:
        return held
    melds = state.melds[side]
    cards = (top, *a.with_cards)
    replaced: dict[int, TableMeld] = {}
    new: list[TableMeld] = []
    idx = _index(state, side, top.rank)
    if idx is not None:
        # pile.meld-full: with a meld of that rank, only while it has fewer than five cards
        if melds[idx].size >= 5:
            return v.explain(False, "pile.meld-full", player=name, top=top, rank=rank,
                             size=melds[idx].size)
        meld, exp = extend_meld(v, melds[idx], cards)
        if meld is None:
            return exp
        replaced[idx] = meld
    else:
        meld, exp = build_meld(v, cards, aces_wild_ok=hoyo)
        if meld is None:
            return exp
        new.append(meld)
    subs = [exp]
    keys: set[object] = {top.rank}
    for g in a.extra:
        if is_threes((g,)):
            return v.explain(False, "meld.threes", player=name, cards=g, count=len(g),
                             why=P("why.threes-alone"))
        m, e = build_meld(v, g)
        if m is None:
            return e
        key = meld_key(m)
        if key in keys or _index(state, side, key) is not None:
            return v.explain(False, "meld.rank-exists", player=name, side=state.side_label(side), rank=m.label)
        keys.add(key)
        new.append(m)
        subs.append(e)
    # open.minimum: leaving the hoyo, the pile's top card counts (RULES_NOTES A4)
    if hoyo:
        op = opening_check(state, side, [cards, *a.extra])
        if not op.allowed:
            return op
        subs.append(op)
    after = side_melds_after(state, side, replaced, new)
    hand_after = len(state.hands[seat]) - len(used) + len(state.pile) - 1
    out = _going_out(state, side, hand_after, after)
    if out is not None:
        if not out.allowed:
            return out
        subs.append(out)
    subs.extend(canasta_notes(state, melds, after))
    return v.explain(True, "pile.take", tuple(subs), player=name, top=top, count=len(state.pile),
                     meld=cards, also=tuple(a.extra))


# ---- discards -----------------------------------------------------------------------------

def check_discard(state: State, a: Discard) -> Explanation:
    v = state.variant
    seat = state.turn
    side = state.side_of(seat)
    name = state.player
    c = a.card
    assert c is not None
    hand = state.hands[seat]
    if c not in hand:
        return v.explain(False, "hand.has-cards", player=name, cards=(c,), repeated=False)
    if len(hand) == 1:
        # going out: always with this final discard, once the pair has its canastas
        out = going_out_check(state, side, 0, state.melds[side], discarding=True)
        assert out is not None
        if not out.allowed:
            return out
        return v.explain(True, "discard.out", (out,), player=name, card=c)
    subs: list[Explanation] = []
    # discard.three: threes only to go out (or when nothing else can leave a hand of threes)
    if c.rank == 3:
        stuck = all(x.rank == 3 for x in hand) and not state.stock
        if not stuck:
            return v.explain(False, "discard.three", player=name, card=c)
        subs.append(v.explain(True, "discard.three", player=name, card=c))
    # discard.wild: wild cards only to go out or from a hand of nothing but wilds and threes
    elif v.is_wild(c):
        if not all(v.is_wild(x) or x.rank == 3 for x in hand):
            return v.explain(False, "discard.wild", player=name, card=c)
        subs.append(v.explain(True, "discard.wild", player=name, card=c))
    # discard.empty-pile: on an empty pile, aces and sevens only when they are the only naturals
    elif c.rank in (ACE, 7) and not state.pile:
        others = [x for x in hand if not v.is_wild(x) and x.rank not in (3, ACE, 7)]
        if others:
            return v.explain(False, "discard.empty-pile", player=name, card=c,
                             others=tuple(sorted_cards(set(others))))
        subs.append(v.explain(True, "discard.empty-pile", player=name, card=c, others=()))
    return v.explain(True, "discard.ok", tuple(subs), player=name, card=c,
                     next=state.names[(seat + 1) % state.players])
