"""Terminal renderables (rich) for cards, hands, the table, explanations, scores and the rules.

Pure functions: each returns a rich renderable built from what the engine holds or explains.
User strings (player names, commentary) go into ``Text`` objects, never into markup, so a name
such as ``[bold]`` prints as typed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text
from rich.tree import Tree

from ..cards import Card, sorted_cards
from ..words import display_name, meld_label, reader
from .table_words import tw
from .text import (
    canasta_status,
    extra_piles,
    label,
    phase_text,
    points_text,
    shows_red_threes,
    side_names,
    side_title,
    source_text,
    verdict_text,
)

if TYPE_CHECKING:
    from ..catalogue import RuleEntry
    from ..explain import Explanation
    from ..melds import Meld
    from ..state import HandResult, State
    from ..variant import Variant

RED = "red"
ALLOWED_STYLE = "bold green"
REFUSED_STYLE = "bold red"


def card_rich(card: Card) -> Text:
    """One card by its text form: red suits in red, black suits in the default colour."""
    style = RED if card.is_red else ("bold" if card.is_joker else "")
    return Text(card.text, style=style)


def cards_rich(cards: Iterable[Card], *, sort: bool = True) -> Text:
    """Cards separated by spaces (in hand order when ``sort``)."""
    seq = sorted_cards(cards) if sort else list(cards)
    return Text(" ").join(card_rich(c) for c in seq)


def hand_rich(cards: Sequence[Card], lang: str = "en", *, hidden: bool = False) -> Text:
    """A hand: its cards face up, or only how many when ``hidden``."""
    if hidden:
        return Text(label("hidden", lang, n=len(cards)), style="dim")
    return cards_rich(cards) if cards else Text("—", style="dim")


def meld_status_rich(variant: Variant, meld: Meld, lang: str = "en", *, short: bool = False) -> Text:
    """The meld's canasta status (natural / mixed / not yet), coloured."""
    kind = variant.canasta_kind(meld)
    style = {"natural": "bold green", "mixed": "bold yellow"}.get(kind or "", "dim")
    return Text(canasta_status(variant, meld, lang, short=short), style=style)


def melds_rich(state: State, side: int, lang: str = "en") -> RenderableType:
    """A side's melds, one row each: label, cards, count, canasta status."""
    melds = state.melds[side]
    v = state.variant.base_name()
    if not melds:
        return Text(label("no_melds", lang, v), style="dim")
    table = Table(box=None, show_header=True, pad_edge=False, collapse_padding=True,
                  header_style="dim")
    head = label("meld", lang, v)
    # the headers whole ("Combinación", "Canasta"), the cards wrapping instead, in a half-width panel
    table.add_column(head, min_width=len(head))
    table.add_column(label("cards", lang))
    table.add_column("#", justify="right")
    status = label("canasta", lang)
    table.add_column(status, min_width=len(status))
    for i, m in enumerate(melds):
        name = meld_label(m.label, lang, v)
        if m.kind == "run":  # a run is named by its number in a typed move ("add 8♥ to #1")
            name = f"#{i + 1} {name}"
        table.add_row(name, cards_rich(m.cards, sort=False), str(m.size),
                      meld_status_rich(state.variant, m, lang, short=True))
    return table


def red_threes_rich(cards: Sequence[Card], lang: str = "en", variant: str = "") -> Text:
    out = Text(f"{label('red_threes', lang, variant)}: ")
    return out.append_text(cards_rich(cards) if cards else Text(label("none", lang), style="dim"))


#: how the terminal marks each standing of the pile the variants name (``Variant.pile_marks``)
PILE_MARKS = {"frozen": ("❄", "bold cyan"), "blocked": ("⛔", "bold magenta"),
              "tapado": ("⛔", "bold magenta"), "premiado": ("★", "bold yellow"),
              "madre": ("◆", "bold cyan")}


def pile_rich(state: State, lang: str = "en", seat: int | None = None) -> Text:
    """The pile: top card, size, and its marks as the card table shows them (frozen, blocked;
    the rioplatense pozo's madre, premiado, tapado) for ``seat``'s side (the player to move's
    when nobody is the reader), read from the variant."""
    v = state.variant.base_name()
    out = Text(f"{label('pile', lang, v)}: ", style="bold")
    if not state.pile:
        return out.append(label("empty", lang), style="dim")
    out.append_text(card_rich(state.pile[-1]))
    out.append(f" {label('top', lang)}, {label('cards_n', lang, n=len(state.pile))}", style="")
    side = state.side_of(state.actor if seat is None else seat)
    for key, _why in state.variant.pile_marks(state, side):
        mark, style = PILE_MARKS.get(key, ("•", "bold"))
        out.append(f" {mark} {tw(f'mark.{key}', lang, v)}", style=style)
    return out


def stock_rich(state: State, lang: str = "en") -> Text:
    return Text(f"{label('stock', lang, state.variant.base_name())}: "
                f"{label('cards_n', lang, n=len(state.stock))}", style="bold")


def scores_rich(state: State, lang: str = "en") -> Table:
    """The running score of each side."""
    table = Table(box=box.SIMPLE, title=label("scores", lang), title_justify="left", pad_edge=False)
    table.add_column(label(_who(state), lang))
    table.add_column(label("points", lang), justify="right")
    for side, score in enumerate(state.scores):
        table.add_row(Text(side_title(side_names(state, side), lang)), _points(score))
    return table


def side_rich(state: State, side: int, lang: str = "en") -> Panel:
    """One side's table, titled with its players and score: melds with canasta status, red threes."""
    parts = [melds_rich(state, side, lang)]
    if shows_red_threes(state):
        parts.append(red_threes_rich(state.red_threes[side], lang, state.variant.base_name()))
    body = Group(*parts)
    title = Text(side_title(side_names(state, side), lang))
    title.append(f" · {label('points', lang).lower()} ").append_text(_points(state.scores[side]))
    return Panel(body, title=title, title_align="left", box=box.ROUNDED)


def sides_rich(state: State, lang: str = "en") -> Table:
    """Every side's table, two to a row."""
    grid = Table.grid(expand=True, padding=(0, 1))
    per_row = 2 if len(state.sides) > 1 else 1
    for _ in range(per_row):
        grid.add_column(ratio=1)
    panels = [side_rich(state, s, lang) for s in range(len(state.sides))]
    for i in range(0, len(panels), per_row):
        row: list[RenderableType] = list(panels[i:i + per_row])
        grid.add_row(*(row + [""] * (per_row - len(row))))
    return grid


def hands_rich(state: State, viewpoint: int | None = None, lang: str = "en") -> Table:
    """Each player's hand: all face up (``viewpoint`` None) or only the viewer's."""
    table = Table(box=None, show_header=False, pad_edge=False)
    table.add_column(label("player", lang), style="")
    table.add_column(label("hand", lang))
    for seat, hand in enumerate(state.hands):
        to_move = seat == state.actor and not state.hand_over
        name = Text(("▶ " if to_move else "  ") + display_name(state.names[seat], lang),
                    style="bold" if to_move else "")
        hidden = viewpoint is not None and seat != viewpoint
        table.add_row(name, hand_rich(hand, lang, hidden=hidden))
    return table


def state_header(state: State, lang: str = "en", viewer: str | None = None) -> Text:
    """'Classic Canasta — hand 1 — Ada to draw'."""
    out = Text(state.variant.title.get(lang), style="bold")
    out.append(f" — {label('hand_no', lang, n=state.hand_no)} — ")
    return out.append(phase_text(state, lang, viewer), style="" if state.hand_over else "bold")


def state_rich(state: State, viewpoint: int | None = None, lang: str = "en") -> Panel:
    """The whole table: hands (all, or the viewer's), each side's melds with canasta status, red
    threes and score, the pile (top, size, frozen / blocked) and the stock."""
    table_line = Text("   ").join([pile_rich(state, lang, viewpoint), stock_rich(state, lang)]
                                    + [Text(f"{name}: {sizes}", style="bold")
                                       for name, sizes in extra_piles(state, lang)])
    body = Group(hands_rich(state, viewpoint, lang), sides_rich(state, lang), table_line)
    viewer = reader(state.names, viewpoint)
    return Panel(body, title=state_header(state, lang, viewer), title_align="left")


# ---- explanations --------------------------------------------------------------------------

def _node(exp: Explanation, lang: str, parent_source: str, viewer: str | None = None,
          depth: int = 0) -> Text:
    verdict = verdict_text(exp, lang, depth)
    out = Text(verdict, style=ALLOWED_STYLE if exp.allowed else REFUSED_STYLE)
    if verdict:
        out.append(" ")
    out.append(exp.message(lang, viewer))
    out.append(f"  [{exp.rule}]", style="dim cyan")
    src = source_text(exp.source, lang)
    if src and src != parent_source:
        out.append(f"\n{label('source', lang)}: {src}", style="dim italic")
    return out


def _grow(tree: Tree, exp: Explanation, lang: str, parent_source: str,
          viewer: str | None = None, depth: int = 1) -> None:
    for sub in exp.because:
        own = source_text(sub.source, lang)
        _grow(tree.add(_node(sub, lang, parent_source, viewer, depth)), sub, lang, own, viewer,
              depth + 1)


def explanation_rich(exp: Explanation, lang: str = "en", viewer: str | None = None) -> Tree:
    """An explanation as a tree: verdict, message, rule id and source; the sub-reasons below it
    (a sub-reason's source is shown only when it differs from its parent's)."""
    tree = Tree(_node(exp, lang, "", viewer), guide_style="dim")
    _grow(tree, exp, lang, source_text(exp.source, lang), viewer)
    return tree


# ---- scores --------------------------------------------------------------------------------

def _points(n: int) -> Text:
    return Text(points_text(n), style="red" if n < 0 else "")


def _who(state_or_names: State | Sequence[str]) -> str:
    """The label of a scores column: "player" where everyone plays alone (Canasta Individual,
    two-player Real and rioplatense), "side" where partners score together."""
    from ..state import State

    if isinstance(state_or_names, State) and all(len(s) == 1 for s in state_or_names.sides):
        return "player"
    return "side"


def _side_labels(result: HandResult, state_or_names: State | Sequence[str], lang: str
                 ) -> list[tuple[str, list[str]]]:
    """(title, players) per side: from a State, or from one name per side."""
    from ..state import State

    if isinstance(state_or_names, State):
        return [(side_title(side_names(state_or_names, s), lang), side_names(state_or_names, s))
                for s in range(len(result.totals))]
    names = list(state_or_names)
    return [(names[s] if s < len(names) else f"{label('side', lang)} {s + 1}",
             [names[s]] if s < len(names) else []) for s in range(len(result.totals))]


def breakdown_rich(result: HandResult, state_or_names: State | Sequence[str], lang: str = "en",
                   viewer: str | None = None) -> Table:
    """A hand's itemised score: every line with its rule id, each side's total and running score."""
    sides = _side_labels(result, state_or_names, lang)
    table = Table(box=box.SIMPLE_HEAD, title=result.ended.message(lang, viewer), title_justify="left")
    table.add_column(label(_who(state_or_names), lang))
    table.add_column(label("line", lang))
    table.add_column(label("rule_id", lang), style="dim cyan")
    table.add_column(label("points", lang), justify="right")
    for side, (title, _players) in enumerate(sides):
        first = True
        for points, exp in result.side_lines(side):
            table.add_row(Text(title) if first else "", exp.message(lang, viewer), exp.rule,
                          _points(points))
            first = False
        if first:
            table.add_row(Text(title), "", "", "")
        total = _points(result.totals[side])
        total.stylize("bold")
        table.add_row("", Text(label("hand_total", lang), style="bold"), "", total)
        before, after = result.scores_before[side], result.scores_after[side]
        table.add_row("", f"{label('before', lang)} {_points(before)} → {label('after', lang)}",
                      "", _points(after), end_section=True)
    if result.game_over is not None:
        table.caption = result.game_over.message(lang, viewer)
    return table


# ---- the rule catalogue ----------------------------------------------------------------------

def rules_rich(variant: Variant | str, lang: str = "en", *, verbose: bool = False) -> Group:
    """The variant's rule catalogue, one table per group, each rule with its text and source
    (``verbose``: the seed's file name and the standard reference too, for a developer)."""
    from ..catalogue import rules
    from ..registry import find_variant

    v = find_variant(variant)
    groups: dict[str, list[RuleEntry]] = {}
    for entry in rules(v):
        groups.setdefault(entry.rule.group, []).append(entry)
    parts: list[RenderableType] = [Text(label("rules_of", lang, name=v.title.get(lang)),
                                        style="bold underline")]
    for group, entries in groups.items():
        table = Table(box=box.SIMPLE_HEAD, title=label(f"group.{group}", lang, v.name), title_justify="left",
                      title_style="bold", expand=False)
        table.add_column(label("id", lang), style="cyan", no_wrap=True)
        table.add_column(label("text", lang))
        for e in entries:
            body = Text(e.title(lang), style="bold")
            body.append("\n" + e.text(lang))
            src = source_text(e.source, lang, developer=verbose)
            if src:
                body.append(f"\n{label('source', lang)}: {src}", style="dim italic")
            table.add_row(e.id, body)
        parts.append(table)
    return Group(*parts)
