"""Runs: same-suit sequences with at most one wild 2 (Canasta Real), built and extended with
explanations, and the candidate runs and lay-offs for move generation.

A run is a :class:`Meld` of kind ``run``: ``key`` is the suit, ``cards`` are in order and
``roles`` gives the rank each card stands for (an ace is 1 before the 2, or 14 after the K).
A 2 of the run's suit in its own place (role 2) is natural; any other 2 is the run's wild card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...cards import ACE, RANK_TEXT, SUIT_NAMES, SUIT_NAMES_ES, Card, card, sort_key
from ...explain import Explanation, L
from ...melds import Meld

if TYPE_CHECKING:
    from ...variant import Variant

ACE_HIGH = 14
TWO = 2


def slot_text(role: int) -> str:
    """The rank a place in a run stands for ('A' for both ace places)."""
    return RANK_TEXT[ACE if role == ACE_HIGH else role]


def suit_word(suit: str) -> L:
    return L(SUIT_NAMES[suit], SUIT_NAMES_ES[suit])


def is_wild_in(c: Card, role: int, suit: str) -> bool:
    """Whether ``c`` at place ``role`` of a run of ``suit`` acts as the wild card."""
    return c.rank == TWO and not (c.suit == suit and role == TWO)


def wild_at(meld: Meld) -> tuple[Card, int] | None:
    """The run's wild card and the place it stands in, or None."""
    for c, r in zip(meld.cards, meld.roles, strict=True):
        if is_wild_in(c, r, str(meld.key)):
            return c, r
    return None


@dataclass(frozen=True)
class _Refusal:
    rule: str
    why: L = L("", "")
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
        return _Refusal("run.in-sequence", L(f"{dup.text} appears twice", f"el {dup.text} aparece dos veces"))
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
        where = ", ".join(slot_text(r) for r in gap)
        if gap_wilds:
            why = L(f"{where} would be missing and one wild 2 fills only one place",
                    f"faltarían {where} y un 2 comodín solo ocupa un lugar")
        else:
            why = L(f"{where} would be missing and there is no 2 to stand in",
                    f"faltarían {where} y no hay ningún 2 que los sustituya")
        return _Refusal("run.in-sequence", why)
    if no_room:
        return _Refusal("run.in-sequence", L("it already runs from ace to ace: there is no place left for the 2",
                                             "ya va de as a as: no queda lugar para el 2"))
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
    return v.explain(False, "run.one-suit", cards=cards, suits=" ".join(sorted(suits)))


def _valid(v: Variant, meld: Meld, because: tuple[Explanation, ...] = ()) -> Explanation:
    suit = str(meld.key)
    notes_en, notes_es = [], []
    w = wild_at(meld)
    if w is not None:
        notes_en.append(f"; {w[0].text} stands for the {slot_text(w[1])}")
        notes_es.append(f"; el {w[0].text} hace de {slot_text(w[1])}")
    own = [c for c, r in zip(meld.cards, meld.roles, strict=True) if c.rank == TWO and r == TWO
           and c.suit == suit]
    if own:
        notes_en.append(f"; {own[0].text} is natural in its own place")
        notes_es.append(f"; el {own[0].text} es natural en su lugar")
    return v.explain(True, "run.valid", because, cards=meld.cards, suit=suit_word(suit),
                     low=slot_text(meld.roles[0]), high=slot_text(meld.roles[-1]),
                     size=meld.size, wild=L("".join(notes_en), "".join(notes_es)))


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


def extend_run(v: Variant, meld: Meld, cards: Sequence[Card]) -> tuple[Meld | None, Explanation]:
    """Lay ``cards`` off onto a run. A card that a wild 2 stands for takes its place and the 2
    moves to an end (or home, as a natural 2, when it is of the run's suit and its place is free)."""
    cards = tuple(cards)
    if meld.kind != "run" or not cards:
        return None, v.explain(False, "add.target", cards=cards, meld=meld.label)
    suit = str(meld.key)
    total = meld.cards + cards
    bad = _suits_check(v, total, {suit} | {c.suit for c in cards if c.rank != TWO})
    if bad is not None:
        return None, bad
    fit = _fit(suit, total)
    if isinstance(fit, _Refusal):
        return None, _refuse(v, total, fit)
    notes = _moves_note(v, meld, fit) + _de_mil_note(v, meld, fit)
    return fit, _valid(v, fit, notes)


def _moves_note(v: Variant, before: Meld, after: Meld) -> tuple[Explanation, ...]:
    """run.wild-moves: the card a wild 2 stood for arrived; say where the 2 went."""
    old = wild_at(before)
    if old is None:
        return ()
    wild, role = old
    new = wild_at(after)
    if new is not None and new[1] == role:
        return ()
    taker = next((c for c, r in zip(after.cards, after.roles, strict=True) if r == role), None)
    if new is None:
        where = L("its own place, as a natural 2", "a su propio lugar, como 2 natural")
    elif new[1] > role:
        where = L(f"the end, as the {slot_text(new[1])}", f"al final, como {slot_text(new[1])}")
    else:
        where = L(f"the start, as the {slot_text(new[1])}", f"al principio, como {slot_text(new[1])}")
    return (v.explain(True, "run.wild-moves", card=taker or wild, wild=wild, role=slot_text(role),
                      where=where),)


# ---- candidates for move generation (supersets; ``check`` decides) --------------------------

def _face(suit: str, place: int) -> Card:
    return card(ACE if place in (1, ACE_HIGH) else place, suit)


def _twos(hand: Sequence[Card]) -> Counter[Card]:
    return Counter(c for c in hand if c.rank == TWO)


def run_candidates(hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """New runs the hand could make: every window of places filled by naturals held, with at
    most one place left to a 2, and each natural swapped for a 2 where one is held."""
    out: set[tuple[Card, ...]] = set()
    have = Counter(hand)
    twos = sorted(_twos(hand), key=sort_key)
    for suit in sorted({c.suit for c in hand if c.rank != TWO}):
        for lo in range(1, ACE_HIGH - 1):
            # the window grows from lo, one place at a time, until two places are missing
            used: dict[Card, int] = {}
            fill: list[Card] = []
            missing = 0
            for hi in range(lo, ACE_HIGH + 1):
                face = _face(suit, hi)
                if have[face] - used.get(face, 0) > 0:
                    used[face] = used.get(face, 0) + 1
                    fill.append(face)
                else:
                    missing += 1
                    if missing > 1:
                        break
                if hi < lo + 2:
                    continue
                spare = [c for c in twos if have[c] - used.get(c, 0) > 0]
                if missing == 0 and fill:
                    out.add(tuple(sorted(fill, key=sort_key)))
                for w in spare:  # a 2 in the missing place, at an end, or for a natural held
                    out.add(tuple(sorted(fill + [w], key=sort_key)))
                    if missing == 0:
                        for i in range(len(fill)):
                            out.add(tuple(sorted(fill[:i] + fill[i + 1:] + [w], key=sort_key)))
    return sorted(out, key=lambda g: [sort_key(c) for c in g])


def _window(suit: str, lo: int, hi: int, have: Counter[Card], twos: Counter[Card],
            fixed: tuple[int, ...], spare_wild: bool = False) -> Iterator[tuple[Card, ...]]:
    """Hand cards that fill the places lo..hi other than ``fixed`` (already on the table).
    With ``spare_wild`` a wild 2 already in the run may fill one missing place."""
    left = Counter(have)
    fill: list[Card] = []
    missing = 0
    for place in range(lo, hi + 1):
        if place in fixed:
            continue
        face = _face(suit, place)
        if left[face] > 0:
            left[face] -= 1
            fill.append(face)
        else:
            missing += 1
            if missing > 1:
                return
    if spare_wild:  # the run's own 2 fills the missing place, or any one place
        if fill:
            yield tuple(sorted(fill, key=sort_key))
        if missing == 0 and len(fill) > 1:
            for i in range(len(fill)):
                yield tuple(sorted(fill[:i] + fill[i + 1:], key=sort_key))
        return
    spare = [c for c in twos if left[c] > 0]
    if missing == 0 and fill:
        yield tuple(sorted(fill, key=sort_key))
    for w in spare:  # a 2 in the missing place, at an end, or in place of a natural held
        yield tuple(sorted(fill + [w], key=sort_key))
        if missing == 0:
            for i in range(len(fill)):
                yield tuple(sorted(fill[:i] + fill[i + 1:] + [w], key=sort_key))


def layoff_candidates(meld: Meld, hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Cards of the hand that could be laid off onto ``meld`` (a run)."""
    suit = str(meld.key)
    w = wild_at(meld)
    fixed = tuple(r for c, r in zip(meld.cards, meld.roles, strict=True) if w is None or r != w[1]
                  or c != w[0])
    if not fixed:
        return []
    lo0, hi0 = min(fixed), max(fixed)
    have = Counter(hand)
    twos = _twos(hand)
    out: set[tuple[Card, ...]] = set()
    for lo in range(1, lo0 + 1):
        for hi in range(hi0, ACE_HIGH + 1):
            for cand in _window(suit, lo, hi, have, twos, fixed, spare_wild=w is not None):
                out.add(cand)
    return sorted(out, key=lambda g: [sort_key(c) for c in g])
