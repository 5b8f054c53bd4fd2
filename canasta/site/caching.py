"""How long a browser may keep each file of the site, so a later visit asks for next to nothing
and a rebuilt site is never served stale.

The build dates every file alike (a fixed date, for reproducible builds), so the date says
nothing about a file's content: a browser left to guess from it would keep an old wheel for
months after a rebuild. Files whose name carries a digest of their content (the JupyterLite
bundles' chunks, the runtime folder ``static/pyodide-DIGEST/`` with the wheels, an address with a
``?_=`` or ``?sha256=`` hash) never change under that name: they are kept a year without asking.
The favicons and the settings' schemas, asked for again and again within a visit and following
the pinned tools only, are kept five minutes. Every other file (the pages, the notebooks, the
site's settings) is asked about again on each visit and answered "not modified" (304, no body)
while its entity tag, made from the file itself, is the same.
"""

from __future__ import annotations

import os
import re
from urllib.parse import parse_qs, urlsplit

IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
#: what the pages ask for again and again within one visit (the favicon at every busy and idle
#: of the kernel, the settings' schemas once a plugin) and that follows the pinned tools, not
#: the notebooks: kept a few minutes
SHORT = "public, max-age=300"
SHORT_PATHS = ("/static/favicons/", "/build/schemas/", "/build/themes/", "/api/translations/")
#: a name that carries a digest of its content: ``1164.b43ad9e.js``, ``remoteEntry.abcac41d5ca77040.js``
HASHED_NAME = re.compile(r"\.[0-9a-f]{7,}\.(?:js|css|woff2?|ttf|eot|svg|png|json|wasm)$")
HASHED_FOLDER = re.compile(r"/static/pyodide-[0-9a-f]{12,}/")
HASHED_QUERY = ("_", "sha256")


def cache_control(address: str) -> str:
    """The ``Cache-Control`` of the file at ``address`` (its path and query as requested)."""
    parts = urlsplit(address)
    query = parse_qs(parts.query)
    if HASHED_FOLDER.search(parts.path) or HASHED_NAME.search(parts.path) or any(
            query.get(k) for k in HASHED_QUERY):
        return IMMUTABLE
    if parts.path.startswith(SHORT_PATHS):
        return SHORT
    return REVALIDATE


def entity_tag(stat: os.stat_result, variant: str = "") -> str:
    """A tag that changes whenever the file does: a rebuild writes new files (another inode),
    an edit changes the size or the time; ``variant`` tells the gzip copy from the file."""
    return f'"{stat.st_ino:x}-{stat.st_size:x}-{stat.st_mtime_ns:x}{variant}"'


def matches(if_none_match: str | None, tag: str) -> bool:
    """Whether the browser's ``If-None-Match`` names ``tag`` (weak comparison, as for a GET)."""
    if not if_none_match:
        return False
    wanted = {t.strip().removeprefix("W/") for t in if_none_match.split(",")}
    return "*" in wanted or tag in wanted
