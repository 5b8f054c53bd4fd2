"""One click on the card table answered, in kernel time: the action's text built, checked and
applied, the bots' replies played (greedy bots), the view model rebuilt and serialised as the
widget sends it. Also a card selected (the view redrawn), a hint (the coach's choice, said) and
an undo at the end of each hand (the game replayed without your last action). Times are wall
clock and, since the machine is shared, also the process's CPU time.

Hands are played by clicks as a learner following the coach would, in every variant.

    python benchmarks/table_click.py [--hands 3] [--variants classic real]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import report  # noqa: E402


def click_for(table: Any, action: Any) -> dict[str, Any]:
    """The click that plays ``action`` (its cards are selected first)."""
    from canasta.actions import Add, Discard, Draw, Meld, TakePile

    st = table.state
    if isinstance(action, Draw):
        return {"do": "stock"}
    if isinstance(action, TakePile) and (action.with_cards or action.onto or action.depth > 1):
        return {"do": "pile", "depth": action.depth}
    if isinstance(action, Meld):
        return {"do": "meld"}
    if isinstance(action, Add):
        side, index = st.variant.locate_meld(st, st.side_of(table.human), action.target)
        return {"do": "add", "side": side, "index": index}
    if isinstance(action, Discard):
        return {"do": "discard"}
    return {"do": "action", "text": action.text}


CPU: list[float] = []  # the same clicks in CPU time of this process (the machine is shared)


def timed(fn: Any, table: Any) -> float:
    """Milliseconds for ``fn()`` and the serialisation of the view it leaves (what is sent)."""
    t, c = time.perf_counter(), time.process_time()
    fn()
    json.dumps(table.table.view)
    CPU.append((time.process_time() - c) * 1000)
    return (time.perf_counter() - t) * 1000


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--hands", type=int, default=3, help="hands played per variant")
    p.add_argument("--variants", nargs="*", default=None)
    args = p.parse_args()
    from canasta.bots import make_bot
    from canasta.registry import variant_names
    from canasta.render.tableview import action_cards, places, shown_hand
    from canasta.widgets import PlayTable

    clicks: dict[str, list[float]] = {}
    selects: list[float] = []
    hints: list[float] = []
    undos: list[float] = []
    cpu: list[float] = []  # the clicks' CPU time
    for variant in args.variants or variant_names():
        times = clicks.setdefault(variant, [])
        for seed in range(args.hands):
            table = PlayTable(variant, seed=seed, bots="greedy")
            for _ in range(500):
                st = table.state
                if st.hand_over:
                    break
                hints.append(timed(table.hint, table))
                # the hint's suggestion cleared as the table clears it (a learner's click on a
                # hinted card would start a selection of its own, not clear it)
                table._set_selection([])
                action = make_bot("careful", len(st.history)).choose(st)
                for i in places(shown_hand(st, 0, table.order), action_cards(action)):
                    chosen = [*table.table.selected, i]
                    selects.append(timed(lambda chosen=chosen, w=table.table: setattr(
                        w, "selected", chosen), table))
                msg = click_for(table, action)
                times.append(timed(lambda msg=msg, w=table.table: w.click(**msg), table))
                cpu.append(CPU[-1])
                assert table.table.view["said"] is None, (variant, action.text)
            undos.append(timed(table.undo, table))
    every = [t for ts in clicks.values() for t in ts]
    per_variant = {v: {"clicks": len(ts), "median_ms": round(statistics.median(ts), 2),
                       "p95_ms": round(sorted(ts)[int(0.95 * (len(ts) - 1))], 2),
                       "max_ms": round(max(ts), 2), "over_100_ms": sum(t > 100 for t in ts)}
                   for v, ts in clicks.items()}
    fig = {"clicks": len(every), "click_median_ms": round(statistics.median(every), 2),
           "click_max_ms": round(max(every), 2), "over_100_ms": sum(t > 100 for t in every),
           "click_cpu_median_ms": round(statistics.median(cpu), 2),
           "click_cpu_max_ms": round(max(cpu), 2), "cpu_over_100_ms": sum(t > 100 for t in cpu),
           "select_median_ms": round(statistics.median(selects), 2),
           "select_max_ms": round(max(selects), 2),
           "hint_median_ms": round(statistics.median(hints), 2),
           "hint_max_ms": round(max(hints), 2), "undo_max_ms": round(max(undos), 2),
           "variants": per_variant}
    rows = "; ".join(f"{v} {f['median_ms']} ms median, {f['max_ms']} ms max"
                     for v, f in per_variant.items())
    report("table_click", fig,
           f"a click answered (checked, applied, greedy bots' replies, view rebuilt and "
           f"serialised): {fig['click_median_ms']} ms median, {fig['click_max_ms']} ms max over "
           f"{len(every)} clicks, {fig['over_100_ms']} over 100 ms ({rows}); in CPU time "
           f"{fig['click_cpu_median_ms']} ms median, {fig['click_cpu_max_ms']} ms max, "
           f"{fig['cpu_over_100_ms']} over 100 ms; a card selected: "
           f"{fig['select_median_ms']} ms median; a hint: {fig['hint_median_ms']} ms median, "
           f"{fig['hint_max_ms']} ms max; an undo at the end of a hand: {fig['undo_max_ms']} ms max")


if __name__ == "__main__":
    main()
