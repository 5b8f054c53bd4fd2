"""Canasta Real's move generation passes over suits and runs before searching them; each shortcut
is a necessary condition of the search it skips, held so here: wherever it skips, the search
itself finds nothing."""

from __future__ import annotations

import random

import canasta
from canasta.variants.real import runs
from canasta.variants.real.moves import MOVES


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


def test_a_run_passed_over_takes_no_card_of_its_suit_alone() -> None:
    skipped = 0
    for seed in range(25):
        s = canasta.new_game("real", seed=seed)
        rng = random.Random(seed)
        while not s.hand_over:
            if s.phase == "play":
                hand = s.hands[s.turn]
                for side_melds in s.melds:
                    for m in side_melds:
                        if m.kind != "run":
                            continue
                        held = tuple(c for c in hand if c.suit == m.key and c.rank != runs.TWO)
                        if held and not MOVES.may_grow(m, held):
                            skipped += 1
                            assert runs.layoff_candidates(m, held) == [], (m, held)
            legal = s.legal_actions()
            s.play(legal[rng.randrange(len(legal))])
    assert skipped > 100
