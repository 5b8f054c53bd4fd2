"""HTML and SVG views of a variant comparison: the generated table with its sources as numbered
notes, the verdicts side by side, and the figures from random games as a table and a bar chart.

Pure functions returning strings; every text goes through :func:`html.escape`. Nothing here
decides a rule: cells, verdicts and figures come from :mod:`canasta.compare`.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING, Any

from ..compare import absent_cards
from ..words import decimal
from ..words import fmt as word_fmt
from .html import BOX, FONT, MUTED, NO_INK, OK_INK, explanation_html
from .text import label, source_text

if TYPE_CHECKING:
    from ..compare import Comparison, Stats, Verdicts
    from ..stats import Figure, HandSummary

_TABLE = f"border-collapse:collapse;{FONT};font-size:13px"
_TD = "border:1px solid #c8c8c8;padding:4px 6px;vertical-align:top;text-align:left"
_TH = _TD + ";background:#eef2f5"


def _w(key: str, lang: str, **fill: Any) -> str:
    from ..words import label

    return label("cmpview." + key, lang, **fill)


def comparison_html(c: Comparison, lang: str = "en") -> str:
    """The table: a row per topic, a column per variant; each cell cites its rule's source in a
    numbered note under the table."""
    notes: dict[tuple[str, str, str], int] = {}
    lines = []
    head = "".join(f'<th style="{_TH}">{escape(h)}</th>' for h in c.headers(lang))
    lines.append(f'<tr><th style="{_TH}"></th>{head}</tr>')
    for row in c.rows:
        cells = []
        for v, cell in zip(c.variants, row.cells, strict=True):
            src = source_text(cell.source, lang)
            n = notes.setdefault((v.title.get(lang), cell.rule, src), len(notes) + 1)
            cells.append(f'<td style="{_TD}" data-rule="{escape(cell.rule)}">'
                         f'{escape(cell.text.get(lang))}<sup style="{MUTED}">{n}</sup></td>')
        lines.append(f'<tr><th style="{_TH}">{escape(row.label.get(lang))}</th>{"".join(cells)}</tr>')
    items = "".join(f'<li value="{n}"><b>{escape(title)}</b> <code>{escape(rule)}</code>: '
                    f'{escape(src)}</li>' for (title, rule, src), n in notes.items())
    house = (f'<div style="{MUTED}">{escape(_w("house", lang))}</div>'
             if any(v.house for v in c.variants) else "")
    return (f'<div class="canasta-compare" style="{FONT}"><table style="{_TABLE}">{"".join(lines)}'
            f'</table>{house}<details><summary style="{MUTED};font-size:90%">'
            f'{escape(_w("sources", lang))}</summary><ol style="font-size:85%;{MUTED}">{items}</ol>'
            f'</details></div>')


def said_action(action: str, lang: str) -> str:
    """A situation's action as the reader writes it (in the words every variant reads)."""
    from ..actions import parse_action
    from ..words import action_text

    return action_text(parse_action(action), lang)


def verdicts_html(vd: Verdicts, lang: str = "en", *, details: bool = True) -> str:
    """A row per situation, a column per variant: verdict and rule id, and (with ``details``)
    the whole explanation with its sources."""
    head = "".join(f'<th style="{_TH}">{escape(v.title.get(lang))}</th>' for v in vd.variants)
    rows = []
    for s, exps in zip(vd.situations, vd.explanations, strict=True):
        cells = []
        for v, e in zip(vd.variants, exps, strict=True):
            if e is None:  # the situation cannot arise in this variant
                text = _w("absent", lang, cards=" ".join(absent_cards(v, s)))
                cells.append(f'<td style="{_TD};{MUTED}">— {escape(text)}</td>')
                continue
            ink = OK_INK if e.allowed else NO_INK
            # the verdict and the rule's name, then the message on a line of its own (the rule
            # id stays in data-rule and in the full explanation)
            short = (f'<span style="color:{ink};font-weight:bold">{"✔" if e.allowed else "✘"} '
                     f'{escape(label(e.verdict, lang))}</span> '
                     f'<span style="{MUTED}">· {escape(e.title(lang))}</span>')
            body = (explanation_html(e, lang) if details
                    else f'<div style="margin-top:2px">{escape(e.message(lang))}</div>')
            cells.append(f'<td style="{_TD}" data-rule="{escape(e.rule)}">{short}{body}</td>')
        rows.append(f'<tr><th style="{_TH}">{escape(s.title.get(lang))}<br>'
                    f'<code style="font-weight:normal">{escape(said_action(s.action, lang))}</code>'
                    f'</th>{"".join(cells)}</tr>')
    return (f'<table class="canasta-verdicts" style="{_TABLE}"><tr><th style="{_TH}">'
            f'{escape(_w("situation", lang))}</th>{head}</tr>{"".join(rows)}</table>')


def stats_html(stats: Sequence[Stats], lang: str = "en") -> str:
    """The figures as a table, one row per variant."""
    head = "".join(f'<th style="{_TH}">{escape(_w(k, lang))}</th>'
                   for k in ("variant", "hands", "turns", "went_out", "points"))
    rows = "".join(
        f'<tr><td style="{_TD}">{escape(s.variant.title.get(lang))}</td>'
        f'<td style="{_TD}">{s.hands}</td><td style="{_TD}">{decimal(s.turns_per_hand, lang)}</td>'
        f'<td style="{_TD}">{s.went_out_share:.0%}</td><td style="{_TD}">{s.points_per_hand:.0f}</td></tr>'
        for s in stats)
    return f'<table class="canasta-stats" style="{_TABLE}"><tr>{head}</tr>{rows}</table>'


_COLOURS = ("#1565c0", "#2e7d32", "#ef6c00", "#6a1b9a", "#00838f", "#ad1457")


def stats_svg(stats: Sequence[Stats], lang: str = "en") -> str:
    """Three small bar charts (turns per hand, share going out, points per hand), one bar per
    variant, each bar labelled with its value (the chart does not rely on colour alone)."""
    metrics = (("turns", [s.turns_per_hand for s in stats], "{:.1f}"),
               ("went_out", [s.went_out_share * 100 for s in stats], "{:.0f}%"),
               ("points", [s.points_per_hand for s in stats], "{:.0f}"))
    bar_w, gap, height, top = 70, 12, 120, 34
    panel_w = max(len(stats), 1) * (bar_w + gap) + gap
    width = panel_w * len(metrics) + 20 * (len(metrics) - 1)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height + top + 40}" '
             f'role="img" style="{FONT};font-size:11px"><title>{escape(_w("variant", lang))}</title>']
    sign = word_fmt(lang, "decimal")  # "9,5" in Spanish
    for m, (key, values, fmt) in enumerate(metrics):
        x0 = m * (panel_w + 20)
        hi, lo = max([0.0, *values]), min([0.0, *values])
        scale = height / ((hi - lo) or 1.0)
        base = top + hi * scale  # the zero line (bars of negative values hang below it)
        parts.append(f'<text x="{x0}" y="12" font-weight="bold">{escape(_w(key, lang))}</text>')
        parts.append(f'<line x1="{x0}" y1="{base:.1f}" x2="{x0 + panel_w}" y2="{base:.1f}" '
                     'stroke="#888"/>')
        for i, (s, value) in enumerate(zip(stats, values, strict=True)):
            h = abs(value) * scale
            x = x0 + gap + i * (bar_w + gap)
            y = base - h if value >= 0 else base
            parts.append(f'<rect x="{x}" y="{y:.1f}" width="{bar_w}" height="{h:.1f}" '
                         f'fill="{_COLOURS[i % len(_COLOURS)]}"><title>{escape(s.variant.title.get(lang))}: '
                         f'{escape(fmt.format(value).replace(".", sign))}</title></rect>')
            parts.append(f'<text x="{x + bar_w / 2}" y="{y - 3:.1f}" text-anchor="middle">'
                         f'{escape(fmt.format(value).replace(".", sign))}</text>')
            parts.append(f'<text x="{x + bar_w / 2}" y="{top + height + 14}" text-anchor="middle">'
                         f'{escape(s.variant.name[:11])}</text>')
    parts.append("</svg>")
    return "".join(parts)


def stats_block_html(stats: Sequence[Stats], lang: str = "en") -> str:
    """The table and the chart together (for a widget or an output cell)."""
    return f'<div style="{BOX}">{stats_html(stats, lang)}<div>{stats_svg(stats, lang)}</div></div>'


def _number(x: float, digits: int, lang: str) -> str:
    """A figure as the language writes it: 1,000.5 / 1000,5 and a true minus sign."""
    text = f"{x:,.{digits}f}"
    if lang == "es":  # Spanish: decimal comma, no separator in four-digit numbers
        text = text.replace(",", " ").replace(".", ",")
        text = text.replace(" ", "") if abs(x) < 10_000 else text.replace(" ", "\u00a0")
    return text.replace("-", "−")


def _percent(x: float, lang: str) -> str:
    return _number(100 * x, 1, lang) + ("\u00a0%" if lang == "es" else "%")


def _spread_cell(f: Figure, digits: int, lang: str) -> str:
    middle = _w("middle", lang, lo=_number(f.q1, 0, lang), hi=_number(f.q3, 0, lang))
    return (f'<td style="{_TD};text-align:right">{_number(f.mean, digits, lang)} ± '
            f'{_number(f.sd, digits, lang)}<div style="{MUTED};font-size:90%">{escape(middle)}</div></td>')


def hand_stats_html(summaries: Sequence[HandSummary], lang: str = "en") -> str:
    """Figures from many hands, one row per variant: the number of hands, turns per hand and
    points per side (mean ± standard deviation, and the middle half), and the share of hands
    ended by going out with its 95% interval."""
    from ..registry import find_variant

    head = "".join(f'<th style="{_TH}">{escape(_w(k, lang))}</th>'
                   for k in ("variant", "hands", "turns", "went_out", "points"))
    rows = []
    for s in summaries:
        lo, hi = s.went_out.interval()
        interval = _w("interval", lang, lo=_percent(lo, lang), hi=_percent(hi, lang))
        rows.append(
            f'<tr><td style="{_TD}">{escape(find_variant(s.variant).title.get(lang))}</td>'
            f'<td style="{_TD};text-align:right">{_number(s.hands, 0, lang)}</td>'
            f'{_spread_cell(s.turns, 1, lang)}'
            f'<td style="{_TD};text-align:right">{_percent(s.went_out.value, lang)}'
            f'<div style="{MUTED};font-size:90%">{escape(interval)}</div></td>'
            f'{_spread_cell(s.points, 0, lang)}</tr>')
    hands = min((s.hands for s in summaries), default=0)
    note = _w("stats_note", lang, hands=_number(hands, 0, lang))
    # the table scrolls sideways on a phone rather than pushing the page wider
    return (f'<div style="{BOX};{FONT};font-size:13px"><div style="overflow-x:auto">'
            f'<table class="canasta-hand-stats" style="{_TABLE}"><tr>{head}</tr>'
            f'{"".join(rows)}</table></div>'
            f'<div style="{MUTED};font-size:90%;margin-top:4px;max-width:60em">{escape(note)}</div>'
            '</div>')
