"""Applying allowed actions: the only code that changes a :class:`State`.

``apply_action`` is reached only through ``State.apply`` after ``check`` allowed the action.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .actions import (
    Action,
    Add,
    Answer,
    AskPartner,
    Discard,
    Draw,
    Meld,
    NextHand,
    Pass,
    Swap,
    TakePile,
)
from .cards import Card
from .checks import remove_cards
from .explain import Explanation

if TYPE_CHECKING:
    from .state import State
    from .variant import Variant


def apply_action(state: State, a: Action, exp: Explanation | None) -> list[Explanation]:
    """Change ``state`` by the allowed action ``a``; returns the automatic events. ``exp`` is
    the action's explanation, or None when it was not built (:meth:`State.play`)."""
    v = state.variant
    events: list[Explanation] = []
    seat = state.turn
    # the commonest actions first
    if isinstance(a, Discard):
        assert a.card is not None
        hand = state.hands[seat]
        hand.remove(a.card)
        state.pile.append(a.card)
        if v.is_wild(a.card) or (a.card.rank == 3 and a.card.is_red):
            state.pile_frozen += 1
        events += v.after_discard(state, a.card)
        if not hand:
            ends, more = v.on_hand_emptied(state, seat, discarded=True)
            if ends:
                return events + more + end_hand(state, went_out=seat)
            events += more
        return events + next_turn(state)
    if isinstance(a, Draw):
        n = v.draws_per_turn(state.players)
        held = len(state.hands[seat])
        for _ in range(n):
            if not state.stock:
                break
            draw_card(state, seat, events)
        state.phase = "play"
        if not state.stock and len(state.hands[seat]) == held:
            # the stock's last card was a red three with no replacement: play ends, at once or
            # (official rules) once the player has melded, without a discard
            state.extra["ended_by"] = "end.last-red-three"
            if v.empty_stock == "official":
                state.extra["last_red_three"] = True
                return events + v.after_draw(state)
            return events + end_hand(state, went_out=None)
        return events + v.after_draw(state)
    if isinstance(a, Pass):  # only where check_pass allows it: play ends
        if state.phase == "draw" and v.empty_stock != "ends":
            state.extra["ended_by"] = "end.pile-declined"
        return events + end_hand(state, went_out=None)
    side = state.side_of(seat)
    # for a concealed going out: the side's melds from before the turn's first meld (melds are
    # only appended, and replaced when they grow), to see whether this action touches one
    older: list[object] = []
    if isinstance(a, (Meld, Add, TakePile)):
        base = state.extra.setdefault("turn_meld_base", len(state.melds[side]))
        older = list(state.melds[side][:base])
    if isinstance(a, NextHand):
        state.hand_no += 1
        state.dealer = (state.dealer + 1) % state.players
        deal_hand(state, state.fixed_deals[state.hand_no - 1]
                  if len(state.fixed_deals) >= state.hand_no else None)
        return list(state.deal_events)
    if isinstance(a, AskPartner):
        state.ask = "asked"
        state.phase = "answer"
        return events
    if isinstance(a, Answer):
        state.ask = "yes" if a.yes else "no"
        state.phase = "play"
        return events
    if isinstance(a, TakePile):
        to_hand = take_pile(state, a, events)
        _note_older(state, side, older)
        state.opened[side] = True
        state.extra["melded_turn"] = True
        state.phase = "play"
        events += v.after_take_pile(state, a, to_hand) + v.after_meld(state)
        if not state.hands[seat]:  # the pile's card was the last one needed: going out
            events += hand_emptied(state, seat, discarded=False)
        return events
    if isinstance(a, Meld):
        hand = state.hands[seat]
        going_out = len(hand) - sum(len(g) for g in a.groups) <= 1
        laid = []
        place = a.place
        for g in a.groups:
            if place is not None and place[0] in g:
                placed = v.placed_meld(g, place, going_out=going_out)[0]
                assert placed is not None
                meld = placed
            else:
                meld = v.laid_meld(g, going_out=going_out)
            state.melds[side].append(meld)
            laid.append(meld)
            hand[:] = remove_cards(hand, g)
        state.opened[side] = True
        state.extra["melded_turn"] = True
        events += v.after_new_melds(state, laid)
        events += v.after_meld(state)
        if not hand:
            events += hand_emptied(state, seat, discarded=False)
        return events
    if isinstance(a, Add):
        loc = v.locate_meld(state, side, a.target)  # another player's meld where allowed
        assert loc is not None
        owner, idx = loc
        if a.place is not None:
            placed = v.placed_extend(state.melds[owner][idx], a.cards, a.place)[0]
            assert placed is not None
            meld = placed
        else:
            meld = v.grown_meld(state.melds[owner][idx], a.cards)
        state.melds[owner][idx] = meld
        if owner != side:
            state.extra["turn_old_meld"] = True
        _note_older(state, side, older)
        hand = state.hands[seat]
        hand[:] = remove_cards(hand, a.cards)
        state.extra["melded_turn"] = True
        events += v.after_add(state)
        events += v.after_meld(state)
        if not hand:
            events += hand_emptied(state, seat, discarded=False)
        return events
    if isinstance(a, Swap):  # only where the variant's check_swap allows it
        assert a.card is not None and a.wild is not None
        loc = v.locate_meld(state, side, a.target)
        assert loc is not None
        owner, idx = loc
        swapped, _ = v.swap_meld(state.melds[owner][idx], a.card, a.wild)
        assert swapped is not None
        state.melds[owner][idx] = swapped
        hand = state.hands[seat]
        hand.remove(a.card)
        hand.append(a.wild)  # the hand keeps its size: nobody goes out by a swap
        state.extra["melded_turn"] = True
        return events + v.after_meld(state)
    raise AssertionError(f"unhandled action {a!r}")  # pragma: no cover


def _note_older(state: State, side: int, older: list[object]) -> None:
    """turn_old_meld: the action grew a meld the side had before the turn (the partner's, or
    the player's own from an earlier turn), which rules out going out concealed."""
    if any(m is not o for m, o in zip(state.melds[side], older, strict=False)):
        state.extra["turn_old_meld"] = True


def hand_emptied(state: State, seat: int, discarded: bool) -> list[Explanation]:
    """A hand emptied by melding: the hand of play ends unless the variant says otherwise
    (a muerto picked up, for instance)."""
    ends, events = state.variant.on_hand_emptied(state, seat, discarded=discarded)
    return events + end_hand(state, went_out=seat) if ends else events


def draw_card(state: State, seat: int, events: list[Explanation]) -> None:
    """Draw one card from the stock; red threes are laid out at once and replaced."""
    v = state.variant
    c = state.stock.pop()
    if v.red_threes == "bonus" and c.rank == 3 and c.is_red:
        lay_red_three(state, seat, c, events)
    else:
        state.hands[seat].append(c)


def drawn_from_stock(state: State, n: int) -> tuple[Card, ...]:
    """The cards ``n`` draws from the stock will draw, a red three among them but not the
    cards that replace it (its own event names them): the walk :func:`draw_card` makes, read
    without taking a card."""
    v = state.variant
    stock = state.stock
    top = len(stock)
    drawn: list[Card] = []
    for _ in range(n):
        if not top:
            break
        top -= 1
        c = stock[top]
        drawn.append(c)
        # a red three is replaced at once, and so is a red three drawn in its place
        while v.red_threes == "bonus" and c.rank == 3 and c.is_red and top:
            top -= 1
            c = stock[top]
    return tuple(drawn)


def lay_red_three(state: State, seat: int, c: Card, events: list[Explanation]) -> None:
    v = state.variant
    state.red_threes[state.side_of(seat)].append(c)
    repl = state.stock[-1] if state.stock else None
    events.append(v.explain(True, "threes.red-laid-out", player=state.names[seat], card=c,
                            replacement=repl))
    if state.stock:
        draw_card(state, seat, events)


def take_pile(state: State, a: TakePile, events: list[Explanation]) -> list[Card]:
    """Take the pile as ``a`` says; returns the taken cards that joined the hand. A red three
    among them is laid face up at once, with no replacement (``events`` tells it)."""
    v = state.variant
    seat = state.turn
    side = state.side_of(seat)
    hand = state.hands[seat]
    taken_count = v.pile_taken_count(state, a.depth)
    taken = state.pile[-taken_count:]
    del state.pile[-taken_count:]
    target = taken[0] if a.depth != 1 else taken[-1]
    rest = list(taken)
    rest.remove(target)
    if a.onto is None and not a.with_cards and not a.extra:
        # the pile taken whole into the hand, nothing melded with it (variants that allow it)
        rest = taken
    elif a.onto is not None:
        loc = v.locate_meld(state, side, a.onto)
        assert loc is not None
        owner, idx = loc
        meld = v.grown_meld(state.melds[owner][idx], (target,))
        state.melds[owner][idx] = meld
    else:
        cards = (target, *a.with_cards)
        rest = _spend(v, rest, hand, a.with_cards)
        group = next((i for i, m in enumerate(state.melds[side])
                      if m.kind == "group" and m.key == target.rank), None)
        if group is not None:
            meld = v.grown_meld(state.melds[side][group], cards)
            state.melds[side][group] = meld
        else:
            state.melds[side].append(v.laid_meld(cards))
    for g in a.extra:
        state.melds[side].append(v.laid_meld(g))
        rest = _spend(v, rest, hand, g)
    if v.red_threes == "bonus":
        reds = [c for c in rest if c.rank == 3 and c.is_red]
        for c in reds:  # threes.red-with-pile: face up at once, no replacement card
            rest.remove(c)
            state.red_threes[side].append(c)
            events.append(v.explain(True, "threes.red-with-pile", player=state.names[seat], card=c))
    hand.extend(rest)
    state.pile_frozen = sum(1 for c in state.pile if v.is_wild(c) or (c.rank == 3 and c.is_red))
    state.extra["took_pile"] = True
    return rest


def _spend(v: Variant, rest: list[Card], hand: list[Card], cards: Sequence[Card]) -> list[Card]:
    """Take ``cards``, melded with a card of the pile, out of the hand (changed in place); where
    the variant melds the card gone in for with the cards taken above it, those come first
    (what a seat sees going into the hand is what is left of them). Returns what is left of
    ``rest``."""
    if v.entry_with_cards_above:
        left = list(rest)
        from_hand = []
        for c in cards:
            if c in left:
                left.remove(c)
            else:
                from_hand.append(c)
        hand[:] = remove_cards(hand, from_hand)
        return left
    hand[:] = remove_cards(hand, cards)
    return rest


def next_turn(state: State) -> list[Explanation]:
    v = state.variant
    seat = state.turn
    if state.extra.pop("melded_turn", False):
        state.melded_before[seat] = True
    state.extra.pop("took_pile", None)
    state.extra.pop("turn_meld_base", None)
    state.extra.pop("turn_old_meld", None)
    state.turn = (seat + 1) % state.players
    state.phase = "draw"
    state.ask = ""
    events = v.on_turn_start(state)
    if state.phase == "draw" and not state.stock and not _may_take_without_stock(state):
        # end.stock-exhausted: the player to draw finds the stock empty (and, where play goes on
        # without a stock, cannot take the pile)
        events += end_hand(state, went_out=None)
    return events


def _may_take_without_stock(state: State) -> bool:
    """Where play goes on without a stock (``empty_stock`` other than "ends"): whether the player
    to move may take the pile."""
    v = state.variant
    if v.empty_stock == "ends" or not state.pile:
        return False
    from .checks import check

    return any(check(state, a).allowed for a in v.take_candidates(state))


def end_hand(state: State, went_out: int | None) -> list[Explanation]:
    from .scoring import finish_hand

    return finish_hand(state, went_out)


def deal_hand(state: State, fixed: Mapping[str, Any] | None) -> None:
    """Deal the current hand (``state.hand_no``) and lay out red threes; the first player is the
    one after the dealer."""
    from .state import shuffled_pack

    v = state.variant
    n = state.players
    nsides = len(state.sides)
    state.hands = [[] for _ in range(n)]
    state.melds = [[] for _ in range(nsides)]
    state.red_threes = [[] for _ in range(nsides)]
    state.opened = [False] * nsides
    state.melded_before = [False] * n
    state.pile = []
    state.pile_frozen = 0
    state.ask = ""
    state.extra = {}
    events: list[Explanation] = v.before_deal(state)  # may choose the dealer
    first = (state.dealer + 1) % n
    order = [(first + i) % n for i in range(n)]
    if fixed is not None:
        for seat in range(n):
            state.hands[seat] = list(fixed["hands"][seat])
        ups = list(fixed.get("upcard", []))
        state.stock = list(reversed(fixed["stock"]))
        extra_piles = {k: [list(p) for p in val] for k, val in fixed.items() if k.endswith("_piles")}
    else:
        pack = shuffled_pack(v, state.seed, state.hand_no)
        for i in range(v.cards_dealt * n):
            state.hands[order[i % n]].append(pack[i])
        rest = pack[v.cards_dealt * n:]
        extra_piles = v.deal_extra_piles(rest, n)
        ups = []
        state.stock = list(reversed(rest))
    events.append(v.explain(True, "deal.hands", dealer=state.names[state.dealer],
                            first=state.names[first], count=v.cards_dealt, players=n,
                            hand=state.hand_no))
    state.extra.update(extra_piles)
    if v.upcard:
        upcards = ups if fixed is not None else []
        if fixed is None:
            upcards = [state.stock.pop()]
            while (v.is_wild(upcards[-1]) or (upcards[-1].rank == 3 and upcards[-1].is_red)) and state.stock:
                upcards.append(state.stock.pop())
        for c in upcards:
            state.pile.append(c)
            if v.is_wild(c) or (c.rank == 3 and c.is_red):
                state.pile_frozen += 1
        events.append(v.explain(True, "deal.upcard", card=state.pile[-1] if state.pile else None,
                                frozen=bool(state.pile_frozen), covered=tuple(upcards[:-1]),
                                wild_covered=sum(map(v.is_wild, upcards[:-1]))))
    if v.red_threes == "bonus":
        for seat in order:
            reds = [c for c in state.hands[seat] if c.rank == 3 and c.is_red]
            for c in reds:
                state.hands[seat].remove(c)
                lay_red_three(state, seat, c, events)
    state.turn = first
    state.phase = "draw"
    events += v.after_deal(state)
    state.deal_events = events
