"""The worst case a rules sandbox accepts: the biggest hand, in time and memory.

    python benchmarks/sandbox_worst.py [--variant classic] [--sizes 11 20 30 ...]
                                       [--timeout 60] [--max-mb 2000]

A learner may type any hand into the sandbox up to the most cards a hand can hold in the variant
(``canasta.situation.hand_limit``: 98 in classic). The hardest position for the engine is a
side that has not opened, after the draw, with a hand of every rank and every wild card it can
hold: the first melds may combine all of them. For each hand size the script builds that
situation, asks ``legal_actions()``, then presses the sandbox's "What can I do now?" (the
``RulesSandbox`` widget's hint, from a blank table whose fields were given the hand and the pile:
the situation rebuilt from the fields, the actions listed, the table drawn), each size in a fresh process watched from outside: a size that runs past ``--timeout``
seconds or ``--max-mb`` of memory is stopped, and the larger sizes are not tried.

Figures: the time of each step (wall-clock and the process's CPU time, steadier on a shared
machine), the number of legal actions, the size of what the hint sends to the browser (the list's HTML and the card table's
view)
and the process's peak memory (interpreter and widgets included).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import report  # noqa: E402

SIZES = [11, 15, 20, 25, 30, 35, 40, 50, 60, 80]


def worst_hand(variant: str, size: int) -> tuple[list[str], str, str]:
    """A meld-rich hand of ``size`` cards (wild cards first, then one card of each rank in turn,
    red threes left out where they are laid out at once), the pile's one card, and the player."""
    import canasta
    from canasta.cards import make_pack

    v = canasta.find_variant(variant)
    pack = make_pack(v.decks, v.jokers)
    bonus = v.red_threes == "bonus"
    columns: dict[int, list] = {}
    for c in sorted(pack, key=lambda c: (not v.is_wild(c), -c.rank, c.suit)):
        if bonus and c.rank == 3 and c.is_red:
            continue
        columns.setdefault(c.rank, []).append(c)
    order = sorted(columns, key=lambda r: (not any(v.is_wild(c) for c in columns[r]), -r))
    hand = []
    while len(hand) < size and any(columns.values()):
        for r in order:
            if columns[r] and len(hand) < size:
                hand.append(columns[r].pop(0))
    # the pile's card: a natural of a rank the hand holds twice (so the pile could be taken)
    pile = next(cs[0] for r, cs in columns.items() if cs and not v.is_wild(cs[0]) and r != 3)
    player = canasta.new_game(v).names[0]
    return [c.text for c in hand], pile.text, player


def _child(variant: str, size: int) -> None:
    import dataclasses
    import resource

    from canasta import find_variant
    from canasta.situation import situation
    from canasta.widgets import RulesSandbox

    hand, pile, player = worst_hand(variant, size)
    given = {"variant": variant, "hands": {player: hand}, "pile": pile, "phase": "play",
             "turn": player}
    # a copy of the variant keeps verdicts of its own: legal_actions() here and the sandbox's
    # hint below (on the registered variant) both start cold, as a learner's first click does
    fresh = dataclasses.replace(find_variant(variant))
    t = time.perf_counter()
    state = situation(**{**given, "variant": fresh})
    build = time.perf_counter() - t
    t, c = time.perf_counter(), time.process_time()
    actions = state.legal_actions()
    legal, legal_cpu = time.perf_counter() - t, time.process_time() - c
    # the learner's click: a blank table of the variant, the hand and the pile typed into the
    # fields, "after the draw" chosen, then "What can I do now?" (nothing computed before it)
    sandbox = RulesSandbox(variant=variant)
    sandbox.hand.value = " ".join(hand)
    sandbox.pile.value = pile
    sandbox.moment.value = "play"
    t, c = time.perf_counter(), time.process_time()
    sandbox.hint()
    hint, hint_cpu = time.perf_counter() - t, time.process_time() - c
    table = getattr(sandbox, "table", None)  # the card table, where the sandbox draws one
    sent = len(sandbox.hints.value) + (len(json.dumps(table.view)) if table is not None else 0)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"size": len(state.hands[state.turn]), "build_s": round(build, 3),
                      "legal_s": round(legal, 3), "legal_cpu_s": round(legal_cpu, 3),
                      "actions": len(actions), "hint_s": round(hint, 3),
                      "hint_cpu_s": round(hint_cpu, 3),
                      "hint_kb": round(sent / 1024, 1),
                      "peak_mb": round(peak)}))


def _rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def _run(variant: str, size: int, timeout: float, max_mb: float) -> dict:
    proc = subprocess.Popen([sys.executable, __file__, "--child", variant, str(size)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    start, peak = time.monotonic(), 0.0
    while proc.poll() is None:
        peak = max(peak, _rss_mb(proc.pid))
        elapsed = time.monotonic() - start
        if elapsed > timeout or peak > max_mb:
            proc.kill()
            proc.wait()
            why = (f"stopped after {elapsed:.0f} s (at {peak:.0f} MB)" if elapsed > timeout
                   else f"stopped at {peak:.0f} MB after {elapsed:.0f} s")
            return {"size": size, "stopped": why, "peak_mb": round(peak)}
        time.sleep(0.1)
    out, err = proc.communicate()
    if proc.returncode != 0:
        return {"size": size, "stopped": f"failed: {err.strip().splitlines()[-1] if err else ''}"}
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--variant", default="classic")
    p.add_argument("--sizes", type=int, nargs="+", default=None,
                   help="hand sizes to try (default: 11 to 80, then the variant's limit)")
    p.add_argument("--timeout", type=float, default=60, help="seconds allowed to one size")
    p.add_argument("--max-mb", type=float, default=2000, help="memory allowed to one size")
    p.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.child:
        _child(args.child[0], int(args.child[1]))
        return
    import canasta
    from canasta.situation import hand_limit

    v = canasta.find_variant(args.variant)
    limit = hand_limit(v, v.default_players)
    sizes = args.sizes or [s for s in SIZES if s < limit] + [limit]
    rows = []
    for size in sizes:
        row = _run(v.name, size, args.timeout, args.max_mb)
        rows.append(row)
        if "stopped" in row:
            break  # a bigger hand would not do better
    worst = rows[-1]
    if "stopped" in worst:
        line = (f"{v.name}: the sandbox accepts hands of up to {limit} cards; a hand of "
                f"{worst['size']} after the draw was {worst['stopped']}")
    else:
        line = (f"{v.name}, a hand of {worst['size']} cards after the draw (the most the sandbox "
                f"accepts: {limit}): situation {worst['build_s'] * 1000:.0f} ms, legal_actions "
                f"{worst['legal_s']:.2f} s ({worst['legal_cpu_s']:.2f} s of CPU; "
                f"{worst['actions']:,} actions), \"What can I do now?\" {worst['hint_s']:.2f} s "
                f"({worst['hint_cpu_s']:.2f} s of CPU; {worst['hint_kb']:,} KB sent to the "
                f"browser), peak {worst['peak_mb']} MB")
    sizes_line = "; ".join(
        f"{r['size']} cards: " + (r["stopped"] if "stopped" in r else
                                  f"{r['legal_cpu_s'] + r['hint_cpu_s']:.2f} s of CPU, "
                                  f"{r['actions']:,} actions, {r['peak_mb']} MB")
        for r in rows)
    report("sandbox_worst", {"variant": v.name, "limit": limit, "rows": rows},
           line + "\n  by size: " + sizes_line)


if __name__ == "__main__":
    main()
