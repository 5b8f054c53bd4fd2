"""Canasta Real's move generation passes over suits and runs before searching them; each shortcut
is a necessary condition of the search it skips, held so here: wherever it skips, the search
itself finds nothing."""

from __future__ import annotations

import random

import canasta
from canasta.cards import sorted_cards
from canasta.variants.real import runs


def _pack() -> list:
    g = canasta.new_game("real")
    return sorted(set(g.stock) | {c for h in g.hands for c in h} | set(g.pile),
                  key=lambda c: (c.suit, c.rank))


def test_a_suit_passed_over_makes_no_run(monkeypatch) -> None:
    pack = _pack()
    twos = [c for c in pack if c.rank == runs.TWO]
    rng = random.Random(7)
    skipped = 0
    for _ in range(20_000):
        suit = rng.choice("♠♥♦♣")
        cards = [c for c in pack if c.suit == suit and c.rank != runs.TWO]
        hand = rng.sample(cards * 2, rng.randint(0, 7)) + rng.sample(twos * 2, rng.randint(0, 2))
        if rng.random() < 0.2:
            hand += rng.sample([c for c in pack if c.rank != runs.TWO], 2)
        if runs._may_run(hand):
            continue
        skipped += 1
        with monkeypatch.context() as m:
            m.setattr(runs, "_may_run", lambda h: True)
            assert runs.run_candidates(hand) == [], hand
    assert skipped > 5_000  # most suits of a hand are passed over


def _random_run(rng: random.Random, pack: list) -> object:
    """A run of a random suit and span, with or without a wild 2 (of any suit, or its own
    suit's away from its place), as the engine lays it."""
    v = canasta.find_variant("real")
    while True:
        suit = rng.choice("♠♥♦♣")
        lo = rng.randint(1, 12)
        hi = rng.randint(lo + 2, min(lo + 13, runs.ACE_HIGH))
        cards = [runs.face(suit, q) for q in range(lo, hi + 1)]
        if rng.random() < 0.6:
            cards[rng.randrange(len(cards))] = rng.choice([c for c in pack if c.rank == runs.TWO])
        made = runs.new_run(v, tuple(cards))
        if made is not None:
            return made


def test_natural_layoffs_are_the_searched_ones() -> None:
    """Without a 2 in the hand, and without the card of the run's wild card's place, the
    lay-offs are the cards next to the run: the same as the candidates' search and lay_off's
    verdicts, in the same order, with the same runs laid (and no end for a 2 to choose)."""
    pack = _pack()
    rng = random.Random(11)
    found = 0
    for _ in range(6_000):
        run = _random_run(rng, pack)
        suit = str(run.key)
        w = runs.wild_at(run)
        naturals = [c for c in pack if c.suit == suit and c.rank != runs.TWO]
        held = tuple(sorted_cards(rng.sample(naturals * 2, rng.randint(1, 9))))
        if w is not None and runs.face(suit, w[1]) in held:
            continue
        searched = []
        for cards in runs.layoff_candidates(run, held):
            grown, ends = runs.lay_off(run, cards)
            if grown is not None:
                assert ends == {}, (run, cards)
                searched.append((cards, grown))
        assert runs.natural_layoffs(run, held) == searched, (run, held)
        found += len(searched)
    assert found > 2_000
