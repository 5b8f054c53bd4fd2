"""The five variants, one package each, registered in play order.

Each package holds its parameters and sources (``variant.py``) and what only it needs (melds,
turns, moves, scoring). Importing this package registers them with :mod:`canasta.registry` by
name and aliases; a variant's package is imported when the variant is first asked for
(``find_variant``, ``new_game``, ``registered()``, ``VARIANTS``), so ``import canasta`` imports
none of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..registry import find_variant, register_lazy, registered, variant_names

if TYPE_CHECKING:
    from ..variant import Variant

# One explicit list, in play order: name, aliases (each variant's own, which the registry checks
# when it loads the variant) and where it is defined. Later variants are appended here.
_TABLE: tuple[tuple[str, tuple[str, ...], str, str], ...] = (
    ("classic", ("clasica", "clásica", "canasta", "classic canasta", "canasta clasica", "003"),
     "classic", "CLASSIC"),
    ("americana", ("canasta americana", "american", "american canasta", "modern american canasta",
                   "americana canasta", "000"),
     "americana", "AMERICANA"),
    ("real", ("canasta real", "buraco", "canastra", "001"), "real", "REAL"),
    ("rioplatense", ("argentina", "uruguaya", "argentine", "uruguayan", "canasta argentina",
                     "canasta uruguaya", "rio de la plata", "004"),
     "rioplatense", "RIOPLATENSE"),
    ("individual", ("cada uno", "cada uno por su cuenta", "each for themselves", "solo", "002"),
     "individual", "INDIVIDUAL"),
)
for _name, _aliases, _package, _attribute in _TABLE:
    register_lazy(_name, _aliases, f"{__name__}.{_package}", _attribute)


def __getattr__(name: str) -> tuple[Variant, ...]:
    """``VARIANTS``: the five variants, in play order (importing each one's package)."""
    if name == "VARIANTS":
        return tuple(find_variant(row[0]) for row in _TABLE)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["VARIANTS", "find_variant", "registered", "variant_names"]
