"""Every version the static site is built from, in one place.

Moving them: these versions move together. ``jupyterlite-pyodide-kernel`` names the one Pyodide
it runs on (``PYODIDE_VERSION`` in its ``constants.py``) and installs only beside the
``jupyterlite-core`` of the same minor release; change the three of them at once, then take
``PYODIDE_INTEGRITY`` from ``npm view pyodide@VERSION dist.integrity``. The wheels the kernel
itself needs (IPython, traitlets, micropip, …) are taken at the versions Pyodide's own lock file
names, so they follow Pyodide. The widget wheels below must fit the Python of that Pyodide (pure
``py3-none-any`` wheels), and ``jupyterlab-widgets`` must be the one ``ipywidgets`` asks for
(``~=``). Then run ``canasta site build`` and ``pytest tests/browser/test_site.py``: the browser test
opens every notebook in the built site with the network cut off.
"""

from __future__ import annotations

#: the tools that build the site, installed into a private environment in the cache
BUILD_TOOLS: dict[str, str] = {
    "jupyterlite-core": "0.8.6",
    "jupyterlite-pyodide-kernel": "0.8.6",
    "jupyter-server": "2.21.1",  # ``jupyter lite build`` imports it to index the contents
}

#: the npm package of the Python runtime the kernel expects, and its checksum in the registry
PYODIDE_VERSION = "314.0.6"
PYODIDE_PYTHON = "3.14"  # the Python inside it: the wheels must install there
PYODIDE_INTEGRITY = ("sha512-BKDTJyIqFxC4BExLqeRS3f5xvXZIjOt8C3zGLN/Cc7tFxSwvKVhVkchQQ2AGLOtR4YrV"
                     "OIFxbV8poyDOOmWwxQ==")

#: wheels added to Pyodide's lock for the notebooks (name: version), with what they depend on
#: in the browser; the canasta wheel itself is built from the repository
BROWSER_WHEELS: dict[str, str] = {
    "comm": "0.2.3",
    "ipywidgets": "8.1.9",
    "jupyterlab-widgets": "3.0.17",
    "anywidget": "0.11.0",
    "psygnal": "0.16.1",
}
