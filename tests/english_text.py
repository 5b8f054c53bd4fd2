"""English left on a Spanish page: the words that give an English sentence away, and the text a
reader sees of a notebook's markdown and of its outputs (HTML without its tags and styles).

A word counts only when it is English and never Spanish ("a", "no", "once", "total", "real",
"final" and "Joker", the name of a card in Canasta rioplatense, are both), so a Spanish sentence
never trips it and an English one always does. What is not prose is left out: code in the
markdown (a cell's ``Quiz(seed=7)``, a path, a typed action), a link's address, a rule id
(``pile.frozen``), a file name (``greedy_hands.json``), and a file's own texts in double quotes
(a printed exercise file holds its title in both languages, ``"en": "The frozen pile"``: a Spanish
page quotes with «»)."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

ENGLISH_ON_PAGES = frozenset("""
about above after again all allowed already also always among an and another answer answered
answers any anyone are around ask asked asks at away back be because been before being
below between black blocked blocks both but by can cannot card cards change changed changes check
checks choose chosen class click clicks clean could count counted counts deal dealt deals did
different discard discarded discards does doing done down draw drawing draws drawn dirty during
each eight either else end ends engine enough even ever every everyone exactly exercise exercises
explanation explanations first five following for four free from frozen game games get gets give
given gives go goes going gone got had hand hands have having her here hers him his hint hints
hold holds how if in into is it its itself jack just keep keeps king kings last later lay lays
learn least less let lets like look made make makes many may meld melded melds might mixed more
most must my need needs never new next nine nothing now of off on one only open opening or other
others our out over own page pages pair pairs partner partners pile place play played player
players playing plays point points previous question questions queen quiz read refused right rule
rules run runs said same says score scores see seven shall she should show shown shows side sides
six so some still stock student students such take taken takes taking teacher than that the their
them then there these they this those three threes through to together too try turn turns two under
until up us use used uses very was way we were what when where whether which while who whole whom
whose why wild wilds will with without won would wrong yes yet you your yours
""".split())

# a rule id ("draw.stock", "meld.wild-limit"), a file name or path ("greedy_hands.json", "es/")
NOT_PROSE = re.compile(r"\b[\w]+(?:[./_-][\w]+)+\b")
FILE_TEXT = re.compile(r'"[^"\n]*"')


def english_words(text: str) -> set[str]:
    """The English words of ``text`` (lower case), rule ids, file names and a file's own texts
    left out."""
    words = re.findall(r"[a-záéíóúñü]+", NOT_PROSE.sub(" ", FILE_TEXT.sub(" ", text.lower())))
    return {w for w in words if w in ENGLISH_ON_PAGES}


class _Text(HTMLParser):
    """The text of an HTML fragment as a reader sees it: no tags, no style or script."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("style", "script"):
            self.hidden += 1
        self.parts.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "script"):
            self.hidden = max(0, self.hidden - 1)
        self.parts.append(" ")

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.parts.append(data)


def html_text(fragment: str) -> str:
    """What a reader sees of an HTML fragment."""
    parser = _Text()
    parser.feed(fragment)
    parser.close()
    return " ".join("".join(parser.parts).split())


def markdown_text(source: str) -> str:
    """The prose of a markdown cell: fenced blocks, code spans and link addresses left out."""
    text = re.sub(r"```.*?```", " ", source, flags=re.S)
    text = re.sub(r"`[^`]*`", " ", text)
    text = re.sub(r"\]\([^)]*\)", "]", text)
    return html.unescape(text)
