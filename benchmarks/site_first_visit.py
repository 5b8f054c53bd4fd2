"""The static site's first and later visits: from opening the sample game's page to a usable
stepper, cold (nothing cached) and warm (the same browser opening it again).

Each round, a fresh browser profile opens ``notebooks/index.html?path=01_sample_game.ipynb&app``
(the page as an application: it runs itself, the code hidden) served on 127.0.0.1, every other
host unresolvable (and any request for one reported), waits for the page to say it is ready and clicks *Next*; the clock stops when the
counter has moved. Then the same profile opens the page again (warm). Also reported: when the page
was drawn, when the kernel was ready (Pyodide and every package loaded), what each visit
downloaded (bytes of bodies, requests, and "not modified" answers), and the size of the site.

    python benchmarks/site_first_visit.py [--runs 3] [--site DIR] [--plain] [--preload WHAT]
                                          [--view app|notebook]

``--profile disk`` gives each round a new browser profile on disk instead of one in memory (a
private window's): a student's browser keeps its profile on disk, and Chromium's code cache (the
compiled WebAssembly, among others) lives there. ``--site DIR`` uses a site built before (default: build one with ``canasta site build`` into a
temporary folder, downloads cached). ``--plain`` serves every file uncompressed and with no
caching headers (as ``python -m http.server`` does). ``--preload`` changes which packages load
while Pyodide starts: ``all`` (as built), ``kernel`` (the kernel's own only), ``none`` (the kernel
installs its packages one after the other once Pyodide has started). ``--view notebook`` opens the
notebook view and runs all its cells by command, as a student once had to (for sites built
before the application view). All are for comparison.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import report  # noqa: E402

KERNEL_IDLE_JS = """() => {
  const app = window.jupyterapp;
  const w = app && app.shell && app.shell.currentWidget;
  const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  return !!k && k.status === 'idle';
}"""
ALL_RAN_JS = """() => {
  const w = window.jupyterapp.shell.currentWidget;
  const code = w.content.widgets.filter(c => c.model.type === 'code');
  const failed = code.some(c => Array.from({length: c.model.outputs.length},
    (_, j) => c.model.outputs.get(j).type).includes('error'));
  return failed ? 'error' : w.sessionContext.session.kernel.status === 'idle' &&
    code.every(c => c.model.executionCount !== null);
}"""
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run",
         "--disable-dev-shm-usage",
         # every host but the site's own fails to resolve: the visits reach nothing else
         "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]


def tree_size(folder: Path) -> tuple[int, int]:
    """Bytes of the site (compressed copies left out) and of its compressed copies."""
    files = [p for p in folder.rglob("*") if p.is_file()]
    return (sum(p.stat().st_size for p in files if p.suffix != ".gz"),
            sum(p.stat().st_size for p in files if p.suffix == ".gz"))


def cpu_times() -> dict[int, float]:
    """CPU time (user + system) of each of this process's descendants: the Playwright driver and
    the browser's processes, the page's Python worker among them (Linux: read from /proc).
    Unlike the wall clock, it hardly depends on what else the machine is doing."""
    children: dict[int, list[int]] = {}
    times: dict[int, float] = {}
    tick = os.sysconf("SC_CLK_TCK")
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid = int(stat.parent.name)
        children.setdefault(int(fields[1]), []).append(pid)
        times[pid] = (int(fields[11]) + int(fields[12])) / tick
    found, todo = {}, list(children.get(os.getpid(), []))
    while todo:
        pid = todo.pop()
        found[pid] = times.get(pid, 0.0)
        todo += children.get(pid, [])
    return found


def cpu_since(before: dict[int, float]) -> float:
    """The CPU the processes alive now used since ``before`` (a process that ended meanwhile,
    such as the previous visit's page, is left out rather than counted negative)."""
    return sum(t - before.get(pid, 0.0) for pid, t in cpu_times().items())


READY_JS = ("() => document.documentElement.classList.contains('canasta-ready') ? 'ready' : "
            "(document.querySelector('.canasta-failed') ? 'error' : false)")


def one_visit(context: Any, base: str, view: str) -> dict[str, float]:
    page = context.new_page()
    SENT.clear()
    NOT_MODIFIED[0] = 0
    cpu0 = cpu_times()
    t0 = time.monotonic()
    app = "&app" if view == "app" else ""
    page.goto(base + f"notebooks/index.html?path=01_sample_game.ipynb{app}")
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell.currentWidget",
                           timeout=120_000)
    shown = time.monotonic() - t0
    if view == "app":  # the page runs itself, and says when each of its steps began
        ran_state = page.wait_for_function(READY_JS, timeout=300_000, polling=50).json_value()
        steps = page.evaluate("() => window.canastaTimes")
        kernel = steps["running"] / 1000  # the kernel answered: Pyodide and every package loaded
    else:
        page.wait_for_function(KERNEL_IDLE_JS, timeout=300_000, polling=50)
        kernel = time.monotonic() - t0
        page.evaluate("async () => { await window.jupyterapp.commands.execute("
                      "'notebook:run-all-cells'); }")
        ran_state = page.wait_for_function(ALL_RAN_JS, timeout=300_000, polling=50).json_value()
    if ran_state == "error":
        raise SystemExit("a cell of the sample game failed in the browser")
    ran = time.monotonic() - t0
    counter = page.get_by_text(re.compile(r"^Step \d+ / \d+$")).first
    counter.wait_for(state="attached", timeout=60_000)
    step, total = (int(n) for n in re.findall(r"\d+", counter.text_content() or ""))
    page.get_by_role("button", name="Next ▶").first.click()
    page.get_by_text(f"Step {step + 1} / {total}").first.wait_for(state="attached",
                                                                   timeout=60_000)
    usable = time.monotonic() - t0
    cpu = cpu_since(cpu0)
    page.close()
    return {"shown_s": shown, "kernel_s": kernel, "ran_s": ran, "usable_s": usable, "cpu_s": cpu,
            "downloaded_mib": sum(SENT) / 2**20, "requests": len(SENT) + NOT_MODIFIED[0],
            "not_modified": NOT_MODIFIED[0]}


def one_round(browser: Any, base: str, view: str, profile: Path | None = None,
              pw: Any = None) -> tuple[dict[str, float], dict[str, float]]:
    """A cold visit in a fresh profile, then a warm one in the same profile: the browser's own
    context (kept in memory, as a private window is), or with ``profile`` a profile on disk in
    that folder (as a student's browser keeps one: Chromium's code cache lives there)."""
    viewport = {"width": 1200, "height": 900}
    if profile is None:
        context = browser.new_context(viewport=viewport)
    else:
        context = pw.chromium.launch_persistent_context(
            str(profile), executable_path="/usr/bin/chromium", headless=True, args=FLAGS,
            viewport=viewport)
    left: list[str] = []
    # no request routing here: Playwright turns the browser's cache off while it routes, and a
    # warm visit is what the cache does. The browser resolves no host but this one (FLAGS).
    context.on("request", lambda r: None if r.url.startswith(base) else left.append(r.url))
    cold = one_visit(context, base, view)
    warm = one_visit(context, base, view)
    context.close()
    if left:
        raise SystemExit(f"the page asked for {len(left)} address(es) off the site: {left[:3]}")
    return cold, warm


#: the body bytes the server sent during a visit (its Content-Length headers), the kernel's
#: worker included, and how many requests it answered "not modified"
SENT: list[int] = []
NOT_MODIFIED = [0]


def serve(folder: Path, plain: bool) -> tuple[Any, str]:
    import http.server

    from canasta.site.serve import SiteHandler, make_server

    class Counting(SiteHandler):
        def send_response(self, code: int, message: str | None = None) -> None:
            NOT_MODIFIED[0] += code == 304
            super().send_response(code, message)

        def send_header(self, keyword: str, value: str) -> None:
            if keyword == "Content-Length":
                SENT.append(int(value))
            super().send_header(keyword, value)

        def send_head(self) -> Any:
            if plain:  # every file as stored, like python -m http.server
                return http.server.SimpleHTTPRequestHandler.send_head(self)
            return super().send_head()

        def end_headers(self) -> None:
            if plain:
                http.server.SimpleHTTPRequestHandler.end_headers(self)
            else:
                super().end_headers()

    server = make_server(folder, "127.0.0.1", 0, handler=Counting)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


#: what the Pyodide kernel installs itself when it is not preloaded
KERNEL_PACKAGES = ["micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython"]


def with_preload(site: Path, tmp: Path, what: str) -> Path:
    copy = tmp / f"preload-{what}"
    shutil.copytree(site, copy)
    path = copy / "jupyter-lite.json"
    config = json.loads(path.read_text(encoding="utf-8"))
    plugin = config["jupyter-config-data"]["litePluginSettings"]
    for settings in plugin.values():
        options = settings.setdefault("loadPyodideOptions", {})
        if what == "none":
            options.pop("packages", None)
        else:
            options["packages"] = KERNEL_PACKAGES
    path.write_text(json.dumps(config), encoding="utf-8")
    (copy / "jupyter-lite.json.gz").unlink(missing_ok=True)
    return copy


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--site", type=Path, help="a site built before (default: build one)")
    p.add_argument("--plain", action="store_true", help="serve the files uncompressed")
    p.add_argument("--preload", choices=("all", "kernel", "none"), default="all",
                   help="which packages load while Pyodide starts (default: all, as built)")
    p.add_argument("--view", choices=("app", "notebook"), default="app",
                   help="open the page as an application (default) or as the notebook")
    p.add_argument("--profile", choices=("memory", "disk"), default="memory",
                   help="each round's browser profile: in memory, as a private window "
                        "(default), or a new one on disk, as a student's browser keeps it")
    args = p.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="canasta-bench-") as tmp_name:
        tmp = Path(tmp_name)
        site = args.site
        if site is None:
            from canasta.site.build import build_site

            site = build_site(tmp / "site").out
        if args.preload != "all":
            site = with_preload(site, tmp, args.preload)
        size, gz = tree_size(site)
        server, base = serve(site, args.plain)
        cold, warm = [], []
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                         args=FLAGS)
            for i in range(args.runs):
                profile = tmp / f"profile-{i}" if args.profile == "disk" else None
                c, w = one_round(browser, base, args.view, profile, pw)
                cold.append(c)
                warm.append(w)
            browser.close()
        server.shutdown()

    def med(visits: list[dict[str, float]], key: str) -> float:
        return round(statistics.median(v[key] for v in visits), 2)

    mode = ("uncompressed" if args.plain else "compressed") + f", preload {args.preload}, " \
        f"{args.view} view, profile in {args.profile}"
    fig: dict[str, Any] = {"mode": mode, "runs": args.runs,
                           "site_mib": round(size / 2**20, 1), "site_gz_mib": round(gz / 2**20, 1)}
    for name, visits in (("cold", cold), ("warm", warm)):
        fig[name] = {key: med(visits, key) for key in ("usable_s", "cpu_s", "shown_s", "kernel_s",
                                                        "ran_s", "downloaded_mib", "requests",
                                                        "not_modified")}
        fig[name]["usable_all_s"] = [round(v["usable_s"], 2) for v in visits]
    c, w = fig["cold"], fig["warm"]
    report("site_first_visit", fig,
           f"site ({mode}), medians of {args.runs}: usable stepper {c['usable_s']} s cold "
           f"({c['cpu_s']} s of CPU in the browser; page drawn {c['shown_s']} s, kernel ready "
           f"{c['kernel_s']} s, cells run {c['ran_s']} s; {c['downloaded_mib']} MiB in "
           f"{c['requests']} requests), {w['usable_s']} s warm ({w['cpu_s']} s of CPU; kernel "
           f"ready {w['kernel_s']} s; {w['downloaded_mib']} MiB in {w['requests']} requests, "
           f"{w['not_modified']} not modified); site {fig['site_mib']} MiB "
           f"(+{fig['site_gz_mib']} MiB of compressed copies)")


if __name__ == "__main__":
    main()
