"""The kernels of ``canasta classroom``: Jupyter's own manager, with a ceiling, a start queue and
kernels that end with their page.

Every page a visitor opens starts a kernel (about 60 MB of memory, and the processor while its
notebook runs). Without a ceiling one visitor reloading a page could start kernels until the
machine runs out of memory; with one, a page asked for while ``max_kernels`` kernels run is
answered "503: the classroom is full" at once, and the kernels already running go on.

A class opens its pages at once: kernels start :attr:`ClassroomKernelManager.max_starting` at a
time, the others wait their turn (a page asked for is answered in the order it came, and the
server keeps answering the start page meanwhile); ``canasta classroom`` starts them on IPC
sockets, so two kernels starting together cannot race for a port. A page that goes away (closed,
or reloaded) takes its kernel with it ``close_after`` seconds after its last connection closed,
unless a connection comes back meanwhile; a page never connected is left to the cull. Voilà
loads this class by name (``--VoilaConfiguration.multi_kernel_manager_class``).
"""

from __future__ import annotations

import asyncio
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Float, Integer

# the status line is ASCII (HTTP sends it as Latin-1 at best); the page says it in both languages
FULL_STATUS = "The classroom is full ({n} pages open)"
FULL = ("The classroom is full ({n} pages open): close a page you no longer use, or ask the "
        "teacher. La clase está llena ({n} páginas abiertas): cierra una página que ya no uses "
        "o avisa al profesor.")


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Refuses to start a kernel while ``max_kernels`` run (0: no ceiling), starts at most
    ``max_starting`` at once, and shuts a kernel down once its page has gone."""

    max_kernels = Integer(0, min=0, config=True,
                          help="The most kernels (open pages) at once; 0 for no limit.")
    max_starting = Integer(2, min=1, config=True,
                           help="The most kernels starting at once; the others wait their turn.")
    close_after = Float(10.0, min=0, config=True,
                        help="Seconds after a page's last connection closed before its kernel "
                             "is shut down (0: never; the cull may still stop it).")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._starting = 0  # kernels asked for and not yet listed: a class opens pages at once
        self._gate: asyncio.Semaphore | None = None
        self._connected: set[str] = set()  # kernels a page has connected to
        self._closing: dict[str, asyncio.TimerHandle] = {}

    async def start_kernel(self, *, kernel_id: str | None = None, path: Any = None,  # type: ignore[override]
                           **kwargs: Any) -> str:
        if kernel_id is None and self.max_kernels:
            if len(self.list_kernel_ids()) + self._starting >= self.max_kernels:
                self.log.warning("classroom full: %d kernels, no new one started", self.max_kernels)
                raise web.HTTPError(503, FULL.replace("%", "%%").format(n=self.max_kernels),
                                    reason=FULL_STATUS.format(n=self.max_kernels))
        if self._gate is None:  # made in the server's own event loop
            self._gate = asyncio.Semaphore(self.max_starting)
        self._starting += 1
        try:
            async with self._gate:
                return str(await super().start_kernel(kernel_id=kernel_id, path=path, **kwargs))
        finally:
            self._starting -= 1

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        kernel = self._kernels.get(kernel_id)
        # a kernel still starting (its page waiting for it) is not idle, however long it takes
        if kernel is None or getattr(kernel, "execution_state", None) == "starting":
            return
        await super().cull_kernel_if_idle(kernel_id)

    def notify_connect(self, kernel_id: str) -> None:
        super().notify_connect(kernel_id)
        self._connected.add(kernel_id)
        timer = self._closing.pop(kernel_id, None)
        if timer is not None:  # the page came back (a dropped connection, not a closed page)
            timer.cancel()

    def notify_disconnect(self, kernel_id: str) -> None:
        super().notify_disconnect(kernel_id)
        if (self.close_after and kernel_id in self._connected
                and self._kernel_connections.get(kernel_id) == 0
                and kernel_id not in self._closing):
            loop = asyncio.get_event_loop()
            self._closing[kernel_id] = loop.call_later(self.close_after, self._close, kernel_id)

    def _close(self, kernel_id: str) -> None:
        self._closing.pop(kernel_id, None)
        if kernel_id in self and self._kernel_connections.get(kernel_id) == 0:
            self.log.info("page gone: shutting down kernel %s", kernel_id)
            self._connected.discard(kernel_id)
            asyncio.ensure_future(self.shutdown_kernel(kernel_id))
