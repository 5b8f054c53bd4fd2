"""``canasta classroom``: it prints the address, serves the tutorial's notebooks there (with the
token asked for), stops on SIGTERM, and refuses bad input in one line without starting."""

from __future__ import annotations

import json
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from browser_support import NOTEBOOKS, ROOT, free_port, jupyter_env

ADDRESS = re.compile(r"^Open (http://127\.0\.0\.1:(\d+)/class/\?token=(\w+))$")


def classroom(*args: str, tmp: Path) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "canasta.cli", "classroom", *args],
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=jupyter_env(tmp), cwd=ROOT)


def fetch(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status, r.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        return e.code, ""


def test_classroom_serves_the_tutorial_and_stops(tmp_path: Path) -> None:
    # under a path, as behind a proxy (the browser tests use the default, '/')
    proc = classroom("--no-browser", "--port", "0", "--token", "class2024", "--base-url", "class",
                     tmp=tmp_path)
    try:
        assert proc.stdout is not None
        lines = [proc.stdout.readline().strip() for _ in range(3)]
        assert lines[0] == f"Serving {NOTEBOOKS}"
        m = ADDRESS.match(lines[1])
        assert m and m.group(3) == "class2024", lines
        url, port = m.group(1), int(m.group(2))
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert proc.poll() is None and time.monotonic() < deadline, proc.stderr
                time.sleep(0.2)
        status, page = fetch(url)
        assert status == 200 and "Voilà" in page
        # the page lists the folder through Voilà's contents API: every tutorial notebook
        status, listing = fetch(f"http://127.0.0.1:{port}/class/voila/api/contents/?token=class2024")
        names = {item["name"] for item in json.loads(listing)["content"]
                 if item["type"] == "notebook"}
        assert status == 200 and names == {p.name for p in NOTEBOOKS.glob("*.ipynb")}
        assert "01_sample_game.ipynb" in names
        # without the token: no listing, and the home page is the login page
        assert fetch(f"http://127.0.0.1:{port}/class/voila/api/contents/")[0] == 403
        assert "voila-tree-main" in page
        assert "voila-tree-main" not in fetch(f"http://127.0.0.1:{port}/class/")[1]
        assert fetch(f"http://127.0.0.1:{port}/?token=class2024")[0] == 404  # only under /class/
    finally:
        # SIGTERM, as a service manager stops it (Ctrl-C's SIGINT may be ignored in a background job)
        proc.send_signal(signal.SIGTERM)
        try:
            code = proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise
    assert code == 0
    with pytest.raises(ConnectionRefusedError):  # nothing listens there any more
        socket.create_connection(("127.0.0.1", port), timeout=2).close()


@pytest.mark.parametrize("args, named", [
    (("no/such/folder",), "no/such/folder: not a notebook (.ipynb) or a folder of notebooks"),
    (("README.md",), "README.md: not a notebook"),
    (("--port", "70000"), "a port is 0 to 65535, not 70000"),
])
def test_classroom_refuses_bad_input_without_starting(args: tuple[str, ...], named: str,
                                                      tmp_path: Path) -> None:
    proc = classroom("--no-browser", *args, tmp=tmp_path)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 2 and out == ""
    assert named in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1 or "usage:" in err


def test_classroom_refuses_a_port_in_use(tmp_path: Path) -> None:
    port = free_port()
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", port))
        busy.listen()
        proc = classroom("--no-browser", "--port", str(port), tmp=tmp_path)
        out, err = proc.communicate(timeout=60)
    assert proc.returncode == 2 and out == ""
    assert err.strip() == (f"canasta classroom: error: port {port} is in use: "
                           "choose another with --port")
