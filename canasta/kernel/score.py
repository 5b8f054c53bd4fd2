"""The end of a hand on counts: each side's points as :func:`canasta.scoring.score_side` gives
them (going out and concealed bonuses, canastas, red threes, meld cards, cards left in hands)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .position import BLACK3, MELD_CODES, NCODES

if TYPE_CHECKING:
    from .position import Position


def went_out_concealed(p: Position, seat: int) -> bool:
    """Whether ``seat`` went out concealed: nothing melded before this turn, nothing laid on a
    meld the side had before it, and a canasta among this turn's new melds."""
    if p.melded_before[seat] or not p.turn_base or p.turn_old:
        return False
    side = seat & 1
    nat, jk, tw = p.nat[side], p.jk[side], p.tw[side]
    size = p.rules.canasta_size
    return any(p.new_ranks >> r & 1 and nat[r] + jk[r] + tw[r] >= size for r in MELD_CODES)


def hand_totals(p: Position, went_out: int) -> list[int]:
    """Each side's points for the hand (``went_out`` the seat that went out, or -1)."""
    r_ = p.rules
    values = r_.values
    size = r_.canasta_size
    jv, tv = values[0], values[2]
    out = []
    for side in (0, 1):
        t = 0
        if went_out >= 0 and went_out & 1 == side:
            t += r_.out_bonus
            if r_.concealed_bonus and went_out_concealed(p, went_out):
                t += r_.concealed_bonus
        nat, jk, tw = p.nat[side], p.jk[side], p.tw[side]
        melded = False
        for r in MELD_CODES:
            n = nat[r]
            if n:
                melded = True
                j, w = jk[r], tw[r]
                t += n * values[r] + j * jv + w * tv
                if n + j + w >= size:
                    t += r_.mixed_bonus if j + w else r_.natural_bonus
        if nat[BLACK3]:
            melded = True
            t += nat[BLACK3] * values[BLACK3]
        reds = p.red3[side]
        if reds:
            pts = r_.red_four if reds == 4 else reds * r_.red_bonus
            t += pts if melded else -pts
        for seat in (side, side + 2):
            h = p.hands[seat]
            t -= sum(h[c] * values[c] for c in range(NCODES) if h[c])
        out.append(t)
    return out
