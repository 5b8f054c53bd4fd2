"""Checking actions: every verdict is an :class:`Explanation`; nothing here changes the state."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

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
from .cards import RANK_TEXT, Card
from .explain import Explanation, P, Phrase, Side
from .melds import Meld as TableMeld

if TYPE_CHECKING:
    from .state import State
    from .variant import Variant


def check(state: State, action: Action) -> Explanation:
    v = state.variant
    # game.over / hand.over: nothing but the next hand once a hand is over
    if state.phase == "game-over":
        return v.explain(False, "game.over", action=action.without_player())
    if state.phase == "hand-over":
        if isinstance(action, NextHand):
            return v.explain(True, "hand.next", hand=state.hand_no + 1)
        return v.explain(False, "hand.over", action=action.without_player(), hand=state.hand_no)
    if isinstance(action, NextHand):
        return v.explain(False, "hand.in-progress", hand=state.hand_no)
    # turn.order: only the player whose turn it is (or the partner answering) may act
    if action.player is not None:
        seat = state.seat_of(action.player)
        if seat is None:  # a name that is not at the table: said so, not "cannot … now"
            return v.explain(False, "turn.order", player=action.player, turn=state.player,
                             action=action.without_player(), take=False, seated=False)
        if seat != state.actor:
            if state.phase == "answer" and seat == state.turn:
                # the player who asked waits for the partner's answer
                return v.explain(False, "out.answer-first", player=action.player,
                                 partner=state.player, case="waiting")
            return v.explain(False, "turn.order", player=action.player, turn=state.player,
                             action=action.without_player(), take=isinstance(action, TakePile),
                             seated=True)
    if state.phase == "answer":
        if isinstance(action, Answer):
            return v.explain(True, "out.ask-partner", player=state.player,
                             asker=state.names[state.turn], answer=action.yes)
        return v.explain(False, "out.answer-first", player=state.player,
                         partner=state.names[state.turn], case="asked")
    if isinstance(action, Answer):
        return v.explain(False, "out.answer-first", player=state.player, partner="",
                         case="not-asked")
    if isinstance(action, Pass):
        return v.check_pass(state)
    if isinstance(action, (Draw, TakePile)):
        if state.phase != "draw":
            return v.explain(False, "turn.already-drew", player=state.player)
        if not state.stock and v.empty_stock == "ends":
            # draw.stock-empty / end.stock-exhausted: where the stock's end ends the hand, a turn
            # that starts with it empty neither draws nor takes the pile (see check_pass)
            rule = "draw.stock-empty" if isinstance(action, Draw) else "end.stock-exhausted"
            return v.explain(False, rule, player=state.player)
        if isinstance(action, Draw):
            return v.check_draw(state)
        return v.check_take_pile(state, action)
    if isinstance(action, (Meld, Add)) and action.place is not None and not v.wild_ends:
        return v.explain(False, "action.unknown", action=action.without_player().text)
    if state.phase != "play":
        early = v.check_before_draw(state, action)
        if early is not None:
            return early
        return v.explain(False, "turn.draw-first", player=state.player, action=action.without_player())
    if isinstance(action, Meld):
        exp = v.check_meld(state, action)
    elif isinstance(action, Add):
        exp = v.check_add(state, action)
    elif isinstance(action, Swap):
        exp = v.check_swap(state, action)
    elif isinstance(action, Discard):
        exp = v.check_discard(state, action)
    elif isinstance(action, AskPartner):
        return check_ask(state)
    else:  # pragma: no cover
        return v.explain(False, "action.unknown", action=action.without_player())
    if state.ask == "yes" and exp.allowed:
        return check_bound_by_yes(state, action, exp)
    return exp


def check_bound_by_yes(state: State, action: Action, exp: Explanation) -> Explanation:
    """out.partner-said-yes: after the partner's yes, the player must go out this turn: the only
    discard is the last card, and no meld or lay-off may leave the hand unable to go out."""
    from .effects import apply_action

    v = state.variant
    name = state.player
    if isinstance(action, Discard):
        if len(state.hands[state.turn]) > 1:
            return v.explain(False, "out.partner-said-yes", player=name,
                             why=P("yes.last-card-only"))
        return exp
    after = state.copy()
    apply_action(after, action, exp)
    if after.hand_over or after.turn != state.turn or v.can_go_out_now(after):
        return exp
    return v.explain(False, "out.partner-said-yes", player=name,
                     why=P("yes.could-not-go-out", player=name, action=action.without_player()))


# ---- helpers --------------------------------------------------------------------------------

def missing_cards(hand: Sequence[Card], cards: Sequence[Card]) -> list[Card]:
    """Cards of ``cards`` that ``hand`` does not hold (as a multiset)."""
    if len(cards) == 1:  # the common case (a discard, a lay-off of one card): no counting
        return [] if cards[0] in hand else list(cards)
    have = hand_counts(hand)
    used: dict[Card, int] = {}
    out = []
    for c in cards:
        n = used[c] = used.get(c, 0) + 1
        if n > have.get(c, 0):
            out.append(c)
    return out


_last_hand: tuple[tuple[Card, ...], Counter[Card]] = ((), Counter())


def hand_counts(hand: Sequence[Card]) -> Counter[Card]:
    """``hand`` as a multiset. The last one is kept: move generation checks many candidates
    against one hand, and comparing the cards (by identity) is much cheaper than counting them
    again. Callers must not change the result."""
    global _last_hand
    key = tuple(hand)
    if key != _last_hand[0]:
        _last_hand = (key, Counter(key))
    return _last_hand[1]


def remove_cards(hand: Sequence[Card], cards: Sequence[Card]) -> list[Card]:
    rest = list(hand)
    for c in cards:
        rest.remove(c)
    return rest


def has_cards(state: State, cards: Sequence[Card]) -> Explanation:
    """hand.has-cards: the player holds every card named."""
    v = state.variant
    hand = state.hands[state.turn]
    miss = missing_cards(hand, cards)
    if miss:
        # a card named twice and held once is held, only not as many times as named
        return v.explain(False, "hand.has-cards", player=state.player, cards=tuple(miss),
                         repeated=all(c in hand for c in miss))
    return v.explain(True, "hand.has-cards", player=state.player, cards=tuple(cards),
                     repeated=False)


def with_cards_fault(v: Variant, cards: Sequence[Card], rank: int, exact: int | None,
                     deep: bool = False) -> Phrase | None:
    """What is wrong with the cards named after 'take pile with' for a top card of ``rank``,
    when it is the cards themselves: some are neither of its rank nor wild (other melds go after
    'and meld'), or more than the ``exact`` number that go with it. None otherwise (too few, two
    wild cards…: each take check says that its own way). ``deep``: the card gone in for is not
    the top one (individual's take at any depth)."""
    others = tuple(c for c in cards if not v.is_wild(c) and c.rank != rank)
    if others:
        return P("use-top.other-rank", others=others, count=len(others), rank=RANK_TEXT[rank],
                 deep=deep)
    if exact is not None and len(cards) > exact:
        return P("use-top.exactly-two", count=len(cards), cards=tuple(cards), deep=deep)
    return None


def points(state: State, cards: Sequence[Card]) -> int:
    v = state.variant
    return sum(v.value(c) for c in cards)


def opening_explanation(state: State, side: int) -> Explanation:
    """open.threshold: the minimum for the side's first meld, from its cumulative score."""
    v = state.variant
    score = state.scores[side]
    label = state.side_label(side)
    # move generation asks the same side's threshold once per opening candidate: the last
    # answer is kept (explanations are immutable; a variant is frozen, so it is compared by identity)
    global _last_threshold
    last = _last_threshold
    if last is not None and last[0] is v and last[1] == score and last[2] == label:
        return last[3]
    need, lower = v.opening_need(score)
    bands = sorted(v.opening)
    idx = [b[0] for b in bands].index(lower)
    upper = bands[idx + 1][0] if idx + 1 < len(bands) else None
    if lower < -10**8:
        band = P("band.below", upper=upper)
    elif upper is None:
        band = P("band.from", lower=lower)
    else:
        # scores move by fives in play ("between 1500 and 2995"); one built by hand may not
        top_score = (upper or 0) - (5 if score % 5 == 0 else 1)
        band = P("band.between", lower=lower, upper=upper, last=top_score)
    # one minimum at every score (individual): the score is no reason for it
    same = len({n for _lower, n in bands}) == 1
    exp = v.explain(True, "open.threshold", side=label, score=score, need=need, band=band,
                    same=same)
    _last_threshold = (v, score, label, exp)
    return exp


_last_threshold: tuple[Variant, int, Side, Explanation] | None = None


def opening_check(state: State, side: int, groups: Sequence[Sequence[Card]]) -> Explanation:
    """open.minimum: the first melds of a side in a hand reach the minimum together."""
    v = state.variant
    th = opening_explanation(state, side)
    need = th.facts["need"]
    parts = [(tuple(g), v.meld_points(g)) for g in groups]
    total = sum(p for _, p in parts)
    detail = tuple(P("detail.meld-points", cards=g, points=p) for g, p in parts)
    return v.explain(total >= need, "open.minimum", (th,), side=state.side_label(side), total=total,
                     need=need, detail=detail, score=state.scores[side])


def going_out_check(state: State, side: int, hand_after: int, melds_after: Sequence[TableMeld],
                    discarding: bool) -> Explanation | None:
    """Whether the hand may be emptied (or brought to one card before melding ends): the
    variant decides (:meth:`Variant.check_going_out`). None when not relevant."""
    return state.variant.check_going_out(state, side, hand_after, melds_after, discarding)


def classic_going_out(state: State, side: int, hand_after: int, melds_after: Sequence[TableMeld],
                      discarding: bool) -> Explanation | None:
    """out.needs-canasta: a hand may be emptied (or brought to one card before melding ends)
    only once the side has the canastas the variant asks for. None when not relevant."""
    v = state.variant
    if hand_after >= 2 or (hand_after == 1 and discarding):
        return None
    n = sum(1 for m in melds_after if v.canasta_kind(m))
    if state.ask == "no":
        return v.explain(False, "out.partner-said-no", player=state.player)
    ok = n >= v.canastas_to_go_out
    if hand_after == 1 and state.extra.get("last_red_three"):
        return None  # no discard follows the stock's last card (a red three): not going out
    if hand_after == 1:  # would have to discard the last card next: going out
        return None if ok else v.explain(False, "out.needs-canasta", player=state.player,
                                         side=state.side_label(side), canastas=n,
                                         need=v.canastas_to_go_out, left=hand_after)
    return v.explain(ok, "out.needs-canasta" if not ok else "out.went-out", player=state.player,
                     side=state.side_label(side), canastas=n, need=v.canastas_to_go_out, left=0)


def check_ask(state: State) -> Explanation:
    v = state.variant
    partner = state.partner_of(state.turn)
    if not v.ask_partner or partner is None:
        return v.explain(False, "out.ask-partner-none", player=state.player,
                         alone=partner is None)
    if state.ask:
        return v.explain(False, "out.ask-once", player=state.player, partner=state.names[partner])
    # out.ask-late: with one card left a "no" could not be obeyed
    if len(state.hands[state.turn]) < 2:
        return v.explain(False, "out.ask-late", player=state.player, partner=state.names[partner])
    # out.ask-unable: a player asks only when able to go out this turn (a "yes" binds)
    if not v.can_go_out_now(state):
        return v.explain(False, "out.ask-unable", player=state.player, partner=state.names[partner])
    return v.explain(True, "out.ask", player=state.player, partner=state.names[partner])


def side_melds_after(state: State, side: int, replaced: dict[int, TableMeld],
                     new: Sequence[TableMeld]) -> list[TableMeld]:
    melds = [replaced.get(i, m) for i, m in enumerate(state.melds[side])]
    return melds + list(new)


def canasta_notes(state: State, before: Sequence[TableMeld], after: Sequence[TableMeld]) -> tuple[Explanation, ...]:
    """meld.canasta: an info line for each meld that has just become a canasta, or whose kind
    of canasta has just changed (a wild card added to a natural one)."""
    v = state.variant
    # by position, not by key: a runs variant may hold several melds of one suit
    out = []
    for i, m in enumerate(after):
        old = before[i] if i < len(before) else None
        if m is old:  # the same meld as before: it cannot have just become a canasta
            continue
        kind = v.canasta_kind(m)
        was = v.canasta_kind(old) if old is not None else None
        if kind and kind != was:
            out.append(v.explain(True, "meld.canasta", meld=m.label, size=m.size,
                                 kind=v.canasta_word(kind), bonus=v.canasta_bonus(m),
                                 was=v.canasta_word(was) if was else None))
    return tuple(out)


# Spanish names of canasta kinds (English: the kind itself)
