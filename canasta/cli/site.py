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
from .words import cli_text, whole

NAME = "site"


def add_arguments(p: argparse.ArgumentParser) -> None:
    sub = p.add_subparsers(dest="action", required=True, metavar=cli_text("metavar.action"))
    b = sub.add_parser("build", help=cli_text("site.build"),
                       description=cli_text("site.build"))
    b.add_argument("dir", metavar=cli_text("metavar.dir"), help=cli_text("site.build.dir"))
    b.add_argument("--cache", metavar=cli_text("metavar.folder"),
                   help=cli_text("site.build.cache"))
    s = sub.add_parser("serve", help=cli_text("site.serve"), description=cli_text("site.serve"))
    s.add_argument("dir", metavar=cli_text("metavar.dir"), help=cli_text("site.serve.dir"))
    s.add_argument("--port", type=whole, default=8000, metavar=cli_text("metavar.port"),
                   help=cli_text("site.serve.port"))
    s.add_argument("--ip", default="127.0.0.1",
                   help=cli_text("site.serve.ip"))


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
        raise UsageError(key="site.not-built", facts={"path": str(folder)})
    from ..site.serve import make_server

    try:
        server = make_server(folder, args.ip, args.port)
    except OSError as e:
        if e.errno == errno.EADDRINUSE:
            raise UsageError(key="serve.port-in-use", facts={"port": args.port}) from None
        raise UsageError(key="serve.cannot-listen", facts={
            "ip": args.ip, "port": args.port, "reason": str(e.strerror or e)}) from None
    port = int(server.server_address[1])
    console.print(("Sirviendo " if es else "Serving ") + str(folder.resolve()), soft_wrap=True)
    console.print(("Abre " if es else "Open ") + page_url(args.ip, port, ""), soft_wrap=True)
    console.print("Ctrl-C " + ("para parar" if es else "to stop"), style="dim")
    console.file.flush()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0
