"""Hands played by bots, one record each, and what many of them show: how long a hand lasts, how
often it ends by going out, how many points a side scores, each with its spread.

Pure: :func:`play_hand` plays the first hand of a seeded game and returns its record;
:func:`summarise` turns records into figures. Storing them is the business of
``scripts/hand_stats.py``, which writes the file the variants notebook reads.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from .actions import Draw, TakePile
from .bots import BOTS
from .game import new_game
from .registry import find_variant

MAX_ACTIONS = 5000  # a safety net: no hand of the bots comes near it
ENDINGS = ("went-out", "special-hand", "stock-exhausted", "unfinished")


@dataclass(frozen=True)
class HandRecord:
    """One hand: the game's seed, its turns (draws and pile pickups), how it ended (the end
    rule without its ``end.`` prefix) and the points each side scored in it."""

    seed: int
    turns: int
    ended: str
    points: tuple[int, ...]

    def to_row(self) -> list[int | str]:
        return [self.seed, self.turns, self.ended, *self.points]

    @classmethod
    def from_row(cls, row: Sequence[int | str]) -> HandRecord:
        seed, turns, ended, *points = row
        return cls(int(seed), int(turns), str(ended), tuple(int(p) for p in points))


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of game ``seed`` (the same wherever the hand is played)."""
    return seed * 16 + seat


def play_hand(variant: str, seed: int, bot: str = "greedy") -> HandRecord:
    """The first hand of ``new_game(variant, seed)`` with a ``bot`` in every seat."""
    state = new_game(variant, seed=seed)
    bots = [BOTS[bot](bot_seed(seed, seat)) for seat in range(state.players)]
    turns = 0
    for _ in range(MAX_ACTIONS):
        if state.hand_over:
            break
        action = bots[state.actor].choose(state)
        turns += isinstance(action, (Draw, TakePile))
        state.play(action)
    result = state.last_result
    if not state.hand_over or result is None:
        return HandRecord(seed, turns, "unfinished", ())
    return HandRecord(seed, turns, result.ended.rule.removeprefix("end."), tuple(result.totals))


@dataclass(frozen=True)
class Figure:
    """A mean and its spread: the standard deviation of the values, the half-width of a 95%
    interval for the mean (1.96 standard errors), and the middle half of the values (from the
    first to the third quartile)."""

    mean: float
    sd: float
    margin: float
    q1: float
    q3: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Figure:
        n = len(values)
        if n == 0:
            return cls(0.0, 0.0, 0.0, 0.0, 0.0)
        if n == 1:
            return cls(float(values[0]), 0.0, 0.0, float(values[0]), float(values[0]))
        sd = statistics.stdev(values)
        q1, _median, q3 = statistics.quantiles(values, n=4, method="inclusive")
        return cls(statistics.fmean(values), sd, 1.96 * sd / math.sqrt(n), q1, q3)


@dataclass(frozen=True)
class Share:
    """How many of ``n`` hands had some property, with a 95% interval for the share (Wilson's
    score interval, which stays inside 0–1 and is not empty at 0% or 100%)."""

    count: int
    n: int

    @property
    def value(self) -> float:
        return self.count / self.n if self.n else 0.0

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        if not self.n:
            return (0.0, 0.0)
        p, n = self.value, self.n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class HandSummary:
    """What the records of one variant show."""

    variant: str
    hands: int
    turns: Figure  # per hand
    went_out: Share  # hands ended by a player going out (or laying down a special hand)
    points: Figure  # per side and hand
    unfinished: int


def summarise(variant: str, records: Sequence[HandRecord]) -> HandSummary:
    """The figures of ``records`` (the hands of one variant); unfinished hands count only in
    ``unfinished``."""
    done = [r for r in records if r.ended != "unfinished"]
    return HandSummary(
        variant=find_variant(variant).name,
        hands=len(done),
        turns=Figure.of([r.turns for r in done]),
        went_out=Share(sum(r.ended in ("went-out", "special-hand") for r in done), len(done)),
        points=Figure.of([p for r in done for p in r.points]),
        unfinished=len(records) - len(done),
    )
