"""PlayTable: play a hand against bots. Every decision (yours and theirs) is the engine's,
shown with its explanation; an illegal action is refused with its rule and changes nothing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from ..actions import parse_action
from ..bots import BOTS
from ..errors import IllegalActionError, InvalidActionError
from ..explain import Explanation
from ..game import new_game, replay
from ..render.html import actions_html, decision_html, explanation_html, state_html
from ..words import action_text
from .base import CanastaWidget, error_html, heading
from .lang import word

MAX_BOT_MOVES = 2000  # a safety net: a hand never needs this many bot actions in a row
LOG_LINES = 12


class PlayTable(CanastaWidget):
    """You sit at seat ``human``; the other seats are bots (``"greedy"`` or ``"random"``: one
    name for all, or one per seat).
    A game is (variant, seed, actions), so undo replays the actions minus your last one."""

    def __init__(self, variant: str = "classic", seed: int = 0, *, human: int = 0,
                 bots: str | Sequence[str] = "greedy", names: Sequence[str] | None = None,
                 lang: str = "en", **kwargs: Any) -> None:
        super().__init__(lang=lang, **kwargs)
        self.variant, self.seed, self.human = variant, seed, human
        self.names = names
        self.state = new_game(variant, seed, names)
        others = [s for s in range(self.state.players) if s != human]
        kinds = [bots] * len(others) if isinstance(bots, str) else list(bots)
        if len(kinds) != len(others) or any(k not in BOTS for k in kinds):
            raise ValueError(f"one bot per other seat ({len(others)}), each one of "
                             f"{', '.join(BOTS)}; got {kinds}")
        self.bots = {seat: BOTS[k] for seat, k in zip(others, kinds, strict=True)}
        self.choice = widgets.Dropdown(options=[], layout=widgets.Layout(width="28em"))
        self.typed = widgets.Text(layout=widgets.Layout(width="28em"),
                                  continuous_update=False)
        self.captioned(self.choice, "legal")
        self.captioned(self.typed, "your_action")
        self.feedback = widgets.HTML()
        self.hint_box = widgets.HTML()
        self.board = widgets.HTML()
        self.decisions = widgets.HTML()
        self.children = (
            widgets.HBox([self.choice, self.button("play", self.play_choice, button_style="primary")]),
            widgets.HBox([self.typed, self.button("play_typed", self.play_typed)]),
            widgets.HBox([self.button("hint", self.hint), self.button("undo", self.undo)]),
            self.feedback, self.hint_box, self.board, self.decisions)
        self._said: Explanation | InvalidActionError | None = None  # the engine's last word to you, or an input problem
        self._hinting = False
        self._note = ""  # a word of the widget's own to show instead (nothing to undo)
        self._bots_play()
        self.refresh()

    # ---- handlers ------------------------------------------------------------------------
    def play_choice(self) -> None:
        if self.choice.value:
            self.play(self.choice.value)

    def play_typed(self) -> None:
        self.play(self.typed.value)

    def play(self, text: str) -> bool:
        """Play ``text`` for you; bots then play until it is your turn again. A refusal is shown
        and the game stays exactly as it was. Returns whether the action was played."""
        self._hinting, self._note = False, ""
        try:
            self.state.apply(parse_action(text))
        except IllegalActionError as e:
            self._said = e.explanation
            self.refresh()
            return False
        except InvalidActionError as e:
            self._said = e
            self.refresh()
            return False
        self._said = self.state.history[-1].explanation
        self._bots_play()
        self.refresh()
        return True

    def hint(self) -> None:
        """What can I do now? The legal actions, grouped by kind."""
        self._hinting = True
        self.refresh()

    def undo(self) -> None:
        """Replay the game without your last action (and the bots' replies to it)."""
        mine = [i for i, s in enumerate(self.state.history) if s.seat == self.human]
        if not mine:
            self._said, self._note = None, "nothing_to_undo"
            self.refresh()
            return
        actions = [s.action for s in self.state.history[: mine[-1]]]
        self.state = replay(new_game(self.variant, self.seed, self.names), actions)
        self._said, self._hinting = None, False
        self.refresh()

    # ---- drawing -----------------------------------------------------------------------
    def _bots_play(self) -> None:
        st = self.state
        for _ in range(MAX_BOT_MOVES):
            if st.actor == self.human or st.hand_over:
                return
            # a fresh bot per decision, seeded by the move number, so undo replays the same game
            bot = self.bots[st.actor](self.seed * 100_003 + len(st.history))
            st.apply(bot.choose(st))

    def refresh(self) -> None:
        st, lang = self.state, self.lang
        variant = st.variant.base_name()
        legal = ([(action_text(a, lang, variant), a.text) for a in st.legal_actions()]
                 if (st.actor == self.human or st.hand_over) else [])
        self.choice.options = legal
        self.choice.value = legal[0][1] if legal else None
        said = self._said
        if self._note:
            self.feedback.value = f"<div>{word(self._note, lang)}</div>"
        elif said is None:
            self.feedback.value = ""
        else:
            self.feedback.value = (explanation_html(said, lang, viewer=self.viewer)
                                   if isinstance(said, Explanation) else error_html(said, lang))
        self.hint_box.value = (heading(word("legal", lang))
                               + actions_html(st.legal_actions(), lang, variant)
                               if self._hinting else "")
        self.board.value = state_html(st, viewpoint=self.human, lang=lang)
        lines = [decision_html(st.names[s.seat], action_text(s.action.without_player(), lang, variant),
                               s.explanation, s.events, lang, self.viewer)
                 for s in reversed(st.history[-LOG_LINES:])]
        self.decisions.value = heading(word("log", lang)) + "".join(lines)

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
        return self._said if isinstance(self._said, Explanation) else None
