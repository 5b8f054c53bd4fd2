"""HTML views for notebooks and widgets: cards, hands, melds, the pile, a whole state, an
explanation and a score breakdown.

Pure functions returning strings. Every text that comes from a player or a file (names, messages,
quotes) goes through :func:`html.escape`. Styles are inline (no ``<style>`` blocks, no ids), so a
fragment looks the same in an output cell, an HTML widget or Voilà, and the same input always
gives the same markup. Nothing here decides a rule: a meld's canasta status, the pile's marks and
every verdict are read from the engine.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING

from ..cards import Card, sort_key, sorted_cards
from ..explain import L
from ..movegen import Listing, listing_of
from ..words import action_text, display_name, has_label, meld_label, reader, side_title
from .svg import card_svg
from .text import (
    extra_piles,
    label,
    phase_text,
    pile_blocked,
    shows_red_threes,
    source_text,
    verdict_text,
)

if TYPE_CHECKING:
    from ..actions import Action
    from ..explain import Explanation
    from ..melds import Meld
    from ..records import Change
    from ..state import HandResult, State

FONT = "font-family:system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif"
BOX = "border:1px solid #c8c8c8;border-radius:6px;padding:6px 8px;margin:3px 0;background:#fafafa"
MUTED = "color:#555"
OK_INK, NO_INK = "#1b5e20", "#b71c1c"


def _t(key: str, lang: str, variant: str = "", viewer: str | None = None, **fill: object) -> str:
    """A label of ``[labels]`` in the locale files (see :func:`canasta.render.text.label`)."""
    return label(key, lang, variant, viewer, **fill)


def _l(value: L | str, lang: str) -> str:
    return value.get(lang) if isinstance(value, L) else str(value)


# ---- cards and hands ------------------------------------------------------------------------

FRESH_STYLE = ("display:inline-block;border-radius:5px;background:#fff3c4;"
               "box-shadow:0 0 0 3px #f9a825")


@dataclass(frozen=True)
class Fresh:
    """The cards that have just arrived, by place (each hand, each side's melds and red threes,
    the pile's top card): :func:`state_html` draws them highlighted."""

    hands: tuple[tuple[Card, ...], ...] = ()
    sides: tuple[tuple[Card, ...], ...] = ()
    pile: bool = False

    @classmethod
    def between(cls, before: State, after: State) -> Fresh:
        """What arrived between two tables of the same hand (nothing across a new deal)."""
        if before.hand_no != after.hand_no or len(before.hands) != len(after.hands):
            return cls()

        def new(old: Iterable[Card], now: Iterable[Card]) -> tuple[Card, ...]:
            return tuple((Counter(now) - Counter(old)).elements())

        def side_cards(st: State, s: int) -> list[Card]:
            return [c for m in st.melds[s] for c in m.cards] + list(st.red_threes[s])

        def side_new(s: int) -> tuple[Card, ...]:
            if (before.melds[s] == after.melds[s]
                    and before.red_threes[s] == after.red_threes[s]):
                return ()  # most actions leave most places as they were
            return new(side_cards(before, s), side_cards(after, s))

        return cls(
            hands=tuple(() if b == a else new(b, a)
                        for b, a in zip(before.hands, after.hands, strict=True)),
            sides=tuple(side_new(s) for s in range(len(after.sides))),
            pile=bool(after.pile) and (len(after.pile) != len(before.pile)
                                       or after.pile[-1] != before.pile[-1]))

    def hand(self, seat: int) -> tuple[Card, ...]:
        return self.hands[seat] if seat < len(self.hands) else ()

    def side(self, side: int) -> tuple[Card, ...]:
        return self.sides[side] if side < len(self.sides) else ()


def _marked(cards: Iterable[Card], fresh: Iterable[Card], lang: str, scale: float) -> str:
    """Cards in the order given, those in ``fresh`` (as many copies as it holds) highlighted."""
    left = Counter(fresh)
    out = []
    for c in cards:
        svg = card_svg(c, lang=lang, scale=scale)
        if left[c] > 0:
            left[c] -= 1
            svg = f'<span class="canasta-fresh" style="{FRESH_STYLE}">{svg}</span>'
        out.append(svg)
    return "".join(out)


def card_html(card: Card, face_up: bool = True, lang: str = "en", scale: float = 1.0) -> str:
    """One card: an SVG picture with an aria-label and a title ('king of spades')."""
    return card_svg(card, face_up=face_up, lang=lang, scale=scale)


def cards_html(cards: Iterable[Card], lang: str = "en", *, sort: bool = True,
               scale: float = 1.0, fresh: Iterable[Card] = ()) -> str:
    """Cards face up, side by side (in hand order when ``sort``); those in ``fresh``
    highlighted."""
    seq = sorted_cards(cards) if sort else list(cards)
    return _marked(seq, fresh, lang, scale)


# Places drawn lately, by all that their drawing reads: a table drawn again after one action
# (a stepper's Next, a click) finds most hands and sides as they were. Kept small, as a place's
# markup is a few kB, and emptied when full.
_PLACES: dict[tuple[object, ...], tuple[object, str]] = {}
_PLACES_KEPT = 128


def _kept(key: tuple[object, ...], owner: object, draw: Callable[[], str]) -> str:
    """The markup drawn for ``key``, drawn now if it is not kept. ``owner`` (the variant whose
    rules the markup reads) is kept with it and must be the same object: a key names it by its
    id, as hashing a variant costs more than drawing, and the reference kept keeps the id from
    being reused."""
    got = _PLACES.get(key)
    if got is not None and got[0] is owner:
        return got[1]
    if len(_PLACES) >= _PLACES_KEPT:
        _PLACES.clear()
    html = draw()
    _PLACES[key] = (owner, html)
    return html


def hand_html(cards: Sequence[Card], face_up: bool = True, lang: str = "en", *,
              sort: bool = True, scale: float = 1.0, fresh: Iterable[Card] = ()) -> str:
    """A hand: face up in hand order (cards in ``fresh`` highlighted), or face down as
    overlapping backs with the count."""
    cards, fresh = tuple(cards), tuple(fresh)
    return _kept(("hand", cards, face_up, lang, sort, scale, fresh), None,
                 lambda: _hand_html(cards, face_up, lang, sort, scale, fresh))


def _hand_html(cards: Sequence[Card], face_up: bool, lang: str, sort: bool, scale: float,
               fresh: Sequence[Card]) -> str:
    count = f'<span style="{MUTED};margin-left:6px">{_t("cards_n", lang, n=len(cards))}</span>'
    if face_up:
        body = cards_html(cards, lang, sort=sort, scale=scale, fresh=fresh)
    else:
        back = card_svg(cards[0], face_up=False, lang=lang, scale=scale) if cards else ""
        body = "".join(
            back if i == 0 else f'<span style="display:inline-block;margin-left:-26px">{back}</span>'
            for i in range(len(cards)))
    # the cards wrap onto a second row where the page is narrow (a phone)
    return (f'<span class="canasta-hand" style="display:inline-flex;flex-wrap:wrap;'
            f'vertical-align:middle;max-width:100%">{body}</span>{count}')


# ---- the table ------------------------------------------------------------------------------

def meld_status(state: State, meld: Meld, lang: str = "en") -> str:
    """The canasta status the variant gives a meld: natural/limpia, mixed/sucia, or not yet
    (melds that are not groups or runs, such as black threes, are named by their kind)."""
    v = state.variant
    name = v.base_name()
    kind = v.canasta_kind(meld)
    if kind in ("natural", "mixed"):
        return label(kind, lang, name)
    if kind:  # a variant's own kind (wild, special, de mil), named as the scoring names it
        return _t("canasta_kind", lang, name, kind=v.canasta_word(kind).get(lang, variant=name))
    if meld.kind not in ("group", "run"):
        return _t("kind." + meld.kind, lang, name) if has_label("kind." + meld.kind) else meld.kind
    return _t("not_yet_count", lang, name, size=meld.size, need=v.canasta_size)


def melds_html(state: State, side: int, lang: str = "en", viewer: str | None = None, *,
               fresh: Iterable[Card] = ()) -> str:
    """A side's melds, each with its canasta status, and the side's red threes (cards in
    ``fresh`` highlighted)."""
    fresh = tuple(fresh)
    reds = tuple(state.red_threes[side]) if side < len(state.red_threes) else ()
    # all the drawing reads: the variant (by identity, see _kept), the side's players, melds,
    # red threes and score
    key = ("melds", id(state.variant), side, state.side_label(side), tuple(state.melds[side]),
           reds, state.scores[side] if state.scores else None, lang, fresh)
    return _kept(key, state.variant, lambda: _melds_html(state, side, lang, fresh))


def _melds_html(state: State, side: int, lang: str, fresh: Sequence[Card]) -> str:
    vname = state.variant.base_name()
    left = Counter(fresh)

    def marked(cards: Iterable[Card], sort: bool) -> str:
        seq = sorted_cards(cards) if sort else list(cards)
        mine = []
        for c in seq:  # each fresh copy marks one card only
            if left[c] > 0:
                left[c] -= 1
                mine.append(c)
        return _marked(seq, mine, lang, 0.8)

    rows = []
    for m in state.melds[side]:
        # runs keep their order; groups show naturals first, then the wild cards
        cards = m.cards if m.kind == "run" else sorted(
            m.cards, key=lambda c: (state.variant.is_wild(c), sort_key(c)))
        status = meld_status(state, m, lang)
        done = bool(state.variant.canasta_kind(m))
        mark = "★ " if done else ""
        rows.append(
            f'<div class="canasta-meld" style="margin:2px 0">'
            f'<span style="display:inline-block;min-width:2.2em;font-weight:bold">'
            f'{escape(meld_label(m.label, lang, vname))}</span>'
            f'{marked(cards, False)}'
            f'<span style="margin-left:6px;{"font-weight:bold" if done else MUTED}">'
            f'{mark}{escape(status)}</span></div>')
    if not rows:
        rows.append(f'<div style="{MUTED}">{escape(label("no_melds", lang, vname))}</div>')
    reds = state.red_threes[side] if side < len(state.red_threes) else []
    red_line = (marked(reds, True) if reds
                else f'<span style="{MUTED}">{escape(label("none", lang))}</span>')
    title = escape(side_title(state.side_label(side), lang))
    score = _t("score_of", lang, score=_num(state.scores[side])) if state.scores else ""
    return (f'<div class="canasta-side" style="{BOX}"><div style="font-weight:bold">{title}'
            f'<span style="{MUTED};font-weight:normal;margin-left:8px">{escape(score)}</span></div>'
            f'{"".join(rows)}' + (f'<div style="margin-top:3px">{escape(label("red_threes", lang, vname))}: '
                                  f'{red_line}</div>' if shows_red_threes(state) else '') + '</div>')


def pile_html(state: State, lang: str = "en", *, fresh: bool = False) -> str:
    """The discard pile: its top card (highlighted when ``fresh``), its size, and a frozen or
    blocked mark."""
    vname = state.variant.base_name()
    name = escape(_t("pile_long", lang, vname))
    if not state.pile:
        body = (f'<span style="display:inline-block;width:36px;height:50px;border:1px dashed #999;'
                f'border-radius:4px;vertical-align:middle"></span> {escape(label("empty", lang))}')
        return f'<div class="canasta-pile" style="{BOX}"><b>{name}</b><br>{body}</div>'
    marks = []
    if state.pile_frozen and state.variant.pile_frozen_by_wild:
        marks.append(f'<div style="font-weight:bold">❄ '
                     f'{escape(_t("frozen_why", lang, vname, n=state.pile_frozen))}</div>')
    if pile_blocked(state):
        marks.append(f'<div style="font-weight:bold">⛔ {escape(_t("blocked_why", lang, vname))}</div>')
    top = _marked([state.pile[-1]], [state.pile[-1]] if fresh else [], lang, 1.0)
    return (f'<div class="canasta-pile" style="{BOX}"><b>{name}</b><br>{top}'
            f'<span style="margin-left:6px">{escape(_t("cards_n", lang, n=len(state.pile)))}</span>'
            f'{"".join(marks)}</div>')


def stock_html(state: State, lang: str = "en") -> str:
    """The stock: a face-down card and how many cards are left."""
    pic = card_svg(state.stock[-1], face_up=False, lang=lang) if state.stock else ""
    return (f'<div class="canasta-stock" style="{BOX}"><b>'
            f'{escape(label("stock", lang, state.variant.base_name()))}</b><br>{pic}'
            f'<span style="margin-left:6px">{escape(_t("cards_n", lang, n=len(state.stock)))}</span></div>')


def extra_piles_html(state: State, lang: str = "en") -> str:
    """Variant piles kept face down (alas, muertos): their names and sizes."""
    return "".join(f'<div style="{BOX}"><b>{escape(name)}</b><br>'
                   f'{escape(_t("cards_n", lang, n=sizes))}</div>'
                   for name, sizes in extra_piles(state, lang))


def scores_html(state: State, lang: str = "en") -> str:
    """The running totals, one row per side."""
    rows = "".join(
        f'<tr><td style="padding:1px 8px 1px 0">{escape(side_title(state.side_label(s), lang))}</td>'
        f'<td style="text-align:right">{_num(state.scores[s])}</td></tr>'
        for s in range(len(state.sides)))
    return (f'<div class="canasta-scores" style="{BOX}"><table style="border-collapse:collapse;font-size:inherit">'
            f'<caption style="text-align:left;font-weight:bold">{escape(label("scores", lang))}'
            f'</caption>{rows}</table></div>')


def state_html(state: State, viewpoint: int | None = None, lang: str = "en", *,
               fresh: Fresh | None = None) -> str:
    """A whole table. ``viewpoint`` is the seat whose hand is face up (None: every hand) and
    the reader the messages speak to (by default the seat named Tú/You); the cards in ``fresh``
    (those the last action moved) are highlighted."""
    fresh = fresh or Fresh()
    v = state.variant
    viewer = reader(state.names, viewpoint)
    head = (f'{escape(_l(v.title, lang))} · {escape(label("hand_no", lang, n=state.hand_no))} · '
            + escape(phase_text(state, lang, viewer)))
    top_row = (f'<div style="display:flex;flex-wrap:wrap;gap:10px;align-items:flex-start">'
               f'{pile_html(state, lang, fresh=fresh.pile)}{stock_html(state, lang)}{extra_piles_html(state, lang)}'
               f'{scores_html(state, lang)}</div>')
    sides = "".join(f'<div style="flex:1 1 300px">'
                    f'{melds_html(state, s, lang, viewer, fresh=fresh.side(s))}</div>'
                    for s in range(len(state.sides)))
    players = []
    for seat, name in enumerate(state.names):
        up = viewpoint is None or viewpoint == seat
        here = seat == state.actor and not state.hand_over
        players.append(
            f'<div class="canasta-player" style="margin:3px 0">'
            f'<span style="display:inline-block;min-width:6em;font-weight:{"bold" if here else "normal"}">'
            f'{"▶ " if here else ""}{escape(display_name(name, lang))}</span>'
            f'{hand_html(state.hands[seat], face_up=up, lang=lang, scale=0.9, fresh=fresh.hand(seat))}'
            '</div>')
    result = ""
    if state.hand_over and state.last_result is not None:
        result = breakdown_html(state.last_result, state, lang, viewer=viewer)
    return (f'<div class="canasta-state" style="{FONT};font-size:13px;line-height:1.35">'
            f'<div style="font-weight:bold;margin-bottom:3px">{head}</div>{top_row}'
            f'<div style="display:flex;flex-wrap:wrap;gap:10px">{sides}</div>'
            f'<div style="{BOX}"><b>{escape(label("players", lang))}</b>{"".join(players)}</div>'
            f'{result}</div>')


# ---- explanations and scores ------------------------------------------------------------------

def verdict_html(exp: Explanation, lang: str = "en", depth: int = 0) -> str:
    """'✔ allowed' / '✘ refused' for a decision: a symbol and a word, so the verdict does not rely
    on colour; a reason behind it (``depth`` > 0) only ✔ or ✘; an event (a deal, a score line)
    none."""
    text = verdict_text(exp, lang, depth)
    if not text:
        return ""
    ink = OK_INK if exp.allowed else NO_INK
    return (f'<span class="canasta-verdict" style="color:{ink};font-weight:bold">'
            f'{escape(text)}</span> ')


def explanation_html(exp: Explanation, lang: str = "en", *, viewer: str | None = None,
                     _depth: int = 0) -> str:
    """The verdict and the reason in front; behind a "details" disclosure, the rule (its name
    and id), where it comes from (the text's title, the sentence that states the rule, the
    reasoning where the text is silent) and the sub-reasons, each the same way."""
    src = source_text(exp.source, lang)
    # the rule by its name; its id (for a developer) in the name's tooltip, and on the box
    bits = [f'<div><span style="{MUTED}">{escape(label("rule_id", lang))}:</span> '
            f'<span title="{escape(exp.rule)}">{escape(exp.title(lang))}</span></div>']
    if src:
        bits.append(f'<div><span style="{MUTED}">{escape(label("source", lang))}:</span> '
                    f'{escape(src)}</div>')
    if exp.because:
        items = "".join(f'<li>{explanation_html(b, lang, viewer=viewer, _depth=_depth + 1)}</li>'
                        for b in exp.because)
        bits.append(f'<div style="{MUTED}">{escape(_t("sub_reasons", lang))}:</div>'
                    f'<ul style="margin:0 0 0 1.2em;padding:0">{items}</ul>')
    details = (f'<details style="font-size:90%;margin-top:2px"><summary style="{MUTED};'
               f'cursor:pointer">{escape(label("details", lang))}</summary>{"".join(bits)}</details>')
    style = f"{BOX};{FONT};font-size:13px" if _depth == 0 else "margin:1px 0"
    return (f'<div class="canasta-explanation" data-rule="{escape(exp.rule)}" style="{style}">'
            f'{verdict_html(exp, lang, _depth)}<span>{escape(exp.message(lang, viewer))}</span>'
            f'{details}</div>')


def explanations_html(exps: Iterable[Explanation], lang: str = "en",
                      viewer: str | None = None) -> str:
    return "".join(explanation_html(e, lang, viewer=viewer) for e in exps)


def _num(n: int) -> str:
    return f"−{-n}" if n < 0 else str(n)


def _side_names(result: HandResult, names_or_state: State | Sequence[str], lang: str) -> list[str]:
    from ..state import State

    n = len(result.totals)
    if isinstance(names_or_state, State):
        return [side_title(names_or_state.side_label(s), lang) for s in range(n)]
    names = [str(x) for x in names_or_state]
    return names if len(names) == n else [_t("side_n", lang, n=s + 1) for s in range(n)]


def breakdown_html(result: HandResult, names_or_state: State | Sequence[str] = (),
                   lang: str = "en", *, viewer: str | None = None) -> str:
    """The itemised score of a hand: one table per side (line, what the engine says, points),
    the hand total and the running score before and after."""
    sides = _side_names(result, names_or_state, lang)
    tables = []
    for s, title in enumerate(sides):
        rows = "".join(
            f'<tr data-rule="{escape(e.rule)}"><td style="padding:1px 8px 1px 0">{escape(e.title(lang))}</td>'
            f'<td style="padding:1px 8px 1px 0">{escape(e.message(lang, viewer))}</td>'
            f'<td style="text-align:right;white-space:nowrap">{_num(p)}</td></tr>'
            for p, e in result.side_lines(s))
        tables.append(
            # every side's table as wide as the box, in the same columns, so they read as one (a
            # column's width in plain lengths: Chromium lays out a percentage in calc() as auto)
            f'<table class="canasta-breakdown" style="border-collapse:collapse;margin:4px 0;'
            f'font-size:inherit;width:100%;table-layout:fixed">'
            f'<caption style="text-align:left;font-weight:bold">{escape(title)}</caption>'
            f'<colgroup><col style="width:9.5em"><col><col style="width:5.5em"></colgroup>'
            f'<thead><tr><th style="text-align:left">{escape(label("line", lang))}</th><th></th>'
            f'<th style="text-align:right">{escape(label("points", lang))}</th></tr></thead>'
            f'<tbody>{rows}</tbody><tfoot><tr style="border-top:1px solid #999;font-weight:bold">'
            f'<td>{escape(label("hand_total", lang))}</td><td></td>'
            f'<td style="text-align:right">{_num(result.totals[s])}</td></tr>'
            f'<tr><td>{escape(label("before", lang))} → {escape(label("after", lang))}</td>'
            f'<td colspan="2" style="text-align:right;white-space:nowrap">'
            f'{_num(result.scores_before[s])} → '
            f'{_num(result.scores_after[s])}</td></tr></tfoot></table>')
    over = (f'<div style="font-weight:bold">{escape(result.game_over.message(lang, viewer))}</div>'
            if result.game_over is not None else "")
    return (f'<div class="canasta-result" style="{BOX};{FONT};font-size:13px">'
            f'<div><b>{escape(label("ended", lang))}:</b> {escape(result.ended.message(lang, viewer))}</div>'
            f'{"".join(tables)}{over}</div>')


def actions_html(actions: Listing | Sequence[Action], lang: str = "en", variant: str = "",
                 first: int = 5) -> str:
    """Actions grouped by kind (draw, take the pile, meld, lay off, discard...) and counted, the
    first few of each kind shown and the rest of the listing folded under their count (a learner
    never gets thousands of actions), as a hint; a kind that a listing cut short is counted as
    "more than" what it holds."""
    listing = listing_of(actions)
    groups = listing.kinds()
    if not groups:
        return f'<div style="{MUTED}">{escape(_t("no_actions", lang))}</div>'
    parts = []
    for kind, acts in groups.items():
        texts = [action_text(a, lang, variant) for a in acts[:first]]
        items = "".join(f"<li><code>{escape(t)}</code></li>" for t in texts)
        many = kind in listing.more
        if many or len(acts) > first:
            more = (_t("many_actions", lang, variant, n=len(acts)) if many
                    else _t("more_actions", lang, variant, n=len(acts) - first))
            # the rest folded under the count, for the learner to open (no script needed)
            rest = "".join(f"<li><code>{escape(action_text(a, lang, variant))}</code></li>"
                           for a in acts[first:])
            items += (f'<li><details><summary style="{MUTED};cursor:pointer">{escape(more)}'
                      f'</summary><ul style="margin:0;padding:0 0 0 1.2em">{rest}</ul></details></li>')
        title = _t("group." + kind, lang, variant) if has_label("group." + kind) else kind
        count = f"{len(acts)}+" if many else str(len(acts))
        parts.append(f'<div><b>{escape(title)}</b> ({count})'
                     f'<ul style="margin:0 0 0 1.2em;padding:0">{items}</ul></div>')
    return f'<div class="canasta-actions" style="{FONT};font-size:13px">{"".join(parts)}</div>'


def decision_html(actor: str, action: str, exp: Explanation, events: Sequence[Explanation] = (),
                  lang: str = "en", viewer: str | None = None) -> str:
    """One decision on a line: who, what (``action`` as written in ``lang``), the verdict and
    message with its rule id, then the automatic events it caused (red threes laid out, the end
    of the hand...)."""
    # the rule ids (for a developer) in tooltips, not in the sentences
    evs = "".join(f'<div style="margin-left:1.5em" title="{escape(e.rule)}">↳ '
                  f'{escape(e.message(lang, viewer))}</div>' for e in events)
    return (f'<div class="canasta-decision" data-rule="{escape(exp.rule)}" style="margin:2px 0">'
            f'<b>{escape(display_name(actor, lang))}</b>: <code>{escape(action)}</code> — '
            f'{verdict_html(exp, lang)}<span title="{escape(exp.rule)}">'
            f'{escape(exp.message(lang, viewer))}</span>{evs}</div>')


def changes_html(changes: Iterable[Change], lang: str = "en") -> str:
    """A record's documented changes to the told game as a table: the fact as told, what the
    record does instead, and why (every text escaped: a record's texts are anyone's)."""
    cell = "vertical-align:top;padding:3px"
    head = "".join(f"<th>{escape(label(k, lang))}</th>"
                   for k in ("replay.fact", "replay.change", "replay.why"))
    rows = "".join(
        f"<tr><td style='{cell}'>{escape(c.fact.get(lang))}</td>"
        f"<td style='{cell}'>{escape(c.change.get(lang))}</td>"
        f"<td style='{cell};color:#555'>{escape(c.why.get(lang))}</td></tr>" for c in changes)
    return f"<table class='canasta-changes'><tr>{head}</tr>{rows}</table>"
