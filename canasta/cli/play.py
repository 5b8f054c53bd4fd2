"""``canasta play [VARIANT]``: a hand against bots in the terminal.

You sit at seat 0. On your turn you see your hand and the table, the legal actions grouped by kind
(numbered, a few of each), and type a number or an action's text; ``hint`` asks the coach for one
move and why, ``undo`` goes back before your last move, ``why`` shows the engine's explanations
of the bots' last turns, ``help`` says what can be typed, ``quit`` asks and stops (the end of
input stops at once). Your decisions are shown with their
explanation; each bot's turn is one line ("Ada takes the pile (9 cards) and melds 8♦ 8♠ 8♣ ·
discards 4♥"). Input is read line by line, so the command also works with piped stdin.
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from rich.columns import Columns
from rich.console import Console
from rich.text import Text

from ..actions import Action, parse_action
from ..bots import BOTS, coach_seed, make_bot, make_coach
from ..errors import InvalidActionError
from ..explain import Explanation
from ..game import new_game
from ..movegen import Listing
from ..registry import find_variant
from ..render.coach import advice_text
from ..render.rich import breakdown_rich, explanation_rich, state_rich
from ..render.summary import Played, turn_line, turns
from ..render.table_words import tw
from ..render.text import label
from ..state import State
from ..words import YOU_NAMES, action_examples, action_text, display_name, error_text
from .words import bot_level, cli_text, whole

NAME = "play"
YOU = 0
SHOWN_PER_KIND = 6  # numbered actions shown of each kind ('list' shows up to LISTED_PER_KIND)
LISTED_PER_KIND = 40
_QUIT = ("quit", "exit", "q", "salir")
_YES = ("yes", "y", "sí", "si", "s")
_HELP = ("help", "ayuda", "?")
_HINT = ("hint", "pista")
_UNDO = ("undo", "deshacer")
# 'list' is also the question the card table's button asks
_LIST = ("list", "lista", "what can i do", "what can i do now", "qué puedo hacer",
         "qué puedo hacer ahora", "que puedo hacer", "que puedo hacer ahora")
_WHY = ("why", "por qué", "porqué", "porque")


def _command(line: str) -> str:
    """A typed line as commands are compared: lower case, single spaces, without the question
    and exclamation marks around it ('¿Qué puedo hacer ahora?' → 'qué puedo hacer ahora')."""
    low = " ".join(line.lower().split())
    return low.strip("¿?¡! ") or low  # ('?' alone asks for help)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("variant", metavar=cli_text("metavar.variant"), nargs="?", default="classic",
                   help=cli_text("play.variant"))
    p.add_argument("--seed", type=whole, default=0, metavar="S", help=cli_text("play.seed"))
    p.add_argument("--players", type=whole, default=None, metavar="N",
                   help=cli_text("play.players"))
    p.add_argument("--bots", type=bot_level, choices=list(BOTS), default="greedy",
                   help=cli_text("play.bots"))
    p.add_argument("--coach", type=bot_level, choices=list(BOTS), default="expert",
                   help=cli_text("play.coach"))


class Session:
    """One terminal game: the state, the bots, and the states to go back to on ``undo``."""

    def __init__(self, state: State, bots: str, seed: int, console: Console, lang: str,
                 stream: TextIO, coach: str = "expert") -> None:
        self.state = state
        self.bots = {seat: make_bot(bots, seed * 7 + seat) for seat in range(state.players)
                     if seat != YOU}
        self.coach = coach
        self.console = console
        self.lang = lang
        self.stream = stream
        self.undo_stack: list[State] = []
        self.noted = False  # whether a hint has said what the search's figures are
        self.shown_result = len(state.results)
        self.pending: list[Played] = []  # the bots' actions not yet summed up
        self.last_round: list[Played] = []  # the bots' actions summed up last (for 'why')

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

    def show_actions(self, actions: Listing, *, everything: bool = False) -> None:
        """The legal actions grouped by kind, numbered, the first few of each kind (a learner is
        never handed thousands of actions: the listing holds at most LISTED_PER_KIND of each);
        the numbers index the listing."""
        per_kind = LISTED_PER_KIND if everything else SHOWN_PER_KIND
        kinds: dict[str, list[int]] = {}
        for i, a in enumerate(actions.actions, 1):
            kinds.setdefault(type(a).__name__, []).append(i)
        self.console.print(Text(label("play.actions", self.lang), style="bold underline"))
        hidden = 0
        pile = self.state.variant.base_name()
        for kind, numbers in kinds.items():
            title = tw(f"kind.{kind}", self.lang, pile)
            count = f"{len(numbers)}+" if kind in actions.more else str(len(numbers))
            self.console.print(Text(f"{title} ({count})", style="bold"))
            items = [Text(f"{i}. ", style="bold").append(self.say(actions.actions[i - 1]))
                     for i in numbers[:per_kind]]
            self.console.print(Columns(items, padding=(0, 3)))
            hidden += max(0, len(numbers) - per_kind)
        if hidden:
            self.console.print(label("play.more", self.lang, n=hidden), style="dim")
        if actions.more:
            self.console.print(label("play.more-many", self.lang, n=actions.per_kind), style="dim")

    def show_bot_turns(self) -> None:
        """The bots' actions since your last one, one line per turn."""
        if not self.pending:
            return
        st = self.state
        partners = [st.partner_of(s) for s in range(st.players)]
        for turn in turns(self.pending):
            self.console.print(Text("• ", style="bold").append(
                turn_line(turn, st.names, self.lang, you=YOU, variant=st.variant.base_name(),
                          partners=partners)))
        self.last_round, self.pending = self.pending, []
        self.show_result()

    def show_why(self) -> None:
        """The engine's explanations of the bots' last turns."""
        if not self.last_round:
            self.console.print(tw("cli.no-why", self.lang, self.state.variant.base_name()))
            return
        st = self.state
        for p in self.last_round:
            if p.explanation is not None:
                self.show_decision(p.seat, p.action, p.explanation, p.events)
            if p.choice is not None:  # why the bot chose it, in the coach's words
                self.console.print(Text("  " + tw("coach.bot_why", self.lang, st.variant.base_name(),
                                                  name=st.names[p.seat],
                                                  why=advice_text(p.choice, st.variant, self.lang,
                                                                  note=False)),
                                        style="dim"))

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
        st = self.state
        seat = st.actor
        choice = self.bots[seat].decide(st)
        action = choice.action
        top, size = st.top, len(st.pile)
        exp = st.apply(action)
        self.pending.append(Played(seat, action, st.history[-1].events, top, size, exp, choice))

    def apply(self, seat: int, action: Action) -> None:
        exp = self.state.apply(action)
        self.show_decision(seat, action, exp, self.state.history[-1].events)
        self.show_result()

    def your_turn(self) -> bool:
        """Show the table and handle one line of input; False when the player quits."""
        self.show_bot_turns()
        state = self.state
        actions = state.legal_listing(LISTED_PER_KIND)
        self.console.print(state_rich(state, YOU, self.lang))
        if state.hand_over:
            self.console.print(label("play.hand-over", self.lang))
        self.show_actions(actions)
        while True:
            line = self.read()
            if line is None or (_command(line) in _QUIT and self.quit_asked()):
                self.console.print(label("play.bye", self.lang))
                return False
            low = _command(line)
            if not line or low in _QUIT:
                continue
            if low in _HELP:
                self.console.print(label("play.help", self.lang, self.state.variant.base_name(),
                                         examples=action_examples(self.state.variant, self.lang),
                                         discard_only=self.state.variant.out_by_discard_only))
            elif low in _HINT:
                self.hint()
            elif low in _UNDO:
                if self.undo():
                    return True
            elif low in _LIST:
                self.show_actions(actions, everything=True)
            elif low in _WHY:
                self.show_why()
            elif self.try_action(line, actions):
                return True

    def quit_asked(self) -> bool:
        """Whether the player, asked, leaves the game ("salir" is also going out in Spanish):
        a yes, or the end of input, leaves; anything else plays on."""
        self.console.print(label("play.quit-ask", self.lang, self.state.variant.base_name(),
                                 discard_only=self.state.variant.out_by_discard_only),
                           end="", style="bold")
        line = self.stream.readline()
        if not line:
            self.console.print()
            return True
        if not self.stream.isatty():
            self.console.print(Text(line.rstrip("\n")))
        return line.strip().lower() in _YES

    def try_action(self, line: str, listing: Listing) -> bool:
        """Play the numbered or typed action; a refused one is explained and nothing changes."""
        actions = listing.actions
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
                self.console.print(Text(error_text(e, self.lang, self.state.variant), style="red"))
                return False
        exp = self.state.check(action)
        if not exp.allowed:
            self.console.print(explanation_rich(exp, self.lang, self.viewer))
            return False
        self.undo_stack.append(self.state.copy())
        # at the end of a hand the player typing deals the next one, whoever the engine's actor
        self.apply(YOU if self.state.hand_over else self.state.actor, action)
        return True

    def hint(self) -> None:
        """The coach's one move and why, in the player's language."""
        choice = make_coach(self.coach, coach_seed(self.state),
                            self.state.variant.base_name()).decide(self.state)
        self.console.print(label("play.hint", self.lang, action=self.say(choice.action)), style="bold")
        # what the search's figures are is said with the first hint that has them
        self.console.print(advice_text(choice, self.state.variant, self.lang, not self.noted))
        self.noted = self.noted or bool(choice.facts.get("search"))

    def undo(self) -> bool:
        """Go back to before the player's last move (and the bots' moves after it)."""
        if not self.undo_stack:
            self.console.print(label("play.no-undo", self.lang))
            return False
        self.state = self.undo_stack.pop()
        self.shown_result = len(self.state.results)
        self.pending, self.last_round = [], []
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
        self.show_bot_turns()
        self.console.print(state_rich(self.state, None, self.lang))
        return 0


def run(args: argparse.Namespace, console: Console) -> int:
    v = find_variant(args.variant)
    state = new_game(v, seed=args.seed, players=args.players)
    return Session(state, args.bots, args.seed, console, args.lang, sys.stdin,
                   coach=args.coach).run()
