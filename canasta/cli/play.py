"""``canasta play [VARIANT]``: a hand against bots in the terminal.

You sit at seat 0. On your turn you see your hand and the table, the numbered legal actions, and
type a number or an action's text; ``hint`` asks the greedy bot, ``undo`` goes back before your
last move, ``quit`` (or the end of input) stops. Every decision, yours and the bots', is shown with
its explanation. Input is read line by line, so the command also works with piped stdin.
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from rich.columns import Columns
from rich.console import Console
from rich.text import Text

from ..actions import Action, parse_action
from ..bots import BOTS, GreedyBot
from ..errors import InvalidActionError
from ..explain import Explanation
from ..game import new_game
from ..registry import find_variant
from ..render.rich import breakdown_rich, explanation_rich, state_rich
from ..render.text import label
from ..state import State
from ..words import YOU_NAMES, action_text, display_name, error_text

NAME = "play"
HELP = "play a hand against bots in the terminal, every decision explained"
YOU = 0
SHOWN_ACTIONS = 40
_QUIT = ("quit", "exit", "q", "salir")
_HINT = ("hint", "pista")
_UNDO = ("undo", "deshacer")
_LIST = ("list", "lista")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("variant", metavar="VARIANT", nargs="?", default="classic",
                   help="variant name or alias (default: classic)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the deal (default 0)")
    p.add_argument("--bots", choices=sorted(BOTS), default="greedy",
                   help="how the other players choose (default: greedy)")


class Session:
    """One terminal game: the state, the bots, and the states to go back to on ``undo``."""

    def __init__(self, state: State, bots: str, seed: int, console: Console, lang: str,
                 stream: TextIO) -> None:
        self.state = state
        self.bots = {seat: BOTS[bots](seed * 7 + seat) for seat in range(state.players) if seat != YOU}
        self.console = console
        self.lang = lang
        self.stream = stream
        self.undo_stack: list[State] = []
        self.shown_result = len(state.results)

    # ---- output ---------------------------------------------------------------------------
    def show_decision(self, seat: int, action: Action, exp: Explanation,
                      events: tuple[Explanation, ...] = ()) -> None:
        head = Text(f"{display_name(self.state.names[seat], self.lang)} ▸ ", style="bold")
        self.console.print(head.append(self.say(action)))
        self.console.print(explanation_rich(exp, self.lang, self.viewer))
        for ev in events:
            self.console.print(explanation_rich(ev, self.lang, self.viewer))

    @property
    def viewer(self) -> str:
        return self.state.names[YOU]

    def say(self, action: Action) -> str:
        """An action as the player reads it (in the language, in the variant's words)."""
        return action_text(action, self.lang, self.state.variant.base_name())

    def show_actions(self, actions: list[Action], *, everything: bool = False) -> None:
        shown = actions if everything else actions[:SHOWN_ACTIONS]
        items = [Text(f"{i}. ", style="bold").append(self.say(a)) for i, a in enumerate(shown, 1)]
        self.console.print(Text(label("play.actions", self.lang), style="bold underline"))
        self.console.print(Columns(items, padding=(0, 3)))
        if len(shown) < len(actions):
            self.console.print(label("play.more", self.lang, n=len(actions) - len(shown)), style="dim")

    def show_result(self) -> None:
        while self.shown_result < len(self.state.results):
            result = self.state.results[self.shown_result]
            self.console.print(breakdown_rich(result, self.state, self.lang, self.viewer))
            self.shown_result += 1

    # ---- input ----------------------------------------------------------------------------
    def read(self) -> str | None:
        """One line from the player, or None at the end of input."""
        self.console.print(label("play.prompt", self.lang), end="", style="bold")
        line = self.stream.readline()
        if not line:
            self.console.print()
            return None
        if not self.stream.isatty():
            self.console.print(Text(line.rstrip("\n")))  # echo piped input for a readable log
        return line.strip()

    # ---- the loop -------------------------------------------------------------------------
    def bot_move(self) -> None:
        seat = self.state.actor
        action = self.bots[seat].choose(self.state)
        self.apply(seat, action)

    def apply(self, seat: int, action: Action) -> None:
        exp = self.state.apply(action)
        self.show_decision(seat, action, exp, self.state.history[-1].events)
        self.show_result()

    def your_turn(self) -> bool:
        """Show the table and handle one line of input; False when the player quits."""
        state = self.state
        actions = state.legal_actions()
        self.console.print(state_rich(state, YOU, self.lang))
        if state.hand_over:
            self.console.print(label("play.hand-over", self.lang))
        self.show_actions(actions)
        while True:
            line = self.read()
            if line is None or line.lower() in _QUIT:
                self.console.print(label("play.bye", self.lang))
                return False
            if not line:
                continue
            low = line.lower()
            if low in _HINT:
                self.hint()
            elif low in _UNDO:
                if self.undo():
                    return True
            elif low in _LIST:
                self.show_actions(actions, everything=True)
            elif self.try_action(line, actions):
                return True

    def try_action(self, line: str, actions: list[Action]) -> bool:
        """Play the numbered or typed action; a refused one is explained and nothing changes."""
        if line.isdigit():
            n = int(line)
            if not 1 <= n <= len(actions):
                self.console.print(label("play.bad-number", self.lang, n=n, most=len(actions)),
                                   style="red")
                return False
            action = actions[n - 1]
        else:
            try:
                action = parse_action(line)
            except InvalidActionError as e:
                self.console.print(Text(error_text(e, self.lang), style="red"))
                return False
        exp = self.state.check(action)
        if not exp.allowed:
            self.console.print(explanation_rich(exp, self.lang, self.viewer))
            return False
        self.undo_stack.append(self.state.copy())
        self.apply(self.state.actor, action)
        return True

    def hint(self) -> None:
        action = GreedyBot(0).choose(self.state)
        self.console.print(label("play.hint", self.lang, action=self.say(action)), style="bold")
        self.console.print(explanation_rich(self.state.check(action), self.lang, self.viewer))

    def undo(self) -> bool:
        """Go back to before the player's last move (and the bots' moves after it)."""
        if not self.undo_stack:
            self.console.print(label("play.no-undo", self.lang))
            return False
        self.state = self.undo_stack.pop()
        self.shown_result = len(self.state.results)
        self.console.print(label("play.undone", self.lang), style="bold")
        return True

    def run(self) -> int:
        names = tuple(self.state.names[s] for s in self.bots)
        named = self.viewer.strip().casefold() not in YOU_NAMES
        self.console.print(label("play.you", self.lang, seat=self.viewer, named=named, bots=names),
                           style="bold")
        for ev in self.state.deal_events:
            self.console.print(explanation_rich(ev, self.lang, self.viewer))
        while not self.state.is_over:
            if self.state.hand_over or self.state.actor == YOU:
                if not self.your_turn():
                    return 0
            else:
                self.bot_move()
        self.console.print(state_rich(self.state, None, self.lang))
        return 0


def run(args: argparse.Namespace, console: Console) -> int:
    v = find_variant(args.variant)
    state = new_game(v, seed=args.seed)
    return Session(state, args.bots, args.seed, console, args.lang, sys.stdin).run()
