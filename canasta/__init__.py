"""canasta: a Canasta rules engine whose every decision comes with an explanation.

>>> import canasta
>>> g = canasta.new_game("classic", seed=1)
>>> g.check("discard 4♠").rule
'turn.draw-first'
"""

from __future__ import annotations

from . import variants as _variants  # noqa: F401  (registers the variants, by name)
from .actions import Action, parse_action
from .cards import Card, parse_card, parse_cards
from .catalogue import rules
from .errors import (
    CanastaError,
    IllegalActionError,
    InvalidActionError,
    RecordError,
    VariantError,
)
from .explain import Explanation, Source
from .game import new_game, replay
from .registry import find_variant, variant_names
from .state import State
from .variant import Variant

__all__ = [
    "Action", "Card", "CanastaError", "Explanation", "IllegalActionError", "InvalidActionError",
    "RecordError", "Source", "State", "Variant", "VariantError", "compiled", "find_variant",
    "new_game", "parse_action", "parse_card", "parse_cards", "replay", "rules", "variant_names",
]
__version__ = "0.1.0"


def compiled() -> bool:
    """Whether the engine's hot modules run compiled (installed with ``CANASTA_COMPILE=1``)."""
    from .variants.classic import moves as fastmoves

    return not fastmoves.__file__.endswith((".py", ".pyc"))
