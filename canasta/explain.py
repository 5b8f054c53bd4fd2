"""Explanations: every decision of the engine as data (verdict, rule id, facts, source, sub-reasons).

Messages are rendered from the facts and the rule catalogue's templates in the chosen language;
nothing here recomputes a rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .cards import Card

LANGS = ("en", "es")


@dataclass(frozen=True, slots=True)
class L:
    """A short text in English and Spanish, used as a fact that reads differently per language."""

    en: str
    es: str

    def __str__(self) -> str:
        return self.en

    def get(self, lang: str) -> str:
        return self.es if lang == "es" else self.en


@dataclass(frozen=True, slots=True)
class Source:
    """Where a rule comes from: a seed file and its sentence, a standard rule, or a house rule."""

    kind: str  # "seed" | "standard" | "house" | "engine"
    ref: str  # seed file name, a reference (URL or book), or the house-rule origin
    quote: str = ""
    note: str = ""  # how a gap or ambiguity was decided

    def text(self) -> str:
        head = {"seed": "seed", "standard": "standard rule", "house": "house rule",
                "engine": "engine"}.get(self.kind, self.kind)
        s = f"{head}: {self.ref}"
        if self.quote:
            s += f' — "{self.quote}"'
        if self.note:
            s += f" ({self.note})"
        return s


@dataclass(frozen=True, slots=True)
class Cite:
    """Source makers for one variant: quotes from its seed file, the standard rules it follows
    where the seed is silent, and the engine's own conventions."""

    seed_file: str
    standard_ref: str
    standard_note: str = ""

    def seed(self, quote: str, note: str = "") -> Source:
        return Source("seed", self.seed_file, quote, note)

    def std(self, quote: str, note: str | None = None) -> Source:
        return Source("standard", self.standard_ref, quote,
                      self.standard_note if note is None else note)

    def engine(self, note: str) -> Source:
        return Source("engine", "how the engine runs a game", "", note)


def format_fact(value: Any, lang: str) -> str:
    """Render one fact value as text in ``lang`` (cards by their text form, numbers plainly)."""
    if isinstance(value, L):
        return value.get(lang)
    if isinstance(value, Card):
        return value.text
    if isinstance(value, bool):
        return ("yes" if value else "no") if lang == "en" else ("sí" if value else "no")
    if isinstance(value, int):
        return f"−{-value}" if value < 0 else str(value)
    if isinstance(value, (tuple, list)):
        if value and all(isinstance(v, Card) for v in value):
            return " ".join(v.text for v in value)
        sep = ", "
        return sep.join(format_fact(v, lang) for v in value)
    return str(value)


class _Facts(dict):  # type: ignore[type-arg]
    """Formatting view of the facts; an unknown key renders as '?' instead of failing."""

    def __init__(self, facts: Mapping[str, Any], lang: str) -> None:
        super().__init__((k, format_fact(v, lang)) for k, v in facts.items())

    def __missing__(self, key: str) -> str:
        return "?"


@dataclass(frozen=True)
class Explanation:
    """One decision: ``allowed`` (the verdict), ``rule`` (a stable id), the facts used, the source,
    and the sub-reasons (``because``)."""

    allowed: bool
    rule: str
    facts: Mapping[str, Any] = field(default_factory=dict)
    source: Source | None = None
    because: tuple[Explanation, ...] = ()
    variant: str = ""

    @property
    def verdict(self) -> str:
        return "allowed" if self.allowed else "refused"

    def message(self, lang: str = "en") -> str:
        """The message in ``lang`` ('en' or 'es'), built from the facts."""
        from .catalogue import template

        return template(self.rule, self.allowed, lang).format_map(_Facts(self.facts, lang))

    def title(self, lang: str = "en") -> str:
        from .catalogue import rule_name

        return rule_name(self.rule, lang)

    def walk(self) -> Iterable[Explanation]:
        """This explanation and all its sub-reasons, depth first."""
        yield self
        for sub in self.because:
            yield from sub.walk()

    def first_refusal(self) -> Explanation | None:
        """The deepest refused sub-reason (the real cause), or None when allowed."""
        if self.allowed:
            return None
        for sub in self.because:
            found = sub.first_refusal()
            if found is not None:
                return found
        return self

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        return {
            "allowed": self.allowed,
            "rule": self.rule,
            "message": self.message(lang),
            "source": self.source.text() if self.source else "",
            "because": [b.to_dict(lang) for b in self.because],
        }

    def __str__(self) -> str:
        return f"[{self.verdict}] {self.rule}: {self.message('en')}"

    def __rich__(self) -> Any:
        from .render.rich import explanation_rich

        return explanation_rich(self)

    def _repr_html_(self) -> str:
        from .render.html import explanation_html

        return explanation_html(self)
