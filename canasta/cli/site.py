"""``canasta site``: the tutorial as a static site that runs in the browser (JupyterLite).

``canasta site build DIR`` builds it (see :mod:`canasta.site.build`); ``canasta site serve DIR``
serves a built one, with its compressed files, until Ctrl-C.
"""

from __future__ import annotations

import argparse
import errno
from pathlib import Path

from rich.console import Console

from .classroom import page_url
from .common import UsageError

NAME = "site"
HELP = "build the tutorial as a static site that runs in the browser, or serve one"


def add_arguments(p: argparse.ArgumentParser) -> None:
    sub = p.add_subparsers(dest="action", required=True, metavar="ACTION")
    b = sub.add_parser("build", help="build the site into DIR (fetches Pyodide and the wheels "
                                     "once, into the cache)")
    b.add_argument("dir", metavar="DIR", help="a new or empty folder, or a site built before")
    b.add_argument("--cache", metavar="FOLDER",
                   help="where downloads are kept between builds (default: $CANASTA_SITE_CACHE, "
                        "or ~/.cache/canasta/site)")
    s = sub.add_parser("serve", help="serve a built site (compressed) until Ctrl-C")
    s.add_argument("dir", metavar="DIR", help="the folder of a built site")
    s.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 picks one)")
    s.add_argument("--ip", default="127.0.0.1",
                   help="address (default 127.0.0.1; 0.0.0.0 lets the class's machines in)")


def run(args: argparse.Namespace, console: Console) -> int:
    es = args.lang == "es"
    if args.action == "build":
        from ..site.build import build_site

        def log(message: str) -> None:
            console.print("· " + message, style="dim")
            console.file.flush()

        summary = build_site(Path(args.dir), cache=Path(args.cache) if args.cache else None,
                             log=log)
        size = f"{summary.size / 2**20:.1f} MiB"
        console.print(f"Sitio construido en {summary.out} ({summary.files} archivos, {size})"
                       if es else
                       f"Site built in {summary.out} ({summary.files} files, {size})")
        console.print(("Sírvelo con: " if es else "Serve it with: ")
                      + f"canasta site serve {summary.out}")
        return 0
    folder = Path(args.dir)
    if not (folder / "index.html").is_file() or not (folder / "jupyter-lite.json").is_file():
        raise UsageError(f"{folder}: not a built site (build one with canasta site build DIR)")
    from ..site.serve import make_server

    try:
        server = make_server(folder, args.ip, args.port)
    except OSError as e:
        if e.errno == errno.EADDRINUSE:
            raise UsageError(f"port {args.port} is in use: choose another with --port") from None
        raise UsageError(f"cannot listen on {args.ip}:{args.port}: {e.strerror or e}") from None
    port = int(server.server_address[1])
    console.print(("Sirviendo " if es else "Serving ") + str(folder.resolve()))
    console.print(("Abre " if es else "Open ") + page_url(args.ip, port, ""))
    console.print("Ctrl-C " + ("para parar" if es else "to stop"), style="dim")
    console.file.flush()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0
