"""End-of-hand scenarios: a table laid out by hand (melds, threes, hands, who went out) and
scored by the engine, for any variant and any number of sides.

Nothing is played and nothing is recomputed here: every meld is built by the variant
(``make_meld`` / ``extend_meld``), every card is counted against the pack, and the count is the
engine's own end of hand (the variant's ``score_side`` for each side). The JSON format is
described in ``docs/records.md``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .cards import Card, make_pack, sorted_cards
from .errors import RecordError
from .explain import L
from .limits import MAX_SCORE, MAX_TITLE, Big
from .melds import Meld
from .records import (
    _side_of,
    _variant,
    check_sides,
    parse_cards_at,
    parse_header,
    parse_l,
    parse_players,
    partners_opposite,
    read_data,
)
from .words import YOU_NAMES

if TYPE_CHECKING:
    from .state import HandResult, State
    from .variant import Variant

SCENARIO_FORMAT = "canasta-scenario"
SCENARIO_KEYS = ("format", "version", "title", "notes", "variant", "options", "players", "sides",
                 "melds", "red_threes", "hands", "went_out", "concealed", "scores_before", "extra")


@dataclass(frozen=True)
class MeldSpec:
    """A meld as laid out in a scenario: its cards and, optionally, the kind it must be."""

    cards: tuple[Card, ...]
    kind: str | None = None


@dataclass
class Scenario:
    """A table at the end of a hand. Sides come from the variant (``sides``: seats per side);
    melds, red threes and scores are per side, hands per player (seat order)."""

    variant: str
    names: tuple[str, ...]
    sides: tuple[tuple[int, ...], ...]
    melds: list[list[MeldSpec]]
    red_threes: list[list[Card]]
    hands: list[list[Card]]
    went_out: str | None = None
    concealed: bool = False
    scores_before: list[int] = field(default_factory=list)
    notes: L | None = None
    title: L | None = None
    options: dict[str, Any] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)  # variant state its scoring reads
    path: str = ""

    def variant_obj(self) -> Variant:
        return _variant(self.variant, self.options, self.path)

    def to_state(self, *, scored: bool = True) -> State:
        """The table as an engine state, built without playing; with ``scored`` (the default)
        the hand is finished by the engine, so ``state.last_result`` holds the count."""
        from .scoring import finish_hand
        from .state import State

        v = self.variant_obj()
        n = len(self.names)
        state = State(variant=v, names=self.names, seed=0, sides=self.sides)
        state.scores = list(self.scores_before) or [0] * len(self.sides)
        state.hand_no, state.dealer = 1, n - 1
        state.hands = [list(h) for h in self.hands]
        state.red_threes = [list(r) for r in self.red_threes]
        out = self.names.index(self.went_out) if self.went_out is not None else None
        out_side = state.side_of(out) if out is not None else None
        state.melds = [[_build(v, m, s == out_side, self.path, f"melds[{s}][{j}]")
                        for j, m in enumerate(side)] for s, side in enumerate(self.melds)]
        state.opened = [bool(m) for m in state.melds]
        state.melded_before = [state.opened[state.side_of(p)] for p in range(n)]
        state.extra = dict(self.extra)
        if out is not None and self.concealed:
            # the engine's concealed bonus: nothing melded before, a canasta made this turn
            state.melded_before[out] = False
            state.extra["turn_meld_base"] = 0
        # every other card of the pack is out of play; it waits in the stock
        pack = Counter(make_pack(v.decks, v.jokers))
        state.stock = sorted_cards((pack - state.all_cards()).elements())
        state.turn = out if out is not None else 0
        state.phase = "play"
        if scored:
            finish_hand(state, out)
        return state

    def score(self) -> HandResult:
        """The engine's itemised count of this table (each side's lines and totals)."""
        result = self.to_state().last_result
        assert result is not None
        return result

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (see ``docs/records.md``)."""
        def side_key(s: int) -> str:
            return " & ".join(self.names[p] for p in self.sides[s])

        out: dict[str, Any] = {"format": SCENARIO_FORMAT, "version": 1}
        if self.title is not None:
            out["title"] = {"en": self.title.en, "es": self.title.es}
        out["variant"] = self.variant
        if self.options:
            out["options"] = dict(self.options)
        out["players"] = list(self.names)
        out["sides"] = [[self.names[p] for p in side] for side in self.sides]
        out["melds"] = {side_key(s): [_meld_json(m) for m in ms] for s, ms in enumerate(self.melds) if ms}
        out["red_threes"] = {side_key(s): " ".join(c.text for c in r)
                             for s, r in enumerate(self.red_threes) if r}
        out["hands"] = {self.names[p]: " ".join(c.text for c in h) for p, h in enumerate(self.hands)}
        out["went_out"] = self.went_out
        out["concealed"] = self.concealed
        out["scores_before"] = {side_key(s): x for s, x in enumerate(self.scores_before)}
        if self.extra:
            v = self.variant_obj()
            out["extra"] = {k: ({side_key(s): x for s, x in enumerate(val)}
                                if k in v.scenario_extra and isinstance(val, list) else val)
                            for k, val in self.extra.items()}
        if self.notes is not None:
            out["notes"] = {"en": self.notes.en, "es": self.notes.es}
        return out


def _meld_json(m: MeldSpec) -> Any:
    text = " ".join(c.text for c in m.cards)
    return {"cards": text, "kind": m.kind} if m.kind else text


def _build(v: Variant, spec: MeldSpec, going_out: bool, path: str, where: str) -> Meld:
    """The meld as the variant builds it: whole, or else started with the least number of cards
    and extended card by card (as it could have grown in play)."""
    meld, exp = v.make_meld(spec.cards, going_out=going_out)
    if meld is None and len(spec.cards) > v.meld_min:
        start, more = v.make_meld(spec.cards[: v.meld_min], going_out=going_out)
        for c in spec.cards[v.meld_min:]:
            if start is None:
                break
            start, more = v.extend_meld(start, (c,))
        if start is not None:
            meld = start
    if meld is None:
        raise RecordError(key="scenario.bad-meld", facts={"why": exp}, path=path, where=where)
    if spec.kind is not None and meld.kind != spec.kind:
        raise RecordError(key="scenario.meld-kind", facts={"found": meld.kind,
                                                           "expected": spec.kind},
                          path=path, where=where)
    return meld


def parse_scenario(data: Any, path: str = "") -> Scenario:
    """Validate a scenario (as read from JSON or TOML); raises :class:`RecordError` naming the
    JSON path of the first problem (``melds.Tú[1][2]``)."""
    v = parse_header(data, "scenario", SCENARIO_KEYS, SCENARIO_FORMAT, path, default_variant="classic")
    variant, options = data.get("variant", "classic"), data.get("options", {})
    names = parse_players(data.get("players"), v, path)
    check_sides(data.get("sides"), v, names, path)
    sides = v.sides_for(len(names))
    seen: Counter[Card] = Counter()
    pack = Counter(make_pack(v.decks, v.jokers))

    def cards(value: Any, where: str) -> list[Card]:
        out = parse_cards_at(value, path, where)
        for i, c in enumerate(out):
            seen[c] += 1
            if seen[c] > pack[c]:
                raise RecordError(key="scenario.copies", facts={
                    "card": c, "count": seen[c], "most": pack[c]}, path=path, where=f"{where}[{i}]")
        return out

    went_out = data.get("went_out")
    if went_out is not None and went_out not in names:
        raise RecordError(key="record.unknown-player", facts={"who": str(went_out)}, path=path,
                          where="went_out")
    out_side = None if went_out is None else next(i for i, side in enumerate(sides)
                                                  if names.index(went_out) in side)
    melds: list[list[MeldSpec]] = [[] for _ in sides]
    for key, groups in _keyed(data.get("melds", {}), path, "melds").items():
        s = _side_of(key, names, sides, path, "melds")
        if melds[s]:
            raise RecordError(key="scenario.side-twice", facts={
                "who": key, "how": partners_opposite(names, sides)}, path=path, where=f"melds.{key}")
        if not isinstance(groups, list):
            raise RecordError(key="scenario.melds", path=path, where=f"melds.{key}")
        for j, g in enumerate(groups):
            w = f"melds.{key}[{j}]"
            kind = None
            if isinstance(g, Mapping):
                if "cards" not in g or not set(g) <= {"cards", "kind"} or \
                        not isinstance(g.get("kind", ""), str):
                    raise RecordError(key="scenario.meld", path=path, where=w)
                kind, g = g.get("kind"), g["cards"]
                w += ".cards"
            spec = MeldSpec(tuple(cards(g, w)), kind)
            _build(v, spec, s == out_side, path, f"melds.{key}[{j}]")  # valid for the variant
            melds[s].append(spec)
    red_threes: list[list[Card]] = [[] for _ in sides]
    given_threes = _keyed(data.get("red_threes", {}), path, "red_threes")
    if v.red_threes != "bonus" and any(str(x).strip() for x in given_threes.values()):
        raise RecordError(key="scenario.no-red-threes", facts=_no_red_threes(v, given_threes),
                          path=path, where="red_threes")
    for key, value in given_threes.items():
        s = _side_of(key, names, sides, path, "red_threes")
        red_threes[s] += cards(value, f"red_threes.{key}")
    hands: list[list[Card]] = [[] for _ in names]
    for key, value in _keyed(data.get("hands", {}), path, "hands").items():
        if not isinstance(key, str) or key not in names:
            raise RecordError(key="record.unknown-player-of", facts={
                "who": str(key), "seats": ", ".join(names)}, path=path, where="hands")
        hands[names.index(key)] = cards(value, f"hands.{key}")
    if went_out is not None and hands[names.index(went_out)]:
        raise RecordError(key="scenario.out-hand", facts={  # the seat named Tú is spoken to
            "who": went_out, "reader": went_out.strip().casefold() in YOU_NAMES}, path=path,
                          where=f"hands.{went_out}")
    concealed = data.get("concealed", False)
    if not isinstance(concealed, bool) or (concealed and went_out is None):
        raise RecordError(key="scenario.concealed", path=path, where="concealed")
    if concealed and v.concealed_bonus == 0:  # said, rather than scored as if it were not there
        raise RecordError(key="scenario.no-concealed", facts={"variant": v.title}, path=path,
                          where="concealed")
    scores = _scores(data.get("scores_before"), names, sides, path)
    extra = data.get("extra", {})
    if not isinstance(extra, Mapping):
        raise RecordError(key="scenario.extra", path=path, where="extra")
    extra = _per_side_extra(v, dict(extra), data.get("sides"), names, sides, path)
    scen = Scenario(
        variant=variant, names=names, sides=sides, melds=melds, red_threes=red_threes,
        hands=hands, went_out=went_out, concealed=concealed, scores_before=scores,
        notes=parse_l(data["notes"], path, "notes") if "notes" in data else None,
        title=parse_l(data["title"], path, "title", MAX_TITLE) if "title" in data else None,
        options=dict(options), extra=dict(extra), path=path)
    if extra:  # variant state given by hand: shaped like the variant's own, and readable by it
        from .game import new_game
        from .situation import check_variant_state, try_variant_state

        try:
            check_variant_state(extra, new_game(v, names=names).extra)
            try_variant_state(scen.to_state)
        except RecordError as e:
            if e.path:  # already names the file
                raise
            raise RecordError.moved(e, path=path, where=e.where) from None
    return scen


def _no_red_threes(v: Variant, given: Mapping[str, Any]) -> dict[str, Any]:
    """How to write threes in a variant that has no red-three bonus (the facts of the error
    ``scenario.no-red-threes``)."""
    cards = " ".join(str(x).strip() for x in given.values() if str(x).strip())
    # Canasta Americana: threes are melds of their own
    return {"variant": v.title, "text": cards, "melded": v.red_threes == "laid-down"}


def _per_side_extra(v: Variant, extra: dict[str, Any], listed: Any, names: Sequence[str],
                    sides: Sequence[Sequence[int]], path: str) -> dict[str, Any]:
    """The variant's per-side state (``Variant.scenario_extra``: Canasta Real's muertos), which
    a scenario must give: an object keyed by side (a player's name, or 'Tú & Bo'), or a list in
    the order of the file's ``sides`` (or, without them, of the sides as seated). Kept as the
    engine reads it: one value per side, in the sides' seat order."""
    for key, allowed in v.scenario_extra.items():
        where = f"extra.{key}"
        shown = ", ".join(f"'{a}'" for a in allowed)
        example = ", ".join(f'"{" & ".join(names[p] for p in side)}": "{allowed[i % len(allowed)]}"'
                            for i, side in enumerate(sides))
        how = {"variant": v.title, "field": key, "text": example, "known": shown}
        if key not in extra:
            raise RecordError(key="scenario.extra-side", facts=how, path=path, where=where)
        value = extra[key]
        per_side: list[Any] = [None] * len(sides)
        if isinstance(value, Mapping):
            for k, x in value.items():
                s = _side_of(k, names, sides, path, where)
                if per_side[s] is not None:
                    raise RecordError(key="scenario.side-twice-bare", facts={"who": k}, path=path,
                                      where=where)
                per_side[s] = x
        elif isinstance(value, list) and len(value) == len(sides):
            order = list(range(len(sides)))
            if isinstance(listed, list):  # the file's own order of the sides
                order = [_side_of(str(side[0]), names, sides, path, "sides") for side in listed]
            for s, x in zip(order, value, strict=True):
                per_side[s] = x
        else:
            raise RecordError(key="scenario.extra-side", facts=how, path=path, where=where)
        for s, x in enumerate(per_side):
            if x not in allowed:
                side = " & ".join(names[p] for p in sides[s])
                raise RecordError(key="scenario.extra-invalid", facts={**how, "who": side},
                                  path=path, where=where)
        extra[key] = per_side
    return extra


def _keyed(value: Any, path: str, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise RecordError(key="record.keyed", path=path, where=where)
    return value


def _scores(value: Any, names: Sequence[str], sides: Sequence[Sequence[int]], path: str) -> list[int]:
    out = [0] * len(sides)
    if value is None:
        return out
    if isinstance(value, list):
        if len(value) != len(sides):
            raise RecordError(key="scenario.score-count", facts={"count": len(sides)}, path=path,
                              where="scores_before")
        items: list[tuple[int, Any]] = list(enumerate(value))
    elif isinstance(value, Mapping):
        items = [(_side_of(k, names, sides, path, "scores_before"), x) for k, x in value.items()]
    else:
        raise RecordError(key="scenario.scores", path=path, where="scores_before")
    for s, x in items:
        if not isinstance(x, int) or isinstance(x, bool):
            raise RecordError(key="record.scores", path=path, where="scores_before")
        if abs(x) > MAX_SCORE:
            raise RecordError(key="scenario.score-range", facts={"most": Big(MAX_SCORE)}, path=path,
                              where="scores_before")
        out[s] = x
    return out


def load_scenario(path: str | Path) -> Scenario:
    """Read and validate a scenario file (JSON, or TOML when the name ends in .toml)."""
    return parse_scenario(read_data(path), str(path))
