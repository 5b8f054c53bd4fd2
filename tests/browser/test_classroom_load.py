"""``canasta classroom`` under a class's load, on 127.0.0.1 (no browser: plain HTTP and one
websocket). 45 pages asked for at once, five times in a row: every one renders or is told the
class is full, the start page answers throughout, and no kernel dies racing another for a port.
SIGTERM ends the server within seconds under that load; a page that goes away takes its kernel
with it; the "class full" status line is ASCII.

They run in the ordinary suite (not marked ``browser``): a small notebook keeps them to about
two minutes on two cores.
"""

from __future__ import annotations

import json
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from browser_support import ROOT, jupyter_env

TOKEN = "load"
PAGES = 45
ROUNDS = 5
MOST = 6  # kernels at once: the others are told the class is full
READY = "tiny page ready"


def tiny_folder(tmp: Path) -> Path:
    folder = tmp / "pages"
    folder.mkdir()
    nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {
        "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "cells": [{"cell_type": "markdown", "id": "a", "metadata": {}, "source": "# Tiny"},
                  {"cell_type": "code", "id": "b", "metadata": {}, "execution_count": None,
                   "outputs": [], "source": f"print({READY!r})"}]}
    (folder / "tiny.ipynb").write_text(json.dumps(nb), "utf-8")
    return folder


def children(parent: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            cmdline = (stat.parent / "cmdline").read_bytes()
        except OSError:
            continue
        if int(fields[1]) == parent and b"ipykernel" in cmdline:
            found.append(int(stat.parent.name))
    return found


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


class Classroom:
    def __init__(self, tmp: Path, *args: str) -> None:
        self.log = tmp / "server.log"
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "canasta.cli", "classroom", str(tiny_folder(tmp)),
             "--no-browser", "--port", "0", "--token", TOKEN, *args],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=self.log.open("w"),
            text=True, env=jupyter_env(tmp), cwd=ROOT)
        try:
            assert self.proc.stdout is not None
            lines = [self.proc.stdout.readline() for _ in range(2)]
            m = re.search(r"http://127\.0\.0\.1:(\d+)/", lines[1])
            assert m, lines
        except BaseException:
            self.proc.kill()  # a server that did not say its address is not left running
            self.proc.wait()
            raise
        self.port = int(m.group(1))
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                break
            except OSError:
                assert self.proc.poll() is None and time.monotonic() < deadline, self.errors()
                time.sleep(0.2)

    def url(self, path: str = "") -> str:
        return f"http://127.0.0.1:{self.port}/{path}?token={TOKEN}"

    def errors(self) -> str:
        return self.log.read_text("utf-8", "replace")[-3000:]

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise


@pytest.fixture
def server(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Classroom]:
    args = getattr(request, "param", ())
    c = Classroom(tmp_path, *args)
    try:
        yield c
    finally:
        c.stop()


def load(url: str, timeout: float = 120) -> tuple[int, str, str]:
    """A page's status, its reason (the status line's words) and its text."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as r:
            return r.status, r.reason, r.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        return e.code, e.reason, e.read().decode("utf-8", "replace")


class Landing:
    """The start page, asked for every half second in a thread; every answer kept."""

    def __init__(self, url: str) -> None:
        self.url, self.answers = url, []  # type: list[tuple[int, float]]
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._done.is_set():
            t = time.monotonic()
            try:
                status = load(self.url, timeout=10)[0]
            except OSError:
                status = 0
            self.answers.append((status, time.monotonic() - t))
            self._done.wait(0.5)

    def stop(self) -> list[tuple[int, float]]:
        self._done.set()
        self._thread.join(timeout=15)
        return self.answers


@pytest.mark.parametrize("server", [("--max-kernels", str(MOST), "--cull-minutes", "0.1")],
                         indirect=True)
def test_a_class_opening_pages_at_once_never_freezes_the_server(server: Classroom) -> None:
    page = server.url("voila/render/tiny.ipynb")
    for round_ in range(ROUNDS):
        landing = Landing(server.url())
        with ThreadPoolExecutor(PAGES) as pool:
            answers = list(pool.map(lambda _i: load(page), range(PAGES)))
        seen = landing.stop()
        rendered = [a for a in answers if a[0] == 200]
        full = [a for a in answers if a[0] == 503]
        assert len(rendered) + len(full) == PAGES, ([a[:2] for a in answers], server.errors())
        assert all(READY in text for _s, _r, text in rendered)
        assert 1 <= len(rendered) <= MOST, round_
        # the status line ASCII, the page in both languages
        assert all(reason == f"The classroom is full ({MOST} pages open)"
                   and f"La clase está llena ({MOST} páginas abiertas)" in text
                   for _s, reason, text in full)
        assert seen and all(status == 200 for status, _t in seen), (round_, seen)
        # the kernels of pages never connected go with the cull (6 s here)
        deadline = time.monotonic() + 40
        while children(server.proc.pid) and time.monotonic() < deadline:
            time.sleep(0.5)
        assert children(server.proc.pid) == [], round_
    assert "Address already in use" not in server.errors()
    assert load(server.url("voila/api/contents/"))[0] == 404  # the folder is listed to nobody
    assert server.stop() == 0


@pytest.mark.parametrize("server", [("--max-kernels", "40")], indirect=True)
def test_sigterm_stops_the_server_under_load(server: Classroom) -> None:
    page = server.url("voila/render/tiny.ipynb")
    pool = ThreadPoolExecutor(PAGES)
    futures = [pool.submit(load, page, 60) for _ in range(PAGES)]
    time.sleep(3)  # kernels starting, pages waiting for theirs
    started = children(server.proc.pid)
    t = time.monotonic()
    server.proc.send_signal(signal.SIGTERM)
    code = server.proc.wait(timeout=20)
    took = time.monotonic() - t
    for f in futures:
        try:
            f.result(timeout=30)
        except Exception:  # noqa: BLE001 (a connection cut by the stop)
            pass
    pool.shutdown()
    assert code == 0 and took < 12, (code, took, server.errors())
    time.sleep(1)
    assert not [pid for pid in started if alive(pid)]


@pytest.mark.parametrize("server", [("--cull-minutes", "60")], indirect=True)
def test_a_page_that_goes_away_takes_its_kernel(server: Classroom) -> None:
    from tornado.httpclient import HTTPRequest
    from tornado.ioloop import IOLoop
    from tornado.websocket import websocket_connect

    status, _reason, text = load(server.url("voila/render/tiny.ipynb"))
    assert status == 200
    [kernel] = set(re.findall(r'"kernelId"\s*:\s*"([0-9a-f-]{36})"', text)) or set(
        re.findall(r"kernels/([0-9a-f-]{36})", text)) or {None}
    assert kernel, "no kernel id in the page"
    assert len(children(server.proc.pid)) == 1

    async def visit() -> None:
        ws = await websocket_connect(HTTPRequest(
            f"ws://127.0.0.1:{server.port}/api/kernels/{kernel}/channels"
            f"?token={TOKEN}&session_id=test"))
        await ws.read_message()  # the kernel's status: connected
        ws.close()

    IOLoop.current().run_sync(visit, timeout=30)
    deadline = time.monotonic() + 30  # closed after CLOSE_SECONDS, not after an hour's cull
    while children(server.proc.pid) and time.monotonic() < deadline:
        time.sleep(0.5)
    assert children(server.proc.pid) == [], server.errors()


def test_kernels_start_on_ipc_sockets_and_close_with_their_page() -> None:
    from canasta.cli.classroom import CLOSE_SECONDS, voila_argv

    argv = voila_argv(Path("/srv/notebooks"), "127.0.0.1", 8866, "", True, "/", 3.0, 40)
    assert "--KernelManager.transport=ipc" in argv
    assert f"--ClassroomKernelManager.close_after={CLOSE_SECONDS}" in argv
    kept = voila_argv(Path("/srv/notebooks"), "127.0.0.1", 8866, "", True, "/", 0, 40)
    assert "--ClassroomKernelManager.close_after=0" in kept  # --cull-minutes 0 keeps them all
