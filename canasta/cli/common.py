"""What the commands share: the console, one-line errors, player lookup, stepping."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, TextIO

from rich.console import Console, ConsoleOptions, ConsoleRenderable, RenderHook, RenderResult
from rich.segment import Segment

from ..errors import CanastaError
from ..render.text import CONTROL, visible

if TYPE_CHECKING:
    from ..state import State

LANGS = ("en", "es")


class UsageError(CanastaError):
    """A command-line value the engine cannot use (an unknown player, a bad count)."""


def make_console(file: TextIO | None = None) -> Console:
    """A console that prints text as given: no highlighting, and no markup or emoji codes read
    in strings (names and commentary may hold '[' or ':'); styles come from Text objects.
    Control characters in any text printed (a title, a comment, a file name) are shown, never
    obeyed (see :func:`canasta.render.text.visible`)."""
    console = Console(file=file, highlight=False, markup=False, emoji=False)
    console.push_render_hook(_Visible())
    return console


class _Visible(RenderHook):
    """Shows the control characters of everything the console prints: the commands print
    records' titles, comments and changes, scenarios' notes, house-rule names and file names,
    and an escape sequence among them would otherwise drive the terminal (clear it, retitle
    it, hide what follows). Styles are not text, so they pass."""

    def process_renderables(self, renderables: list[ConsoleRenderable]) -> list[ConsoleRenderable]:
        return [_VisibleRenderable(r) for r in renderables]


class _VisibleRenderable:
    def __init__(self, inner: ConsoleRenderable) -> None:
        self.inner = inner

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for seg in console.render(self.inner, options):
            if seg.control is None and CONTROL.search(seg.text):
                yield Segment(visible(seg.text), seg.style)
            else:
                yield seg


def one_line(error: BaseException, lang: str = "en") -> str:
    """The error as one line naming the file, the place and the reason, in ``lang`` (control
    characters of a file name or a value shown, not obeyed)."""
    from ..words import error_text

    if isinstance(error, OSError) and error.filename is not None:
        text = f"{error.filename}: {error.strerror or error}"
    else:
        text = error_text(error, lang)
    return visible(" ".join(text.split()))


def report(command: str, error: BaseException, lang: str = "en") -> None:
    """Write the one-line error to stderr (plain print: rich would wrap long lines)."""
    from ..words import label

    prog = f"canasta {command}" if command else "canasta"
    print(f"{prog}: {label('cli.error', lang)}: {one_line(error, lang)}", file=sys.stderr)


def find_seat(state: State, who: str) -> int:
    """A seat from a player's name (any case) or a seat number (0-based)."""
    seat = state.seat_of(who)
    if seat is not None:
        return seat
    if who.strip().isdigit() and int(who) < state.players:
        return int(who)
    raise UsageError(key="usage.no-player", facts={"who": who, "names": tuple(state.names)})


def wait_for_enter(stream: TextIO, *, prompt: str, console: Console) -> bool:
    """Wait for Enter when ``stream`` is a terminal; False when the user typed q or closed it."""
    if not stream.isatty():
        return True
    console.print(prompt, end="", style="dim")
    line = stream.readline()
    return bool(line) and line.strip().lower() not in ("q", "quit", "salir")
