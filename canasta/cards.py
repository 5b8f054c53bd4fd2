"""Cards and packs.

A card is a face (rank and suit); the two copies of a face in a double pack are the same value.
Text forms round-trip: ``Card.parse("K♠").text == "K♠"``; ASCII input is accepted too
(``KS``, ``Th``, ``10h``, ``Jk``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from .errors import InvalidActionError

SUITS = ("♣", "♦", "♥", "♠")
SUIT_NAMES = {"♣": "clubs", "♦": "diamonds", "♥": "hearts", "♠": "spades"}
SUIT_NAMES_ES = {"♣": "tréboles", "♦": "diamantes", "♥": "corazones", "♠": "picas"}
_ASCII_SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠",
                "♣": "♣", "♦": "♦", "♥": "♥", "♠": "♠", "♧": "♣", "♢": "♦", "♡": "♥", "♤": "♠"}
RED_SUITS = frozenset("♦♥")

JOKER = 0
ACE, JACK, QUEEN, KING = 1, 11, 12, 13
RANK_TEXT = {JOKER: "JK", ACE: "A", JACK: "J", QUEEN: "Q", KING: "K",
             **{n: str(n) for n in range(2, 11)}}
_RANK_PARSE = {"A": ACE, "J": JACK, "Q": QUEEN, "K": KING, "T": 10,
               **{str(n): n for n in range(2, 11)}}


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One face: ``rank`` 0 (joker), 1 (ace) … 13 (king); ``suit`` one of ``♣ ♦ ♥ ♠`` or '' for a joker.

    Faces are interned (``Card(13, "♠") is Card.parse("K♠")``), so equality and hashing are by
    identity, which keeps multiset arithmetic on hands fast.
    """

    rank: int
    suit: str

    def __new__(cls, rank: int, suit: str = "") -> Card:
        known = _BY_KEY.get((rank, suit)) if "_BY_KEY" in globals() else None
        if known is not None:
            return known
        if not (rank == JOKER and suit == "") and not (1 <= rank <= 13 and suit in SUITS):
            raise InvalidActionError(key="card.no-such", facts={"face": repr(rank), "suit": repr(suit)})
        return object.__new__(cls)

    def __lt__(self, other: Card) -> bool:
        return sort_key(self) < sort_key(other)

    def __reduce__(self) -> tuple[object, tuple[int, str]]:
        return (Card, (self.rank, self.suit))

    @staticmethod
    def parse(text: str) -> Card:
        """Parse ``K♠``, ``10♥``, ``JK``; also ASCII ``KS``, ``Th``, ``10h``, ``Jk``, ``joker``."""
        return parse_card(text)

    @property
    def text(self) -> str:
        return _TEXT[self]

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    @property
    def is_black(self) -> bool:
        return self.suit != "" and self.suit not in RED_SUITS

    @property
    def label(self) -> str:
        """An accessible text label, e.g. 'K of spades', 'joker'."""
        if self.rank == JOKER:
            return "joker"
        names = {ACE: "ace", JACK: "jack", QUEEN: "queen", KING: "king"}
        return f"{names.get(self.rank, str(self.rank))} of {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        return _TEXT[self]

    def __repr__(self) -> str:
        return f"Card.parse({_TEXT[self]!r})"

    def _repr_html_(self) -> str:
        from .render.html import card_html

        return card_html(self)


ALL_FACES: tuple[Card, ...] = (Card(JOKER, ""),) + tuple(
    Card(rank, suit) for suit in SUITS for rank in range(1, 14))
_TEXT = {c: (RANK_TEXT[c.rank] + c.suit) for c in ALL_FACES}
_BY_KEY = {(c.rank, c.suit): c for c in ALL_FACES}


def card(rank: int, suit: str = "") -> Card:
    """The interned card of this rank and suit."""
    return _BY_KEY[(rank, suit)]


def parse_card(text: str) -> Card:
    """Parse one card, raising :class:`InvalidActionError` naming the text when malformed."""
    if not isinstance(text, str):
        raise InvalidActionError(key="card.not-text", facts={"text": repr(text)})
    raw = text.strip()
    upper = raw.upper()
    if upper in ("JK", "JOKER", "JKR", "★", "🃏", "COMODÍN", "COMODIN"):
        return _BY_KEY[(JOKER, "")]
    if len(upper) >= 2:
        suit = _ASCII_SUITS.get(upper[-1])
        rank = _RANK_PARSE.get(upper[:-1])
        if suit is not None and rank is not None:
            return _BY_KEY[(rank, suit)]
    raise InvalidActionError(key="card.not-a-card", facts={"text": text})


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas (or an iterable of card texts)."""
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return tuple(parse_card(t) for t in items)


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(_TEXT[c] for c in cards)


def sort_key(c: Card) -> tuple[int, int]:
    """Hand order: by rank (aces high, jokers last), then suit."""
    r = 14 if c.rank == ACE else (15 if c.rank == JOKER else c.rank)
    return (r, SUITS.index(c.suit) if c.suit else 0)


# every face's place in hand order: sorting by it compares ints (a key looked up in C)
HAND_ORDER: dict[Card, int] = {c: i for i, c in enumerate(sorted(ALL_FACES, key=sort_key))}


def sorted_cards(cards: Iterable[Card]) -> list[Card]:
    """``cards`` in hand order."""
    return sorted(cards, key=HAND_ORDER.__getitem__)


def make_pack(decks: int = 2, jokers: int = 4) -> list[Card]:
    """A pack of ``decks`` × 52 cards plus ``jokers`` jokers, in a fixed order."""
    faces = [c for c in ALL_FACES if c.rank != JOKER]
    return faces * decks + [_BY_KEY[(JOKER, "")]] * jokers


def pack_counter(decks: int = 2, jokers: int = 4) -> Counter[Card]:
    return Counter(make_pack(decks, jokers))


JK = _BY_KEY[(JOKER, "")]
