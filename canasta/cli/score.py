"""``canasta score FILE``: the itemised breakdown of an end-of-hand scenario."""

from __future__ import annotations

import argparse
import json
from typing import Any

from rich.console import Console
from rich.text import Text

from ..render.rich import breakdown_rich
from ..render.text import side_names, visible
from ..state import HandResult, State
from .words import cli_text

NAME = "score"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar=cli_text("metavar.file"), help=cli_text("score.file"))
    p.add_argument("--json", action="store_true", help=cli_text("score.json"))


def breakdown_json(result: HandResult, state: State, lang: str = "en") -> dict[str, Any]:
    """{"variant", "ended": {"rule", "message"}, "sides": [{"side", "players", "lines": [{"rule",
    "points", "message"}], "total", "before", "after"}], "game_over", "winner": {"side",
    "players"} or null, "game_over_message"}: everything the text breakdown shows."""
    over = result.game_over
    return {
        "variant": state.variant.name,
        "ended": {"rule": result.ended.rule, "message": result.ended.message(lang)},
        "sides": [
            {"side": side, "players": side_names(state, side),
             "lines": [{"rule": e.rule, "points": p, "message": e.message(lang)}
                       for p, e in result.side_lines(side)],
             "total": result.totals[side], "before": result.scores_before[side],
             "after": result.scores_after[side]}
            for side in range(len(result.totals))
        ],
        "game_over": over is not None,
        "winner": (None if result.winner is None else
                   {"side": result.winner, "players": side_names(state, result.winner)}),
        "game_over_message": over.message(lang) if over is not None else None,
    }


def run(args: argparse.Namespace, console: Console) -> int:
    from ..scenario import load_scenario

    scenario = load_scenario(args.file)
    result = scenario.score()
    state = scenario.to_state()
    if args.json:
        print(json.dumps(breakdown_json(result, state, args.lang), ensure_ascii=False, indent=2))
        return 0
    for text, style in ((scenario.title, "bold underline"), (scenario.notes, "italic")):
        if text is not None:
            console.print(Text(visible(text.get(args.lang)), style=style))
    console.print(breakdown_rich(result, state, args.lang))
    return 0
