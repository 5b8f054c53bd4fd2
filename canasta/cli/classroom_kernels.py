"""The kernels of ``canasta classroom``: Jupyter's own manager, with a ceiling.

Every page a visitor opens starts a kernel (about 60 MB of memory, and the processor while its
notebook runs). Without a ceiling one visitor reloading a page could start kernels until the
machine runs out of memory; with one, a page asked for while ``max_kernels`` kernels run is
answered "503: the classroom is full" at once, and the kernels already running go on. Voilà
loads this class by name (``--VoilaConfiguration.multi_kernel_manager_class``).
"""

from __future__ import annotations

from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Integer

# shown on the page as the status ("503: ..."); a status line holds Latin-1 text only
FULL = ("The classroom is full ({n} pages open): close a page you no longer use, or ask the "
        "teacher. La clase está llena ({n} páginas abiertas): cierra una página que ya no uses "
        "o avisa al profesor.")


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Refuses to start a kernel while ``max_kernels`` run (0: no ceiling)."""

    max_kernels = Integer(0, min=0, config=True,
                          help="The most kernels (open pages) at once; 0 for no limit.")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._starting = 0  # kernels asked for and not yet listed: a class opens pages at once

    async def start_kernel(self, *, kernel_id: str | None = None, path: Any = None,  # type: ignore[override]
                           **kwargs: Any) -> str:
        if kernel_id is None and self.max_kernels:
            if len(self.list_kernel_ids()) + self._starting >= self.max_kernels:
                self.log.warning("classroom full: %d kernels, no new one started", self.max_kernels)
                raise web.HTTPError(503, reason=FULL.format(n=self.max_kernels))
        self._starting += 1
        try:
            return str(await super().start_kernel(kernel_id=kernel_id, path=path, **kwargs))
        finally:
            self._starting -= 1
