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


def run(args: argparse.Namespace, console: Console) -> int:
    console.print(rules_rich(find_variant(args.variant), args.lang))
    return 0
