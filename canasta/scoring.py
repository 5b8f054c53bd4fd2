"""End of a hand: itemised scoring lines, running totals, and the end of the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import sorted_cards
from .explain import Explanation, P, Phrase

if TYPE_CHECKING:
    from .state import State


def score_side(state: State, side: int, went_out: int | None) -> list[tuple[int, Explanation]]:
    """Classic-family scoring: going out, canastas, red threes, meld cards, cards in hand."""
    v = state.variant
    lines: list[tuple[int, Explanation]] = []
    if went_out is not None and state.side_of(went_out) == side:
        lines.append((v.going_out_bonus, v.explain(True, "score.going-out", player=state.names[went_out],
                                                   points=v.going_out_bonus)))
        # score.concealed: the player melded the whole hand in one turn, nothing earlier
        if v.concealed_bonus and went_out_concealed(state, went_out):
            lines.append((v.concealed_bonus, v.explain(True, "score.concealed",
                                                       player=state.names[went_out],
                                                       points=v.concealed_bonus)))
    for m in state.melds[side]:
        kind = v.canasta_kind(m)
        if kind:
            pts = v.canasta_bonus(m)
            lines.append((pts, v.explain(True, "score.canasta", meld=m.label, size=m.size,
                                         kind=v.canasta_word(kind), points=pts)))
    reds = state.red_threes[side]
    if reds:
        n = len(reds)
        pts = v.red_threes_all_four if n == 4 else n * v.red_three_bonus
        label = state.side_label(side)
        if v.red_threes_negative_without == "meld":
            negative = not state.melds[side]
            why = P("why.side-melded-nothing" if negative else "why.side-melded", side=label)
        else:
            negative = not state.canastas(side)
            why = P("why.side-no-canasta" if negative else "why.side-has-canasta", side=label)
        pts = -pts if negative else pts
        lines.append((pts, v.explain(True, "score.red-threes", count=n, cards=tuple(reds), points=pts,
                                     why=why)))
    if state.melds[side]:
        per = [(m.label, sum(v.value(c) for c in m.cards)) for m in state.melds[side]]
        total = sum(p for _, p in per)
        lines.append((total, v.explain(True, "score.meld-cards", points=total,
                                       detail=meld_points_detail(per))))
    for seat in state.sides[side]:
        hand = state.hands[seat]
        if hand:
            pts = -sum(v.value(c) for c in hand)
            lines.append((pts, v.explain(True, "score.hand-cards", player=state.names[seat],
                                         cards=tuple(sorted_cards(hand)), points=pts)))
    return lines




def meld_points_detail(per: list[tuple[str, int]]) -> tuple[Phrase, ...]:
    """Each meld's points as facts of a message: 'K 110', 'comodines 140'."""
    return tuple(P("detail.meld-label-points", meld=label, points=p) for label, p in per)
def went_out_concealed(state: State, seat: int) -> bool:
    """Whether ``seat`` went out concealed: nothing melded before this turn, this turn's melds
    include a canasta of the player's own, and no card went onto a meld the side had before
    (the partner's)."""
    if state.melded_before[seat]:
        return False
    base = state.extra.get("turn_meld_base")
    if base is None or state.extra.get("turn_old_meld"):
        return False
    v = state.variant
    return any(v.canasta_kind(m) for m in state.melds[state.side_of(seat)][base:])


def finish_hand(state: State, went_out: int | None) -> list[Explanation]:
    """Score the hand, add to the totals, and decide whether the game is over."""
    from .state import HandResult

    v = state.variant
    told = v.ended_explanation(state, went_out)
    if told is not None:
        ended = told
    elif went_out is not None:
        ended = v.explain(True, "end.went-out", player=state.names[went_out],
                          side=state.side_label(state.side_of(went_out)))
    else:  # the stock ran out: how play ended (end.stock-exhausted unless told otherwise)
        ended = v.explain(True, state.extra.get("ended_by", "end.stock-exhausted"),
                          player=state.names[state.turn])
    lines: list[tuple[int, int, Explanation]] = []
    totals = []
    for side in range(len(state.sides)):
        side_lines = v.score_side(state, side, went_out)
        lines.extend((side, p, e) for p, e in side_lines)
        totals.append(sum(p for p, _ in side_lines))
    before = list(state.scores)
    state.scores = [b + t for b, t in zip(before, totals, strict=True)]
    result = HandResult(state.hand_no, ended, lines, totals, before, list(state.scores))
    events = [ended]
    for side, total in enumerate(totals):
        events.append(v.explain(True, "score.total", side=state.side_label(side), points=total,
                                score=state.scores[side]))
    over = game_end(state)
    if over is not None:
        result.game_over, result.winner = over
        events.append(over[0])
        state.phase = "game-over"
    else:
        state.phase = "hand-over"
    state.results.append(result)
    return events


def game_end(state: State) -> tuple[Explanation, int] | None:
    """game.end: a side at or over the target ends the game; the highest total wins (a tie at
    the top plays another hand)."""
    v = state.variant
    best = max(state.scores)
    if not v.game_target_reached(best):
        return None
    leaders = [s for s, sc in enumerate(state.scores) if sc == best]
    if len(leaders) > 1:
        return None
    w = leaders[0]
    return v.explain(True, "game.end", side=state.side_label(w), score=best, target=v.target), w
