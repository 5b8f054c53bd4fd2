"""Runs: same-suit sequences with at most one wild 2 (Canasta Real), built and extended with
explanations, and the candidate runs and lay-offs for move generation.

A run is a :class:`Meld` of kind ``run``: ``key`` is the suit, ``cards`` are in order and
``roles`` gives the rank each card stands for (an ace is 1 before the 2, or 14 after the K).
A 2 of the run's suit in its own place (role 2) is natural; any other 2 is the run's wild card.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...cards import ACE, HAND_ORDER, RANK_TEXT, SUITS, Card, card, sort_key
from ...explain import Explanation, P, Phrase
from ...melds import Meld

if TYPE_CHECKING:
    from ...variant import Variant

ACE_HIGH = 14
TWO = 2
_order = HAND_ORDER.__getitem__  # hand order, as sort_key gives it, by a lookup


def slot_text(role: int) -> str:
    """The rank a place in a run stands for ('A' for both ace places)."""
    return RANK_TEXT[ACE if role == ACE_HIGH else role]


def suit_word(suit: str) -> Phrase:
    return P("suit", suit=suit)


def is_wild_in(c: Card, role: int, suit: str) -> bool:
    """Whether ``c`` at place ``role`` of a run of ``suit`` acts as the wild card."""
    return c.rank == TWO and not (c.suit == suit and role == TWO)


def wild_at(meld: Meld) -> tuple[Card, int] | None:
    """The run's wild card and the place it stands in, or None."""
    if not meld.wilds:  # a run counts its wild card (at most one)
        return None
    suit = str(meld.key)
    for c, r in zip(meld.cards, meld.roles, strict=True):
        if c.rank == TWO and not (c.suit == suit and r == TWO):
            return c, r
    return None


@dataclass(frozen=True)
class _Refusal:
    rule: str
    why: Phrase | None = None
    wilds: int = 0


def _fit(suit: str, cards: Sequence[Card]) -> Meld | _Refusal:
    """Place ``cards`` (non-2s all of ``suit``) as one run, with as few wild 2s as possible."""
    twos = [c for c in cards if c.rank == TWO]
    aces = [c for c in cards if c.rank == ACE]
    others = [c for c in cards if c.rank not in (TWO, ACE)]
    counts = Counter(others)
    twice = sorted({c for c, n in counts.items() if n > 1}, key=sort_key)
    if twice or len(aces) > 2:
        dup = twice[0] if twice else aces[0]
        return _Refusal("run.in-sequence", P("why.appears-twice", card=dup))
    own_twos = [c for c in twos if c.suit == suit]
    by_aces: dict[int, list[tuple[int, ...]]] = {0: [()], 1: [(1,), (ACE_HIGH,)], 2: [(1, ACE_HIGH)]}
    ace_places = by_aces[len(aces)]
    gap: list[int] | None = None  # the smallest set of missing places seen
    gap_wilds = 0
    least_wilds = 99
    no_room = False
    for places in ace_places:
        for natural_two in ((True, False) if own_twos else (False,)):
            pos = sorted([c.rank for c in others] + list(places) + ([TWO] if natural_two else []))
            k = len(twos) - (1 if natural_two else 0)
            least_wilds = min(least_wilds, k)
            if k > 1 or not pos:
                continue
            lo, hi = pos[0], pos[-1]
            missing = sorted(set(range(lo, hi + 1)) - set(pos))
            if len(missing) > k:
                if gap is None or len(missing) < len(gap):
                    gap, gap_wilds = missing, k
                continue
            wild_role = None
            if missing:
                wild_role = missing[0]
            elif k:
                # no gap: the wild card extends the run, after its top if there is room
                wild_role = hi + 1 if hi < ACE_HIGH else (lo - 1 if lo > 1 else None)
                if wild_role is None:
                    no_room = True
                    continue
            return _build(suit, others, aces, places, twos, natural_two, wild_role)
    if _wraps(others, aces, twos, own_twos):
        return _Refusal("run.no-wrap")
    if gap is not None:
        gone = tuple(slot_text(r) for r in gap)
        if gap_wilds or twos:  # a 2 is there (natural in its place, or wild): it fills one place
            why = P("why.run-gap-one-wild", missing=gone)
        else:
            why = P("why.run-gap-no-wild", missing=gone)
        return _Refusal("run.in-sequence", why)
    if no_room:
        return _Refusal("run.in-sequence", P("why.run-ace-to-ace"))
    return _Refusal("run.wild-limit", wilds=least_wilds)


def _build(suit: str, others: list[Card], aces: list[Card], places: tuple[int, ...], twos: list[Card],
           natural_two: bool, wild_role: int | None) -> Meld:
    placed = [(c.rank, c) for c in others] + list(zip(places, aces, strict=True))
    rest = list(twos)
    if natural_two:
        own = next(c for c in rest if c.suit == suit)
        rest.remove(own)
        placed.append((TWO, own))
    if wild_role is not None:
        placed.append((wild_role, rest.pop()))
    placed.sort(key=lambda p: p[0])
    return Meld("run", suit, tuple(c for _, c in placed), 1 if wild_role is not None else 0,
                tuple(r for r, _ in placed))


def _wraps(others: list[Card], aces: list[Card], twos: list[Card], own_twos: list[Card]) -> bool:
    """Whether the cards would make a sequence only by turning the corner K-A-2."""
    if not aces:
        return False
    low = [c.rank for c in others]
    for natural_two in ((True, False) if own_twos else (False,)):
        k = len(twos) - (1 if natural_two else 0)
        if k > 1:
            continue
        for top in range(3, 13):  # ranks up to ``top`` continue after the ace
            pos = sorted([r + 13 if r <= top else r for r in low] + [ACE_HIGH] * len(aces)
                         + ([TWO + 13] if natural_two else []))
            if len(set(pos)) != len(pos) or pos[-1] <= ACE_HIGH:
                continue
            if pos[-1] - pos[0] + 1 - len(pos) <= k:
                return True
    return False


def _refuse(v: Variant, cards: tuple[Card, ...], r: _Refusal) -> Explanation:
    if r.rule == "run.wild-limit":
        return v.explain(False, r.rule, cards=cards, wilds=r.wilds, most=1)
    if r.rule == "run.no-wrap":
        return v.explain(False, r.rule, cards=cards)
    return v.explain(False, r.rule, cards=cards, why=r.why)


def _suits_check(v: Variant, cards: tuple[Card, ...], suits: set[str]) -> Explanation | None:
    """run.no-sets / run.one-suit: the cards other than 2s are all of one suit."""
    naturals = [c for c in cards if c.rank != TWO]
    if len(suits) <= 1:
        return None
    ranks = {c.rank for c in naturals}
    if len(ranks) == 1:
        return v.explain(False, "run.no-sets", cards=cards, rank=RANK_TEXT[naturals[0].rank])
    return v.explain(False, "run.one-suit", cards=cards, suits=tuple(suit_word(x) for x in sorted(suits)))


def _valid(v: Variant, meld: Meld, because: tuple[Explanation, ...] = ()) -> Explanation:
    suit = str(meld.key)
    w = wild_at(meld)
    own = [c for c, r in zip(meld.cards, meld.roles, strict=True) if c.rank == TWO and r == TWO
           and c.suit == suit]
    return v.explain(True, "run.valid", because, cards=meld.cards, suit=suit_word(suit),
                     low=slot_text(meld.roles[0]), high=slot_text(meld.roles[-1]),
                     size=meld.size, wild=w[0] if w else None, role=slot_text(w[1]) if w else "",
                     natural=own[0] if own else None)


def _de_mil_note(v: Variant, before: Meld | None, after: Meld) -> tuple[Explanation, ...]:
    """run.de-mil: the run has just become a canasta from ace to ace without a wild card."""
    if v.canasta_kind(after) != "de mil" or (before is not None and v.canasta_kind(before) == "de mil"):
        return ()
    return (v.explain(True, "run.de-mil", meld=after.label, suit=suit_word(str(after.key)),
                      bonus=v.canasta_bonus(after)),)


def make_run(v: Variant, cards: Sequence[Card]) -> tuple[Meld | None, Explanation]:
    """A new run from ``cards``: three or more of one suit in order, at most one wild 2."""
    cards = tuple(cards)
    # meld.min-cards: three or more
    if len(cards) < v.meld_min:
        return None, v.explain(False, "meld.min-cards", cards=cards, count=len(cards), need=v.meld_min)
    suits = {c.suit for c in cards if c.rank != TWO}
    bad = _suits_check(v, cards, suits)
    if bad is not None:
        return None, bad
    if not suits:  # only 2s: one may be natural, the others would all be wild
        return None, v.explain(False, "run.wild-limit", cards=cards, wilds=len(cards) - 1, most=1)
    fit = _fit(suits.pop(), cards)
    if isinstance(fit, _Refusal):
        return None, _refuse(v, cards, fit)
    return fit, _valid(v, fit, _de_mil_note(v, None, fit))


def new_run(v: Variant, cards: tuple[Card, ...]) -> Meld | None:
    """:func:`make_run`'s run, without its explanation (None: refused)."""
    if len(cards) < v.meld_min:
        return None
    suits = {c.suit for c in cards if c.rank != TWO}
    if len(suits) != 1:
        return None  # run.one-suit / run.no-sets, or 2s alone (run.wild-limit)
    fit = _fit(suits.pop(), cards)
    return None if isinstance(fit, _Refusal) else fit


# ---- placements: where each card of a run stands --------------------------------------------------
# A run's cards keep their places. A wild 2 moves only when the card it stands for arrives: that
# card takes its place and the 2 goes to a free place (a gap, or the start or the end of the run);
# "2/7/8/9 <=> 7/8/9/2". Where the 2 may go to either end the player may say which (``place``:
# the 2 and "start" or "end"); otherwise the engine puts it home as a natural 2 when it can, else
# after the top, else before the bottom.

Arrangement = dict[int, Card]  # place (rank role) -> card
Place = tuple[Card, str] | None  # (the 2 whose end is chosen, "start" | "end")
ENDS = ("start", "end")


@dataclass(frozen=True)
class _Option:
    cards: Arrangement
    free: tuple[tuple[Card, int], ...]  # the 2s whose place was chosen, and where
    n_wild: int  # the wild cards among ``cards`` (counted once: sorting options asks often)

    def end_of(self, two: Card) -> str:
        """'start' / 'end' when ``two`` was put at that end of the run, '' in a gap."""
        for c, r in self.free:
            if c == two:
                roles = sorted(self.cards)
                return "start" if r == roles[0] else ("end" if r == roles[-1] else "")
        return ""

    def key(self) -> tuple[int, int, int]:
        """The engine's own choice first: fewest wild cards (a 2 home as a natural 2), each
        chosen 2 after the top rather than before the bottom, an ace low."""
        ends = sum(1 for c, _ in self.free if self.end_of(c) == "start")
        aces_high = sum(1 for r, c in self.cards.items() if c.rank == ACE and r == ACE_HIGH)
        return (self.n_wild, ends, aces_high)


def _options(suit: str, fixed: Arrangement, stays: tuple[Card, int] | None,
             moving: Sequence[Card], new: Sequence[Card], why: bool = True
             ) -> tuple[list[_Option], _Refusal]:
    """Every placement of ``new`` cards (and of the ``moving`` 2s) around the ``fixed`` ones
    (and a wild 2 that ``stays`` where it is unless its card arrives), one run in the end with
    at most one wild 2; or, when there is none, why."""
    twos = [c for c in new if c.rank == TWO]
    aces = [c for c in new if c.rank == ACE]
    others = [c for c in new if c.rank not in (TWO, ACE)]
    seen: set[int] = set(fixed)
    for c in sorted(others, key=sort_key):
        if c.rank in seen:
            return [], _Refusal("run.in-sequence", P("why.appears-twice", card=c))
        seen.add(c.rank)
    out: list[_Option] = []
    refusal: _Refusal | None = None
    # a 2 of the suit arriving where a wild 2 stands for it takes its own place as a natural 2
    # (the card the wild card stood for: the 2 then moves, as for any other card)
    home = next((c for c in twos if c.suit == suit), None)
    if home is not None and stays is not None and stays[1] == TWO:
        twos.remove(home)
        others.append(home)
    for ace_roles in sorted(set(itertools.product((1, ACE_HIGH), repeat=len(aces)))):
        placed = dict(fixed)
        clash = False
        for c in others:
            placed[c.rank] = c
        for c, r in zip(aces, ace_roles, strict=True):
            if r in placed:
                clash = True
            placed[r] = c
        if clash:
            refusal = refusal or _Refusal("run.in-sequence", P("why.appears-twice", card=aces[0]))
            continue
        free = list(moving)
        if stays is not None:
            if stays[1] in placed:  # the card the 2 stood for arrived: the 2 moves
                free.append(stays[0])
            else:
                placed[stays[1]] = stays[0]
        free += twos
        if not placed:
            refusal = refusal or _Refusal("run.wild-limit", wilds=len(free) - 1)
            continue
        lo, hi = min(placed), max(placed)
        spots = sorted({r for r in range(max(1, lo - len(free)), min(ACE_HIGH, hi + len(free)) + 1)
                        if r not in placed} | ({TWO} - set(placed)))
        found = False
        for where in itertools.permutations(spots, len(free)):
            arr = dict(placed)
            arr.update(zip(where, free, strict=True))
            roles = sorted(arr)
            if roles[-1] - roles[0] + 1 != len(roles):
                continue
            n_wild = sum(1 for r, c in arr.items() if is_wild_in(c, r, suit))
            if n_wild > 1:
                refusal = refusal or _Refusal("run.wild-limit", wilds=n_wild)
                continue
            option = _Option(arr, tuple(zip(free, where, strict=True)), n_wild)
            out.append(option)
            found = True
        if not found and refusal is None and why:  # (move generation asks no reason)
            refusal = _gap_refusal(suit, placed, stays, free)
    if out:
        return out, _Refusal("")
    return [], refusal or _Refusal("run.in-sequence")


def _gap_refusal(suit: str, placed: Arrangement, stays: tuple[Card, int] | None,
                 free: Sequence[Card]) -> _Refusal:
    """Why the cards leave a hole in the run: what is missing, and why no 2 fills it."""
    roles = sorted(placed)
    missing = [r for r in range(roles[0], roles[-1] + 1) if r not in placed]
    if not missing:  # no room at either end for the 2
        return _Refusal("run.in-sequence", P("why.run-ace-to-ace"))
    gone = tuple(slot_text(r) for r in missing)
    natural = next((c for r, c in placed.items() if r == TWO and c.rank == TWO), None)
    if stays is not None and stays[1] in placed and placed[stays[1]] is stays[0]:
        w, r = stays
        why = P("why.run-gap-wild-stays", missing=gone, two=w, role=slot_text(r),
                card=_face(suit, r))
    elif natural is not None and not free:
        why = P("why.run-gap-natural-two", missing=gone, two=natural)
    elif free:
        why = P("why.run-gap-one-wild", missing=gone)
    else:
        why = P("why.run-gap-no-wild", missing=gone)
    return _Refusal("run.in-sequence", why)


def _best(suit: str, options: list[_Option]) -> list[_Option]:
    """The placements, the engine's own choice first."""
    return sorted(options, key=_Option.key)


def _choose(v: Variant, suit: str, options: list[_Option], place: Place, cards: tuple[Card, ...]
            ) -> _Option | Explanation:
    """The placement the player named (``place``), or the engine's own choice."""
    best = _best(suit, options)
    if place is None:
        return best[0]
    two, end = place
    if end not in ENDS or two.rank != TWO:
        return v.explain(False, "run.wild-end", cards=cards, card=two, end=end,
                         why=P("why.end-only-a-two"))
    chosen = [o for o in best if o.end_of(two) == end]
    if chosen:
        return chosen[0]
    if not any(c == two for o in best for c, _ in o.free):
        why = P("why.end-two-keeps-place", two=two)
    else:
        why = P("why.end-no-room", two=two, end=end)
    return v.explain(False, "run.wild-end", cards=cards, card=two, end=end, why=why)





def _as_meld(suit: str, option: _Option) -> Meld:
    roles = sorted(option.cards)
    return Meld("run", suit, tuple(option.cards[r] for r in roles),
                option.n_wild, tuple(roles))


def placed_run(v: Variant, cards: Sequence[Card], place: Place) -> tuple[Meld | None, Explanation]:
    """A new run whose 2 the player puts at one end (``place``); see :func:`make_run`."""
    cards = tuple(cards)
    made, exp = make_run(v, cards)
    if made is None:
        return None, exp
    suit = str(made.key)
    options, refusal = _options(suit, {}, None, (), cards)
    if not options:
        return None, _refuse(v, cards, refusal)
    chosen = _choose(v, suit, options, place, cards)
    if isinstance(chosen, Explanation):
        return None, chosen
    fit = _as_meld(suit, chosen)
    return fit, _valid(v, fit, _de_mil_note(v, None, fit))


def extend_run(v: Variant, meld: Meld, cards: Sequence[Card], place: Place = None
               ) -> tuple[Meld | None, Explanation]:
    """Lay ``cards`` off onto a run. The cards on the table keep their places; a wild 2 moves only
    when the card it stands for arrives, to a free place (``place`` names the end)."""
    cards = tuple(cards)
    if meld.kind != "run" or not cards:
        return None, v.explain(False, "add.target", cards=cards, meld=meld.label)
    suit = str(meld.key)
    total = meld.cards + cards
    bad = _suits_check(v, total, {suit} | {c.suit for c in cards if c.rank != TWO})
    if bad is not None:
        return None, bad
    w = wild_at(meld)
    fixed = {r: c for c, r in zip(meld.cards, meld.roles, strict=True)
             if w is None or (c, r) != w}
    options, refusal = _options(suit, fixed, w, (), cards)
    if not options:
        return None, _refuse(v, total, refusal)
    chosen = _choose(v, suit, options, place, total)
    if isinstance(chosen, Explanation):
        return None, chosen
    fit = _as_meld(suit, chosen)
    notes = _moves_note(v, meld, fit) + _de_mil_note(v, meld, fit)
    return fit, _valid(v, fit, notes)


def _ends(suit: str, best: list[_Option]) -> dict[tuple[Card, str], Meld]:
    """For each 2 that may go to the start or the end, the run with it there (what a ``place``
    naming it chooses: the first such placement of ``best``, the engine's own order)."""
    out: dict[tuple[Card, str], Meld] = {}
    for o in best:
        for c, _ in o.free:
            end = o.end_of(c)
            if end and (c, end) not in out:
                out[c, end] = _as_meld(suit, o)
    return out


def run_ends(run: Meld, cards: tuple[Card, ...]) -> dict[tuple[Card, str], Meld]:
    """The verdicts of :func:`placed_run` on ``cards`` (which ``make_run`` lays down as
    ``run``), without explanations: for each (2, end) a player may name, the run laid so."""
    suit = str(run.key)
    return _ends(suit, _best(suit, _options(suit, {}, None, (), cards, why=False)[0]))


def lay_off(meld: Meld, cards: tuple[Card, ...]
            ) -> tuple[Meld | None, dict[tuple[Card, str], Meld]]:
    """The verdicts of :func:`extend_run` without explanations: ``meld`` once ``cards`` are laid
    off as the engine places them (None: refused), and for each (2, end) a player may name, the
    run laid so."""
    if meld.kind != "run" or not cards:
        return None, {}
    suit = str(meld.key)
    if any(c.rank != TWO and c.suit != suit for c in cards):
        return None, {}  # run.one-suit / run.no-sets
    w = wild_at(meld)
    if all(c.rank != TWO for c in cards) and (w is None or (
            w[1] not in {c.rank for c in cards if c.rank != ACE}
            and not (w[1] in (1, ACE_HIGH) and any(c.rank == ACE for c in cards)))):
        # naturals only, and the run's wild card (if any) keeps its place: no 2 to place
        return _naturals_laid_off(meld, cards), {}
    fixed = {r: c for c, r in zip(meld.cards, meld.roles, strict=True)
             if w is None or (c, r) != w}
    options = _options(suit, fixed, w, (), cards, why=False)[0]
    if not options:
        return None, {}
    best = _best(suit, options)
    return _as_meld(suit, best[0]), _ends(suit, best)


def _naturals_laid_off(meld: Meld, cards: tuple[Card, ...]) -> Meld | None:
    """:func:`lay_off` of naturals onto a run whose wild card (if any) keeps its place: no 2 to
    place, so each card takes its own place (an ace low where both would do), and the run must
    stay unbroken."""
    suit = str(meld.key)
    placed = dict(zip(meld.roles, meld.cards, strict=True))
    aces = []
    for c in cards:
        if c.rank == ACE:
            aces.append(c)
        elif c.rank in placed:
            return None  # run.in-sequence: the card appears twice
        else:
            placed[c.rank] = c
    best: dict[int, Card] | None = None
    best_high = 0
    for roles in sorted(set(itertools.product((1, ACE_HIGH), repeat=len(aces)))):
        arr = dict(placed)
        if any(r in arr for r in roles) or len(set(roles)) != len(roles):
            continue
        arr.update(zip(roles, aces, strict=True))
        if max(arr) - min(arr) + 1 != len(arr):
            continue
        high = sum(1 for r in roles if r == ACE_HIGH)  # the engine's choice: aces low
        if best is None or high < best_high:
            best, best_high = arr, high
    if best is None:
        return None
    order = sorted(best)
    return Meld("run", suit, tuple(best[r] for r in order), meld.wilds, tuple(order))


def _moves_note(v: Variant, before: Meld, after: Meld) -> tuple[Explanation, ...]:
    """run.wild-moves: the card a wild 2 stood for arrived; say where the 2 went."""
    old = wild_at(before)
    if old is None:
        return ()
    wild, role = old
    at = dict(zip(after.roles, after.cards, strict=True))
    if at.get(role) is wild:
        return ()
    # where the 2 went (a natural 2 of the same face may sit in its own place: the other one)
    moved = [r for r, c in at.items() if c == wild and r != role]
    new_role = next((r for r in moved if is_wild_in(wild, r, str(after.key))), moved[0])
    taker = at[role]
    if not is_wild_in(wild, new_role, str(after.key)):
        where = P("where.own-place")
    elif new_role == after.roles[-1]:
        where = P("where.end", role=slot_text(new_role))
    elif new_role == after.roles[0]:
        where = P("where.start", role=slot_text(new_role))
    else:
        where = P("where.gap", role=slot_text(new_role))
    return (v.explain(True, "run.wild-moves", card=taker, wild=wild, role=slot_text(role),
                      where=where),)


# ---- candidates for move generation (supersets; ``check`` decides) --------------------------

def face(suit: str, place: int) -> Card:
    """The card of ``suit`` that stands in ``place`` of a run (an ace at 1 or 14)."""
    return card(ACE if place in (1, ACE_HIGH) else place, suit)


_face = face
# every suit's card at every place of a run, looked up in the loops below
_FACES: dict[tuple[str, int], Card] = {(s, p): face(s, p) for s in SUITS
                                       for p in range(1, ACE_HIGH + 1)}


def run_candidates(hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """New runs the hand could make: every window of places filled by naturals held, with at
    most one place left to a 2, and each natural swapped for a 2 where one is held."""
    if not _may_run(hand):
        return []
    out: set[tuple[Card, ...]] = set()
    have: dict[Card, int] = {}
    for c in hand:
        have[c] = have.get(c, 0) + 1
    twos = sorted((c for c in have if c.rank == TWO), key=_order)
    for suit in sorted({c.suit for c in hand if c.rank != TWO}):
        faces = [_FACES[suit, p] for p in range(1, ACE_HIGH + 1)]
        held = [0] + [have.get(f, 0) for f in faces]  # copies held for each place
        faces.insert(0, faces[0])
        own_two = faces[TWO]  # (cards are interned: ``is`` compares faces)
        own_twos = have.get(own_two, 0)
        for lo in range(1, ACE_HIGH - 1):
            # the window grows from lo, one place at a time, until two places are missing
            fill: list[Card] = []
            missing = 0
            two_used = False
            for hi in range(lo, ACE_HIGH + 1):
                n = held[hi]
                if hi == ACE_HIGH and lo == 1:
                    n -= 1  # the ace at place 1 took one copy
                if n > 0:
                    fill.append(faces[hi])
                    two_used = two_used or hi == TWO
                else:
                    missing += 1
                    if missing > 1:
                        break
                if hi < lo + 2:
                    continue
                # the 2s left over: the suit's own 2 is gone if the window took its only copy
                spare = [c for c in twos if c is not own_two] if two_used and own_twos < 2 else twos
                if missing == 0:
                    out.add(tuple(sorted(fill, key=_order)))
                for w in spare:  # a 2 in the missing place, at an end, or for a natural held
                    out.add(tuple(sorted(fill + [w], key=_order)))
                    if missing == 0:
                        for i in range(len(fill)):
                            out.add(tuple(sorted(fill[:i] + fill[i + 1:] + [w], key=_order)))
    return sorted(out, key=lambda g: [_order(c) for c in g])


def _may_run(hand: Sequence[Card]) -> bool:
    """A necessary condition for :func:`run_candidates` to find a run: the first three places of
    any run hold two naturals at least, or three where no 2 is held to stand in (a 2 is counted
    in its own place of every suit, as a natural 2 may be). Most suits of a hand fail it."""
    masks: dict[str, int] = {}
    two = False
    for c in hand:
        r = c.rank
        if r == TWO:
            two = True
        else:
            bits = (1 << 1 | 1 << ACE_HIGH) if r == ACE else 1 << r
            masks[c.suit] = masks.get(c.suit, 0) | bits
    for mask in masks.values():
        if two:
            mask |= 1 << TWO
            if mask & (mask >> 1) or mask & (mask >> 2):
                return True
        elif mask & (mask >> 1) & (mask >> 2):
            return True
    return False


def layoff_candidates(meld: Meld, hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Cards of the hand that could be laid off onto ``meld`` (a run): a superset of the allowed
    lay-offs (``check`` decides). The cards on the table keep their places, so the new cards fill
    the places of a wider window around them, their own faces, with at most two places left to
    2s (one of them a 2 going home as a natural 2): the run's own 2 when its card arrives, or 2s
    of the hand."""
    suit = str(meld.key)
    w = wild_at(meld)
    fixed = {r for c, r in zip(meld.cards, meld.roles, strict=True) if w is None or (c, r) != w}
    if not fixed:
        return []
    lo0, hi0 = meld.roles[0], meld.roles[-1]
    have: dict[Card, int] = {}
    for c in hand:
        have[c] = have.get(c, 0) + 1
    twos = sorted((c for c in have if c.rank == TWO), key=_order)
    held_twos = sum(have[c] for c in twos)
    own_two = _FACES[suit, TWO]
    ace = _FACES[suit, 1]
    out: set[tuple[Card, ...]] = set()
    for arrive in ((False, True) if w is not None else (False,)):
        if arrive and not have.get(_FACES[suit, w[1]]):  # type: ignore[index]
            continue
        inner = (_FACES[suit, w[1]],) if arrive and w is not None else ()
        # the places a 2 may fill: one as the run's wild card (none while the run's own wild 2
        # keeps its place), and the 2's own place for a 2 of the suit
        free = held_twos + (1 if arrive else 0)
        natural = TWO not in fixed and (any(c.suit == suit for c in twos) or (
            arrive and w is not None and w[0].suit == suit))
        cap = min(free, (0 if w is not None and not arrive else 1) + (1 if natural else 0))
        highs = _reach(suit, have, fixed, range(hi0 + 1, ACE_HIGH + 1), cap)
        for lo, lo_missing, low in _reach(suit, have, fixed, range(lo0 - 1, 0, -1), cap):
            for hi, hi_missing, high in highs:
                if hi - lo + 1 > ACE_HIGH or lo_missing + hi_missing > cap:
                    continue
                faces = [*inner, *low, *high]
                if faces.count(ace) > have.get(ace, 0):  # one ace held, both ends reached
                    del faces[len(faces) - 1 - faces[::-1].index(ace)]
                used = faces.count(own_two)
                # the 2s left over: the suit's own 2 is gone if the faces took every copy
                spare = [c for c in twos if c is not own_two or have[c] > used]
                for cand in _fills(faces, spare, have, own_two, used, moving=arrive):
                    if cand and cand not in out and _may_lay_off(suit, fixed, w, cand):
                        out.add(cand)
    return sorted(out, key=lambda g: [_order(c) for c in g])


def natural_layoffs(meld: Meld, held: tuple[Card, ...]) -> list[tuple[tuple[Card, ...], Meld]]:
    """The lay-offs onto ``meld`` (a run) of cards of its suit alone, ``held`` (no 2), where
    they do not hold the card of its wild card's place: each in the order of
    :func:`layoff_candidates`, with the run as :func:`lay_off` lays it. No 2 is then free to fill
    a place, so the cards held next to the run extend it in unbroken lines below and above it
    (an ace before the 2 or after the king; one ace that both ends would take goes before the 2),
    and the wild card keeps its place. ``tests/test_real_shortcuts.py`` holds it to those two."""
    suit = str(meld.key)
    lo, hi = meld.roles[0], meld.roles[-1]
    down: list[int] = []  # the places held below the run, nearest first
    r = lo - 1
    while r >= 1 and _FACES[suit, r] in held:
        down.append(r)
        r -= 1
    up: list[int] = []
    r = hi + 1
    while r <= ACE_HIGH and _FACES[suit, r] in held:
        up.append(r)
        r += 1
    if not down and not up:
        return []
    one_ace = held.count(_FACES[suit, 1]) < 2
    found: dict[tuple[Card, ...], tuple[int, tuple[int, ...]]] = {}
    for i in range(len(down) + 1):
        for j in range(len(up) + 1):
            if not i and not j:
                continue
            places = (*down[:i], *up[:j])
            high = 1 if j and up[j - 1] == ACE_HIGH else 0
            if high and one_ace and i and down[i - 1] == 1:
                continue  # one ace for both ends: the same cards as without the high one
            cards = tuple(sorted((_FACES[suit, q] for q in places), key=_order))
            kept = found.get(cards)
            if kept is None or high < kept[0]:  # an ace low where both ends would take it
                found[cards] = (high, places)
    out = []
    for cards in sorted(found, key=lambda g: [_order(c) for c in g]):
        at = dict(zip(meld.roles, meld.cards, strict=True))
        for q in found[cards][1]:
            at[q] = _FACES[suit, q]
        roles = tuple(sorted(at))
        out.append((cards, Meld("run", suit, tuple(at[q] for q in roles), meld.wilds, roles)))
    return out


def _holes(places: set[int]) -> int:
    return max(places) - min(places) + 1 - len(places)


def _may_lay_off(suit: str, fixed: set[int], w: tuple[Card, int] | None,
                 cand: tuple[Card, ...]) -> bool:
    """A necessary condition for laying ``cand`` off (cheap, so that most refusals never reach
    :func:`lay_off`): a run holds at most one wild 2, and one 2 of its suit at most is natural, in
    the 2's place; every place left between the naturals takes a 2."""
    twos = [c for c in cand if c.rank == TWO]
    if w is not None:
        twos.append(w[0])
    n = len(twos)
    if n <= 1 and not any(c.rank == ACE for c in cand):
        places = fixed | {c.rank for c in cand if c.rank != TWO}
        if _holes(places) <= n:
            return True
        natural = n == 1 and twos[0].suit == suit and TWO not in fixed
        return natural and _holes(places | {TWO}) == 0
    if n <= 1:
        return True  # an ace may go to either end: left to lay_off
    if n > 2 or TWO in fixed or not any(c.suit == suit for c in twos):
        return False  # two wild 2s at least
    if any(c.rank == ACE for c in cand):
        return True
    return _holes(fixed | {c.rank for c in cand if c.rank != TWO} | {TWO}) <= 1


def _reach(suit: str, have: dict[Card, int], fixed: set[int], roles: range, cap: int
           ) -> list[tuple[int, int, tuple[Card, ...]]]:
    """How far a run may be extended along ``roles`` (one direction), each place either held as a
    natural or left to a 2 (``cap`` of them at most): every end reached, the run's own end first,
    with the places it leaves to 2s and the faces held on the way."""
    out: list[tuple[int, int, tuple[Card, ...]]] = [(roles.start - roles.step, 0, ())]
    missing = 0
    faces: list[Card] = []
    for r in roles:
        if r in fixed:
            break
        face = _FACES[suit, r]
        if have.get(face, 0) > 0:  # (one side meets each face once, the ace aside: see above)
            faces.append(face)
        else:
            missing += 1
            if missing > cap:
                break
        out.append((r, missing, tuple(faces)))
    return out


def _fills(faces: list[Card], spare: Sequence[Card], have: dict[Card, int], own_two: Card,
           used_two: int, moving: bool = False) -> Iterator[tuple[Card, ...]]:
    """The hand's cards for a lay-off: the ``faces`` held, with ``spare`` 2s of the hand added
    (one or two), each 2 (and, with a ``moving`` 2, the run's own, whose card is the first of
    ``faces`` and stays) free to stand in for a face held instead."""
    added: list[list[Card]] = [[]]
    for i, a in enumerate(spare):
        added.append([a])
        left = have[a] - (used_two if a is own_two else 0)
        for b in spare[i:]:
            if b is not a or left > 1:
                added.append([a, b])
    first = 1 if moving else 0  # the card the moving 2 stood for stays
    n = len(faces)
    for extra in added:
        yield tuple(sorted(faces + extra, key=_order))
        stand_in = min(2, len(extra) + first)  # faces a 2 may take the place of
        for k in range(1, stand_in + 1):
            for gone in itertools.combinations(range(first, n), k):
                kept = [c for j, c in enumerate(faces) if j not in gone]
                yield tuple(sorted(kept + extra, key=_order))
