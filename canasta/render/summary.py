"""One line per turn: "Ada takes the pile (9 cards) and melds 8♦ 8♠ 8♣ · discards 4♥".

The card table and ``canasta play`` show each bot's turn as one such line, with the engine's
explanations a click (or a command) away. A turn is the run of actions one seat plays in a row;
the line is built from the actions' own fields, the automatic events they caused (a red three laid
out, going out) and the pile as it was before a take. Nothing here judges a rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..actions import Action, Add, Answer, AskPartner, Discard, Draw, Meld, NextHand, Swap, TakePile
from ..cards import Card, cards_text
from ..explain import Explanation
from ..words import vocab_entry
from .table_words import cards_n, tw


@dataclass(frozen=True, slots=True)
class Played:
    """One played action as a summary needs it: the seat, the action, the automatic events it
    caused, and the pile before it (its top card and size, which a take's line names); the
    explanation rides along for views that show it a click away."""

    seat: int
    action: Action
    events: tuple[Explanation, ...] = ()
    top: Card | None = None
    pile: int = 0
    explanation: Explanation | None = None  # the engine's word on the action, when kept
    choice: Any = None  # a bot's Choice: why it chose the action (None for a person's move)


def turns(played: Iterable[Played]) -> list[list[Played]]:
    """Consecutive actions of the same seat, grouped: one group per turn (a partner's answer in
    the middle of a turn is a turn of its own)."""
    out: list[list[Played]] = []
    for p in played:
        if out and out[-1][0].seat == p.seat and not isinstance(out[-1][-1].action, Discard):
            out[-1].append(p)
        else:
            out.append([p])
    return out


def _word(word: str, you: bool, lang: str, variant: str) -> str:
    """A verb of the variant's vocabulary in the person of the line ("robas", "compra")."""
    return str(vocab_entry(word, lang, variant)["you" if you else "other"])


def _verb(key: str, you: bool, lang: str, variant: str, **fill: object) -> str:
    """The clause ``key`` in the second person (``you``) or the third, in the variant's words."""
    return tw(key + ".you" if you else key, lang, variant, **fill)


def _action_clauses(p: Played, you: bool, lang: str, partner: str, variant: str) -> list[str]:
    """What an action did, as clauses of the line (a take and its melds are two, so that the
    line joins them as a list: "takes the pile (4 cards), melds … and adds …")."""
    a = p.action
    if isinstance(a, TakePile):
        n = cards_n(a.depth if a.depth > 1 else p.pile, lang)
        top = p.top
        take = _verb("sum.take_part" if a.depth > 1 else "sum.take", you, lang, variant, n=n)
        if a.onto is not None and top is not None:
            return [take, _verb("sum.lay", you, lang, variant, card=top, target=a.onto)]
        groups = _take_groups(p)
        if not groups:
            return [take]
        return [take, _verb("sum.meld", you, lang, variant, cards=" / ".join(groups))]
    c = _action_clause(p, you, lang, partner, variant)
    return [c] if c else []


def _take_groups(p: Played) -> list[str]:
    """The melds a take of the pile lays down with its top card, as texts."""
    a = p.action
    if not isinstance(a, TakePile) or a.onto is not None:
        return []
    groups = []
    if a.with_cards:
        groups.append(cards_text(((p.top,) if p.top is not None and a.depth == 1 else ())
                                 + a.with_cards))
    return groups + [cards_text(g) for g in a.extra]


def _meld(p: Played, target: str) -> str:
    """The meld an action went onto, by the label its explanation names ('♠5-9'), rather than
    by the action's own words for it ('#1')."""
    named = p.explanation.facts.get("meld") if p.explanation is not None else None
    return named if isinstance(named, str) and named else target


def _action_clause(p: Played, you: bool, lang: str, partner: str, variant: str) -> str | None:
    a = p.action
    if isinstance(a, Draw):
        # the cards drawn, which the explanation names, are said only to the one who drew them
        drawn = p.explanation.facts.get("cards", ()) if p.explanation is not None else ()
        count = int(p.explanation.facts.get("count", 1)) if p.explanation is not None else 1
        shown = [c.text for c in drawn if isinstance(c, Card)] if you else []
        return _verb("sum.draw", you, lang, variant, cards=shown, count=count)
    if isinstance(a, Meld):
        return _verb("sum.meld", you, lang, variant, cards=" / ".join(cards_text(g) for g in a.groups))
    if isinstance(a, Add):
        return _verb("sum.add", you, lang, variant, cards=tuple(a.cards), target=_meld(p, a.target))
    if isinstance(a, Swap):
        return _verb("sum.swap", you, lang, variant, card=a.card or "?", wild=a.wild or "?",
                     target=_meld(p, a.target))
    if isinstance(a, AskPartner):
        return _verb("sum.ask", you, lang, variant, partner=partner)
    if isinstance(a, Answer):
        return _verb("sum.yes" if a.yes else "sum.no", you, lang, variant)
    if isinstance(a, NextHand):
        return _verb("sum.next", you, lang, variant)
    return None  # a discard is said after the '·'


def _event_clause(e: Explanation, you: bool, lang: str, variant: str) -> str | None:
    """The automatic events worth a word on the line; the others are in the explanations."""
    f = e.facts
    if e.rule == "threes.red-laid-out":
        card = f.get("card")
        return _verb("sum.red_three", you, lang, variant, card=card)
    if e.rule == "threes.replaced":
        return _verb("sum.threes", you, lang, variant, n=cards_n(int(f.get("count", 1)), lang),
                     count=int(f.get("count", 1)))
    if e.rule in ("muerto.picked-up", "muerto.direct", "muerto.indirect"):
        return _verb("sum.muerto", you, lang, variant)
    if e.rule == "hoyo.left":
        return _verb("sum.hoyo", you, lang, variant)
    if e.rule == "ala.added":
        return _verb("sum.ala", you, lang, variant, n=cards_n(int(f.get("count", 0)), lang))
    return None


def _ending(e: Explanation, you: bool, lang: str, variant: str) -> str | None:
    if e.rule == "end.went-out":  # in the variant's word: sale, cierra, corta
        return _word("goes_out", you, lang, variant)
    if e.rule == "end.special-hand":
        return _verb("sum.special", you, lang, variant)
    if e.rule == "end.stock-exhausted":
        return tw("sum.stock_out", lang, variant)
    return None


def _join(clauses: Sequence[str], lang: str) -> str:
    if len(clauses) <= 1:
        return "".join(clauses)
    and_ = tw("and", lang)
    # a clause with its own "and" just before the last one ("draws the 9♥ and the Q♥") is
    # closed by a comma, so that the last "and" reads as joining the clauses
    comma = "," if f" {and_} " in clauses[-2] else ""
    return ", ".join(clauses[:-1]) + f"{comma} {and_} " + clauses[-1]


def turn_line(turn: Sequence[Played], names: Sequence[str], lang: str = "en", *,
              you: int | None = None, variant: str = "classic",
              partners: Sequence[int | None] = ()) -> str:
    """One turn (actions of one seat in a row) as one line. ``you`` is the seat spoken to in the
    second person ("You draw" / "Robas"); ``variant`` picks the pile's word (montón, pozo);
    ``partners[seat]`` names whom a player asks before going out."""
    if not turn:
        return ""
    seat = turn[0].seat
    me = seat == you
    mate = partners[seat] if seat < len(partners) else None
    partner = names[mate] if mate is not None else ""
    clauses: list[str] = []
    discard: str | None = None
    endings: list[str] = []
    meld_at, melded = -1, []  # the clause of the turn's latest meld, and its groups
    for p in turn:
        event_player = [e for e in p.events if e.facts.get("player") in (None, "", names[seat])]
        if isinstance(p.action, Discard) and p.action.card is not None:
            discard = _verb("sum.discard", me, lang, variant, card=p.action.card.text)
        elif isinstance(p.action, Meld) and meld_at == len(clauses) - 1 >= 0:
            # melds laid one after another are said once: "melds 10♣ 10♦ 10♥ / A♣ A♦ A♠"
            melded += [cards_text(g) for g in p.action.groups]
            clauses[meld_at] = _verb("sum.meld", me, lang, variant, cards=" / ".join(melded))
        else:
            clauses += _action_clauses(p, me, lang, partner, variant)
            if isinstance(p.action, Meld):
                meld_at, melded = len(clauses) - 1, [cards_text(g) for g in p.action.groups]
            elif _take_groups(p):  # "takes the pile and melds …": the melds after it join it
                meld_at, melded = len(clauses) - 1, _take_groups(p)
        for e in event_player:
            c = _event_clause(e, me, lang, variant)
            if c:
                clauses.append(c)
        for e in p.events:
            end = _ending(e, e.facts.get("player") == names[seat] and me, lang, variant)
            if end:
                endings.append(end)
    line = _join(clauses, lang)
    if discard:
        line = f"{line} · {discard}" if line else discard
    for end in endings:
        line = f"{line} · {end}" if line else end
    if me:
        return line[:1].upper() + line[1:] if lang == "es" else f"{tw('you', lang)} {line}"
    return f"{names[seat]} {line}"


def turn_lines(played: Iterable[Played], names: Sequence[str], lang: str = "en", *,
               you: int | None = None, variant: str = "classic",
               partners: Sequence[int | None] = ()) -> list[str]:
    """Every turn of ``played`` as one line each, in order."""
    return [turn_line(t, names, lang, you=you, variant=variant, partners=partners)
            for t in turns(played)]
