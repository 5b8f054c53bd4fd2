"""``canasta rules VARIANT``: the rule catalogue, grouped, with sources."""

from __future__ import annotations

import argparse

from rich.console import Console

from ..registry import find_variant
from ..render.rich import rules_rich

NAME = "rules"
HELP = "show a variant's rule catalogue, grouped, with each rule's source"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("variant", metavar="VARIANT", help="variant name or alias, e.g. classic")
    p.add_argument("--verbose", action="store_true",
                   help="also name each source's file and reference (for developers)")


def run(args: argparse.Namespace, console: Console) -> int:
    console.print(rules_rich(find_variant(args.variant), args.lang, verbose=args.verbose))
    return 0
