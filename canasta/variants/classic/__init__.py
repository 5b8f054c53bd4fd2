"""Classic partnership Canasta (seed 003).

`variant.py` holds the parameters, the rule sources and the hooks; the other modules of this
package hold what only this variant needs.
"""

from __future__ import annotations

from .variant import CLASSIC, SEED, Classic

__all__ = ["CLASSIC", "Classic", "SEED"]
