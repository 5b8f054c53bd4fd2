"""``canasta compare V1 V2 ...``: variants side by side.

The table is generated from the variant definitions (each cell numbered to its source, listed
under the table), then the same situations are judged by each variant; ``--stats N`` adds figures
from N random games per variant. A variant may be a name, an alias or a house-rule TOML file.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..bots import ALL_BOTS
from ..compare import (
    Comparison,
    Stats,
    Verdicts,
    absent_cards,
    column_title,
    compare,
    judge,
    play_stats,
)
from ..registry import find_variant
from ..render.compare import said_action
from ..render.text import label, source_text
from ..variant import Variant
from ..words import decimal
from .words import arg_error, bot_level, cli_text, whole

NAME = "compare"


def _w(key: str, lang: str, **fill: Any) -> str:
    from ..words import label

    return label("cli.cmp." + key, lang, **fill)


def _count(text: str) -> int:
    n = whole(text)
    if n < 0:
        raise arg_error("arg.at-least", least=0, value=text)
    return n


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("variants", nargs="+", metavar=cli_text("metavar.variant"),
                   help=cli_text("compare.variants"))
    p.add_argument("--no-situations", action="store_true",
                   help=cli_text("compare.no_situations"))
    p.add_argument("--stats", type=_count, default=0, metavar="N",
                   help=cli_text("compare.stats"))
    p.add_argument("--hands", type=_count, default=2, metavar="H",
                   help=cli_text("compare.hands"))
    p.add_argument("--seed", type=whole, default=0, metavar="S", help=cli_text("compare.seed"))
    p.add_argument("--bot", type=bot_level, choices=list(ALL_BOTS), default="random", metavar="LEVEL",
                   help=cli_text("compare.bot", bots=", ".join(ALL_BOTS)))
    p.add_argument("--json", action="store_true", help=cli_text("compare.json"))


def load_variant(name: str) -> Variant:
    """A registered variant, or the house rules of a ``.toml`` file."""
    if name.lower().endswith(".toml"):
        from ..houserules import load_house_rules

        return load_house_rules(name)
    return find_variant(name)


def run(args: argparse.Namespace, console: Console) -> int:
    variants = [load_variant(v) for v in args.variants]
    table = compare(variants)
    verdicts = None if args.no_situations else judge(variants)
    stats = ([play_stats(v, args.stats, args.seed, args.hands, bot=args.bot) for v in variants]
             if args.stats else [])
    lang = args.lang
    if args.json:
        print(json.dumps(to_json(table, verdicts, stats, lang), ensure_ascii=False, indent=2))
        return 0
    console.print(table_rich(table, lang))
    if any(v.house for v in variants):
        console.print(Text(_w("house", lang), style="dim"))
    console.print(sources_rich(table, lang))
    if verdicts is not None:
        console.print(verdicts_rich(verdicts, lang))
    if stats:
        console.print(stats_rich(stats, args, lang))
    return 0


def _notes(c: Comparison, lang: str) -> dict[tuple[str, str, str], int]:
    notes: dict[tuple[str, str, str], int] = {}
    for row in c.rows:
        for v, cell in zip(c.variants, row.cells, strict=True):
            notes.setdefault((column_title(v, lang), cell.rule, source_text(cell.source, lang)),
                             len(notes) + 1)
    return notes


def table_rich(c: Comparison, lang: str = "en") -> Table:
    notes = _notes(c, lang)
    # a narrow terminal breaks a long word over two lines rather than cut it with "…"
    t = Table(title=_w("title", lang), title_justify="left", show_lines=True)
    t.add_column("", overflow="fold")
    for h in c.headers(lang):
        t.add_column(h, overflow="fold")
    for row in c.rows:
        cells = [Text(f"{cell.text.get(lang)} [{notes[(column_title(v, lang), cell.rule, source_text(cell.source, lang))]}]")
                 for v, cell in zip(c.variants, row.cells, strict=True)]
        t.add_row(Text(row.label.get(lang), style="bold"), *cells)
    return t


def sources_rich(c: Comparison, lang: str = "en") -> Text:
    out = Text(_w("sources", lang) + "\n", style="bold")
    for (title, rule, src), n in _notes(c, lang).items():
        out.append(f"[{n}] {title} {rule}: ", style="dim")
        out.append(src + "\n")
    return out


def verdicts_rich(vd: Verdicts, lang: str = "en") -> Table:
    t = Table(title=_w("situations", lang), title_justify="left", show_lines=True)
    t.add_column("", overflow="fold")
    for v in vd.variants:
        t.add_column(column_title(v, lang), overflow="fold")
    for s, exps in zip(vd.situations, vd.explanations, strict=True):
        cells = []
        for v, e in zip(vd.variants, exps, strict=True):
            if e is None:  # the situation cannot arise in this variant
                cells.append(Text("— " + _w("absent", lang, cards=" ".join(absent_cards(v, s))),
                                  style="dim"))
                continue
            cell = Text("✔ " if e.allowed else "✘ ", style="green" if e.allowed else "red")
            cell.append(f"{label(e.verdict, lang)} ", style="bold")
            cell.append(f"{e.rule}\n", style="dim")
            cell.append(e.message(lang))
            cells.append(cell)
        t.add_row(Text(f"{s.title.get(lang)}\n{said_action(s.action, lang)}"), *cells)
    return t


def stats_rich(stats: list[Stats], args: argparse.Namespace, lang: str = "en") -> Table:
    bot = getattr(args, "bot", "random")
    title = _w("stats" if bot == "random" else "stats-bots", lang, seed=args.seed,
               games=args.stats, hands=args.hands, bot=bot)
    t = Table(title=title, title_justify="left")
    t.add_column("")
    for f in ("hands", "turns", "went-out", "points"):
        t.add_column(_w("figure." + f, lang), justify="right")
    for s in stats:
        t.add_row(column_title(s.variant, lang), str(s.hands), decimal(s.turns_per_hand, lang),
                  f"{s.went_out_share:.0%}", f"{s.points_per_hand:.0f}")
    return t


def to_json(c: Comparison, vd: Verdicts | None, stats: list[Stats], lang: str = "en") -> dict[str, Any]:
    return {
        "variants": [v.name for v in c.variants],
        "rows": [{"key": r.key, "label": r.label.get(lang),
                  "cells": [{"text": cell.text.get(lang), "rule": cell.rule,
                             "source": source_text(cell.source, lang),
                             "ref": cell.source.ref if cell.source else ""} for cell in r.cells]}
                 for r in c.rows],
        "situations": [] if vd is None else [
            {"key": s.key, "action": s.action,
             "verdicts": [None if e is None else
                          {"allowed": e.allowed, "rule": e.rule, "message": e.message(lang)}
                          for e in exps]}
            for s, exps in zip(vd.situations, vd.explanations, strict=True)],
        "stats": [{"variant": s.variant.name, "hands": s.hands, "turns_per_hand": round(s.turns_per_hand, 2),
                   "went_out_share": round(s.went_out_share, 3),
                   "points_per_hand": round(s.points_per_hand, 1)} for s in stats],
    }
