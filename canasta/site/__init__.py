"""The tutorial as a static JupyterLite site: every notebook runs in the student's browser
(Pyodide), with no server-side Python.

- :mod:`.pins` — every version the site is built from, in one place
- :mod:`.build` — ``canasta site build DIR``: Pyodide from the npm registry, the wheels from PyPI,
  the canasta wheel from the repository, a lock file naming them, the notebooks and a start page
- :mod:`.startpage` — the start page, from the tutorial's index (:mod:`canasta.tutorial`)
- :mod:`.serve` — ``canasta site serve DIR``: a static server that sends the compressed copies
"""
