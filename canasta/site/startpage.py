"""The static site's start page: every notebook of the tutorial with its title, what it teaches
and how long it takes, in English and Spanish, read from :data:`canasta.tutorial.NOTEBOOKS`; the
Spanish list opens the Spanish pages.

The page works without script (both languages shown); with script it shows the reader's language
first and a switch between the two.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from urllib.parse import quote

from ..tutorial import NOTEBOOKS, Notebook

TEXT = {
    "en": {
        "title": "Canasta: learn the game, every decision explained",
        "intro": ("The tutorial runs entirely in your browser: nothing to install. Each page "
                  "opens as an application and runs itself: wait until the widgets appear (the "
                  "first page takes a little longer while Python starts in your browser). "
                  "<i>With the code</i> opens the same page as a notebook."),
        "code": "with the code",
        "minutes": "{n} min",
        "lab": "Open the whole tutorial in JupyterLab",
        "private": ("Everything you do stays in this browser: your answers leave it only in "
                    "a file you download yourself."),
    },
    "es": {
        "title": "Canasta: aprende el juego, con cada decisión explicada",
        "intro": ("El tutorial funciona entero en tu navegador: no hay nada que instalar. Cada "
                  "página se abre como una aplicación y arranca sola: espera a que aparezcan los "
                  "controles (la primera tarda un poco más mientras arranca Python en tu "
                  "navegador). <i>Con el código</i> abre la misma página como cuaderno."),
        "code": "con el código",
        "minutes": "{n} min",
        "lab": "Abrir todo el tutorial en JupyterLab",
        "private": ("Todo lo que hagas se queda en este navegador: tus respuestas solo salen "
                    "de él en un archivo que tú mismo descargas."),
    },
}

STYLE = """
body{font-family:system-ui,sans-serif;max-width:52em;margin:2em auto;padding:0 1em;color:#222}
h1{font-size:1.6em} ol{padding:0;list-style:none}
li{border:1px solid #ccc;border-radius:6px;margin:.8em 0;padding:.6em 1em}
li a{font-size:1.15em;font-weight:bold} .min{color:#555;margin-left:.5em}
li a.code{font-size:.9em;font-weight:normal;margin-left:.8em}
nav button{margin-right:.4em} .js main [lang]:not(.shown){display:none}
"""

SCRIPT = """
document.documentElement.classList.add('js');
function canastaLang(l){document.querySelectorAll('main [lang]').forEach(
  e=>e.classList.toggle('shown',e.lang===l));document.documentElement.lang=l;}
canastaLang((navigator.language||'en').slice(0,2)==='es'?'es':'en');
"""


def notebook_link(nb: Notebook, app: str = "notebooks", *, code: bool = False,
                  lang: str = "en") -> str:
    """A page of the tutorial in ``lang`` (the Spanish list opens the Spanish pages): as an
    application that runs itself (``&app``, see the site's ``app.js``), or as the notebook with
    its code."""
    return f"./{app}/index.html?path={quote(nb.page(lang))}" + ("" if code else "&app")


def _block(lang: str, notebooks: Sequence[Notebook]) -> str:
    t = TEXT[lang]
    items = "".join(
        f"<li><a href='{escape(notebook_link(nb, lang=lang))}'>{escape(nb.title.get(lang))}</a>"
        f"<span class='min'>{escape(t['minutes'].format(n=nb.minutes))}</span>"
        f"<a class='code' href='{escape(notebook_link(nb, code=True, lang=lang))}'>{escape(t['code'])}</a>"
        f"<p>{escape(nb.teaches.get(lang))}</p></li>"
        for nb in notebooks)
    return (f"<section lang='{lang}'><h1>{escape(t['title'])}</h1><p>{t['intro']}</p>"
            f"<ol>{items}</ol><p><a href='./lab/index.html'>{escape(t['lab'])}</a></p>"
            f"<p><small>{escape(t['private'])}</small></p></section>")


def start_page_html(notebooks: Sequence[Notebook] = NOTEBOOKS) -> str:
    """The whole start page (``index.html`` at the site's root)."""
    return ("<!doctype html><html lang='en'><head><meta charset='utf-8'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<title>Canasta</title><style>{STYLE}</style>"
            # the apps read the site's settings from the root page: it keeps this (empty) block
            "<script id='jupyter-config-data' type='application/json' "
            "data-jupyter-lite-root='.'>{}</script></head><body>"
            "<nav aria-label='Language · Idioma'>"
            "<button type='button' lang='en' onclick=\"canastaLang('en')\">English</button>"
            "<button type='button' lang='es' onclick=\"canastaLang('es')\">Español</button></nav>"
            f"<main>{_block('en', notebooks)}{_block('es', notebooks)}</main>"
            f"<script>{SCRIPT}</script></body></html>\n")
