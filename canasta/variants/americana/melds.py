"""Canasta Americana's melds: común, especial (sevens, aces), de comodines, de tres, special hands.

Every verdict is an explanation. The kind of a meld follows from its cards: a group of 7s or aces
without wild cards is especial; aces with wild cards are común (made only to leave the hoyo, which
the turn checks enforce); a meld of wild cards only has kind ``wilds``; threes laid down have kind
``threes``; a fourteen-card special hand has kind ``special-hand``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...cards import ACE, JOKER, RANK_TEXT, Card, sorted_cards
from ...explain import Explanation, P
from ...groups import wild_limit
from ...melds import Meld
from .hands import SPECIAL_HAND_SIZE, classify

if TYPE_CHECKING:
    from ...variant import Variant

SPECIAL_RANKS = (7, ACE)


def is_special(meld: Meld) -> bool:
    """An especial meld: sevens, or aces without wild cards."""
    return meld.kind == "group" and meld.key in SPECIAL_RANKS and meld.wilds == 0


def meld_key(meld: Meld) -> object:
    """What 'one meld per rank' compares: the rank of a group (aces común or especial alike), or
    the kind for wild melds."""
    return meld.key if meld.kind == "group" else meld.kind


def build_meld(v: Variant, cards: Sequence[Card], *, aces_wild_ok: bool = True
               ) -> tuple[Meld | None, Explanation]:
    """A new meld from ``cards``. ``aces_wild_ok`` is False outside the meld that leaves the hoyo."""
    cards = tuple(cards)
    if len(cards) == SPECIAL_HAND_SIZE:
        kind, why = classify(cards)
        if kind is None:
            return None, v.explain(False, "special.hand", player="", cards=cards, why=why)
        return (Meld("special-hand", kind, tuple(cards)),
                v.explain(True, "special.hand", player="", cards=cards, hand=why, points=0))
    threes = [c for c in cards if c.rank == 3]
    if threes:
        # meld.threes: threes go down on their own, never with other cards
        if len(threes) != len(cards):
            return None, v.explain(False, "meld.threes", player="", cards=cards, count=len(threes),
                                   why=P("why.threes-alone"))
        return (Meld("threes", 3, tuple(sorted_cards(cards))),
                v.explain(True, "meld.threes", player="", cards=cards, count=len(cards)))
    if len(cards) < v.meld_min:
        return None, v.explain(False, "meld.min-cards", cards=cards, count=len(cards), need=v.meld_min)
    wilds = [c for c in cards if v.is_wild(c)]
    naturals = [c for c in cards if not v.is_wild(c)]
    if not naturals:
        return _wilds_meld(v, cards)
    ranks = sorted({c.rank for c in naturals})
    # meld.same-rank: one rank, no runs
    if len(ranks) > 1:
        return None, v.explain(False, "meld.same-rank", cards=cards,
                               ranks=tuple(RANK_TEXT[r] for r in ranks))
    rank = ranks[0]
    return _group(v, rank, naturals, wilds, aces_wild_ok=aces_wild_ok)


def _wilds_meld(v: Variant, cards: tuple[Card, ...]) -> tuple[Meld | None, Explanation]:
    # meld.max-size: a meld of wild cards has three to seven of them
    if len(cards) > v.max_meld_size:
        return None, v.explain(False, "meld.max-size", cards=cards, count=len(cards),
                               most=v.max_meld_size)
    meld = Meld("wilds", JOKER, tuple(sorted_cards(cards)), len(cards))
    return meld, v.explain(True, "meld.wilds", cards=meld.cards, count=len(cards))


def _group(v: Variant, rank: int, naturals: Sequence[Card], wilds: Sequence[Card], *,
           aces_wild_ok: bool) -> tuple[Meld | None, Explanation]:
    cards = tuple(naturals) + tuple(wilds)
    # meld.special: sevens never take wild cards; aces only in the meld that leaves the hoyo
    if wilds and (rank == 7 or (rank == ACE and not aces_wild_ok)):
        return None, _special_refusal(v, rank, cards)
    exp = wild_limit(v, cards, len(naturals), len(wilds))
    if not exp.allowed:
        return None, exp
    if len(cards) > v.max_meld_size:
        return None, v.explain(False, "meld.max-size", cards=cards, count=len(cards),
                               most=v.max_meld_size)
    meld = Meld("group", rank, tuple(sorted_cards(naturals) + sorted_cards(wilds)), len(wilds))
    subs: tuple[Explanation, ...] = (exp,)
    if is_special(meld):
        subs += (v.explain(True, "meld.special", cards=meld.cards, rank=RANK_TEXT[rank]),)
    return meld, v.explain(True, "meld.valid", subs, cards=meld.cards, rank=RANK_TEXT[rank],
                           naturals=len(naturals), wilds=len(wilds))


def _special_refusal(v: Variant, rank: int, cards: tuple[Card, ...]) -> Explanation:
    why = P("why.sevens-no-wilds") if rank == 7 else P("why.aces-no-wilds")
    return v.explain(False, "meld.special", cards=cards, rank=RANK_TEXT[rank], why=why)


def extend_meld(v: Variant, meld: Meld, cards: Sequence[Card]) -> tuple[Meld | None, Explanation]:
    """Lay ``cards`` off onto ``meld``: naturals of its rank or wild cards, within its kind's limits."""
    cards = tuple(cards)
    total = meld.cards + cards
    if meld.kind == "wilds":
        wrong = [c for c in cards if not v.is_wild(c)]
        if wrong:
            return None, v.explain(False, "meld.wilds", cards=cards, count=len(total),
                                   why=P("why.wilds-only"))
        return _wilds_meld(v, total)
    if meld.kind != "group":
        return None, v.explain(False, "add.target", cards=cards, meld=meld.label, side=None)
    wrong = [c for c in cards if not v.is_wild(c) and c.rank != meld.key]
    if wrong:
        return None, v.explain(False, "meld.same-rank", cards=cards,
                               ranks=tuple(sorted({RANK_TEXT[c.rank] for c in wrong} | {meld.label})))
    added_wilds = [c for c in cards if v.is_wild(c)]
    rank = int(meld.key)
    # a clean ace meld is especial: wild cards may join only an ace meld that already has some
    if added_wilds and is_special(meld):
        return None, _special_refusal(v, rank, total)
    naturals = [c for c in total if not v.is_wild(c)]
    wilds = [c for c in total if v.is_wild(c)]
    return _group(v, rank, naturals, wilds, aces_wild_ok=True)
