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
import socket
from pathlib import Path

from rich.console import Console

from .common import UsageError

NAME = "classroom"
HELP = "serve the tutorial notebooks to a class as a web app (Voilà)"
LANG_HELP = ("language of this command's messages, of the start page that lists the "
             "notebooks and of the widgets of the pages opened from it (default: en). Visitors "
             "may switch it on the start page, and on each page with its Language · Idioma "
             "buttons; the pages' own text is in English")
DEFAULT_PORT = 8866  # Voilà's own default
MAX_KERNELS = 40  # open pages at once: about 60 MB each, 2.4 GB in all
CULL_MINUTES = 3.0
MAX_CULL_MINUTES = 7 * 24 * 60  # a week
FIRST_NOTEBOOK = "01_sample_game.ipynb"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("path", nargs="?", metavar="PATH",
                   help="a notebook or a folder of notebooks (default: the tutorial's notebooks/)")
    p.add_argument("--port", type=_port, default=DEFAULT_PORT,
                   help=f"port to listen on (default {DEFAULT_PORT}; 0 picks a free one)")
    p.add_argument("--ip", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1, this machine only; "
                        "0.0.0.0 lets the class's machines in)")
    p.add_argument("--base-url", default="/", metavar="PATH",
                   help="serve under this path, e.g. /canasta/ behind a proxy (default /)")
    p.add_argument("--token", default="",
                   help="require ?token=TOKEN in the address (default: no token; recommended "
                        "whenever the class's machines can reach this one)")
    p.add_argument("--cull-minutes", type=_minutes, default=CULL_MINUTES, metavar="M",
                   help=f"stop a student's kernel M minutes after its page was closed "
                        f"(default {CULL_MINUTES:g}; 0 keeps every kernel until the server stops)")
    p.add_argument("--max-kernels", type=_kernels, default=MAX_KERNELS, metavar="N",
                   help=f"the most pages open at once, each a kernel of about 60 MB (default "
                        f"{MAX_KERNELS}; 0 for no limit); one more is told the class is full")
    p.add_argument("--no-browser", action="store_true",
                   help="do not open a browser on this machine")
    p.add_argument("--results", metavar="FOLDER",
                   help="let students hand in their quiz answers: the server writes each "
                        "student's file into FOLDER (made if missing)")


def _port(text: str) -> int:
    n = int(text)
    if not 0 <= n <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535, not {n}")
    return n


def _minutes(text: str) -> float:
    m = float(text)
    if not m >= 0:
        raise argparse.ArgumentTypeError(f"minutes are 0 or more, not {text}")
    if not m <= MAX_CULL_MINUTES:  # inf too: Jupyter counts the timeout in whole seconds
        raise argparse.ArgumentTypeError(f"minutes are at most {MAX_CULL_MINUTES} (a week), "
                                         f"not {text}; 0 keeps every kernel")
    return m


def _kernels(text: str) -> int:
    n = int(text)
    if n < 0:
        raise argparse.ArgumentTypeError(f"a number of kernels is 0 or more, not {n}")
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
            raise UsageError("no tutorial notebooks here: give their folder, "
                             "e.g. canasta classroom path/to/notebooks")
        return found
    target = Path(path)
    if target.is_dir() or (target.is_file() and target.suffix == ".ipynb"):
        return target.resolve()
    raise UsageError(f"{path}: not a notebook (.ipynb) or a folder of notebooks")


def claim_port(ip: str, port: int) -> int:
    """Check that ``port`` is free on ``ip`` (0: pick a free one) and return it. Voilà would
    otherwise move to another port silently, and the printed address would be wrong."""
    with socket.socket(socket.AF_INET6 if ":" in ip else socket.AF_INET) as s:
        try:
            s.bind((ip, port))
        except OSError as e:
            if e.errno == errno.EADDRINUSE:
                raise UsageError(f"port {port} is in use: choose another with --port") from None
            raise UsageError(f"cannot listen on {ip}:{port}: {e.strerror or e}") from None
        return int(s.getsockname()[1])


def base_path(text: str) -> str:
    """A URL path prefix as Voilà wants it: '/' or '/name/'."""
    parts = [p for p in text.split("/") if p]
    return "/" + "".join(p + "/" for p in parts)


def page_url(ip: str, port: int, token: str, base: str = "/") -> str:
    """The address to open: the landing page (a folder) or the notebook itself."""
    host = socket.gethostname() if ip in ("0.0.0.0", "::", "") else ip
    host = f"[{host}]" if ":" in host else host
    query = f"?token={token}" if token else ""
    return f"http://{host}:{port}{base}{query}"


def voila_argv(target: Path, ip: str, port: int, token: str, no_browser: bool,
               base: str = "/", cull_minutes: float = 0, max_kernels: int = 0) -> list[str]:
    argv = [str(target), f"--port={port}", f"--Voila.ip={ip}", "--Voila.port_retries=0",
            f"--token={token}", f"--Voila.base_url={base}",
            # Jupyter's kernel manager with a ceiling on the kernels running at once
            "--VoilaConfiguration.multi_kernel_manager_class="
            "canasta.cli.classroom_kernels.ClassroomKernelManager",
            f"--ClassroomKernelManager.max_kernels={max_kernels}"]
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
        raise UsageError(f"{path}: not a folder (--results names the folder for quiz results)")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UsageError(f"{path}: cannot make the results folder: {e.strerror or e}") from None
    return folder.resolve()


def run(args: argparse.Namespace, console: Console) -> int:
    target = serve_target(args.path)
    results = results_target(getattr(args, "results", None))
    port = claim_port(args.ip, args.port)
    try:  # after the checks: importing Voilà takes a couple of seconds
        from .landing import classroom_app

        app = classroom_app(args.lang, target if target.is_dir() else target.parent)
    except ImportError:
        raise UsageError("Voilà is not installed: pip install 'canasta[notebooks]'") from None
    base = base_path(args.base_url)
    url = page_url(args.ip, port, args.token, base)
    es = args.lang == "es"
    console.print(("Sirviendo " if es else "Serving ") + str(target))
    console.print(("Abre " if es else "Open ") + url)
    if results is not None:
        # every kernel Voilà starts inherits it: the quiz's "Hand in" writes there
        from ..results import RESULTS_ENV

        os.environ[RESULTS_ENV] = str(results)
        console.print(("Resultados del cuestionario en " if es else "Quiz results go to ")
                      + str(results))
    if not args.token and args.ip not in ("127.0.0.1", "::1", "localhost"):
        console.print("Sin --token, cualquiera que llegue a este puerto abre las páginas: "
                      "añade --token" if es else "Without --token anyone who can reach this port "
                      "opens the pages: add --token", style="bold")
    console.print("Ctrl-C " + ("para parar" if es else "to stop"), style="dim")
    console.file.flush()  # the address must reach a pipe before Voilà's own logging starts
    app.launch_instance(voila_argv(target, args.ip, port, args.token, args.no_browser, base,
                                   args.cull_minutes, args.max_kernels))
    return 0
