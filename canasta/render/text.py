"""Bilingual labels and plain-text forms shared by the terminal and notebook views.

Everything here reads what the engine already decided (a meld's canasta kind, the pile's frozen
count, an explanation's verdict); nothing recomputes a rule.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from ..cards import Card, sorted_cards
from ..words import has_label
from ..words import label as locale_label

if TYPE_CHECKING:
    from ..explain import Explanation, Source
    from ..melds import Meld
    from ..state import State
    from ..variant import Variant

LANGS = ("en", "es")

# Labels given inline, (English, Spanish), are a fallback for code that has not yet written them
# into the locale files ([labels] in canasta/locale/*.toml); tests/test_words.py asserts that
# this is empty, so a label added here is a reminder to move it.
LABELS: dict[str, tuple[str, str]] = {}


def label(key: str, lang: str = "en", variant: str = "", viewer: str | None = None,
          **fill: object) -> str:
    """The label ``key`` of ``canasta/locale/<lang>.toml`` (English for any other language), in
    the variant's words, with its ``{fields}`` filled."""
    if key in LABELS and not has_label(key):
        en, es = LABELS[key]
        text = es if lang == "es" else en
        return text.format(**fill) if fill else text
    return locale_label(key, lang, variant, viewer, **fill)


# what a terminal would obey rather than show: C0 controls but the line break and the tab, DEL,
# the C1 controls (0x9b starts a sequence as ESC [ does) and the bidirectional overrides, which
# reorder what follows them
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _shown(m: re.Match[str]) -> str:
    code = ord(m.group())
    if code < 0x20:
        return chr(0x2400 + code)  # the control picture: ESC shows as ␛
    return "\u2421" if code == 0x7F else f"\\x{code:02x}" if code <= 0x9F else f"\\u{code:04x}"


def visible(text: str) -> str:
    """``text`` with every control character a terminal would obey shown instead: ESC as ␛
    (so ``\\x1b[2J`` prints as ``␛[2J`` and clears nothing), a C1 control or a bidirectional
    override as its escape (``\\x9b``); line breaks and tabs stay."""
    return CONTROL.sub(_shown, text) if CONTROL.search(text) else text


def points_text(n: int) -> str:
    """A score as shown: ``−40`` with a true minus sign; a number beyond any game (more than
    15 digits, which only a hand-made table can hold) as its power of ten, since writing out
    thousands of digits is slow and, past 4,300, refused by Python itself."""
    if abs(n) < 10**15:
        return f"−{-n}" if n < 0 else str(n)
    return ("−" if n < 0 else "") + f"≈10^{int(math.log10(abs(n)))}"


def check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; use 'en' or 'es'")
    return lang


def cards_line(cards: Iterable[Card], *, sort: bool = True) -> str:
    """Cards by their text form, in hand order when ``sort``."""
    seq = sorted_cards(cards) if sort else list(cards)
    return " ".join(c.text for c in seq)


def side_title(names: Sequence[str], lang: str = "en") -> str:
    """A side named by its players for a heading: 'You & Bo' / 'Tú y Bo'."""
    from ..words import side_title as title

    return title(names, lang)


def side_names(state: State, side: int) -> list[str]:
    return [state.names[s] for s in state.sides[side]]


def canasta_status(variant: Variant, meld: Meld, lang: str = "en", *, short: bool = False) -> str:
    """'natural canasta' / 'mixed canasta' / 'not a canasta yet' (short: 'natural' / 'mixed' /
    'not yet'), as the variant classifies the meld."""
    kind = variant.canasta_kind(meld)
    name = variant.base_name()
    if kind in ("natural", "mixed") or not kind:
        key = kind or "not_yet"
        return label(f"short.{key}" if short else key, lang, name)
    word = variant.canasta_word(kind).get(lang, variant=name)  # wild, special, de mil
    return word if short else label("canasta_kind", lang, name, kind=word)


def extra_piles(state: State, lang: str = "en") -> list[tuple[str, str]]:
    """Variant piles kept face down (alas, muertos) as (name, sizes), e.g. ('Muertos', '11, 11');
    the set-aside cards of a hand-built situation are not shown."""
    out = []
    for key, piles in sorted(state.extra.items()):
        if key.endswith("_piles") and key != "box_piles" and piles:
            name = label(f"piles.{key[:-6]}", lang) if has_label(f"piles.{key[:-6]}") else key[:-6]
            out.append((name, ", ".join(str(len(p)) for p in piles)))
    return out


def shows_red_threes(state: State) -> bool:
    """Whether the variant lays red threes out as a bonus (so the views show them per side)."""
    return state.variant.red_threes == "bonus"


def pile_blocked(state: State) -> bool:
    """Whether the pile's top card is a blocking black three (a fact of the table, shown as a mark)."""
    top = state.top
    return bool(top is not None and state.variant.black_threes_block and top.rank == 3
                and top.is_black)


def pile_summary(state: State, lang: str = "en") -> str:
    """'Pile: 7♠ on top, 12 cards, frozen' in ``lang``."""
    v = state.variant.base_name()
    if not state.pile:
        return f"{label('pile', lang, v)}: {label('empty', lang, v)}"
    marks = [m for m, on in (("frozen", state.pile_frozen > 0 and state.variant.pile_frozen_by_wild),
                             ("blocked", pile_blocked(state))) if on]
    s = f"{label('pile', lang, v)}: {state.pile[-1].text} {label('top', lang, v)}, " \
        f"{label('cards_n', lang, v, n=len(state.pile))}"
    return s + "".join(f", {label(m, lang, v)}" for m in marks)


def phase_text(state: State, lang: str = "en", viewer: str | None = None) -> str:
    """Who is to do what: 'Your turn to draw' / 'Le toca a Ada bajar o descartar', or 'Hand
    over'."""
    v = state.variant.base_name()
    phase = label(f"phase.{state.phase}", lang, v)
    if state.hand_over:
        return phase
    return label("to_move_name", lang, v, viewer, name=state.player, phase=phase)


def source_text(source: Source | None, lang: str = "en", *, developer: bool = False) -> str:
    """The source as one line: the text it comes from (its title), the sentence that states the
    rule, and the reasoning where the text is silent (``developer``: with the seed's file name)."""
    from ..words import source_line

    return source_line(source, lang, developer=developer)


# What happened rather than a decision on an action: a deal, a score line, a hand's end, the
# automatic events of a turn. Such an explanation carries no verdict.
EVENT_GROUPS = frozenset({"deal", "score"})
EVENT_RULES = frozenset({
    "threes.red-laid-out", "threes.red-with-pile", "threes.replaced", "end.went-out",
    "end.stock-exhausted", "end.pile-declined", "end.last-red-three", "end.special-hand",
    "hoyo.left", "ala.added", "muerto.direct", "muerto.indirect", "muerto.picked-up", "game.end"})


def is_event(exp: Explanation) -> bool:
    """Whether ``exp`` tells what happened (a deal, a score, an automatic event) rather than
    answering an action."""
    from ..catalogue import rule_group

    return exp.allowed and (exp.rule in EVENT_RULES or rule_group(exp.rule) in EVENT_GROUPS)


def verdict_text(exp: Explanation, lang: str = "en", depth: int = 0) -> str:
    """'✔ allowed' / '✘ refused' for a decision; a reason behind it (``depth`` > 0) is only
    marked as holding or failing (✔ / ✘); an event ('' ) has no verdict."""
    if depth:
        return "✔" if exp.allowed else "✘"
    if is_event(exp):
        return ""
    return ("✔ " if exp.allowed else "✘ ") + label(exp.verdict, lang)


def explanation_text(exp: Explanation, lang: str = "en", *, indent: int = 0,
                     viewer: str | None = None) -> str:
    """The explanation and its sub-reasons as indented plain text, one decision per line."""
    pad = "  " * indent
    verdict = verdict_text(exp, lang, indent)
    lines = [f"{pad}{verdict + ': ' if verdict else ''}{exp.message(lang, viewer)} [{exp.rule}]"]
    src = source_text(exp.source, lang)
    if src:
        lines.append(f"{pad}  {label('source', lang)}: {src}")
    lines += [explanation_text(sub, lang, indent=indent + 1, viewer=viewer) for sub in exp.because]
    return "\n".join(lines)
