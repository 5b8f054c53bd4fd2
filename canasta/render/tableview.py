"""The card table's view model: everything the table widget draws, as JSON-ready data.

:func:`table_view` reads a state from one seat's point of view (your hand face up, the others'
counted) and returns plain dicts, lists and strings: the cards as the project's SVG pictures, each
with its spoken name, the pile with its marks (frozen, blocked, premiado…) as the variant names
them, the melds with their canasta status, the scores and the buttons that apply. The browser side
only draws this and reports clicks, so all of it is tested here without a browser. Nothing here
decides a rule: statuses and marks are read from the engine.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import TYPE_CHECKING, Any

from ..actions import Action, Answer, AskPartner, Discard, Draw, NextHand, Pass, TakePile
from ..cards import HAND_ORDER, Card, sorted_cards
from ..explain import Explanation
from ..movegen import Listing, listing_of
from ..words import action_examples, action_text, is_you_name, meld_label
from .howto import howto_view
from .html import breakdown_html, explanation_html, meld_status
from .svg import card_label, card_svg
from .table_words import cards_n, extra_pile_label, extra_pile_title, pile_title, tw
from .tablegame import game_view

if TYPE_CHECKING:
    from ..state import State

ORDERS = ("rank", "melds")
RUN_VARIANTS = frozenset({"real"})  # melds-to-be are same-suit sequences there, not ranks
SHOWN_PER_KIND = 4  # "What can I do now?" shows this many actions of each kind, and counts the rest


# ---- the hand as shown ------------------------------------------------------------------------

def shown_hand(state: State, seat: int, order: str = "rank") -> list[Card]:
    """``seat``'s hand in the order the table shows it: by rank, or grouped as melds-to-be
    (cards of one rank together, the biggest groups first, then wild cards, then singles; by suit
    and rank where melds are runs). Clicks name cards by their place in this list."""
    return [c for c, _gap in _ordered(state, seat, order)]


def _ordered(state: State, seat: int, order: str) -> list[tuple[Card, bool]]:
    """(card, starts a new group) in the shown order."""
    hand = sorted_cards(state.hands[seat])
    if order != "melds":
        return [(c, False) for c in hand]
    v = state.variant
    wilds = [c for c in hand if v.is_wild(c)]
    naturals = [c for c in hand if not v.is_wild(c)]
    groups: dict[Any, list[Card]] = {}
    runs = state.variant.base_name() in RUN_VARIANTS
    for c in naturals:
        groups.setdefault(c.suit if runs else c.rank, []).append(c)
    # biggest groups first; singles after the wild cards, which go with any group
    big = sorted((g for g in groups.values() if len(g) > 1), key=lambda g: -len(g))
    singles = [g for g in groups.values() if len(g) == 1]
    out: list[tuple[Card, bool]] = []
    for g in [*big, wilds, *singles]:
        out += [(c, i == 0 and bool(out)) for i, c in enumerate(g)]
    return out


# ---- pieces the widget builds and passes in ---------------------------------------------------

@dataclass(frozen=True)
class Said:
    """The engine's answer to your last click (or a word of the table's own, as ``text``), and
    where to show it: ``hand``, ``stock``, ``pile``, ``meld:SIDE:INDEX`` or ``bar``."""

    where: str
    explanation: Explanation | None = None
    text: str = ""
    action: str = ""
    cards: tuple[int, ...] = ()  # the shown-hand places it concerns
    problem: bool = False  # a word of the table's own about what went wrong (shown as a refusal)


@dataclass(frozen=True)
class Hint:
    """The coach's suggestion: the sentence, the action, the place to click and the cards."""

    text: str
    action: str
    where: str
    cards: tuple[int, ...] = ()


@dataclass(frozen=True)
class LogLine:
    """One turn on one line, with its explanations (HTML) a click away."""

    text: str
    details: str = ""
    you: bool = False


@dataclass
class Notes:
    """What the table shows besides the state: the widget's own memory of this moment."""

    order: str = "rank"
    selected: tuple[int, ...] = ()
    fresh: Sequence[Card] = ()  # the cards you just drew (or took from the pile)
    said: Said | None = None
    hint: Hint | None = None
    log: Sequence[LogLine] = ()
    log_earlier: int = 0  # the earlier turns the log leaves out
    legal: bool = False
    mode: str = "play"  # "play" | "sandbox"
    editing: dict[str, Any] | None = None
    can_undo: bool = False
    waiting: bool = False  # the engine is playing the bots' turns
    hint_selected: bool = False  # the selection is the hint's, untouched: a click starts anew
    setup: dict[str, Any] | None = None  # the new-game picker (see render/tablegame.py)
    extra_buttons: Sequence[dict[str, Any]] = field(default_factory=list)


# ---- the view -------------------------------------------------------------------------------

def _card(c: Card, lang: str, faces: dict[str, str], **flags: Any) -> dict[str, Any]:
    if c.text not in faces:
        faces[c.text] = card_svg(c, lang=lang)
    item: dict[str, Any] = {"c": c.text, "label": card_label(c, lang)}
    item.update({k: v for k, v in flags.items() if v})
    return item


def _where(action: Action, state: State, seat: int) -> str:
    """The place a learner clicks for ``action``."""
    if isinstance(action, Draw):
        return "stock"
    if isinstance(action, TakePile):
        return f"pile:{action.depth}" if action.depth > 1 else "pile"
    if isinstance(action, Discard):
        return "discard"
    target = getattr(action, "target", None)
    if target:
        found = state.variant.locate_meld(state, state.side_of(seat), target)
        if found is not None:
            return f"meld:{found[0]}:{found[1]}"
    if type(action).__name__ == "Meld":
        return "meld"
    return "bar"


def action_cards(action: Action) -> list[Card]:
    """The hand cards an action plays (the selection a click needs)."""
    if isinstance(action, TakePile):
        return list(action.with_cards) + [c for g in action.extra for c in g]
    if isinstance(action, Discard):
        return [action.card] if action.card is not None else []
    groups = getattr(action, "groups", None)
    if groups is not None:
        return [c for g in groups for c in g]
    cards = getattr(action, "cards", None)
    if cards is not None:
        return list(cards)
    card = getattr(action, "card", None)
    return [card] if card is not None else []


def places(hand: Sequence[Card], cards: Iterable[Card]) -> tuple[int, ...]:
    """The places in ``hand`` (as shown) of ``cards``, each copy once."""
    want = Counter(cards)
    out = []
    for i, c in enumerate(hand):
        if want[c] > 0:
            want[c] -= 1
            out.append(i)
    return tuple(out)


def hint_for(state: State, seat: int, order: str, action: Action, text: str) -> Hint:
    """Where and with which cards the learner plays the coach's ``action``."""
    hand = shown_hand(state, seat, order)
    return Hint(text, action.text, _where(action, state, seat), places(hand, action_cards(action)))


def legal_view(actions: Listing | Sequence[Action], state: State, lang: str = "en",
               first: int = SHOWN_PER_KIND) -> dict[str, Any]:
    """The legal actions grouped by kind and counted, the first few of each kind shown and the
    rest of the listing folded (``rest``; a kind that a listing cut short is counted as "more
    than" what it holds)."""
    listing = listing_of(actions)
    # each action as the learner reads it (label) and as the engine reads it back (text)
    base = state.variant.base_name()
    out = []
    for kind, acts in listing.kinds().items():
        key = f"kind.{kind}"
        title = tw(key, lang, base) if f"kind.{kind}" in _KINDS else kind
        many = kind in listing.more
        more = (tw("legal.more.many", lang, base) if many else
                tw("legal.more", lang, base, n=len(acts) - first) if len(acts) > first else "")
        chips = [{"text": a.text, "label": action_text(a, lang, base)} for a in acts]
        # the rest are sent too, folded under "… and 6 more" for the learner to open
        out.append({"kind": kind, "title": title, "count": f"{len(acts)}+" if many else len(acts),
                    "actions": chips[:first], "rest": chips[first:], "more": more})
    n = len(listing.actions)
    return {"title": tw("legal", lang, base),
            "count": tw("legal.count.many" if listing.more else "legal.count", lang, base, n=n),
            "groups": out, "empty": tw("legal.none", lang, base) if not n else ""}


_KINDS = {"kind.Draw", "kind.TakePile", "kind.Meld", "kind.Add", "kind.Swap", "kind.Discard",
          "kind.AskPartner", "kind.Answer", "kind.NextHand", "kind.Pass"}


def said_view(said: Said, lang: str, viewer: str | None = None) -> dict[str, Any]:
    """The engine's word (or the table's own note) where the learner acted; ``viewer`` is read
    in the second person."""
    exp = said.explanation
    if exp is not None:
        return {"where": said.where, "ok": exp.allowed, "rule": exp.rule,
                "html": explanation_html(exp, lang, viewer=viewer), "action": said.action}
    return {"where": said.where, "ok": not said.problem, "rule": "",
            "html": f'<div class="ct-note">{escape(said.text)}</div>', "action": said.action}


def played_for(state: State, seat: int) -> str | None:
    """The name of the player the table plays ``seat`` for, when the table must say it rather
    than 'you': another seat is the one called 'Tú' (a rules sandbox showing Bo's turn, where the
    learner's seat is another), so calling ``seat`` 'you' too would name two players alike."""
    name = state.names[seat]
    if is_you_name(name):
        return None
    others = (n for i, n in enumerate(state.names) if i != seat)
    return name if any(map(is_you_name, others)) else None


def _viewer_label(state: State, seat: int, lang: str) -> str:
    """How the table names ``seat``, the player it is shown to: 'You' / 'Tú', or the name (see
    :func:`played_for`)."""
    return played_for(state, seat) or tw("you", lang, state.variant.base_name())


def _score_text(state: State, side: int, lang: str) -> str:
    """The side's score, and while it has not opened this hand, what it needs to (the
    engine's minimum for that score: why a first meld short of it is refused)."""
    base = state.variant.base_name()
    score = _num(state.scores[side])
    if state.opened[side] or state.hand_over:
        return tw("score", lang, base, score=score)
    need = state.variant.opening_need(state.scores[side])[0]
    return tw("score.need", lang, base, score=score, need=need) if need > 0 else \
        tw("score", lang, base, score=score)


def _side_title(state: State, side: int, seat: int, lang: str) -> str:
    names = [_viewer_label(state, seat, lang) if s == seat else state.names[s]
             for s in state.sides[side]]
    return (" y " if lang == "es" else " & ").join(names)


def _muerto_whose(state: State, side: int, seat: int, lang: str) -> tuple[str, str]:
    """Whose muerto a side's is, as the label's ``whose`` form and the side in words, said to
    the learner: the player at ``seat``, or the one called 'Tú' where the table plays ``seat``
    for someone else (see :func:`played_for`)."""
    me = seat
    if played_for(state, seat) is not None:
        me = next(i for i, n in enumerate(state.names) if is_you_name(n))
    if side == state.side_of(me):
        return ("ours" if len(state.sides[side]) > 1 else "yours"), ""
    return "other", state.side_label(side).get(lang, state.names[me])


def _buttons(state: State, seat: int, notes: Notes, lang: str, yours: bool) -> list[dict[str, Any]]:
    base = state.variant.base_name()

    def b(do: str, key: str, **kw: Any) -> dict[str, Any]:
        return {"do": do, "label": tw(key, lang, base), "tip": tw(key + ".tip", lang, base), **kw}

    # offered by the selection alone: whether the move is allowed now is the engine's to say.
    # A button the selection does not fit is dimmed, not disabled: its tip and a click say why
    n = len(notes.selected)
    playing = yours and state.phase == "play"
    cards_off = not yours or (state.hand_over and notes.mode == "play")  # nothing to meld now

    def why(key: str, fits: bool) -> dict[str, Any]:
        return {} if fits or not yours else {"dim": True, "why": tw(key, lang, base, n=n)}

    out = [b("meld", "btn.meld", disabled=cards_off, primary=playing and n >= 3,
             **why("need.cards", n > 0)),
           b("discard", "btn.discard", disabled=cards_off, primary=playing and n == 1,
             **why("need.one.n", n == 1)),
           b("clear", "btn.clear", disabled=n == 0)]
    sort_key = "btn.sort.melds" if notes.order == "melds" else "btn.sort"
    out.append({"do": "sort", "label": tw(sort_key, lang, base), "tip": tw("btn.sort.tip", lang, base),
                "pressed": notes.order == "melds"})
    out.append(b("hint", "btn.hint"))
    if notes.mode == "play":  # the sandbox has its own "What can I do now?" below its fields
        out.append(b("legal", "btn.legal", pressed=notes.legal))
        out.append(b("undo", "btn.undo", disabled=not notes.can_undo))
    out += list(notes.extra_buttons)
    return out


def _action_buttons(actions: Sequence[Action], state: State, lang: str) -> list[dict[str, Any]]:
    """Buttons for the legal actions that have no place on the table to click."""
    out = []
    base = state.variant.base_name()
    for a in actions:
        if isinstance(a, NextHand):
            out.append({"text": a.text, "label": tw("act.next_hand", lang, base), "primary": True})
        elif isinstance(a, AskPartner):
            out.append({"text": a.text, "label": tw("act.ask_partner", lang, base)})
        elif isinstance(a, Pass):
            out.append({"text": a.text, "label": tw("act.pass", lang, base)})
        elif isinstance(a, Answer):
            out.append({"text": a.text, "label": tw("act.answer_yes" if a.yes else "act.answer_no",
                                                      lang, base), "primary": True})
        elif isinstance(a, TakePile) and not a.with_cards and a.onto is None and not a.extra \
                and a.depth == 1:
            out.append({"text": a.text, "label": tw("act.take_whole", lang, base)})
    return out


def _status(state: State, seat: int, notes: Notes, lang: str, yours: bool) -> str:
    base = state.variant.base_name()
    if notes.editing is not None:
        return tw("status.edit", lang, base)
    if state.phase in ("hand-over", "game-over"):
        return tw(f"status.{state.phase}", lang, base)
    if not yours:
        return tw("status.waiting", lang, base, name=state.player)
    # the learner plays for a seat the table names (see played_for): "Bo's turn", not "yours"
    named = played_for(state, seat)
    end = "" if named is None else ".for"
    if state.phase == "draw" and not state.pile:
        # nothing to take: the stock is the way
        return tw("status.draw.no-pile" + end, lang, base, name=named)
    return tw(f"status.{state.phase}{end}", lang, base, name=named)


def table_view(state: State, seat: int, lang: str = "en", notes: Notes | None = None,
               legal: Listing | Sequence[Action] | None = None) -> dict[str, Any]:
    """The table as ``seat`` sees it, as data for the table widget. ``legal`` (the legal actions
    now, if the caller has them: a listing, or a list) saves computing them again."""
    notes = notes or Notes()
    v = state.variant
    base = v.base_name()
    faces: dict[str, str] = {}
    actor = state.actor
    yours = not state.is_over and (state.hand_over or actor == seat)
    acting = yours and notes.editing is None
    if legal is None:
        legal = state.legal_listing() if (actor == seat or state.hand_over) else []
    legal = listing_of(legal)
    my_side = state.side_of(seat)
    hint = notes.hint
    said = notes.said

    # your hand
    ordered = _ordered(state, seat, notes.order)
    fresh = Counter(notes.fresh)
    sel = set(notes.selected)
    bad = set(said.cards) if said is not None and said.explanation is not None \
        and not said.explanation.allowed else set()
    hinted = set(hint.cards) if hint is not None else set()
    cards = []
    for i, (c, gap) in enumerate(ordered):
        new = fresh[c] > 0
        if new:
            fresh[c] -= 1
        words = [card_label(c, lang)] + ([tw("card.selected", lang, base)] if i in sel else []) + \
            ([tw("card.fresh", lang, base)] if new else [])
        item = _card(c, lang, faces, sel=i in sel, fresh=new, gap=gap, hint=i in hinted,
                     bad=i in bad)
        item["aria"] = ", ".join(words)
        cards.append(item)
    named = played_for(state, seat)
    title = tw("your_hand", lang, base) if named is None else tw("their_hand", lang, base, name=named)
    hand = {"title": f"{title} · {cards_n(len(ordered), lang)}", "cards": cards,
            "clickable": notes.editing is None or notes.mode == "sandbox",
            # a hand played out: its cards are shown, no longer chosen
            "over": state.hand_over and notes.mode == "play"}

    # the stock and the pile
    stock = {"title": tw("stock", lang, base), "count": len(state.stock),
             "aria": (tw("stock.aria", lang, base, n=len(state.stock)) if state.stock
                      else tw("stock.empty", lang, base)),
             "clickable": acting or notes.editing is not None,
             "hint": hint is not None and hint.where == "stock"}
    ptitle = pile_title(base, lang)
    top = state.top
    marks = [{"key": key, "name": tw(f"mark.{key}", lang, base),
              "why": why.get(lang, state.names[seat], base)}
             for key, why in v.pile_marks(state, my_side)]
    spread = []
    if v.pile_any_depth and len(state.pile) > 1:
        n = len(state.pile)
        for d, c in enumerate(reversed(state.pile), start=1):
            item = _card(c, lang, faces)
            item["depth"] = d
            item["aria"] = tw("pile.card.aria", lang, base, card=card_label(c, lang), depth=d)
            spread.append(item)
        spread.reverse()
        del n
    pile = {"title": ptitle, "count": len(state.pile),
            "top": _card(top, lang, faces) if top is not None else None,
            "count_text": cards_n(len(state.pile), lang) if state.pile else tw("pile.empty", lang, base),
            "aria": (tw("pile.aria", lang, base, n=len(state.pile), top=card_label(top, lang))
                     if top is not None else tw("pile.aria.empty", lang, base)),
            "marks": marks, "spread": spread,
            "clickable": acting or notes.editing is not None,
            "hint": hint is not None and hint.where.startswith("pile"),
            "hint_depth": int(hint.where.split(":")[1]) if hint is not None
            and hint.where.startswith("pile:") else 0}

    # extra piles: alas, muertos
    extras = []
    for key, piles in sorted(state.extra.items()):
        name = key[:-6] if key.endswith("_piles") else ""
        if not name or name == "box" or not any(piles):
            continue
        rows = []
        for i, p in enumerate(piles):
            if not p:
                continue
            whose, side_name = (_muerto_whose(state, i, seat, lang)
                                if name == "muertos" and i < len(state.sides) else ("other", ""))
            rows.append({"count": len(p),
                         "label": extra_pile_label(name, len(p), side_name, lang, base, whose)})
        extras.append({"title": extra_pile_title(name, lang, base), "piles": rows})

    # the sides: melds, red threes, players, scores
    sides = []
    for s in range(len(state.sides)):
        melds = []
        for i, m in enumerate(state.melds[s]):
            mcards = m.cards if m.kind == "run" else sorted(
                m.cards, key=lambda c: (v.is_wild(c), HAND_ORDER[c]))
            kind = v.canasta_kind(m) or ""
            status = meld_status(state, m, lang)
            where = f"meld:{s}:{i}"
            can_add = acting or notes.editing is not None
            label = meld_label(m.label, lang, base)  # 'wilds', 'threes' in the page's words
            melds.append({
                "side": s, "index": i, "label": label, "status": status,
                "canasta": kind if kind in ("natural", "mixed") else ("other" if kind else ""),
                "cards": [_card(c, lang, faces) for c in mcards],
                "aria": tw("meld.aria.add" if can_add else "meld.aria", lang, base, label=label,
                           cards=" ".join(c.text for c in m.cards), status=status),
                "clickable": can_add,
                "hint": hint is not None and hint.where == where})
        players = [{"seat": p, "name": _viewer_label(state, seat, lang) if p == seat else state.names[p],
                    "count": len(state.hands[p]), "count_text": cards_n(len(state.hands[p]), lang),
                    "turn": p == actor and not state.hand_over, "you": p == seat}
                   for p in state.sides[s]]
        for p in players:  # a player alone is named by the side's title already
            p["text"] = (("▶ " if p["turn"] else "")
                         + (f"{p['name']} · " if len(players) > 1 else "") + str(p["count_text"]))
        sides.append({
            "side": s, "yours": s == my_side, "title": _side_title(state, s, seat, lang),
            "score": _score_text(state, s, lang) if state.scores else "",
            "melds": melds, "empty": tw("no_melds", lang, base),
            "threes": [_card(c, lang, faces) for c in state.red_threes[s]]
            if s < len(state.red_threes) else [],
            "show_threes": v.red_threes == "bonus", "threes_title": tw("red_threes", lang, base),
            "players": players})
    # your side first
    sides.sort(key=lambda d: (not d["yours"], d["side"]))

    result = ""
    if state.hand_over and state.last_result is not None:
        result = breakdown_html(state.last_result, state, lang, viewer=state.names[seat])

    if not state.stock:
        back = ""
    else:
        back = card_svg(state.stock[-1], face_up=False, lang=lang)
    hand_no = tw("hand_no", lang, base, n=state.hand_no)
    view: dict[str, Any] = {
        "lang": lang, "mode": notes.mode, "variant": base,
        "title": f"{v.title.get(lang)} · {hand_no}",
        "status": _status(state, seat, notes, lang, yours),
        "yours": bool(acting), "phase": state.phase,
        "faces": faces, "back": back or card_svg(Card.parse("JK"), face_up=False, lang=lang),
        "hand": hand, "stock": stock, "pile": pile, "extras": extras, "sides": sides,
        "buttons": _buttons(state, seat, notes, lang, bool(acting)),
        "actions": _action_buttons(legal.actions, state, lang) if acting or notes.mode == "sandbox" else [],
        "said": (said_view(said, lang, None if named is not None else state.names[seat])
                 if said is not None else None),
        "hint": ({"text": hint.text, "action": hint.action, "where": hint.where,
                  "title": tw("hint", lang, base), "do": tw("btn.do_hint", lang, base),
                  "do_tip": tw("btn.do_hint.tip", lang, base)} if hint is not None else None),
        "log": {"title": tw("log", lang, base), "empty": tw("log.empty", lang, base), "details": tw("details", lang, base),
                "earlier": tw("log.earlier", lang, base, n=notes.log_earlier) if notes.log_earlier else "",
                "lines": [{"text": line.text, "details": line.details, "you": line.you}
                          for line in notes.log]} if notes.mode == "play" else None,
        "legal": legal_view(legal, state, lang) if notes.legal else None,
        "result": result,
        # the sandbox keeps its own action box
        "typed": {"label": tw("typed", lang, base),
                  "tip": tw("typed.tip", lang, base, examples=action_examples(state.variant, lang)),
                  "button": tw("btn.play", lang, base), "button_tip": tw("btn.play.tip", lang, base)}
        if notes.mode == "play" else None,
        "edit": notes.editing,
        "waiting": notes.waiting,
        "hint_selected": notes.hint_selected,
        "setup": notes.setup,
        "game": game_view(state, seat, lang) if notes.mode == "play" else None,
        "howto": howto_view(state, seat, lang) if notes.mode == "play" else None,
    }
    return view


def _num(n: int) -> str:
    return f"−{-n}" if n < 0 else str(n)
