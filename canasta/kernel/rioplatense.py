"""Rioplatense Canasta (seed 004) on counts: classic's kernel with the pozo's own rules, two or
four players, the hand over when the stock runs out, and a canasta of wild cards.

What differs from classic (:mod:`canasta.kernel.play`), restated here; the rest is classic's
code, imported:

- two players (sides by seat, two cards drawn a turn) or four in partnerships;
- the pozo: tapado (nobody takes it) under the rank of anyone's canasta; madre for a side that
  has not taken it yet, premiado once a wild card lies in it: then only a natural pair takes it,
  never onto a meld (classic's frozen pile, :func:`canasta.kernel.play.take_from`); otherwise
  not frozen by wild cards or red threes;
- the stock's end ends the hand: at the next turn, or at once when its last card is a red three
  that leaves the hand as it was (no play without a stock, no compulsory take);
- a canasta of seven or more wild cards (code 0 of the melds: its jokers and twos, no
  naturals), worth ``wild_canasta_bonus``; red threes count against a side with no canasta;
  no bonus for going out concealed.

The policy is classic's (:func:`canasta.kernel.play._plays`, the careful discard), and before it
seven wild cards or more go down together as the canasta of wild cards (it reaches any opening
minimum); once the side has it, wild cards left over go onto it when that goes out.
``tests/test_kernel_rioplatense.py`` mirrors its playouts onto the engine move by move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import play as classic
from .position import (
    BLACK3,
    MELD_CODES,
    PHASE_DRAW,
    PHASE_OVER,
    PHASE_PLAY,
    RANK_OF_CODE,
    RED3,
    Position,
    Rules,
)

if TYPE_CHECKING:
    from ..actions import Action
    from ..state import State
    from ..variant import Variant

Move = classic.Move

_EXTRA_KNOWN = frozenset({"turn_meld_base", "turn_old_meld", "melded_turn", "took_pile",
                          "pozo_taken"})
"""The ``state.extra`` keys of a rioplatense hand in play (``ended_by`` only once it is over)."""


def _supported(v: Variant) -> bool:
    """Whether the kernel plays ``v``'s rules: rioplatense as it is, without house rules. Every
    parameter the kernel builds in is checked, so a variant that changes one falls back to the
    engine."""
    from ..cards import JOKER
    from ..variants.rioplatense.variant import Rioplatense

    return (type(v) is Rioplatense and v.name == "rioplatense" and not v.house
            and v.wild_ranks in ((2, JOKER), (JOKER, 2)) and v.red_threes == "bonus"
            and v.red_threes_negative_without == "canasta" and v.black_threes_block
            and v.black_threes_meld_only_out and not v.pile_frozen_by_wild
            and not v.pile_frozen_before_opening and v.pile_take_onto_meld
            and not v.pile_any_depth and not v.pile_one_card_rule and v.empty_stock == "ends"
            and v.one_meld_per_rank and not v.max_meld_size and v.opening_counts_pile_top
            and v.min_naturals >= 2 and v.meld_min == 3 and not v.wild_ends
            and v.canasta_size > 3 and not v.concealed_bonus and not v.ask_partner
            and v.pile_madre and v.pile_tapado_by_canasta and v.partnerships
            and set(v.player_counts) <= {2, 4})


_RULES: dict[int, tuple[Variant, Rules | None]] = {}


def rules_for(v: Variant) -> Rules | None:
    """The kernel's rules for ``v`` (classic's :class:`Rules`, scored by :func:`hand_totals`),
    or None when the kernel does not play it."""
    found = _RULES.get(id(v))
    if found is None or found[0] is not v:
        r = None
        if _supported(v):
            r = Rules(v)
            r.hand_totals = hand_totals
        found = _RULES[id(v)] = (v, r)
    return found[1]


def from_state(state: State) -> Position | None:
    """The position of ``state`` (classic's :class:`Position`, with its ``players``, ``draws``,
    ``taken`` and ``pwild``), or None when the kernel does not represent it: another variant or
    house rules, other seats than two players or four in partnerships, a hand over, a card or
    state the kernel has no place for."""
    rules = rules_for(state.variant)
    if rules is None or state.ask:
        return None
    if state.sides != (((0,), (1,)) if len(state.hands) == 2 else ((0, 2), (1, 3))):
        return None
    return Position.read(state, rules, _EXTRA_KNOWN)


def key(p: Position) -> tuple[object, ...]:
    """Everything a rioplatense position holds, for comparing two of them."""
    return (*p.key(), p.players, p.draws, p.taken, p.pwild)


# ---- scoring ------------------------------------------------------------------------------

def hand_totals(p: Position, went_out: int) -> list[int]:
    """Each side's points for the hand as the engine's ``score_side`` gives them in
    rioplatense (``went_out`` the seat that went out, or -1)."""
    r_ = p.rules
    values = r_.values
    size = r_.canasta_size
    jv, tv = values[0], values[2]
    seats = len(p.hands)
    out = []
    for side in (0, 1):
        t = 0
        if went_out >= 0 and went_out & 1 == side:
            t += r_.out_bonus
        nat, jk, tw = p.nat[side], p.jk[side], p.tw[side]
        for r in MELD_CODES:
            n = nat[r]
            if n:
                j, w = jk[r], tw[r]
                t += n * values[r] + j * jv + w * tv
                if n + j + w >= size:
                    t += r_.mixed_bonus if j + w else r_.natural_bonus
        j, w = jk[0], tw[0]
        if j + w:  # the canasta of wild cards
            t += j * jv + w * tv + (r_.wild_bonus if j + w >= size else 0)
        if nat[BLACK3]:
            t += nat[BLACK3] * values[BLACK3]
        reds = p.red3[side]
        if reds:
            pts = r_.red_four if reds == 4 else reds * r_.red_bonus
            t += pts if p.canastas[side] else -pts
        for seat in range(side, seats, 2):
            h = p.hands[seat]
            t -= sum(h[c] * values[c] for c in range(15) if h[c])
        out.append(t)
    return out


# ---- the rules ----------------------------------------------------------------------------

def find_take(p: Position) -> Move | None:
    """The take the policy makes, or None when no take of the pozo is allowed: none from an
    empty stock (the hand is over), under a wild card, a black or a red three, or the rank of a
    canasta (tapado); natural pairs only while it is madre for the side or premiado."""
    if not p.stock:
        return None
    pile = p.pile
    if not pile:
        return None
    top = pile[-1]
    r_ = p.rules
    if r_.wild[top] or top == BLACK3 or top == RED3:
        return None  # pile.top-wild, pile.blocked, pile.top-red-three
    cs = r_.canasta_size
    for nat, jk, tw in zip(p.nat, p.jk, p.tw, strict=True):
        n = nat[top]
        if n and n + jk[top] + tw[top] >= cs:
            return None  # pile.tapado
    return classic.take_from(p, top, p.pwild > 0 or not p.taken >> (p.turn & 1) & 1)


def _take(p: Position, onto: bool, pair: tuple[int, ...],
          extra: tuple[classic.Group, ...]) -> None:
    classic._take(p, onto, pair, extra)
    p.taken |= 1 << (p.turn & 1)  # no longer madre for the side
    p.pwild = 0


def _draw(p: Position) -> None:
    """``draws`` cards, each red three laid out and replaced; when the stock's last card was a
    red three and the hand is as it was, the hand is over at once."""
    seat = p.turn
    stock = p.stock
    h = p.hands[seat]
    got = 0
    for _ in range(p.draws):
        while stock:
            c = stock.pop()
            if c == RED3:  # threes.red-laid-out: face up, and a replacement drawn
                p.red3[seat & 1] += 1
                continue
            h[c] += 1
            got += 1
            break
    p.nh[seat] += got
    p.phase = PHASE_PLAY
    if not stock and not got:
        classic._end(p, -1)  # end.last-red-three


def _next_turn(p: Position) -> None:
    seat = p.turn
    if p.melded_turn:
        p.melded_before[seat] = True
    p.melded_turn = p.turn_base = p.turn_old = False
    p.new_ranks = 0
    seat += 1
    p.turn = 0 if seat == p.players else seat
    p.phase = PHASE_DRAW
    if not p.stock:
        classic._end(p, -1)  # end.stock-exhausted


def _discard(p: Position, c: int) -> None:
    seat = p.turn
    p.hands[seat][c] -= 1
    p.nh[seat] -= 1
    p.pile.append(c)
    if p.rules.wild[c]:
        p.frozen += 1
        p.pwild += 1  # pile.premia
    p.discarded[seat & 1] |= 1 << RANK_OF_CODE[c]
    if not p.nh[seat]:
        classic._end(p, seat)
    else:
        _next_turn(p)


# ---- the policy ---------------------------------------------------------------------------

def _draw_phase(p: Position, log: list[Move] | None) -> None:
    if not p.stock:  # a turn that starts with the stock out (a built situation) only ends it
        if log is not None:
            log.append(("pass",))
        classic._end(p, -1)
        return
    take = find_take(p)
    if take is not None:
        if log is not None:
            log.append(take)
        _take(p, take[1], take[2], take[3])  # type: ignore[arg-type]
    else:
        if log is not None:
            log.append(("draw",))
        _draw(p)


def _wild_canasta(p: Position, log: list[Move] | None) -> None:
    """Seven wild cards or more in hand go down as the canasta of wild cards (all of them; their
    values reach any opening minimum); once the side has it, the wild cards left over go onto it
    where that goes out."""
    r_ = p.rules
    seat = p.turn
    side = seat & 1
    h = p.hands[seat]
    j, t = h[0], h[2]
    if not j + t:
        return
    jk, tw = p.jk[side], p.tw[side]
    if jk[0] + tw[0]:
        if p.nh[seat] - j - t <= 1 and p.canastas[side] >= r_.need_out:
            if log is not None:
                log.append(("add", (0, 0, j, t)))
            classic._add(p, 0, 0, j, t)
        return
    if j + t >= r_.canasta_size and (p.opened[side]
                                     or j * r_.values[0] + t * r_.values[2] >= p.need[side]):
        group = ((0, 0, j, t),)
        if log is not None:
            log.append(("meld", group))
        classic._meld(p, group)


def _discard_choice(p: Position) -> int:
    """The code the careful bot's cost discards in rioplatense (classic's
    :func:`canasta.kernel.play._discard_choice` read for the pozo): not a wild card if it can
    help it; first a card that covers the pozo (a black three, the rank of a canasta on the
    table); not a card the other side could lay on its melds, unless the pozo needs a natural
    pair from them (madre, premiado); then the fewest held of its rank, rather a rank they
    discarded, the lowest value."""
    r_ = p.rules
    seat = p.turn
    h = p.hands[seat]
    other = (seat & 1) ^ 1
    theirs = p.nat[other]
    safe = p.discarded[other]
    base = r_.discard_base
    feeds = r_.may_feed
    cs = r_.canasta_size
    n0, j0, t0 = p.nat[0], p.jk[0], p.tw[0]
    n1, j1, t1 = p.nat[1], p.jk[1], p.tw[1]
    pair_only = p.pwild > 0 or not p.taken >> other & 1
    best = -1
    best_cost = 1 << 62
    for c in range(14):  # never a red three in a hand
        k = h[c]
        if k:
            cost = base[c] | k << 16
            if feeds[c] and ((n0[c] and n0[c] + j0[c] + t0[c] >= cs)
                             or (n1[c] and n1[c] + j1[c] + t1[c] >= cs)):
                cost &= ~(1 << 32)  # pile.tapa: the pozo covered for the next player
            elif feeds[c] and theirs[c] and not pair_only:
                cost |= 1 << 24
            if not safe >> c & 1:
                cost |= 1 << 8
            if cost < best_cost:
                best, best_cost = c, cost
    return best


def _play_phase(p: Position, log: list[Move] | None) -> None:
    h = p.hands[p.turn]
    if h[0] + h[2] >= p.rules.canasta_size:
        _wild_canasta(p, log)
        if p.phase != PHASE_PLAY:
            return
    classic._plays(p, log)
    if p.phase != PHASE_PLAY:
        return
    if h[0] + h[2]:
        _wild_canasta(p, log)
        if p.phase != PHASE_PLAY:
            return
    c = _discard_choice(p)
    if log is not None:
        log.append(("discard", c))
    _discard(p, c)


def finish(p: Position, log: list[Move] | None = None) -> list[int]:
    """Play ``p`` (changed in place) to the end of the hand with the policy for every seat;
    each side's points for the hand. ``log``, when given, receives every move."""
    while True:
        phase = p.phase
        if phase == PHASE_DRAW:
            _draw_phase(p, log)
        elif phase == PHASE_PLAY:
            _play_phase(p, log)
        else:
            break
    assert p.totals is not None
    return p.totals


def finish_state(state: State) -> list[int] | None:
    """The hand finished from ``state`` by the policy on counts (``state`` left as it is), each
    side's points; None where :func:`from_state` does not represent it."""
    p = from_state(state)
    return None if p is None else finish(p)


def policy_action(state: State) -> Action | None:
    """The engine action of the policy's next move in ``state`` (``state`` left as it is); None
    where :func:`from_state` does not represent it."""
    from .actions import engine_action

    p = from_state(state)
    if p is None or p.phase == PHASE_OVER:
        return None
    moves: list[Move] = []
    finish(p, moves)
    return engine_action(state, moves[0])


def apply_move(p: Position, move: Move) -> None:
    """Apply a logged ``move`` (as :func:`finish` logs them) to ``p`` (how the tests compare
    each position with the engine's)."""
    kind = move[0]
    if kind == "draw":
        _draw(p)
    elif kind == "pass":
        classic._end(p, -1)
    elif kind == "discard":
        _discard(p, move[1])  # type: ignore[arg-type]
    elif kind == "meld":
        classic._meld(p, move[1])  # type: ignore[arg-type]
    elif kind == "add":
        classic._add(p, *move[1])  # type: ignore[misc]
    elif kind == "take":
        _take(p, move[1], move[2], move[3])  # type: ignore[arg-type]
    else:
        raise ValueError(f"not a kernel move: {move!r}")
