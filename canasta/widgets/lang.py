"""The language switch and the words of the widgets themselves (button captions, headings).

Messages about the game come from the engine's explanations in the chosen language; the widgets'
own words are the labels ``w.<key>`` of ``canasta/locale/<lang>.toml``, read by :func:`word`. A
new widget adds its words there, in both files.
"""

from __future__ import annotations

import os
from typing import Any
from urllib.parse import parse_qsl

import ipywidgets as widgets
import traitlets

from ..words import has_label, label

# Words given inline, (English, Spanish), are a fallback for a widget whose words are not yet in
# the locale files ("w.<key>" in [labels] of canasta/locale/*.toml); tests/test_words.py asserts
# that this is empty, so a word added here is a reminder to move it.
WORDS: dict[str, tuple[str, str]] = {}


def word(key: str, lang: str = "en", variant: str = "", viewer: str | None = None,
         **fill: Any) -> str:
    """A widget word (``w.<key>`` in the locale files) in ``lang``, in the variant's words, with
    ``{fields}`` filled (English for unknown languages)."""
    if key in WORDS and not has_label("w." + key):
        en, es = WORDS[key]
        text = es if lang == "es" else en
        return text.format(**fill) if fill else text
    return label("w." + key, lang, variant, viewer, **fill)


def page_language(default: str = "en") -> str:
    """The language the page's address asks for (``?lang=es``: the classroom's landing page
    links the pages so, and Voilà hands the address's query to the kernel as ``QUERY_STRING``),
    else ``default``."""
    asked = dict(parse_qsl(os.environ.get("QUERY_STRING", ""))).get("lang", "")
    return asked if asked in ("en", "es") else default


class LanguageSwitch(widgets.ToggleButtons):
    """English / Español buttons; every connected widget follows its value through ``lang``.
    Without a ``value`` it starts in the language the page was opened in (English unless the
    address says ``?lang=es``)."""

    def __init__(self, *targets: traitlets.HasTraits, value: str | None = None,
                 **kwargs: Any) -> None:
        value = value or page_language()
        super().__init__(options=[("English", "en"), ("Español", "es")], value=value,
                         tooltips=["Show every message in English", "Mostrar todo en español"],
                         description="Language · Idioma",
                         # over the label (the front end shows a missing one as "null")
                         tooltip="Language · Idioma",
                         # buttons as wide as their words: the switch fits a phone
                         style={"description_width": "initial", "button_width": "auto"},
                         **kwargs)
        self.add_class("canasta-languageswitch")
        self.connect(*targets)

    def connect(self, *targets: traitlets.HasTraits) -> LanguageSwitch:
        """Make each target's ``lang`` follow this switch (and take its value now)."""
        for t in targets:
            traitlets.dlink((self, "value"), (t, "lang"))
        return self

    def __repr__(self) -> str:
        return f"LanguageSwitch(value={self.value!r})"
