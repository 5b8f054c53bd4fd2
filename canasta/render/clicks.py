"""What a click on the card table means, as the text of an action.

The table never decides a rule: a click and the selected cards become the text of an action,
which the engine then checks. Where the selection fits a legal action exactly, that action's text
is used (so "K♠ K♥ K♣ 8♦ 8♠ 2♣" selected before *Meld* becomes ``meld K♠ K♥ K♣ / 8♦ 8♠ 2♣``);
otherwise the plainest text is built and the engine's refusal says what is wrong with it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..actions import Meld, TakePile
from ..cards import Card, cards_text, sorted_cards
from ..movegen import BOT_LISTED

if TYPE_CHECKING:
    from ..state import State


def _same(a: Sequence[Card], b: Sequence[Card]) -> bool:
    return len(a) == len(b) and Counter(a) == Counter(b)


def _by_rank(state: State, cards: Sequence[Card]) -> list[list[list[Card]]]:
    """Ways to split ``cards`` into groups of one rank: naturals by rank, the wild cards with one
    group in turn (or a group of their own when there is no natural)."""
    v = state.variant
    naturals: dict[int, list[Card]] = {}
    wilds: list[Card] = []
    for c in sorted_cards(cards):
        if v.is_wild(c):
            wilds.append(c)
        else:
            naturals.setdefault(c.rank, []).append(c)
    groups = list(naturals.values())
    if not groups:
        return [[wilds]] if wilds else []
    if not wilds:
        return [groups]
    return [[g + wilds if i == j else g for j, g in enumerate(groups)] for i in range(len(groups))]


def meld_text(state: State, cards: Sequence[Card]) -> str:
    """``meld …`` for the selected cards: the legal meld made of exactly these cards, else the
    first split into groups of one rank that the engine allows, else the plainest one."""
    # among the first legal melds (bounded: a big hand that has not opened has millions)
    for a in state.legal_listing(BOT_LISTED).actions:
        if isinstance(a, Meld) and _same([c for g in a.groups for c in g], cards):
            return a.text
    v = state.variant
    ordered = sorted_cards(cards)
    whole = "meld " + cards_text([c for c in ordered if not v.is_wild(c)]
                                 + [c for c in ordered if v.is_wild(c)])
    splits = [s for s in _by_rank(state, cards) if len(s) > 1]
    texts = ["meld " + " / ".join(cards_text(g) for g in split) for split in splits]
    for text in [whole, *texts]:
        if state.check(text).allowed:
            return text
    # refused either way: where the cards make several melds of one rank, the split shows the
    # real problem (the opening minimum, one meld at a time…)
    full = [t for t, s in zip(texts, splits, strict=True)
            if all(len(g) >= state.variant.meld_min for g in s)]
    if full and state.check(whole).rule == "meld.same-rank":
        return full[0]
    return whole


def take_text(state: State, cards: Sequence[Card], depth: int = 1) -> str:
    """``take pile …`` for a click on the pile (``depth`` 1 is its top card) with the selected
    cards: the legal take made of exactly them, else the selected cards of the pile card's rank
    (and the wild cards) with it and the rest as melds going down at once."""
    at = f" at {depth}" if depth > 1 else ""
    takes = [a for a in state.legal_listing(BOT_LISTED).actions
             if isinstance(a, TakePile) and a.depth == depth]
    for a in takes:
        if _same(list(a.with_cards) + [c for g in a.extra for c in g], cards):
            if not cards and a.with_cards:
                continue
            return a.text
    if cards and depth > 1 and state.variant.entry_with_cards_above and depth <= len(state.pile):
        # the cards above the one gone in for join the hand first and may go down with it: the
        # take of the selected cards and the fewest of those (as the coach's hint selects them)
        above = Counter(state.pile[-depth + 1:])
        chosen = Counter(cards)

        def fits(a: TakePile) -> bool:
            used = Counter(a.with_cards) + Counter(c for g in a.extra for c in g)
            return bool(used) and not chosen - used and not used - chosen - above

        found = [a for a in takes if fits(a)]
        if found:
            return min(found, key=lambda a: len(a.with_cards) + sum(map(len, a.extra))).text
    if not cards:
        bare = next((a for a in takes if not a.with_cards), None)
        return bare.text if bare is not None else f"take pile{at}"
    if not state.pile or depth > len(state.pile):
        return f"take pile{at} with {cards_text(cards)}"
    target = state.pile[-depth]
    v = state.variant
    with_cards = [c for c in sorted_cards(cards) if c.rank == target.rank or v.is_wild(c)]
    rest = list((Counter(cards) - Counter(with_cards)).elements())
    if not with_cards:
        return f"take pile{at} with {cards_text(sorted_cards(cards))}"
    text = f"take pile{at} with {cards_text(with_cards)}"
    splits = _by_rank(state, rest)
    if rest and splits:
        text += " and meld " + " / ".join(cards_text(g) for g in splits[0])
    return text


def meld_target(state: State, seat: int, side: int, index: int) -> str:
    """How ``seat`` names meld ``index`` of ``side`` in an action: its rank ('7'), its number
    ('#2') or, for another player's meld, 'Ada:9' — the first name the engine resolves to it."""
    v = state.variant
    mine = state.side_of(seat)
    meld = state.melds[side][index]
    owner = state.names[state.sides[side][0]]
    names = ([meld.label, f"#{index + 1}"] if side == mine else []) + \
        [f"{owner}:{meld.label}", f"{owner}:#{index + 1}"]
    for name in names:
        if v.locate_meld(state, mine, name) == (side, index):
            return name
    return names[0]


def add_text(state: State, seat: int, cards: Sequence[Card], side: int, index: int) -> str:
    """``add … to …`` for the selected cards and a click on a meld."""
    return f"add {cards_text(sorted_cards(cards))} to {meld_target(state, seat, side, index)}"


def discard_text(card: Card) -> str:
    return f"discard {card.text}"
