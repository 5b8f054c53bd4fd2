"""The ``expert`` bot's search: determinized Monte Carlo over a few candidate moves.

For one decision: the candidate moves (the heuristics' best few), then ``samples`` re-deals of
the cards the seat cannot see; on each re-deal every candidate is played and the hand finished by
the playout policy. The move with the best average for the side is chosen; its :class:`Choice`
holds the averages of the best moves, the number of continuations behind each, and the
strategic reason where one of the known ones decides between them.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any

from .actions import Action, Add, AskPartner, Discard, Draw, Meld, TakePile
from .bots import (
    CarefulBot,
    Choice,
    GreedyBot,
    _after,
    _discard_choice,
    _draw_choice,
    _plain,
    _play_choice,
    _size,
    _take_choice,
)
from .determinize import determinize, known_in_hands
from .playout import PlayoutPolicy, hand_margin

if TYPE_CHECKING:
    from .cards import Card
    from .state import State
    from .variant import Variant


def _cards_of(a: Action) -> tuple[Card, ...]:
    if isinstance(a, Meld):
        return tuple(c for g in a.groups for c in g)
    if isinstance(a, Add):
        return a.cards
    if isinstance(a, TakePile):
        return (*a.with_cards, *(c for g in a.extra for c in g))
    return ()


def _wilds(state: State, a: Action) -> int:
    v = state.variant
    return sum(1 for c in _cards_of(a) if v.is_wild(c))


def _makes_canasta(state: State, a: Action) -> bool:
    """Whether the meld or lay-off ``a`` makes a new canasta for the side."""
    v = state.variant
    if isinstance(a, Meld):
        return any(len(g) >= v.canasta_size for g in a.groups)
    if isinstance(a, Add):
        found = v.locate_meld(state, state.side_of(state.turn), a.target)
        if found is None or found[0] != state.side_of(state.turn):
            return False  # (another player's meld: its canasta is theirs)
        meld = state.melds[found[0]][found[1]]
        return not v.canasta_kind(meld) and meld.size + len(a.cards) >= v.canasta_size
    return False


def candidates(state: State, actions: list[Action], seed: int, most: int) -> tuple[Choice, list[Action]]:
    """The ``careful`` bot's choice and up to ``most`` moves worth searching, that one first:
    the ``greedy`` choice, a play that completes a canasta, the same play without wild cards,
    holding back (the discard instead of a meld), the next best discards."""
    careful = CarefulBot(seed)
    base = careful.decide(state, actions)
    out: list[Action] = [base.action]

    suits_count = state.variant.name == "real"  # runs by suit: a 9♣ is not a 9♠ there

    def same(a: Action, b: Action) -> bool:
        if a == b:
            return True
        if isinstance(a, Discard) and isinstance(b, Discard) and not suits_count \
                and a.card is not None and b.card is not None:
            return a.card.rank == b.card.rank and (a.card.rank != 3 or a.card.is_red == b.card.is_red)
        return False

    def add(a: Action | None) -> None:
        if a is not None and not any(same(a, b) for b in out) and len(out) < most:
            out.append(a)

    add(GreedyBot(seed).decide(state, actions).action)
    takes = [a for a in actions if isinstance(a, TakePile)]
    draw = next((a for a in actions if isinstance(a, Draw)), None)
    if takes or draw is not None:
        add(draw)
        if takes:
            add(max(takes, key=_size))
            add(min(takes, key=lambda a: (_wilds(state, a), -_size(a))))
        return base, out
    plays = [a for a in actions if isinstance(a, (Meld, Add))]
    discards = [a for a in actions if isinstance(a, Discard)]
    # a play that completes a canasta is always worth weighing (the heuristics play the largest
    # play, which may be another one)
    add(max((a for a in plays if _makes_canasta(state, a)), key=_size, default=None))
    if isinstance(base.action, (Meld, Add)):
        clean = [a for a in plays if not _wilds(state, a)]
        if _wilds(state, base.action) and clean:
            add(max(clean, key=_size))
        if discards:
            add(careful.discard(state, discards).action)
    if discards:
        ranked = sorted(discards, key=lambda a: careful.discard_cost(state, a.card))  # type: ignore[arg-type]
        for a in ranked:  # (add keeps one of each rank, up to ``most`` moves in all)
            add(a)
    return base, out


def search_choice(state: State, actions: list[Action], seed: int, playouts: int,
                  most: int = 4) -> Choice:
    """The expert's :class:`Choice` among ``actions`` with about ``playouts`` continuations."""
    # (the answer to a partner is not searched: a deal of the cards the answerer cannot see
    # would have to hold a hand that can go out, which is what the partner's asking says)
    if len(actions) == 1 or state.phase == "answer" or all(
            isinstance(a, AskPartner) or not isinstance(a, (Draw, TakePile, Meld, Add, Discard))
            for a in actions):
        return CarefulBot(seed).decide(state, actions)
    base, moves = candidates(state, actions, seed, most)
    if len(moves) == 1:
        return base
    seat = state.actor
    side = state.side_of(seat)
    samples = max(1, playouts // len(moves))
    known = known_in_hands(state)
    values: list[list[float]] = [[] for _ in moves]
    policy = PlayoutPolicy(seed)
    for k in range(samples):
        deal = determinize(state, seat, random.Random(f"expert:{seed}:{k}"), known)
        for i, a in enumerate(moves):
            s = deal.copy()
            s.play(a)
            values[i].append(hand_margin(s, side, policy))
    means = [_mean(v) for v in values]
    best = _best(values, means)
    chosen = moves[best]
    reason = base if best == 0 else _reason(state, chosen, actions)
    # the chosen move first, then the others best first
    ranked = [best, *sorted((i for i in range(len(moves)) if i != best), key=lambda i: -means[i])]
    found = tuple((moves[i], round(means[i], 1)) for i in ranked[:3])
    # how far each average could move on other samples (its standard error), said beside it
    margins = tuple(round(_stderr(values[i], means[i])) for i in ranked[:3])
    # the melds the lay-offs among them go onto, by owner and label ('Cleo', '10'; '', '♠5-8'
    # for '#1'), so the coach can say them in words rather than as a typed move names them
    targets: dict[str, tuple[str, str]] = {}
    for a, _ in found:
        if isinstance(a, Add):
            where = state.variant.locate_meld(state, side, a.target)
            if where is not None:
                owner = "" if where[0] == side else state.names[state.sides[where[0]][0]]
                targets[a.target] = (owner, state.melds[where[0]][where[1]].label)
    top = max(range(len(moves)), key=lambda i: means[i])
    facts: dict[str, Any] = {**reason.facts, "search": found, "samples": samples, "targets": targets,
                             "margins": margins,
                             "moves": len(moves), "alone": state.partner_of(seat) is None,
                             "rivals": len(state.sides) - 1}
    if means[top] > means[best]:  # ahead on these samples, not by more than chance: said so
        facts["unsure"] = moves[top]
    strategy, more = _strategy(state, chosen, [moves[i] for i in ranked if i != best])
    if strategy:
        facts["strategy"] = strategy
        facts.update(more)
    return Choice(chosen, reason.why, facts)


def _mean(xs: list[float]) -> float:
    """The average, summed exactly (``math.fsum``): the builtin ``sum`` of floats rounds
    differently from Python 3.12 on, and the static site's Pyodide is a newer Python than the
    CPython beside it, so a near tie would otherwise give another move for the same seed."""
    return math.fsum(xs) / len(xs)


def _stderr(xs: list[float], mean: float) -> float:
    """The standard error of the average of ``xs`` (0 for a single sample)."""
    if len(xs) < 2:
        return 0.0
    return math.sqrt(math.fsum((x - mean) ** 2 for x in xs) / (len(xs) - 1) / len(xs))


SURE = 1.0
"""How many standard errors of the paired difference a move must gain over the heuristic's
before the search overrules it: the hands' scores spread widely, and on a few dozen samples a
move that only looks better is more often noise than a better move."""


def _best(values: list[list[float]], means: list[float]) -> int:
    """The index of the move to play: the best average among the moves that beat the heuristic's
    (index 0) by more than :data:`SURE` standard errors on the same samples, else 0."""
    base = values[0]
    n = len(base)
    best = 0
    for i in range(1, len(values)):
        diffs = [x - y for x, y in zip(values[i], base, strict=True)]
        gain = _mean(diffs)
        if n > 1:
            var = math.fsum((d - gain) ** 2 for d in diffs) / (n - 1)
            sure = gain > SURE * math.sqrt(var / n)
        else:
            sure = gain > 0
        if sure and means[i] > means[best]:
            best = i
    return best


def _reason(state: State, a: Action, actions: list[Action]) -> Choice:
    """The plain reason for ``a`` (the heuristics' reason keys)."""
    if isinstance(a, TakePile):
        return _take_choice(state, a)
    if isinstance(a, Draw):
        return _draw_choice(state, actions)
    if isinstance(a, (Meld, Add)):
        return _play_choice(state, a)
    if isinstance(a, Discard):
        return _discard_choice(state, a, "")
    return _plain(state, a)


def _goes_out(state: State, a: Action, seat: int) -> bool:
    """Whether ``a`` ends the hand with ``seat`` out of cards (as the engine plays it)."""
    after = _after(state, a)
    return after is not None and after.hand_over and not after.hands[seat]


def _same_play(v: Variant, chosen: Action, other: Action) -> bool:
    """Whether ``other`` is ``chosen`` with wild cards: the same kind of move, onto the same
    meld (a lay-off) or of the same ranks (a meld), so keeping the wild cards is the difference."""
    if type(other) is not type(chosen):
        return False
    if isinstance(chosen, Add) and isinstance(other, Add):
        return chosen.target == other.target
    if isinstance(chosen, Meld) and isinstance(other, Meld):
        def ranks(a: Meld) -> set[int]:
            return {c.rank for g in a.groups for c in g if not v.is_wild(c)}
        return ranks(chosen) == ranks(other)
    return True


def _strategy(state: State, chosen: Action, others: list[Action]) -> tuple[str, dict[str, Any]]:
    """The strategic reason that tells ``chosen`` from the next best moves, where one applies:
    ``go_out`` (going out before the other side's canasta), ``keep_wild`` (the same meld on
    naturals alone), ``natural`` (a natural canasta kept in reach), ``freeze`` (the pile frozen
    against a side that would take it)."""
    v = state.variant
    seat = state.turn
    side = state.side_of(seat)
    theirs = [m for s, melds in enumerate(state.melds) if s != side for m in melds]
    after = _after(state, chosen)
    if after is None:  # (a move the search played is legal; be safe in words)
        return "", {}
    if after.hand_over and not after.hands[seat]:
        near = [m for m in theirs if not v.canasta_kind(m) and m.size >= v.canasta_size - 2]
        if near:
            return "go_out", {"their_size": max(m.size for m in near)}
    else:
        # a move that goes out was searched and came out worse: the learner is told it was there
        for o in others:
            if isinstance(o, (Meld, Add, Discard)) and _goes_out(state, o, seat):
                return "wait", {"out": o}
    chosen_wilds = _wilds(state, chosen)
    if isinstance(chosen, (Meld, Add, TakePile)) and not chosen_wilds and any(
            _same_play(v, chosen, o) and _wilds(state, o) for o in others):
        held = {"wilds": sum(1 for c in state.hands[seat] if v.is_wild(c))}  # one, or several
        if isinstance(chosen, Meld) and not state.opened[side]:
            if not after.opened[side]:  # (a meld of threes in Americana opens nothing)
                return "", {}
            return "keep_wild", {**held, "need": v.opening_need(state.scores[side])[0],
                                 "points": sum(v.meld_points(g) for g in chosen.groups)}
        return "keep_wild", held
    for o in others:
        if isinstance(o, Add) and _wilds(state, o) and o.target != getattr(chosen, "target", None):
            found = v.locate_meld(state, side, o.target)
            if found is not None:
                meld = state.melds[found[0]][found[1]]
                if not any(v.is_wild(c) for c in meld.cards) and meld.size >= v.canasta_size - 3:
                    return "natural", {"size": meld.size}
    if isinstance(chosen, Discard) and chosen.card is not None and v.is_wild(chosen.card) \
            and v.pile_frozen_by_wild and len(state.pile) >= 5 and not state.pile_frozen:
        return "freeze", {"count": len(state.pile)}
    return "", {}
