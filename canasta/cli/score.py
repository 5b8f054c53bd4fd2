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

NAME = "score"
HELP = "score an end-of-hand scenario, line by line (--json for a machine-readable breakdown)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE", help="an end-of-hand scenario (JSON or TOML)")
    p.add_argument("--json", action="store_true", help="print the breakdown as JSON")


def breakdown_json(result: HandResult, state: State, lang: str = "en") -> dict[str, Any]:
    """{"variant", "sides": [{"side", "players", "lines": [{"rule", "points", "message"}], "total"}]}"""
    return {
        "variant": state.variant.name,
        "sides": [
            {"side": side, "players": side_names(state, side),
             "lines": [{"rule": e.rule, "points": p, "message": e.message(lang)}
                       for p, e in result.side_lines(side)],
             "total": result.totals[side]}
            for side in range(len(result.totals))
        ],
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
