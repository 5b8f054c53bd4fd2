"""``canasta classroom``: serve the tutorial notebooks to a class as a web app with Voilà.

Voilà shows each notebook as a page of text and widgets, without code cells; every visitor gets a
kernel of their own. A folder opens on a start page that lists its notebooks with their titles,
what each teaches and how long it takes (:mod:`canasta.cli.landing`). The command checks its
arguments, prints the address to give the class, then runs Voilà in this process until Ctrl-C (or
SIGTERM) stops it.
"""

from __future__ import annotations

import argparse
import errno
import os
import secrets
import socket
import tempfile
from pathlib import Path
from urllib.parse import quote

from rich.console import Console

from ..tutorial import NOTEBOOKS
from .common import UsageError
from .words import arg_error, cli_text, whole

NAME = "classroom"
DEFAULT_PORT = 8866  # Voilà's own default
MAX_KERNELS = 40  # open pages at once: about 60 MB each, 2.4 GB in all
CULL_MINUTES = 3.0
MAX_CULL_MINUTES = 7 * 24 * 60  # a week
FIRST_NOTEBOOK = "01_sample_game.ipynb"
CLOSE_SECONDS = 10.0  # a page gone this long (no connection back) takes its kernel with it
STOP_SECONDS = 8.0  # after SIGTERM or Ctrl-C, kernels still running then are killed
IPC_PATH_MOST = 100  # a kernel's IPC socket path must fit a Unix socket's 107 bytes


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("path", nargs="?", metavar=cli_text("metavar.path"),
                   help=cli_text("classroom.path"))
    p.add_argument("--port", type=_port, default=DEFAULT_PORT, metavar=cli_text("metavar.port"),
                   help=cli_text("classroom.port", port=DEFAULT_PORT))
    p.add_argument("--ip", default="127.0.0.1",
                   help=cli_text("classroom.ip"))
    p.add_argument("--base-url", default="/", metavar=cli_text("metavar.path"),
                   help=cli_text("classroom.base_url"))
    p.add_argument("--token", default="",
                   help=cli_text("classroom.token"))
    p.add_argument("--cull-minutes", type=_minutes, default=CULL_MINUTES, metavar="M",
                   help=cli_text("classroom.cull_minutes", minutes=f"{CULL_MINUTES:g}"))
    p.add_argument("--max-kernels", type=_kernels, default=MAX_KERNELS, metavar="N",
                   help=cli_text("classroom.max_kernels", most=MAX_KERNELS))
    p.add_argument("--no-browser", action="store_true",
                   help=cli_text("classroom.no_browser"))
    p.add_argument("--results", metavar=cli_text("metavar.folder"),
                   help=cli_text("classroom.results"))


def _port(text: str) -> int:
    n = whole(text)
    if not 0 <= n <= 65535:
        raise arg_error("arg.port", value=text)
    return n


def _minutes(text: str) -> float:
    try:
        m = float(text)
    except ValueError:
        raise arg_error("arg.not-number", value=text) from None
    if not m >= 0:
        raise arg_error("arg.minutes-negative", value=text)
    if not m <= MAX_CULL_MINUTES:  # inf too: Jupyter counts the timeout in whole seconds
        raise arg_error("arg.minutes-too-many", most=MAX_CULL_MINUTES, value=text)
    return m


def _kernels(text: str) -> int:
    n = whole(text)
    if n < 0:
        raise arg_error("arg.kernels", value=text)
    return n


def tutorial_folder() -> Path | None:
    """The tutorial's notebooks: ./notebooks, or those of the source checkout this runs from."""
    here = Path(__file__).resolve().parents[2] / "notebooks"
    for folder in (Path.cwd() / "notebooks", here):
        if (folder / FIRST_NOTEBOOK).is_file():
            return folder
    return None


def serve_target(path: str | None) -> Path:
    """The notebook or folder to serve; a missing one is a usage error, not a traceback."""
    if path is None:
        found = tutorial_folder()
        if found is None:
            raise UsageError(key="classroom.no-tutorial")
        return found
    target = Path(path)
    if target.is_dir() or (target.is_file() and target.suffix == ".ipynb"):
        return target.resolve()
    raise UsageError(key="classroom.not-notebook", facts={"path": str(path)})


def claim_port(ip: str, port: int) -> int:
    """Check that ``port`` is free on ``ip`` (0: pick a free one) and return it. Voilà would
    otherwise move to another port silently, and the printed address would be wrong."""
    with socket.socket(socket.AF_INET6 if ":" in ip else socket.AF_INET) as s:
        try:
            s.bind((ip, port))
        except OSError as e:
            if e.errno == errno.EADDRINUSE:
                raise UsageError(key="serve.port-in-use", facts={"port": port}) from None
            raise UsageError(key="serve.cannot-listen", facts={
                "ip": ip, "port": port, "reason": str(e.strerror or e)}) from None
        return int(s.getsockname()[1])


def base_path(text: str) -> str:
    """A URL path prefix as Voilà wants it: '/' or '/name/'."""
    parts = [p for p in text.split("/") if p]
    return "/" + "".join(p + "/" for p in parts)


def page_url(ip: str, port: int, token: str, base: str = "/", page: str = "") -> str:
    """The address to open: the landing page (a folder) or the notebook itself; with ``page``
    (a notebook's path in the served folder), that page."""
    host = socket.gethostname() if ip in ("0.0.0.0", "::", "") else ip
    host = f"[{host}]" if ":" in host else host
    query = f"?token={token}" if token else ""
    path = f"voila/render/{quote(page)}" if page else ""
    return f"http://{host}:{port}{base}{path}{query}"


def teacher_page(target: Path, lang: str) -> str | None:
    """The teacher's page in the served folder (in ``lang`` where it is there), which the start
    page does not list; ``None`` when none is served."""
    if not target.is_dir():
        return None
    for nb in NOTEBOOKS:
        if nb.teacher:
            for page in dict.fromkeys((nb.page(lang), nb.file)):
                if (target / page).is_file():
                    return page
    return None


def connection_root() -> str | None:
    """A folder for the kernels' connection files short enough for their IPC socket paths
    (``None``: none, and the kernels use TCP ports)."""
    for folder in (tempfile.gettempdir(), "/tmp"):
        # voila_XXXXXXXX/kernel-<uuid>-ipc-N
        if len(folder) + 65 <= IPC_PATH_MOST and os.path.isdir(folder) and os.access(folder, os.W_OK):
            return folder
    return None


def voila_argv(target: Path, ip: str, port: int, token: str, no_browser: bool,
               base: str = "/", cull_minutes: float = 0, max_kernels: int = 0) -> list[str]:
    argv = [str(target), f"--port={port}", f"--Voila.ip={ip}", "--Voila.port_retries=0",
            f"--token={token}", f"--Voila.base_url={base}",
            # Jupyter's kernel manager with a ceiling on the kernels running at once, a start
            # queue, and kernels that end with their page
            "--VoilaConfiguration.multi_kernel_manager_class="
            "canasta.cli.classroom_kernels.ClassroomKernelManager",
            f"--ClassroomKernelManager.max_kernels={max_kernels}",
            f"--ClassroomKernelManager.close_after={CLOSE_SECONDS if cull_minutes > 0 else 0}"]
    root = connection_root()
    if root is not None:
        # kernels talk over Unix sockets named by their own id: none can take another's port
        argv += ["--KernelManager.transport=ipc", f"--Voila.connection_dir_root={root}"]
    if cull_minutes > 0:
        # Voilà keeps a kernel after its page is closed or reloaded; a class reloads often.
        # Only kernels with no page connected are culled (cull_connected stays False).
        seconds = max(1, round(cull_minutes * 60))
        argv += [f"--MappingKernelManager.cull_idle_timeout={seconds}",
                 f"--MappingKernelManager.cull_interval={max(1, min(60, seconds // 2))}"]
    if no_browser:
        argv.append("--no-browser")
    return argv


def results_target(path: str | None) -> Path | None:
    """The folder quiz results are handed in to (made if missing); ``None``: downloads only."""
    if path is None:
        return None
    folder = Path(path)
    if folder.exists() and not folder.is_dir():
        raise UsageError(key="classroom.results-not-folder", facts={"path": str(path)})
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UsageError(key="classroom.results-unmade", facts={
            "path": str(path), "reason": str(e.strerror or e)}) from None
    # a folder the server cannot write to would fail only at the first hand-in: tried now
    probe = folder / f".canasta-probe-{secrets.token_hex(4)}"
    try:
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as e:
        raise UsageError(key="classroom.results-unwritable", facts={
            "path": str(path), "reason": str(e.strerror or e)}) from None
    return folder.resolve()


def run(args: argparse.Namespace, console: Console) -> int:
    target = serve_target(args.path)
    results = results_target(getattr(args, "results", None))
    port = claim_port(args.ip, args.port)
    try:  # after the checks: importing Voilà takes a couple of seconds
        from .landing import classroom_app

        app = classroom_app(args.lang, target if target.is_dir() else target.parent, STOP_SECONDS)
    except ImportError:
        raise UsageError(key="classroom.no-voila") from None
    base = base_path(args.base_url)
    url = page_url(args.ip, port, args.token, base)
    es = args.lang == "es"
    console.print(("Sirviendo " if es else "Serving ") + str(target), soft_wrap=True)
    console.print(("Abre " if es else "Open ") + url, soft_wrap=True)
    teacher = teacher_page(target, args.lang)
    if teacher is not None:
        # one line, however narrow the terminal: the address is copied whole
        console.print(cli_text("classroom.teacher", url=page_url(args.ip, port, args.token, base,
                                                                 teacher)).replace("%%", "%"),
                      soft_wrap=True)
    if results is not None:
        # every kernel Voilà starts inherits it: the quiz's "Hand in" writes there
        from ..results import RESULTS_ENV

        os.environ[RESULTS_ENV] = str(results)
        console.print(("Resultados del cuestionario en " if es else "Quiz results go to ")
                      + str(results), soft_wrap=True)
    if not args.token and args.ip not in ("127.0.0.1", "::1", "localhost"):
        console.print("Sin --token, cualquiera que llegue a este puerto abre las páginas: "
                      "añade --token" if es else "Without --token anyone who can reach this port "
                      "opens the pages: add --token", style="bold")
    console.print("Ctrl-C " + ("para parar" if es else "to stop"), style="dim")
    console.file.flush()  # the address must reach a pipe before Voilà's own logging starts
    app.launch_instance(voila_argv(target, args.ip, port, args.token, args.no_browser, base,
                                   args.cull_minutes, args.max_kernels))
    return 0
