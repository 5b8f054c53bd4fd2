"""How strong the bot levels are against each other, in duplicate matches.

    nice -n 10 python benchmarks/strength.py --variant classic --pair expert:careful --deals 50 \
        [--games] [--playouts 48] [--seed 1] [--players 4] [--jobs 1] [--out results.jsonl]
    python benchmarks/strength.py --table benchmarks/results/*.jsonl   # the README's table
    python benchmarks/strength.py --hint-time [--hint-variants classic]  # the coach's CPU time a hint

Every deal is played twice with the sides swapped (duplicate seating), so the deal's luck cancels.
Four players in partnerships, two bots of a level on each side (``--players 2`` for one against
one); Canasta Individual is played one against one (``--players N``: the first level at each seat
in turn against N - 1 of the second, its points over the others' average; an even share of
games is then 1/N). ``--games`` plays complete games to the
target; otherwise complete hands (the first hand of each deal), which is what the time allows for
the searching ``expert``. Reports the first level's share of games (or hands) won, ties as half,
with the Wilson 95% interval, and its points a hand over the second's with a 95% interval over
the deals (each deal's two games averaged, the unit of a duplicate match).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import report  # noqa: E402

from canasta import new_game  # noqa: E402
from canasta.bots import ExpertBot, GreedyBot, RandomBot, make_bot  # noqa: E402

MAX_ACTIONS = 20_000  # a safety net: no game needs this many actions


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins / n``."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, mid - half), min(1.0, mid + half))


def mean_interval(xs: list[float], z: float = 1.96) -> tuple[float, float, float]:
    """The mean of ``xs`` and a normal 95% interval for it."""
    if not xs:
        return (0.0, 0.0, 0.0)
    m = statistics.fmean(xs)
    if len(xs) < 2:
        return (m, m, m)
    half = z * statistics.stdev(xs) / math.sqrt(len(xs))
    return (m, m - half, m + half)


def _bot(level: str, seed: int, playouts: int) -> RandomBot | GreedyBot:
    if level == "expert":
        return ExpertBot(seed, playouts)
    return make_bot(level, seed)


def _margin(points: list[int] | tuple[int, ...], side: int) -> float:
    others = [p for k, p in enumerate(points) if k != side]
    return points[side] - sum(others) / len(others)


def _share(points: list[int] | tuple[int, ...], side: int) -> float:
    """1 for the side with the most points alone, ½ for a tie at the top, else 0."""
    best = max(points)
    if points[side] < best:
        return 0.0
    return 1.0 if sum(1 for p in points if p == best) == 1 else 0.5


def play_one(variant: str, seed: int, first: int, a: str, b: str, players: int, games: bool,
             playouts: int) -> tuple[float, list[float]]:
    """One game (or its first hand), side ``first`` played by level ``a`` and every other side
    by level ``b``: (``first``'s result 1/½/0, its points minus the others' average, by hand)."""
    st = new_game(variant, seed, players=players)
    margins: list[float] = []
    seen = 0
    for _ in range(MAX_ACTIONS):
        if st.is_over or (not games and st.results):
            break
        if len(st.results) > seen:
            seen = len(st.results)
            margins.append(_margin(st.results[-1].totals, first))
        seat = st.actor
        level = a if st.side_of(seat) == first else b
        bot = _bot(level, seed * 100_003 + len(st.history), playouts)
        st.play(bot.choose(st))
    if len(st.results) > seen:
        margins.append(_margin(st.results[-1].totals, first))
    if games and st.is_over and st.results[-1].winner is not None:
        won = 1.0 if st.results[-1].winner == first else 0.0
    else:
        won = _share(st.results[-1].scores_after if games else st.results[-1].totals, first)
    return won, margins


def play_deal(args: tuple[str, int, str, str, int, bool, int]) -> dict[str, Any]:
    """A deal played once with the first level at each side in turn (with two sides: the sides
    swapped), the others at the second level: the first level's results."""
    variant, seed, a, b, players, games, playouts = args
    t = time.process_time()
    won: list[float] = []
    margins: list[float] = []
    for first in range(len(new_game(variant, seed, players=players).sides)):
        w, m = play_one(variant, seed, first, a, b, players, games, playouts)
        won.append(w)
        margins += m
    return {"seed": seed, "won": won, "margins": margins, "cpu": time.process_time() - t}


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    won = [w for r in rows for w in r["won"]]
    n = len(won)
    wins = sum(won)
    lo, hi = wilson(wins, n)
    per_deal = [statistics.fmean(r["margins"]) for r in rows if r["margins"]]
    m, mlo, mhi = mean_interval(per_deal)
    hands = sum(len(r["margins"]) for r in rows)
    return {"n": n, "wins": wins, "share": wins / n if n else 0.0, "wilson": [lo, hi],
            "points": m, "points_ci": [mlo, mhi], "hands": hands,
            "cpu": sum(r["cpu"] for r in rows)}


class _Serial:
    """``ex.map`` in this process (for ``--jobs 1``)."""

    def __enter__(self) -> _Serial:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def map(self, fn: Any, items: Any) -> Any:
        return map(fn, items)


def table(paths: list[str]) -> str:
    """The README's table from saved deals (one JSON line per deal, see ``--out``), by variant,
    pair, unit, budget and players; a deal's seed counts once."""
    by: dict[tuple[str, str, str, int, int], dict[int, dict[str, Any]]] = {}
    lines = [line for path in paths for line in Path(path).read_text().splitlines()]
    for line in lines:
        if line.strip():
            r = json.loads(line)
            k = (r["variant"], r["pair"], r["unit"], r.get("playouts") or 0, r.get("players") or 4)
            by.setdefault(k, {})[r["seed"]] = r
    out = ["| variant | first vs second | unit | n | first won | 95% interval | points a hand [95%] |",
           "|---|---|---|---|---|---|---|"]
    order = {v: i for i, v in enumerate(("classic", "rioplatense", "americana", "real", "individual"))}
    for (variant, pair, unit, budget, players), deals in sorted(
            by.items(), key=lambda kv: (order.get(kv[0][0], 9), kv[0][1:])):
        r = summary(list(deals.values()))
        notes = [f"{budget} continuations"] if budget else []
        if players != (2 if variant == "individual" else 4):
            notes.append(f"{players} players")
        if notes:
            pair = f"{pair} ({', '.join(notes)})"
        lo, hi = r["wilson"]
        plo, phi = r["points_ci"]
        out.append(f"| {variant} | {pair.replace(':', ' vs ')} | {unit} | {r['n']} | "
                   f"{100 * r['share']:.1f} % | [{100 * lo:.1f}, {100 * hi:.1f}] | "
                   f"{r['points']:+.0f} [{plo:+.0f}, {phi:+.0f}] |")
    return "\n".join(out)


def hint_time(variants: tuple[str, ...] = ("classic", "rioplatense", "americana", "real",
                                            "individual")) -> None:
    """The coach's CPU time a hint at its budget, over positions of bot games in each variant,
    with two players and with four where the variant is played so."""
    from canasta import find_variant
    from canasta.bots import COACH_PLAYOUTS, make_coach
    from canasta.playout import PlayoutPolicy

    for variant, players in ((v, n) for v in variants for n in (4, 2)
                             if n in find_variant(v).player_counts):
        times = []
        for seed in range(3):
            st = new_game(variant, seed, players=players)
            policy = PlayoutPolicy(seed)
            step = 0
            while not st.hand_over and step < 90:
                if step % 6 == 0:
                    t = time.process_time()
                    make_coach("expert", step, variant).decide(st)
                    times.append(time.process_time() - t)
                st.play(policy.choose(st))
                step += 1
        times.sort()
        figures = {"variant": variant, "players": players, "playouts": COACH_PLAYOUTS[variant],
                   "hints": len(times), "median_s": statistics.median(times),
                   "p90_s": times[int(0.9 * len(times))], "max_s": times[-1]}
        report("hint_time", figures, f"{variant}, {players} players: {len(times)} hints at "
               f"{COACH_PLAYOUTS[variant]} "
               f"continuations, CPU median {figures['median_s']:.2f} s, 90% {figures['p90_s']:.2f} s, "
               f"max {figures['max_s']:.2f} s")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--variant", default="classic")
    p.add_argument("--pair", default="expert:careful", help="FIRST:SECOND levels")
    p.add_argument("--deals", type=int, default=20)
    p.add_argument("--first", type=int, default=0, help="the first deal's number (to add deals)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--games", action="store_true", help="complete games (default: complete hands)")
    p.add_argument("--playouts", type=int, default=ExpertBot.playouts)
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--out", default="")
    p.add_argument("--table", nargs="+", default=[], metavar="FILE",
                   help="print the README table from saved JSON-lines files")
    p.add_argument("--hint-time", action="store_true")
    p.add_argument("--hint-variants", default="classic,rioplatense,americana,real,individual",
                   help="the variants --hint-time measures, comma-separated")
    p.add_argument("--quiet", action="store_true", help="the JSON line only on stdout")
    args = p.parse_args()
    if args.table:
        print(table(args.table))
        return
    if args.hint_time:
        hint_time(tuple(args.hint_variants.split(",")))
        return
    a, b = args.pair.split(":")
    players = args.players or (2 if args.variant == "individual" else 4)
    seeds = [args.seed * 1_000_003 + d for d in range(args.first, args.first + args.deals)]
    jobs = [(args.variant, s, a, b, players, args.games, args.playouts) for s in seeds]
    unit = "games" if args.games else "hands"
    key = {"variant": args.variant, "pair": args.pair, "unit": unit, "players": players,
           "playouts": args.playouts if "expert" in (a, b) else None}
    t = time.time()
    rows = []
    with ProcessPoolExecutor(args.jobs) if args.jobs > 1 else _Serial() as ex:
        for row in ex.map(play_deal, jobs):
            rows.append(row)
            if args.out:  # every deal as it ends, so a run stopped early still counts
                with open(args.out, "a") as f:
                    f.write(json.dumps({**key, **row}) + "\n")
    s = summary(rows)
    figures = {**key, "seed": args.seed, "wall_s": time.time() - t, **s}
    lo, hi = s["wilson"]
    plo, phi = s["points_ci"]
    report("strength", figures,
           f"{args.variant} {a} vs {b}: {s['n']} {unit}, {a} won {100 * s['share']:.1f} % "
           f"[{100 * lo:.1f}, {100 * hi:.1f}], {s['points']:+.0f} points a hand "
           f"[{plo:+.0f}, {phi:+.0f}] over {s['hands']} hands, {s['cpu']:.0f} s CPU")


if __name__ == "__main__":
    main()
