"""Canasta Real's moves on counts, and a fast playout policy that plays them to the end of the
hand.

The rules restated (:mod:`canasta.variants.real` is the reference; ``tests/test_kernel_real.py``
mirrors every move onto the engine's ``check``): draw one card or take the whole pile; runs of
three or more of one suit, at most one wild 2, an ace before the 2 or after the king; a card laid
off keeps its place, a wild 2 moves (after the top, else before the bottom, or home to place 2
as a natural 2 of the run's suit) when the card it stands for arrives; emptying the hand takes
the side's muerto (at once without a discard, at the player's next turn after one), and once the
muerto is taken a player goes out only with a clean canasta; the stock's end ends the hand.

The policy lays off every natural it can (the card a wild 2 stands for included), melds every
natural run of three or more it holds, puts a 2 to work making a new run of two naturals or
making a canasta, takes the pile when its top card helps (a 2, a card for a run of the side's
or one with cards of the hand) or the pile holds three cards or more (not after four takes in a
row without a draw), and discards as the ``careful`` bot does (a wild card last; not a card that extends the opponents'
runs or makes a run with the pile's cards; rather a card the next player threw away; the card
least near others of its suit; the lowest value). It never lists the legal moves.

A move, where a log is asked for, is a tuple: ``("draw",)``, ``("take",)``, ``("pass",)``,
``("discard", code)``, ``("meld", cards, run)``, ``("add", index, cards, run)``: the codes
of the cards laid, and the run as it stands after the move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .position import (
    ACE_HIGH,
    PENDING,
    PHASE_DRAW,
    PHASE_OVER,
    PHASE_PLAY,
    TAKEN,
    WAITING,
    Position,
)
from .score import hand_totals

if TYPE_CHECKING:
    from ...actions import Action
    from ...state import State

Move = tuple[object, ...]

_ACE_PLACES: tuple[tuple[tuple[int, ...], ...], ...] = (((),), ((1,), (ACE_HIGH,)), ((1, ACE_HIGH),))
_TWOS = (2, 18, 34, 50)
TAKE_PILE_AT = 3
"""The pile's size from which the policy takes it whatever its top card (in duplicate duels against
``PlayoutPolicy``, 60 deals: +250 points a hand with 4 players at 3, +215 at 4, -27 at 2; with
2 players +560 at 3, +430 at 4, +220 at 6, -190 never)."""
TAKES_AT_MOST = 4
"""The pile's takes in a row (no card drawn from the stock between them) after which the policy
draws: two players taking a one-card pile back and forth would never end the hand."""


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
    side's points; None where :meth:`Position.from_state` does not represent it."""
    p = Position.from_state(state)
    return None if p is None else finish(p)


def policy_action(state: State) -> Action | None:
    """The engine action of the policy's next move in ``state`` (``state`` left as it is); None
    where :meth:`Position.from_state` does not represent it."""
    from .actions import engine_action

    p = Position.from_state(state)
    if p is None or p.phase == PHASE_OVER:
        return None
    moves: list[Move] = []
    if p.phase == PHASE_DRAW:
        _draw_phase(p, moves)
    else:
        _play_phase(p, moves, one=True)
    return engine_action(state, moves[0])


def apply_move(p: Position, move: Move) -> None:
    """Apply a logged ``move`` to ``p`` (how the tests compare each position with the
    engine's)."""
    kind = move[0]
    if kind == "draw":
        _draw(p)
    elif kind == "take":
        _take(p)
    elif kind == "pass":
        _end(p, -1)
    elif kind == "discard":
        _discard(p, move[1])  # type: ignore[arg-type]
    elif kind == "meld":
        _meld(p, move[1], move[2])  # type: ignore[arg-type]
    elif kind == "add":
        _add(p, move[1], move[2], move[3])  # type: ignore[arg-type]
    else:
        raise ValueError(f"not a kernel move: {move!r}")


# ---- the rules ----------------------------------------------------------------------------

def fit(s: int, cards: tuple[int, ...]) -> list[int] | None:
    """The run the engine lays from ``cards`` (codes: naturals of suit ``s`` and 2s, the 2s in
    the action's order), or None where they make none (``runs._fit`` on counts)."""
    if len(cards) < 3:
        return None
    others: list[int] = []
    aces = 0
    twos: list[int] = []
    for c in cards:
        r = c & 15
        if r == 2:
            twos.append(c)
        elif c >> 4 != s:
            return None
        elif r == 1:
            aces += 1
        else:
            others.append(r)
    if len(set(others)) != len(others) or aces > 2 or not others and not aces:
        return None
    own = any(t >> 4 == s for t in twos)
    for places in _ACE_PLACES[aces]:
        for nat2 in ((True, False) if own else (False,)):
            pos = sorted(others + list(places) + ([2] if nat2 else []))
            k = len(twos) - nat2
            if k > 1:
                continue
            lo, hi = pos[0], pos[-1]
            missing = hi - lo + 1 - len(pos)
            if missing > k:
                continue
            wr = 0
            if missing:
                held = set(pos)
                wr = next(r for r in range(lo, hi + 1) if r not in held)
            elif k:
                wr = hi + 1 if hi < ACE_HIGH else (lo - 1 if lo > 1 else 0)
                if not wr:
                    continue
            if not wr:
                return [s, lo, hi, 0, 0]
            rest = list(twos)
            if nat2:
                rest.remove(next(t for t in rest if t >> 4 == s))
            return [s, min(lo, wr), max(hi, wr), wr, rest[-1]]
    return None


def role_code(s: int, role: int) -> int:
    return s * 16 + (1 if role == ACE_HIGH else role)


def laid_off(run: list[int], c: int) -> list[int] | None:
    """``run`` once the one card ``c`` is laid off as the engine places it, for the lay-offs the
    policy makes (None for any other): a natural at either end (an ace before the 2 where both
    would do), the card the run's wild 2 stands for (the 2 moving after the top, else before the
    bottom, or home to place 2), a 2 of its suit home to place 2, a 2 onto a run without one."""
    s, lo, hi, wr, wc = run
    if hi - lo + 1 >= ACE_HIGH:
        return None
    r = c & 15
    if r == 2:
        if c >> 4 == s and lo == 3:
            return [s, 2, hi, wr, wc]  # home as a natural 2, the run's wild card (if any) stays
        if wr:
            return None  # a second wild card
        if hi < ACE_HIGH:
            return [s, lo, hi + 1, hi + 1, c]
        return [s, lo - 1, hi, lo - 1, c]
    if c >> 4 != s:
        return None
    if r == 1:
        if wr == 1 or wr == ACE_HIGH:
            return None  # (the engine's search of places; never made)
        if lo == 2:
            return [s, 1, hi, wr, wc]
        if hi == 13:
            return [s, lo, ACE_HIGH, wr, wc]
        return None
    if r == lo - 1:
        return [s, r, hi, wr, wc]
    if r == hi + 1:
        return [s, lo, r, wr, wc]
    if r == wr:
        if lo == 3 and wc >> 4 == s:
            return [s, 2, hi, 0, 0]  # the 2 goes home, natural
        if hi < ACE_HIGH:
            return [s, lo, hi + 1, hi + 1, wc]
        return [s, lo - 1, hi, lo - 1, wc]
    return None


def _clean(p: Position, run: list[int]) -> bool:
    return not run[3] and run[2] - run[1] + 1 >= p.rules.canasta_size


def _cleans(p: Position, side: int) -> int:
    cs = p.rules.canasta_size
    return sum(1 for r in p.runs[side] if not r[3] and r[2] - r[1] + 1 >= cs)


def may_leave(p: Position, side: int, left: int, cleans: int) -> bool:
    """Whether a move may leave ``left`` cards in the hand (the variant's check_going_out):
    two or more always; fewer while the muerto waits (a close that takes it); never while it waits
    for its holder's turn; after it, with a clean canasta."""
    if left >= 2:
        return True
    ms = p.mstate[side]
    return ms == WAITING or (ms != PENDING and cleans > 0)


# ---- applying moves -----------------------------------------------------------------------

def _end(p: Position, went_out: int) -> None:
    p.phase = PHASE_OVER
    p.went_out = went_out
    p.totals = hand_totals(p, went_out)


def _next_turn(p: Position) -> None:
    seat = p.turn = (p.turn + 1) % p.np
    p.phase = PHASE_DRAW
    side = seat & 1
    if p.mstate[side] == PENDING and p.holder[side] == seat and p.stock:
        _pick_up(p, seat)
    if not p.stock:
        _end(p, -1)  # end.stock-exhausted


def _pick_up(p: Position, seat: int) -> None:
    side = seat & 1
    h = p.hands[seat]
    pile = p.muertos[side]
    bits = p.bits
    b = seat * 4
    for c in pile:
        h[c] += 1
        bits[b + (c >> 4)] |= 1 << (c & 15)
    p.nh[seat] += len(pile)
    p.fresh[seat] = 15
    p.muertos[side] = []
    p.mstate[side] = TAKEN


def _draw(p: Position) -> None:
    seat = p.turn
    c = p.stock.pop()
    p.hands[seat][c] += 1
    p.bits[seat * 4 + (c >> 4)] |= 1 << (c & 15)
    p.nh[seat] += 1
    p.fresh[seat] |= 1 << (c >> 4)
    p.takes = 0
    p.phase = PHASE_PLAY


def _take(p: Position) -> None:
    seat = p.turn
    h = p.hands[seat]
    fresh = 0
    bits = p.bits
    b = seat * 4
    for c in p.pile:
        h[c] += 1
        fresh |= 1 << (c >> 4)
        bits[b + (c >> 4)] |= 1 << (c & 15)
    p.fresh[seat] |= fresh
    p.nh[seat] += len(p.pile)
    p.pile = []
    p.takes += 1
    p.phase = PHASE_PLAY


def _emptied(p: Position, seat: int) -> None:
    """A hand emptied by a meld or a lay-off: the muerto at once, or the end of the hand."""
    side = seat & 1
    if p.mstate[side] == WAITING:
        p.holder[side] = seat
        _pick_up(p, seat)
    else:
        _end(p, seat)


def _meld(p: Position, cards: tuple[int, ...], run: list[int]) -> None:
    seat = p.turn
    h = p.hands[seat]
    for c in cards:
        h[c] -= 1
        if not h[c]:
            p.bits[seat * 4 + (c >> 4)] &= ~(1 << (c & 15))
    p.nh[seat] -= len(cards)
    side = seat & 1
    p.runs[side].append(list(run))
    p.feeds[side] = -1
    # the run's new places join the side's (those it covers now stay: a superset still)
    places = (2 << run[2] | 1 << run[1] >> 1 | 1 << run[3]) & 0x7FFE
    p.reach[side * 4 + run[0]] |= places & 0x3FFE | places >> 13 & 2
    if not p.nh[seat]:
        _emptied(p, seat)


def _add(p: Position, i: int, cards: tuple[int, ...], run: list[int]) -> None:
    seat = p.turn
    h = p.hands[seat]
    for c in cards:
        h[c] -= 1
        if not h[c]:
            p.bits[seat * 4 + (c >> 4)] &= ~(1 << (c & 15))
    p.nh[seat] -= len(cards)
    side = seat & 1
    p.runs[side][i] = list(run)
    p.feeds[side] = -1
    # the run's new places join the side's (those it covers now stay: a superset still)
    places = (2 << run[2] | 1 << run[1] >> 1 | 1 << run[3]) & 0x7FFE
    p.reach[side * 4 + run[0]] |= places & 0x3FFE | places >> 13 & 2
    if not p.nh[seat]:
        _emptied(p, seat)


def _discard(p: Position, c: int) -> None:
    seat = p.turn
    h = p.hands[seat]
    h[c] -= 1
    if not h[c]:
        p.bits[seat * 4 + (c >> 4)] &= ~(1 << (c & 15))
    p.nh[seat] -= 1
    p.pile.append(c)
    p.discarded[seat] |= 1 << c
    if p.nh[seat]:
        _next_turn(p)
        return
    side = seat & 1
    if p.mstate[side] == WAITING:  # an indirect close: the muerto from the next turn
        p.mstate[side] = PENDING
        p.holder[side] = seat
        _next_turn(p)
    else:
        _end(p, seat)


# ---- the policy ---------------------------------------------------------------------------

def _helps(p: Position, c: int) -> bool:
    """Whether the pile's top card ``c`` is worth taking: a 2; a card that goes on one of the
    side's runs; a card that makes a run with cards of the hand (two of its suit, or one and a
    2, within two places)."""
    r = c & 15
    if r == 2:
        return True
    seat = p.turn
    s = c >> 4
    for run in p.runs[seat & 1]:
        if run[0] == s and laid_off(run, c) is not None:
            return True
    h = p.hands[seat]
    m = p.bits[seat * 4 + s]
    full = (m & ~4 | (m & 2) << 13) << 2  # places 1 to 14 (an ace at both), shifted by two
    twos = h[2] or h[18] or h[34] or h[50]
    for q in ((1, ACE_HIGH) if r == 1 else (r,)):
        near = full >> q & 0b11011  # places q-2, q-1, q+1, q+2 (bits 0, 1, 3, 4)
        if near & 0b00011 == 0b00011 or near & 0b01010 == 0b01010 or near & 0b11000 == 0b11000:
            return True
        if twos and near:
            return True
    return False


def _draw_phase(p: Position, log: list[Move] | None) -> None:
    if not p.stock:
        if log is not None:
            log.append(("pass",))
        _end(p, -1)  # a turn that starts with the stock out (a position built so): it ends
        return
    pile = p.pile
    if pile and p.takes < TAKES_AT_MOST and (len(pile) >= TAKE_PILE_AT or _helps(p, pile[-1])):
        if log is not None:
            log.append(("take",))
        _take(p)
        return
    if log is not None:
        log.append(("draw",))
    _draw(p)


def _play_phase(p: Position, log: list[Move] | None, one: bool = False) -> None:
    """The melds and lay-offs of a turn, then the discard (``one``: the first move only)."""
    while p.phase == PHASE_PLAY:
        if not (_layoff(p, log) or _new_run(p, log) or _wild_play(p, log)):
            break
        if one:
            return
    if p.phase != PHASE_PLAY:
        return
    c = _discard_choice(p)
    if log is not None:
        log.append(("discard", c))
    _discard(p, c)


def _layoff(p: Position, log: list[Move] | None) -> bool:
    """One natural laid off onto a run of the side (the first found), if any is allowed."""
    seat = p.turn
    side = seat & 1
    b, r4 = seat * 4, side * 4
    bits, reach = p.bits, p.reach
    if not (bits[b] & reach[r4] or bits[b + 1] & reach[r4 + 1] or bits[b + 2] & reach[r4 + 2]
            or bits[b + 3] & reach[r4 + 3]):
        return False  # no card of the hand next to a run of the side, nor in its 2's place
    h = p.hands[seat]
    nh = p.nh[seat]
    runs = p.runs[side]
    for i, run in enumerate(runs):
        s, lo, hi, wr, _ = run
        if hi - lo + 1 >= ACE_HIGH:
            continue
        base = s * 16
        for role in (lo - 1, hi + 1, wr):
            if not 1 <= role <= ACE_HIGH or (role == wr and (not wr or wr in (1, 2, ACE_HIGH))):
                continue
            c = base + 1 if role == ACE_HIGH else base + role
            if not h[c]:
                continue
            grown = laid_off(run, c)
            if grown is None:
                continue
            if nh < 3:
                cleans = _cleans(p, side) - _clean(p, run) + _clean(p, grown)
                if not may_leave(p, side, nh - 1, cleans):
                    continue
            move = ("add", i, (c,), grown)
            if log is not None:
                log.append(move)
            _add(p, i, (c,), grown)
            return True
    return False


def _new_run(p: Position, log: list[Move] | None) -> bool:
    """The longest natural run the hand holds (places 3 to the king, and an ace after it),
    meld, if any is allowed."""
    seat = p.turn
    side = seat & 1
    nh = p.nh[seat]
    best: tuple[int, ...] = ()
    best_s = -1
    fresh = p.fresh[seat]
    bits = p.bits
    for s in range(4):
        if not fresh >> s & 1:
            continue  # no run in this suit, and no card of it has come in since
        m = bits[seat * 4 + s]
        x = m & 0x3FF8 | (m & 2) << 13  # places 3 to the king, and an ace after it
        k = 0
        y = x
        while y:
            y &= y >> 1
            k += 1
        if k < 3:
            fresh &= ~(1 << s)
            continue
        if k > len(best):
            y = x
            for _ in range(k - 1):
                y &= y >> 1
            start = (y & -y).bit_length() - 1  # the lowest of the longest
            base = s * 16
            best = tuple(base + (1 if r == ACE_HIGH else r) for r in range(start, start + k))
            best_s = s
    p.fresh[seat] = fresh
    if not best:
        return False
    left = nh - len(best)
    if left < 2:
        run = fit(best_s, best)
        assert run is not None
        if not may_leave(p, side, left, _cleans(p, side) + _clean(p, run)):
            if nh - 2 < 3:
                return False
            best = best[:nh - 2]
    run = fit(best_s, best)
    assert run is not None, best
    move = ("meld", best, run)
    if log is not None:
        log.append(move)
    _meld(p, best, run)
    return True


def _wild_play(p: Position, log: list[Move] | None) -> bool:
    """A 2 of the hand put to work: onto a run without a wild card that it makes a canasta, or
    into a new run with two naturals of one suit (next to each other, or one place apart)."""
    seat = p.turn
    side = seat & 1
    h = p.hands[seat]
    w = next((t for t in _TWOS if h[t]), -1)
    if w < 0:
        return False
    nh = p.nh[seat]
    cs = p.rules.canasta_size
    for i, run in enumerate(p.runs[side]):
        if not run[3] and run[2] - run[1] + 1 == cs - 1:
            grown = laid_off(run, w)
            if grown is None or (nh < 3 and not may_leave(p, side, nh - 1, _cleans(p, side))):
                continue
            if log is not None:
                log.append(("add", i, (w,), grown))
            _add(p, i, (w,), grown)
            return True
    if nh - 3 < 2 and not may_leave(p, side, nh - 3, _cleans(p, side)):
        return False
    bits = p.bits
    for s in range(4):
        m = bits[seat * 4 + s]
        x = m & 0x3FF8 | (m & 2) << 13
        pairs = x & (x >> 1 | x >> 2)  # a place with the next one or the one after held
        base = s * 16
        while pairs:
            low = pairs & -pairs
            pairs ^= low
            r = low.bit_length() - 1
            for d in (1, 2):
                q = r + d
                if x >> q & 1:
                    cards = (base + r, role_code(s, q), w)
                    made = fit(s, cards)
                    if made is None:
                        continue
                    if log is not None:
                        log.append(("meld", cards, made))
                    _meld(p, cards, made)
                    return True
    return False


def _near_table() -> tuple[tuple[tuple[int, int], ...], ...]:
    """For each rank, the other ranks (not 2s) within two places of it in a run, with what
    each counts towards keeping it: 2 next to it, 1 a place away (an ace at both ends)."""
    out = []
    for r in range(14):
        own = (1, ACE_HIGH) if r == 1 else (r,)
        near = []
        for x in range(1, 14):
            if x in (r, 2) or r in (0, 2):
                continue
            roles = (1, ACE_HIGH) if x == 1 else (x,)
            d = min(abs(a - b) for a in roles for b in own)
            if d <= 2:
                near.append((x, 2 if d == 1 else 1))
        out.append(tuple(near))
    return tuple(out)


def _held(masks: list[int]) -> list[int]:
    """The codes held, from the ranks held by suit."""
    out = []
    for s in range(4):
        m = masks[s]
        base = s * 16
        while m:
            low = m & -m
            out.append(base + low.bit_length() - 1)
            m ^= low
    return out


_NEAR = _near_table()
_NEAR1 = tuple(sum(1 << x for x, w in near if w == 2) for near in _NEAR)
_NEAR2 = tuple(sum(1 << x for x, w in near if w == 1) for near in _NEAR)


def suit_keys(values: tuple[int, ...], x: int) -> tuple[tuple[int, int], ...]:
    """Each rank of ``x`` (the ranks of one suit held, a bit each, no 2) with the part of its
    discard key that the suit's ranks decide: how near others of its suit (two a card next to
    it, one a card a place away) and its value, shifted into place; least key first."""
    out = []
    m = x
    while m:
        low = m & -m
        m ^= low
        r = low.bit_length() - 1
        near = 2 * (x & _NEAR1[r]).bit_count() + (x & _NEAR2[r]).bit_count()
        out.append(((near << 8 | values[r]) << 6, r))
    out.sort()
    return tuple(out)


def _feeds(runs: list[list[int]]) -> int:
    """The codes (a bit each) that, laid off alone, grow one of ``runs``: a natural next to a
    run or in its wild card's place."""
    out = 0
    for run in runs:
        s, lo, hi, wr, _ = run
        # the places next to the run and its wild card's, 1 to 14 but the 2's (bit = place),
        # as ranks (the ace's two places are bit 1)
        places = (2 << hi | 1 << lo >> 1 | 1 << wr) & 0x7FFA
        ranks = places & 0x3FFE | places >> 13 & 2
        while ranks:
            low = ranks & -ranks
            ranks ^= low
            c = s * 16 + low.bit_length() - 1
            if laid_off(run, c) is not None:
                out |= 1 << c
    return out


def _discard_choice(p: Position) -> int:
    """The code the careful bot's cost discards (see the module's docstring): the least by the
    cheap keys (not a card the next player threw away, how near others of its suit, its value)
    among the cards that are no danger, else among all."""
    seat = p.turn
    b = seat * 4
    masks = p.bits[b:b + 4]  # by suit, the ranks held (bit r)
    gone = p.discarded[(seat + 1) % p.np]
    rules = p.rules
    opp = (seat & 1) ^ 1
    feeds = p.feeds[opp]
    if feeds < 0:
        feeds = p.feeds[opp] = _feeds(p.runs[opp])
    # the codes held that go on a run of theirs, a bit each
    feeds &= masks[0] | masks[1] << 16 | masks[2] << 32 | masks[3] << 48
    pile_bits = [0, 0, 0, 0]  # by suit, the places of the pile's cards (an ace at both), << 2
    pile_wild = False
    for c in p.pile:
        r = c & 15
        if r == 2:
            pile_wild = True
        else:
            pile_bits[c >> 4] |= (0x10008 if r == 1 else 4 << r)
    # a card's key: not thrown away by the next player (bit 30), how near others of its suit
    # and its value (read from the suit's ranks alone, kept by them, least first), its code.
    # In each suit the least key is the first card thrown away, else the first card.
    best = fallback = 1 << 62
    kept = rules.suit_keys
    for s in range(4):
        x = masks[s] & ~4
        if not x:
            continue
        ranks = kept.get(x)
        if ranks is None:
            ranks = kept[x] = suit_keys(rules.values, x)
        base = s * 16
        thrown = gone >> base & x
        least = ranks[0][0] | base + ranks[0][1] | 1 << 30
        if thrown:
            for part, r in ranks:
                if thrown >> r & 1:
                    least = part | base + r
                    break
        if least < fallback:
            fallback = least
        have = pile_bits[s]
        barred = feeds >> base & x
        if not have and not barred:
            if least < best:
                best = least
            continue
        first = 1 << 62  # the least card of the suit that is no danger
        for part, r in ranks:
            if barred >> r & 1:
                continue
            if have:
                danger = False
                for q in ((1, ACE_HIGH) if r == 1 else (r,)):
                    n = have >> q & 0b11011  # the pile's places q-2, q-1, q+1, q+2
                    if (n & 3 == 3 or n & 10 == 10 or n & 24 == 24) or (pile_wild and n):
                        danger = True
                        break
                if danger:
                    continue
            if thrown >> r & 1:
                first = part | base + r
                break
            if first == 1 << 62:
                first = part | base + r | 1 << 30
                if not thrown:
                    break
        if first < best:
            best = first
    if best < 1 << 62:
        return best & 63
    if fallback < 1 << 62:
        return fallback & 63
    h = p.hands[seat]
    return next(t for t in _TWOS if h[t])  # only 2s: the first (all count alike)
