"""The ``canasta`` command: replay records, list rules, score tables, simulate, play.

Each command is a small module with ``NAME``, ``HELP``, ``add_arguments(parser)`` and
``run(args, console) -> int``; :data:`COMMANDS` lists them, one line each.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from types import ModuleType

from ..errors import CanastaError
from .common import LANGS, make_console, report

COMMANDS: tuple[str, ...] = (
    "replay",
    "rules",
    "score",
    "simulate",
    "play",
    "compare",
    "classroom",
    "site",
)


def command_modules() -> list[ModuleType]:
    return [importlib.import_module(f"{__name__}.{name}") for name in COMMANDS]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="canasta", description="Canasta rules engine: every decision explained.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for mod in command_modules():
        p = sub.add_parser(mod.NAME, help=mod.HELP, description=mod.HELP)
        p.add_argument("--lang", choices=LANGS, default="en",
                       help=getattr(mod, "LANG_HELP",
                                    "language of labels and explanations (default: en)"))
        mod.add_arguments(p)
        p.set_defaults(run=mod.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; bad input is one line on stderr and exit status 2."""
    args = build_parser().parse_args(argv)
    console = make_console()
    try:
        return int(args.run(args, console))
    except BrokenPipeError:
        # the reader went away (``canasta replay … | head``): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except (CanastaError, OSError) as e:
        report(args.command, e, getattr(args, "lang", "en"))
        return 2
    except KeyboardInterrupt:
        return 130
