"""Melds on the table: groups of one rank (and, in runs variants, same-suit sequences)."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import RANK_TEXT, Card, cards_text
from .explain import P, Phrase


def canasta_word(kind: str) -> Phrase:
    """How a kind of canasta is called in messages, in the variant's words (phrases
    ``kind.natural``, ``kind.mixed``, ``kind.special``, ``kind.wild``, ``kind.de-mil``)."""
    return P("kind." + kind.replace(" ", "-"))


@dataclass(frozen=True, slots=True)
class Meld:
    """A meld owned by a side.

    ``kind`` is ``group`` (one rank), ``wilds`` (only wild cards), ``threes`` (threes laid down),
    ``black-threes`` (black threes melded when going out) or ``run`` (same-suit sequence).
    ``key`` is the rank of a group, or the suit of a run. ``roles`` (runs only) gives the rank
    each card stands for, in order.
    """

    kind: str
    key: int | str
    cards: tuple[Card, ...]
    wilds: int = 0
    roles: tuple[int, ...] = ()

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def naturals(self) -> int:
        return len(self.cards) - self.wilds

    @property
    def label(self) -> str:
        """Short name: the rank for a group ('K', '7'), 'wilds', or the run's suit and span."""
        if self.kind in ("group", "black-threes") and isinstance(self.key, int):
            return RANK_TEXT[self.key]
        if self.kind == "run" and self.roles:
            lo, hi = self.roles[0], self.roles[-1]
            return f"{self.key}{RANK_TEXT[lo if lo != 14 else 1]}-{RANK_TEXT[hi if hi != 14 else 1]}"
        return self.kind

    @property
    def text(self) -> str:
        return cards_text(self.cards)

    def __str__(self) -> str:
        return f"{self.label}: {self.text}"

    def to_dict(self) -> dict[str, object]:
        d: dict[str, object] = {"kind": self.kind, "key": self.key,
                                "cards": [c.text for c in self.cards], "wilds": self.wilds}
        if self.roles:
            d["roles"] = list(self.roles)
        return d
