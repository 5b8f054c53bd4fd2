"""This engine side by side with the Python peer ``canasta-openspiel``, interleaved in one run.

    python benchmarks/peer.py --peer DIR --peer-python EXE [--rounds 3] [--seconds 4]
        [--python EXE]    # ours in another environment, e.g. the compiled build's

``DIR`` is a checkout of https://github.com/jhtschultz/canasta-openspiel (classic four-player
partnership Canasta for OpenSpiel, in Python) and ``EXE`` a Python that has ``open_spiel``
installed (``python -m venv v && v/bin/pip install open_spiel``); the peer is only run, never
imported here. Both packages are called ``canasta``, so each measurement runs in a fresh
interpreter of its own: the peer's with ``PYTHONPATH=DIR``, ours with this interpreter (or
``--python``), started in a temporary folder so that it imports the ``canasta`` installed there.

Each plays uniform-random complete classic games to 5000 for ``--seconds`` of CPU
(``time.process_time``), a new seed a game: ours over ``State.legal_actions()`` with
``State.play``; the peer over ``legal_actions()`` with ``apply_action``, a uniform chance outcome
at each of its chance nodes (its deal is one chance node a card, which counts as its shuffle).
The peer ends a hand whose stock is out when its legal actions are asked for (they come back
empty, and the next deal begins): the loop then asks again.
Decisions are the players' moves (chance nodes not counted). Rounds alternate the order (A B,
B A). Prints one JSON line a round, then the ratios ours / peer, min / median / max.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import report  # noqa: E402

OURS = r'''
import json, random, sys, time
import canasta
seconds, first = float(sys.argv[1]), int(sys.argv[2])
games = hands = decisions = 0
t0 = time.process_time()
while time.process_time() - t0 < seconds:
    st = canasta.new_game("classic", seed=first + games)
    rng = random.Random(first + games)
    while not st.is_over:
        actions = st.legal_actions()
        st.play(actions[int(rng.random() * len(actions))])
        decisions += 1
    games += 1
    hands += len(st.results)
print(json.dumps({"games": games, "hands": hands, "decisions": decisions,
                  "cpu": time.process_time() - t0,
                  "compiled": bool(getattr(canasta, "compiled", lambda: False)())}))
'''

PEER = r'''
import json, random, sys, time
from canasta.canasta_game import CanastaGame
seconds, first = float(sys.argv[1]), int(sys.argv[2])
games = hands = decisions = 0
t0 = time.process_time()
while time.process_time() - t0 < seconds:
    rng = random.Random(first + games)
    state = CanastaGame().new_initial_state()
    while not state.is_terminal():
        if state.current_player() < 0:  # chance (is_chance_node() can lag behind a new deal)
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
            continue
        actions = state.legal_actions()
        if not actions:  # the stock is out: asking for the actions ended the hand
            continue
        state.apply_action(actions[int(rng.random() * len(actions))])
        decisions += 1
    games += 1
    hands += state._hand_number + 1
print(json.dumps({"games": games, "hands": hands, "decisions": decisions,
                  "cpu": time.process_time() - t0}))
'''


def measure(python: str, code: str, path: str | None, seconds: float, first: int) -> dict[str, Any]:
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if path is not None:
        env["PYTHONPATH"] = path
    out = subprocess.run([python, "-c", code, str(seconds), str(first)], env=env, check=True,
                         capture_output=True, text=True, cwd=path or tempfile.gettempdir()).stdout
    return json.loads(out.strip().splitlines()[-1])  # type: ignore[no-any-return]


def per_second(r: dict[str, Any], what: str) -> float:
    return float(r[what]) / r["cpu"]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--peer", required=True, help="a checkout of canasta-openspiel")
    p.add_argument("--peer-python", required=True, help="a Python with open_spiel installed")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--seconds", type=float, default=4.0)
    p.add_argument("--python", default=sys.executable, help="the Python that runs ours")
    args = p.parse_args()
    peer = str(Path(args.peer).resolve())
    if not (Path(peer) / "canasta" / "canasta_game.py").is_file():
        p.error(f"--peer {args.peer}: not a checkout of canasta-openspiel (no canasta/canasta_game.py)")
    ratios: dict[str, list[float]] = {"games": [], "hands": [], "decisions": []}
    rows: list[dict[str, dict[str, Any]]] = []
    for k in range(args.rounds):
        first = 10_000 * (k + 1)
        runs = [("peer", args.peer_python, PEER, peer), ("ours", args.python, OURS, None)]
        if k % 2:
            runs.reverse()
        got = {name: measure(py, code, path, args.seconds, first) for name, py, code, path in runs}
        rows.append(got)
        print(json.dumps({"round": k, **got}))
        for what in ratios:
            ratios[what].append(per_second(got["ours"], what) / per_second(got["peer"], what))
    med = {what: statistics.median(v) for what, v in ratios.items()}
    ours = {what: statistics.median(per_second(r["ours"], what) for r in rows) for what in ratios}
    theirs = {what: statistics.median(per_second(r["peer"], what) for r in rows) for what in ratios}
    spread = {what: [min(v), med[what], max(v)] for what, v in ratios.items()}
    report("peer", {"rounds": args.rounds, "seconds": args.seconds, "ratio": spread,
                    "ours_compiled": rows[0]["ours"].get("compiled"),
                    "ours_per_s": ours, "peer_per_s": theirs},
           "ours / canasta-openspiel, uniform-random complete classic games, CPU time, "
           f"{args.rounds} interleaved rounds (min / median / max): games/s "
           + " / ".join(f"{x:.2f}" for x in spread["games"]) + ", hands/s "
           + " / ".join(f"{x:.2f}" for x in spread["hands"]) + ", decisions/s "
           + " / ".join(f"{x:.2f}" for x in spread["decisions"])
           + f"; ours {ours['games']:.1f} games/s, {ours['decisions']:,.0f} decisions/s; peer "
           f"{theirs['games']:.1f} games/s, {theirs['decisions']:,.0f} decisions/s")


if __name__ == "__main__":
    main()
