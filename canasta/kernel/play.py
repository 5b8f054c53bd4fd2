"""Classic's moves on counts, and a fast playout policy that plays them to the end of the hand.

The policy is that of :class:`canasta.playout.PlayoutPolicy` on counts, sparing of wild
cards: it takes the pile whenever a take is allowed (onto the side's meld, with a natural pair,
with a natural and a wild card, opening with melds from the hand when the top card's meld alone
does not reach the minimum), otherwise draws; lays off every natural it can, melds every rank it
holds three of, puts wild cards on the melds they make canastas and keeps the others unless
laying them down goes out, the black threes only when going out; and discards by the
``careful`` bot's cost. It never lists the legal moves: each move it makes is one the rules
allow, by the rules restated here (``tests/test_kernel.py`` mirrors every move onto the
engine's ``check``).

A move, where a log is asked for, is a tuple: ``("draw",)``, ``("pass",)``,
``("discard", code)``, ``("meld", groups)``, ``("add", group)``, ``("take", onto, pair,
extra)``, a group being ``(code, naturals, jokers, twos)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .position import BLACK3, MELD_CODES, PHASE_DRAW, PHASE_OVER, PHASE_PLAY, RANK_OF_CODE, RED3

if TYPE_CHECKING:
    from ..actions import Action
    from ..state import State
    from .position import Position, Rules

Group = tuple[int, int, int, int]
Move = tuple[object, ...]

# ranks by value, highest first: the opening minimum is reached with the fewest cards
_BY_VALUE = (1, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4)


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
    from .position import Position

    p = Position.from_state(state)
    return None if p is None else finish(p)


def policy_action(state: State) -> Action | None:
    """The engine action of the policy's next move in ``state`` (``state`` left as it is); None
    where :meth:`Position.from_state` does not represent it."""
    from .actions import engine_action
    from .position import Position

    p = Position.from_state(state)
    if p is None or p.phase == PHASE_OVER:
        return None
    moves: list[Move] = []
    finish(p, moves)
    return engine_action(state, moves[0])


def playout_points(p: Position) -> list[int]:
    """:func:`finish` on a copy of ``p``."""
    return finish(p.copy())


def apply_move(p: Position, move: Move) -> None:
    """Apply a logged ``move`` (as :func:`finish` logs them) to ``p``: the moves the policy
    made, replayed one at a time (how the tests compare each position with the engine's)."""
    kind = move[0]
    if kind == "draw":
        _draw(p)
    elif kind == "pass":
        _end(p, -1)
    elif kind == "discard":
        _discard(p, move[1])  # type: ignore[arg-type]
    elif kind == "meld":
        _meld(p, move[1])  # type: ignore[arg-type]
    elif kind == "add":
        _add(p, *move[1])  # type: ignore[misc]
    elif kind == "take":
        _take(p, move[1], move[2], move[3])  # type: ignore[arg-type]
    else:
        raise ValueError(f"not a kernel move: {move!r}")


# ---- the rules ----------------------------------------------------------------------------

def _room(r: Rules, naturals: int, wilds: int) -> int:
    """How many more wild cards a group of ``naturals`` and ``wilds`` takes."""
    most = r.max_wilds - wilds
    if r.wilds_at_most and naturals - wilds < most:
        most = naturals - wilds
    return most


def _group_ok(r: Rules, naturals: int, wilds: int) -> bool:
    return (naturals + wilds >= r.meld_min and naturals >= r.min_naturals
            and wilds <= r.max_wilds and (not r.wilds_at_most or wilds <= naturals))


def find_take(p: Position) -> Move | None:
    """The take the policy makes, or None when no take of the pile is allowed (the first
    allowed of: onto the side's meld, with a natural pair, with a natural and a two, with a
    natural and a joker; for a side that has not opened, with extra melds from the hand where the
    top card's meld does not reach the minimum). Exact on whether a take exists: once the stock
    is out, that decides whether the hand ends."""
    pile = p.pile
    if not pile:
        return None
    top = pile[-1]
    r_ = p.rules
    if r_.wild[top] or top == BLACK3 or top == RED3:
        return None  # pile.top-wild, pile.blocked, pile.top-red-three
    side = p.turn & 1
    if len(pile) == 1 and p.nh[p.turn] == 1:
        return None  # pile.one-card
    return take_from(p, top, p.frozen > 0 or (r_.frozen_before_opening and not p.opened[side]))


def take_from(p: Position, top: int, frozen: bool) -> Move | None:
    """The take :func:`find_take` makes once the top card ``top`` may be taken at all, the pile
    ``frozen`` (natural pairs only, never onto a meld) or not: the rest of the rules of a take,
    shared by the variants whose pile is taken the classic way (rioplatense's madre and
    premiado pozo are frozen piles by other names)."""
    pile = p.pile
    r_ = p.rules
    seat = p.turn
    side = seat & 1
    h = p.hands[seat]
    nh = p.nh[seat]
    opened = p.opened[side]
    joined = len(pile) - 1 - pile.count(RED3)
    need_out = r_.need_out
    cs = r_.canasta_size
    n_top = h[top]
    nat = p.nat[side]
    can = p.canastas[side]
    if nat[top]:
        size = nat[top] + p.jk[side][top] + p.tw[side][top]
        wilds = size - nat[top]
        if not frozen:
            grown = can + (1 if size < cs <= size + 1 else 0)
            if nh + joined >= 2 or grown >= need_out:
                return ("take", True, (), ())
        left = nh - 2 + joined
        if n_top >= 2:
            grown = can + (1 if size < cs <= size + 3 else 0)
            if left >= 2 or grown >= need_out:
                return ("take", False, (top, top), ())
        if not frozen and n_top and _room(r_, nat[top] + 2, wilds) >= 1:
            grown = can + (1 if size < cs <= size + 3 else 0)
            if left >= 2 or grown >= need_out:
                for w in (2, 0):
                    if h[w]:
                        return ("take", False, (top, w), ())
        return _take_more(p, top, frozen, joined) if r_.meld_more else None
    left = nh - 2 + joined
    pairs: list[tuple[int, int]] = []
    if n_top >= 2:
        pairs.append((top, top))
    if not frozen and n_top and _group_ok(r_, 2, 1):
        pairs.extend((top, w) for w in (2, 0) if h[w])
    made = 1 if 3 >= cs else 0
    values = r_.values
    for pair in pairs:
        if opened:
            if left >= 2 or can + made >= need_out:
                return ("take", False, pair, ())
            continue
        points = values[top] + values[pair[0]] + values[pair[1]]
        need = p.need[side]
        if points >= need and (left >= 2 or made >= need_out):
            return ("take", False, pair, ())
        rest = list(h)
        rest[pair[0]] -= 1
        rest[pair[1]] -= 1
        extra = _groups_for(r_, rest, need - points, top, left - 2, need_out - made)
        if extra is not None:
            return ("take", False, pair, extra)
    return _take_more(p, top, frozen, joined) if r_.meld_more else None


def _take_more(p: Position, top: int, frozen: bool, joined: int) -> Move | None:
    """Where the top card's meld may hold more than the pair (``Rules.meld_more``), the first
    take with more cards of the hand in it (naturals of its rank first, then twos, then
    jokers) that the rules allow when no take with a pair does: a canasta it completes lets the
    hand go low, its points reach the opening minimum, with extra melds where needed."""
    r_ = p.rules
    seat = p.turn
    side = seat & 1
    h = p.hands[seat]
    nh = p.nh[seat]
    opened = p.opened[side]
    need_out = r_.need_out
    cs = r_.canasta_size
    can = p.canastas[side]
    size = p.nat[side][top] + p.jk[side][top] + p.tw[side][top]
    had = size - p.nat[side][top]  # the wild cards of the side's meld of that rank
    n_top = h[top]
    values = r_.values
    need = p.need[side]
    for a in range(n_top, 1 if frozen else 0, -1):
        for t in range(1 if frozen else h[2] + 1):  # a frozen pile: naturals only
            for j in range(1 if frozen else h[0] + 1):
                k = a + t + j
                if k <= 2 or not _group_ok(r_, p.nat[side][top] + 1 + a, had + t + j):
                    continue
                made = 1 if size < cs <= size + 1 + k else 0
                left = nh - k + joined
                pair = (top,) * a + (2,) * t + (0,) * j
                if opened or size:
                    if left >= 2 or can + made >= need_out:
                        return ("take", False, pair, ())
                    continue
                points = (1 + a) * values[top] + t * values[2] + j * values[0]
                if points >= need and (left >= 2 or made >= need_out):
                    return ("take", False, pair, ())
                rest = list(h)
                rest[top] -= a
                rest[2] -= t
                rest[0] -= j
                extra = _groups_for(r_, rest, need - points, top, left - 2, need_out - made)
                if extra is not None:
                    return ("take", False, pair, extra)
    return None


def _groups_for(r_: Rules, h: list[int], target: int, skip: int, spare: int,
                want: int) -> tuple[Group, ...] | None:
    """New groups from the counts ``h`` (no group of code ``skip``) that count at least
    ``target`` points and use at most ``spare`` cards, or more when they hold ``want``
    canastas; None when there are none. Every natural three or more of a rank first, then
    pairs with a wild card, then more wild cards (jokers first); an exact search where that
    leaves too few cards."""
    values = r_.values
    cs = r_.canasta_size
    groups: list[list[int]] = []
    points = 0
    for c in _BY_VALUE:
        n = h[c]
        if n >= 3 and c != skip:
            groups.append([c, n, 0, 0])
            points += n * values[c]
    jokers, twos = h[0], h[2]
    if points < target and jokers + twos and _group_ok(r_, 2, 1):
        for c in _BY_VALUE:
            if h[c] == 2 and c != skip and jokers + twos:
                if jokers:
                    groups.append([c, 2, 1, 0])
                    jokers -= 1
                    points += 2 * values[c] + values[0]
                else:
                    groups.append([c, 2, 0, 1])
                    twos -= 1
                    points += 2 * values[c] + values[2]
                if points >= target:
                    break
    if points < target and jokers + twos:
        for g in groups:
            room = _room(r_, g[1], g[2] + g[3])
            while room > 0 and jokers + twos and points < target:
                if jokers:
                    g[2] += 1
                    jokers -= 1
                    points += values[0]
                else:
                    g[3] += 1
                    twos -= 1
                    points += values[2]
                room -= 1
    if points < target or not groups:
        return None  # the most points any groups of this hand count
    used = sum(g[1] + g[2] + g[3] for g in groups)
    made = sum(1 for g in groups if g[1] + g[2] + g[3] >= cs)
    if used <= spare or made >= want:
        return tuple((g[0], g[1], g[2], g[3]) for g in groups)
    return _exact_groups(r_, h, target, skip, spare, want)


def _exact_groups(r_: Rules, h: list[int], target: int, skip: int, spare: int,
                  want: int) -> tuple[Group, ...] | None:
    """Any groups from ``h`` as :func:`_groups_for` asks, by an exhaustive search (for the
    rare hand that would otherwise be left with fewer than two cards)."""
    values = r_.values
    cs = r_.canasta_size
    ranks = [c for c in _BY_VALUE if c != skip and h[c] >= r_.min_naturals]
    chosen: list[Group] = []

    def rec(i: int, points: int, used: int, jokers: int, twos: int, made: int) -> bool:
        if points >= target and chosen and (used <= spare or made >= want):
            return True
        if i == len(ranks):
            return False
        c = ranks[i]
        # a branch past the cards to spare lives only while a later rank could be a canasta
        later = any(h[x] + jokers + twos >= cs for x in ranks[i + 1:])
        for n in range(r_.min_naturals, h[c] + 1):
            for j in range(jokers + 1):
                for t in range(twos + 1):
                    if not _group_ok(r_, n, j + t):
                        continue
                    size = n + j + t
                    if used + size > spare and made + (1 if size >= cs else 0) < want \
                            and not later:
                        continue
                    chosen.append((c, n, j, t))
                    if rec(i + 1, points + n * values[c] + j * values[0] + t * values[2],
                           used + size, jokers - j, twos - t, made + (1 if size >= cs else 0)):
                        return True
                    chosen.pop()
        return rec(i + 1, points, used, jokers, twos, made)

    return tuple(chosen) if rec(0, 0, 0, h[0], h[2], 0) else None


# ---- applying moves -----------------------------------------------------------------------

def _end(p: Position, went_out: int) -> None:
    p.phase = PHASE_OVER
    p.went_out = went_out
    p.totals = p.rules.hand_totals(p, went_out)  # the variant's scoring (classic: hand_totals)


def _next_turn(p: Position) -> None:
    seat = p.turn
    if p.melded_turn:
        p.melded_before[seat] = True
    p.melded_turn = p.turn_base = p.turn_old = False
    p.new_ranks = 0
    p.turn = (seat + 1) & 3
    p.phase = PHASE_DRAW
    if not p.stock and find_take(p) is None:
        _end(p, -1)  # end.stock-exhausted: no stock, and the pile cannot be taken


def _draw(p: Position) -> None:
    seat = p.turn
    stock = p.stock
    h = p.hands[seat]
    held = p.nh[seat]
    while stock:
        c = stock.pop()
        if c == RED3:  # threes.red-laid-out: face up, and a replacement drawn
            p.red3[seat & 1] += 1
            continue
        h[c] += 1
        p.nh[seat] = held + 1
        break
    p.phase = PHASE_PLAY
    if not stock and p.nh[seat] == held:
        p.last_red3 = True  # the stock's last card was a red three: melds, then no discard


def _take(p: Position, onto: bool, pair: tuple[int, ...], extra: tuple[Group, ...]) -> None:
    seat = p.turn
    side = seat & 1
    h = p.hands[seat]
    nat, jk, tw = p.nat[side], p.jk[side], p.tw[side]
    cs = p.rules.canasta_size
    pile = p.pile
    top = pile[-1]
    size = nat[top] + jk[top] + tw[top]
    if size and not p.new_ranks >> top & 1:
        p.turn_old = True  # a meld the side had before the turn
    if onto:
        nat[top] += 1
        grown = 1
    else:
        for c in pair:
            h[c] -= 1
        nat[top] += 1
        for c in pair:
            if c == 0:
                jk[top] += 1
            elif c == 2:
                tw[top] += 1
            else:
                nat[top] += 1
        if not size:
            p.new_ranks |= 1 << top
        grown = 1 + len(pair)
    if size < cs <= size + grown:
        p.canastas[side] += 1
    used = len(pair) + _lay(p, side, h, extra)
    joined = 0
    for i in range(len(pile) - 1):
        c = pile[i]
        if c == RED3:  # threes.red-with-pile: to the table, no replacement
            p.red3[side] += 1
        else:
            h[c] += 1
            joined += 1
    pile.clear()
    p.frozen = 0
    p.nh[seat] += joined - used
    p.opened[side] = True
    p.melded_turn = p.turn_base = True
    p.phase = PHASE_PLAY
    if not p.nh[seat]:
        _end(p, seat)


def _add(p: Position, c: int, n: int, j: int, t: int) -> None:
    seat = p.turn
    side = seat & 1
    h = p.hands[seat]
    nat, jk, tw = p.nat[side], p.jk[side], p.tw[side]
    size = nat[c] + jk[c] + tw[c]
    h[c] -= n
    h[0] -= j
    h[2] -= t
    nat[c] += n
    jk[c] += j
    tw[c] += t
    k = n + j + t
    if size < p.rules.canasta_size <= size + k:
        p.canastas[side] += 1
    if not p.new_ranks >> c & 1:
        p.turn_old = True
    p.melded_turn = p.turn_base = True
    p.nh[seat] -= k
    if not p.nh[seat]:
        _end(p, seat)


def _lay(p: Position, side: int, h: list[int], groups: tuple[Group, ...]) -> int:
    """New groups laid from hand ``h`` onto ``side``'s table (black threes never count as a
    canasta): the number of cards they took."""
    nat, jk, tw = p.nat[side], p.jk[side], p.tw[side]
    cs = p.rules.canasta_size
    used = 0
    for c, n, j, t in groups:
        nat[c], jk[c], tw[c] = n, j, t
        h[c] -= n
        h[0] -= j
        h[2] -= t
        used += n + j + t
        p.new_ranks |= 1 << c
        if c != BLACK3 and n + j + t >= cs:
            p.canastas[side] += 1
    return used


def _meld(p: Position, groups: tuple[Group, ...]) -> None:
    seat = p.turn
    side = seat & 1
    h = p.hands[seat]
    used = _lay(p, side, h, groups)
    p.opened[side] = True
    p.melded_turn = p.turn_base = True
    p.nh[seat] -= used
    if not p.nh[seat]:
        _end(p, seat)


def _discard(p: Position, c: int) -> None:
    seat = p.turn
    p.hands[seat][c] -= 1
    p.nh[seat] -= 1
    p.pile.append(c)
    if p.rules.wild[c] or c == RED3:
        p.frozen += 1
    p.discarded[seat & 1] |= 1 << RANK_OF_CODE[c]
    if not p.nh[seat]:
        _end(p, seat)
    else:
        _next_turn(p)


# ---- the policy ---------------------------------------------------------------------------

def _draw_phase(p: Position, log: list[Move] | None) -> None:
    take = find_take(p)
    if take is not None:
        if log is not None:
            log.append(take)
        _take(p, take[1], take[2], take[3])  # type: ignore[arg-type]
    elif p.stock:
        if log is not None:
            log.append(("draw",))
        _draw(p)
    else:
        if log is not None:
            log.append(("pass",))
        _end(p, -1)  # end.pile-declined


def _play_phase(p: Position, log: list[Move] | None) -> None:
    _plays(p, log)
    if p.phase != PHASE_PLAY:
        return
    if p.last_red3:
        if log is not None:
            log.append(("pass",))
        _end(p, -1)  # end.last-red-three
        return
    c = _discard_choice(p)
    if log is not None:
        log.append(("discard", c))
    _discard(p, c)


def _plays(p: Position, log: list[Move] | None) -> None:
    """The melds and lay-offs of a turn (see the module's docstring)."""
    r_ = p.rules
    seat = p.turn
    side = seat & 1
    h = p.hands[seat]
    nat, jk, tw = p.nat[side], p.jk[side], p.tw[side]
    cs = r_.canasta_size
    need_out = r_.need_out
    if not p.opened[side]:
        groups = _groups_for(r_, h, p.need[side], -1, p.nh[seat] - 2, need_out)
        if groups is None:
            return
        if log is not None:
            log.append(("meld", groups))
        _meld(p, groups)
        if p.phase != PHASE_PLAY:
            return
    # naturals onto the side's melds, and new melds of three or more naturals
    for c in MELD_CODES:
        k = h[c]
        if not k:
            continue
        nh = p.nh[seat]
        can = p.canastas[side]
        if nat[c]:
            size = nat[c] + jk[c] + tw[c]
            if nh - k < 2 and can + (1 if size < cs <= size + k else 0) < need_out:
                k = nh - 2
                if k <= 0:
                    continue
            if log is not None:
                log.append(("add", (c, k, 0, 0)))
            _add(p, c, k, 0, 0)
        elif k >= 3:
            if nh - k < 2 and can + (1 if k >= cs else 0) < need_out:
                k = nh - 2
                if k < 3:
                    continue
            group = ((c, k, 0, 0),)
            if log is not None:
                log.append(("meld", group))
            _meld(p, group)
        else:
            continue
        if p.phase != PHASE_PLAY:
            return
    if h[0] + h[2]:
        _wild_plays(p, log)
        if p.phase != PHASE_PLAY:
            return
    # the black threes, only to go out
    k = h[BLACK3]
    if 3 <= k <= 4 and p.nh[seat] - k <= 1 and p.canastas[side] >= need_out \
            and not nat[BLACK3]:
        group = ((BLACK3, k, 0, 0),)
        if log is not None:
            log.append(("meld", group))
        _meld(p, group)


def _wild_plays(p: Position, log: list[Move] | None) -> None:
    """Wild cards: on the melds they make canastas, nearest first; the rest kept, unless laying
    them on the largest melds that take them (never a natural canasta, which would count less)
    goes out. Pairs are not melded with a wild card once the side has opened: in duplicate
    hands against ``PlayoutPolicy`` (which melds them, and every wild card it can) that cost
    some 70 points a hand (``benchmarks/kernel_playouts.py --duel``)."""
    r_ = p.rules
    seat = p.turn
    side = seat & 1
    h = p.hands[seat]
    nat, jk, tw = p.nat[side], p.jk[side], p.tw[side]
    cs = r_.canasta_size
    need_out = r_.need_out
    while True:  # the meld nearest a canasta that the wild cards in hand make one, first
        wilds = h[0] + h[2]
        best = -1
        best_size = 0
        for c in MELD_CODES:
            n = nat[c]
            if n:
                w = jk[c] + tw[c]
                size = n + w
                if best_size < size < cs <= size + min(_room(r_, n, w), wilds):
                    best, best_size = c, size
        if best < 0:
            break
        k = cs - best_size
        nh = p.nh[seat]
        if nh - k < 2 and p.canastas[side] + 1 < need_out:
            break  # (one canasta more would not be enough to leave fewer than two cards)
        t = min(k, h[2])
        if log is not None:
            log.append(("add", (best, 0, k - t, t)))
        _add(p, best, 0, k - t, t)
        if p.phase != PHASE_PLAY:
            return
    wilds = h[0] + h[2]
    if not wilds or p.nh[seat] - wilds > 1 or p.canastas[side] < need_out:
        return  # kept, unless laying them all down goes out
    for c in sorted((c for c in MELD_CODES if nat[c]), key=lambda c: -(nat[c] + jk[c] + tw[c])):
        wilds = h[0] + h[2]
        if not wilds:
            return
        w = jk[c] + tw[c]
        if nat[c] + w >= cs and not w:
            continue  # a natural canasta stays natural
        k = min(_room(r_, nat[c], w), wilds)
        if k <= 0:
            continue
        t = min(k, h[2])
        if log is not None:
            log.append(("add", (c, 0, k - t, t)))
        _add(p, c, 0, k - t, t)  # the side has its canastas: the hand may empty
        if p.phase != PHASE_PLAY:
            return


def _discard_choice(p: Position) -> int:
    """The code the careful bot's cost discards: not a wild card if it can help it, a black
    three first, not a card the other side could lay on its melds, then the fewest held of its
    rank, rather a rank they discarded, the lowest value."""
    r_ = p.rules
    seat = p.turn
    h = p.hands[seat]
    other = (seat & 1) ^ 1
    theirs = p.nat[other]
    safe = p.discarded[other]
    base = r_.discard_base
    feeds = r_.may_feed
    best = -1
    best_cost = 1 << 62
    for c in range(14):  # never a red three in a hand
        k = h[c]
        if k:
            cost = base[c] | k << 16
            if feeds[c] and theirs[c]:
                cost |= 1 << 24
            if not safe >> c & 1:
                cost |= 1 << 8
            if cost < best_cost:
                best, best_cost = c, cost
    return best
