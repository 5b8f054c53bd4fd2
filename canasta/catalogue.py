"""The rule catalogue: every rule id the engine emits, with its group; the names, texts and
message templates live in the locale files (``canasta/locale/en.toml``, ``es.toml``).

A variant uses a rule by listing its source (``Variant.sources``); :func:`rules` renders each
rule's text with the variant's parameters and words, in its own wording where the variant has one
(``[rules."<id>".<variant>]`` in the locale files).

New rules: call :func:`register` with ``Rule(id, group)`` and write the rule's ``name``, ``text``,
``ok`` (and ``no`` for refusals) in both locale files. Texts given inline to ``Rule`` are used
only until the locale files have them (``tests/test_words.py`` fails until they do).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from .explain import Source

if TYPE_CHECKING:
    from .variant import Variant

_FIELDS = ("name", "text", "ok", "no")


@dataclass(frozen=True)
class Rule:
    """A catalogue entry: stable id and group. ``name``/``text``/``ok``/``no`` (English, Spanish)
    are read from the locale files by :func:`all_rules`; given inline they are a fallback."""

    id: str
    group: str
    name: tuple[str, str] = ("", "")
    text: tuple[str, str] = ("", "")
    ok: tuple[str, str] = ("", "")
    no: tuple[str, str] = ("", "")


@dataclass(frozen=True)
class RuleEntry:
    """A rule as it applies in one variant: its texts filled in and its source."""

    rule: Rule
    text_en: str
    text_es: str
    source: Source | None
    variant: str = ""

    @property
    def id(self) -> str:
        return self.rule.id

    @property
    def name(self) -> str:
        return self.rule.name[0]

    def text(self, lang: str = "en") -> str:
        return self.text_es if lang == "es" else self.text_en

    def title(self, lang: str = "en") -> str:
        return rule_name(self.rule.id, lang, self.variant)


_RULES: dict[str, Rule] = {}
GROUPS = ("deal", "turn", "draw", "pile", "meld", "open", "out", "threes", "hand", "score", "game")


def _r(id: str, group: str) -> None:
    if id in _RULES:
        raise ValueError(f"duplicate rule id {id}")
    _RULES[id] = Rule(id, group)


def _rule(rule_id: str) -> Rule | None:
    """The catalogue's entry for ``rule_id``; the variants' own rules are registered when their
    packages load, so an id not yet known loads every variant before it is said to be unknown."""
    rule = _RULES.get(rule_id)
    if rule is None:
        _all_rules_registered()
        rule = _RULES.get(rule_id)
    return rule


def _all_rules_registered() -> dict[str, Rule]:
    """The catalogue with every variant's rules in it (every variant loaded)."""
    from .registry import registered

    registered()
    return _RULES


def rule_group(rule_id: str) -> str:
    """The group of a rule id ('deal', 'pile', 'score', …; '' for an id not in the catalogue)."""
    rule = _rule(rule_id)
    return rule.group if rule is not None else ""


def register(rule: Rule) -> None:
    """Add a rule (variant modules call this for rules only they use)."""
    if rule.id in _RULES and _RULES[rule.id] != rule:
        raise ValueError(f"duplicate rule id {rule.id}")
    _RULES[rule.id] = rule


def inline_field(rule_id: str, field: str, lang: str) -> str | None:
    """A text given inline to :class:`Rule` (the fallback for a rule the locale files lack)."""
    r = _rule(rule_id)
    if r is None or field not in _FIELDS:
        return None
    pair: tuple[str, str] = getattr(r, field)
    return (pair[1] if lang == "es" else pair[0]) or None


def template(rule_id: str, allowed: bool, lang: str, variant: str = "") -> str:
    """The message template of a verdict (the refusal's, or the rule's own when it has none)."""
    from .words import message_template

    return message_template(rule_id, allowed, lang, variant)


@lru_cache(maxsize=4096)  # every explanation shown names its rule, from fixed texts
def rule_name(rule_id: str, lang: str = "en", variant: str = "") -> str:
    """A rule's name in ``lang``, in the variant's words (the pile is the *pozo* in 004)."""
    from .words import Ctx, render, rule_field

    name = rule_field(rule_id, "name", lang, variant)
    return render(name, {}, Ctx(lang, variant)) if name else rule_id


def all_rules() -> dict[str, Rule]:
    """Every rule, with its names, texts and templates in English and Spanish."""
    from .words import rule_field

    def pair(rid: str, field: str) -> tuple[str, str]:
        return (rule_field(rid, field, "en") or "", rule_field(rid, field, "es") or "")

    return {rid: Rule(rid, r.group, *(pair(rid, f) for f in _FIELDS))
            for rid, r in _all_rules_registered().items()}


def rules(variant: Variant | str) -> list[RuleEntry]:
    """The rules of a variant, grouped in play order, with the variant's texts and sources."""
    from .registry import find_variant
    from .words import rule_text

    v = find_variant(variant) if isinstance(variant, str) else variant
    out = []
    for rid in v.rule_ids():
        r = _RULES.get(rid) or _all_rules_registered()[rid]
        out.append(RuleEntry(r, rule_text(rid, "en", v), rule_text(rid, "es", v), v.source(rid),
                             v.base_name()))
    order = {g: i for i, g in enumerate(GROUPS)}
    out.sort(key=lambda e: (order.get(e.rule.group, 99), e.id))
    return out


# Every rule id the core emits, by group (names, texts and templates: canasta/locale/*.toml).
for _group, _ids in (
    ("deal", (
        "deal.hands",
        "deal.upcard",
    )),
    ("threes", (
        "threes.red-laid-out",
        "threes.red-with-pile",
    )),
    ("turn", (
        "turn.order",
        "turn.already-drew",
        "turn.draw-first",
        "discard.ok",
        "action.unknown",
        "turn.pass",
        "discard.last-red-three",
    )),
    ("draw", (
        "draw.stock",
        "draw.stock-empty",
    )),
    ("pile", (
        "pile.empty",
        "pile.depth",
        "pile.blocked",
        "pile.top-wild",
        "pile.frozen",
        "pile.use-top",
        "pile.extra-only-opening",
        "pile.take",
        "pile.freezes",
        "pile.blocks",
        "pile.top-red-three",
        "pile.one-card",
        "pile.must-take",
    )),
    ("meld", (
        "meld.min-cards",
        "meld.same-rank",
        "meld.wild-limit",
        "meld.black-threes",
        "meld.max-size",
        "meld.valid",
        "meld.rank-exists",
        "meld.one-at-a-time",
        "meld.ok",
        "meld.canasta",
        "add.target",
        "add.ok",
        "swap.off",
    )),
    ("hand", (
        "hand.has-cards",
        "end.went-out",
        "end.stock-exhausted",
        "hand.over",
        "hand.next",
        "hand.in-progress",
        "end.pile-declined",
        "end.last-red-three",
    )),
    ("open", (
        "open.threshold",
        "open.minimum",
    )),
    ("out", (
        "out.needs-canasta",
        "out.went-out",
        "out.partner-said-no",
        "out.ask",
        "out.ask-partner",
        "out.ask-once",
        "out.ask-late",
        "out.ask-partner-none",
        "out.answer-first",
        "discard.out",
        "out.ask-unable",
        "out.partner-said-yes",
    )),
    ("score", (
        "score.going-out",
        "score.concealed",
        "score.canasta",
        "score.red-threes",
        "score.meld-cards",
        "score.hand-cards",
        "score.total",
    )),
    ("game", (
        "game.end",
        "game.over",
    )),
):
    for _id in _ids:
        _r(_id, _group)
