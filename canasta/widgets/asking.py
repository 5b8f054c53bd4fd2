"""How the quiz asks whether an action is allowed, in the learner's words: "It is your turn. Can
you take the pile with 7♥ 7♦ now?" / "Te toca a ti. ¿Puedes llevarte el montón con 7♥ 7♦
ahora?", each variant in its own words (levantar el pozo, comprar del monte…), rather than the
action's text form ("take pile with 7♥ 7♦"), which is for records and typing.

Every form is a label ``w.q.do.*`` of the locale files; the meld an action names is said as the
learner sees it on the table ("your meld of sevens", "el juego de nueves de Ada").
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

from ..actions import (
    Action,
    Add,
    Answer,
    AskPartner,
    Discard,
    Draw,
    Meld,
    NextHand,
    Pass,
    Swap,
    TakePile,
    parse_action,
)
from ..cards import RANK_TEXT, Card, cards_text
from ..errors import InvalidActionError
from ..render.table_words import rank_plural
from ..words import action_text
from .lang import word

RANKS = {text: rank for rank, text in RANK_TEXT.items()}


def said_action(text: str, lang: str, variant: str) -> str:
    """An action's typed text in the learner's language and the variant's words, as it reads
    back ("descartar 4♠"); the text itself when it does not parse."""
    try:
        return action_text(parse_action(text), lang, variant)
    except InvalidActionError:
        return text


def legal_prompt(text: str, player: str, lang: str, variant: str) -> str:
    """The question 'is this action allowed now?' about ``text``, played by ``player`` (or by
    the player the action names), as HTML with every name escaped. A text that does not parse
    is quoted as it was written."""
    try:
        action = parse_action(text)
    except InvalidActionError:
        return word("q.legal", lang, variant, player=escape(player), action=escape(text))
    who = action.player or player
    doing = action_words(action, escape(who), lang, variant)
    return word("q.can", lang, variant, player=escape(who), doing=doing)


def action_words(a: Action, player: str, lang: str, variant: str) -> str:
    """What ``player`` would do, as the words after "Can you …" / "¿Puedes …" (the names in
    it escaped for HTML: cards need no escaping)."""
    def say(key: str, **facts: Any) -> str:
        return word("q.do." + key, lang, variant, player=player, **facts)

    if isinstance(a, Draw):
        return say("draw")
    if isinstance(a, TakePile):
        parts = [say("take")]
        if a.depth != 1:
            parts.append(say("take.depth", depth=a.depth))
        if a.onto is not None:
            parts.append(say("take.onto", target=meld_words(a.onto, player, lang, variant)))
        elif a.with_cards:
            parts.append(say("take.with", cards=cards_text(a.with_cards)))
        if a.extra:
            parts.append(say("take.extra", melds=_groups(a.extra)))
        return " ".join(parts)
    if isinstance(a, Meld):
        return say("meld", melds=_groups(a.groups)) + _end(a.place, say)
    if isinstance(a, Add):
        return (say("add", cards=cards_text(a.cards), target=meld_words(a.target, player, lang, variant))
                + _end(a.place, say))
    if isinstance(a, Swap):
        return say("swap", card=a.card.text if a.card else "?", wild=a.wild.text if a.wild else "?",
                   target=meld_words(a.target, player, lang, variant))
    if isinstance(a, Discard):
        return say("discard", card=a.card.text if a.card else "?")
    if isinstance(a, AskPartner):
        return say("ask")
    if isinstance(a, Answer):
        return say("answer.yes" if a.yes else "answer.no")
    if isinstance(a, NextHand):
        return say("next")
    if isinstance(a, Pass):
        return say("pass")
    raise TypeError(f"no words for {a!r}")  # pragma: no cover - every action kind is above


def meld_words(target: str, player: str, lang: str, variant: str) -> str:
    """A meld an action names, said as the learner sees it: '7' → "your meld of sevens", '#2'
    → "your meld #2", 'Ada:9' → "Ada's meld of nines", 'JK' → "your meld of wild cards"."""
    owner, _, rest = target.rpartition(":")
    name = rest.strip().upper()
    name = "10" if name == "T" else name
    if name.startswith("#") and name[1:].isdigit():
        which = word("q.which.number", lang, variant, n=int(name[1:]))
    elif name in ("JK", "WILDS"):
        which = word("q.which.wilds", lang, variant)
    elif name in RANKS:
        which = word("q.which.rank", lang, variant, rank=rank_plural(RANKS[name], lang))
    else:
        which = word("q.which.label", lang, variant, label=rest)
    if owner:
        return word("q.meld.of", lang, variant, owner=escape(owner), which=which)
    return word("q.meld.own", lang, variant, player=player, which=which)


def _groups(groups: tuple[tuple[Card, ...], ...]) -> str:
    return " / ".join(cards_text(g) for g in groups)


def _end(place: tuple[Card, str] | None, say: Callable[..., str]) -> str:
    """', with 2♣ at the end': where a run's 2 goes, where the action says it."""
    return "" if place is None else say(f"end.{place[1]}", card=place[0].text)
