"""The explicit registry of variants, found by name or alias."""

from __future__ import annotations

from ..errors import VariantError
from ..variant import Variant
from .americana import AMERICANA
from .classic import CLASSIC
from .individual import INDIVIDUAL
from .real import REAL
from .rioplatense import RIOPLATENSE

# One explicit list; later variants are appended here when they land.
VARIANTS: tuple[Variant, ...] = (CLASSIC, AMERICANA, REAL, RIOPLATENSE, INDIVIDUAL)
PLANNED: dict[str, str] = {}
_PLANNED_ALIASES: dict[str, str] = {}


def _norm(name: str) -> str:
    return " ".join(name.strip().lower().replace("_", " ").replace("-", " ").split())


def find_variant(name: str | Variant) -> Variant:
    """The variant called ``name`` or one of its aliases (case and accents of spacing ignored)."""
    if isinstance(name, Variant):
        return name
    key = _norm(str(name))
    for v in VARIANTS:
        if key == v.name or key in (_norm(a) for a in v.aliases):
            return v
    planned = key if key in PLANNED else _PLANNED_ALIASES.get(key)
    if planned in PLANNED:
        raise VariantError(f"variant {planned!r} (seed {PLANNED[planned]}) is not implemented yet")
    known = ", ".join(v.name for v in VARIANTS)
    raise VariantError(f"unknown variant {name!r}; known: {known}")


def variant_names() -> list[str]:
    return [v.name for v in VARIANTS]
