"""Americana kernel moves as engine actions: the cards of a move's codes, the first of each code
in hand order (how the tests mirror a kernel playout onto a State, and how a kernel seat plays
at an engine table)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...actions import Action, Add, Discard, Draw, Meld, Pass, TakePile
from ...cards import RANK_TEXT, Card, sorted_cards
from ..position import BLACK3, CODE, RED3
from .position import WILDS

if TYPE_CHECKING:
    from ...state import State


def engine_action(state: State, move: tuple[Any, ...]) -> Action:
    """The engine action of the kernel ``move`` for the player to move in ``state``."""
    pool: dict[int, list[Card]] = {}
    for c in sorted_cards(state.hands[state.turn]):
        pool.setdefault(CODE[c], []).append(c)

    def take(code: int, n: int) -> tuple[Card, ...]:
        got = pool.get(code, [])
        if len(got) < n:
            raise ValueError(f"the hand holds fewer than {n} cards of code {code}: {move!r}")
        out, pool[code] = tuple(got[:n]), got[n:]
        return out

    def group(g: tuple[int, int, int, int]) -> tuple[Card, ...]:
        c, n, j, t = g
        return (() if c == WILDS else take(c, n)) + take(0, j) + take(2, t)

    kind = move[0]
    if kind == "draw":
        return Draw()
    if kind == "pass":
        return Pass()
    if kind == "discard":
        return Discard(card=take(move[1], 1)[0])
    if kind == "threes":
        return Meld(groups=(take(BLACK3, move[1]) + take(RED3, move[2]),))
    if kind == "meld":
        return Meld(groups=tuple(group(g) for g in move[1]))
    if kind == "add":
        g = move[1]
        return Add(cards=group(g), target="wilds" if g[0] == WILDS else RANK_TEXT[g[0]])
    if kind != "take":
        raise ValueError(f"not a kernel move: {move!r}")
    top = CODE[state.pile[-1]]
    with_cards = take(top, move[1]) + take(0, move[2]) + take(2, move[3])
    return TakePile(with_cards=with_cards, extra=tuple(group(g) for g in move[4]))
