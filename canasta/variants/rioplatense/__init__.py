"""Canasta rioplatense (seed 004): pozo madre, premiado and tapado; 2 or 4 players.

`variant.py` holds the parameters, the rule sources and the hooks; the other modules of this
package hold what only this variant needs.
"""

from __future__ import annotations

from .variant import RIOPLATENSE, SEED, Rioplatense

__all__ = ["RIOPLATENSE", "Rioplatense", "SEED"]
