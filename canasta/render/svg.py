"""Cards as small inline SVG pictures with a text alternative.

Each card is one ``<svg role="img">`` with an ``aria-label`` and a ``<title>`` ("king of spades" /
"rey de picas"). The suit symbol is always drawn, so suits differ without colour; red suits are
also drawn red. Output is deterministic: no ids, no random numbers.
"""

from __future__ import annotations

from html import escape

from ..cards import ACE, JACK, JOKER, KING, QUEEN, RANK_TEXT, SUIT_NAMES_ES, Card

RED = "#b71c1c"
BLACK = "#111111"
JOKER_INK = "#4a148c"
BACK = "#1d4f91"
FONT = "DejaVu Sans, Segoe UI Symbol, Arial, sans-serif"
WIDTH, HEIGHT = 36, 50

_RANK_ES = {ACE: "as", JACK: "jota", QUEEN: "reina", KING: "rey"}


def card_label(card: Card, lang: str = "en") -> str:
    """The spoken name of a card: 'king of spades', 'rey de picas', 'joker', 'comodín'."""
    if lang != "es":
        return card.label
    if card.rank == JOKER:
        return "comodín"
    return f"{_RANK_ES.get(card.rank, str(card.rank))} de {SUIT_NAMES_ES[card.suit]}"


def back_label(lang: str = "en") -> str:
    return "carta boca abajo" if lang == "es" else "face-down card"


def _svg(label: str, body: str, card_text: str, scale: float) -> str:
    w, h = round(WIDTH * scale), round(HEIGHT * scale)
    lab = escape(label)
    return (f'<svg class="canasta-card" data-card="{escape(card_text)}" role="img" '
            f'aria-label="{lab}" width="{w}" height="{h}" viewBox="0 0 {WIDTH} {HEIGHT}" '
            f'xmlns="http://www.w3.org/2000/svg" style="vertical-align:middle;margin:1px">'
            f'<title>{lab}</title>{body}</svg>')


# Every picture drawn, by (card, face up, language, scale): a table draws the same few dozen faces
# over and over (each Next of a stepper redraws every hand), and a picture depends on nothing else.
# Faces are interned and the scales a view uses are a handful, so the table stays small.
_DRAWN: dict[tuple[Card, bool, str, float], str] = {}
_DRAWN_KEPT = 4096  # pictures kept at most; a caller drawing at ever new scales starts over


def card_svg(card: Card, *, face_up: bool = True, lang: str = "en", scale: float = 1.0) -> str:
    """One card as inline SVG (``face_up=False`` draws the back, which names no card)."""
    key = (card, face_up, lang, scale)
    svg = _DRAWN.get(key)
    if svg is None:
        if len(_DRAWN) >= _DRAWN_KEPT:
            _DRAWN.clear()
        svg = _DRAWN[key] = _draw(card, face_up, lang, scale)
    return svg


def _draw(card: Card, face_up: bool, lang: str, scale: float) -> str:
    if not face_up:
        body = (f'<rect x="0.5" y="0.5" width="{WIDTH - 1}" height="{HEIGHT - 1}" rx="4" '
                f'fill="{BACK}" stroke="#0d2a52"/>'
                f'<rect x="4" y="4" width="{WIDTH - 8}" height="{HEIGHT - 8}" rx="2" fill="none" '
                f'stroke="#ffffff" stroke-width="1.2"/>'
                f'<path d="M18 12 L26 25 L18 38 L10 25 Z" fill="#ffffff" opacity="0.55"/>')
        return _svg(back_label(lang), body, "", scale)
    frame = (f'<rect x="0.5" y="0.5" width="{WIDTH - 1}" height="{HEIGHT - 1}" rx="4" '
             f'fill="#ffffff" stroke="#555555"/>')
    if card.rank == JOKER:
        body = (frame + f'<text x="4" y="14" font-family="{FONT}" font-size="11" '
                f'font-weight="bold" fill="{JOKER_INK}">JK</text>'
                f'<text x="18" y="40" font-family="{FONT}" font-size="22" text-anchor="middle" '
                f'fill="{JOKER_INK}">★</text>')
        return _svg(card_label(card, lang), body, card.text, scale)
    ink = RED if card.is_red else BLACK
    rank = RANK_TEXT[card.rank]
    size = 11 if len(rank) > 1 else 13  # "10" is two glyphs wide
    body = (frame + f'<text x="3.5" y="14" font-family="{FONT}" font-size="{size}" '
            f'font-weight="bold" fill="{ink}">{rank}</text>'
            f'<text x="4" y="25" font-family="{FONT}" font-size="10" fill="{ink}">{card.suit}</text>'
            f'<text x="22" y="43" font-family="{FONT}" font-size="22" text-anchor="middle" '
            f'fill="{ink}">{card.suit}</text>')
    return _svg(card_label(card, lang), body, card.text, scale)

