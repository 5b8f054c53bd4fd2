"""The figures of the variants notebook: hands played by greedy bots, stored by
``scripts/hand_stats.py``, summarised by ``canasta.stats``. The stored hands are what the engine
plays today (a sample is replayed), there are enough of them, and the summary is right."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from canasta.render.compare import hand_stats_html
from canasta.stats import Figure, HandRecord, Share, play_hand, summarise
from canasta.variants import VARIANTS

STORED = Path(__file__).resolve().parents[1] / "examples" / "statistics" / "greedy_hands.json"
RERUN = "the engine or the bots now play differently: rerun python scripts/hand_stats.py"


@pytest.fixture(scope="module")
def stored() -> dict[str, list[HandRecord]]:
    data = json.loads(STORED.read_text(encoding="utf-8"))
    assert data["bot"] == "greedy"
    return {name: [HandRecord.from_row(r) for r in rows] for name, rows in data["hands"].items()}


def test_every_variant_has_a_thousand_finished_hands(stored: dict[str, list[HandRecord]]) -> None:
    assert set(stored) == {v.name for v in VARIANTS}
    for name, hands in stored.items():
        assert len(hands) >= 1000, name
        assert [h.seed for h in hands] == list(range(len(hands))), name
        # pile-declined: the stock ran out and the player left the pile (a stock-exhausted end)
        assert all(h.ended in ("went-out", "special-hand", "stock-exhausted", "pile-declined")
                   for h in hands), name
        sides = {len(h.points) for h in hands}
        assert len(sides) == 1 and sides.pop() >= 2, name


@pytest.mark.parametrize("name", [v.name for v in VARIANTS])
def test_a_sample_of_the_stored_hands_replays_equal(name: str,
                                                     stored: dict[str, list[HandRecord]]) -> None:
    hands = stored[name]
    sample = sorted({0, len(hands) - 1, *random.Random(f"sample:{name}").sample(range(len(hands)), 2)})
    for seed in sample:
        assert play_hand(name, seed) == hands[seed], f"{name} seed {seed}: {RERUN}"


def test_figures_and_shares() -> None:
    f = Figure.of([2, 4, 4, 4, 5, 5, 7, 9])
    assert f.mean == 5 and round(f.sd, 6) == round((32 / 7) ** 0.5, 6)
    assert round(f.margin, 6) == round(1.96 * f.sd / 8 ** 0.5, 6)
    assert (f.q1, f.q3) == (4.0, 5.5)
    assert Figure.of([3]) == Figure(3.0, 0.0, 0.0, 3.0, 3.0)
    everyone = Share(1000, 1000)
    lo, hi = everyone.interval()
    assert everyone.value == 1.0 and hi == 1.0 and 0.995 < lo < 0.997  # not an empty interval
    lo, hi = Share(500, 1000).interval()
    assert round(lo, 3) == 0.469 and round(hi, 3) == 0.531


def test_summary_of_records() -> None:
    records = [HandRecord(0, 20, "went-out", (100, -50)), HandRecord(1, 30, "stock-exhausted", (0, 40)),
               HandRecord(2, 40, "special-hand", (3000, 10)), HandRecord(3, 900, "unfinished", ())]
    s = summarise("clásica", records)
    assert (s.variant, s.hands, s.unfinished) == ("classic", 3, 1)
    assert s.turns.mean == 30 and (s.went_out.count, s.went_out.n) == (2, 3)
    assert s.points.mean == pytest.approx((100 - 50 + 0 + 40 + 3000 + 10) / 6)


def test_the_table_shows_the_number_of_hands_and_the_spread(
        stored: dict[str, list[HandRecord]]) -> None:
    summaries = [summarise(name, hands) for name, hands in stored.items()]
    html = hand_stats_html(summaries)
    classic = summaries[[s.variant for s in summaries].index("classic")]
    assert f"{classic.turns.mean:.1f} ± {classic.turns.sd:.1f}" in html
    assert "1,000" in html and "middle half:" in html and "95% interval:" in html
    es = hand_stats_html(summaries, "es")
    assert f"{classic.turns.mean:.1f} ± {classic.turns.sd:.1f}".replace(".", ",") in es
    assert "Canasta clásica" in es and "mitad central:" in es and "intervalo del 95" in es
