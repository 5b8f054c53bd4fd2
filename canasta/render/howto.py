"""How the card table is played by clicks, in the words of the variant dealt.

The table's own help ("How to play by clicks") is a short list of rows: what to do, and where to
click for it. Which row says what follows the variant's rules as the engine reads them (the pile
taken whole, at any depth or with a pair; the first melds laid down together where there is an
opening minimum; a partner asked before going out; the muertos and alas handed over by the engine).
``tests/test_howto.py`` pins each choice to the legal actions of played hands, so the help cannot
promise a click the engine refuses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .table_words import tw

if TYPE_CHECKING:
    from ..state import State
    from ..variant import Variant


def take_mode(v: Variant) -> str:
    """How the pile is taken by clicks: ``whole`` (into the hand, nothing named with it),
    ``depth`` (from any card of the spread pile), ``pair_onto`` (with cards of the hand, or onto
    the side's meld with none) or ``pair`` (with cards of the hand only)."""
    if "pile.take-whole" in v.sources:
        return "whole"
    if v.pile_any_depth and not getattr(v, "top_card_only", False):
        return "depth"
    return "pair_onto" if v.pile_take_onto_meld else "pair"


def howto_view(state: State, seat: int, lang: str) -> dict[str, Any]:
    """The rows of the table's help for ``seat``'s game: ``{"title", "to", "click", "rows"}``,
    each row ``{"key", "to", "click"}`` in the variant's words."""
    v = state.variant
    base = v.base_name()
    alone = len(state.sides[state.side_of(seat)]) == 1
    draws = v.draw_count_two_players if state.players == 2 else v.draw_count
    runs = v.wild_ends  # a 2 at either end: the runs of Canasta Real
    together = any(need for _score, need in v.opening)  # an opening minimum
    rows: list[tuple[str, str, dict[str, Any]]] = [
        ("draw", "howto.draw", {"n": draws}),
        ("take", f"howto.take.{take_mode(v)}",
         {"alone": alone, "button": tw("act.take_whole", lang, base)}),
        ("meld", "howto.meld", {"alone": alone, "runs": runs, "together": together}),
        ("add", "howto.add", {"alone": alone}),
        ("discard", "howto.discard", {"alone": alone, "n": v.canastas_to_go_out,
                                      "muerto": "muertos" in _extras(v)}),
    ]
    if v.ask_partner and not alone:
        rows.append(("ask", "howto.ask", {"button": tw("act.ask_partner", lang, base)}))
    for name in _extras(v):
        rows.append((name, f"howto.{name}", {"alone": alone}))
    return {"title": tw("howto", lang, base, title=v.title.get(lang)),
            "to": tw("howto.to", lang, base), "click": tw("howto.click", lang, base),
            "rows": [{"key": key, "to": tw("howto.take.to" if key == "take" else f"{word}.to",
                                            lang, base, **fill),
                      "click": tw(word, lang, base, **fill)} for key, word, fill in rows]}


def _extras(v: Variant) -> tuple[str, ...]:
    """The piles set aside at the deal that the engine hands over by itself."""
    return tuple(name for name, rule in (("muertos", "deal.muertos"), ("alas", "deal.alas"))
                 if rule in v.sources)
