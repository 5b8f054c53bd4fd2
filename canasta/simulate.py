"""Random play with invariant checks after every action (pure: returns figures, prints nothing)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from .bots import RandomBot
from .game import new_game


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

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    def to_dict(self) -> dict[str, object]:
        return {"variant": self.variant, "games": self.games, "hands": self.hands,
                "decisions": self.decisions, "violations": len(self.violations),
                "seconds": round(self.seconds, 3), "games_per_second": round(self.games_per_second, 2),
                "went_out": self.went_out}


def play_game(variant: str, seed: int, *, players: int | None = None, max_hands: int = 0,
              check_invariants: bool = True, explain: bool = False, result: SimResult | None = None
              ) -> SimResult:
    """Play one game with random bots; with ``explain`` every decision's explanation is built."""
    res = result or SimResult(variant)
    state = new_game(variant, seed=seed, players=players)
    bot = RandomBot(seed)
    hands_here = 0
    turns = 0
    while not state.is_over:
        action = bot.choose(state)
        if explain:
            state.apply(action)
        else:
            _apply_fast(state, action)
        res.decisions += 1
        turns += 1
        if check_invariants:
            errs = state.conservation_errors()
            if errs:
                res.violations.append(f"game {seed} hand {state.hand_no} after {action.text}: {errs[:3]}")
        if state.phase in ("hand-over", "game-over") and len(state.results) > hands_here:
            hands_here = len(state.results)
            res.hands += 1
            r = state.results[-1]
            res.hand_turns += turns
            turns = 0
            res.hand_points += sum(r.totals)
            if r.ended.rule == "end.went-out":
                res.went_out += 1
            if max_hands and hands_here >= max_hands:
                break
    res.games += 1
    return res


def _apply_fast(state, action) -> None:  # type: ignore[no-untyped-def]
    state.apply(action)


def game_seed(seed: int, i: int) -> int:
    """The seed of game ``i`` of a run: the same whichever process plays it."""
    return seed * 100003 + i


def simulate(variant: str, games: int, seed: int, *, players: int | None = None,
             max_hands: int = 0, check_invariants: bool = True) -> SimResult:
    res = SimResult(variant)
    t0 = time.perf_counter()
    for i in range(games):
        play_game(variant, game_seed(seed, i), players=players, max_hands=max_hands,
                  check_invariants=check_invariants, result=res)
    res.seconds = time.perf_counter() - t0
    return res
