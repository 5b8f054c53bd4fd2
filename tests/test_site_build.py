"""The static site's parts that need no network: the start page, the lock file, the notebooks as
shipped, the compressed copies and the server that sends them, the pins, the command's errors.
(The whole build, in a browser with the network cut off, is tests/browser/test_site.py.)"""

from __future__ import annotations

import gzip
import http.client
import json
import subprocess
import sys
import threading
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from canasta.site import pins
from canasta.site.build import compress_tree, startup_imports, strip_notebook
from canasta.site.lock import (
    Wheel,
    absent_module_wheel,
    kernel_closure,
    site_lock,
    top_level,
)
from canasta.site.serve import make_server
from canasta.site.startpage import start_page_html
from canasta.tutorial import NOTEBOOKS

ROOT = Path(__file__).resolve().parents[1]


def test_start_page_lists_the_tutorial_in_both_languages() -> None:
    page = start_page_html()
    english, spanish = page.split("<section lang='es'>")
    for nb in NOTEBOOKS:
        assert f"./notebooks/index.html?path={nb.file}" in english
        # the Spanish list opens the Spanish pages
        assert f"./notebooks/index.html?path=es/{nb.file_es}" in spanish and nb.file not in spanish
        for text in (nb.title.en, nb.title.es, nb.teaches.es):
            assert text.replace("'", "&#x27;") in page
    assert "<section lang='en'>" in english
    # the apps read the site's settings from the root page's (empty) block
    assert "id='jupyter-config-data'" in page and "data-jupyter-lite-root='.'" in page


def test_kernel_packages_follow_pyodides_lock_without_jedi() -> None:
    packages = {"ipython": {"depends": ["jedi", "traitlets"]}, "jedi": {"depends": ["parso"]},
                "parso": {"depends": []}, "traitlets": {"depends": []},
                "micropip": {"depends": []}, "typing-extensions": {"depends": []}}
    assert kernel_closure(packages) == ["micropip", "ipython", "traitlets", "typing-extensions"]


def test_the_absent_module_stands_in_by_failing_to_import(tmp_path: Path) -> None:
    whl = absent_module_wheel("jedi", tmp_path)
    assert whl.name == "jedi-0+absent-py3-none-any.whl"
    assert absent_module_wheel("jedi", tmp_path / "..").read_bytes() == whl.read_bytes()
    zipfile.ZipFile(whl).extractall(tmp_path / "site")
    done = subprocess.run([sys.executable, "-c", "import jedi"], cwd=tmp_path / "site",
                          capture_output=True, text=True, check=False)
    assert done.returncode == 1 and "ImportError: jedi is left out of this site" in done.stderr


def test_the_lock_names_what_ships_with_its_checksum(tmp_path: Path) -> None:
    a = tmp_path / "a-1.0-py3-none-any.whl"
    with zipfile.ZipFile(a, "w") as z:
        z.writestr("a/__init__.py", "")
        z.writestr("a_helper.py", "")
        z.writestr("a-1.0.dist-info/METADATA", "")
    assert top_level(a) == ("a", "a_helper")
    info = {"info": {"python": "3.14.2"}}
    lock = site_lock(info, [Wheel("a", "1.0", a, (), ("a",))])
    entry = lock["packages"]["a"]
    assert entry["file_name"] == a.name and entry["imports"] == ["a"] and len(entry["sha256"]) == 64
    with pytest.raises(ValueError, match="a depends on b, which the site lacks"):
        site_lock(info, [Wheel("a", "1.0", a, ("b",), ("a",))])


def test_notebooks_ship_without_outputs_for_the_pyodide_kernel(tmp_path: Path) -> None:
    strip_notebook(ROOT / "notebooks" / "01_sample_game.ipynb", tmp_path / "nb.ipynb")
    nb = json.loads((tmp_path / "nb.ipynb").read_text(encoding="utf-8"))
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert code and all(c["outputs"] == [] and c["execution_count"] is None for c in code)
    assert nb["metadata"]["kernelspec"]["name"] == "python"


def test_what_a_first_visit_imports_is_compiled_ahead() -> None:
    imports = startup_imports(ROOT / "notebooks")
    assert {"canasta.widgets", "canasta.examples", "IPython.core.interactiveshell"} <= set(imports)


def test_compressed_copies_only_where_they_help(tmp_path: Path) -> None:
    (tmp_path / "big.js").write_text("let x = 1;\n" * 500)
    (tmp_path / "small.js").write_text("let x = 1;\n")
    (tmp_path / "w.whl").write_bytes(b"x" * 5000)  # a zip already
    compress_tree(tmp_path)
    assert sorted(p.name for p in tmp_path.glob("*.gz")) == ["big.js.gz"]
    assert gzip.decompress((tmp_path / "big.js.gz").read_bytes()) == (tmp_path / "big.js").read_bytes()


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[int, bytes]]:
    body = b"console.log(1);\n" * 400
    (tmp_path / "app.js").write_bytes(body)
    (tmp_path / "app.js.gz").write_bytes(gzip.compress(body))
    (tmp_path / "runtime.wasm").write_bytes(b"\0asm")
    server = make_server(tmp_path, "127.0.0.1", 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield int(server.server_address[1]), body
    server.shutdown()
    server.server_close()


def get(port: int, path: str, headers: dict[str, str]) -> http.client.HTTPResponse:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", path, headers=headers)
    return conn.getresponse()


def test_the_server_sends_the_compressed_copy_to_who_accepts_it(served: tuple[int, bytes]) -> None:
    port, body = served
    r = get(port, "/app.js", {"Accept-Encoding": "gzip, deflate"})
    assert r.status == 200 and r.getheader("Content-Encoding") == "gzip"
    assert r.getheader("Content-Type") == "text/javascript"
    assert gzip.decompress(r.read()) == body
    r = get(port, "/app.js", {})
    assert r.getheader("Content-Encoding") is None and r.read() == body
    last = get(port, "/app.js", {"Accept-Encoding": "gzip"}).getheader("Last-Modified") or ""
    assert get(port, "/app.js", {"Accept-Encoding": "gzip", "If-Modified-Since": last}).status == 304
    r = get(port, "/runtime.wasm", {"Accept-Encoding": "gzip"})
    assert r.getheader("Content-Type") == "application/wasm"  # compiled as it streams in


def test_the_pins_move_together() -> None:
    core, kernel = (pins.BUILD_TOOLS[n] for n in ("jupyterlite-core", "jupyterlite-pyodide-kernel"))
    assert core.split(".")[:2] == kernel.split(".")[:2]
    assert pins.PYODIDE_INTEGRITY.startswith("sha512-")
    assert pins.PYODIDE_VERSION.startswith(pins.PYODIDE_PYTHON.replace(".", ""))  # 314.x: 3.14


def run_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "canasta.cli", "site", *args], cwd=cwd,
                          capture_output=True, text=True, check=False, stdin=subprocess.DEVNULL)


def test_the_command_refuses_bad_folders_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "mine.txt").write_text("not a site")
    done = run_cli("build", str(tmp_path), cwd=tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip() == (f"canasta site: error: {tmp_path} is not empty and holds no "
                                   "site built before: give a new or empty folder")
    assert (tmp_path / "mine.txt").read_text() == "not a site"  # left alone
    done = run_cli("serve", str(tmp_path), cwd=tmp_path)
    assert done.returncode == 2 and done.stderr.strip() == (
        f"canasta site: error: {tmp_path}: not a built site (build one with canasta site build DIR)")


def test_the_spanish_start_page_holds_no_english_sentence() -> None:
    """The Spanish list is in Spanish (a menu of JupyterLab's, shown as code, aside); the
    English list is caught by the same check."""
    import re

    from english_text import english_words, html_text

    page = start_page_html()
    spanish = page.split("<section lang='es'>")[1].split("</section>")[0]
    english = page.split("<section lang='en'>")[1].split("</section>")[0]
    prose = [html_text(re.sub(r"<code>.*?</code>", " ", part)) for part in (spanish, english)]
    assert english_words(prose[0]) == set() and {"the", "your"} <= english_words(prose[1])
