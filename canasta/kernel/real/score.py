"""The end of a hand of Canasta Real on counts: each side's points as the variant's
``score_side`` gives them (going out, canastas clean, dirty and de mil, the cards of the runs,
the cards left in hands, a muerto not taken or never played)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .position import ACE_HIGH, NCODES, PENDING, WAITING

if TYPE_CHECKING:
    from .position import Position


def run_points(p: Position, run: list[int]) -> int:
    """A run's cards and its canasta bonus."""
    r_ = p.rules
    _, lo, hi, wr, _ = run
    rv = r_.role_value
    t = sum(rv[lo:hi + 1])
    size = hi - lo + 1
    if wr:
        t += r_.wild_value - rv[wr]
    if size >= r_.canasta_size:
        t += r_.mixed_bonus if wr else (r_.de_mil if size == ACE_HIGH else r_.natural_bonus)
    return t


def hand_totals(p: Position, went_out: int) -> list[int]:
    """Each side's points for the hand (``went_out`` the seat that went out, or -1)."""
    r_ = p.rules
    values = r_.values
    out = []
    for side in (0, 1):
        t = r_.out_bonus if went_out >= 0 and went_out % p.ns == side else 0
        for run in p.runs[side]:
            t += run_points(p, run)
        for seat in range(side, p.np, p.ns):
            h = p.hands[seat]
            t -= sum(h[c] * values[c] for c in range(NCODES) if h[c])
        if p.mstate[side] in (WAITING, PENDING):
            t -= r_.muerto_penalty
        out.append(t)
    return out
