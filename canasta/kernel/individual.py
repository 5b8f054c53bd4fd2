"""Individual Canasta (seed 002) on counts: each player for themselves, the pile taken at any
depth, groups only, and a fast playout policy that plays them to the end of the hand.

Cards are rank codes (0 joker, 1 ace, 2 two, 3…13 the ranks of those numbers: threes are
ordinary cards here, whatever their colour); a hand is a list of 14 counts, each seat's melds
three lists of 14 counts (naturals, jokers, twos) by the meld's rank, a natural count of 0
meaning no meld of that rank. Every seat is its own side (``state.sides`` is one seat a side).

The rules restated from :mod:`canasta.variants.individual`: a take at depth ``d`` melds the
card at that depth (never a wild card) with a pair (at least one natural of its rank; growing
the player's own meld of that rank where there is one), or lays it onto anyone's meld of its
rank once the player has opened; the ``d - 1`` cards above it join the hand first, so the pair
may hold some of them. Before opening, the take may bring extra melds from that hand, and the first melds count at least the
opening minimum, a wild card counting as the rank it joins. Once open, lay-offs go onto
anyone's melds (the meld's owner scores it, canasta and all); a meld holds at most
``max_wilds`` wild cards, which may outnumber its naturals. A hand is emptied, or left
with one card once melding ends, only with the player's own canastas. The stock's end ends the
hand as the next turn begins. Each seat scores its melds' cards and canastas, the going out
bonus, less the cards left in hand (a two at ``wild_in_hand_cost``).

The policy, sparing of wild cards as classic's (:mod:`canasta.kernel.play`): takes the pile at
the shallowest depth a take is allowed onto the player's own meld, with a natural pair, or with
a natural and a wild card (before opening, with extra melds where needed), otherwise draws; then
melds every rank held three of, lays naturals off on its own melds, wild cards where they make
its own canastas, and discards by the careful bot's cost. It never feeds another's meld (a take
onto it, a lay-off): the owner scores those cards, and in duplicate hands against
``PlayoutPolicy`` (``benchmarks/kernel_playouts.py --duel``) doing so cost some 40 points a hand
at three players and 130 at two, and gained nothing clear at four. The engine's moves that it
never makes are still restated (:func:`apply_move`, :func:`engine_action`).
``tests/test_kernel_individual.py`` mirrors every move onto the engine's ``check``.

A move, where a log is asked for, is a tuple: ``("draw",)``, ``("pass",)``, ``("discard",
code)``, ``("meld", groups)``, ``("add", owner, group)``, ``("take", depth, onto, pair,
extra)`` (``onto`` the seat whose meld takes the card, or -1 for a take with ``pair``), a group
being ``(code, naturals, jokers, twos)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..actions import Action, Add, Discard, Draw, Meld, NextHand, Pass, TakePile
from ..cards import JOKER, RANK_TEXT, Card, sorted_cards
from .play import _group_ok, _room
from .position import PHASE_DRAW, PHASE_OVER, PHASE_PLAY, Rules

if TYPE_CHECKING:
    from ..state import State
    from ..variant import Variant

NCODES = 14
MELD_CODES = (1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
"""The codes a group of one rank is made of (naturals): every rank but the wild ones."""
_PHASES = {"draw": PHASE_DRAW, "play": PHASE_PLAY}
_EXTRA_KNOWN = frozenset({"turn_meld_base", "turn_old_meld", "melded_turn", "took_pile"})

Group = tuple[int, int, int, int]
Move = tuple[Any, ...]


class IndividualRules(Rules):
    """Classic's :class:`Rules` read from individual's variant, with its own numbers: each
    code's value as the engine counts a card (a two at ``wild_in_hand_cost``), and what a code
    counts toward the opening (``opening_values``: a wild card counts as its group's rank)."""

    __slots__ = ("opening_values", "by_value")

    def __init__(self, v: Variant) -> None:
        super().__init__(v)
        self.values = tuple(v.value(Card(c, "" if c == JOKER else "♠")) for c in range(NCODES))
        self.wild = tuple(c in v.wild_ranks for c in range(NCODES))
        table = dict(v.card_values)
        self.opening_values = tuple(table.get(c, 0) for c in range(NCODES))
        # ranks by opening value, highest first: the minimum is reached with the fewest cards
        self.by_value = tuple(sorted(MELD_CODES, key=lambda c: -self.opening_values[c]))
        self.discard_base = tuple((self.wild[c] << 40) | self.values[c] for c in range(NCODES))


def _supported(v: Variant) -> bool:
    """Whether the kernel plays ``v``'s rules: individual as it is, without house rules or host
    options. Every parameter the kernel builds in is checked, so a variant that changes one falls
    back to the engine."""
    from ..variants.individual import Individual

    return (type(v) is Individual and v.name == "individual" and not v.house
            and not v.top_card_only and not v.joker_swap and v.pile_any_depth
            and set(v.wild_ranks) == {2, JOKER} and v.red_threes == "none"
            and not v.black_threes_block and not v.pile_frozen_by_wild
            and not v.pile_frozen_before_opening and not v.pile_one_card_rule
            and v.empty_stock == "ends" and v.draw_count == 1 and v.draw_count_two_players == 1
            and v.one_meld_per_rank and not v.max_meld_size and not v.wild_ends
            and not v.wilds_at_most_naturals and v.meld_min == 3 and v.min_naturals == 2
            and v.max_wilds >= 1 and v.canasta_size > 3 and v.canastas_to_go_out >= 1
            and not v.concealed_bonus and not v.partnerships and not v.upcard
            and not v.ask_partner)


_RULES: dict[int, tuple[Variant, IndividualRules | None]] = {}


def rules_for(v: Variant) -> IndividualRules | None:
    """The kernel's rules for ``v``, or None when the kernel does not play it."""
    found = _RULES.get(id(v))
    if found is None or found[0] is not v:
        found = _RULES[id(v)] = (v, IndividualRules(v) if _supported(v) else None)
    return found[1]


class Position:
    """A hand of individual Canasta in play, on counts (see the module's docstring): ``n``
    seats, each its own side; ``turn`` the seat to move, ``phase`` draw, play or over."""

    __slots__ = ("rules", "n", "hands", "nh", "nat", "jk", "tw", "canastas", "stock", "pile",
                 "opened", "need", "turn", "phase", "discarded", "went_out", "totals", "melded")

    rules: IndividualRules
    n: int
    hands: list[list[int]]
    nh: list[int]
    nat: list[list[int]]
    melded: list[int]
    jk: list[list[int]]
    tw: list[list[int]]
    canastas: list[int]
    stock: list[int]
    pile: list[int]
    opened: list[bool]
    need: list[int]
    turn: int
    phase: int
    discarded: list[int]
    went_out: int
    totals: list[int] | None

    def __init__(self) -> None:
        """An empty position, filled by :meth:`from_state` or :meth:`copy` (every field set;
        a plain constructor, which mypyc compiles, where ``__new__`` is not)."""

    @classmethod
    def from_state(cls, state: State) -> Position | None:
        """The position of ``state``, or None when the kernel does not represent it: another
        variant, house rules or host options, seats not each their own side, a hand over, a
        meld or state the kernel has no place for."""
        rules = rules_for(state.variant)
        if rules is None or state.ask:
            return None
        phase = _PHASES.get(state.phase)
        if phase is None or not _EXTRA_KNOWN.issuperset(state.extra):
            return None
        n = len(state.hands)
        if n < 2 or state.sides != tuple((i,) for i in range(n)):
            return None
        hands = []
        for hand in state.hands:
            h = [0] * NCODES
            for c in hand:
                h[c.rank] += 1
            hands.append(h)
        size = rules.canasta_size
        nat = [[0] * NCODES for _ in range(n)]
        jk = [[0] * NCODES for _ in range(n)]
        tw = [[0] * NCODES for _ in range(n)]
        canastas = [0] * n
        for seat in range(n):
            for m in state.melds[seat]:
                r = m.key
                if m.kind != "group" or not isinstance(r, int) or rules.wild[r] or nat[seat][r]:
                    return None
                j = sum(1 for c in m.cards if c.rank == JOKER)
                nat[seat][r] = m.size - m.wilds
                jk[seat][r] = j
                tw[seat][r] = m.wilds - j
                if m.size >= size:
                    canastas[seat] += 1
        nh = [len(hand) for hand in state.hands]
        turn = state.turn
        if phase == PHASE_PLAY and nh[turn] < 2 and canastas[turn] < rules.need_out:
            return None  # a hand that may neither meld nor discard (only a built state holds it)
        p = cls()
        p.rules = rules
        p.n = n
        p.hands = hands
        p.nh = nh
        p.nat, p.jk, p.tw, p.canastas = nat, jk, tw, canastas
        # by seat, the ranks of its groups (a bit each; kept with ``nat``)
        p.melded = [sum(1 << c for c in MELD_CODES if x[c]) for x in nat]
        p.stock = [c.rank for c in state.stock]
        p.pile = [c.rank for c in state.pile]
        p.opened = list(state.opened)
        p.need = [rules.need(s) for s in state.scores]
        p.turn = turn
        p.phase = phase
        # the ranks each seat has discarded this hand (what the careful discard reads)
        discarded = [0] * n
        for step in reversed(state.history):
            a = step.action
            if isinstance(a, Discard):
                assert a.card is not None
                discarded[step.seat] |= 1 << a.card.rank
            elif isinstance(a, NextHand):
                break
        p.discarded = discarded
        p.went_out = -1
        p.totals = None
        return p

    def copy(self) -> Position:
        """An independent copy (a few microseconds)."""
        p = Position()
        p.rules = self.rules
        p.n = self.n
        p.hands = [list(h) for h in self.hands]
        p.nh = list(self.nh)
        p.nat = [list(x) for x in self.nat]
        p.melded = list(self.melded)
        p.jk = [list(x) for x in self.jk]
        p.tw = [list(x) for x in self.tw]
        p.canastas = list(self.canastas)
        p.stock = list(self.stock)
        p.pile = list(self.pile)
        p.opened = list(self.opened)
        p.need = list(self.need)
        p.turn = self.turn
        p.phase = self.phase
        p.discarded = list(self.discarded)
        p.went_out = self.went_out
        p.totals = None if self.totals is None else list(self.totals)
        return p

    def key(self) -> tuple[object, ...]:
        """Everything the position holds, for comparing two positions."""
        return (self.n, tuple(map(tuple, self.hands)), tuple(self.nh),
                tuple(map(tuple, self.nat)), tuple(map(tuple, self.jk)),
                tuple(map(tuple, self.tw)), tuple(self.canastas), tuple(self.stock),
                tuple(self.pile), tuple(self.opened), tuple(self.need), self.turn, self.phase,
                tuple(self.discarded))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"<individual Position n={self.n} turn={self.turn} phase={self.phase} "
                f"stock={len(self.stock)} pile={len(self.pile)} hands={self.nh}>")


# ---- the module's interface (canasta.kernel.dispatch) -------------------------------------

def finish(p: Position, log: list[Move] | None = None) -> list[int]:
    """Play ``p`` (changed in place) to the end of the hand with the policy for every seat;
    each seat's points for the hand. ``log``, when given, receives every move."""
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
    seat's points; None where :meth:`Position.from_state` does not represent it."""
    p = Position.from_state(state)
    return None if p is None else finish(p)


def policy_action(state: State) -> Action | None:
    """The engine action of the policy's next move in ``state`` (``state`` left as it is); None
    where :meth:`Position.from_state` does not represent it."""
    p = Position.from_state(state)
    if p is None:
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
        _discard(p, move[1])
    elif kind == "meld":
        _meld(p, move[1])
    elif kind == "add":
        _add(p, move[1], *move[2])
    elif kind == "take":
        _take(p, move[1], move[2], move[3], move[4])
    else:
        raise ValueError(f"not a kernel move: {move!r}")


def engine_action(state: State, move: Move) -> Action:
    """The engine action of the kernel ``move`` for the player to move in ``state``: the cards
    of its codes, the first of each code in hand order; a meld of another seat named
    'Name:rank'."""
    pool: dict[int, list[Card]] = {}
    held = list(state.hands[state.turn])
    if move[0] == "take":  # the cards above the one gone in for join the hand first
        held += state.pile[len(state.pile) - move[1] + 1:]
    for c in sorted_cards(held):
        pool.setdefault(c.rank, []).append(c)

    def take(code: int, k: int) -> tuple[Card, ...]:
        got = pool.get(code, [])
        if len(got) < k:
            raise ValueError(f"the hand holds fewer than {k} cards of code {code}: {move!r}")
        out, pool[code] = tuple(got[:k]), got[k:]
        return out

    def group(g: Group) -> tuple[Card, ...]:
        c, k, j, t = g
        return take(c, k) + take(0, j) + take(2, t)

    def target(owner: int, code: int) -> str:
        label = RANK_TEXT[code]
        return label if owner == state.turn else f"{state.names[state.sides[owner][0]]}:{label}"

    kind = move[0]
    if kind == "draw":
        return Draw()
    if kind == "pass":
        return Pass()
    if kind == "discard":
        return Discard(card=take(move[1], 1)[0])
    if kind == "meld":
        return Meld(groups=tuple(group(g) for g in move[1]))
    if kind == "add":
        return Add(cards=group(move[2]), target=target(move[1], move[2][0]))
    if kind != "take":
        raise ValueError(f"not a kernel move: {move!r}")
    depth, onto = move[1], move[2]
    if onto >= 0:
        return TakePile(onto=target(onto, state.pile[-depth].rank), depth=depth)
    pair = tuple(take(c, 1)[0] for c in move[3])
    return TakePile(with_cards=pair, extra=tuple(group(g) for g in move[4]), depth=depth)


# ---- the rules ----------------------------------------------------------------------------

def _grown(p: Position, seat: int, c: int, k: int) -> int:
    """1 when ``k`` more cards make ``seat``'s meld of code ``c`` a canasta, else 0."""
    size = p.nat[seat][c] + p.jk[seat][c] + p.tw[seat][c]
    return 1 if size < p.rules.canasta_size <= size + k else 0


def find_take(p: Position) -> Move | None:
    """The take the policy makes, or None (see the module's docstring): the shallowest depth
    with a take onto the player's own meld, with a natural pair, or a natural and a wild card
    (a two rather than a joker). Never onto another's meld, which the meld's owner scores."""
    pile = p.pile
    if not pile:
        return None
    r_ = p.rules
    wild = r_.wild
    seat = p.turn
    h = p.hands[seat]
    nh = p.nh[seat]
    nat = p.nat[seat]
    can = p.canastas[seat]
    need_out = r_.need_out
    cs = r_.canasta_size
    opened = p.opened[seat]
    n_pile = len(pile)
    h = list(h)  # the hand with the cards above the one gone in for, which join it first
    for d in range(1, n_pile + 1):
        e = pile[n_pile - d]
        if d > 1:
            h[pile[n_pile - d + 1]] += 1
        if wild[e]:
            continue
        wilds = h[0] + h[2]
        joined = d - 1
        n_e = h[e]
        if opened:
            if nat[e]:
                if nh + joined >= 2 or can + _grown(p, seat, e, 1) >= need_out:
                    return ("take", d, seat, (), ())
                if n_e >= 2 and (nh - 2 + joined >= 2
                                 or can + _grown(p, seat, e, 3) >= need_out):
                    return ("take", d, -1, (e, e), ())
                continue  # (a wild card with it would only be spent)
            if n_e >= 2 and (nh - 2 + joined >= 2 or can + (3 >= cs) >= need_out):
                return ("take", d, -1, (e, e), ())
            if n_e and wilds and _group_ok(r_, 2, 1) and (
                    nh - 2 + joined >= 2 or can + (3 >= cs) >= need_out):
                return ("take", d, -1, (e, 2 if h[2] else 0), ())
            continue
        if not n_e:
            continue
        pairs: list[tuple[int, int]] = []
        if n_e >= 2:
            pairs.append((e, e))
        if wilds and _group_ok(r_, 2, 1):
            pairs.append((e, 2 if h[2] else 0))
        ov = r_.opening_values[e]
        need = p.need[seat]
        left = nh - 2 + joined
        made = 1 if 3 >= cs else 0
        for pair in pairs:
            if 3 * ov >= need and (left >= 2 or made >= need_out):
                return ("take", d, -1, pair, ())
            rest = list(h)
            rest[pair[0]] -= 1
            rest[pair[1]] -= 1
            extra = _groups_for(r_, rest, need - 3 * ov, e, nh - 2 - 2 + joined,
                                need_out - made)
            if extra is not None:
                return ("take", d, -1, pair, extra)
    return None


def _groups_for(r_: IndividualRules, h: list[int], target: int, skip: int, spare: int,
                want: int) -> tuple[Group, ...] | None:
    """New groups from the counts ``h`` (no group of code ``skip``) that count at least
    ``target`` toward the opening and leave at least two cards (``spare`` the most they may
    use), or any number when they hold ``want`` canastas; None when there are none. Every
    natural three or more of a rank first, then pairs with a wild card, then more wild cards;
    an exact search where that leaves too few cards."""
    ov = r_.opening_values
    cs = r_.canasta_size
    groups: list[list[int]] = []
    points = 0
    for c in r_.by_value:
        k = h[c]
        if k >= 3 and c != skip:
            groups.append([c, k, 0, 0])
            points += k * ov[c]
    jokers, twos = h[0], h[2]
    if points < target and jokers + twos and _group_ok(r_, 2, 1):
        for c in r_.by_value:
            if h[c] == 2 and c != skip and jokers + twos:
                if twos:
                    groups.append([c, 2, 0, 1])
                    twos -= 1
                else:
                    groups.append([c, 2, 1, 0])
                    jokers -= 1
                points += 3 * ov[c]
                if points >= target:
                    break
    if points < target and jokers + twos:
        for g in groups:
            room = _room(r_, g[1], g[2] + g[3])
            while room > 0 and jokers + twos and points < target:
                if twos:
                    g[3] += 1
                    twos -= 1
                else:
                    g[2] += 1
                    jokers -= 1
                points += ov[g[0]]
                room -= 1
    if points < target or not groups:
        return None  # the most any groups of this hand count
    used = sum(g[1] + g[2] + g[3] for g in groups)
    made = sum(1 for g in groups if g[1] + g[2] + g[3] >= cs)
    if used <= spare or made >= want:
        return tuple((g[0], g[1], g[2], g[3]) for g in groups)
    return _exact_groups(r_, h, target, skip, spare, want)


def _exact_groups(r_: IndividualRules, h: list[int], target: int, skip: int, spare: int,
                  want: int) -> tuple[Group, ...] | None:
    """Any groups from ``h`` as :func:`_groups_for` asks, by an exhaustive search (for the
    rare hand that would otherwise be left with fewer than two cards)."""
    ov = r_.opening_values
    cs = r_.canasta_size
    ranks = [c for c in r_.by_value if c != skip and h[c] >= r_.min_naturals]
    chosen: list[Group] = []

    def rec(i: int, points: int, used: int, jokers: int, twos: int, made: int) -> bool:
        if points >= target and chosen and (used <= spare or made >= want):
            return True
        if i == len(ranks):
            return False
        c = ranks[i]
        later = any(h[x] + jokers + twos >= cs for x in ranks[i + 1:])
        for k in range(r_.min_naturals, h[c] + 1):
            for j in range(jokers + 1):
                for t in range(twos + 1):
                    if not _group_ok(r_, k, j + t):
                        continue
                    size = k + j + t
                    grown = 1 if size >= cs else 0
                    if used + size > spare and made + grown < want and not later:
                        continue
                    chosen.append((c, k, j, t))
                    if rec(i + 1, points + size * ov[c], used + size, jokers - j, twos - t,
                           made + grown):
                        return True
                    chosen.pop()
        return rec(i + 1, points, used, jokers, twos, made)

    return tuple(chosen) if rec(0, 0, 0, h[0], h[2], 0) else None


# ---- applying moves -----------------------------------------------------------------------

def hand_totals(p: Position, went_out: int) -> list[int]:
    """Each seat's points for the hand as :func:`canasta.scoring.score_side` gives them
    (``went_out`` the seat that went out, or -1)."""
    r_ = p.rules
    values = r_.values
    size = r_.canasta_size
    jv, tv = values[0], values[2]
    out = []
    for s in range(p.n):
        t = r_.out_bonus if s == went_out else 0
        nat, jk, tw = p.nat[s], p.jk[s], p.tw[s]
        for c in MELD_CODES:
            k = nat[c]
            if k:
                j, w = jk[c], tw[c]
                t += k * values[c] + j * jv + w * tv
                if k + j + w >= size:
                    t += r_.mixed_bonus if j + w else r_.natural_bonus
        h = p.hands[s]
        for c in range(NCODES):
            if h[c]:
                t -= h[c] * values[c]
        out.append(t)
    return out


def _end(p: Position, went_out: int) -> None:
    p.phase = PHASE_OVER
    p.went_out = went_out
    p.totals = hand_totals(p, went_out)


def _draw(p: Position) -> None:
    seat = p.turn
    p.hands[seat][p.stock.pop()] += 1
    p.nh[seat] += 1
    p.phase = PHASE_PLAY


def _take(p: Position, d: int, onto: int, pair: tuple[int, ...], extra: tuple[Group, ...]
          ) -> None:
    seat = p.turn
    h = p.hands[seat]
    pile = p.pile
    cut = len(pile) - d
    e = pile[cut]
    for c in pile[cut + 1:]:
        h[c] += 1
    del pile[cut:]
    if onto >= 0:
        p.canastas[onto] += _grown(p, onto, e, 1)
        p.nat[onto][e] += 1
        p.melded[onto] |= 1 << e
    else:
        p.canastas[seat] += _grown(p, seat, e, 3)
        nat, jk, tw = p.nat[seat], p.jk[seat], p.tw[seat]
        nat[e] += 1
        p.melded[seat] |= 1 << e
        for c in pair:
            h[c] -= 1
            if c == 0:
                jk[e] += 1
            elif c == 2:
                tw[e] += 1
            else:
                nat[e] += 1
    used = len(pair) + _lay(p, seat, h, extra)
    p.nh[seat] += d - 1 - used
    p.opened[seat] = True
    p.phase = PHASE_PLAY
    if not p.nh[seat]:
        _end(p, seat)


def _lay(p: Position, seat: int, h: list[int], groups: tuple[Group, ...]) -> int:
    """New groups laid from hand ``h`` onto ``seat``'s table: the number of cards they took."""
    nat, jk, tw = p.nat[seat], p.jk[seat], p.tw[seat]
    cs = p.rules.canasta_size
    used = 0
    for c, k, j, t in groups:
        nat[c], jk[c], tw[c] = k, j, t
        if k:
            p.melded[seat] |= 1 << c
        h[c] -= k
        h[0] -= j
        h[2] -= t
        used += k + j + t
        if k + j + t >= cs:
            p.canastas[seat] += 1
    return used


def _meld(p: Position, groups: tuple[Group, ...]) -> None:
    seat = p.turn
    used = _lay(p, seat, p.hands[seat], groups)
    p.opened[seat] = True
    p.nh[seat] -= used
    if not p.nh[seat]:
        _end(p, seat)


def _add(p: Position, owner: int, c: int, k: int, j: int, t: int) -> None:
    seat = p.turn
    h = p.hands[seat]
    n = k + j + t
    p.canastas[owner] += _grown(p, owner, c, n)
    h[c] -= k
    h[0] -= j
    h[2] -= t
    p.nat[owner][c] += k
    if k:
        p.melded[owner] |= 1 << c
    p.jk[owner][c] += j
    p.tw[owner][c] += t
    p.nh[seat] -= n
    if not p.nh[seat]:
        _end(p, seat)


def _discard(p: Position, c: int) -> None:
    seat = p.turn
    p.hands[seat][c] -= 1
    p.nh[seat] -= 1
    p.pile.append(c)
    p.discarded[seat] |= 1 << c
    if not p.nh[seat]:
        _end(p, seat)
        return
    p.turn = (seat + 1) % p.n
    p.phase = PHASE_DRAW
    if not p.stock:
        _end(p, -1)  # end.stock-exhausted: the next player finds the stock empty


# ---- the policy ---------------------------------------------------------------------------

def _draw_phase(p: Position, log: list[Move] | None) -> None:
    if not p.stock:  # (a position built at that moment: in play the hand ended as it came)
        if log is not None:
            log.append(("pass",))
        _end(p, -1)
        return
    take = find_take(p)
    if take is not None:
        if log is not None:
            log.append(take)
        _take(p, take[1], take[2], take[3], take[4])
    else:
        if log is not None:
            log.append(("draw",))
        _draw(p)


def _play_phase(p: Position, log: list[Move] | None) -> None:
    _plays(p, log)
    if p.phase != PHASE_PLAY:
        return
    c = _discard_choice(p)
    if log is not None:
        log.append(("discard", c))
    _discard(p, c)


def _plays(p: Position, log: list[Move] | None) -> None:
    """The melds and lay-offs of a turn (see the module's docstring)."""
    r_ = p.rules
    seat = p.turn
    h = p.hands[seat]
    nat, jk, tw = p.nat[seat], p.jk[seat], p.tw[seat]
    cs = r_.canasta_size
    need_out = r_.need_out
    if not p.opened[seat]:
        groups = _groups_for(r_, h, p.need[seat], -1, p.nh[seat] - 2, need_out)
        if groups is None:
            return
        if log is not None:
            log.append(("meld", groups))
        _meld(p, groups)
        if p.phase != PHASE_PLAY:
            return
    # naturals onto the player's own melds, and new melds of three or more naturals
    for c in MELD_CODES:
        k = h[c]
        if not k:
            continue
        nh = p.nh[seat]
        can = p.canastas[seat]
        if nat[c]:
            size = nat[c] + jk[c] + tw[c]
            if nh - k < 2 and can + (1 if size < cs <= size + k else 0) < need_out:
                k = nh - 2
                if k <= 0:
                    continue
            if log is not None:
                log.append(("add", seat, (c, k, 0, 0)))
            _add(p, seat, c, k, 0, 0)
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


def _wild_plays(p: Position, log: list[Move] | None) -> None:
    """Wild cards: on the player's own melds they make canastas, nearest first; the rest kept,
    unless laying them on its largest melds that take them (never a natural canasta) goes
    out."""
    r_ = p.rules
    seat = p.turn
    h = p.hands[seat]
    nat, jk, tw = p.nat[seat], p.jk[seat], p.tw[seat]
    cs = r_.canasta_size
    need_out = r_.need_out
    while True:
        wilds = h[0] + h[2]
        best = -1
        best_size = 0
        for c in MELD_CODES:
            k = nat[c]
            if k:
                w = jk[c] + tw[c]
                size = k + w
                if best_size < size < cs <= size + min(_room(r_, k, w), wilds):
                    best, best_size = c, size
        if best < 0:
            break
        k = cs - best_size
        if p.nh[seat] - k < 2 and p.canastas[seat] + 1 < need_out:
            break
        t = min(k, h[2])
        if log is not None:
            log.append(("add", seat, (best, 0, k - t, t)))
        _add(p, seat, best, 0, k - t, t)
        if p.phase != PHASE_PLAY:
            return
    wilds = h[0] + h[2]
    if not wilds or p.nh[seat] - wilds > 1 or p.canastas[seat] < need_out:
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
            log.append(("add", seat, (c, 0, k - t, t)))
        _add(p, seat, c, 0, k - t, t)  # the player has its canastas: the hand may empty
        if p.phase != PHASE_PLAY:
            return


def _discard_choice(p: Position) -> int:
    """The code the careful bot's cost discards: not a wild card if it can help it, not a card
    another player could lay on a meld of theirs, then the fewest held of its rank, rather a rank
    the others discarded, the lowest value."""
    r_ = p.rules
    seat = p.turn
    h = p.hands[seat]
    theirs = 0
    safe = 0
    for s in range(p.n):
        if s != seat:
            safe |= p.discarded[s]
            theirs |= p.melded[s]
    base = r_.discard_base
    best = -1
    best_cost = 1 << 62
    for c in range(NCODES):
        k = h[c]
        if k:
            cost = base[c] | k << 16
            if theirs >> c & 1 and not r_.wild[c]:
                cost |= 1 << 24
            if not safe >> c & 1:
                cost |= 1 << 8
            if cost < best_cost:
                best, best_cost = c, cost
    return best
