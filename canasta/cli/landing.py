"""The classroom's landing page: the notebooks of the served folder with their titles, what each
teaches and how long it takes (from :mod:`canasta.tutorial`), in English or Spanish.

Voilà lists a folder with a page of its own (``tree-lab.html``); ``canasta classroom`` runs
:func:`classroom_app`, a Voilà whose template search path starts with ``templates/classroom``,
whose ``tree-lab.html`` draws :func:`landing` instead. The language is ``--lang`` unless the
address asks for another (``?lang=es``); the links keep the rest of the address (the token).

In Spanish the page lists the Spanish pages of the tutorial (the folder ``es`` beside the English
ones) in their place; the teacher's page (the class's results) is listed to nobody: the teacher
opens it at the address ``canasta classroom`` prints. Its notebooks (``index.html.j2``) ask no
other host for anything: the icon font Voilà's template would fetch from a CDN is the one its own
bundle already holds.
"""

from __future__ import annotations

import json
import os
import signal
import threading
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode

from ..explain import L
from ..tutorial import NOTEBOOKS, SPANISH, notebook

TEMPLATES = Path(__file__).resolve().parent / "templates" / "classroom"
LANGS = ("en", "es")

WORDS: dict[str, L] = {
    "heading": L("Canasta, step by step", "La canasta, paso a paso"),
    "intro": L("Learn Canasta one page at a time, with an engine that explains every decision. "
               "Start with the first page, or open any of them: each works on its own, and each "
               "has a Language · Idioma switch for its widgets.",
               "Aprende canasta página a página, con un motor que explica cada decisión. Empieza "
               "por la primera o abre la que quieras: cada una funciona sola, y sus controles "
               "tienen un selector Language · Idioma."),
    "minutes": L("about {n} min", "unos {n} min"),
    "folder": L("Folder", "Carpeta"),
    "other": L("Español", "English"),
}


@dataclass(frozen=True)
class Entry:
    """One line of the landing page: a notebook (or a folder) and how to describe it."""

    path: str
    title: str
    teaches: str
    minutes: str
    folder: bool


def language(query: str, default: str) -> str:
    """``lang`` asked for in the address, else the command's ``--lang``."""
    asked = dict(parse_qsl(query)).get("lang", "")
    return asked if asked in LANGS else default


def with_lang(query: str, lang: str) -> str:
    """The address's query with ``lang`` set (the token and anything else kept)."""
    pairs = [(k, v) for k, v in parse_qsl(query) if k != "lang"] + [("lang", lang)]
    return urlencode(pairs)


def _heading(path: Path) -> str | None:
    """The first '# ' heading of a notebook, for a notebook the tutorial does not list."""
    try:
        cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
    except (OSError, ValueError):
        return None
    for cell in cells:
        if cell.get("cell_type") == "markdown":
            for line in "".join(cell.get("source", "")).splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return None


def _listing(folder: Path, prefix: str) -> list[dict[str, str]]:
    """A folder's notebooks and sub-folders as Voilà's contents list them (paths from the root)."""
    found = []
    for p in sorted(folder.iterdir()):
        if p.name.startswith("."):
            continue
        kind = "directory" if p.is_dir() else "notebook" if p.suffix == ".ipynb" else "file"
        found.append({"name": p.name, "path": f"{prefix}/{p.name}", "type": kind})
    return found


def entries(contents: Iterable[Mapping[str, Any]], lang: str, root: Path) -> list[Entry]:
    """The folder's notebooks and sub-folders as the landing page lists them, in name order:
    the tutorial's own with their title, what they teach and their length; others with their
    first heading (or their file name). In Spanish, a folder that holds the Spanish pages lists
    them instead of the English ones; the teacher's page is left out."""
    items: Sequence[Mapping[str, Any]] = list(contents)
    spanish = [i for i in items if i.get("type") == "directory" and i.get("path") == SPANISH
               and any((root / nb.page("es")).is_file() for nb in NOTEBOOKS)]
    if spanish and lang == "es":
        items = _listing(root / SPANISH, SPANISH)
    out = []
    for item in sorted(items, key=lambda i: str(i.get("name", ""))):
        path, name = str(item.get("path", "")), str(item.get("name", ""))
        if item.get("type") == "directory":
            if item not in spanish:  # the Spanish pages are reached by the language link
                out.append(Entry(path, name, "", "", True))
            continue
        if item.get("type") != "notebook":
            continue
        try:
            nb = notebook(name)
        except KeyError:
            out.append(Entry(path, _heading(root / path) or name, "", "", False))
            continue
        if not nb.teacher:
            out.append(Entry(path, nb.title.get(lang), nb.teaches.get(lang),
                             WORDS["minutes"].get(lang).format(n=nb.minutes), False))
    return out


def landing(contents: Iterable[Mapping[str, Any]], query: str, default_lang: str,
            root: Path) -> dict[str, Any]:
    """What the landing template draws: the words in the chosen language, the entries, and the
    queries of the links (to the pages, and to the page in the other language)."""
    lang = language(query, default_lang)
    other = "es" if lang == "en" else "en"
    return {"lang": lang, "heading": WORDS["heading"].get(lang), "intro": WORDS["intro"].get(lang),
            "folder": WORDS["folder"].get(lang), "other_label": WORDS["other"].get(lang),
            "other_query": with_lang(query, other), "query": with_lang(query, lang),
            "entries": entries(contents, lang, root)}


def children() -> list[int]:
    """This process's child processes (its kernels; Linux: read from /proc)."""
    me, found = os.getpid(), []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == me:
                found.append(int(stat.parent.name))
        except (OSError, IndexError, ValueError):
            continue
    return found


def stop_within(seconds: float) -> None:
    """Make sure this process ends within ``seconds``: past them, its kernels are killed and it
    exits (a kernel that does not answer its shutdown, an event loop held by a class's load)."""
    def deadline() -> None:
        time.sleep(seconds)
        for pid in children():
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                continue
        os._exit(0)

    threading.Thread(target=deadline, name="canasta-stop", daemon=True).start()


def classroom_app(lang: str, root: Path, stop_seconds: float = 8.0) -> Any:
    """The Voilà application class of ``canasta classroom``: Voilà with the landing page, no
    contents API, and a stop that always ends the process (SIGTERM or Ctrl-C: the kernels are
    shut down, and killed if they have not ended within ``stop_seconds``)."""
    from voila.app import Voila  # a couple of seconds: only when serving
    from voila.tornado.contentshandler import VoilaContentsHandler

    class Classroom(Voila):  # type: ignore[misc]
        _stopping = False

        def _handle_signal_stop(self, sig: int, frame: Any) -> None:
            if self._stopping:  # asked twice: at once
                os._exit(0)
            self._stopping = True
            stop_within(stop_seconds)
            loop = getattr(self, "ioloop", None)
            if loop is None:  # not serving yet
                os._exit(0)
            loop.add_callback_from_signal(loop.stop)

        def stop(self) -> None:
            if not self._stopping:  # Ctrl-C
                self._stopping = True
                stop_within(stop_seconds)
            try:
                super().stop()
            except Exception as e:  # noqa: BLE001 (a kernel still starting, or gone meanwhile)
                self.log.warning("stopping: %s; the kernels left are killed", e)
            for pid in children():  # whatever did not shut down
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    continue

        def init_handlers(self) -> list[Any]:
            # the start page is drawn on the server: the folder is listed to nobody else
            return [h for h in super().init_handlers()
                    if not (isinstance(h, tuple) and len(h) > 1 and h[1] is VoilaContentsHandler)]

        def setup_template_dirs(self) -> None:
            super().setup_template_dirs()
            self.template_paths.insert(0, str(TEMPLATES))  # our tree page first

        def init_settings(self) -> dict[str, Any]:
            settings: dict[str, Any] = super().init_settings()

            def canasta_landing(contents: Iterable[Mapping[str, Any]], query: str) -> dict[str, Any]:
                return landing(contents, query, lang, root)

            settings["voila_jinja2_env"].globals["canasta_landing"] = canasta_landing
            return settings

    return Classroom
