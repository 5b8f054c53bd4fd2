"""Canasta Americana's moves on counts, and a fast playout policy that plays them to the end of
the hand.

The policy is :class:`canasta.playout.PlayoutPolicy`'s on counts, with what costs in Americana
spared: it takes the pile whenever a take is allowed (the fewest wild cards, then every natural
of the top card's rank that fits; leaving the hoyo, with melds from the hand for the minimum),
but never to start a special meld short of a canasta (sevens, clean aces: their incomplete
penalty) unless the stock is out and nothing else is allowed; otherwise it draws. It lays off
every natural it can, melds every rank it holds three of (sevens and aces only as a whole
canasta), pairs with a wild card, and puts its wild cards on the melds nearest a canasta (they
are never discarded while it holds a natural); threes go down as soon as the stock replaces
them; and it discards by the ``careful`` bot's cost, among the
discards the variant allows. In duplicate deals against ``PlayoutPolicy``
(``benchmarks/kernel_playouts.py --duel``) sparing the costly takes was worth some 800 points a
hand, the eager wild cards and pairs some 100, the threes laid at once some 100 more. It never lists the legal moves: each move it
makes is one the rules allow, by the rules restated here (``tests/test_kernel_americana.py``
mirrors every move onto the engine's ``check``).

A move, where a log is asked for, is a tuple: ``("draw",)``, ``("pass",)``, ``("discard", code)``,
``("threes", black, red)``, ``("meld", groups)``, ``("add", group)``, ``("take", naturals,
jokers, twos, extra)``, a group being ``(code, naturals, jokers, twos)`` (code ``WILDS`` for a
meld of wild cards alone).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..position import BLACK3, MELD_CODES, PHASE_DRAW, PHASE_OVER, PHASE_PLAY, RANK_OF_CODE, RED3
from .position import WILDS, Position
from .score import hand_totals

if TYPE_CHECKING:
    from ...actions import Action
    from ...state import State
    from .position import Rules

Group = tuple[int, int, int, int]
Move = tuple[object, ...]

ACE, SEVEN = 1, 7
SIZE = 7  # the canasta, and the most cards a meld holds (checked by _supported)
# ranks by value, highest first: the opening minimum is reached with the fewest cards
_BY_VALUE = (13, 12, 11, 10, 9, 8, 6, 5, 4)
_NATURALS = tuple(c for c in MELD_CODES)


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
    finish(p, moves)
    return engine_action(state, moves[0])


def apply_move(p: Position, move: Move) -> None:
    """Apply a logged ``move`` (as :func:`finish` logs them) to ``p``."""
    kind = move[0]
    if kind == "draw":
        _draw(p)
    elif kind == "pass":
        _end(p, -1)
    elif kind == "discard":
        _discard(p, move[1])  # type: ignore[arg-type]
    elif kind == "threes":
        _threes(p, move[1], move[2])  # type: ignore[arg-type]
    elif kind == "meld":
        _meld(p, move[1])  # type: ignore[arg-type]
    elif kind == "add":
        _add(p, *move[1])  # type: ignore[misc]
    elif kind == "take":
        _take(p, move[1], move[2], move[3], move[4])  # type: ignore[arg-type]
    else:
        raise ValueError(f"not a kernel move: {move!r}")


# ---- the rules ----------------------------------------------------------------------------

def _may_leave(left: int, canastas: int) -> bool:
    """out.must-discard / out.needs-canasta: a hand is never emptied but by its last discard,
    and coming down to that card needs two canastas."""
    return left >= 2 or (left == 1 and canastas >= 2)


def _new_ok(r: int, n: int, w: int, hoyo: bool) -> bool:
    """A new group of rank ``r``: two naturals at least, at most two wild cards and no more than
    the naturals, three to seven cards; sevens never take a wild card, aces only leaving the
    hoyo."""
    return (n >= 2 and 3 <= n + w <= SIZE and w <= 2 and w <= n
            and (not w or (r != SEVEN and (r != ACE or hoyo))))


def _grow_ok(r: int, nat: int, wilds: int, n: int, w: int) -> bool:
    """A group of ``nat`` naturals and ``wilds`` wild cards grown by ``n`` and ``w``."""
    if w and (r == SEVEN or (r == ACE and not wilds)):
        return False  # meld.special: a special meld never takes a wild card
    k = wilds + w
    return nat + wilds + n + w <= SIZE and k <= 2 and k <= nat + n


def _take_options(p: Position) -> list[tuple[int, int, int, int]]:
    """Every (naturals, jokers, twos, canasta made) the pile's top card may go down with from
    the hand, before the opening and the hand-size conditions; empty when the pile cannot be
    taken at all (empty, a wild card or a three on top, fewer than two naturals of its rank, the
    side's meld of that rank has five cards or more)."""
    pile = p.pile
    if not pile:
        return []
    top = pile[-1]
    if top == 0 or top == 2 or top == BLACK3 or top == RED3:
        return []
    seat = p.turn
    side = seat & 1
    h = p.hands[seat]
    n_top = h[top]
    if n_top < 2:
        return []
    hoyo = not p.opened[side]
    nat = p.nat[side][top]
    out = []
    if nat:
        wilds = p.jk[side][top] + p.tw[side][top]
        size = nat + wilds
        if size >= 5:
            return []  # pile.meld-full
        for k in range(min(n_top, SIZE - 1 - size), 1, -1):
            for j in range(min(2, h[0]) + 1):
                for t in range(min(2 - j, h[2]) + 1):
                    if _grow_ok(top, nat, wilds, k + 1, j + t):
                        out.append((k, j, t, 1 if size + k + 1 + j + t >= SIZE else 0))
        return out
    for k in range(min(n_top, SIZE - 1), 1, -1):
        for j in range(min(2, h[0]) + 1):
            for t in range(min(2 - j, h[2]) + 1):
                if _new_ok(top, k + 1, j + t, hoyo):
                    out.append((k, j, t, 1 if k + 1 + j + t >= SIZE else 0))
    return out


def find_take(p: Position, exact: bool = False) -> Move | None:
    """The take the policy makes, or None. Every natural of the top card's rank that fits
    first, no wild card where it can help it (an ace meld leaving the hoyo with one, so as not
    to start a special meld), and, leaving the hoyo, melds from the hand for the minimum.
    ``exact``: where the policy finds none, an exhaustive search for any allowed take (whether
    one exists decides whether the hand ends once the stock is out)."""
    options = _take_options(p)
    if not options:
        return None
    top = p.pile[-1]
    if (top == SEVEN or top == ACE) and not p.nat[p.turn & 1][top]:
        # a new special meld short of a canasta costs its incomplete penalty: the policy
        # takes such a pile only where nothing else is allowed and the stock is out
        spared = [o for o in options if o[1] + o[2] or o[0] + 1 >= SIZE]
        if spared != options:
            found = _find_take(p, spared) if spared else None
            return found if found is not None or not exact else _find_take(p, options, True)
    return _find_take(p, options, exact)


def _find_take(p: Position, options: list[tuple[int, int, int, int]], exact: bool = False
               ) -> Move | None:
    """:func:`find_take` among these (naturals, jokers, twos, canasta made)."""
    seat = p.turn
    side = seat & 1
    h = p.hands[seat]
    nh = p.nh[seat]
    top = p.pile[-1]
    joined = len(p.pile) - 1
    can = p.canastas[side]
    if p.opened[side]:
        # the fewest wild cards, then the most naturals
        for k, j, t, made in sorted(options, key=lambda o: (o[1] + o[2], -o[0], o[1])):
            if _may_leave(nh - k - j - t + joined, can + made):
                return ("take", k, j, t, ())
        return None
    r_ = p.rules
    values = r_.values
    need = p.need[side]
    prefer = (lambda o: (o[1] + o[2] != 1, -o[0], o[1])) if top == ACE else (
        lambda o: (o[1] + o[2], -o[0], o[1]))
    ordered = sorted(options, key=prefer)
    for k, j, t, made in ordered:
        used = k + j + t
        points = (k + 1) * values[top] + j * values[0] + t * values[2]
        left = nh - used + joined
        if points >= need and _may_leave(left, made):
            return ("take", k, j, t, ())
        rest = list(h)
        rest[top] -= k
        rest[0] -= j
        rest[2] -= t
        extra = _opening_groups(r_, rest, need - points, top, left, made)
        if extra is not None:
            return ("take", k, j, t, extra)
    if exact:
        for k, j, t, made in ordered:
            used = k + j + t
            points = (k + 1) * values[top] + j * values[0] + t * values[2]
            rest = list(h)
            rest[top] -= k
            rest[0] -= j
            rest[2] -= t
            extra = _exact_groups(r_, rest, need - points, top, nh - used + joined, made)
            if extra is not None:
                return ("take", k, j, t, extra)
    return None


def _opening_groups(r_: Rules, h: list[int], target: int, skip: int, left: int,
                    made: int) -> tuple[Group, ...] | None:
    """New groups from the counts ``h`` (none of code ``skip``) that count at least ``target``
    points and leave a hand the rules allow (``left`` cards before them, ``made`` canastas
    already); None when the policy finds none. Three or more naturals of a rank first (never
    sevens, aces only with a wild card), then pairs with a wild card, then more wild cards."""
    values = r_.values
    groups: list[list[int]] = []
    points = 0
    jokers, twos = h[0], h[2]
    for c in _BY_VALUE:
        n = h[c]
        if n >= 3 and c != skip:
            n = min(n, SIZE)
            groups.append([c, n, 0, 0])
            points += n * values[c]
    if h[ACE] >= 2 and skip != ACE and jokers + twos:
        n = min(h[ACE], SIZE - 1)
        if twos:
            groups.append([ACE, n, 0, 1])
            twos -= 1
            points += n * values[ACE] + values[2]
        else:
            groups.append([ACE, n, 1, 0])
            jokers -= 1
            points += n * values[ACE] + values[0]
    if points < target and jokers + twos:
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
            while (jokers + twos and points < target
                   and _grow_ok(g[0], g[1], g[2] + g[3], 0, 1)):
                if jokers:
                    g[2] += 1
                    jokers -= 1
                    points += values[0]
                else:
                    g[3] += 1
                    twos -= 1
                    points += values[2]
    if points < target or not groups:
        return None
    used = sum(g[1] + g[2] + g[3] for g in groups)
    made += sum(1 for g in groups if g[1] + g[2] + g[3] >= SIZE)
    # too few cards left: the groups the minimum does not need go back, the last first
    for i in range(len(groups) - 1, -1, -1):
        if _may_leave(left - used, made):
            break
        g = groups[i]
        size = g[1] + g[2] + g[3]
        gp = g[1] * values[g[0]] + g[2] * values[0] + g[3] * values[2]
        if points - gp >= target and len(groups) > 1:
            del groups[i]
            points -= gp
            used -= size
            made -= size >= SIZE
    if not _may_leave(left - used, made):
        return None
    return tuple((g[0], g[1], g[2], g[3]) for g in groups)


def _exact_groups(r_: Rules, h: list[int], target: int, skip: int, left: int,
                  made: int) -> tuple[Group, ...] | None:
    """Any new melds from ``h`` as :func:`_opening_groups` asks (groups of any rank but
    ``skip`` and the threes, one meld of wild cards alone), by an exhaustive search: for the
    rare draw with the stock out where the policy's own search finds none."""
    values = r_.values
    ranks = [c for c in (ACE, SEVEN, *_BY_VALUE) if c != skip and h[c] >= 2]
    chosen: list[Group] = []
    # the most points the cards from rank i on could add (every natural and wild card)
    wild_points = h[0] * values[0] + h[2] * values[2]
    tail = [0] * (len(ranks) + 1)
    for i in range(len(ranks) - 1, -1, -1):
        tail[i] = tail[i + 1] + min(h[ranks[i]], SIZE) * values[ranks[i]]

    def done(points: int, used: int, made_: int) -> bool:
        return points >= target and bool(chosen) and _may_leave(left - used, made_)

    def wild_meld(points: int, used: int, jokers: int, twos: int, made_: int) -> bool:
        for j in range(jokers + 1):
            for t in range(twos + 1):
                if 3 <= j + t <= SIZE:
                    chosen.append((WILDS, 0, j, t))
                    if done(points + j * values[0] + t * values[2], used + j + t,
                            made_ + (1 if j + t >= SIZE else 0)):
                        return True
                    chosen.pop()
        return False

    def rec(i: int, points: int, used: int, jokers: int, twos: int, made_: int) -> bool:
        if done(points, used, made_):
            return True
        if points + tail[i] + jokers * values[0] + twos * values[2] < target:
            return False
        if i == len(ranks):
            return wild_meld(points, used, jokers, twos, made_)
        c = ranks[i]
        for n in range(2, min(h[c], SIZE) + 1):
            for j in range(min(jokers, 2) + 1):
                for t in range(min(twos, 2 - j) + 1):
                    if not _new_ok(c, n, j + t, True):
                        continue
                    size = n + j + t
                    chosen.append((c, n, j, t))
                    if rec(i + 1, points + n * values[c] + j * values[0] + t * values[2],
                           used + size, jokers - j, twos - t, made_ + (1 if size >= SIZE else 0)):
                        return True
                    chosen.pop()
        return rec(i + 1, points, used, jokers, twos, made_)

    del wild_points
    return tuple(chosen) if rec(0, 0, 0, h[0], h[2], made) else None


# ---- applying moves -----------------------------------------------------------------------

def _end(p: Position, went_out: int) -> None:
    p.phase = PHASE_OVER
    p.went_out = went_out
    p.totals = hand_totals(p, went_out)


def _after_meld(p: Position, seat: int) -> None:
    """Leaving the hoyo (a meld other than threes on the side's table): the seat takes the next
    ala (the four-card one first), one a side."""
    side = seat & 1
    if not p.opened[side]:
        nat = p.nat[side]
        if not (p.wj[side] + p.wt[side] or any(nat[c] for c in _NATURALS)):
            return
        p.opened[side] = True
    if side in p.out_before:
        return  # set down out of the hoyo by a situation: it left it before
    holders = p.ala_seat
    a, b = holders
    if (a < 0 or b < 0) and not (a >= 0 and a & 1 == side) and not (b >= 0 and b & 1 == side):
        holders[0 if a < 0 else 1] = seat


def _next_turn(p: Position) -> None:
    seat = (p.turn + 1) & 3
    p.turn = seat
    p.phase = PHASE_DRAW
    holders = p.ala_seat
    for i in (0, 1):
        if holders[i] == seat and p.alas[i]:  # ala.added: at the start of the seat's turn
            h = p.hands[seat]
            for c in p.alas[i]:
                h[c] += 1
            p.nh[seat] += len(p.alas[i])
            p.alas[i] = []
    if not p.stock and find_take(p, exact=True) is None:
        _end(p, -1)  # end.stock-exhausted: no stock, and the pile cannot be taken


def _draw(p: Position) -> None:
    seat = p.turn
    p.hands[seat][p.stock.pop()] += 1
    p.nh[seat] += 1
    p.phase = PHASE_PLAY


def _threes(p: Position, black: int, red: int) -> None:
    """meld.threes: laid down, and each replaced from the stock."""
    seat = p.turn
    side = seat & 1
    h = p.hands[seat]
    h[BLACK3] -= black
    h[RED3] -= red
    p.tb[side] += black
    p.tr[side] += red
    stock = p.stock
    for _ in range(black + red):
        h[stock.pop()] += 1
    _after_meld(p, seat)


def _lay(p: Position, side: int, h: list[int], groups: tuple[Group, ...]) -> int:
    """New melds laid from hand ``h`` onto ``side``'s table: the number of cards they took."""
    nat, jk, tw = p.nat[side], p.jk[side], p.tw[side]
    used = 0
    for c, n, j, t in groups:
        if c == WILDS:
            p.wj[side] = j
            p.wt[side] = t
        else:
            nat[c], jk[c], tw[c] = n, j, t
            h[c] -= n
        h[0] -= j
        h[2] -= t
        k = n + j + t
        used += k
        if k >= SIZE:
            p.canastas[side] += 1
    return used


def _take(p: Position, k: int, j: int, t: int, extra: tuple[Group, ...]) -> None:
    seat = p.turn
    side = seat & 1
    h = p.hands[seat]
    pile = p.pile
    top = pile[-1]
    nat, jk, tw = p.nat[side], p.jk[side], p.tw[side]
    size = nat[top] + jk[top] + tw[top]
    h[top] -= k
    h[0] -= j
    h[2] -= t
    nat[top] += k + 1
    jk[top] += j
    tw[top] += t
    if size < SIZE <= size + k + 1 + j + t:
        p.canastas[side] += 1
    used = k + j + t + _lay(p, side, h, extra)
    for i in range(len(pile) - 1):
        h[pile[i]] += 1
    p.nh[seat] += len(pile) - 1 - used
    pile.clear()
    p.pcount = [0] * len(p.pcount)
    p.frozen = 0
    p.phase = PHASE_PLAY
    _after_meld(p, seat)


def _meld(p: Position, groups: tuple[Group, ...]) -> None:
    seat = p.turn
    p.nh[seat] -= _lay(p, seat & 1, p.hands[seat], groups)
    _after_meld(p, seat)


def _add(p: Position, c: int, n: int, j: int, t: int) -> None:
    seat = p.turn
    side = seat & 1
    h = p.hands[seat]
    if c == WILDS:
        size = p.wj[side] + p.wt[side]
        p.wj[side] += j
        p.wt[side] += t
    else:
        nat, jk, tw = p.nat[side], p.jk[side], p.tw[side]
        size = nat[c] + jk[c] + tw[c]
        h[c] -= n
        nat[c] += n
        jk[c] += j
        tw[c] += t
    h[0] -= j
    h[2] -= t
    k = n + j + t
    if size < SIZE <= size + k:
        p.canastas[side] += 1
    p.nh[seat] -= k
    _after_meld(p, seat)


def _discard(p: Position, c: int) -> None:
    seat = p.turn
    p.hands[seat][c] -= 1
    p.nh[seat] -= 1
    p.pile.append(c)
    p.pcount[c] += 1
    if c == 0 or c == 2 or c == RED3:
        p.frozen += 1
    p.discarded[seat] |= 1 << RANK_OF_CODE[c]
    if not p.nh[seat]:
        _end(p, seat)
    else:
        _next_turn(p)


# ---- the policy ---------------------------------------------------------------------------

def _draw_phase(p: Position, log: list[Move] | None) -> None:
    take = find_take(p, exact=not p.stock)
    if take is not None:
        if log is not None:
            log.append(take)
        _take(p, take[1], take[2], take[3], take[4])  # type: ignore[arg-type]
    elif p.stock:
        if log is not None:
            log.append(("draw",))
        _draw(p)
    else:  # (the hand ends as the turn starts when no take is allowed)
        if log is not None:
            log.append(("pass",))
        _end(p, -1)  # end.pile-declined


def _play_phase(p: Position, log: list[Move] | None) -> None:
    for _ in range(20):
        _plays(p, log)
        c = _discard_choice(p)
        if c >= 0:
            break
        # a hand of threes alone with a stock: laid down, and replaced
        seat = p.turn
        h = p.hands[seat]
        k = min(h[BLACK3] + h[RED3], len(p.stock))
        red = min(h[RED3], k)
        if log is not None:
            log.append(("threes", k - red, red))
        _threes(p, k - red, red)
    else:  # pragma: no cover
        raise AssertionError("no discard found")
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
    if not p.opened[side]:
        groups = _opening_groups(r_, h, p.need[side], -1, p.nh[seat], 0)
        if groups is None:
            _lay_threes(p, log)
            return
        if log is not None:
            log.append(("meld", groups))
        _meld(p, groups)
    for _ in range(8):
        changed = False
        # naturals onto the side's groups, and new groups of three or more naturals (never a
        # special one, but as a whole canasta: sevens, or aces, which take no wild card once
        # out of the hoyo)
        for c in _NATURALS:
            k = h[c]
            if not k:
                continue
            n = nat[c]
            if n:
                size = n + jk[c] + tw[c]
                if k > SIZE - size:
                    k = SIZE - size
                    if k <= 0:
                        continue
                nh = p.nh[seat]
                if nh - k < 2:  # (rare) the hand may come down to one card with the canastas
                    can = p.canastas[side]
                    while k > 0 and not _may_leave(nh - k, can + (size + k >= SIZE > size)):
                        k -= 1
                    if k <= 0:
                        continue
                if log is not None:
                    log.append(("add", (c, k, 0, 0)))
                _add(p, c, k, 0, 0)
                changed = True
            elif k >= 3 and (k >= SIZE or (c != SEVEN and c != ACE)):
                if k > SIZE:
                    k = SIZE
                nh = p.nh[seat]
                if nh - k < 2:
                    can = p.canastas[side]
                    while k >= 3 and not _may_leave(nh - k, can + (k >= SIZE)):
                        k -= 1
                    if k < 3:
                        continue
                group = ((c, k, 0, 0),)
                if log is not None:
                    log.append(("meld", group))
                _meld(p, group)
                changed = True
        if h[0] + h[2] and _wild_plays(p, log):
            changed = True
        if h[0] + h[2] and _pair_melds(p, log):
            changed = True
        if _lay_threes(p, log):
            changed = True
        if not changed:
            return


def _pair_melds(p: Position, log: list[Move] | None) -> bool:
    """New groups of a pair and a wild card (never sevens or aces), while the hand keeps
    the cards the rules ask for. Whether any went down."""
    seat = p.turn
    side = seat & 1
    h = p.hands[seat]
    nat = p.nat[side]
    laid = False
    for c in _BY_VALUE:
        if h[c] == 2 and not nat[c] and h[0] + h[2]:
            if not _may_leave(p.nh[seat] - 3, p.canastas[side]):
                break
            group = ((c, 2, 0, 1) if h[2] else (c, 2, 1, 0),)
            if log is not None:
                log.append(("meld", group))
            _meld(p, group)
            laid = True
    return laid


def _lay_threes(p: Position, log: list[Move] | None) -> bool:
    """Threes down, as many as the stock replaces, whenever the policy plays (laid at once they
    did better in duplicate deals against ``PlayoutPolicy`` than kept until the side has its
    canastas: the replacements are cards to meld, and a hand of threes cannot go out)."""
    seat = p.turn
    h = p.hands[seat]
    k = h[BLACK3] + h[RED3]
    if not k or not p.stock:
        return False
    k = min(k, len(p.stock))
    red = min(h[RED3], k)
    if log is not None:
        log.append(("threes", k - red, red))
    _threes(p, k - red, red)
    return True


def _wild_plays(p: Position, log: list[Move] | None) -> bool:
    """Wild cards on the melds they make canastas, nearest first, then on the largest melds
    that take them; once the hand is down to one card and the wild cards, the side's meld of
    wild cards too (to go out). Whether any went down."""
    seat = p.turn
    side = seat & 1
    h = p.hands[seat]
    nat, jk, tw = p.nat[side], p.jk[side], p.tw[side]
    # the groups that take wild cards (a group has two naturals at least, so it takes two
    # wild cards less those it holds), largest first
    open_ = sorted(((nat[c] + jk[c] + tw[c], c) for c in _NATURALS
                    if nat[c] and jk[c] + tw[c] < 2 and c != SEVEN
                    and not (c == ACE and not jk[c] + tw[c])
                    and nat[c] + jk[c] + tw[c] < SIZE), reverse=True)
    laid = False
    if open_:
        for size, c in open_:  # the canastas they make, nearest first
            wilds = h[0] + h[2]
            k = SIZE - size
            if k > wilds or k > 2 - jk[c] - tw[c]:
                continue
            if not _may_leave(p.nh[seat] - k, p.canastas[side] + 1):
                break
            t = k if k <= h[2] else h[2]
            if log is not None:
                log.append(("add", (c, 0, k - t, t)))
            _add(p, c, 0, k - t, t)
            laid = True
        for _, c in open_:
            wilds = h[0] + h[2]
            if not wilds:
                return laid
            n = nat[c]
            w = jk[c] + tw[c]
            k = min(2 - w, SIZE - n - w, wilds)
            if k <= 0:
                continue
            nh = p.nh[seat]
            while k > 0 and not _may_leave(nh - k, p.canastas[side] + (n + w + k >= SIZE)):
                k -= 1
            if k <= 0:
                continue
            t = k if k <= h[2] else h[2]
            if log is not None:
                log.append(("add", (c, 0, k - t, t)))
            _add(p, c, 0, k - t, t)
            laid = True
    wilds = h[0] + h[2]
    if not wilds or p.nh[seat] - wilds != 1 or p.canastas[side] < 2:
        return laid
    size = p.wj[side] + p.wt[side]
    if size and size < SIZE:
        k = min(wilds, SIZE - size)
        t = min(k, h[2])
        if log is not None:
            log.append(("add", (WILDS, 0, k - t, t)))
        _add(p, WILDS, 0, k - t, t)
        laid = True
    return laid


def _discard_choice(p: Position) -> int:
    """The code the careful bot's cost discards among the allowed discards (-1 for none): not a
    wild card if it can help it, aces and sevens first (they cost when three are held), not a
    rank the next player may hold two of while the pile is worth taking, then the fewest held of
    its rank, the fewest out of sight, the lowest value."""
    seat = p.turn
    h = p.hands[seat]
    nh = p.nh[seat]
    if nh == 1:
        if p.canastas[seat & 1] < 2:
            return -1  # pragma: no cover (never left with one card without the canastas)
        return next(c for c in range(15) if h[c])
    pile = p.pile
    # discard.empty-pile: aces and sevens onto an empty pile only with no other natural held
    a7 = bool(pile) or nh == h[BLACK3] + h[RED3] + h[0] + h[2] + h[ACE] + h[SEVEN]
    worth = len(pile) >= 3
    theirs = p.nat[(seat & 1) ^ 1]
    mine = p.nat[seat & 1]
    gone = p.discarded[(seat + 1) & 3]
    pcount = p.pcount
    base = p.rules.discard_base
    best = -1
    best_cost = 1 << 62
    for c in _NATURALS:
        k = h[c]
        if not k or (not a7 and (c == ACE or c == SEVEN)):
            continue
        unseen = 8 - k - pcount[c] - theirs[c] - mine[c]
        cost = base[c] | k << 24
        if unseen > 0:
            cost |= unseen << 16
            # the next player may hold two of it: they would take the pile
            if worth and unseen >= 2 and not theirs[c] and not gone >> c & 1:
                cost |= 1 << 32
        if cost < best_cost:
            best, best_cost = c, cost
    if best >= 0:
        return best
    threes = h[BLACK3] + h[RED3]
    if threes == nh:  # discard.three: a hand of threes alone, with no stock
        return -1 if p.stock else (BLACK3 if h[BLACK3] else RED3)
    # discard.wild: nothing but wild cards and threes in the hand
    j, t = h[0], h[2]
    if not t or (j and (j << 24 | p.rules.values[0]) < (t << 24 | p.rules.values[2])):
        return 0
    return 2
