"""``canasta site serve``: what a laptop serving a class's site must hold to. It serves only the
site's own files (no link out of it, no folder listing), answers a bad address with 400 or 404
and never a dropped connection, and holds a bounded number of threads however many idle
connections are left open."""

from __future__ import annotations

import http.client
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from canasta.site.serve import make_server


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[int, Path]]:
    root = tmp_path / "site"
    root.mkdir()
    (root / "index.html").write_text("<p>home</p>", "utf-8")
    (root / "files").mkdir()
    (root / "files" / "a.txt").write_text("a", "utf-8")
    (tmp_path / "secret.txt").write_text("secret", "utf-8")
    (root / "out.txt").symlink_to(tmp_path / "secret.txt")
    (root / "outdir").symlink_to(tmp_path)
    server = make_server(root, "127.0.0.1", 0)
    server.timeout_seconds = 2.0  # idle connections are dropped sooner in the test
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield int(server.server_address[1]), root
    server.shutdown()
    server.server_close()


def get(port: int, path: str) -> tuple[int, bytes]:
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        c.request("GET", path)
        r = c.getresponse()
        return r.status, r.read()
    finally:
        c.close()


def test_it_serves_the_site(site: tuple[int, Path]) -> None:
    port, _ = site
    assert get(port, "/") == (200, b"<p>home</p>")
    assert get(port, "/files/a.txt") == (200, b"a")


@pytest.mark.parametrize("path", ["/out.txt", "/outdir/secret.txt", "/files/", "/files"])
def test_no_link_out_of_the_site_and_no_folder_listing(site: tuple[int, Path], path: str) -> None:
    port, _ = site
    status, body = get(port, path)
    assert status == 404 and b"secret" not in body and b"a.txt" not in body


@pytest.mark.parametrize("path", ["/" + "a" * 300, "/files/" + "%C3%A9" * 130 + ".txt", "/x%00.txt",
                                  "/%00", "/files/%2e%2e/%2e%2e/secret.txt"])
def test_a_bad_path_is_answered_not_dropped(site: tuple[int, Path], path: str) -> None:
    port, _ = site
    status, body = get(port, path)
    assert status in (400, 404) and b"Traceback" not in body and b"secret" not in body


def test_idle_connections_hold_no_thread_each(site: tuple[int, Path]) -> None:
    port, _ = site
    before = threading.active_count()
    idle = []
    try:
        for _ in range(300):  # half-open: a request begun and never finished
            s = socket.create_connection(("127.0.0.1", port), timeout=5)
            s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
            idle.append(s)
        time.sleep(0.5)
        assert get(port, "/files/a.txt") == (200, b"a")  # an ordinary request is served
        assert threading.active_count() - before <= 40
    finally:
        for s in idle:
            s.close()


def test_past_the_most_waiting_the_oldest_idle_connection_makes_room(
        site: tuple[int, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    from canasta.site import serve

    monkeypatch.setattr(serve, "MAX_WAITING", 40)
    port, _ = site
    idle = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(120)]
    try:
        time.sleep(0.5)
        assert get(port, "/files/a.txt") == (200, b"a")
        idle[0].settimeout(5)
        assert idle[0].recv(10) == b""  # the oldest was closed to make room
    finally:
        for s in idle:
            s.close()


def test_the_folder_and_address_print_whole_however_long(tmp_path: Path) -> None:
    """The folder served and the address to open are printed one a line, never broken where a
    terminal (or a pipe, 80 columns to rich) would wrap them: a teacher copies them whole."""
    root = tmp_path / ("a-very-long-folder-name-for-the-class-site-" * 3) / "site"
    root.mkdir(parents=True)
    (root / "index.html").write_text("<p>home</p>", "utf-8")
    (root / "jupyter-lite.json").write_text("{}", "utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "canasta.cli", "site", "serve", str(root),
                             "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            stdin=subprocess.DEVNULL, text=True, env={**os.environ, "COLUMNS": "80"})
    try:
        assert proc.stdout is not None
        first, second = proc.stdout.readline(), proc.stdout.readline()
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    assert first == f"Serving {root.resolve()}\n"
    assert second.startswith("Open http://127.0.0.1:") and second.endswith("/\n")

