"""One client loading classroom pages again and again: how many kernels start, their memory,
and how fast the pages over the ceiling are refused.

    python benchmarks/classroom_load.py [--loads 12] [--max-kernels 4] [--notebook 03_scoring]

Starts ``canasta classroom --max-kernels K --cull-minutes 0`` on a free port (its own Jupyter
folders in a temporary directory), opens the notebook's page ``--loads`` times one after the
other as an anonymous script would (each load starts a kernel, and the page is then left), and
reads the kernels' resident memory from /proc (Linux). Then it stops the server.
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import report, rss_mb  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _kernels(parent: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            ppid = int(stat.read_text().rsplit(")", 1)[1].split()[1])
            if ppid == parent and b"ipykernel" in (stat.parent / "cmdline").read_bytes():
                found.append(int(stat.parent.name))
        except (OSError, IndexError, ValueError):
            continue
    return found


def _load(url: str) -> tuple[int, float]:
    t = time.perf_counter()
    try:
        with urllib.request.urlopen(url, timeout=120) as r:
            r.read()
            status = r.status
    except urllib.error.HTTPError as e:
        status = e.code
    return status, time.perf_counter() - t


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--loads", type=int, default=12)
    p.add_argument("--max-kernels", type=int, default=4)
    p.add_argument("--notebook", default="03_scoring")
    args = p.parse_args()
    port, token = _free_port(), "bench"
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, **{v: os.path.join(tmp, v.lower()) for v in (
            "JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR")}}
        proc = subprocess.Popen(
            [sys.executable, "-m", "canasta.cli", "classroom", "--no-browser", "--port", str(port),
             "--token", token, "--max-kernels", str(args.max_kernels), "--cull-minutes", "0"],
            env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 120
            while True:
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                except OSError:
                    if proc.poll() is not None or time.monotonic() > deadline:
                        raise SystemExit("the classroom server did not start") from None
                    time.sleep(0.2)
            url = f"http://127.0.0.1:{port}/voila/render/{args.notebook}.ipynb?token={token}"
            loads = [_load(url) for _ in range(args.loads)]
            kernels = _kernels(proc.pid)
            rss = [rss_mb(k) for k in kernels]
            server_mb = rss_mb(proc.pid)
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.wait(timeout=60)
    served = [s for s, _ in loads if s == 200]
    refused = [t for s, t in loads if s == 503]
    fig = {"loads": args.loads, "max_kernels": args.max_kernels, "served": len(served),
           "refused": len(refused), "kernels": len(kernels),
           "kernel_mb_mean": round(sum(rss) / len(rss)) if rss else 0,
           "kernels_mb": round(sum(rss)), "server_mb": round(server_mb),
           "page_s_mean": round(sum(t for s, t in loads if s == 200) / max(1, len(served)), 2),
           "refusal_ms_mean": round(1000 * sum(refused) / max(1, len(refused)), 1)}
    report("classroom_load", fig,
           f"{args.loads} loads of {args.notebook} from one client with --max-kernels "
           f"{args.max_kernels}: {fig['served']} served (a page in {fig['page_s_mean']} s), "
           f"{fig['refused']} refused with 503 (in {fig['refusal_ms_mean']} ms); {fig['kernels']} "
           f"kernels of {fig['kernel_mb_mean']} MB each ({fig['kernels_mb']} MB), the server "
           f"{fig['server_mb']} MB")


if __name__ == "__main__":
    main()
