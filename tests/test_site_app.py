"""The static site as an application, without a browser: the start page links each page as an
application that runs itself and as the notebook; the build adds the application mode, leaves the
stale checkpoint out and names the runtime's folder by its digest; the server tells a browser how
long to keep each file and never lets a rebuilt site be served stale. (The pages themselves, in
Chromium: tests/browser/test_site.py.)"""

from __future__ import annotations

import http.client
import json
import os
import shutil
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

import canasta.site
from canasta.site.build import (
    DISABLED,
    KERNEL_PLUGIN,
    add_app_mode,
    lite_config,
    name_runtime_by_digest,
)
from canasta.site.caching import IMMUTABLE, REVALIDATE, SHORT, cache_control, matches
from canasta.site.serve import make_server
from canasta.site.startpage import start_page_html
from canasta.tutorial import NOTEBOOKS

# the installed package's files (the compiled build is tested from a copy without the source)
SITE = Path(canasta.site.__file__).resolve().parent


def test_the_start_page_opens_each_page_as_an_application_and_as_the_notebook() -> None:
    page = start_page_html()
    for nb in NOTEBOOKS:
        assert f"href='./notebooks/index.html?path={nb.file}&amp;app'" in page
        assert f"href='./notebooks/index.html?path={nb.file}'" in page
    assert "Run All" not in page  # no hidden step: the page runs itself
    assert "arranca sola" in page and "runs itself" in page


def test_the_build_adds_the_application_mode_to_the_notebook_view(tmp_path: Path) -> None:
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "notebooks" / "index.html").write_text("<html><head><title>x</title></head>"
                                                       "<body></body></html>", encoding="utf-8")
    add_app_mode(tmp_path)
    html = (tmp_path / "notebooks" / "index.html").read_text(encoding="utf-8")
    assert html.index('<script src="../canasta-app.js"></script>') < html.index("</head>")
    assert (tmp_path / "canasta-app.js").read_bytes() == (SITE / "app.js").read_bytes()
    assert (tmp_path / "canasta-app.css").is_file()
    # the checkpoint the notebook view names is the build's fixed date: its plugin is left out
    assert lite_config([])["jupyter-config-data"]["disabledExtensions"] == list(DISABLED) == [
        "@jupyter-notebook/notebook-extension:checkpoints"]


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js checks the script's syntax")
def test_the_application_script_parses() -> None:
    done = subprocess.run(["node", "--check", str(SITE / "app.js")], capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stderr
    text = (SITE / "app.js").read_text(encoding="utf-8")
    assert 'params.has("app")' in text and "notebook:run-all-cells" in text
    assert "Arrancando Python en tu navegador" in text and "Starting Python in your browser" in text


def test_the_runtime_folder_is_named_by_its_digest(tmp_path: Path) -> None:
    def site(wheel: bytes) -> Path:
        root = tmp_path / wheel.decode()
        (root / "static" / "pyodide").mkdir(parents=True)
        (root / "static" / "pyodide" / "canasta-0.1.0-py3-none-any.whl").write_bytes(wheel)
        (root / "static" / "pyodide" / "pyodide.mjs").write_text("export {}", encoding="utf-8")
        config = {"jupyter-config-data": {"litePluginSettings": {KERNEL_PLUGIN: {
            "pyodideUrl": "./static/pyodide/pyodide.mjs", "disablePyPIFallback": True}}}}
        (root / "jupyter-lite.json").write_text(json.dumps(config), encoding="utf-8")
        return root

    one, other = site(b"one"), site(b"two")
    name = name_runtime_by_digest(one)
    assert name.startswith("pyodide-") and (one / "static" / name / "pyodide.mjs").is_file()
    assert not (one / "static" / "pyodide").exists()
    kernel = json.loads((one / "jupyter-lite.json").read_text())["jupyter-config-data"][
        "litePluginSettings"][KERNEL_PLUGIN]
    assert kernel == {"pyodideUrl": f"./static/{name}/pyodide.mjs", "disablePyPIFallback": True}
    assert name_runtime_by_digest(other) != name  # other wheels, another address
    assert cache_control(f"/static/{name}/canasta-0.1.0-py3-none-any.whl") == IMMUTABLE


@pytest.mark.parametrize(("address", "policy"), [
    ("/build/1164.b43ad9e.js", IMMUTABLE),
    ("/extensions/@jupyterlite/pyodide-kernel-extension/static/remoteEntry.abcac41d5ca77040.js",
     IMMUTABLE),
    ("/build/notebooks/bundle.js?_=c1d836f", IMMUTABLE),
    ("/extensions/x/static/pypi/all.json?sha256=94e75a51d1c4", IMMUTABLE),
    ("/static/pyodide-dd8f042d80de7950/pyodide.asm.wasm", IMMUTABLE),
    ("/static/pyodide/pyodide.asm.wasm", REVALIDATE),  # a name that says nothing of its content
    ("/notebooks/index.html?path=01_sample_game.ipynb&app", REVALIDATE),
    ("/files/05_play_a_hand.ipynb", REVALIDATE), ("/jupyter-lite.json", REVALIDATE),
    ("/canasta-app.js", REVALIDATE), ("/", REVALIDATE),
    ("/static/favicons/favicon-busy-1.ico", SHORT), ("/build/schemas/all.json", SHORT),
])
def test_how_long_each_file_is_kept(address: str, policy: str) -> None:
    assert cache_control(address) == policy


def test_entity_tags_compare_as_a_browser_sends_them() -> None:
    assert matches('"a-1", W/"b-2"', '"b-2"') and matches("*", '"x"')
    assert not matches(None, '"x"') and not matches('"a"', '"b"')


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[int, Path]]:
    server = make_server(tmp_path, "127.0.0.1", 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield int(server.server_address[1]), tmp_path
    server.shutdown()
    server.server_close()


def get(port: int, path: str, headers: dict[str, str]) -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", path, headers=headers)
    r = conn.getresponse()
    out = r.status, {k: v for k, v in r.getheaders()}, r.read()
    conn.close()
    return out


def write_as_built(path: Path, body: bytes) -> None:
    """A file as the build writes it: a new file, dated with the build's fixed date."""
    path.unlink(missing_ok=True)
    path.write_bytes(body)
    os.utime(path, (1577836800, 1577836800))


@pytest.mark.parametrize("gzipped", [False, True])
def test_a_rebuilt_file_is_sent_again_though_its_date_is_the_same(served: tuple[int, Path],
                                                                 gzipped: bool) -> None:
    import gzip

    port, root = served
    name = "canasta-0.1.0-py3-none-any.whl"
    body = b"the first build " * 100
    write_as_built(root / name, body)
    if gzipped:
        write_as_built(root / (name + ".gz"), gzip.compress(body))
    ask = {"Accept-Encoding": "gzip"}
    status, headers, _ = get(port, "/" + name, ask)
    assert status == 200 and headers["Cache-Control"] == REVALIDATE and headers["ETag"]
    again = {**ask, "If-None-Match": headers["ETag"],
             "If-Modified-Since": headers["Last-Modified"]}
    status, headers304, data = get(port, "/" + name, again)
    assert status == 304 and data == b"" and headers304["ETag"] == headers["ETag"]
    # rebuilt: other content under the same name and the same fixed date
    body = b"the second build " * 100
    write_as_built(root / name, body)
    if gzipped:
        write_as_built(root / (name + ".gz"), gzip.compress(body))
    status, headers2, data = get(port, "/" + name, again)
    assert status == 200 and headers2["ETag"] != headers["ETag"]
    assert (gzip.decompress(data) if gzipped else data) == body
