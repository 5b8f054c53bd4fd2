"""RulesSandbox: lay out a situation (your hand, the melds, the pile, the scores), try an action
and ask the engine whether it is allowed, with its explanation. Nothing is ever played.

The situation is drawn on the same card table as :class:`PlayTable`: a click there (the stock,
the pile, a meld, *Meld* or *Discard* with cards selected) writes the action's text into the
action box and asks the engine; *Set the table* puts cards into places by clicking (a card of the
pack, then a place), and the text fields stay for those who prefer typing."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from ..bots import Choice, make_bot
from ..cards import Card, make_pack, sorted_cards
from ..errors import CanastaError, RecordError, VariantError
from ..explain import Explanation, L
from ..registry import find_variant
from ..render.clicks import add_text, discard_text, meld_text, take_text
from ..render.coach import advice_text
from ..render.html import actions_html, explanation_html
from ..render.svg import card_label, card_svg
from ..render.table_words import tw
from ..render.tableview import Notes, Said, hint_for, places, played_for, shown_hand, table_view
from ..situation import situation
from ..state import State
from ..variant import Variant
from ..words import action_examples, error_text, is_you_name
from .asking import said_action
from .base import CanastaWidget, error_html, heading
from .cardtable import CardTable, number
from .exercises import Exercise, load_exercise
from .lang import word
from .style import form, row, stylesheet


def _blank(variant: str) -> Exercise:
    """An empty table of ``variant`` to fill in (its own piles dealt, as in any situation)."""
    return Exercise("situation", L("Blank table", "Mesa vacía"), action="draw",
                    situation={"variant": variant, "phase": "draw"})


def _situation(item: Exercise | str | Path) -> Exercise:
    ex = item if isinstance(item, Exercise) else load_exercise(item)
    if ex.kind != "situation":
        raise RecordError(key="exercise.no-situation", facts={"exercise": repr(ex.kind)},
                          path=ex.path, where="kind")
    return ex


def _groups_text(state: State, side: int) -> str:
    return " / ".join(m.text for m in state.melds[side])


def _split_groups(text: str) -> list[str]:
    return [g.strip() for g in text.split("/") if g.strip()]


def _add_card(text: str, card: Card) -> str:
    return f"{text.strip()} {card.text}".strip()


def _drop_card(text: str, card: Card) -> str:
    """``text`` (cards) without one copy of ``card``; unreadable words stay as they are."""
    words = text.split()
    for i, w in enumerate(words):
        try:
            if Card.parse(w) is card:
                return " ".join(words[:i] + words[i + 1:])
        except ValueError:
            continue
    return text


_NAMED_FIELDS = frozenset({"hand", "our_melds", "our_threes", "our_score"})
"""The fields that say whose they are: the player to move's, named where the table names them."""

class RulesSandbox(CanastaWidget):
    """Ready-made situations (exercises of kind 'situation', of any variant) in a menu, fields to
    change them, and an action box: 'Ask the engine' shows the verdict and why. Without
    situations it opens a blank table of ``variant``."""

    def __init__(self, situations: Iterable[Exercise | str | Path] = (), *, lang: str = "en",
                 variant: str = "classic", **kwargs: Any) -> None:
        super().__init__(lang=lang, **kwargs)
        self.situations: list[Exercise] = [_situation(s) for s in situations] or [_blank(variant)]
        self.menu = widgets.Dropdown()
        self.hand = widgets.Text()
        self.our_melds = widgets.Text()
        self.their_melds = widgets.Text()
        # a layout of its own: hidden for variants whose threes are not laid out as a bonus
        self.our_threes = widgets.Text(layout=widgets.Layout())
        self.pile = widgets.Text()
        self.our_score = widgets.IntText()
        self.their_score = widgets.IntText()
        self.moment = widgets.ToggleButtons(options=self._moments())
        self.action = widgets.Text()
        for w, key in ((self.menu, "situation"), (self.hand, "hand"), (self.our_melds, "our_melds"),
                       (self.their_melds, "their_melds"), (self.our_threes, "our_threes"),
                       (self.pile, "pile"), (self.our_score, "our_score"),
                       (self.their_score, "their_score"), (self.moment, "moment"),
                       (self.action, "your_action")):
            self.captioned(w, key)
        self.question = widgets.HTML()
        self.verdict = widgets.HTML()
        self.hints = widgets.HTML()
        self.problem = widgets.HTML()  # a situation the fields cannot build
        self.table = CardTable()
        self.table.on_click(self._on_click)
        self.table.observe(self._on_select, names="selected")
        # one column of fields, labels aligned (see style.py); the buttons wrap on a phone
        self.children = (
            stylesheet(), self.menu, self.question, self.table, self.problem, self.hand,
            self.our_melds, self.their_melds, self.our_threes, self.pile, self.our_score,
            self.their_score, self.moment, self.action,
            row([self.button("ask", self.ask, button_style="primary"),
                 self.button("hint", self.hint)]),
            self.verdict, self.hints)
        form(self)
        self._base: Exercise = self.situations[0]
        self._answer: list[Any] = []  # the last verdicts (Explanations) or an input problem (str)
        self._where = "bar"  # where on the table the last question was asked
        self._asked_cards: tuple[Card, ...] = ()
        self._hinting = False
        self._relabelling = False
        self.order = "rank"
        self.editing = False
        self._chosen: Card | None = None  # the card of the pack being put into place
        self._coach: Choice | None = None
        self._legal_open = False
        self._quiet = False
        self._note: tuple[str, str] | None = None  # (where, key): a click the selection does not fit
        self._shown: State | None = None  # the situation as last drawn
        self._relabel_menu()
        self.menu.observe(self._on_menu, names="value")
        self.choose(0)

    # ---- situations -------------------------------------------------------------------------
    def load(self, path: str | Path) -> Exercise:
        """Add an exercise file to the menu and open it (a teacher's own situation)."""
        ex = _situation(path)
        self.situations.append(ex)
        self._relabel_menu()
        self.menu.value = len(self.situations) - 1
        return ex

    def choose(self, index: int) -> None:
        """Fill the fields from ready-made situation ``index``."""
        self._base = ex = self.situations[index]
        st = ex.state()
        me = st.turn
        side = st.side_of(me)
        other = (side + 1) % len(st.sides)
        self.hand.value = " ".join(c.text for c in st.hands[me])
        self.our_melds.value = _groups_text(st, side)
        self.their_melds.value = _groups_text(st, other) if len(st.sides) > 1 else ""
        self.our_threes.value = " ".join(c.text for c in st.red_threes[side])
        # Americana lays threes down as melds, Real has no role for them: no red-three field
        self.our_threes.layout.display = None if st.variant.red_threes == "bonus" else "none"
        self.pile.value = " ".join(c.text for c in st.pile)
        self.our_score.value = st.scores[side]
        self.their_score.value = st.scores[other] if len(st.sides) > 1 else 0
        self.moment.value = st.phase if st.phase in ("draw", "play") else "play"
        self._base = ex
        for w, key in self._captions:
            if key in _NAMED_FIELDS:
                self._caption(w, key)
        self._caption(self.action, "your_action")
        self.action.value = ex.action if self.lang == "en" else self._said(ex.action)
        self._answer, self._hinting, self._coach, self._where = [], False, None, "bar"
        self._set_selection(())
        self.refresh()

    def build(self) -> State:
        """The situation in the fields as an engine state (raises RecordError on bad cards)."""
        base = dict(self._base.situation)
        probe = self._base.state()
        me = probe.turn
        you = probe.names[me]
        side = probe.side_of(me)
        others = [s for s in range(len(probe.sides)) if s != side]
        opponent = probe.names[probe.sides[others[0]][0]] if others else None
        ours = {probe.names[s] for s in probe.sides[side]}
        hands = dict(base.get("hands") or {})
        hands[you] = self.hand.value
        melds: dict[str, Sequence[str]] = {you: _split_groups(self.our_melds.value)}
        if opponent is not None:
            melds[opponent] = _split_groups(self.their_melds.value)
        threes = {k: v for k, v in dict(base.get("red_threes") or {}).items() if k not in ours}
        threes[you] = self.our_threes.value
        scores = [0] * len(probe.sides)
        scores[side] = self.our_score.value
        if others:
            scores[others[0]] = self.their_score.value
        base.update(hands=hands, melds=melds, red_threes=threes, pile=self.pile.value,
                    scores=scores, phase=self.moment.value, turn=you)
        return situation(**base)

    # ---- handlers -------------------------------------------------------------------------
    def ask(self, where: str = "typed") -> None:
        """Judge the typed action(s) in the situation; several are judged in turn on a copy.
        ``where`` is the place on the table the answer is shown beside."""
        self._hinting, self._coach, self._where = False, None, where
        self._note = None
        self._asked_cards = tuple(self._selected_cards())
        out: list[Any] = []
        try:
            st = self.build()
            texts = [t.strip() for t in self.action.value.split(";") if t.strip()]
            for text in texts or [""]:
                exp = st.check(text)
                out.append(exp)
                if not exp.allowed:
                    break
                st.apply(text)
        except CanastaError as e:  # a typo in the cards or the action, not a rule
            out.append(e)
        self._answer = out
        self.refresh()

    def hint(self) -> None:
        """Every legal action in this situation, grouped by kind and counted (a few of each)."""
        self._hinting = True
        self.refresh()

    def coach(self) -> Choice | None:
        """The coach's one move in this situation, with why (and its cards selected)."""
        try:
            st = self.build()
        except CanastaError:
            return None
        choice = make_bot("careful").decide(st) if st.legal_listing().actions else None
        self._coach = choice
        if choice is not None:
            self._set_selection(hint_for(st, st.turn, self.order, choice.action, "").cards)
        self.refresh()
        return choice

    # ---- the table: clicks ----------------------------------------------------------------
    def _selected_cards(self) -> list[Card]:
        st = self._shown
        if st is None:
            return []
        hand = shown_hand(st, st.turn, self.order)
        return [hand[i] for i in self.table.selected if 0 <= i < len(hand)]

    def try_action(self, text: str, where: str = "bar") -> None:
        """Write ``text`` into the action box and ask the engine (what a click on the table does)."""
        self.action.value = text if self.lang == "en" else self._said(text)
        self.ask(where)

    def _variant(self) -> Variant:
        """The variant of the situation on the table (classic if its name is unknown)."""
        # the fields are captioned before the first situation is chosen
        base = getattr(self, "_base", None) or self.situations[0]
        try:
            return find_variant(str(base.situation.get("variant") or "classic"))
        except VariantError:
            return find_variant("classic")

    def _played_for(self) -> dict[str, Any] | None:
        """Where the table names the player to move (another seat is the learner's 'Tú': see
        :func:`~canasta.render.tableview.played_for`): their name, whether they play alone, and
        whether 'Tú' is their partner (the side's fields are then "your side's")."""
        base = getattr(self, "_base", None)
        if base is None:
            return None
        probe = base.state()
        name = played_for(probe, probe.turn)
        if name is None:
            return None
        seats = probe.sides[probe.side_of(probe.turn)]
        return {"name": name, "alone": len(seats) == 1,
                "ours": any(is_you_name(probe.names[s]) for s in seats)}

    def _caption(self, w: widgets.Widget, key: str) -> None:
        named = self._played_for() if key in _NAMED_FIELDS else None
        if named is not None:  # 'Bo's hand', not 'Your hand', on Bo's turn
            super()._caption(w, key)
            w.description = word(key + ".for", self.lang, **named)
            return
        if key != "your_action":
            super()._caption(w, key)
            return
        # the action box's examples are actions of the situation's own variant (runs in Canasta
        # Real, a pile taken at a depth in Canasta individual), in the learner's language
        v, lang = self._variant(), self.lang
        w.description = word(key, lang)
        w.tooltip = word(key + ".tip", lang, v.base_name(), examples=action_examples(v, lang))
        w.placeholder = word(key + ".ph", lang, v.base_name(),
                             examples=action_examples(v, lang, short=True))

    def _said(self, text: str) -> str:
        """The action box's actions in the learner's language and the variant's words (each one
        ';' separates that reads as an action; any other is left as typed)."""
        variant = str(self._base.situation.get("variant") or "classic")
        try:
            variant = find_variant(variant).base_name()
        except VariantError:
            return text
        return "; ".join(said_action(t.strip(), self.lang, variant)
                         for t in text.split(";") if t.strip())

    def _on_lang(self, change: dict[str, Any]) -> None:
        self.action.value = self._said(self.action.value)  # "bajar K♠ K♥ K♣" ⇄ "meld K♠ K♥ K♣"
        super()._on_lang(change)

    def _on_click(self, msg: dict[str, Any]) -> None:
        do = msg.get("do")
        if self.editing and do in ("pick", "place", "remove", "stock"):
            self._edit(msg)
            return
        st = self._shown
        if st is None:
            return
        cards = self._selected_cards()
        if do == "stock":
            self.try_action("draw", "stock")
        elif do == "pile":
            self.try_action(take_text(st, cards, number(msg, "depth", 1) or 1), "pile")
        elif do == "meld" and not cards:
            self._say_note("meld", "need.cards")
        elif do == "meld":
            self.try_action(meld_text(st, cards), "meld")
        elif do == "add" and cards:
            side, index = number(msg, "side"), number(msg, "index")
            if 0 <= side < len(st.melds) and 0 <= index < len(st.melds[side]):
                self.try_action(add_text(st, st.turn, cards, side, index), f"meld:{side}:{index}")
        elif do == "discard" and len(cards) != 1:
            self._say_note("discard", "need.one")
        elif do == "discard":
            self.try_action(discard_text(cards[0]), "discard")
        elif do in ("typed", "action"):
            text = str(msg.get("text", "")).strip()
            if text:
                self.try_action(text, "typed" if do == "typed" else "bar")
        elif do == "hint":
            self.coach()
        elif do == "legal":
            self._legal_open = not self._legal_open
            self.refresh()
        elif do == "sort":
            chosen = self._selected_cards()
            self.order = "rank" if self.order == "melds" else "melds"
            if st is not None:
                self._set_selection(places(shown_hand(st, st.turn, self.order), chosen))
            self.refresh()
        elif do == "edit":
            self.editing = not self.editing
            self._chosen = None
            self._set_selection(())
            self.refresh()

    def _say_note(self, where: str, key: str) -> None:
        self._note = (where, key)
        self.refresh()

    def _on_select(self, _change: dict[str, Any]) -> None:
        if not self._quiet:
            self._note = None
            self.refresh()

    def _set_selection(self, chosen: Sequence[int]) -> None:
        self._quiet = True
        try:
            self.table.selected = list(chosen)
        finally:
            self._quiet = False

    # ---- the table: setting it by clicks ---------------------------------------------------
    def _edit(self, msg: dict[str, Any]) -> None:
        """Put the chosen card of the pack into a place, or take a card back from one: the
        text fields change, and the table is drawn again from them."""
        do = msg.get("do")
        st = self._shown
        if do == "pick":
            try:
                picked = Card.parse(str(msg.get("card", "")))
            except ValueError:
                return
            self._chosen = None if picked is self._chosen else picked
        elif st is not None and do in ("place", "remove"):
            fields = (self.hand, self.pile, self.our_melds, self.their_melds)
            kept = [f.value for f in fields]
            self._place(st, msg)
            try:
                self.build()
            except CanastaError as e:
                # a card the pack has no more copies of goes back; a meld still short of its
                # cards stays, to be completed by the next click
                if e.key in ("situation.copies", "scenario.copies"):
                    for f, value in zip(fields, kept, strict=True):
                        f.value = value
                    self._answer, self._where = [error_text(e, self.lang)], "bar"
                    self.refresh()
                    return
        self._answer = []
        self.refresh()

    def _place(self, st: State, msg: dict[str, Any]) -> None:
        """Change the text fields: the chosen card put into a place (``place``), or, with no
        card chosen, one taken back from it (a hand card clicked, the pile's top, a meld's last)."""
        do, where = msg.get("do"), msg.get("where")
        card = self._chosen if do == "place" else None
        me = st.turn
        if where == "hand":
            if card is not None:
                self.hand.value = _add_card(self.hand.value, card)
            elif do == "remove":
                shown = shown_hand(st, me, self.order)
                i = number(msg, "index")
                if 0 <= i < len(shown):
                    self.hand.value = _drop_card(self.hand.value, shown[i])
        elif where == "pile":
            self.pile.value = (_add_card(self.pile.value, card) if card is not None
                               else " ".join(self.pile.value.split()[:-1]))
        elif where in ("meld", "new-meld"):
            side = number(msg, "side")
            field = self.our_melds if side == st.side_of(me) else self.their_melds
            groups = _split_groups(field.value)
            index = number(msg, "index") if where == "meld" else len(groups)
            if card is not None:
                while len(groups) <= index:
                    groups.append("")
                groups[index] = _add_card(groups[index], card)
            elif 0 <= index < len(groups):
                groups[index] = " ".join(groups[index].split()[:-1])
            field.value = " / ".join(g for g in groups if g.strip())

    @property
    def explanations(self) -> list[Explanation]:
        """The engine's answers to the last question."""
        return [a for a in self._answer if isinstance(a, Explanation)]

    def _on_menu(self, change: dict[str, Any]) -> None:
        if not self._relabelling and change["new"] is not None:
            self.choose(change["new"])

    # ---- drawing -------------------------------------------------------------------------
    def _relabel_menu(self) -> None:
        keep = self.menu.value if self.menu.value is not None else 0
        self._relabelling = True
        try:
            self.menu.options = [(ex.title.get(self.lang), i) for i, ex in enumerate(self.situations)]
            self.menu.value = keep
        finally:
            self._relabelling = False

    def refresh(self) -> None:
        lang = self.lang
        self._relabel_menu()
        moment = self.moment.value  # new captions must not change the chosen moment
        self.moment.options = self._moments()
        self.moment.value = moment
        self.moment.tooltips = [word("moment.draw.tip", lang), word("moment.play.tip", lang)]
        q = self._base.question
        self.question.value = (f"<div style='font-style:italic'>{escape(q.get(lang))}</div>"
                               if q else "")
        on_table = self._where != "typed"
        variant = self._variant()
        self.verdict.value = "".join(explanation_html(a, lang) if isinstance(a, Explanation)
                                     else "" if on_table else error_html(a, lang, variant)
                                     for a in self._answer)
        problem = ""
        try:
            st: State | None = self.build()
        except CanastaError as e:  # the fields do not make a situation (yet): say why
            problem, st = error_text(e, lang), self._shown
        # an input problem is said once: where it was asked (under the typed action, or on the
        # table for a click), else above the fields
        asked = [a if isinstance(a, str) else error_text(a, lang, variant)
                 for a in self._answer if not isinstance(a, Explanation)]
        self.problem.value = error_html(problem, lang) if problem and problem not in asked else ""
        if st is None:
            self.hints.value = ""
            return
        if not problem:
            self._shown = st
        legal = st.legal_listing()
        self.hints.value = (heading(word("legal", lang)) + actions_html(legal, lang, st.variant.base_name())
                            if self._hinting and not problem else "")
        self.table.view = table_view(st, st.turn, lang, self._notes(st, lang),
                                     legal=legal)

    def _notes(self, st: State, lang: str) -> Notes:
        said = None
        base = st.variant.base_name()
        last = self._answer[-1] if self._answer else None
        hand = shown_hand(st, st.turn, self.order)
        if isinstance(last, Explanation):  # asked from the fields: shown under the bar
            said = Said("bar" if self._where == "typed" else self._where, last,
                        action=self.action.value,
                        cards=places(hand, self._asked_cards))
        elif isinstance(last, str) and self._where != "typed":  # a click's input problem
            said = Said(self._where, None, f"{tw('not_understood', lang, base)}: {last}",
                        problem=True)
        if self._note is not None:  # a click the selection does not fit, said where it was
            said = Said(self._note[0], None, tw(self._note[1], lang, base), problem=True)
        hint = None
        if self._coach is not None:
            hint = hint_for(st, st.turn, self.order, self._coach.action,
                            advice_text(self._coach, st.variant, lang))
        edit_button = {"do": "edit", "label": tw("edit.done" if self.editing else "edit", lang, base),
                       "tip": tw("edit.done.tip" if self.editing else "edit.tip", lang, base),
                       "pressed": self.editing}
        return Notes(order=self.order, selected=tuple(self.table.selected), said=said, hint=hint,
                     legal=self._legal_open, mode="sandbox",
                     editing=self._edit_view(st, lang) if self.editing else None,
                     extra_buttons=[edit_button])

    def _edit_view(self, st: State, lang: str) -> dict[str, Any]:
        """The pack to choose cards from (one of each face), and the words of the editor."""
        faces = sorted_cards(set(make_pack(1, 1)))
        chosen = self._chosen
        base = st.variant.base_name()
        return {"pack": [{"c": c.text, "label": card_label(c, lang)} for c in faces],
                "faces": {c.text: card_svg(c, lang=lang) for c in faces},
                "chosen_card": chosen.text if chosen is not None else None,
                "chosen": tw("edit.chosen", lang, base, card=card_label(chosen, lang))
                if chosen is not None else "",
                "words": {k: tw(f"edit.{k}", lang, base) for k in
                          ("pack", "to_hand", "to_pile", "to_new_meld", "to_their_meld", "remove")}}

    def _moments(self) -> list[tuple[str, str]]:
        return [(word("moment.draw", self.lang), "draw"), (word("moment.play", self.lang), "play")]

    def summary(self) -> str:
        return f"{self._base.title.en!r}, action {self.action.value!r}"

