"""The five variants, one package each, registered in play order.

Each package holds its parameters and sources (``variant.py``) and what only it needs (melds,
turns, moves, scoring). Importing this package registers them with :mod:`canasta.registry`.
"""

from __future__ import annotations

from ..registry import find_variant, register, variant_names
from ..variant import Variant
from .americana import AMERICANA
from .classic import CLASSIC
from .individual import INDIVIDUAL
from .real import REAL
from .rioplatense import RIOPLATENSE

# One explicit list; later variants are appended here when they land.
VARIANTS: tuple[Variant, ...] = (CLASSIC, AMERICANA, REAL, RIOPLATENSE, INDIVIDUAL)
for _v in VARIANTS:
    register(_v)

__all__ = ["VARIANTS", "find_variant", "variant_names"]
