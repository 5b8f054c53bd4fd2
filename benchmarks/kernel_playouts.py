"""Playouts to the end of a hand per CPU second, the counts kernel against the engine's policy,
from the same mid-hand positions, side by side in one run (interleaved rounds).

    python benchmarks/kernel_playouts.py [--variant classic] [--players 4] [--positions 40] \
        [--rounds 5] [--duel 0]

Each round plays one playout from every position both ways, in turn: the variant's kernel
(:func:`canasta.kernel.finish_state` of a re-dealt copy, reading the position included) and
today's ``PlayoutPolicy`` on the engine (``canasta.playout.playout`` on a copy). Reports
playouts per CPU second of each, per round, with min/median/max, their ratio by round, and in
classic the CPU time of one ``Position.from_state``.

``--duel N`` also plays N deals twice, one side with the kernel's policy
(:func:`canasta.kernel.policy_action`) and the others with ``PlayoutPolicy``, seats swapped the
second time (duplicate), from the deal to the end of the first hand: the kernel policy's points
a hand over the engine policy's (over the others' average), with a 95% interval.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import report  # noqa: E402

from canasta import new_game  # noqa: E402
from canasta.determinize import determinize, known_in_hands  # noqa: E402
from canasta.kernel import Position, finish_state, policy_action  # noqa: E402
from canasta.playout import PlayoutPolicy, margin, playout  # noqa: E402
from canasta.state import State  # noqa: E402


def positions(n: int, variant: str = "classic", players: int | None = None) -> list[State]:
    """``n`` mid-hand positions: games of the playout policy, 12 to 40 actions in, that the
    variant's kernel represents."""
    out = []
    seed = 0
    while len(out) < n:
        if seed > 50 * n + 100:
            raise SystemExit(f"the {variant} kernel represents none of the positions tried")
        st = new_game(variant, seed, players=players)
        policy = PlayoutPolicy(seed)
        steps = 12 + (seed * 7) % 29
        for _ in range(steps):
            if st.hand_over:
                break
            st.play(policy.choose(st))
        seed += 1
        if not st.hand_over and finish_state(st) is not None:
            out.append(st)
    return out


def kernel_round(deals: list[State]) -> float:
    t = time.process_time()
    for d in deals:
        assert finish_state(d) is not None
    return len(deals) / (time.process_time() - t)


def from_state_us(deals: list[State], repeat: int = 20) -> float:
    """The CPU time of one ``Position.from_state``, in microseconds."""
    t = time.process_time()
    for _ in range(repeat):
        for d in deals:
            Position.from_state(d)
    return 1e6 * (time.process_time() - t) / (repeat * len(deals))


def engine_round(deals: list[State], policy: PlayoutPolicy) -> float:
    t = time.process_time()
    for d in deals:
        s = d.copy()
        playout(s, s.side_of(s.actor), policy)
    return len(deals) / (time.process_time() - t)


def duel(deals: int, variant: str = "classic", players: int | None = None
         ) -> tuple[float, float, float]:
    """The kernel policy's points a hand over PlayoutPolicy's (mean, 95% interval): side 0 has
    the kernel's policy, then side 1 on the same deal."""
    diffs = []
    for seed in range(deals):
        pair = []
        for kernel_side in (0, 1):
            st = new_game(variant, 10_000 + seed, players=players)
            policy = PlayoutPolicy(seed)
            while not st.hand_over:
                if st.side_of(st.actor) == kernel_side:
                    action = policy_action(st)
                    if action is not None:
                        st.apply(action)
                        continue
                st.play(policy.choose(st))
            pair.append(margin(st.results[-1].totals, kernel_side))
        diffs.append(sum(pair) / 2)
    m = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else 0.0
    return m, m - half, m + half


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="classic")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--duel", type=int, default=0, help="deals of the policies' duplicate duel")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    states = positions(args.positions, args.variant, args.players)
    kernel: list[float] = []
    engine: list[float] = []
    policy = PlayoutPolicy(0)
    for r in range(args.rounds):
        # the same re-deals for both, new ones each round
        deals = []
        for i, st in enumerate(states):
            rng = random.Random(f"bench:{r}:{i}")
            deals.append(determinize(st, st.actor, rng, known_in_hands(st)))
        if r % 2:
            engine.append(engine_round(deals, policy))
            kernel.append(kernel_round(deals))
        else:
            kernel.append(kernel_round(deals))
            engine.append(engine_round(deals, policy))
    ratios = [k / e for k, e in zip(kernel, engine, strict=True)]
    read = from_state_us(deals) if args.variant == "classic" else None

    def mmm(xs: list[float]) -> list[float]:
        return [round(min(xs), 1), round(statistics.median(xs), 1), round(max(xs), 1)]

    figures: dict[str, object] = {
        "positions": len(states), "rounds": args.rounds,
        "kernel_per_s": mmm(kernel), "engine_per_s": mmm(engine), "ratio": mmm(ratios),
        "variant": args.variant, "players": states[0].players}
    line = (f"playouts to the end of the hand per CPU second, {len(states)} mid-hand "
            f"{args.variant} positions ({states[0].players} players) x {args.rounds} interleaved "
            f"rounds (min/median/max): kernel "
            f"{'/'.join(map(str, mmm(kernel)))}, engine PlayoutPolicy "
            f"{'/'.join(map(str, mmm(engine)))}; ratio {'/'.join(map(str, mmm(ratios)))}")
    if read is not None:
        figures["from_state_us"] = round(read, 1)
        line += f"; Position.from_state {read:.0f} µs"
    if args.duel:
        m, lo, hi = duel(args.duel, args.variant, args.players)
        figures["duel"] = {"deals": args.duel, "points_a_hand": [round(m, 1), round(lo, 1),
                                                                 round(hi, 1)]}
        line += (f"\nkernel policy vs PlayoutPolicy, {args.duel} duplicate deals (first hand): "
                 f"{m:+.1f} points a hand [{lo:+.1f}, {hi:+.1f}]")
    report("kernel_playouts", figures, line)


if __name__ == "__main__":
    main()
