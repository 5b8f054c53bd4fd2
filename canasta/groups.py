"""Melds of one rank (groups): building and extending them, each verdict explained."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .cards import RANK_TEXT, Card, sorted_cards
from .explain import Explanation, P, Phrase
from .melds import Meld

if TYPE_CHECKING:
    from .variant import Variant


def rank_word(rank: int) -> str:
    return RANK_TEXT[rank]


def make_group(v: Variant, cards: Sequence[Card], *, going_out: bool = False) -> tuple[Meld | None, Explanation]:
    """A new group from ``cards``: same rank, enough cards, wild cards within the limits."""
    cards = tuple(cards)
    wilds = [c for c in cards if v.is_wild(c)]
    naturals = [c for c in cards if not v.is_wild(c)]
    text = cards
    # meld.min-cards: three or more
    if len(cards) < v.meld_min:
        return None, v.explain(False, "meld.min-cards", cards=text, count=len(cards), need=v.meld_min)
    ranks = sorted({c.rank for c in naturals}, key=lambda r: 14 if r == 1 else r)
    # meld.same-rank: one rank, no runs
    if len(ranks) > 1:
        return None, v.explain(False, "meld.same-rank", cards=text,
                               ranks=tuple(RANK_TEXT[r] for r in ranks))
    if not ranks:
        return None, v.explain(False, "meld.wild-limit", cards=text, wilds=len(wilds),
                               naturals=0, max_wilds=v.max_wilds,
                               why=P("why.needs-naturals"))
    rank = ranks[0]
    if rank == 3:
        return _threes(v, cards, naturals, wilds, going_out)
    exp = wild_limit(v, cards, len(naturals), len(wilds))
    if not exp.allowed:
        return None, exp
    if v.max_meld_size and len(cards) > v.max_meld_size:
        return None, v.explain(False, "meld.max-size", cards=text, count=len(cards), most=v.max_meld_size)
    meld = laid_group(v, rank, cards)
    return meld, v.explain(True, "meld.valid", (exp,), cards=meld.cards, rank=RANK_TEXT[rank],
                           naturals=len(naturals), wilds=len(wilds))


def laid_group(v: Variant, rank: int, cards: Sequence[Card]) -> Meld:
    """The group of ``rank`` holding ``cards`` as it lies on the table: naturals, then wild
    cards, each in hand order. No check: for cards already allowed."""
    naturals = [c for c in cards if not v.is_wild(c)]
    wilds = [c for c in cards if v.is_wild(c)]
    return Meld("group", rank, tuple(sorted_cards(naturals) + sorted_cards(wilds)), len(wilds))


def wild_limit(v: Variant, cards: Sequence[Card], naturals: int, wilds: int) -> Explanation:
    """meld.wild-limit: at most ``max_wilds`` wild cards, at least ``min_naturals`` naturals,
    and (where the variant says so) never more wild cards than natural ones."""
    ok = wilds <= v.max_wilds and naturals >= v.min_naturals and (
        not v.wilds_at_most_naturals or wilds <= naturals)
    why: Phrase | None
    if ok:
        why = None
    elif wilds > v.max_wilds:
        why = P("why.too-many-wilds", wilds=wilds, most=v.max_wilds)
    elif v.wilds_at_most_naturals and wilds > naturals:
        why = P("why.more-wilds-than-naturals", wilds=wilds, naturals=naturals)
    else:
        why = P("why.few-naturals", naturals=naturals, need=v.min_naturals)
    return v.explain(ok, "meld.wild-limit", cards=tuple(cards), wilds=wilds, naturals=naturals,
                     max_wilds=v.max_wilds, why=why)


def _threes(v: Variant, cards: tuple[Card, ...], naturals: list[Card], wilds: list[Card],
            going_out: bool) -> tuple[Meld | None, Explanation]:
    # meld.black-threes: only black threes, only when going out, three or four, no wild cards
    reds = [c for c in naturals if c.is_red]
    ok = not reds and not wilds and 3 <= len(naturals) <= 4 and going_out
    why: Phrase | None
    if reds:
        why = P("why.red-threes-never")
    elif wilds:
        why = P("why.black-threes-no-wilds")
    elif not 3 <= len(naturals) <= 4:
        why = P("why.black-threes-count", count=len(naturals))
    elif not going_out:
        why = P("why.black-threes-going-out")
    else:
        why = None
    exp = v.explain(ok, "meld.black-threes", cards=cards, why=why)
    if not ok:
        return None, exp
    return Meld("black-threes", 3, tuple(sorted_cards(cards)), 0), exp


def extend_group(v: Variant, meld: Meld, cards: Sequence[Card]) -> tuple[Meld | None, Explanation]:
    """Lay ``cards`` off onto a group: naturals of its rank or wild cards, within the limits."""
    cards = tuple(cards)
    if meld.kind != "group":
        return None, v.explain(False, "add.target", cards=cards, meld=meld.label, side=None)
    wrong = [c for c in cards if not v.is_wild(c) and c.rank != meld.key]
    if wrong:
        return None, v.explain(False, "meld.same-rank", cards=cards,
                               ranks=tuple(RANK_TEXT[r] for r in sorted({c.rank for c in wrong} | {int(meld.key)},
                                                                  key=lambda r: 14 if r == 1 else r)))
    wilds = meld.wilds + sum(1 for c in cards if v.is_wild(c))
    total = meld.cards + cards
    exp = wild_limit(v, total, len(total) - wilds, wilds)
    if not exp.allowed:
        return None, exp
    if v.max_meld_size and len(total) > v.max_meld_size:
        return None, v.explain(False, "meld.max-size", cards=total, count=len(total), most=v.max_meld_size)
    new = laid_group(v, int(meld.key), total)
    return new, v.explain(True, "meld.valid", (exp,), cards=new.cards, rank=meld.label,
                          naturals=len(total) - wilds, wilds=wilds)
