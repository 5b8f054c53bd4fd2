"""The coach's words: a bot's :class:`~canasta.bots.Choice` said to the learner, in their
language ("Take the pile: your pair of sevens matches its top card 7♠ and the pile holds 9
cards"). Pure functions over the choice's reason key and facts."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..actions import Action, Add, TakePile
from ..cards import Card, cards_text, sort_key
from ..explain import Explanation
from ..limits import Big
from ..words import YOU_NAMES, action_text, fmt, join_list, meld_name
from .table_words import has_word, rank_plural, table_template, tw

if TYPE_CHECKING:
    from ..bots import Choice
    from ..variant import Variant


def _match_words(cards: Sequence[Card], top: Card, variant: Variant, lang: str,
                 above: Sequence[Card] = ()) -> str:
    """'your pair of sevens matches' / 'tu par de sietes casa con', with the number agreeing;
    ``above``: those of ``cards`` taken from above the card gone in for."""
    vn = variant.base_name()
    if above:
        own = list((Counter(cards) - Counter(above)).elements())
        if own:
            return tw("match.above", lang, vn, cards=own, above=list(above))
        return tw("match.above-only", lang, vn, above=list(above))
    naturals = [c for c in cards if not variant.is_wild(c)]
    rank = rank_plural(top.rank, lang)
    wild = len(cards) - len(naturals)
    if wild:
        wilds = tw("wild.one", lang, vn) if wild == 1 else tw("wild.n", lang, vn, n=wild)
        return tw("match.wilds" if len(naturals) > 1 else "match.wild", lang, vn,
                  cards=cards_text(naturals) or rank, wilds=wilds)
    if len(cards) == 2:
        return tw("match.pair", lang, vn, rank=rank)
    return tw("match.more", lang, vn, n=len(cards), rank=rank)


def _onto_words(a: Any, lang: str, vn: str) -> str:
    """A take of the pile onto a meld with the meld in words ('llevarse el montón sobre tu
    combinación de nueves'), or '' for any other move."""
    if not (isinstance(a, TakePile) and a.onto is not None and a.depth == 1):
        return ""
    owner, _, label = a.onto.rpartition(":")  # 'Ada:8' in Individual, '8' for one's own
    return tw("coach.search.onto", lang, vn, rank=meld_name(label, lang, vn), owner=owner or None)


def advice_text(choice: Choice, variant: Variant, lang: str = "en", note: bool = True) -> str:
    """The coach's words for ``choice``: the move and why, then, for a search's choice, the
    strategic reason that decided (where one did) and what the search found, with what its
    figures are unless ``note`` is false (a table says that once)."""
    said = _reason_text(choice, variant, lang)
    f = choice.facts
    vn = variant.base_name()
    strategy = f.get("strategy")
    if strategy:
        key = "coach.strategy." + str(strategy)
        if strategy == "keep_wild" and f.get("need"):
            key += ".open"
        said += " " + tw(key, lang, vn, need=f.get("need", 0), points=f.get("points", 0),
                         size=f.get("size", f.get("their_size", 0)), count=f.get("count", 0),
                         alone=bool(f.get("alone")), other=f.get("rivals", 1),
                         out=f.get("out", ""), wilds=f.get("wilds", 2))
    if f.get("search"):
        said += " " + search_text(choice, variant, lang, note)
    return said


def figure(points: float) -> str:
    """A search's average as the coach says it: whole points, signed ('+180', '−60')."""
    n = round(points)
    return f"+{n}" if n > 0 else ("0" if n == 0 else f"−{-n}")


def search_text(choice: Choice, variant: Variant, lang: str = "en", note: bool = True) -> str:
    """What the search behind ``choice`` found: the chosen move and the next best, each with its
    average over the continuations, and (``note``) what the figures are (samples)."""
    f = choice.facts
    vn = variant.base_name()
    alone = bool(f.get("alone"))
    targets = f.get("targets", {})

    def in_words(a: Any) -> Any:
        """A lay-off in words ('añadir 10♥ a la combinación de dieces de Cleo'), not as typed."""
        if isinstance(a, Add) and a.target in targets:
            owner, label = targets[a.target]
            return tw("coach.search.add", lang, vn, cards=cards_text(a.cards),
                      rank=meld_name(label, lang, vn), owner=owner or None)
        return _onto_words(a, lang, vn) or a

    margins = f.get("margins", ())
    moves = "; ".join(
        tw("coach.search.move", lang, vn, action=in_words(a), figure=figure(p), points=round(p),
           alone=alone)
        + (tw("coach.search.margin", lang, vn, margin=margins[i]) if i < len(margins) else "")
        for i, (a, p) in enumerate(f.get("search", ())))
    # a count grouped as the language writes it: "1,250" in English, "1250" (and "12.500") in Spanish
    tried = f.get("moves", len(f.get("search", ())))
    shown = len(f.get("search", ()))
    said = tw("coach.search", lang, vn, n=Big(f.get("samples", 0)), moves=moves, tried=tried,
              best=shown if shown < tried else 0)  # "the best three" when one was left out
    if f.get("unsure") is not None:  # a move ahead by less than chance gives: why it is not played
        said += " " + tw("coach.search.unsure", lang, vn, action=f["unsure"])
    if not note:
        return said
    return said + " " + tw("coach.search.note", lang, vn, alone=alone, other=f.get("rivals", 1),
                           margins=bool(margins))


def _continued(sentence: str, names: Sequence[str]) -> str:
    """``sentence`` continuing another one: its first word in lower case, but for a name or a
    card ("Ada", "A♠") or a word in capitals."""
    first = sentence.split(" ", 1)[0].rstrip(",:;")
    if (len(first) < 2 or first in names or not first[0].isupper() or not first[1:].isalpha()
            or not first[1:].islower()):
        return sentence
    return sentence[0].lower() + sentence[1:]


def _reason_text(choice: Choice, variant: Variant, lang: str) -> str:
    """The coach's sentence for ``choice``'s reason key: the move, then why."""
    f = dict(choice.facts)
    vn = variant.base_name()
    why = choice.why
    a = choice.action
    action = _onto_words(a, lang, vn) or action_text(a, lang, vn)
    top = f.get("top")
    if why.startswith("take.") and isinstance(top, Card):
        match = _match_words(f.get("with_cards", ()), top, variant, lang, f.get("above", ()))
        fill = {"top": top.text, "n": f.get("count", 0), "match": match,
                "rank": rank_plural(top.rank, lang)}
        if why == "take.open":
            extra = " / ".join(cards_text(g) for g in f.get("extra", ()))
            return tw("why.take.open", lang, vn, extra=extra, need=f.get("need", 0),
                      points=f.get("points", 0), alone=bool(f.get("alone")), **fill)
        return tw("why." + why, lang, vn, **fill)
    if why == "ask.first":
        then = f.get("then")
        return tw("why.ask.first", lang, vn, left=f.get("left", 0),
                  then=action_text(then, lang, vn) if isinstance(then, Action) else "")
    if why == "draw.refused":
        refusal = f.get("refusal")
        # the engine's refusal as the coach says it, to the player it advises ("you cannot…"),
        # continuing the coach's sentence
        said = (_continued(refusal.message(lang, viewer=f.get("player")), f.get("names", ()))
                if isinstance(refusal, Explanation) else "")
        held = f.get("pair", ())
        if any(variant.is_wild(c) for c in held):  # one of its rank and a wild card
            pair = tw("pair.wild", lang, vn, cards=list(held))
        else:
            pair = (tw("pair", lang, vn, rank=rank_plural(top.rank, lang)) if isinstance(top, Card)
                    else "")
        return tw("why.draw.blocked", lang, vn, why=said.rstrip("."), pair=pair)
    if why.startswith("draw."):
        return tw("why." + why, lang, vn, top=top.text if isinstance(top, Card) else "",
                  n=f.get("count", 0))
    if why.startswith("meld"):
        cards = " / ".join(cards_text(g) for g in f.get("groups", ()))
        return tw("why." + why, lang, vn, cards=cards, points=f.get("points", 0), need=f.get("need", 0),
                  alone=bool(f.get("alone")), kind=f.get("kind"), bonus=f.get("bonus", 0),
                  count=f.get("count", 0))
    if why.startswith("add"):
        # the meld in words ('sevens', '♠ from 5 to 9'), and whose it is when not the side's own
        owner, _, label = str(f.get("target", "")).rpartition(":")
        if owner.strip().casefold() in YOU_NAMES:  # the learner's meld, in a bot's reason
            owner = fmt(lang, "you_seat")
        return tw("why." + why, lang, vn, cards=cards_text(f.get("cards", ())),
                  rank=meld_name(label, lang, vn), owner=owner or None, size=f.get("size", 0),
                  short=f.get("short", 0), kind=f.get("kind"), bonus=f.get("bonus", 0))
    if why.startswith("discard."):
        card = f.get("card")
        wild = f.get("wild")
        kept = sorted((w for w in f.get("wilds", ()) if isinstance(w, Card)), key=sort_key)
        keep = ""
        if len(kept) > 1:  # every wild card kept, each named: "el JK y el 2♦"
            keep = join_list([tw("the_card", lang, vn, card=w.text) for w in kept], lang)
        elif isinstance(wild, Card):
            keep = (tw("the_joker", lang, vn) if wild.is_joker
                    else tw("the_card", lang, vn, card=wild.text))
        return tw("why." + why, lang, vn, card=card.text if isinstance(card, Card) else "",
                  value=f.get("value", 0), wild=keep, suit=f.get("suit", ""),
                  opponents=f.get("opponents", 2),
                  rank=rank_plural(card.rank, lang) if isinstance(card, Card) else "")
    key = "why." + why
    if has_word(key) and "{action}" not in table_template(key):
        return tw(key, lang, vn)
    # the move opens the sentence: its first letter in capitals ("Bajar 3♣ 3♣ 3♠: …")
    said = tw(key if has_word(key) else "why.other", lang, vn, action=action)
    return said[:1].upper() + said[1:]
