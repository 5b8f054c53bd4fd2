"""Random complete hands: every card accounted for after every action, every game finishes."""

from __future__ import annotations

import pytest

from canasta.simulate import simulate


def test_300_random_classic_hands_keep_every_card() -> None:
    total = 0
    seed = 0
    while total < 300:
        r = simulate("classic", games=5, seed=seed)
        assert r.violations == []
        total += r.hands
        seed += 1
    assert total >= 300


def test_simulate_reports_its_figures() -> None:
    r = simulate("classic", games=2, seed=1)
    d = r.to_dict()
    assert d["games"] == 2 and d["violations"] == 0
    assert d["hands"] >= 2 and d["decisions"] > 100


@pytest.mark.long
def test_long_random_play_10000_hands_classic() -> None:
    total = 0
    seed = 1000
    while total < 10_000:
        r = simulate("classic", games=20, seed=seed)
        assert r.violations == []
        total += r.hands
        seed += 1
