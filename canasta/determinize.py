"""What a seat knows, and re-deals of what it does not: the engine's determinization for search.

A seat sees its own hand, the table (melds, red threes), the discard pile and every hand's size.
It also remembers the cards it saw go into a hand from the pile (or back from a meld by a swap),
until that player lays them down or discards them. Everything else — the stock, the other hands,
the alas or muertos not yet taken — is hidden from it. :func:`determinize` gives a copy of the
state with the hidden cards dealt again at random among the hidden places, consistent with all
of that: a position the seat cannot tell from the real one. Search plays on such copies, so it
never reads a card its seat cannot see.
"""

from __future__ import annotations

import random
from collections import Counter
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from .actions import Add, Discard, Meld, NextHand, Swap, TakePile
from .cards import HAND_ORDER, Card, pack_counter

if TYPE_CHECKING:
    from .state import State


def _hand_steps(state: State) -> list[Any]:
    """The steps of the hand being played (after the last NextHand)."""
    steps = []
    for step in reversed(state.history):
        if isinstance(step.action, NextHand):
            break
        steps.append(step)
    steps.reverse()
    return steps


def _first_pile(state: State) -> list[Card] | None:
    """The pile as the hand was dealt (the upcard and the cards it covered), from the deal's
    public events; None when the deal did not say."""
    for e in state.deal_events:
        if e.rule == "deal.upcard":
            card = e.facts.get("card")
            covered = list(e.facts.get("covered", ()))
            return covered + ([card] if isinstance(card, Card) else [])
    return [] if not state.variant.upcard else None


def known_in_hands(state: State) -> list[Counter[Card]]:
    """Per seat, the cards every player knows to be in that hand: taken from the pile (or back
    from a meld by a swap) this hand and not yet laid down or discarded.

    Rebuilt from the hand's public actions by following the pile from the deal; where the pile
    so followed is not the pile on the table (a position built mid-hand), nothing is assumed
    known (an empty counter per seat), which is always consistent."""
    none: list[Counter[Card]] = [Counter() for _ in range(state.players)]
    steps = _hand_steps(state)
    if not steps:
        return none
    pile = _first_pile(state)
    if pile is None:
        return none
    v = state.variant
    known: list[Counter[Card]] = [Counter() for _ in range(state.players)]
    for step in steps:
        a, seat = step.action, step.seat
        mine = known[seat]
        if isinstance(a, Discard) and a.card is not None:
            pile.append(a.card)
            _spend(mine, (a.card,))
        elif isinstance(a, TakePile):
            count = v.pile_taken_count(SimpleNamespace(pile=pile), a.depth)  # type: ignore[arg-type]
            if count > len(pile) or count <= 0:
                return none
            taken = pile[-count:]
            del pile[-count:]
            target = taken[0] if a.depth != 1 else taken[-1]
            rest = list(taken)
            if a.onto is not None or a.with_cards or a.extra:
                rest.remove(target)
            joined = [c for c in rest if not (v.red_threes == "bonus" and c.rank == 3 and c.is_red)]
            if v.entry_with_cards_above:  # the cards melded may be some of those taken
                mine.update(joined)
            _spend(mine, a.with_cards)
            for g in a.extra:
                _spend(mine, g)
            if not v.entry_with_cards_above:
                mine.update(joined)
        elif isinstance(a, Meld):
            for g in a.groups:
                _spend(mine, g)
        elif isinstance(a, Add):
            _spend(mine, a.cards)
        elif isinstance(a, Swap):
            if a.card is not None:
                _spend(mine, (a.card,))
            if a.wild is not None:
                mine[a.wild] += 1
    if pile != list(state.pile):
        return none
    for s in range(state.players):  # never more than the hand holds
        if sum(known[s].values()) > len(state.hands[s]):
            known[s] = Counter()
    return known


def _spend(known: Counter[Card], cards: Any) -> None:
    for c in cards:
        if known[c] > 0:
            known[c] -= 1
            if not known[c]:
                del known[c]


def visible_cards(state: State, seat: int) -> Counter[Card]:
    """The cards ``seat`` sees: its hand, the pile, every meld and red three on the table."""
    seen: Counter[Card] = Counter(state.hands[seat])
    seen.update(state.pile)
    for side in state.melds:
        for m in side:
            seen.update(m.cards)
    for r in state.red_threes:
        seen.update(r)
    return seen


def _hidden_places(state: State, seat: int) -> list[tuple[str, int, int]]:
    """(kind, index, size) of every place whose cards ``seat`` cannot see, in a fixed order."""
    places = [("hand", s, len(state.hands[s])) for s in range(state.players) if s != seat]
    for key in sorted(k for k in state.extra if k.endswith("_piles")):
        for i, p in enumerate(state.extra[key]):
            places.append((key, i, len(p)))
    places.append(("stock", 0, len(state.stock)))
    return places


def unseen_cards(state: State, seat: int) -> Counter[Card]:
    """The multiset of cards ``seat`` cannot see (the pack minus what it sees): the cards of the
    hidden places, wherever they are."""
    v = state.variant
    pool = pack_counter(v.decks, v.jokers) - visible_cards(state, seat)
    total = sum(size for _, _, size in _hidden_places(state, seat))
    if sum(pool.values()) != total:
        # a position that does not hold the whole pack (built by hand): the hidden places'
        # multiset, which no arrangement of them changes
        pool = Counter(state.stock)
        for kind, i, _ in _hidden_places(state, seat):
            if kind == "hand":
                pool.update(state.hands[i])
            elif kind != "stock":
                pool.update(state.extra[kind][i])
    return pool


def determinize(state: State, seat: int, rng: random.Random,
                known: list[Counter[Card]] | None = None) -> State:
    """A copy of ``state`` with every card ``seat`` cannot see dealt again at random, consistent
    with what it knows (see the module's docstring): the same view for ``seat``, the same
    number of cards in every place, the known cards where they are known to be.

    The result depends only on ``seat``'s view and ``rng`` (never on where the hidden cards
    really are). ``known`` is :func:`known_in_hands` (passed in to share it across samples)."""
    if known is None:
        known = known_in_hands(state)
    pool = unseen_cards(state, seat)
    places = _hidden_places(state, seat)
    fixed: dict[int, list[Card]] = {}
    for kind, s, size in places:
        if kind != "hand":
            continue
        have: list[Card] = []
        for c, n in sorted(known[s].items(), key=lambda cn: HAND_ORDER[cn[0]]):
            k = min(n, pool[c], size - len(have))
            have.extend([c] * k)
            pool[c] -= k
        fixed[s] = have
    cards = sorted(pool.elements(), key=HAND_ORDER.__getitem__)
    rng.shuffle(cards)
    if state.variant.red_threes == "bonus":
        cards = _red_threes_out_of_hands(cards, places, fixed, rng)
    out = state.copy()
    at = 0
    for kind, i, size in places:
        if kind == "hand":
            got = fixed[i]
            n = size - len(got)
            out.hands[i] = got + cards[at:at + n]
        else:
            n = size
            chunk = cards[at:at + n]
            if kind == "stock":
                out.stock = chunk
            else:
                out.extra[kind][i] = chunk
        at += n
    return out


def _red_threes_out_of_hands(cards: list[Card], places: list[tuple[str, int, int]],
                             fixed: dict[int, list[Card]], rng: random.Random) -> list[Card]:
    """``cards`` (shuffled, dealt in the order of ``places``: the hands first) with the red
    threes moved to the places that are not hands, where red threes are laid out as soon as a
    hand gets one: no hand holds one, so a re-deal that put one there would show a position
    the seat knows to be impossible. The red threes go to random places among the others."""
    reds = [c for c in cards if c.rank == 3 and c.is_red]
    if not reds:
        return cards
    in_hands = sum(size - len(fixed[i]) for kind, i, size in places if kind == "hand")
    if len(cards) - in_hands < len(reds):
        return cards  # a position built by hand, with no room for them elsewhere
    others = [c for c in cards if not (c.rank == 3 and c.is_red)]
    rest = others[in_hands:]
    for c in reds:
        rest.insert(rng.randrange(len(rest) + 1), c)
    return others[:in_hands] + rest
