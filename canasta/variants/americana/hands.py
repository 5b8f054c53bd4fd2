"""Canasta Americana's special hands: fourteen cards laid down at once (seed 000, "Mano Especial").

Pure recognition: :func:`classify` names the hand or says why the cards are not one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ...cards import ACE, JOKER, Card
from ...explain import L

SPECIAL_HAND_SIZE = 14

# Kind → name; the points live in the variant (``special_hands``).
HAND_NAMES: dict[str, L] = {
    "straight": L("straight (one card of each rank and a joker)",
                  "straight (una carta de cada número y un comodín)"),
    "pairs": L("seven pairs without wild cards", "pares sin comodines"),
    "pairs-twos": L("seven pairs with 2s, 7s and aces", "pares con dos, siete y as"),
    # "Pozo" in the seed; renamed here so it is never confused with the discard pile (RULES_NOTES A9)
    "garbage": L("garbage: two fours and two threes of a kind",
                 "pozo: dos juegos de cuatro y dos de tres del mismo número"),
}


def classify(cards: Sequence[Card]) -> tuple[str | None, L]:
    """The kind of special hand ``cards`` make (None when none), and why in words."""
    n = len(cards)
    if n != SPECIAL_HAND_SIZE:
        return None, L(f"a special hand has {SPECIAL_HAND_SIZE} cards, not {n}",
                       f"una mano especial tiene {SPECIAL_HAND_SIZE} cartas, no {n}")
    ranks = Counter(c.rank for c in cards)
    # straight: A-2-3-…-K and a joker, one of each
    if len(ranks) == 14 and all(k == 1 for k in ranks.values()):
        return "straight", HAND_NAMES["straight"]
    # pairs: seven pairs of different ranks; no threes, no jokers; 2s only with 7s and aces
    if len(ranks) == 7 and all(k == 2 for k in ranks.values()):
        if JOKER in ranks or 3 in ranks:
            return None, L("seven pairs may hold neither threes nor jokers",
                           "los pares no pueden contener tres ni comodines")
        if 2 in ranks and not (7 in ranks and ACE in ranks):
            return None, L("seven pairs with 2s must also hold a pair of 7s and a pair of aces",
                           "los pares con dos también deben contener sietes y ases")
        kind = "pairs-twos" if 2 in ranks else "pairs"
        return kind, HAND_NAMES[kind]
    # garbage ("pozo"): two fours-of-a-kind and two threes-of-a-kind of four different ranks
    if sorted(ranks.values()) == [3, 3, 4, 4]:
        if JOKER in ranks:
            return None, L("a joker has no number, so it cannot be part of a set of one number",
                           "un comodín no tiene número y no forma juego del mismo número")
        return "garbage", HAND_NAMES["garbage"]
    return None, L("it is no straight (A to K and a joker), no seven pairs of different ranks and "
                   "no two fours plus two threes of a kind",
                   "no es straight (de A a K y un comodín), ni siete pares de números diferentes, "
                   "ni dos juegos de cuatro y dos de tres del mismo número")
