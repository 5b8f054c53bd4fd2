"""``canasta site serve DIR``: serve a built site from any machine with Python (a laptop, a USB
stick), sending the gzip copy of a file (``F.gz`` beside ``F``) to browsers that accept it.

It is meant for a classroom's network, not for the open internet: it serves only the files of
the site (no link out of it is followed, no folder is listed; a bad address is answered 400 or
404), and a connection costs a thread only while it sends a request: open connections wait,
without a thread, in one watcher (at most :data:`MAX_WAITING`, each dropped after
:data:`IDLE_SECONDS` without a request), and :data:`WORKERS` threads answer the requests.

``python -m http.server`` serves the same site too, only with every file uncompressed (the
runtime alone is three times larger). Any static host does; one that serves ``.gz`` copies
(nginx's ``gzip_static on``) is as fast as this.
"""

from __future__ import annotations

import email.utils
import http.server
import io
import os
import selectors
import socket
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from http import HTTPStatus
from pathlib import Path
from typing import Any

from . import caching

TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
         ".json": "application/json", ".ipynb": "application/json", ".whl": "application/zip",
         ".webmanifest": "application/manifest+json", ".csv": "text/csv"}


WORKERS = 16  # requests answered at once
MAX_WAITING = 512  # open connections waiting for their request (the oldest is dropped)
IDLE_SECONDS = 20.0  # a connection that sends no request in this time is closed
READ_SECONDS = 10.0  # the most an answer may wait for the browser
HEAD_BYTES = 16 * 1024  # the most a request's head may hold
NAME_BYTES = 255  # the longest file name a file system holds


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files, with the compressed copy when there is one and the browser accepts gzip;
    nothing outside the site's folder, no folder listed."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}
    timeout = READ_SECONDS

    def send_head(self) -> Any:
        try:
            return self._send_head()
        except (OSError, ValueError):  # a name the file system refuses: no such file
            self.send_error(HTTPStatus.NOT_FOUND)
            return None

    def _inside(self, path: Path) -> bool:
        """Whether ``path`` is a file or folder of the site itself (links resolved)."""
        root = Path(self.directory).resolve()
        try:
            return path.resolve().is_relative_to(root)
        except (OSError, RuntimeError):  # a loop of links
            return False

    def _send_head(self) -> Any:
        raw = self.path.split("?", 1)[0].split("#", 1)[0]
        from urllib.parse import unquote

        parts = unquote(raw, errors="surrogatepass").split("/")
        if any("\x00" in p or len(p.encode("utf-8", "surrogatepass")) > NAME_BYTES
               for p in parts):
            self.send_error(HTTPStatus.BAD_REQUEST)
            return None
        path = Path(self.translate_path(self.path))
        if not self._inside(path) or (path.is_dir() and not (path / "index.html").is_file()):
            self.send_error(HTTPStatus.NOT_FOUND)  # out of the site, or a folder to list
            return None
        if path.is_dir() and not self._inside(path / "index.html"):
            self.send_error(HTTPStatus.NOT_FOUND)
            return None
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

    def setup(self) -> None:
        super().setup()
        # the request's head, already read by the server's watcher (see SiteServer)
        head = getattr(self.server, "take_head", lambda _s: None)(self.connection)
        if head is not None:
            self.rfile = io.BytesIO(head)

    def list_directory(self, path: str | os.PathLike[str]) -> None:
        self.send_error(HTTPStatus.NOT_FOUND)  # never reached: folders are refused above
        return None

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (the base's name)
        if os.environ.get("CANASTA_SITE_LOG"):
            super().log_message(format, *args)


class SiteServer(http.server.HTTPServer):
    """An HTTP server whose connections wait for their request in one watcher thread, without a
    thread each, and are then answered by a pool of :data:`WORKERS` threads."""

    daemon_threads = True
    request_queue_size = 128  # a class opening the site at once
    timeout_seconds = IDLE_SECONDS

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._selector = selectors.DefaultSelector()
        self._waiting: dict[socket.socket, float] = {}  # connection -> when it was accepted
        self._heads: dict[socket.socket, bytes] = {}  # what each has sent so far
        self._lock = threading.Lock()
        self._pool = ThreadPoolExecutor(WORKERS, thread_name_prefix="site")
        self._wake_r, self._wake_w = socket.socketpair()
        self._selector.register(self._wake_r, selectors.EVENT_READ)
        self._closed = False
        self._watcher = threading.Thread(target=self._watch, name="site-watcher", daemon=True)
        self._watcher.start()

    def process_request(self, request: Any, client_address: Any) -> None:
        with self._lock:
            if len(self._waiting) >= MAX_WAITING:  # the oldest waiting connection makes room
                oldest = min(self._waiting, key=self._waiting.__getitem__)
                self._drop(oldest)
            self._waiting[request] = time.monotonic()
            self._heads[request] = b""
            request.setblocking(False)
            self._selector.register(request, selectors.EVENT_READ, client_address)
        self._wake_w.send(b"x")

    def take_head(self, sock: socket.socket) -> bytes | None:
        """The head of the request ``sock`` sent, read while it waited (once)."""
        with self._lock:
            return self._heads.pop(sock, None)

    def _drop(self, sock: socket.socket) -> None:
        self._waiting.pop(sock, None)
        self._heads.pop(sock, None)
        try:
            self._selector.unregister(sock)
        except (KeyError, ValueError):
            pass
        self.shutdown_request(sock)

    def _watch(self) -> None:
        while not self._closed:
            try:
                ready = self._selector.select(timeout=1.0)
            except (OSError, ValueError):
                if self._closed:
                    return
                continue
            now = time.monotonic()
            with self._lock:
                for key, _ in ready:
                    if key.fileobj is self._wake_r:
                        try:
                            self._wake_r.recv(4096)
                        except OSError:
                            pass
                        continue
                    sock = key.fileobj
                    assert isinstance(sock, socket.socket)
                    self._read(sock, key.data)
                for sock, since in list(self._waiting.items()):
                    if now - since > self.timeout_seconds:
                        self._drop(sock)

    def _read(self, sock: socket.socket, client_address: Any) -> None:
        """Read what ``sock`` sent; once its request's head is whole, hand it to a worker."""
        try:
            data = sock.recv(HEAD_BYTES)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:  # closed before a whole request
            self._drop(sock)
            return
        head = self._heads.get(sock, b"") + data
        self._heads[sock] = head
        if b"\r\n\r\n" not in head and b"\n\n" not in head and len(head) < HEAD_BYTES:
            return  # a request still coming: it waits here, without a thread
        self._waiting.pop(sock, None)
        self._selector.unregister(sock)
        sock.setblocking(True)
        self._pool.submit(self._answer, sock, client_address)

    def _answer(self, request: Any, client_address: Any) -> None:
        try:
            self.finish_request(request, client_address)
        except Exception:  # one connection's trouble ends that connection only
            self.handle_error(request, client_address)
        finally:
            self.shutdown_request(request)

    def handle_error(self, request: Any, client_address: Any) -> None:
        if os.environ.get("CANASTA_SITE_LOG"):
            super().handle_error(request, client_address)

    def server_close(self) -> None:
        self._closed = True
        try:
            self._wake_w.send(b"x")
        except OSError:
            pass
        self._watcher.join(timeout=5)
        with self._lock:
            for sock in list(self._waiting):
                self._drop(sock)
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._selector.close()
        self._wake_r.close()
        self._wake_w.close()
        super().server_close()


def make_server(folder: Path, ip: str = "127.0.0.1", port: int = 8000,
                handler: type[SiteHandler] = SiteHandler) -> SiteServer:
    """A server of ``folder`` bound to ``ip:port`` (0: a free port), not yet serving."""
    return SiteServer((ip, port), partial(handler, directory=str(folder)))
