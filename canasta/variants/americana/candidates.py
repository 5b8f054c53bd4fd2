"""Canasta Americana's move candidates for the checked list (supersets of the legal actions;
``check`` decides). The same list without explanations is computed by :mod:`.moves`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from ...actions import Action, Add, Meld, TakePile
from ...cards import Card, sorted_cards
from ...movegen import _combos, group_candidates, submultisets
from .hands import SPECIAL_HAND_SIZE
from .turns import in_hoyo

if TYPE_CHECKING:
    from ...state import State


def candidate_melds(state: State, hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Groups of one rank (threes apart) and melds of wild cards only."""
    v = state.variant
    out = [g for g in group_candidates(state, hand) if all(c.rank != 3 for c in g)]
    wilds = Counter(c for c in hand if v.is_wild(c))
    out.extend(submultisets(wilds, v.meld_min, v.max_meld_size))
    return out


def threes_candidates(state: State) -> list[Action]:
    """Threes laid down from the hand, any number of them."""
    threes = Counter(c for c in state.hands[state.turn] if c.rank == 3)
    return [Meld(groups=(g,)) for g in submultisets(threes, 1, sum(threes.values()))]


def take_candidates(state: State) -> list[Action]:
    """Before the draw: the pile taken with two or more of its rank (and wild cards, and, leaving
    the hoyo, other melds), and threes laid down."""
    out = threes_candidates(state)
    if not state.pile:
        return out
    v = state.variant
    top = state.pile[-1]
    if v.is_wild(top) or top.rank == 3:
        return out
    seat = state.turn
    hand = state.hands[seat]
    nats = Counter(c for c in hand if not v.is_wild(c) and c.rank == top.rank)
    wilds = Counter(c for c in hand if v.is_wild(c))
    hoyo = in_hoyo(state, state.side_of(seat))
    for nat in submultisets(nats, 2, v.max_meld_size - 1):
        for w in submultisets(wilds, 0, v.max_wilds):
            with_cards = nat + w
            out.append(TakePile(with_cards=with_cards))
            if hoyo:
                rest = list(hand)
                for c in with_cards:
                    rest.remove(c)
                groups = [g for g in candidate_melds(state, rest)
                          if all(v.is_wild(c) or c.rank != top.rank for c in g)]
                out.extend(TakePile(with_cards=with_cards, extra=c)
                           for c in _combos(state, groups, rest, len(rest)))
    return out


def add_candidates(state: State) -> list[Action]:
    """After the draw: lay-offs onto the pair's melds, threes laid down, a special hand."""
    hand = state.hands[state.turn]
    out: list[Action] = list(_layoffs(state, hand))
    out.extend(threes_candidates(state))
    if len(hand) == SPECIAL_HAND_SIZE:
        out.append(Meld(groups=(tuple(sorted_cards(hand)),)))
    return out


def _layoffs(state: State, hand: Sequence[Card]) -> Iterator[Add]:
    """Naturals of a group's rank and wild cards onto it, wild cards onto a meld of wild cards,
    within seven cards."""
    v = state.variant
    wilds = Counter(c for c in hand if v.is_wild(c))
    for m in state.melds[state.side_of(state.turn)]:
        room = v.max_meld_size - m.size
        if room > 0 and m.kind == "wilds":
            yield from (Add(cards=w, target=m.label) for w in submultisets(wilds, 1, room))
        elif room > 0 and m.kind == "group":
            nats = Counter(c for c in hand if not v.is_wild(c) and c.rank == m.key)
            wild_room = max(0, v.max_wilds - m.wilds)
            for nat in submultisets(nats, 0, room):
                for w in submultisets(wilds, 0, min(wild_room, room - len(nat))):
                    if nat or w:
                        yield Add(cards=nat + w, target=m.label)
