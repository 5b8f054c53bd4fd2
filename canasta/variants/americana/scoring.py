"""Canasta Americana's end-of-hand score: itemised lines for one pair (seed 000, "Puntuación")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards import ACE, RANK_TEXT, sorted_cards
from ...explain import Explanation, P, Phrase
from ...scoring import meld_points_detail
from .hands import HAND_NAMES

if TYPE_CHECKING:
    from ...state import State
    from .variant import Americana

COLOURS = {True: "red", False: "black"}


def score_side(v: Americana, state: State, side: int, went_out: int | None
               ) -> list[tuple[int, Explanation]]:
    melds = state.melds[side]
    # score.special-hand: a special hand replaces every other line of the pair
    special = next((m for m in melds if m.kind == "special-hand"), None)
    if special is not None:
        kind = str(special.key)
        pts = v.special_hand_points(kind)
        player = state.names[went_out] if went_out is not None else ""
        return [(pts, v.explain(True, "score.special-hand", player=player, hand=HAND_NAMES[kind],
                                points=pts))]
    lines: list[tuple[int, Explanation]] = []
    if went_out is not None and state.side_of(went_out) == side:
        lines.append((v.going_out_bonus, v.explain(True, "score.going-out",
                                                   player=state.names[went_out],
                                                   points=v.going_out_bonus)))
    canastas = [m for m in melds if v.canasta_kind(m)]
    for m in canastas:
        kind = v.canasta_kind(m) or ""
        pts = v.canasta_bonus(m)
        if kind == "wild":
            lines.append((pts, v.explain(True, "score.wild-canasta", size=m.size, points=pts,
                                         cards=m.cards, what=_wild_words(v, m.cards))))
        else:
            lines.append((pts, v.explain(True, "score.canasta", meld=m.label, size=m.size,
                                         kind=v.canasta_word(kind), points=pts)))
    # score.incomplete: clean aces, sevens or wild cards short of a canasta
    for m in melds:
        pts = -v.incomplete_cost(m)
        if not pts:
            continue
        if m.kind == "wilds":
            what = P("incomplete.wilds")
        else:
            what = P("incomplete.aces") if m.key == ACE else P("incomplete.sevens")
        lines.append((pts, v.explain(True, "score.incomplete", what=what, size=m.size, points=pts,
                                     cards=m.cards)))
    # score.aces-sevens: three or more aces, or sevens, left in one player's hand
    for seat in state.sides[side]:
        for rank in (ACE, 7):
            n = sum(1 for c in state.hands[seat] if c.rank == rank)
            pts = -v.held_cost(rank, n)
            if pts:
                lines.append((pts, v.explain(True, "score.aces-sevens", player=state.names[seat],
                                             count=n, rank=RANK_TEXT[rank], points=pts)))
    lines.extend(_threes_lines(v, state, side, len(canastas)))
    # score.meld-cards: added with a canasta, subtracted without one
    counted = [m for m in melds if m.kind != "threes"]
    if counted:
        per = [(m.label, sum(v.value(c) for c in m.cards)) for m in counted]
        total = sum(p for _, p in per)
        detail = meld_points_detail(per)
        if canastas:
            lines.append((total, v.explain(True, "score.meld-cards", points=total, detail=detail)))
        else:
            lines.append((-total, v.explain(True, "score.meld-cards-negative", points=-total,
                                            detail=detail, side=state.side_label(side))))
    # score.hand-cards: the cards left in both partners' hands (RULES_NOTES A7)
    for seat in state.sides[side]:
        hand = state.hands[seat]
        if hand:
            pts = -sum(v.value(c) for c in hand)
            lines.append((pts, v.explain(True, "score.hand-cards", player=state.names[seat],
                                         cards=tuple(sorted_cards(hand)), points=pts)))
    return lines


def _wild_words(v: Americana, cards: tuple) -> Phrase:  # type: ignore[type-arg]
    jokers = sum(1 for c in cards if c.is_joker)
    if jokers == 0:
        return P("wild-canasta.twos")
    if jokers == 4:
        return P("wild-canasta.jokers")
    return P("wild-canasta.other")


def _threes_lines(v: Americana, state: State, side: int, canastas: int
                  ) -> list[tuple[int, Explanation]]:
    """score.threes: by colour and count; negative with no canasta, ignored with one, positive
    with two or more."""
    laid = [c for m in state.melds[side] if m.kind == "threes" for c in m.cards]
    label = state.side_label(side)
    if canastas == 0:
        sign, why = -1, P("why.side-no-canasta", side=label)
    elif canastas == 1:
        sign, why = 0, P("why.threes-ignored", side=label)
    else:
        sign, why = 1, P("why.side-canastas", side=label, canastas=canastas)
    out = []
    for red in (True, False):
        cards = [c for c in laid if c.is_red == red]
        if not cards:
            continue
        table = v.threes_table
        pts = sign * table[min(len(cards), len(table) - 1)]
        out.append((pts, v.explain(True, "score.threes", count=len(cards), colour=COLOURS[red],
                                   cards=tuple(sorted_cards(cards)), points=pts, why=why)))
    return out
