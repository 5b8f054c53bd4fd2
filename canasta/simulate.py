"""Random play with invariant checks after every action (pure: returns figures, prints nothing)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .bots import make_bot
from .game import new_game
from .movegen import checked_legal_actions

if TYPE_CHECKING:
    from .state import State


@dataclass
class SimResult:
    variant: str
    games: int = 0
    hands: int = 0
    decisions: int = 0
    violations: list[str] = field(default_factory=list)
    seconds: float = 0.0
    went_out: int = 0
    hand_turns: int = 0
    hand_points: int = 0
    unfinished: int = 0  # games stopped at the safety limit of hands before reaching the target
    bot: str = "random"  # the level of the bots at every seat (canasta.bots.ALL_BOTS)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    def to_dict(self) -> dict[str, object]:
        return {"variant": self.variant, "games": self.games, "hands": self.hands,
                "decisions": self.decisions, "violations": len(self.violations),
                "seconds": round(self.seconds, 3), "games_per_second": round(self.games_per_second, 2),
                "went_out": self.went_out, "unfinished": self.unfinished, "bot": self.bot}


SAFETY_HANDS = 300  # random play may never reach a high target (americana): stop a game there
MOVES_EVERY = 20  # how often the invariant checks also compare fast and checked legal actions


def _moves_agree(state: State) -> bool:
    """The variant's fast legal actions (where it has them) equal the checked definition."""
    fast = state.variant.fast_legal_actions(state)
    return fast is None or fast == checked_legal_actions(state)


def play_game(variant: str, seed: int, *, players: int | None = None, max_hands: int = 0,
              check_invariants: bool = True, explain: bool = False, result: SimResult | None = None,
              bot: str = "random") -> SimResult:
    """Play one game with a bot of level ``bot`` for every seat (uniform random by default), to
    the target or ``max_hands`` hands. Random play rarely ends a game of Canasta Americana or
    Canasta Real; the ``thrifty`` bots end every one in some hundreds of decisions.

    With ``check_invariants`` every card is counted after every action, and every
    ``MOVES_EVERY``-th position compares the fast legal actions with the checked ones; with
    ``explain`` every decision's explanation (and its events) is rendered in English, as a learner
    would see it. Without it, actions are applied with :meth:`State.play`."""
    from .actions import Draw, TakePile

    res = result or SimResult(variant, bot=bot)
    state = new_game(variant, seed=seed, players=players)
    player = make_bot(bot, seed)
    limit = max_hands or SAFETY_HANDS
    turns = counted = 0
    while not state.is_over:
        if check_invariants and res.decisions % MOVES_EVERY == 0 and not _moves_agree(state):
            res.violations.append(f"game {seed} hand {state.hand_no}: the fast legal actions differ "
                                  f"from the checked ones at {state!r}")
        action = player.choose(state)
        if explain:  # built by apply and rendered, as a learner would see it
            exp = state.apply(action)
            for e in exp.walk():
                e.message("en")
            for e in state.history[-1].events:
                e.message("en")
        else:  # explanations only on demand
            state.play(action)
        res.decisions += 1
        if isinstance(action, (Draw, TakePile)):
            turns += 1
        if check_invariants:
            errs = state.conservation_errors()
            if errs:
                res.violations.append(f"game {seed} hand {state.hand_no} after {action.text}: {errs[:3]}")
        if len(state.results) > counted:  # a hand has just ended
            counted = len(state.results)
            r = state.results[-1]
            res.hands += 1
            res.hand_turns += turns
            turns = 0
            res.hand_points += sum(r.totals)
            if r.ended.rule == "end.went-out":
                res.went_out += 1
            if len(state.results) >= limit:
                if not max_hands:
                    res.unfinished += 1
                break
    res.games += 1
    return res


def game_seed(seed: int, i: int) -> int:
    """The seed of game ``i`` of a run: the same whichever process plays it."""
    return seed * 100003 + i


def simulate(variant: str, games: int, seed: int, *, players: int | None = None,
             max_hands: int = 0, check_invariants: bool = True, bot: str = "random") -> SimResult:
    res = SimResult(variant, bot=bot)
    t0 = time.perf_counter()
    for i in range(games):
        play_game(variant, game_seed(seed, i), players=players, max_hands=max_hands,
                  check_invariants=check_invariants, result=res, bot=bot)
    res.seconds = time.perf_counter() - t0
    return res
