"""``canasta replay FILE``: a game record replayed action by action, every decision explained.

Shown: the documented changes to the told game, the deal, then for each action the commentary,
the explanation with its rule id and source, the automatic events, the checkpoints verified, the
slips of the told game refused at their place, and the table; at the end, the itemised score.
A record of more than :data:`DETAIL_MOST` actions is told in brief (every action still replayed
and verified: how many, the checkpoints and slips, the last table and the score); ``--details``
tells every action all the same.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from typing import Any

from rich.console import Console, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ..actions import Action, parse_action
from ..errors import InvalidActionError
from ..explain import Explanation, Phrase
from ..limits import Big
from ..render.rich import breakdown_rich, explanation_rich, scores_rich, state_rich
from ..render.text import label, visible
from ..words import action_text, fmt, reader, sentence
from .common import find_seat, wait_for_enter
from .words import cli_text

NAME = "replay"
DETAIL_MOST = 200  # actions told one by one; a longer record is told in brief


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar=cli_text("metavar.file"), help=cli_text("replay.file"))
    p.add_argument("--step", action="store_true",
                   help=cli_text("replay.step"))
    p.add_argument("--viewpoint", metavar=cli_text("metavar.player"), default=None,
                   help=cli_text("replay.viewpoint"))
    p.add_argument("--details", action="store_true",
                   help=cli_text("replay.details", most=DETAIL_MOST))


def _text(value: Any, lang: str) -> str:
    """A localised text (``L``) or plain string in ``lang``, its control characters shown (a
    record's texts are anyone's: an escape sequence must not reach the terminal)."""
    return visible(value.get(lang) if hasattr(value, "get") else str(value))


def changes_rich(changes: Iterable[Any], lang: str) -> Table:
    """The documented changes to the told game: the fact, what changed, and why."""
    table = Table(title=label("replay.changes", lang), title_justify="left", show_lines=True)
    for key in ("replay.fact", "replay.change", "replay.why"):
        table.add_column(label(key, lang), overflow="fold")  # long paths wrap, never cut
    for c in changes:
        table.add_row(Text(_text(c.fact, lang)), Text(_text(c.change, lang)), Text(_text(c.why, lang)))
    return table


def said(action: Action | str, lang: str, variant: str) -> str:
    """An action of a record as written in ``lang`` (as the record has it when it is no action)."""
    if isinstance(action, str):
        try:
            return action_text(parse_action(action), lang, variant)
        except InvalidActionError:
            return action
    return action_text(action, lang, variant)


def check_rich(check: Any, lang: str, variant: str = "", viewer: str | None = None
               ) -> RenderableType:
    """A checkpoint's outcome: an explanation when the record API gives one, else the fact
    checked, in a player's words."""
    if isinstance(check, Explanation):
        return explanation_rich(check, lang, viewer)
    if isinstance(check, Phrase):
        return Text(f"✔ {sentence(check.get(lang, viewer, variant))}", style="green")
    return Text(f"✔ {_text(check, lang)}", style="green")


def slip_rich(slip: Any, exp: Explanation, lang: str, viewer: str | None = None) -> Panel:
    """A slip of the told game: the action as told, refused by the engine with its explanation."""
    told = visible(said(slip.action, lang, exp.variant))
    parts: list[RenderableType] = [Text(told, style="bold")]
    if getattr(slip, "comment", None) is not None:
        parts.append(Text(_text(slip.comment, lang), style="italic"))
    parts.append(explanation_rich(exp, lang, viewer))
    from rich.console import Group

    return Panel(Group(*parts), title=Text(label("replay.slip", lang)), title_align="left",
                 border_style="red")


def run(args: argparse.Namespace, console: Console) -> int:
    from ..records import load_record

    lang = args.lang
    record = load_record(args.file)
    start = record.new_state()
    viewpoint = None if args.viewpoint is None else find_seat(start, args.viewpoint)
    viewer = reader(start.names, viewpoint)
    detailed = args.details or args.step or len(record.entries) <= DETAIL_MOST
    if not detailed:
        return _brief(console, record, start, viewpoint, lang, viewer)
    # replay (and verify) the whole record first, so a bad record prints its one-line error only
    steps = list(record.replay())
    _header(console, record, start, lang, viewer)
    console.print(state_rich(start, viewpoint, lang))
    state = start
    for step in steps:
        if args.step and not wait_for_enter(sys.stdin, prompt=label("step.prompt", lang),
                                            console=console):
            return 0
        show_step(console, step, viewpoint, lang, viewer)
        state = step.state
    console.print(Rule(Text(label("replay.final", lang))))
    for result in state.results:
        console.print(breakdown_rich(result, state, lang, viewer))
    if not state.hand_over:
        console.print(label("replay.unfinished", lang), style="italic")
        console.print(scores_rich(state, lang))
    return 0


def _header(console: Console, record: Any, start: Any, lang: str, viewer: str | None) -> None:
    """What both tellings open with: the record's title, its house rules and the deal."""
    if record.title is not None:
        console.print(Text(_text(record.title, lang), style="bold underline"))
    if record.changes:
        console.print(changes_rich(record.changes, lang))
    console.print(Rule(Text(label("replay.deal", lang))))
    for ev in start.deal_events:
        console.print(explanation_rich(ev, lang, viewer))


def _brief(console: Console, record: Any, start: Any, viewpoint: int | None, lang: str,
           viewer: str | None) -> int:
    """A long record in brief: replayed and verified whole (only the last step kept), then the
    counts, the slips, the last table and the score."""
    state, count, checks, slips = start, 0, 0, []
    for step in record.replay():
        state, count = step.state, count + 1
        checks += len(step.checks)
        slips += [(step.index, slip, exp) for slip, exp in step.slips]
    _header(console, record, start, lang, viewer)
    console.print(Text(label("replay.brief", lang, n=Big(count), checks=Big(checks), slips=Big(len(slips)),
                             most=DETAIL_MOST), style="italic"))
    for index, slip, exp in slips[:DETAIL_MOST]:
        console.print(Text(f"{label('replay.action', lang)} {index + 1}", style="bold"))
        console.print(slip_rich(slip, exp, lang, viewer))
    console.print(state_rich(state, viewpoint, lang))
    console.print(Rule(Text(label("replay.final", lang))))
    for result in state.results[-1:]:  # the last hand's count; the scores hold the others
        console.print(breakdown_rich(result, state, lang, viewer))
    if not state.hand_over:
        console.print(label("replay.unfinished", lang), style="italic")
    console.print(scores_rich(state, lang))
    return 0


def show_step(console: Console, step: Any, viewpoint: int | None, lang: str,
              viewer: str | None = None) -> None:
    entry = step.entry
    variant = step.state.variant.base_name()
    action = said(entry.action, lang, variant)
    head = Text(f"{label('replay.action', lang)} {step.index + 1}", style="bold")
    head.append(f": {action}")
    console.print(Rule(head, align="left"))
    if entry.comment is not None:
        # the told game's words between the language's quotes (“…” / «…»)
        console.print(Text(fmt(lang, "quote").replace("{text}", _text(entry.comment, lang)),
                           style="italic"))
    console.print(explanation_rich(step.explanation, lang, viewer))
    for ev in step.events:
        console.print(explanation_rich(ev, lang, viewer))
    for check in step.checks:
        console.print(check_rich(check, lang, variant, viewer))
    console.print(state_rich(step.state, viewpoint, lang))
    for slip, exp in step.slips:
        console.print(slip_rich(slip, exp, lang, viewer))
