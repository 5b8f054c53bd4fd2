"""The coach's words: a bot's :class:`~canasta.bots.Choice` said to the learner, in their
language ("Take the pile: your pair of sevens matches its top card 7♠ and the pile holds 9
cards"). Pure functions over the choice's reason key and facts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..cards import RANK_TEXT, Card, cards_text
from ..explain import Explanation
from .table_words import WORDS, pile_word, rank_plural, tw

if TYPE_CHECKING:
    from ..bots import Choice
    from ..variant import Variant


def _rank_name(target: str, lang: str) -> str:
    """A meld target said as words where it is a rank ('7' → 'sevens'), else as written."""
    for rank, text in RANK_TEXT.items():
        if text == target.upper():
            return rank_plural(rank, lang)
    return target


def _match_words(cards: Sequence[Card], top: Card, variant: Variant, lang: str) -> str:
    """'your pair of sevens matches' / 'tu par de sietes casa con', with the number agreeing."""
    naturals = [c for c in cards if not variant.is_wild(c)]
    rank = rank_plural(top.rank, lang)
    wild = len(cards) - len(naturals)
    if wild:
        wilds = tw("wild.one", lang) if wild == 1 else tw("wild.n", lang, n=wild)
        return tw("match.wilds" if len(naturals) > 1 else "match.wild", lang,
                  cards=cards_text(naturals) or rank, wilds=wilds)
    if len(cards) == 2:
        return tw("match.pair", lang, rank=rank)
    return tw("match.more", lang, n=len(cards), rank=rank)


def advice_text(choice: Choice, variant: Variant, lang: str = "en") -> str:
    """The coach's sentence for ``choice``: the move, then why."""
    f = dict(choice.facts)
    pile = pile_word(variant.base_name(), lang)
    why = choice.why
    action = choice.action.text
    top = f.get("top")
    if why.startswith("take.") and isinstance(top, Card):
        match = _match_words(f.get("with_cards", ()), top, variant, lang)
        fill = {"pile": pile, "top": top.text, "n": f.get("count", 0), "match": match,
                "rank": rank_plural(top.rank, lang)}
        if why == "take.open":
            extra = " / ".join(cards_text(g) for g in f.get("extra", ()))
            return tw("why.take.open", lang, extra=extra, need=f.get("need", 0),
                      points=f.get("points", 0), **fill)
        return tw("why." + why, lang, **fill)
    if why == "draw.refused":
        refusal = f.get("refusal")
        said = refusal.message(lang) if isinstance(refusal, Explanation) else ""
        pair = (tw("pair", lang, rank=rank_plural(top.rank, lang)) if isinstance(top, Card)
                else "")
        return tw("why.draw.blocked", lang, pile=pile, why=said.rstrip("."), pair=pair)
    if why.startswith("draw."):
        return tw("why." + why, lang, pile=pile, top=top.text if isinstance(top, Card) else "")
    if why.startswith("meld"):
        cards = " / ".join(cards_text(g) for g in f.get("groups", ()))
        return tw("why." + why, lang, cards=cards, points=f.get("points", 0), need=f.get("need", 0))
    if why.startswith("add"):
        return tw("why." + why, lang, cards=cards_text(f.get("cards", ())),
                  rank=_rank_name(str(f.get("target", "")), lang), size=f.get("size", 0),
                  short=f.get("short", 0))
    if why.startswith("discard."):
        card = f.get("card")
        wild = f.get("wild")
        keep = ""
        if isinstance(wild, Card):
            keep = (tw("the_joker", lang) if wild.is_joker
                    else tw("the_card", lang, card=wild.text))
        return tw("why." + why, lang, pile=pile, card=card.text if isinstance(card, Card) else "",
                  value=f.get("value", 0), wild=keep)
    key = "why." + why
    if key in WORDS and "{action}" not in WORDS[key][0]:
        return tw(key, lang)
    return tw(key if key in WORDS else "why.other", lang, action=action)
