"""The worst case a rules sandbox accepts: the biggest hands, in time and memory.

    python benchmarks/sandbox_worst.py [--variant rioplatense] [--players 2] [--open] [--full]
                                       [--sizes 11 20 30 ... | --largest] [--timeout 60]
                                       [--max-mb 2000]

A learner may type any hand into the sandbox up to the most cards a hand can hold in the variant
(``canasta.situation.hand_limit``: 98 in classic) and, for a side that has not opened, up to
what its deal and its turns' draws can bring (``opening_hand_limit``: 12 in classic, 53 in
rioplatense with two players, whose turns draw two cards and discard one). The hardest position
for the engine is such a side, after the draw, with a hand of every rank and every wild card it
can hold: its first melds may combine all of them (a hand of 27 has tens of thousands, one of
35 millions). ``--open`` gives the side a meld instead (an open side: one meld at a time, the
largest hand the variant allows).

For each size the script builds that situation in a fresh process watched from outside (a
size that runs past ``--timeout`` seconds or ``--max-mb`` of memory is stopped, and the larger
sizes are not tried), then times what a click computes: the bounded listing of the legal
actions (``State.legal_listing``, what every view shows), the sandbox's "What can I do now?"
(the ``RulesSandbox`` widget's hint, from a table whose fields were given the hand, the pile and
the side's meld: the situation rebuilt from the fields, the actions listed, the table drawn),
the card table's list of legal actions, and its coach's hint (the careful bot's move). The
complete list (``legal_actions()``) is timed only with ``--full`` (minutes and gigabytes for
the biggest hands: what a click no longer computes).

Figures: the time of each step (wall-clock and the process's CPU time, steadier on a shared
machine), the actions listed, the size of what the click sends to the browser (the list's HTML
and the card table's view) and the process's peak memory (interpreter and widgets included).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import report, rss_mb  # noqa: E402

SIZES = [11, 15, 20, 25, 30, 35, 40, 50, 60, 80]


def worst_hand(variant: str, size: int, players: int | None = None, meld: bool = False
               ) -> tuple[list[str], str, str, str]:
    """A meld-rich hand of ``size`` cards (wild cards first, then one card of each rank in turn,
    red threes left out where they are laid out at once), the pile's one card, the player, and
    (with ``meld``) a meld of the side from the cards left."""
    import canasta
    from canasta.cards import make_pack

    v = canasta.find_variant(variant)
    pack = make_pack(v.decks, v.jokers)
    bonus = v.red_threes == "bonus"
    columns: dict[int, list] = {}
    for c in sorted(pack, key=lambda c: (not v.is_wild(c), -c.rank, c.suit)):
        if (bonus or v.name == "americana") and c.rank == 3:
            continue  # red threes laid out at once; Americana's threes laid down and replaced
        columns.setdefault(c.rank, []).append(c)
    order = sorted(columns, key=lambda r: (not any(v.is_wild(c) for c in columns[r]), -r))
    # an open side's meld: three naturals of a rank kept out of the hand (a run where runs are
    # the melds)
    laid = ""
    if meld:
        if v.name == "real":
            run = [c for c in pack if c.suit == "♠" and c.rank in (5, 6, 7)][:3]
            for c in run:
                columns[c.rank].remove(c)
            laid = " ".join(c.text for c in run)
        else:
            rank = next(r for r in (13, 12, 11, 10, 9) if len(columns.get(r, [])) >= 4)
            laid = " ".join(columns[rank].pop().text for _ in range(3))
    # the pile's card, kept out first: a natural of a rank the hand will hold twice (so the
    # pile could be taken)
    pile = columns[next(r for r in order if len(columns[r]) > 2
                        and not v.is_wild(columns[r][0]))].pop()
    hand = []
    while len(hand) < size and any(columns.values()):
        for r in order:
            if columns[r] and len(hand) < size:
                hand.append(columns[r].pop(0))
    player = canasta.new_game(v, players=players).names[0]
    return [c.text for c in hand], pile.text, player, laid


def _child(variant: str, size: int, players: int, meld: bool, full: bool) -> None:
    import dataclasses
    import resource

    from canasta.explain import L
    from canasta.situation import situation
    from canasta.widgets import RulesSandbox
    from canasta.widgets.exercises import Exercise

    hand, pile, player, laid = worst_hand(variant, size, players, meld)
    import canasta

    names = list(canasta.new_game(variant, players=players).names)
    given = {"variant": variant, "names": names, "hands": {player: hand}, "pile": pile,
             "phase": "play", "turn": player, "melds": {player: [laid] if laid else []}}
    # a copy of the variant keeps verdicts of its own: the listing here and the sandbox's clicks
    # below (on the registered variant) both start cold, as a learner's first click does
    fresh = dataclasses.replace(canasta.find_variant(variant))
    t = time.perf_counter()
    state = situation(**{**given, "variant": fresh})
    build = time.perf_counter() - t
    row: dict = {"size": len(state.hands[state.turn]), "build_s": round(build, 3)}
    if full:
        t, c = time.perf_counter(), time.process_time()
        row["actions"] = len(state.legal_actions())
        row["full_s"], row["full_cpu_s"] = (round(time.perf_counter() - t, 3),
                                            round(time.process_time() - c, 3))
    t, c = time.perf_counter(), time.process_time()
    listing = state.legal_listing()
    row["listing_s"], row["listing_cpu_s"] = (round(time.perf_counter() - t, 3),
                                              round(time.process_time() - c, 3))
    row["listed"], row["more"] = len(listing.actions), sorted(listing.more)
    # the learner's clicks: a blank table of the variant (of this many players), the hand, the
    # pile and the side's meld typed into the fields, "after the draw" chosen, then "What can I
    # do now?", the table's list of legal actions, and the coach's hint (nothing computed before)
    blank = Exercise("situation", L("Blank table", "Mesa vacía"), action="draw",
                     situation={"variant": variant, "phase": "draw", "names": names})
    sandbox = RulesSandbox([blank])
    sandbox.hand.value = " ".join(hand)
    sandbox.pile.value = pile
    sandbox.our_melds.value = laid
    sandbox.moment.value = "play"
    clicks = {"hint": sandbox.hint, "legal": lambda: sandbox._on_click({"do": "legal"}),
              "coach": sandbox.coach}
    for name, click in clicks.items():
        t, c = time.perf_counter(), time.process_time()
        click()
        row[f"{name}_s"], row[f"{name}_cpu_s"] = (round(time.perf_counter() - t, 3),
                                                  round(time.process_time() - c, 3))
    assert sandbox.problem.value == "", sandbox.problem.value
    table = getattr(sandbox, "table", None)  # the card table, where the sandbox draws one
    sent = len(sandbox.hints.value) + (len(json.dumps(table.view)) if table is not None else 0)
    row["sent_kb"] = round(sent / 1024, 1)
    row["peak_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
    print(json.dumps(row))


def _run(variant: str, size: int, players: int, meld: bool, full: bool, timeout: float,
         max_mb: float) -> dict:
    proc = subprocess.Popen([sys.executable, __file__, "--child", variant, str(size),
                             str(players), str(int(meld)), str(int(full))],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    start, peak = time.monotonic(), 0.0
    while proc.poll() is None:
        peak = max(peak, rss_mb(proc.pid))
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
    p.add_argument("--variant", default="rioplatense")
    p.add_argument("--players", type=int, default=None, help="default: the fewest the variant "
                   "allows (two players of rioplatense draw two cards a turn)")
    p.add_argument("--open", action="store_true", help="a side that has opened (a meld down)")
    p.add_argument("--full", action="store_true", help="also time the complete legal_actions()")
    p.add_argument("--sizes", type=int, nargs="+", default=None,
                   help="hand sizes to try (default: 11 to 80, then the variant's limit)")
    p.add_argument("--largest", action="store_true", help="only the largest hand accepted")
    p.add_argument("--timeout", type=float, default=60, help="seconds allowed to one size")
    p.add_argument("--max-mb", type=float, default=2000, help="memory allowed to one size")
    p.add_argument("--child", nargs=5, help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.child:
        variant, size, players, meld, full = args.child
        _child(variant, int(size), int(players), meld == "1", full == "1")
        return
    import canasta
    from canasta.situation import hand_limit, opening_hand_limit

    v = canasta.find_variant(args.variant)
    players = args.players or min(v.player_counts)
    # the largest hand the sandbox accepts: an open side's holds the pack less what is always
    # elsewhere (and the meld of three here); an unopened side's, its deal and draws
    limit = (hand_limit(v, players) - 3 if args.open else opening_hand_limit(v, players))
    sizes = ([limit] if args.largest else
             args.sizes or [s for s in SIZES if s < limit] + [limit])
    rows = []
    for size in sizes:
        row = _run(v.name, size, players, args.open, args.full, args.timeout, args.max_mb)
        rows.append(row)
        if "stopped" in row:
            break  # a bigger hand would not do better
    worst = rows[-1]
    side = "open" if args.open else "not opened"
    if "stopped" in worst:
        line = (f"{v.name}, {players} players, side {side}: the sandbox accepts hands of up to "
                f"{limit} cards; a hand of {worst['size']} after the draw was {worst['stopped']}")
    else:
        full = (f"; legal_actions() {worst['full_cpu_s']:.2f} s of CPU for "
                f"{worst['actions']:,} actions" if "actions" in worst else "")
        line = (f"{v.name}, {players} players, side {side}, a hand of {worst['size']} cards after "
                f"the draw (the most the sandbox accepts: {limit}): situation "
                f"{worst['build_s'] * 1000:.0f} ms, listing {worst['listing_cpu_s']:.3f} s "
                f"({worst['listed']} actions listed, more of {', '.join(worst['more']) or 'none'})"
                f", \"What can I do now?\" {worst['hint_cpu_s']:.2f} s, the table's legal "
                f"actions {worst['legal_cpu_s']:.2f} s, the coach's hint "
                f"{worst['coach_cpu_s']:.2f} s (CPU; {worst['sent_kb']:,} KB sent to the "
                f"browser), peak {worst['peak_mb']} MB{full}")
    sizes_line = "; ".join(
        f"{r['size']} cards: " + (r["stopped"] if "stopped" in r else
                                  f"slowest click "
                                  f"{max(r['hint_cpu_s'], r['legal_cpu_s'], r['coach_cpu_s']):.2f} s"
                                  f" of CPU, {r['peak_mb']} MB"
                                  + (f", legal_actions() {r['full_cpu_s']:.2f} s for "
                                     f"{r['actions']:,}" if "actions" in r else ""))
        for r in rows)
    report("sandbox_worst", {"variant": v.name, "players": players, "open": args.open,
                             "limit": limit, "rows": rows},
           line + "\n  by size: " + sizes_line)


if __name__ == "__main__":
    main()
