"""Canasta Americana (seed 000): alas, hoyo, special melds and hands.

`variant.py` holds the parameters, the rule sources and the hooks; the other modules of this
package hold what only this variant needs.
"""

from __future__ import annotations

from .variant import AMERICANA, SEED, Americana

__all__ = ["AMERICANA", "Americana", "SEED"]
