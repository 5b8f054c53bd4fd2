"""Exercise files for the classroom: a situation and an action to judge, or an end-of-hand table
to score. The answer always comes from the engine (``State.check`` or ``Scenario.score``).

An exercise is a JSON object::

    {"kind": "situation",                       # "is this legal?"
     "title": {"en": "...", "es": "..."},
     "question": {"en": "...", "es": "..."},    # optional; a default question is asked
     "action": "take pile with 7♥ 7♦",          # the action to judge (several: separated by ';')
     "situation": {"hands": {"Tú": "7♥ 7♦ K♠"}, "pile": "4♠ 2♦ 7♠", "melds": {"Tú": ["K♠ K♥ K♣"]},
                   "phase": "draw", "scores": [0, 0]}}   # keyword arguments of canasta.situation
                                                # ("variant": "real", "extra": {"muerto_state": ...})

    {"kind": "scoring",                         # "how many points?"
     "title": {...}, "side": 0,
     "scenario": {...}}                         # an end-of-hand table (canasta.scenario format),
                                                # or the name of a scenario file next to this one

Loading is the only I/O here; every problem raises :class:`RecordError` naming the file and the
place in it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..actions import parse_action
from ..errors import RecordError
from ..explain import Explanation, L
from ..limits import MAX_TEXT, MAX_TITLE, text_problem
from ..records import shown_keys
from ..situation import situation

if TYPE_CHECKING:
    from ..scenario import Scenario
    from ..state import State

SITUATION_KEYS = ("variant", "names", "hands", "pile", "melds", "red_threes", "turn", "phase",
                  "scores", "stock", "opened", "extra")
KINDS = ("situation", "scoring")


@dataclass(frozen=True)
class Exercise:
    """One classroom exercise (see the module docstring for the file format)."""

    kind: str
    title: L
    question: L | None = None
    action: str = ""
    situation: Mapping[str, Any] = field(default_factory=dict)
    scenario: Mapping[str, Any] = field(default_factory=dict)
    side: int = 0
    path: str = ""

    def state(self) -> State:
        """The situation as an engine state (kind 'situation')."""
        try:
            return situation(**self.situation)
        except ValueError as e:  # RecordError, VariantError...: name the file
            where = getattr(e, "where", "") or ""
            msg = str(e).split(": ", 1)[1] if where and str(e).startswith(where) else str(e)
            raise RecordError(msg, path=self.path, where="situation" + (f".{where}" if where else "")) from None

    def actions(self) -> list[str]:
        return [a.strip() for a in self.action.split(";") if a.strip()]

    def judge(self) -> list[Explanation]:
        """The engine's verdict on each action in turn, on a copy; stops at the first refusal."""
        st = self.state()
        out = []
        for text in self.actions():
            exp = st.check(text)
            out.append(exp)
            if not exp.allowed:
                break
            st.apply(text)
        return out

    def to_scenario(self) -> Scenario:
        """The end-of-hand table as a scenario (kind 'scoring')."""
        from ..scenario import parse_scenario

        return parse_scenario(dict(self.scenario), self.path)


def _l(value: Any, path: str, where: str, limit: int = MAX_TEXT) -> L:
    if isinstance(value, str):
        text = L(value, value)
    elif isinstance(value, Mapping) and isinstance(value.get("en"), str):
        text = L(value["en"], str(value.get("es", value["en"])))
    else:
        raise RecordError(key="record.text", path=path, where=where)
    problem = text_problem(text.en, limit) or text_problem(text.es, limit)
    if problem:
        raise RecordError(key="text.too-long", facts=problem, path=path, where=where)
    return text


def parse_exercise(data: Any, path: str = "") -> Exercise:
    """Validate an exercise (a dict as read from JSON)."""
    if not isinstance(data, Mapping):
        raise RecordError("an exercise is a JSON object", path=path)
    kind = data.get("kind")
    if kind not in KINDS:
        raise RecordError(f"'kind' must be one of {', '.join(KINDS)}, not {kind!r}", path=path,
                          where="kind")
    known = {"kind", "title", "question", "action", "situation", "scenario", "side"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise RecordError(f"unknown key(s) {shown_keys(unknown)}", path=path, where="exercise")
    title = _l(data.get("title", "Exercise"), path, "title", MAX_TITLE)
    question = _l(data["question"], path, "question") if "question" in data else None
    if kind == "situation":
        sit = data.get("situation")
        if not isinstance(sit, Mapping):
            raise RecordError("a 'situation' object is needed", path=path, where="situation")
        bad = sorted(set(sit) - set(SITUATION_KEYS))
        if bad:
            raise RecordError(f"unknown key(s) {shown_keys(bad)}; known: {', '.join(SITUATION_KEYS)}",
                              path=path, where="situation")
        action = data.get("action")
        if not isinstance(action, str) or not action.strip():
            raise RecordError("an 'action' to judge is needed", path=path, where="action")
        ex = Exercise(kind, title, question, action=action, situation=dict(sit), path=path)
        for i, text in enumerate(ex.actions()):
            try:
                parse_action(text)
            except ValueError as e:
                raise RecordError(str(e), path=path, where=f"action[{i}]") from None
        ex.state()  # fail now, naming the file, rather than in front of the class
        return ex
    scen = data.get("scenario")
    if isinstance(scen, str) and path:
        scen = _scenario_file(scen, path)
    if not isinstance(scen, Mapping):
        raise RecordError("a 'scenario' object (or the name of a scenario file) is needed",
                          path=path, where="scenario")
    side = data.get("side", 0)
    if not isinstance(side, int) or isinstance(side, bool) or side < 0:
        raise RecordError("'side' is a side number (0 = the first side)", path=path, where="side")
    ex = Exercise(kind, title, question, scenario=dict(scen), side=side, path=path)
    ex.to_scenario()
    return ex


def _scenario_file(name: str, path: str) -> Any:
    """The data of the scenario file an exercise names: a file in the exercise's own folder
    (or below it), never elsewhere, and a scenario's keys only, so that an exercise cannot show
    the class what another file holds."""
    from ..scenario import SCENARIO_KEYS

    folder = Path(path).parent.resolve()
    target = (folder / name).resolve()
    if not target.is_relative_to(folder) or Path(name).is_absolute():
        raise RecordError(f"{name!r} is outside the exercise's folder: a scenario file is named "
                          "by its place in that folder, e.g. \"final_table.json\"", path=path,
                          where="scenario")
    try:
        data = _read_json(target)
    except RecordError as e:  # name the exercise too: its 'scenario' names the bad file
        raise RecordError(str(e), path=path, where="scenario") from None
    if not isinstance(data, Mapping) or not set(data) <= set(SCENARIO_KEYS):
        raise RecordError(f"{name!r} is not a scenario file (see docs/records.md)", path=path,
                          where="scenario")
    return data


def _read_json(p: Path) -> Any:
    """The data of a JSON file; every problem (unreadable, not UTF-8, malformed) is a
    :class:`RecordError` naming the file."""
    from ..records import read_data

    return read_data(p)


def load_exercise(path: str | Path) -> Exercise:
    """Read an exercise file (JSON)."""
    return parse_exercise(_read_json(Path(path)), str(path))
