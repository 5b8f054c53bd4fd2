"""Explanations: every decision of the engine as data (verdict, rule id, facts, source, sub-reasons).

Messages are rendered on demand from the facts and the templates of ``canasta/locale/<lang>.toml``
(:mod:`canasta.words`); nothing here recomputes a rule. Facts that are words rather than data are
:class:`Phrase` values (a template key and its own facts), and a side of the table is a
:class:`Side`, so that a message can speak to the reader in the second person.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

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
class Phrase:
    """Words used as a fact: the key of a template in the ``[phrases]`` of the locale files and
    the facts it is filled with (rendered in the message's language, for its reader)."""

    key: str
    facts: tuple[tuple[str, Any], ...] = ()

    def get(self, lang: str, viewer: str | None = None, variant: str = "") -> str:
        from .words import phrase_text

        return phrase_text(self, lang, viewer=viewer, variant=variant)

    @property
    def en(self) -> str:
        """The words in English (as an ``L`` has them)."""
        return self.get("en")

    @property
    def es(self) -> str:
        """The words in Spanish."""
        return self.get("es")

    def __str__(self) -> str:
        return self.get("en")


def P(key: str, **facts: Any) -> Phrase:
    """A :class:`Phrase`: ``P("why.too-many-wilds", wilds=4, most=3)``."""
    return Phrase(key, tuple(facts.items()))


@dataclass(frozen=True, slots=True)
class Side:
    """A side of the table as a message fact: its players' names, and whether it is a
    partnership (so that a message says "your side" / "tu pareja" to one of its players, and
    "you" / "tú" to a player who plays alone)."""

    names: tuple[str, ...]
    partnership: bool = True

    def get(self, lang: str, viewer: str | None = None) -> str:
        from .words import side_text

        return side_text(self, lang, viewer)

    def __str__(self) -> str:
        return self.get("en")


@dataclass(frozen=True, slots=True)
class Source:
    """Where a rule comes from: a seed file and its sentence, a standard rule, or a house rule.

    ``ref`` is the seed file name (what a developer looks for; learners see the text's title),
    a reference, or a house rule's origin. ``quote`` is the seed's sentence verbatim; for a
    standard rule it is the key of the rule's wording in the ``[standard]`` table of the locale
    files. ``also`` are further seed sentences the rule rests on. ``note`` is the key of the
    reasoning (how a gap or an ambiguity was decided) in the ``[notes]`` tables, filled with
    ``facts``."""

    kind: str  # "seed" | "standard" | "house" | "engine"
    ref: str
    quote: str = ""
    note: str = ""
    also: tuple[str, ...] = ()
    facts: tuple[tuple[str, Any], ...] = ()

    def text(self, lang: str = "en") -> str:
        """The source on one line for a developer (the seed's file name included)."""
        from .words import source_line

        return source_line(self, lang, developer=True)


@dataclass(frozen=True, slots=True)
class Cite:
    """Source makers for one variant: quotes from its seed file, the standard rules it follows
    where the seed is silent, and the engine's own conventions. Notes are keys of the
    ``[notes]`` tables of the locale files."""

    seed_file: str
    standard_ref: str
    standard_note: str = ""

    def seed(self, quote: str, note: str = "", also: tuple[str, ...] = ()) -> Source:
        return Source("seed", self.seed_file, quote, note, also)

    def std(self, quote: str, note: str | None = None, also: tuple[str, ...] = ()) -> Source:
        return Source("standard", self.standard_ref, quote,
                      self.standard_note if note is None else note, also)

    def engine(self, note: str) -> Source:
        return Source("engine", "how the engine runs a game", "", note)


def format_fact(value: Any, lang: str, viewer: str | None = None) -> str:
    """Render one fact value as text in ``lang`` (cards by their text form, numbers plainly)."""
    from .words import fact_text

    return fact_text(value, lang, viewer)


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

    def message(self, lang: str = "en", viewer: str | None = None) -> str:
        """The message in ``lang`` ('en' or 'es'), built from the facts, in the variant's words.

        ``viewer`` is the name of the reader's seat, spoken to in the second person ("You draw
        the K♠" / "Robas el K♠"); by default a player named "Tú" or "You" is the reader, and
        ``""`` makes every player third person."""
        from .words import rule_message

        return rule_message(self, lang, viewer)

    def title(self, lang: str = "en") -> str:
        from .catalogue import rule_name

        return rule_name(self.rule, lang, self.variant)

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

    def to_dict(self, lang: str = "en", viewer: str | None = None) -> dict[str, Any]:
        return {
            "allowed": self.allowed,
            "rule": self.rule,
            "message": self.message(lang, viewer),
            "source": self.source.text(lang) if self.source else "",
            "because": [b.to_dict(lang, viewer) for b in self.because],
        }

    def __str__(self) -> str:
        return f"[{self.verdict}] {self.rule}: {self.message('en')}"

    def __rich__(self) -> Any:
        from .render.rich import explanation_rich

        return explanation_rich(self)

    def _repr_html_(self) -> str:
        from .render.html import explanation_html

        return explanation_html(self)
