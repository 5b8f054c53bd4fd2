"""Canasta Americana's special hands: fourteen cards laid down at once (seed 000, "Mano Especial").

Pure recognition: :func:`classify` names the hand or says why the cards are not one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ...cards import ACE, JOKER, Card
from ...explain import P, Phrase

SPECIAL_HAND_SIZE = 14

# Kind → name (phrases ``hand.<kind>``); the points live in the variant (``special_hands``). The
# seed calls the garbage hand "Pozo"; the code says "garbage" so that it is never confused with
# the discard pile.
HAND_NAMES: dict[str, Phrase] = {kind: P("hand." + kind)
                                 for kind in ("straight", "pairs", "pairs-twos", "garbage")}


def classify(cards: Sequence[Card]) -> tuple[str | None, Phrase]:
    """The kind of special hand ``cards`` make (None when none), and why in words."""
    n = len(cards)
    if n != SPECIAL_HAND_SIZE:
        return None, P("why.special-size", need=SPECIAL_HAND_SIZE, count=n)
    ranks = Counter(c.rank for c in cards)
    # straight: A-2-3-…-K and a joker, one of each
    if len(ranks) == 14 and all(k == 1 for k in ranks.values()):
        return "straight", HAND_NAMES["straight"]
    # pairs: seven pairs of different ranks; no threes, no jokers; 2s only with 7s and aces
    if len(ranks) == 7 and all(k == 2 for k in ranks.values()):
        if JOKER in ranks or 3 in ranks:
            return None, P("why.pairs-no-threes")
        if 2 in ranks and not (7 in ranks and ACE in ranks):
            return None, P("why.pairs-twos")
        kind = "pairs-twos" if 2 in ranks else "pairs"
        return kind, HAND_NAMES[kind]
    # garbage ("pozo"): two fours-of-a-kind and two threes-of-a-kind of four different ranks
    if sorted(ranks.values()) == [3, 3, 4, 4]:
        if JOKER in ranks:
            return None, P("why.garbage-joker")
        return "garbage", HAND_NAMES["garbage"]
    return None, P("why.no-special-hand")
