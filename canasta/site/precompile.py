"""Byte-compile the site's Python ahead of time, with the browser's own Python.

Python compiles a module the first time it is imported; in the browser (WebAssembly, on a
student's machine) compiling IPython and the standard library it needs takes several seconds of
every first visit. The build runs Pyodide itself under Node.js (the Python of the site: the
bytecode must match it) and replaces the sources of the standard library and of the kernel's
packages by their compiled ``.pyc`` files, as Pyodide's own distribution does. canasta keeps its
sources, so that a student's traceback through it shows the lines.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from pathlib import Path

from ..errors import CanastaError

#: runs Pyodide from its npm folder with the work folder mounted, then the Python below
RUNNER = """
const [runtime, work] = process.argv.slice(2);
const { loadPyodide } = await import(runtime + "/pyodide.mjs");
const py = await loadPyodide({ indexURL: runtime + "/" });
py.FS.mkdirTree("/work");
py.FS.mount(py.FS.filesystems.NODEFS, { root: work }, "/work");
await py.runPythonAsync(py.FS.readFile("/work/precompile.py", { encoding: "utf8" }));
"""

#: inside Pyodide: install the wheels, import what a page imports, then rewrite each zip with
#: those modules compiled: sourceless ``.pyc`` beside where the source was (zipimport and
#: sourceless imports look there), or, for the wheels that keep their sources, the ``.pyc`` in
#: ``__pycache__``. Unchecked hash-based ``.pyc`` are valid whatever the files' times.
COMPILER = r'''
import importlib, importlib.util, json, py_compile, site, sys, traceback, zipfile

cfg = json.load(open("/work/jobs.json"))
report = {"failed": [], "compiled": {}}
sp = site.getsitepackages()[0]
stdlib = next(p for p in sys.path if p.endswith(".zip"))
owner = {}
for w in cfg["wheels"]:
    with zipfile.ZipFile("/work/" + w) as z:
        z.extractall(sp)
        owner.update(dict.fromkeys(z.namelist(), w))
importlib.invalidate_caches()
for name in cfg["imports"]:
    try:
        importlib.import_module(name)
    except BaseException:
        report["failed"].append(name + ": " + traceback.format_exc(limit=1).strip()[-300:])
used = {}
for m in list(sys.modules.values()):
    f = getattr(m, "__file__", None) or ""
    if f.startswith(sp + "/") and f[len(sp) + 1:] in owner:
        used.setdefault(owner[f[len(sp) + 1:]], set()).add(f[len(sp) + 1:])
    elif f.startswith(stdlib + "/"):
        used.setdefault(cfg["stdlib"], set()).add(f[len(stdlib) + 1:])

MODE = py_compile.PycInvalidationMode.UNCHECKED_HASH
for name in [cfg["stdlib"], *cfg["wheels"]]:
    compile_these = used.get(name, set())
    keep = name in cfg["keep_source"]
    where = stdlib if name == cfg["stdlib"] else sp
    src, dst = "/work/" + name, "/work/" + name + ".new"
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename not in compile_these:
                zout.writestr(info, data)
                continue
            with open("/tmp/m.py", "wb") as f:
                f.write(data)
            py_compile.compile("/tmp/m.py", cfile="/tmp/m.pyc", dfile=where + "/" + info.filename,
                               doraise=True, invalidation_mode=MODE)
            if keep:
                zout.writestr(info, data)
            target = importlib.util.cache_from_source(info.filename) if keep else info.filename + "c"
            pyc = zipfile.ZipInfo(target, date_time=info.date_time)
            pyc.compress_type = zipfile.ZIP_DEFLATED
            with open("/tmp/m.pyc", "rb") as f:
                zout.writestr(pyc, f.read())
    report["compiled"][name] = len(compile_these)
json.dump(report, open("/work/report.json", "w"), indent=1)
'''


class PrecompileError(CanastaError):
    """Compiling failed; the message names the log."""


def precompile(runtime: Path, stdlib: Path, wheels: list[Path], keep_source: list[Path],
               imports: list[str], log_file: Path) -> dict[str, int]:
    """Compile, in place, the modules that ``imports`` bring in from ``stdlib`` (the site's
    ``python_stdlib.zip``) and ``wheels``, with the Pyodide of ``runtime`` (its npm folder).
    Returns how many modules of each file were compiled."""
    node = shutil.which("node")
    if node is None:
        raise PrecompileError("Node.js is needed to compile the site's Python ahead of time")
    with tempfile.TemporaryDirectory(prefix="canasta-pyc-") as tmp_name:
        work = Path(tmp_name)
        for z in (stdlib, *wheels):
            shutil.copy2(z, work / z.name)
        jobs = {"stdlib": stdlib.name, "wheels": [w.name for w in wheels],
                "keep_source": [w.name for w in keep_source], "imports": imports}
        (work / "jobs.json").write_text(json.dumps(jobs), encoding="utf-8")
        (work / "precompile.py").write_text(COMPILER, encoding="utf-8")
        (work / "run.mjs").write_text(RUNNER, encoding="utf-8")
        with log_file.open("ab") as out:
            out.write(b"\n$ node run.mjs (compiling the site's Python)\n")
            out.flush()
            done = subprocess.run([node, str(work / "run.mjs"), str(runtime.resolve()), str(work)],
                                  stdout=out, stderr=subprocess.STDOUT, check=False,
                                  stdin=subprocess.DEVNULL)
        report_file = work / "report.json"
        if done.returncode != 0 or not report_file.is_file():
            raise PrecompileError(f"compiling the site's Python failed (exit {done.returncode}; "
                                  f"see {log_file})")
        report = json.loads(report_file.read_text(encoding="utf-8"))
        if report["failed"]:
            raise PrecompileError("a module the notebooks import fails in the browser's Python: "
                                  + "; ".join(report["failed"]))
        for z in (stdlib, *wheels):
            shutil.copy2(work / (z.name + ".new"), z)
        return dict(report["compiled"])
