"""PlayTable: play a hand against bots by clicking the cards.

Click the stock to draw; select cards of your hand and press *Meld*, or click a meld of your side
to add them; click the pile to take it (with the selected cards that go with its top card); select
one card and press *Discard*. Each click becomes the text of an action that the engine checks: a
refusal is shown with the engine's explanation beside the cards it concerns and changes nothing.
Each bot's turn is one line, its explanations a click away; *Hint* asks the coach for one move and
why; *Undo* replays the game without your last action. Typing an action works too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from html import escape
from typing import Any

from ..actions import Action, Discard, Draw, TakePile, parse_action
from ..bots import BOTS, Choice, coach_seed, make_bot, make_coach
from ..cards import Card
from ..errors import CanastaError, IllegalActionError, InvalidActionError
from ..explain import Explanation
from ..game import new_game
from ..registry import find_variant
from ..render.clicks import add_text, discard_text, meld_text, take_text
from ..render.coach import advice_text
from ..render.html import decision_html
from ..render.summary import Played, turn_line, turns
from ..render.table_words import tw
from ..render.tablegame import SEED_MAX, setup_view
from ..render.tableview import LogLine, Notes, Said, hint_for, places, shown_hand, table_view
from ..state import State
from ..words import action_text, error_text
from .base import CanastaWidget
from .cardtable import CardTable, number

MAX_BOT_MOVES = 2000  # a safety net: a hand never needs this many bot actions in a row
LOG_TURNS = 8  # turns shown in the log, one line each


class PlayTable(CanastaWidget):
    """You sit at seat ``human``; the other seats are bots of a level (``"random"``, ``"greedy"``,
    ``"careful"``, ``"expert"``: one level for all, or one per seat). ``coach`` is the level whose
    choice *Hint* explains (``"expert"``, the search, at the coach's budget: about a second). ``deals`` fixes the cards of the first hands (see :func:`canasta.new_game`).
    A game is (variant, seed, actions), so undo replays the actions minus your last one."""

    def __init__(self, variant: str = "classic", seed: int = 0, *, human: int = 0,
                 bots: str | Sequence[str] = "greedy", names: Sequence[str] | None = None,
                 players: int | None = None, lang: str = "en", coach: str = "expert",
                 deals: Sequence[dict[str, Any]] = (), **kwargs: Any) -> None:
        super().__init__(lang=lang, **kwargs)
        if coach not in BOTS:
            raise ValueError(f"unknown coach level {coach!r}; choose one of {', '.join(BOTS)}")
        self.coach = coach
        self.human = human
        self.order = "rank"
        self._quiet = False  # set while the widget itself changes the selection
        self._setup_open = False
        self.table = CardTable()
        self.table.on_click(self._on_click)
        self.table.observe(self._on_select, names="selected")
        self.children = (self.table,)
        self._start(variant, seed, bots, names, players, tuple(deals))
        self.refresh()

    def _start(self, variant: str, seed: int, bots: str | Sequence[str],
               names: Sequence[str] | None, players: int | None,
               deals: tuple[dict[str, Any], ...]) -> None:
        """Deal a new game (raises before changing anything when the engine refuses it)."""
        state = new_game(variant, seed, names, players=players, deals=deals)
        others = [s for s in range(state.players) if s != self.human]
        levels = [bots] * len(others) if isinstance(bots, str) else list(bots)
        if len(levels) != len(others) or any(k not in BOTS for k in levels):
            raise ValueError(f"one bot per other seat ({len(others)}), each one of "
                             f"{', '.join(BOTS)}; got {levels}")
        self.variant, self.seed, self.names, self.deals = variant, seed, names, deals
        self.players = state.players
        self.state = state
        self.levels = dict(zip(others, levels, strict=True))
        self.played: list[Played] = []
        self._said: tuple[str, Explanation | None, str, tuple[Card, ...]] | None = None
        self._note = ""  # a word of the table's own (key), shown instead of the engine's
        self._last: Explanation | None = None  # the engine's last word on your last action
        self._hint: Choice | None = None
        self._hint_note = True  # whether the hint shown says what its figures are
        self._noted = False  # whether a hint has said it already at this table
        self._hinted: tuple[int, ...] | None = None  # the selection the hint made, untouched
        self._fresh: list[Card] = []
        self._legal_open = False
        self._set_selection(())
        self._bots_play()

    def _new_state(self) -> State:
        return new_game(self.variant, self.seed, self.names, players=self.players,
                        deals=self.deals)

    def new_game(self, variant: str | None = None, seed: int | None = None,
                 players: int | None = None, bots: str | None = None) -> bool:
        """Deal a new game (what the table's picker does): another variant, number of players,
        deal or bot level; what is not given stays as it is. A choice the engine refuses (a
        number of players the variant does not allow) is said on the table, and the game on
        it stays. Returns whether a new game was dealt."""
        name = self.variant if variant is None else variant
        level = self._level() if bots is None else bots
        try:
            if players is None:
                players = self.players if variant is None else find_variant(name).default_players
            names = self.names if players == self.players else None
            self._start(name, self.seed if seed is None else seed, level, names, players, ())
        except CanastaError as e:
            said = error_text(e, self.lang)  # a sentence of its own on the table
            self._hint, self._said = None, ("setup", None, said[:1].upper() + said[1:], ())
            self.refresh()
            return False
        self._setup_open = False
        self.refresh()
        return True

    # ---- what you can do -----------------------------------------------------------------
    @property
    def selected_cards(self) -> list[Card]:
        """The selected cards of your hand."""
        hand = shown_hand(self.state, self.human, self.order)
        return [hand[i] for i in self.table.selected if 0 <= i < len(hand)]

    def select(self, cards: Sequence[Card | str]) -> None:
        """Select these cards of your hand (as clicking them would)."""
        wanted = [c if isinstance(c, Card) else Card.parse(c) for c in cards]
        self._set_selection(places(shown_hand(self.state, self.human, self.order), wanted))
        self.refresh()

    def play(self, text: str, where: str = "bar") -> bool:
        """Play ``text`` for you; the bots then play until it is your turn again. A refusal is
        shown beside ``where`` and the game stays exactly as it was. Returns whether it was played."""
        self._hint, self._note = None, ""
        st = self.state
        try:
            action = parse_action(text)
        except InvalidActionError as e:
            self._said, self._last = (where, None, error_text(e, self.lang, st.variant), ()), None
            self.refresh()
            return False
        if not st.hand_over and st.actor != self.human:
            self._said, self._note = None, "not_your_turn"
            self.refresh()
            return False
        before = Counter(st.hands[self.human])
        top, size = st.top, len(st.pile)
        try:
            exp = st.apply(action)
        except IllegalActionError as e:
            self._said = (where, e.explanation, "", tuple(self.selected_cards))
            self._last = e.explanation
            self.refresh()
            return False
        self._record(self.human, action, exp, top, size)
        self._last, self._said = exp, None
        if isinstance(action, (Draw, TakePile)):
            self._fresh = list((Counter(st.hands[self.human]) - before).elements())
        elif isinstance(action, Discard):
            self._fresh = []
        self._set_selection(())
        self._bots_play()
        self.refresh()
        return True

    def hint(self) -> Choice | None:
        """The coach's one move, with why (and its cards selected); None when it is not your turn."""
        self._note, self._said = "", None
        st = self.state
        if st.is_over or (st.actor != self.human and not st.hand_over):
            self._hint = None
            self.refresh()
            return None
        choice = make_coach(self.coach, coach_seed(st),
                            st.variant.base_name()).decide(st)
        self._hint = choice
        # what the search's figures are is said with the first hint that has them, not with each
        self._hint_note = not self._noted
        self._noted = self._noted or bool(choice.facts.get("search"))
        h = hint_for(st, self.human, self.order, choice.action, "")
        self._set_selection(h.cards)
        self._hinted = tuple(self.table.selected)
        self.refresh()
        return choice

    def hint_text(self, lang: str | None = None) -> str:
        """The last hint's sentence ("Take the pile: your pair of sevens…")."""
        if self._hint is None:
            return ""
        return advice_text(self._hint, self.state.variant, lang or self.lang, self._hint_note)

    def undo(self) -> None:
        """Replay the game without your last action (and the bots' replies to it)."""
        mine = [i for i, s in enumerate(self.state.history) if s.seat == self.human]
        self._hint, self._said = None, None
        if not mine:
            self._note = "nothing_to_undo"
            self.refresh()
            return
        actions = [s.action for s in self.state.history[: mine[-1]]]
        self.state = self._new_state()
        self.played = []
        for a in actions:
            st = self.state
            seat, top, size = st.actor, st.top, len(st.pile)
            exp = st.apply(a)
            self._record(seat, a, exp, top, size)
        self._last, self._fresh, self._note = None, [], "undone"
        self._set_selection(())
        self.refresh()

    def toggle_legal(self) -> None:
        """Show or hide "What can I do now?": the legal actions grouped, counted, a few of each."""
        self._legal_open = not self._legal_open
        self.refresh()

    def sort(self, order: str | None = None) -> None:
        """Show the hand by rank, or grouped as melds-to-be (``None`` switches)."""
        cards = self.selected_cards
        self.order = order or ("rank" if self.order == "melds" else "melds")
        self._set_selection(places(shown_hand(self.state, self.human, self.order), cards))
        self.refresh()

    # ---- clicks ---------------------------------------------------------------------------
    def _on_click(self, msg: dict[str, Any]) -> None:
        do = msg.get("do")
        st = self.state
        cards = self.selected_cards
        if do == "stock":
            self.play("draw", "stock")
        elif do == "pile":
            depth = number(msg, "depth", 1) or 1
            self.play(take_text(st, cards, depth), "pile")
        elif do == "meld":
            if not cards:
                self._say_note("meld", "need.cards")
            else:
                self.play(meld_text(st, cards), "meld")
        elif do == "add":
            side, index = number(msg, "side"), number(msg, "index")
            where = f"meld:{side}:{index}"
            if not (0 <= side < len(st.melds) and 0 <= index < len(st.melds[side])):
                return
            if not cards:
                self._say_note(where, "need.add")
            else:
                self.play(add_text(st, self.human, cards, side, index), where)
        elif do == "discard":
            if len(cards) != 1:
                self._say_note("discard", "need.one")
            else:
                self.play(discard_text(cards[0]), "discard")
        elif do == "hint":
            self.hint()
        elif do == "undo":
            self.undo()
        elif do == "legal":
            self.toggle_legal()
        elif do == "sort":
            self.sort()
        elif do == "new":
            self._on_new(msg)
        elif do == "setup":
            self._setup_open = not self._setup_open
            self.refresh()
        elif do in ("typed", "action"):
            text = str(msg.get("text", "")).strip()
            if text:
                self.play(text, "typed" if do == "typed" else "bar")

    def _on_new(self, msg: dict[str, Any]) -> None:
        """The picker's "New game": its fields as the browser sent them, checked here."""
        seed, players = _whole(msg.get("seed")), _whole(msg.get("players"))
        bots, variant = msg.get("bots"), msg.get("variant")
        if seed is None or not 0 <= seed <= SEED_MAX:
            self._say_note("setup", "setup.bad_seed")
        elif not isinstance(bots, str) or bots not in BOTS or not isinstance(variant, str) or \
                (players is None and msg.get("players") is not None):
            self._say_note("setup", "setup.bad_choice")
        else:
            self.new_game(variant, seed, players, bots)

    def _say_note(self, where: str, key: str) -> None:
        self._hint = None
        self._said = (where, None, key, ())
        self.refresh()

    def _on_select(self, change: dict[str, Any]) -> None:
        if self._quiet:
            return
        self._said = None if self._said and self._said[1] is None else self._said
        if self._hinted is not None and tuple(change["old"]) == self._hinted:
            # the hint's selection was a suggestion: the learner's first click on a card starts
            # a selection of their own (the browser draws it so at once; this holds for any
            # front end), and the hint, no longer what is selected, goes; an empty selection
            # (Clear, or the one hinted card clicked off) stays empty
            clicked = set(change["new"]) ^ set(change["old"])
            self._hint, self._hinted = None, None
            if len(clicked) == 1 and change["new"]:
                self._set_selection(sorted(clicked))
        self.refresh()

    def _set_selection(self, places_: Sequence[int]) -> None:
        self._hinted = None
        self._quiet = True
        try:
            self.table.selected = list(places_)
        finally:
            self._quiet = False

    # ---- the bots --------------------------------------------------------------------------
    def _record(self, seat: int, action: Action, exp: Explanation, top: Card | None,
                size: int, choice: Choice | None = None) -> None:
        self.played.append(Played(seat, action, self.state.history[-1].events, top, size, exp,
                                  choice))

    def _bots_play(self) -> None:
        st = self.state
        for _ in range(MAX_BOT_MOVES):
            if st.actor == self.human or st.hand_over:
                return
            seat = st.actor
            # a fresh bot per decision, seeded by the move number, so undo replays the same game
            choice = make_bot(self.levels[seat], self.seed * 100_003 + len(st.history)).decide(st)
            action = choice.action
            top, size = st.top, len(st.pile)
            exp = st.apply(action)
            self._record(seat, action, exp, top, size, choice)

    # ---- drawing ---------------------------------------------------------------------------
    def _log(self) -> tuple[list[LogLine], int]:
        """The last turns, one line each, and how many earlier ones are left out."""
        st, lang = self.state, self.lang
        partners = [st.partner_of(s) for s in range(st.players)]
        base = st.variant.base_name()
        lines = []
        played = turns(self.played)
        for turn in played[-LOG_TURNS:]:
            details = "".join(decision_html(st.names[p.seat], action_text(p.action, lang, base),
                                            p.explanation, p.events, lang, st.names[self.human])
                              + self._bot_why(p) for p in turn if p.explanation is not None)
            lines.append(LogLine(turn_line(turn, st.names, lang, you=self.human, variant=base,
                                           partners=partners), details,
                                 turn[0].seat == self.human))
        return lines, max(0, len(played) - LOG_TURNS)

    def _bot_why(self, p: Played) -> str:
        """Why a bot chose its move, in the coach's words (empty for a person's move)."""
        if p.choice is None:
            return ""
        st = self.state
        text = tw("coach.bot_why", self.lang, st.variant.base_name(), name=st.names[p.seat],
                  why=advice_text(p.choice, st.variant, self.lang, note=False))
        return f'<div class="canasta-bot-why" style="margin-left:1.5em;color:#555">{escape(text)}</div>'

    def refresh(self) -> None:
        st, lang = self.state, self.lang
        base = st.variant.base_name()
        if st.hand_over and self.table.selected:
            self._set_selection(())  # a hand played out has no cards to choose
        said = None
        if self._said is not None:
            where, exp, note, cards = self._said
            text = "" if exp is not None else tw(note, lang, base) if note in _NOTES else \
                note if where == "setup" else f"{tw('not_understood', lang, base)}: {note}"
            hand = shown_hand(st, self.human, self.order)
            said = Said(where, exp, text, cards=places(hand, cards), problem=exp is None)
        elif self._note:
            said = Said("bar", None, tw(self._note, lang, base), problem=self._note != "undone")
        hint = None
        if self._hint is not None:
            hint = hint_for(st, self.human, self.order, self._hint.action,
                            advice_text(self._hint, st.variant, lang, self._hint_note))
        log, earlier = self._log()
        notes = Notes(order=self.order, selected=tuple(self.table.selected), fresh=self._fresh,
                      said=said, hint=hint, log=log, log_earlier=earlier, legal=self._legal_open,
                      can_undo=any(s.seat == self.human for s in st.history),
                      hint_selected=self._hinted is not None,
                      setup=setup_view(base, st.players, self.seed, self._level(), list(BOTS),
                                       lang, self._setup_open))
        self.table.view = table_view(st, self.human, lang, notes)

    def _level(self) -> str:
        """The bots' level as the picker shows it (the first bot's, when they differ)."""
        return next(iter(self.levels.values()), "greedy")

    def summary(self) -> str:
        return (f"{self.variant}, seed {self.seed}, {len(self.state.history)} actions, "
                f"{self.state.phase}")

    @property
    def viewer(self) -> str:
        """The reader the messages speak to: your seat."""
        return self.state.names[self.human]

    @property
    def said(self) -> Explanation | None:
        """The engine's last word on your last action (None after an input problem or undo)."""
        return self._last

    @property
    def log_lines(self) -> list[str]:
        """The turns shown in the log, one line each (oldest first)."""
        return [line.text for line in self._log()[0]]


_NOTES = frozenset({"need.cards", "need.add", "need.one", "not_your_turn", "nothing_to_undo",
                    "undone", "setup.bad_seed", "setup.bad_choice"})


def _whole(value: object) -> int | None:
    """A whole number the browser sent (a number, or its text), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    return None
