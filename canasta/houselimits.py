"""What a house rule may ask of the pack: every option a house rule sets is held to what the pack
and the rules can honour, so that an accepted set of options always deals, plays and ends.

* ``cards_dealt`` (and ``upcard``): the hands, the piles set aside (Americana's alas, Canasta
  Real's muertos) and the card turned up must leave a stock to draw from at the largest table;
* ``max_wilds``: no more than the wild cards the pack holds;
* ``canasta_size``: no more cards than the largest meld the rules allow (asked of the variant's
  own ``make_meld``, so runs, special melds and melds of wild cards count as they are);
* ``canastas_to_go_out``: no more canastas than one side could ever hold;
* ``target`` and the points of bonuses and penalties: within the scores a table or a file may
  hold (:data:`canasta.limits.MAX_SCORE`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .cards import ACE, JOKER, KING, SUITS, Card, card, make_pack
from .errors import VariantError
from .limits import MAX_SCORE, Big

if TYPE_CHECKING:
    from .variant import Variant

# options that are points (a bonus, a penalty, a target): bounded as every score is
POINTS = ("target", "going_out_bonus", "concealed_bonus", "canasta_natural", "canasta_mixed",
          "red_three_bonus", "wild_canasta_bonus", "wild_in_hand_cost")


def check_bounds(v: Variant, options: Mapping[str, Any]) -> None:
    """Raise :class:`VariantError` naming the first option of ``options`` that ``v`` (the
    variant with them applied) cannot honour."""
    for key, most, why in _bounds(v, options):
        value = options.get(key, getattr(v, key))
        if value > most:
            raise VariantError(key="house.beyond." + why,
                               facts={"option": key, "value": Big(value), "most": Big(most)})


def check_deal(v: Variant) -> None:
    """Raise :class:`VariantError` when the deal at the largest table leaves no stock."""
    players = max(v.player_counts)
    dealt = v.cards_dealt * players
    # what the variant sets aside (alas, muertos), asked of the variant itself on a full pack
    rest: list[Any] = list(range(v.pack_size))
    piles = v.deal_extra_piles(rest, players)
    aside = sum(len(p) for value in piles.values() for p in value)
    if dealt + aside + int(v.upcard) < v.pack_size:
        return
    if aside:
        raise VariantError(key="house.too-many-set-aside",
                           facts={"each": v.cards_dealt, "dealt": dealt, "players": players,
                                  "aside": aside, "pack": v.pack_size})
    raise VariantError(key="house.too-many-dealt",
                       facts={"each": v.cards_dealt, "dealt": dealt + int(v.upcard),
                              "players": players, "pack": v.pack_size})


def _bounds(v: Variant, options: Mapping[str, Any]) -> list[tuple[str, int, str]]:
    """(option, its largest value, why) for the options set."""
    out: list[tuple[str, int, str]] = []
    pack = make_pack(v.decks, v.jokers)
    wilds = [c for c in pack if v.is_wild(c)]
    if "max_wilds" in options:
        out.append(("max_wilds", len(wilds), "wilds"))
    if "canasta_size" in options or "max_wilds" in options:
        largest = largest_meld(v)
        out.append(("canasta_size", largest, "canasta"))
    if {"canastas_to_go_out", "canasta_size", "max_wilds"} & set(options):
        out.append(("canastas_to_go_out", most_canastas(v), "canastas"))
    out += [(key, MAX_SCORE, "points") for key in POINTS if key in options]
    return out


def _melds(v: Variant) -> list[tuple[Card, ...]]:
    """The candidates for the largest meld, largest first: for every rank, its naturals and then
    wild cards, one card fewer at a time; every wild card alone; each suit's run from ace to ace
    (a 2 of its suit stands in its own place)."""
    pack = make_pack(v.decks, v.jokers)
    wilds = tuple(sorted((c for c in pack if v.is_wild(c)), key=lambda c: (c.rank != JOKER, c.suit)))
    out: list[tuple[Card, ...]] = []
    for rank in [*range(3, KING + 1), ACE]:
        naturals = tuple(c for c in pack if c.rank == rank and not v.is_wild(c))
        if not naturals:
            continue
        whole = naturals + wilds
        for size in range(min(len(whole), v.max_meld_size or len(whole)), v.meld_min - 1, -1):
            n = min(len(naturals), size)
            out.append(naturals[:n] + wilds[:size - n])
    out += [wilds[:size] for size in range(len(wilds), v.meld_min - 1, -1)]
    for suit in SUITS:
        out.append(tuple(card(r, suit) for r in [ACE, *range(2, KING + 1), ACE]))
    return out


def _allowed_sizes(v: Variant) -> dict[int, int]:
    """For each rank (0 for runs and melds of wild cards), the most cards a meld of it holds."""
    found = v.__dict__.get("_largest_melds")
    if found is not None:
        return found  # type: ignore[no-any-return]
    sizes: dict[int, int] = {}
    for cards in _melds(v):
        naturals = {c.rank for c in cards if not v.is_wild(c)}
        key = next(iter(naturals)) if len(naturals) == 1 else 0
        if len(cards) <= sizes.get(key, 0):
            continue  # a larger meld of this rank is already allowed
        meld, _ = v.make_meld(cards)
        if meld is not None:
            sizes[key] = len(cards)
    v.__dict__["_largest_melds"] = sizes
    return sizes


def largest_meld(v: Variant) -> int:
    """The most cards one meld can hold under ``v``'s rules."""
    return max(_allowed_sizes(v).values(), default=0)


def most_canastas(v: Variant) -> int:
    """The most canastas one side could ever hold: the pack cut into canastas and, where a side
    has one meld of a rank, the ranks whose melds reach a canasta."""
    most = v.pack_size // v.canasta_size
    if v.one_meld_per_rank:
        sizes = _allowed_sizes(v)
        ranks = sum(1 for key, size in sizes.items() if key and size >= v.canasta_size)
        most = min(most, ranks + (1 if sizes.get(0, 0) >= v.canasta_size else 0))
    return most
