"""What the browser tests share: finding Chromium, starting and stopping servers.

Voilà (through ``canasta classroom``) and JupyterLab are started on a free loopback port with a
token, with Jupyter's config, data and runtime folders and IPython's in a temporary folder, one
server per test module, and stopped after it. Chromium is Debian's (``/usr/bin/chromium``, or
``$CANASTA_CHROMIUM``), driven by Playwright; Playwright's own browser download is never used.
Without Chromium a test skips, except under ``CI=true``, where it fails.

Screenshots go to a temporary folder, or to ``$CANASTA_SCREENSHOTS`` (relative to the repository)
when set: ``CANASTA_SCREENSHOTS=docs pytest tests/browser`` regenerates the ones in ``docs/``.
"""

from __future__ import annotations

import http.client
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psutil
import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
EXAMPLES = ROOT / "examples"
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run",
                  "--disable-dev-shm-usage"]
START_TIMEOUT = 90.0  # seconds for a server to listen (a cold JupyterLab takes about 5 on 2 cores)


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("true", "1", "yes")


def unavailable(reason: str) -> None:
    """Skip a browser test for a missing tool, but fail under CI, where it must run."""
    if in_ci():
        pytest.fail(f"{reason} (CI=true: the browser tests must run)", pytrace=False)
    pytest.skip(reason)


def find_chromium() -> str | None:
    """``$CANASTA_CHROMIUM`` when set (and only it), else Debian's Chromium."""
    chosen = os.environ.get("CANASTA_CHROMIUM")
    candidates = [chosen] if chosen else ["/usr/bin/chromium", shutil.which("chromium"),
                                          shutil.which("chromium-browser")]
    for candidate in candidates:
        if candidate and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    """A server process started by a test module, and how to reach it."""

    name: str
    proc: subprocess.Popen[bytes]
    port: int
    token: str
    log: Path

    def url(self, path: str = "", query: str = "") -> str:
        sep = "&" if query else ""
        return f"http://127.0.0.1:{self.port}/{path}?{query}{sep}token={self.token}"

    def log_tail(self, n: int = 40) -> str:
        try:
            lines = self.log.read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            return ""
        return "\n".join(lines[-n:])

    def answers_http(self) -> bool:
        """Whether this port answers HTTP (any status): a server ready for a browser, not just a
        socket that accepts (another process's, e.g. a kernel's, would accept too)."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
        try:
            conn.request("GET", "/")
            conn.getresponse().read()
            return True
        except (OSError, http.client.HTTPException):
            return False
        finally:
            conn.close()

    def listens(self) -> bool:
        """Whether this server's own process listens on its port (the port answering could be
        another process's that bound it first, e.g. someone else's server on a shared machine)."""
        try:
            conns = psutil.Process(self.proc.pid).net_connections(kind="tcp")
        except psutil.Error:
            return False
        return any(c.status == psutil.CONN_LISTEN and c.laddr and c.laddr.port == self.port
                   for c in conns)

    def wait_serving(self) -> bool:
        """Wait until the server listens on its port and answers HTTP there. False when it exited
        because its port was taken in the meantime (the machine is shared: a port free a moment
        ago may not be any more), so that :func:`start` tries another; a failure otherwise."""
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                if "in use" in self.log_tail().lower():
                    return False
                pytest.fail(f"{self.name} exited with {self.proc.returncode}:\n{self.log_tail()}",
                            pytrace=False)
            if self.listens() and self.answers_http():
                return True
            time.sleep(0.2)
        self.stop()
        pytest.fail(f"{self.name} did not answer within {START_TIMEOUT:.0f} s:\n{self.log_tail()}",
                    pytrace=False)

    def stop(self) -> int | None:
        """SIGTERM (both servers shut their kernels down on it), then kill the process group
        this server leads if it hangs. Returns the exit status."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=5)
        return self.proc.returncode


def jupyter_env(base: Path) -> dict[str, str]:
    """The environment of a server: Jupyter's and IPython's folders under ``base``."""
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "MPLBACKEND": "Agg"}
    for var in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        env[var] = str(base / var.lower())
        Path(env[var]).mkdir(parents=True, exist_ok=True)
    return env


PORT_OPTIONS = ("--port=", "--ServerApp.port=")
TRIES = 3  # ports tried before giving up


def _on_port(argv: list[str], old: int, new: int) -> list[str]:
    """``argv`` with its port option moved from ``old`` to ``new``."""
    return [f"{a.split('=', 1)[0]}={new}" if a.startswith(PORT_OPTIONS) and a.endswith(f"={old}")
            else a for a in argv]


def start(name: str, argv: list[str], env: dict[str, str], cwd: Path, port: int, token: str,
          log: Path) -> Server:
    """Start a server on ``port`` (given in ``argv`` as ``--port=`` or ``--ServerApp.port=``) and
    wait until it listens and answers HTTP; if the port was taken before the server bound it,
    start it again on another free port. Read the port from the returned server."""
    for _ in range(TRIES):
        with log.open("wb") as out:
            # a session of its own: a hung server is killed with its kernels, and nothing else
            proc = subprocess.Popen(argv, env=env, cwd=cwd, stdin=subprocess.DEVNULL, stdout=out,
                                    stderr=subprocess.STDOUT, start_new_session=True)
        server = Server(name, proc, port, token, log)
        if server.wait_serving():
            return server
        new = free_port()
        argv, port = _on_port(argv, port, new), new
    pytest.fail(f"{name}: every port tried was taken ({TRIES} tries):\n{server.log_tail()}",
                pytrace=False)


def offline_context(browser: Any, port: int, **options: Any) -> tuple[Any, list[str]]:
    """A browser context in which every request off ``127.0.0.1:port`` is aborted, and the list
    of the requests aborted (a page that works offline leaves it empty)."""
    context = browser.new_context(**options)
    left: list[str] = []

    def route(r: Any) -> None:
        if r.request.url.startswith(f"http://127.0.0.1:{port}/"):
            r.continue_()
        else:
            left.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    return context, left


# JupyterLab's user settings for a test: no news pop-up, and every cell attached and drawn, also
# those scrolled out of view ("full" windowing hides cells out of view and draws a widget only
# once its cell scrolls in, so "all drawn" would depend on scrolling)
LAB_SETTINGS: dict[str, dict[str, Any]] = {
    "apputils-extension/notification": {"fetchNews": "false", "checkForUpdates": False},
    "notebook-extension/tracker": {"windowingMode": "none"},
}


def start_lab(base: Path, root: Path, settings: dict[str, dict[str, Any]],
              env: dict[str, str] | None = None) -> Server:
    """JupyterLab on ``root``, its Jupyter folders under ``base``, with these user settings
    (``{"docmanager-extension/plugin": {...}}``) besides :data:`LAB_SETTINGS`."""
    env = {**jupyter_env(base), **(env or {})}
    folder = Path(env["JUPYTER_CONFIG_DIR"]) / "lab" / "user-settings" / "@jupyterlab"
    for plugin, values in {**LAB_SETTINGS, **settings}.items():
        path = folder / f"{plugin}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values), encoding="utf-8")
    port, token = free_port(), secrets.token_hex(8)
    argv = [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root",
            "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
            "--LabApp.expose_app_in_browser=True", "--LabApp.news_url=",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    return start("JupyterLab", argv, env, root, port, token, base / "lab.log")


def poll(read: Callable[[], Any], done: Callable[[Any], bool], timeout: float = 60.0) -> Any:
    """Read until ``done`` (the kernel answers a click asynchronously); returns the last read."""
    deadline = time.monotonic() + timeout
    seen = read()
    while not done(seen) and time.monotonic() < deadline:
        time.sleep(0.1)
        seen = read()
    return seen
