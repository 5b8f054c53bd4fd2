"""``canasta simulate VARIANT --games N --seed S``: random play with invariant checks.

Game ``i`` always uses ``canasta.simulate.game_seed(S, i)``, so a run gives the same figures
whatever ``--jobs`` is; with several jobs the games are spread over processes and merged in order.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import signal
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from ..bots import ALL_BOTS
from ..game import new_game
from ..registry import find_variant
from ..render.text import label
from ..simulate import SimResult, game_seed, play_game
from .words import arg_error, bot_level, cli_text, whole

NAME = "simulate"
SHOWN_VIOLATIONS = 10
LONG_GAMES, LONG_HANDS = 2400, 5  # about 11,000 hands: some games end sooner


def _count(text: str) -> int:
    n = whole(text)
    if n < 1:
        raise arg_error("arg.at-least", least=1, value=text)
    return n


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("variant", metavar=cli_text("metavar.variant"), help=cli_text("simulate.variant"))
    p.add_argument("--games", type=_count, default=1, metavar="N", help=cli_text("simulate.games"))
    p.add_argument("--seed", type=whole, default=0, metavar="S", help=cli_text("simulate.seed"))
    p.add_argument("--players", type=whole, default=None, metavar="P",
                   help=cli_text("simulate.players"))
    p.add_argument("--jobs", type=_count, default=1, metavar="J",
                   help=cli_text("simulate.jobs"))
    p.add_argument("--hands", type=whole, default=0, metavar="H",
                   help=cli_text("simulate.hands"))
    p.add_argument("--long", action="store_true",
                   help=cli_text("simulate.long", games=LONG_GAMES, each=LONG_HANDS,
                                 hands=LONG_GAMES * LONG_HANDS))
    p.add_argument("--bot", type=bot_level, choices=list(ALL_BOTS), default="random", metavar="LEVEL",
                   help=cli_text("simulate.bot", bots=", ".join(ALL_BOTS)))
    p.add_argument("--json", action="store_true", help=cli_text("simulate.json"))


def _play(job: tuple[str, int, int | None, int, str]) -> SimResult:
    variant, seed, players, hands, bot = job
    return play_game(variant, seed, players=players, max_hands=hands, bot=bot)


def merge(total: SimResult, part: SimResult) -> None:
    """Add one game's figures to the run's."""
    total.games += part.games
    total.hands += part.hands
    total.decisions += part.decisions
    total.violations.extend(part.violations)
    total.went_out += part.went_out
    total.hand_turns += part.hand_turns
    total.hand_points += part.hand_points
    total.unfinished += part.unfinished


@contextmanager
def _progress(games: int) -> Iterator[Callable[[], None]]:
    """A progress bar on stderr for runs of several games, only when stderr is a terminal."""
    if games < 2 or not sys.stderr.isatty():
        yield lambda: None
        return
    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("games", total=games)
        yield lambda: bar.advance(task)


def _ignore_interrupts() -> None:
    """In a worker: Ctrl-C reaches the whole process group, and only the parent acts on it (it
    stops the pool); a worker that died of it would be replaced and given the next game."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_games(variant: str, games: int, seed: int, players: int | None, jobs: int,
              progress: Callable[[int], AbstractContextManager[Callable[[], None]]] = _progress,
              hands: int = 0, bot: str = "random") -> SimResult:
    """Play the games (over ``jobs`` processes) and merge their figures in game order."""
    work = [(variant, game_seed(seed, i), players, hands, bot) for i in range(games)]
    total = SimResult(variant, bot=bot)
    t0 = time.perf_counter()
    # the worker processes start before the progress bar's thread does
    pool = multiprocessing.Pool(min(jobs, games), initializer=_ignore_interrupts) if jobs > 1 else None
    done = False
    try:
        results = pool.imap(_play, work) if pool else map(_play, work)  # imap keeps game order
        with progress(games) as tick:
            for r in results:
                merge(total, r)
                tick()
        done = True
    finally:
        if pool is not None:
            if done:
                pool.close()
            else:  # Ctrl-C or an error: stop the workers now rather than after their games
                pool.terminate()
            pool.join()
    total.seconds = time.perf_counter() - t0
    return total


def run(args: argparse.Namespace, console: Console) -> int:
    v = find_variant(args.variant)
    new_game(v, players=args.players)  # an impossible player count fails here, before any game
    games, hands = (LONG_GAMES, LONG_HANDS) if args.long else (args.games, args.hands)
    res = run_games(v.name, games, args.seed, args.players, args.jobs, hands=hands, bot=args.bot)
    if args.json:
        print(json.dumps(res.to_dict()))
    else:
        console.print(_table(res, args.lang))
    for line in res.violations[:SHOWN_VIOLATIONS]:
        print(f"violation: {line}", file=sys.stderr)
    return 1 if res.violations else 0


SHOWN_FIGURES = ("games", "hands", "decisions", "violations", "games_per_second")


def _table(res: SimResult, lang: str) -> Table:
    title = f"simulate {res.variant}" + (f" ({res.bot})" if res.bot != "random" else "")
    table = Table(title=title, title_justify="left", show_header=False)
    table.add_column()
    table.add_column(justify="right")
    figures = res.to_dict()
    for key in SHOWN_FIGURES + (("unfinished",) if res.unfinished else ()):
        value = figures[key]
        style = "bold red" if key == "violations" and value else ""
        table.add_row(label(f"sim.{key}", lang), str(value), style=style)
    return table
