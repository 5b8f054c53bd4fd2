"""Canasta Real (seed 001): same-suit runs with a moving 2, muertos.

`variant.py` holds the parameters, the rule sources and the hooks; the other modules of this
package hold what only this variant needs.
"""

from __future__ import annotations

from .variant import REAL, SEED, Real

__all__ = ["REAL", "Real", "SEED"]
