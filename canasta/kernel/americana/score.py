"""The end of a hand of Canasta Americana on counts: each side's points as
:func:`canasta.variants.americana.scoring.score_side` gives them (going out, canastas of every
kind, incomplete special and wild melds, aces and sevens held, threes laid down, meld cards added
or subtracted, cards left in both partners' hands)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..position import BLACK3, MELD_CODES, NCODES, RED3

if TYPE_CHECKING:
    from .position import Position

_ACE, _SEVEN = 1, 7


def hand_totals(p: Position, went_out: int) -> list[int]:
    """Each side's points for the hand (``went_out`` the seat that went out, or -1)."""
    r_ = p.rules
    values = r_.values
    jv, tv = values[0], values[2]
    table = r_.threes_table
    top = len(table) - 1
    out = []
    for side in (0, 1):
        t = 0
        if went_out >= 0 and went_out & 1 == side:
            t += r_.out_bonus
        nat, jk, tw = p.nat[side], p.jk[side], p.tw[side]
        cards = 0
        canastas = 0
        for r in MELD_CODES:
            n = nat[r]
            if n:
                j, w = jk[r], tw[r]
                cards += n * values[r] + j * jv + w * tv
                special = r == _SEVEN or (r == _ACE and not j + w)
                if n + j + w >= 7:
                    canastas += 1
                    t += (r_.special_bonus if special else
                          r_.mixed_bonus if j + w else r_.natural_bonus)
                elif special:
                    t -= r_.incomplete_special
        j, w = p.wj[side], p.wt[side]
        if j + w:
            cards += j * jv + w * tv
            if j + w >= 7:
                canastas += 1
                t += r_.twos_bonus if not j else r_.jokers_bonus if j == 4 else r_.wild_bonus
            else:
                t -= r_.incomplete_wild
        held = r_.held_cost
        for seat in (side, side + 2):
            h = p.hands[seat]
            if h[_ACE] >= 3:
                t -= held
            if h[_SEVEN] >= 3:
                t -= held
            t -= sum(h[c] * values[c] for c in range(NCODES) if h[c])
        if canastas != 1:
            sign = 1 if canastas else -1
            for k in (p.tr[side], p.tb[side]):
                if k:
                    t += sign * table[min(k, top)]
        t += cards if canastas else -cards
        out.append(t)
    return out


__all__ = ["BLACK3", "RED3", "hand_totals"]
