"""Actions: frozen values with a text form that round-trips through :func:`parse_action`.

Forms (Spanish keywords in brackets are accepted too)::

    draw                                   [robar, comprar]
    take pile with 7♥ 7♦                   [llevarse el montón con 7♥ 7♦; el pozo, el descarte]
    take pile with 7♥ 7♦ and meld K♠ K♥ K♣ / 8♦ 8♠ 2♣      [… y bajar K♠ K♥ K♣ / …]
    take pile onto 7                       [llevarse el montón sobre 7] (the top card on your
                                           side's meld of 7s)
    take pile at 4 with 9♠ 9♥              [llevarse el descarte hasta la 4.ª carta con 9♠ 9♥]
    take pile                              [llevarse el pozo] (the whole pile into the hand, where
                                           the variant allows)
    meld K♠ K♥ K♣                          [bajar]; several melds: meld K♠ K♥ K♣ / 8♦ 8♠ 2♣
    add 7♣ JK to 7                         [añadir 7♣ JK a 7, agregar]; targets: a rank, #2, Ada:9
    add 8♥ to #1, 2♣ to the start          (a run: the 2 that moves goes to the start or the end)
                                           [añadir 8♥ a #1, 2♣ al principio | al final]
    swap 9♠ for JK in Ada:9                [cambiar 9♠ por JK en Ada:9]; target as in 'add'
    discard 4♠                             [descartar 4♠, tirar el 4♠]
    ask partner / answer yes / answer no   [pedir permiso / responder sí / responder no]
    pass                                   [pasar] (end play where the rules allow it: the stock
                                           empty and the pile not taken, or no discard allowed)
    next hand                              [siguiente mano]

Any form may start with the player's name: ``Tú: take pile with 7♥ 7♦``. The Spanish forms are
those :func:`canasta.words.action_text` writes (from ``canasta/locale/es.toml``); the English
form is the canonical text (``Action.text``) that records store.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, replace

from .cards import Card, cards_text, parse_card, parse_cards
from .errors import InvalidActionError
from .limits import MAX_NAME


@dataclass(frozen=True, slots=True, repr=False)
class Action:
    """Base of every action; ``player`` (a name) is optional and checked against the turn."""

    player: str | None = None

    @property
    def text(self) -> str:
        body = self._body()
        return f"{self.player}: {body}" if self.player else body

    def _body(self) -> str:  # pragma: no cover - every subclass overrides
        raise NotImplementedError

    def without_player(self) -> Action:
        return replace(self, player=None)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"parse_action({self.text!r})"


@dataclass(frozen=True, slots=True, repr=False)
class Draw(Action):
    def _body(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True, repr=False)
class TakePile(Action):
    """Take the pile: meld its top card with ``with_cards`` from the hand, or lay it ``onto`` a
    meld; ``extra`` melds from the hand may go down at once (to reach an opening minimum);
    ``depth`` (1 = top) lets variants that allow it take the pile down to a deeper card."""

    with_cards: tuple[Card, ...] = ()
    onto: str | None = None
    extra: tuple[tuple[Card, ...], ...] = ()
    depth: int = 1

    def _body(self) -> str:
        s = "take pile"
        if self.depth != 1:
            s += f" at {self.depth}"
        if self.onto is not None:
            s += f" onto {self.onto}"
        elif self.with_cards:
            s += " with " + cards_text(self.with_cards)
        if self.extra:
            s += " and meld " + " / ".join(cards_text(g) for g in self.extra)
        return s


def _end_text(moved: Card | None, end: str) -> str:
    """', 2♣ to the start': which end of a run a 2 goes to, where the player says it."""
    return f", {moved.text} to the {end}" if moved is not None and end else ""


@dataclass(frozen=True, slots=True, repr=False)
class Meld(Action):
    """Lay down one or more new melds from the hand. In runs, ``moved`` (a 2) and ``end``
    ("start" or "end") say where that 2 goes when either end would do."""

    groups: tuple[tuple[Card, ...], ...] = ()
    moved: Card | None = None
    end: str = ""

    def _body(self) -> str:
        return "meld " + " / ".join(cards_text(g) for g in self.groups) + _end_text(self.moved, self.end)

    @property
    def place(self) -> tuple[Card, str] | None:
        """(the 2, "start" | "end") when the action names an end, else None."""
        return (self.moved, self.end) if self.moved is not None and self.end else None


@dataclass(frozen=True, slots=True, repr=False)
class Add(Action):
    """Lay cards off onto an existing meld named by ``target`` (a rank, '#N', or 'Owner:rank').
    In runs, ``moved`` (a 2) and ``end`` ("start" or "end") say where a 2 that moves or is laid
    off goes when either end would do."""

    cards: tuple[Card, ...] = ()
    target: str = ""
    moved: Card | None = None
    end: str = ""

    def _body(self) -> str:
        return f"add {cards_text(self.cards)} to {self.target}" + _end_text(self.moved, self.end)

    @property
    def place(self) -> tuple[Card, str] | None:
        """(the 2, "start" | "end") when the action names an end, else None."""
        return (self.moved, self.end) if self.moved is not None and self.end else None


@dataclass(frozen=True, slots=True, repr=False)
class Swap(Action):
    """Give ``card`` from the hand to the meld ``target`` (named as in :class:`Add`) and take its
    wild card ``wild`` into the hand (where the variant allows it)."""

    card: Card | None = None
    wild: Card | None = None
    target: str = ""

    def _body(self) -> str:
        card = self.card.text if self.card else "?"
        wild = self.wild.text if self.wild else "?"
        return f"swap {card} for {wild} in {self.target}"


@dataclass(frozen=True, slots=True, repr=False)
class Discard(Action):
    card: Card | None = None

    def _body(self) -> str:
        return f"discard {self.card.text if self.card else '?'}"


@dataclass(frozen=True, slots=True, repr=False)
class AskPartner(Action):
    def _body(self) -> str:
        return "ask partner"


@dataclass(frozen=True, slots=True, repr=False)
class Answer(Action):
    yes: bool = True

    def _body(self) -> str:
        return "answer yes" if self.yes else "answer no"


@dataclass(frozen=True, slots=True, repr=False)
class Pass(Action):
    """End the turn without drawing or discarding, where the variant allows it (the stock is
    empty and the pile is not taken; the last card of the stock was a red three): play ends."""

    def _body(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True, repr=False)
class NextHand(Action):
    def _body(self) -> str:
        return "next hand"


_KEYWORDS = {
    "draw": "draw", "robar": "draw", "roba": "draw", "robo": "draw",
    "take": "take", "tomar": "take", "llevar": "take", "llevarse": "take", "levantar": "take",
    "coger": "take", "comprar": "buy",
    "meld": "meld", "bajar": "meld", "baja": "meld", "bajo": "meld",
    "add": "add", "añadir": "add", "agregar": "add", "anadir": "add",
    "swap": "swap", "cambiar": "swap",
    "discard": "discard", "descartar": "discard", "descarta": "discard", "descarto": "discard",
    "tirar": "discard", "tira": "discard", "tiro": "discard",  # the seeds' word: "Ada tira el 7♠"
    "ask": "ask", "preguntar": "ask", "pedir": "ask",
    "answer": "answer", "responder": "answer",
    "next": "next", "siguiente": "next",
    "pass": "pass", "pasar": "pass", "paso": "pass",
}
_TARGET = re.compile(r"^(?:[^:]+:)?(?:#\d+|[0-9AJQKajqk]+|JK|jk|(?i:wilds|comodines)|[♣♦♥♠CDHScdhs][^\s]*)$")
_PILE_WORDS = ("pile", "pozo", "discard", "descarte", "montón", "monton")


# ", 2♣ to the start" / ", 2♣ al final": where a 2 goes in a run
_END = re.compile(r",\s*(\S+)\s+(?:to\s+the|to|al|a\s+la|en\s+el)\s+(start|end|principio|final|comienzo|fin)\s*$",
                  re.IGNORECASE)
_ENDS = {"start": "start", "principio": "start", "comienzo": "start", "end": "end", "final": "end",
         "fin": "end"}


def _groups(text: str, where: str) -> tuple[tuple[Card, ...], ...]:
    parts = [p.strip() for p in text.split("/")]
    if not parts or any(not p for p in parts):
        raise InvalidActionError(key="action.groups" if where == "meld" else "action.extra-groups")
    return tuple(parse_cards(p) for p in parts)


def _target(text: str) -> str:
    """A meld target in the form meld labels take ('K', '#2', '♠5-9', 'wilds'), so that an
    action's text round-trips; a player's meld ('Ada:A') keeps the name as written."""
    if ":" in text:
        owner, _, rest = text.rpartition(":")
        return f"{owner}:wilds" if rest.lower() == "comodines" else text
    return "wilds" if text.lower() in ("wilds", "comodines") else text.upper()


def parse_action(text: str) -> Action:
    """Parse an action's text form; raises :class:`InvalidActionError` naming the text."""
    if not isinstance(text, str) or not text.strip():
        raise InvalidActionError(key="action.empty")
    raw = " ".join(text.strip().split())
    player = None
    head, sep, rest = raw.partition(":")
    head = head.strip()
    if sep and head and head.split()[0].lower() not in _KEYWORDS and len(head) <= MAX_NAME:
        # names are compared composed: 'Tu' with a combining accent is the player 'Tú'
        player, raw = unicodedata.normalize("NFC", head), rest.strip()
    try:
        return _parse_body(raw, player)
    except InvalidActionError as e:
        if e.given is not None:
            raise
        raise InvalidActionError(key=e.key, facts=e.facts, given=text) from None


def _parse_body(raw: str, player: str | None) -> Action:
    words = raw.split()
    if not words:
        raise InvalidActionError(key="action.after-name")
    kw = _KEYWORDS.get(words[0].lower())
    low = raw.lower()
    if kw == "buy":  # comprar: a card of the stock, or the pile (Canasta Americana and Real)
        nxt = [w.lower() for w in words[1:3]]
        kw = "take" if any(w in _PILE_WORDS for w in nxt) else "draw"
        if kw == "draw" and len(words) > 1 and nxt[:2] in (["una", "carta"], ["carta"]):
            words = words[:1]
    if kw == "draw" and len(words) == 1:
        return Draw(player)
    if kw == "next" and len(words) == 2 and words[1].lower() in ("hand", "mano"):
        return NextHand(player)
    if kw == "pass" and len(words) == 1:
        return Pass(player)
    if kw == "ask" and len(words) == 2:
        return AskPartner(player)
    if kw == "answer" and len(words) == 2 and words[1].lower() in ("yes", "no", "sí", "si"):
        return Answer(player, yes=words[1].lower() != "no")
    if kw == "discard":
        if len(words) == 3 and words[1].lower() in ("el", "la"):  # "tirar el 7♠", "la Q♥"
            words = [words[0], words[2]]
        if len(words) != 2:
            raise InvalidActionError(key="action.discard-one", facts={"n": len(words) - 1})
        return Discard(player, card=parse_card(words[1]))
    moved, end = None, ""
    if kw in ("meld", "add"):
        em = _END.search(raw)
        if em:
            moved, end = parse_card(em.group(1)), _ENDS[em.group(2).lower()]
            raw = raw[: em.start()].rstrip()
            words = raw.split()
    if kw == "meld":
        return Meld(player, groups=_groups(raw.split(None, 1)[1] if len(words) > 1 else "", "meld"),
                    moved=moved, end=end)
    if kw == "add":
        m = re.match(r"^\S+\s+(.+?)\s+(?:to|a|en)\s+((?:[^:]+:)?\S+)$", raw, re.IGNORECASE)
        if not m or not _TARGET.match(m.group(2)):
            raise InvalidActionError(key="action.add")
        return Add(player, cards=parse_cards(m.group(1)), target=_target(m.group(2)), moved=moved,
                   end=end)
    if kw == "swap":
        m = re.match(r"^\S+\s+(\S+)\s+(?:for|por)\s+(\S+)\s+(?:in|en|de)\s+((?:[^:]+:)?\S+)$", raw,
                     re.IGNORECASE)
        if not m or not _TARGET.match(m.group(3)):
            raise InvalidActionError(key="action.swap")
        return Swap(player, card=parse_card(m.group(1)), wild=parse_card(m.group(2)),
                    target=_target(m.group(3)))
    if kw == "take":
        m = re.match(r"^\S+\s+(?:the\s+|el\s+|del\s+|cartas\s+del\s+)?(?:pile|pozo|discard|descarte|"
                     r"mont[oó]n)\s*(.*)$", raw, re.IGNORECASE)
        if not m:
            raise InvalidActionError(key="action.take")
        rest = m.group(1)
        depth = 1
        # "at 6", "hasta la 6.ª carta" (as Spanish shows it), "hasta la carta 6"
        dm = re.match(r"^(?:at|en|hasta(?:\s+la)?(?:\s+carta)?)\s+(\d+)(?:\.?[ªº])?(?:\s+carta)?"
                      r"(?:\s+|$)(.*)$", rest, re.IGNORECASE)
        if dm:
            depth = int(dm.group(1))
            if depth < 1:
                raise InvalidActionError(key="action.depth")
            rest = dm.group(2)
        extra: tuple[tuple[Card, ...], ...] = ()
        em = re.search(r"\s+(?:and|y)\s+(?:meld|bajar)\s+(.+)$", rest, re.IGNORECASE)
        if em:
            extra = _groups(em.group(1), "extra melds")
            rest = rest[: em.start()]
        om = re.match(r"^(?:onto|to|sobre|a)\s+((?:[^:]+:)?\S+)$", rest, re.IGNORECASE)
        if om and _TARGET.match(om.group(1)):
            return TakePile(player, onto=_target(om.group(1)), extra=extra, depth=depth)
        if not rest.strip() and not extra:  # the whole pile into the hand (variants that allow it)
            return TakePile(player, depth=depth)
        wm = re.match(r"^(?:with|con)\s+(.+)$", rest, re.IGNORECASE)
        if not wm:
            raise InvalidActionError(key="action.take")
        return TakePile(player, with_cards=parse_cards(wm.group(1)), extra=extra, depth=depth)
    del low
    raise InvalidActionError(key="action.unknown")
