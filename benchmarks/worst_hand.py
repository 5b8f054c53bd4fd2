"""The worst hands for ``legal_actions()``: time and memory of the largest hands a variant holds.

    python benchmarks/worst_hand.py [--variants classic,americana,...] [--samples 60]

Two positions per variant, each after the draw:

* **not opened**: a side that has not opened holds at most its deal and what it draws, since
  taking the pile opens it: with the largest deal a house rule allows (``Variant.house_max``,
  13 cards) and the most cards a turn draws. Every set of groups reaching the minimum is a legal first
  meld, so the list grows fast with the hand's wild cards and pairs; the script tries meld-rich
  hands (many wild cards, pairs and threes of valuable ranks) and random ones, and keeps the one
  with the longest list.
* **open**: a side that has opened holds at most the pack less what is always elsewhere (one
  card in each other hand, its melds, red threes laid out), after taking a pile: the same kinds
  of hand at that size, with melds of the side on the table.

Each worst hand is timed cold (no answer kept from before), in CPU time (the machine is shared)
and wall-clock time, and its peak memory is measured with ``tracemalloc`` in a second, separate
run (tracing slows the run down, so it is not timed).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import report  # noqa: E402

import canasta  # noqa: E402
from canasta.cards import Card, cards_text, make_pack  # noqa: E402
from canasta.situation import hand_limit, situation  # noqa: E402

# the side's melds once it has opened (a natural group, or in Canasta Real two runs)
OPEN_MELDS = {"real": ["5♠ 6♠ 7♠", "9♥ 10♥ J♥"]}
OPEN_GROUP = ["K♠ K♥ K♣"]


def _pack(v: canasta.Variant) -> list[Card]:
    """The cards a hand may hold (red threes left out where they are laid out at once)."""
    return [c for c in make_pack(v.decks, v.jokers)
            if not (v.red_threes == "bonus" and c.rank == 3 and c.is_red)]


def _hands(v: canasta.Variant, size: int, pack: list[Card], rng: random.Random,
           samples: int) -> list[list[Card]]:
    """Meld-rich hands of ``size`` cards from ``pack`` (wild cards, then pairs or threes of the
    most valuable ranks), and random ones."""
    wilds = [c for c in pack if v.is_wild(c)]
    values = v.values_by_rank()
    ranks = sorted({c.rank for c in pack if not v.is_wild(c) and c.rank != 3},
                   key=lambda r: -values.get(r, 0))
    out = []
    for w in range(0, min(len(wilds), size) + 1):
        for per_rank in (2, 3):
            hand = list(wilds[:w])
            for r in ranks * 2:
                cards = [c for c in pack if c.rank == r and c not in hand][:per_rank]
                hand.extend(cards[:size - len(hand)])
                if len(hand) >= size:
                    break
            if len(hand) == size:
                out.append(hand)
    naturals = [c for c in pack if not v.is_wild(c)]
    for _ in range(samples):
        w = rng.randint(max(0, size - len(naturals)), min(len(wilds), size))
        out.append(rng.sample(wilds, w) + rng.sample(naturals, size - w))
    return out


def _state(v: canasta.Variant, hand: list[Card], opened: bool) -> canasta.State:
    melds = {}
    if opened:
        melds = {"Tú": OPEN_MELDS.get(v.name, OPEN_GROUP)}
    names = ["Tú", "Ada", "Bo", "Cleo"][:v.default_players]
    return situation(v, names=names, hands={"Tú": cards_text(hand)}, melds=melds, phase="play",
                     turn="Tú", opened={"Tú": opened} if v.name != "real" else None)


def largest_open(v: canasta.Variant) -> int:
    """The most cards an open hand can hold after taking a pile (``hand_limit``, the most a
    situation accepts), less the side's melds when the pack is short of them."""
    melds = sum(len(canasta.parse_cards(m)) for m in OPEN_MELDS.get(v.name, OPEN_GROUP))
    return min(hand_limit(v, v.default_players), len(_pack(v)) - melds - (v.default_players - 1))


def _cold(state: canasta.State) -> tuple[int, float, float]:
    """(actions, CPU seconds, wall seconds) of one cold legal_actions()."""
    moves = state.variant.fast_moves()
    if moves is not None:
        moves.position.key = None  # type: ignore[attr-defined]  # no answer kept from before
    c0, t0 = time.process_time(), time.perf_counter()
    n = len(state.legal_actions())
    return n, time.process_time() - c0, time.perf_counter() - t0


def worst(v: canasta.Variant, size: int, opened: bool, samples: int) -> dict[str, object]:
    rng = random.Random(size)
    pack = _pack(v)
    if opened:
        for m in OPEN_MELDS.get(v.name, OPEN_GROUP):
            for c in canasta.parse_cards(m):
                pack.remove(c)
    best: tuple[int, float, float, list[Card]] = (-1, 0.0, 0.0, [])
    for hand in _hands(v, size, pack, rng, samples):
        n, cpu, wall = _cold(_state(v, hand, opened))
        if (n, cpu) > best[:2]:
            best = (n, cpu, wall, hand)
    n, cpu, wall, hand = best
    # the worst hand again, cold, for its peak memory (tracing slows it down: not timed)
    state = _state(v, hand, opened)
    tracemalloc.start()
    _cold(state)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return {"cards": size, "actions": n, "cpu_s": round(cpu, 3), "wall_s": round(wall, 3),
            "peak_mb": round(peak / 1e6, 1), "hand": cards_text(sorted(hand))}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--variants", default=",".join(canasta.variant_names()))
    p.add_argument("--samples", type=int, default=60, help="random hands tried besides the "
                   "meld-rich ones")
    args = p.parse_args()
    figures: dict[str, object] = {"samples": args.samples}
    lines = []
    for name in args.variants.split(","):
        v = canasta.find_variant(name.strip())
        rows: dict[str, object] = {}
        if v.name != "real":  # Canasta Real has no first meld to reach a minimum
            dealt = v.house_max().get("cards_dealt", v.cards_dealt)
            size = dealt + max(v.draws_per_turn(p) for p in v.player_counts)
            rows["not_opened"] = worst(v, size, False, args.samples)
        rows["open"] = worst(v, largest_open(v), True, args.samples // 4)
        figures[v.name] = rows
        for kind, row in rows.items():
            assert isinstance(row, dict)
            lines.append(f"{v.name}, {kind.replace('_', ' ')}: {row['cards']} cards, "
                         f"{row['actions']:,} actions in {row['cpu_s']}s CPU "
                         f"({row['wall_s']}s wall), peak {row['peak_mb']} MB")
    report("worst_hand", figures, "\n".join(lines))


if __name__ == "__main__":
    main()
