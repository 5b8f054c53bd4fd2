"""ipywidgets views over the engine: they hold a state or a record, call ``check`` / ``apply`` /
``legal_actions`` and show what the engine explains; none of them decides a rule.

- :class:`GameStepper` — a game record, action by action
- :class:`RulesSandbox` — a situation and a question: is this allowed? (drawn on the card table,
  set by clicking cards into places or by typing)
- :class:`ScoreCalculator` — an end-of-hand table in, the itemised score out
- :class:`OpeningMinimum` — a side's score in, the engine's opening minimum for it out
- :class:`PlayTable` — a hand against bots on a card table you play by clicking, with the coach's
  hints, one line per bot turn and undo
- :class:`CardTable` — the clickable table itself (an anywidget that draws a view model and
  reports clicks)
- :class:`Quiz` — generated questions and a teacher's exercises, with a tally
- :class:`ClassResults` — a teacher's view of the class's quiz results
- :class:`LanguageSwitch` — English / Español for every widget connected to it
"""

from __future__ import annotations

from .calculator import ScoreCalculator
from .cardtable import CardTable
from .classresults import ClassResults
from .exercises import Exercise, load_exercise, parse_exercise
from .lang import LanguageSwitch
from .opening import OpeningMinimum
from .playtable import PlayTable
from .quiz import Quiz
from .sandbox import RulesSandbox
from .stepper import GameStepper

__all__ = ["CardTable", "ClassResults", "Exercise", "GameStepper", "LanguageSwitch", "OpeningMinimum",
           "PlayTable",
           "Quiz", "RulesSandbox", "ScoreCalculator", "load_exercise", "parse_exercise"]
