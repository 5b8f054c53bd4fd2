"""Canasta Real kernel moves as engine actions (how the tests mirror a kernel playout onto a
State, and how a kernel seat plays at an engine table)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...actions import Action, Add, Discard, Draw, Meld, Pass, TakePile
from ...cards import SUITS, Card, card

if TYPE_CHECKING:
    from ...state import State


def face(code: int) -> Card:
    """The card of a kernel code."""
    return card(code & 15, SUITS[code >> 4])


def engine_action(state: State, move: tuple[Any, ...]) -> Action:
    """The engine action of the kernel ``move`` for the player to move in ``state`` (the cards
    in the move's order: a run's wild 2 is the last 2 named)."""
    kind = move[0]
    if kind == "draw":
        return Draw()
    if kind == "take":
        return TakePile()
    if kind == "pass":
        return Pass()
    if kind == "discard":
        return Discard(card=face(move[1]))
    if kind == "meld":
        return Meld(groups=(tuple(face(c) for c in move[1]),))
    if kind == "add":
        return Add(cards=tuple(face(c) for c in move[2]), target=f"#{move[1] + 1}")
    raise ValueError(f"not a kernel move: {move!r}")
