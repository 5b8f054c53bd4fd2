"""Individual Canasta (seed 002): each for themselves, the pile taken at any depth.

`variant.py` holds the parameters, the rule sources and the hooks; the other modules of this
package hold what only this variant needs.
"""

from __future__ import annotations

from .variant import INDIVIDUAL, SEED, Individual

__all__ = ["INDIVIDUAL", "Individual", "SEED"]
