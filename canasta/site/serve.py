"""``canasta site serve DIR``: serve a built site from any machine with Python (a laptop, a USB
stick), sending the gzip copy of a file (``F.gz`` beside ``F``) to browsers that accept it.

``python -m http.server`` serves the same site too, only with every file uncompressed (the
runtime alone is three times larger). Any static host does; one that serves ``.gz`` copies
(nginx's ``gzip_static on``) is as fast as this.
"""

from __future__ import annotations

import email.utils
import http.server
import os
from functools import partial
from pathlib import Path
from typing import Any

from . import caching

TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
         ".json": "application/json", ".ipynb": "application/json", ".whl": "application/zip",
         ".webmanifest": "application/manifest+json", ".csv": "text/csv"}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files, with the compressed copy when there is one and the browser accepts gzip."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def send_head(self) -> Any:
        path = Path(self.translate_path(self.path))
        gz = path.with_name(path.name + ".gz")
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        zipped = accepts and gz.is_file() and path.is_file()
        if self._not_modified(gz if zipped else path, ".gz" if zipped else ""):
            return None
        if not zipped:
            return super().send_head()
        stat = gz.stat()
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            try:
                if int(stat.st_mtime) <= email.utils.parsedate_to_datetime(since).timestamp():
                    self.send_response(304)
                    self.send_header("Vary", "Accept-Encoding")
                    self.end_headers()
                    return None
            except (TypeError, ValueError, IndexError, OverflowError):
                pass
        f = gz.open("rb")
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(stat.st_size))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return f

    # ---- caching (see caching.py): entity tags, and how long a browser keeps each file --------
    _tag = ""

    def _not_modified(self, served: Path, variant: str) -> bool:
        """Answer 304 when the browser holds this very file; else remember its tag."""
        self._tag = caching.entity_tag(served.stat(), variant) if served.is_file() else ""
        if not self._tag or not caching.matches(self.headers.get("If-None-Match"), self._tag):
            return False
        self.send_response(304)
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return True

    def end_headers(self) -> None:
        if self._tag:
            self.send_header("ETag", self._tag)
            self.send_header("Cache-Control", caching.cache_control(self.path))
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (the base's name)
        if os.environ.get("CANASTA_SITE_LOG"):
            super().log_message(format, *args)


def make_server(folder: Path, ip: str = "127.0.0.1", port: int = 8000,
                handler: type[SiteHandler] = SiteHandler) -> http.server.ThreadingHTTPServer:
    """A server of ``folder`` bound to ``ip:port`` (0: a free port), not yet serving."""
    return http.server.ThreadingHTTPServer((ip, port), partial(handler, directory=str(folder)))
