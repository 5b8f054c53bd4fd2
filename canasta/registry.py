"""The registry of variants, found by name or alias.

The core reaches variants only through here; the variant packages (``canasta/variants/``) add
themselves with :func:`register` when ``canasta`` is imported, so no core module imports one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import VariantError

if TYPE_CHECKING:
    from .variant import Variant

_VARIANTS: list[Variant] = []


def _norm(name: str) -> str:
    return " ".join(name.strip().lower().replace("_", " ").replace("-", " ").split())


def register(variant: Variant) -> None:
    """Add ``variant`` to the registry (the variants package does this for the five variants)."""
    if any(v.name == variant.name for v in _VARIANTS):
        raise VariantError(f"variant {variant.name!r} is registered twice")
    _VARIANTS.append(variant)


def registered() -> tuple[Variant, ...]:
    """The registered variants, in the order they were registered."""
    return tuple(_VARIANTS)


def find_variant(name: str | Variant) -> Variant:
    """The variant called ``name`` or one of its aliases (case and spacing ignored)."""
    from .variant import Variant

    if isinstance(name, Variant):
        return name
    key = _norm(str(name))
    for v in _VARIANTS:
        if key == v.name or key in (_norm(a) for a in v.aliases):
            return v
    known = ", ".join(v.name for v in _VARIANTS)
    raise VariantError(key="variant.unknown", facts={"name": str(name), "known": known})


def variant_names() -> list[str]:
    return [v.name for v in _VARIANTS]
