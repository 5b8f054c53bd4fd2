"""``canasta site build DIR``: the tutorial as a static JupyterLite site, built from the repository.

What it fetches, once (every download is kept in the cache folder and reused):

- the build tools (:data:`pins.BUILD_TOOLS`), into a private virtual environment, from PyPI;
- Pyodide, the npm package of :data:`pins.PYODIDE_VERSION`, checked against its registry checksum;
- the wheels the page loads, from PyPI: the kernel's own at the versions Pyodide's lock names,
  the widget packages of :data:`pins.BROWSER_WHEELS`.

Then it builds the canasta wheel from the repository, writes a lock file naming exactly the wheels
shipped (:mod:`.lock`), runs ``jupyter lite build`` on the notebooks (outputs cleared), writes the
start page (:mod:`.startpage`) and a gzip copy of every file that compresses well. The page
fetches nothing from anywhere else: the kernel's packages are loaded while Pyodide starts, and
PyPI is never asked.
"""

from __future__ import annotations

import dataclasses
import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from base64 import b64encode
from collections.abc import Callable
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any

from ..errors import CanastaError
from . import pins
from .lock import (
    DEPENDS,
    KERNEL_WHEELS,
    LEFT_OUT,
    Wheel,
    absent_module_wheel,
    kernel_closure,
    normalize,
    site_lock,
    top_level,
    wheel_version,
)
from .precompile import precompile
from .startpage import start_page_html

KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: the Pyodide files the page needs (the npm package also has consoles, types and source maps)
RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
           "package.json")
APPS = ("lab", "notebooks", "tree")
#: compressed copies are written for these (wheels and the stdlib are zip files already)
COMPRESS = (".js", ".mjs", ".wasm", ".json", ".css", ".html", ".svg", ".ipynb", ".map", ".txt")
MARKER = ".canasta-site"  # a folder holding it may be replaced by a new build
#: what the kernel imports when it starts (``pyodide_kernel`` itself needs the page to import)
KERNEL_IMPORTS = ("IPython.core.interactiveshell", "IPython.core.application",
                  "IPython.core.shellapp", "IPython.core.history", "IPython.core.completer",
                  "IPython.core.inputtransformer2", "IPython.core.displayhook",
                  "IPython.core.displaypub", "IPython.display", "IPython.utils.tokenutil",
                  "comm", "traitlets.config", "piplite", "micropip")

#: the notebook view's plugins a static site leaves out (a checkpoint is the build's own date)
DISABLED = ("@jupyter-notebook/notebook-extension:checkpoints",)
#: the script and stylesheet that open a page as an application (``?path=NB&app``)
APP_FILES = ("app.js", "app.css")

Log = Callable[[str], None]


class BuildError(CanastaError):
    """A step of the build failed; the message names the step and what to do."""


@dataclass(frozen=True)
class SiteSummary:
    """What a build produced."""

    out: Path
    files: int
    size: int  # bytes, compressed copies left out
    gz_size: int  # bytes of the compressed copies
    wheels: tuple[str, ...]


def default_cache() -> Path:
    base = os.environ.get("CANASTA_SITE_CACHE")
    if base:
        return Path(base)
    xdg = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(xdg) / "canasta" / "site"


def repository_root() -> Path:
    """The source checkout this package runs from (the site is built from it)."""
    root = Path(__file__).resolve().parents[2]
    if not ((root / "pyproject.toml").is_file() and (root / "notebooks").is_dir()):
        raise BuildError("the site is built from a checkout of the canasta repository "
                         "(pyproject.toml and notebooks/ next to the canasta package)")
    return root


def _run(argv: list[str], what: str, log_file: Path, env: dict[str, str] | None = None,
         cwd: Path | None = None) -> None:
    log_file.parent.mkdir(parents=True, exist_ok=True)
    with log_file.open("ab") as out:
        out.write(("\n$ " + " ".join(argv) + "\n").encode())
        out.flush()
        done = subprocess.run(argv, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=cwd,
                              stdin=subprocess.DEVNULL, check=False)
    if done.returncode != 0:
        lines = log_file.read_text(encoding="utf-8", errors="replace").strip().splitlines()
        last = lines[-1].strip() if lines else ""
        raise BuildError(f"{what} failed (exit {done.returncode}): {last} "
                         f"(the whole output is in {log_file})")


def _bin(venv: Path, name: str) -> Path:
    return venv / ("Scripts" if os.name == "nt" else "bin") / name


def ensure_tools(cache: Path, log: Log) -> Path:
    """The private environment holding the build tools at their pinned versions."""
    key = hashlib.sha256(json.dumps([sys.version_info[:2], pins.BUILD_TOOLS]).encode())
    venv = cache / "tools" / key.hexdigest()[:12]
    ready = venv / ".ready"
    if ready.is_file():
        return venv
    log(f"installing the build tools into {venv}")
    shutil.rmtree(venv, ignore_errors=True)
    _run([sys.executable, "-m", "venv", str(venv)], "creating the tools' environment",
         cache / "build.log")
    _run([str(_bin(venv, "python")), "-m", "pip", "install", "-q", "--disable-pip-version-check",
          *(f"{n}=={v}" for n, v in pins.BUILD_TOOLS.items())],
         "installing " + ", ".join(pins.BUILD_TOOLS), cache / "build.log")
    ready.write_text("\n".join(f"{n}=={v}" for n, v in pins.BUILD_TOOLS.items()) + "\n")
    return venv


def _integrity(path: Path) -> str:
    algo, _, _ = pins.PYODIDE_INTEGRITY.partition("-")
    return f"{algo}-" + b64encode(hashlib.new(algo, path.read_bytes()).digest()).decode()


def ensure_pyodide(cache: Path, log: Log) -> Path:
    """Pyodide's npm package, unpacked; fetched with npm once and checked against its pin."""
    folder = cache / "npm" / f"pyodide-{pins.PYODIDE_VERSION}"
    tgz = cache / "npm" / f"pyodide-{pins.PYODIDE_VERSION}.tgz"
    if (folder / "pyodide-lock.json").is_file():
        return folder
    if not tgz.is_file():
        npm = shutil.which("npm")
        if npm is None:
            raise BuildError("npm is needed to fetch Pyodide from the npm registry "
                             "(apt-get install npm, or install Node.js)")
        log(f"fetching pyodide@{pins.PYODIDE_VERSION} from the npm registry")
        tgz.parent.mkdir(parents=True, exist_ok=True)
        _run([npm, "pack", f"pyodide@{pins.PYODIDE_VERSION}", "--pack-destination",
              str(tgz.parent), "--silent"], "npm pack pyodide", cache / "build.log",
             cwd=tgz.parent)
    if _integrity(tgz) != pins.PYODIDE_INTEGRITY:
        tgz.unlink()
        raise BuildError(f"{tgz.name} does not match its checksum in canasta/site/pins.py")
    tmp = Path(tempfile.mkdtemp(dir=tgz.parent))
    with tarfile.open(tgz) as tar:
        tar.extractall(tmp, filter="data")
    shutil.rmtree(folder, ignore_errors=True)
    (tmp / "package").rename(folder)
    shutil.rmtree(tmp)
    return folder


def ensure_wheels(cache: Path, tools: Path, wanted: dict[str, str], log: Log) -> dict[str, Path]:
    """Pure-Python wheels ``{name: version}`` from PyPI, kept in the cache."""
    folder = cache / "wheels"
    folder.mkdir(parents=True, exist_ok=True)

    def found(name: str, version: str) -> Path | None:
        for p in folder.glob("*.whl"):
            if normalize(p.name.split("-")[0]) == name and wheel_version(p) == version:
                return p
        return None

    missing = [f"{n}=={v}" for n, v in wanted.items() if found(n, v) is None]
    if missing:
        log(f"fetching {len(missing)} wheel(s) from PyPI")
        _run([str(_bin(tools, "python")), "-m", "pip", "download", "-q", "--no-deps",
              "--disable-pip-version-check", "--only-binary=:all:", "--implementation", "py",
              "--abi", "none", "--platform", "any", "--python-version",
              ".".join(pins.PYODIDE_PYTHON.split(".")[:2]), "-d", str(folder), *missing],
             "downloading wheels", cache / "build.log")
    out: dict[str, Path] = {}
    for n, v in wanted.items():
        p = found(n, v)
        if p is None:
            raise BuildError(f"no pure-Python wheel of {n}=={v} on PyPI")
        out[n] = p
    return out


def build_canasta_wheel(repo: Path, folder: Path, cache: Path, tools: Path) -> Path:
    """The canasta wheel, pure Python, from the repository."""
    env = {**os.environ, "CANASTA_COMPILE": "0"}
    _run([str(_bin(tools, "python")), "-m", "pip", "wheel", "-q", "--no-deps",
          "--disable-pip-version-check", "-w", str(folder), str(repo)],
         "building the canasta wheel", cache / "build.log", env=env)
    (whl,) = folder.glob("canasta-*.whl")
    return whl


def kernel_wheel_folder(tools: Path) -> Path:
    found = list(tools.glob("**/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"))
    if not found:
        raise BuildError("the Pyodide kernel's own wheels are missing from the build tools")
    return found[0]


def startup_imports(notebooks: Path) -> list[str]:
    """The modules a first visit imports: the kernel's, and every module the notebooks import."""
    found = set(KERNEL_IMPORTS)
    for nb in sorted(notebooks.rglob("*.ipynb")):
        for cell in json.loads(nb.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "code":
                for m in re.finditer(r"^(?:from|import)\s+([\w.]+)", "".join(cell["source"]),
                                     flags=re.M):
                    found.add(m.group(1))
    return sorted(found)


def strip_notebook(src: Path, dest: Path) -> None:
    """A notebook as a student first sees it in the browser: no outputs, the Pyodide kernel."""
    nb = json.loads(src.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
        cell.get("metadata", {}).pop("execution", None)
    nb["metadata"]["kernelspec"] = {"name": "python", "display_name": "Python (Pyodide)",
                                    "language": "python"}
    dest.write_text(json.dumps(nb, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def lite_config(preload: list[str]) -> dict[str, Any]:
    """``jupyter-lite.json``: the kernel preloads every package while Pyodide starts (in
    parallel, instead of installing them one after the other afterwards) and never asks PyPI."""
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Canasta",
            "faviconUrl": "./lab/favicon.ico",
            # window.jupyterapp: the site's browser test and benchmark drive the page through it
            "exposeAppInBrowser": True,
            # "Last Checkpoint: 6 years ago": the shipped files' fixed date, not a checkpoint
            "disabledExtensions": list(DISABLED),
            "litePluginSettings": {KERNEL_PLUGIN: {
                "disablePyPIFallback": True,
                "loadPyodideOptions": {"packages": preload},
            }},
        },
    }


#: settings that keep the page from reaching out (news, update checks) and from autosaving
#: over the notebook a student is reading
OVERRIDES = {
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false",
                                                    "checkForUpdates": False},
    "@jupyterlab/docmanager-extension:plugin": {"autosave": False},
}


def add_app_mode(stage: Path) -> None:
    """The notebook view opens a page as an application when asked (``?path=NB&app``: every
    cell run, the code hidden, a notice until the widgets are drawn; see ``app.js``)."""
    page = stage / "notebooks" / "index.html"
    html = page.read_text(encoding="utf-8")
    if "</head>" not in html:
        raise BuildError(f"{page} has no </head> to add the application mode to")
    for name in APP_FILES:
        (stage / f"canasta-{name}").write_bytes(files("canasta.site").joinpath(name).read_bytes())
    tags = ('<link rel="stylesheet" href="../canasta-app.css">'
            '<script src="../canasta-app.js"></script>')
    page.write_text(html.replace("</head>", tags + "</head>", 1), encoding="utf-8")


def name_runtime_by_digest(stage: Path) -> str:
    """Move the runtime and the wheels to ``static/pyodide-DIGEST/`` (a digest of every file in
    it) and point the kernel there: a browser keeps them without asking again (see
    ``caching.py``), and a rebuilt site with other wheels is another address. Returns the name."""
    folder = stage / "static" / "pyodide"
    digest = hashlib.sha256()
    for p in sorted(folder.iterdir()):
        digest.update(p.name.encode() + b"\0" + p.read_bytes())
    named = folder.with_name(f"pyodide-{digest.hexdigest()[:16]}")
    folder.rename(named)
    config_file = stage / "jupyter-lite.json"
    config = json.loads(config_file.read_text(encoding="utf-8"))
    kernel = config["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]
    if kernel.get("pyodideUrl") != "./static/pyodide/pyodide.mjs":
        raise BuildError(f"the kernel looks for Pyodide at {kernel.get('pyodideUrl')!r}, "
                         "not in the site's static/pyodide")
    kernel["pyodideUrl"] = f"./static/{named.name}/pyodide.mjs"
    config_file.write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    return named.name


def compress_tree(root: Path) -> int:
    """Write ``F.gz`` beside every file worth compressing; returns the bytes written."""
    total = 0
    for p in sorted(root.rglob("*")):
        if not p.is_file() or p.suffix not in COMPRESS:
            continue
        raw = p.read_bytes()
        if len(raw) < 1024:
            continue
        packed = gzip.compress(raw, compresslevel=9, mtime=0)
        if len(packed) < 0.9 * len(raw):
            p.with_name(p.name + ".gz").write_bytes(packed)
            total += len(packed)
    return total


def site_wheels(plock: dict[str, Any], kernel: list[str], fetched: dict[str, Path],
                kernel_pypi: Path, own: Path, tmp: Path) -> list[Wheel]:
    """Every wheel the site ships, with what each depends on and the imports that load it."""
    wheels: list[Wheel] = []
    for n in kernel:
        e = plock["packages"][n]
        deps = tuple(normalize(d) for d in e["depends"] if normalize(d) not in LEFT_OUT)
        wheels.append(Wheel(n, e["version"], fetched[n], deps, tuple(e["imports"])))
    for n, version in pins.BROWSER_WHEELS.items():
        name = normalize(n)
        wheels.append(Wheel(name, version, fetched[name], DEPENDS[name], top_level(fetched[name])))
    for name, deps in KERNEL_WHEELS.items():
        found = sorted(kernel_pypi.glob(f"{name.replace('-', '_')}-*.whl"))
        if not found:
            raise BuildError(f"the Pyodide kernel ships no {name} wheel")
        whl = found[-1]  # widgetsnbextension: the stand-in for ipywidgets 8 (4.0.999)
        wheels.append(Wheel(name, wheel_version(whl), whl, deps, top_level(whl)))
    for name in LEFT_OUT[:1]:  # jedi; parso goes with it
        whl = absent_module_wheel(name, tmp)
        wheels.append(Wheel(name, wheel_version(whl), whl, DEPENDS[name], ()))
    wheels.append(Wheel("canasta", wheel_version(own), own, DEPENDS["canasta"], ("canasta",)))
    return wheels


def build_site(out: Path, *, cache: Path | None = None, repo: Path | None = None,
               log: Log = lambda _m: None) -> SiteSummary:
    """Build the site into ``out`` (an empty folder, or a site built before, which is replaced)."""
    cache = (cache or default_cache()).resolve()
    out = out.resolve()
    # The user's folder is checked first: its refusal holds however canasta was installed.
    if out.exists() and any(out.iterdir()) and not (out / MARKER).is_file():
        raise BuildError(f"{out} is not empty and holds no site built before: "
                         "give a new or empty folder")
    repo = repo or repository_root()
    cache.mkdir(parents=True, exist_ok=True)
    (cache / "build.log").write_text("", encoding="utf-8")  # this build's output only
    tools = ensure_tools(cache, log)
    pyodide = ensure_pyodide(cache, log)
    plock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
    kernel = kernel_closure(plock["packages"])
    wanted = {n: plock["packages"][n]["version"] for n in kernel}
    wanted.update({normalize(n): v for n, v in pins.BROWSER_WHEELS.items()})
    fetched = ensure_wheels(cache, tools, wanted, log)

    with tempfile.TemporaryDirectory(prefix="canasta-site-") as tmp_name:
        tmp = Path(tmp_name)
        lite, stage = tmp / "lite", tmp / "site"
        static = lite / "static" / "pyodide"
        static.mkdir(parents=True)
        for name in RUNTIME:
            shutil.copy2(pyodide / name, static / name)
        log("building the canasta wheel")
        own = build_canasta_wheel(repo, tmp / "dist", cache, tools)
        wheels = site_wheels(plock, kernel, fetched, kernel_wheel_folder(tools), own, tmp)
        # the shipped copies: the kernel's packages and the standard library compiled ahead
        shipped = []
        for w in wheels:
            shutil.copy2(w.path, static / w.path.name)
            shipped.append(dataclasses.replace(w, path=static / w.path.name))
        wheels = shipped
        log("compiling what the pages import, with the browser's Python")
        own_copy = static / own.name
        compiled = precompile(pyodide, static / "python_stdlib.zip", [w.path for w in wheels],
                              [own_copy], startup_imports(repo / "notebooks"), cache / "build.log")
        log(f"{sum(compiled.values())} modules compiled "
            f"({compiled.get('python_stdlib.zip', 0)} of the standard library)")
        lock = site_lock(plock, wheels)
        (static / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n",
                                                  encoding="utf-8")
        # everything is loaded while Pyodide starts: the kernel's packages and the notebooks'
        preload = [w.name for w in wheels]
        (lite / "jupyter-lite.json").write_text(json.dumps(lite_config(preload), indent=1) + "\n",
                                                encoding="utf-8")
        (lite / "overrides.json").write_text(json.dumps(OVERRIDES, indent=1) + "\n",
                                             encoding="utf-8")
        contents = lite / "files"
        contents.mkdir()
        for nb in sorted((repo / "notebooks").rglob("*.ipynb")):  # English, and es/ Spanish
            page = contents / nb.relative_to(repo / "notebooks")
            page.parent.mkdir(parents=True, exist_ok=True)
            strip_notebook(nb, page)
        extensions = [fetched["jupyterlab-widgets"], fetched["anywidget"]]
        log("running jupyter lite build")
        argv = [str(_bin(tools, "jupyter-lite")), "build", "--lite-dir", str(lite),
                "--output-dir", str(stage), f"--LiteBuildConfig.cache_dir={cache / 'lite'}",
                "--no-sourcemaps", "--no-unused-shared-packages", "--contents", str(contents),
                "--settings-overrides", str(lite / "overrides.json"),
                "--source-date-epoch", "1577836800"]
        for app in APPS:
            argv += ["--apps", app]
        for ext in extensions:
            argv += ["--LiteBuildConfig.federated_extensions", str(ext)]
        # the tools' own sys.prefix holds the kernel's extension and ours are given explicitly;
        # the user's own Jupyter folders (and any extension installed there) are left out
        env = {**os.environ, "JUPYTER_DATA_DIR": str(tmp / "jupyter-data"),
               "JUPYTER_CONFIG_DIR": str(tmp / "jupyter-config")}
        _run(argv, "jupyter lite build", cache / "build.log", cwd=lite, env=env)
        (stage / "index.html").write_text(start_page_html(), encoding="utf-8")
        add_app_mode(stage)
        name_runtime_by_digest(stage)
        (stage / MARKER).write_text(f"built by canasta site build\npyodide "
                                    f"{pins.PYODIDE_VERSION}\n", encoding="utf-8")
        gz = compress_tree(stage)
        if out.exists():
            shutil.rmtree(out)
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(stage), str(out))

    files = [p for p in out.rglob("*") if p.is_file()]
    size = sum(p.stat().st_size for p in files if p.suffix != ".gz")
    return SiteSummary(out, len(files), size, gz, tuple(sorted(w.path.name for w in wheels)))
