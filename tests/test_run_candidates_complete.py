"""Canasta Real's candidate runs and lay-offs are supersets: every run and every lay-off that
the rules allow (``make_meld`` / ``extend_meld``, the definition ``check`` reads) is among them.

Both the fast and the checked legal lists are built from these candidates, so a candidate
missed would be missed by both: only a search over every subset of the hand finds it."""

from __future__ import annotations

import itertools
import random

import canasta
from canasta.cards import Card, make_pack
from canasta.melds import Meld
from canasta.variants.real import runs

REAL = canasta.find_variant("real")


def _norm(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: (c.rank, c.suit)))


def _runs_on_table(rng: random.Random, pack: list[Card], n: int) -> list[Meld]:
    """``n`` valid runs (with and without a wild 2, aces at either end)."""
    out: list[Meld] = []
    while len(out) < n:
        suit = rng.choice("♠♥♦♣")
        lo = rng.randint(1, 11)
        hi = rng.randint(lo + 2, min(14, lo + 8))
        cards = [runs.face(suit, r) for r in range(lo, hi + 1)]
        if rng.random() < 0.6:  # one place left to a wild 2
            cards[rng.randrange(len(cards))] = canasta.cards.card(2, rng.choice("♠♥♦♣"))
        meld = REAL.make_meld(cards)[0]
        if meld is not None:
            out.append(meld)
    return out


def _hand_near(rng: random.Random, meld: Meld, pack: list[Card]) -> list[Card]:
    """A hand of 6 to 8 cards, most of the run's suit around it, some 2s."""
    suit = str(meld.key)
    near = [runs.face(suit, r) for r in range(max(1, meld.roles[0] - 3),
                                              min(14, meld.roles[-1] + 3) + 1)]
    twos = [c for c in pack if c.rank == 2]
    hand = rng.sample(near, min(len(near), rng.randint(3, 5)))
    hand += rng.sample(twos, rng.randint(0, 2)) + rng.sample(pack, 1)
    return hand


def test_every_allowed_lay_off_is_a_candidate() -> None:
    rng = random.Random(264)  # its deals met the case below before the candidates covered it
    pack = make_pack(2, 0)
    allowed = 0
    for meld in _runs_on_table(rng, pack, 1000):
        hand = _hand_near(rng, meld, pack)
        found = {_norm(c) for c in runs.layoff_candidates(meld, hand)}
        for n in range(1, len(hand) + 1):
            for cards in set(itertools.combinations(sorted(hand, key=lambda c: (c.rank, c.suit)), n)):
                if REAL.extend_meld(meld, cards)[0] is not None:
                    allowed += 1
                    assert _norm(cards) in found, (meld.text, [str(c) for c in hand],
                                                   [str(c) for c in cards])
    assert allowed > 2000  # the hands met many allowed lay-offs, not only refusals


def test_every_allowed_run_is_a_candidate() -> None:
    rng = random.Random(27)
    pack = make_pack(2, 0)
    allowed = 0
    for _ in range(300):
        suit = rng.choice("♠♥♦♣")
        lo = rng.randint(1, 10)
        near = [runs.face(suit, r) for r in range(lo, min(14, lo + 6) + 1)]
        hand = rng.sample(near, rng.randint(3, 5)) + rng.sample(
            [c for c in pack if c.rank == 2], rng.randint(0, 2))
        found = {_norm(c) for c in runs.run_candidates(hand)}
        for n in range(3, len(hand) + 1):
            for cards in set(itertools.combinations(sorted(hand, key=lambda c: (c.rank, c.suit)), n)):
                if REAL.make_meld(cards)[0] is not None:
                    allowed += 1
                    assert _norm(cards) in found, ([str(c) for c in hand], [str(c) for c in cards])
    assert allowed > 300


def test_two_2s_standing_in_for_cards_held_when_the_runs_own_2_moves() -> None:
    """The run's 2♠ stands for the 9; the 9♠ arrives, so the 2♠ moves, home to the 2's place,
    and the 2♣ takes the 3's although the 3♠ is held: legal, so listed."""
    from canasta.movegen import checked_legal_actions
    from canasta.situation import situation

    state = situation("real", hands={"Tú": "10♠ A♠ 3♠ 9♠ 2♠ 2♣ K♥"},
                      melds={"Tú": ["4♠ 5♠ 6♠ 7♠ 8♠ 2♠"]}, phase="play")
    exp = state.check("add A♠ 2♣ 9♠ to #1")
    assert exp.allowed and exp.because[0].message() == (
        "A♠ 2♠ 2♣ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ is a run of spades from A to 9; 2♣ stands for the 3; "
        "2♠ is natural in its own place.")
    assert "add 2♣ 9♠ A♠ to #1" in [a.text for a in state.legal_actions()]
    assert "add 2♣ 9♠ A♠ to #1" in [a.text for a in checked_legal_actions(state)]
