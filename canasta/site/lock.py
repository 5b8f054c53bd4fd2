"""The site's Pyodide lock file: which wheels the page may load, their checksums, what each
depends on and which imports bring it in.

Pyodide's npm package carries the runtime and a lock naming about 350 packages, but none of their
wheels. The site's lock keeps only what the notebooks need: the kernel's own packages (at the
versions Pyodide's lock names, taken from PyPI), the widget packages of :data:`pins.BROWSER_WHEELS`
and canasta, each with the sha256 of the file actually shipped.
"""

from __future__ import annotations

import hashlib
import io
import re
import zipfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: packages of Pyodide's lock the kernel loads at start (the rest follow from their ``depends``)
KERNEL_ROOTS = ("micropip", "ipython", "traitlets", "typing-extensions")

#: left out of the site: completion by jedi (1.6 MB of wheel, thousands of files to unpack) is
#: not needed by a page of widgets; IPython falls back to its own completer when the import fails
LEFT_OUT = ("jedi", "parso")

#: the kernel's own wheels (shipped by jupyterlite-pyodide-kernel) and what they need
KERNEL_WHEELS: dict[str, tuple[str, ...]] = {
    "piplite": ("micropip",),
    "pyodide-kernel": ("comm", "ipython"),
    "ipykernel": ("pyodide-kernel",),
    "widgetsnbextension": (),
}

#: what each added package depends on in the browser (the wheels' own requirements, less what
#: a browser cannot use); canasta's command line needs rich, the notebooks and widgets do not
DEPENDS: dict[str, tuple[str, ...]] = {
    "comm": (),
    "ipywidgets": ("comm", "ipython", "traitlets", "widgetsnbextension", "jupyterlab-widgets"),
    "jupyterlab-widgets": (),
    "anywidget": ("ipywidgets", "psygnal", "typing-extensions"),
    "psygnal": ("typing-extensions",),
    "canasta": ("ipywidgets", "anywidget"),
    "jedi": (),
}


def normalize(name: str) -> str:
    """A distribution name as lock files and indexes write it (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


@dataclass(frozen=True)
class Wheel:
    """One wheel shipped with the site."""

    name: str  # normalised
    version: str
    path: Path
    depends: tuple[str, ...]
    imports: tuple[str, ...]

    def entry(self) -> dict[str, Any]:
        return {"name": self.name, "version": self.version, "file_name": self.path.name,
                "install_dir": "site", "sha256": sha256(self.path), "package_type": "package",
                "imports": list(self.imports), "depends": list(self.depends),
                "unvendored_tests": False}


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def wheel_version(path: Path) -> str:
    return path.name.split("-")[1]


def top_level(path: Path) -> tuple[str, ...]:
    """The importable names a wheel installs (its top-level packages and modules)."""
    names = set()
    with zipfile.ZipFile(path) as z:
        for n in z.namelist():
            first = n.split("/", 1)[0]
            if first.endswith((".dist-info", ".data")) or first.startswith("_"):
                continue
            if "/" in n or n.endswith(".py"):
                names.add(first.removesuffix(".py"))
    return tuple(sorted(names))


def kernel_closure(packages: Mapping[str, Any]) -> list[str]:
    """The packages of Pyodide's lock the kernel needs, jedi and parso left out, in order."""
    seen: list[str] = []
    todo = list(KERNEL_ROOTS)
    while todo:
        name = normalize(todo.pop(0))
        if name in seen or name in LEFT_OUT:
            continue
        seen.append(name)
        todo.extend(packages[name]["depends"])
    return seen


def absent_module_wheel(name: str, folder: Path) -> Path:
    """A wheel whose package raises ImportError when imported: it stands in for a package left
    out of the site (:data:`LEFT_OUT`) that the kernel installs by name, and the code that uses
    it treats the failed import as "not installed"."""
    version = "0+absent"
    dist = f"{name}-{version}.dist-info"
    files = {
        f"{name}/__init__.py": (f'raise ImportError("{name} is left out of this site: '
                                f'code completion works without it")\n'),
        f"{dist}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n",
        f"{dist}/WHEEL": ("Wheel-Version: 1.0\nGenerator: canasta\nRoot-Is-Purelib: true\n"
                          "Tag: py3-none-any\n"),
    }
    record = "".join(f"{n},,\n" for n in files) + f"{dist}/RECORD,,\n"
    path = folder / f"{name}-{version}-py3-none-any.whl"
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for n, text in [*files.items(), (f"{dist}/RECORD", record)]:
            info = zipfile.ZipInfo(n, date_time=(2020, 1, 1, 0, 0, 0))  # the same bytes each build
            z.writestr(info, text)
    path.write_bytes(buf.getvalue())
    return path


def site_lock(pyodide_lock: Mapping[str, Any], wheels: Iterable[Wheel]) -> dict[str, Any]:
    """Pyodide's lock cut down to the wheels shipped, each with the checksum of its file."""
    packages = {w.name: w.entry() for w in wheels}
    for name, entry in packages.items():
        missing = [d for d in entry["depends"] if d not in packages]
        if missing:
            raise ValueError(f"{name} depends on {', '.join(missing)}, which the site lacks")
    return {"info": dict(pyodide_lock["info"]), "packages": dict(sorted(packages.items()))}
