"""``canasta rules VARIANT``: the rule catalogue, grouped, with sources."""

from __future__ import annotations

import argparse

from rich.console import Console

from ..registry import find_variant
from ..render.rich import rules_rich
from .words import cli_text

NAME = "rules"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("variant", metavar=cli_text("metavar.variant"), help=cli_text("rules.variant"))
    p.add_argument("--verbose", action="store_true",
                   help=cli_text("rules.verbose"))


def run(args: argparse.Namespace, console: Console) -> int:
    console.print(rules_rich(find_variant(args.variant), args.lang, verbose=args.verbose))
    return 0
