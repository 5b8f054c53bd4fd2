"""Bots that choose among the legal actions: uniform random, and a simple greedy one."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .actions import Action, Add, AskPartner, Discard, Draw, Meld, TakePile

if TYPE_CHECKING:
    from .state import State


class RandomBot:
    """Chooses uniformly among ``state.legal_actions()``."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        actions = state.legal_actions()
        return actions[self.rng.randrange(len(actions))]


class GreedyBot:
    """Takes the pile when it can, melds and lays off as much as possible, then discards its
    least useful card (the lowest-valued single, never a wild card if it can help it).

    A take that melds the top card at once (classic, Americana) is always worth it. A take of the
    whole pile into the hand with nothing melded (Canasta Real, where the take is unconditional)
    is made only when the top card helps: after the take, some legal meld or lay-off holds it.
    Otherwise the bot draws, so the stock runs down and the hand can end."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        actions = state.legal_actions()
        v = state.variant

        def size(a: Action) -> int:
            if isinstance(a, Meld):
                return sum(len(g) for g in a.groups)
            if isinstance(a, Add):
                return len(a.cards)
            if isinstance(a, TakePile):
                return 100 + len(a.with_cards) + sum(len(g) for g in a.extra)
            return 0

        takes = [a for a in actions if isinstance(a, TakePile)
                 and (a.with_cards or a.onto is not None or a.extra or _top_helps(state, a))]
        if takes:
            return max(takes, key=size)
        plays = [a for a in actions if isinstance(a, (Meld, Add))]
        if plays:
            return max(plays, key=size)
        if any(isinstance(a, Draw) for a in actions):
            return next(a for a in actions if isinstance(a, Draw))
        discards = [a for a in actions if isinstance(a, Discard)]
        if discards:
            hand = state.hands[state.turn]

            def cost(a: Discard) -> tuple[int, int, int]:
                c = a.card
                assert c is not None
                same = sum(1 for x in hand if x.rank == c.rank)
                return (1 if v.is_wild(c) else 0, same, v.value(c))

            return min(discards, key=cost)
        rest = [a for a in actions if not isinstance(a, AskPartner)]
        return (rest or actions)[0]


def _top_helps(state: State, take: TakePile) -> bool:
    """Whether, once ``take`` has put the pile into the hand, the engine allows a meld or a
    lay-off holding the card that was on top (tried on a copy; nothing is decided here)."""
    top = state.pile[-1]
    after = state.copy()
    after.apply(take)
    if after.hand_over or after.actor != state.actor:
        return False
    for a in after.legal_actions():
        cards = a.cards if isinstance(a, Add) else (
            [c for g in a.groups for c in g] if isinstance(a, Meld) else [])
        if top in cards:
            return True
    return False


BOTS: dict[str, type[RandomBot] | type[GreedyBot]] = {"random": RandomBot, "greedy": GreedyBot}
