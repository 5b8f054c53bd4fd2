"""Game records: a game as (variant, seats, deal, actions) plus commentary, checkpoints, the
documented changes to a told story and the story's slips; load, save and replay.

A record replays exactly: the deal is given card by card (or derived from the seed), and every
action goes through the engine's ``check``. Checkpoints (facts expected after an action) and
slips (literal events of a told game that the engine must refuse) are verified on the way.
The JSON format is described in ``docs/records.md``. Reading files happens only in the
``load_*`` helpers; every problem raises :class:`RecordError` naming the file and the place.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from .actions import parse_action
from .cards import Card, cards_text, parse_card, sorted_cards
from .errors import CanastaError, IllegalActionError, InvalidActionError, RecordError
from .explain import Explanation, L, P, Phrase
from .limits import MAX_FILE_BYTES, MAX_RECORD_ACTIONS, MAX_TEXT, MAX_TITLE, Big, text_problem
from .names import name_problem, normal_name, player_names

if TYPE_CHECKING:
    from .state import State
    from .variant import Variant

RECORD_FORMAT = "canasta-record"
PHASES = ("draw", "play", "answer", "hand-over", "game-over")
RECORD_KEYS = ("format", "version", "title", "variant", "options", "seed", "players", "sides",
               "dealer", "deals", "actions", "changes", "slips")
CHECKPOINT_KEYS = ("hand", "hand_size", "melds", "canastas", "red_threes", "pile_size", "pile_top",
                   "stock_size", "frozen", "score", "turn", "phase")


@dataclass(frozen=True)
class Entry:
    """One action of a record (its text form), with optional commentary and checkpoint."""

    action: str
    comment: L | None = None
    checkpoint: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class Change:
    """A documented change to the told story: the fact as told, what the record does, and why."""

    fact: L
    change: L
    why: L


@dataclass(frozen=True)
class Slip:
    """A literal event of the told text, checked after action ``after`` and REFUSED by the
    engine with rule ``expect_rule`` (the state is left as it was)."""

    after: int
    action: str
    expect_rule: str
    comment: L | None = None


@dataclass(frozen=True)
class ReplayStep:
    """One replayed action: the state after it (a copy), its explanation, the automatic events,
    the checkpoint facts verified, and the slips refused at this point."""

    index: int
    entry: Entry
    state: State
    explanation: Explanation
    events: tuple[Explanation, ...]
    checks: tuple[Phrase, ...]
    slips: tuple[tuple[Slip, Explanation], ...]


@dataclass
class Record:
    """A game record; see ``docs/records.md`` for the JSON form."""

    variant: str
    seed: int
    names: tuple[str, ...]
    deals: list[dict[str, Any]] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)
    slips: list[Slip] = field(default_factory=list)
    title: L | None = None
    path: str = ""
    options: dict[str, Any] = field(default_factory=dict)  # house rules of the game
    dealer: str | None = None  # the first hand's dealer (default: the last seat)

    def variant_obj(self) -> Variant:
        """The variant with the record's house rules."""
        return _variant(self.variant, self.options, self.path)

    def new_state(self) -> State:
        """The game as dealt, before any action."""
        from .game import new_game

        v = self.variant_obj()
        dealer = self.names.index(self.dealer) if self.dealer is not None else None
        for i, deal in enumerate(self.deals):
            _fixed_deal(v, self.names, deal, self.path, i)  # names the deal that is wrong
        try:
            return new_game(v, seed=self.seed, names=self.names, deals=self.deals, dealer=dealer)
        except RecordError:
            raise
        except CanastaError as e:
            raise RecordError.moved(e, path=self.path, where="players") from None

    def replay(self) -> Iterator[ReplayStep]:
        """Apply each action in turn, verifying checkpoints and slips; raises
        :class:`RecordError` naming ``actions[N]`` (or ``slips[N]``) at the first problem."""
        state = self.new_state()
        by_step: dict[int, list[tuple[int, Slip]]] = {}
        for j, slip in enumerate(self.slips):
            by_step.setdefault(slip.after, []).append((j, slip))
        for i, entry in enumerate(self.entries):
            where = f"actions[{i}]"
            try:
                exp = state.apply(entry.action)
            except IllegalActionError as e:
                raise RecordError(key="record.refused",
                                  facts={"action": entry.action, "why": e.explanation},
                                  path=self.path, where=where) from None
            except InvalidActionError as e:
                raise RecordError(key="record.invalid", facts={"error": e}, path=self.path,
                                  where=where) from None
            events = state.history[-1].events
            checks = verify_checkpoint(state, entry.checkpoint or {}, self.path,
                                       where + ".checkpoint")
            refused = tuple((slip, self._check_slip(state, j, slip)) for j, slip in by_step.get(i, ()))
            yield ReplayStep(i, entry, state.copy(), exp, tuple(events), checks, refused)

    def _check_slip(self, state: State, j: int, slip: Slip) -> Explanation:
        exp = state.check(slip.action)
        where = f"slips[{j}]"
        if exp.allowed:
            raise RecordError(key="record.slip-allowed", facts={"action": slip.action, "rule": exp.rule},
                              path=self.path, where=where)
        deepest = exp.first_refusal()
        if slip.expect_rule not in (exp.rule, deepest.rule if deepest else exp.rule):
            raise RecordError(key="record.slip-rule", facts={
                "action": slip.action, "rule": exp.rule, "expected": slip.expect_rule},
                path=self.path, where=where + ".expect_rule")
        return exp

    def states(self) -> list[State]:
        """The state before any action, then after each action (independent copies)."""
        return [self.new_state()] + [step.state for step in self.replay()]

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (see ``docs/records.md``)."""
        from .registry import find_variant

        v = find_variant(self.variant)
        out: dict[str, Any] = {"format": RECORD_FORMAT, "version": 1}
        if self.title is not None:
            out["title"] = _l_dict(self.title)
        out["variant"] = self.variant
        if self.options:
            out["options"] = dict(self.options)
        out["seed"] = self.seed
        out["players"] = list(self.names)
        out["sides"] = [[self.names[s] for s in side] for side in v.sides_for(len(self.names))]
        if self.dealer is not None:
            out["dealer"] = self.dealer
        out["deals"] = [dict(d) for d in self.deals]
        out["actions"] = [_entry_dict(e) for e in self.entries]
        out["changes"] = [{"fact": _l_dict(c.fact), "change": _l_dict(c.change),
                           "why": _l_dict(c.why)} for c in self.changes]
        out["slips"] = [{"after": s.after, "action": s.action, "expect_rule": s.expect_rule,
                         **({"comment": _l_dict(s.comment)} if s.comment is not None else {})}
                        for s in self.slips]
        return out


# ---- parsing --------------------------------------------------------------------------------

def shown_keys(keys: Iterable[Any]) -> str:
    """Keys named in a message: a plain name as written, any other (blank, spaced, with control
    characters) quoted, so that the message stays one readable line."""
    return ", ".join(k if isinstance(k, str) and k.isidentifier() else repr(k) for k in keys)


# the formats of the files the project writes, by what they hold
_KINDS = {"canasta-record": "record", "canasta-scenario": "scenario"}


def parse_header(data: Any, kind: str, keys: Sequence[str], fmt: str, path: str,
                 default_variant: str | None = None) -> Variant:
    """The common head of a record or a scenario file: an object with known keys, its format and
    version, and the variant with its house-rule options."""
    if not isinstance(data, Mapping):
        raise RecordError(key="record.not-object", facts={"doc": kind}, path=path)
    found = data.get("format")
    # a record given where a scenario goes, or the reverse (any other value, a list or a
    # mapping too, is the format check's below to refuse)
    if isinstance(found, str) and found != fmt and found in _KINDS:
        raise RecordError(key="record.other-format", facts={
            "format": fmt, "found": found, "kind": _KINDS[found]}, path=path, where="format")
    unknown = sorted(set(data) - set(keys))
    if unknown:
        raise RecordError(key="record.unknown-keys", facts={
            "count": len(unknown), "shown": shown_keys(unknown), "known": ", ".join(keys)},
            path=path, where=kind)
    if data.get("format", fmt) != fmt:
        raise RecordError(key="record.format", facts={"format": fmt}, path=path, where="format")
    if data.get("version", 1) != 1:
        raise RecordError(key="record.version", path=path, where="version")
    variant = data.get("variant", default_variant)
    if not isinstance(variant, str):
        raise RecordError(key="record.variant", path=path, where="variant")
    options = data.get("options", {})
    if not isinstance(options, Mapping):
        raise RecordError(key="record.options", path=path, where="options")
    return _variant(variant, dict(options), path)


def parse_record(data: Any, path: str = "") -> Record:
    """Validate a record (as read from JSON or TOML); raises :class:`RecordError` naming the
    JSON path of the first problem (``actions[3].checkpoint.hand``)."""
    v = parse_header(data, "record", RECORD_KEYS, RECORD_FORMAT, path)
    variant, options = data["variant"], data.get("options", {})
    seed = data.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError(key="record.seed", path=path, where="seed")
    names = parse_players(data.get("players"), v, path)
    check_sides(data.get("sides"), v, names, path)
    dealer = data.get("dealer")
    if dealer is not None and dealer not in names:
        raise RecordError(key="record.unknown-player", facts={"who": str(dealer)}, path=path,
                          where="dealer")
    deals = data.get("deals", [])
    if not isinstance(deals, list):
        raise RecordError(key="record.deals", path=path, where="deals")
    for i, deal in enumerate(deals):
        _fixed_deal(v, names, deal, path, i)
    sides = v.sides_for(len(names))
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError(key="record.list", facts={"field": "actions"}, path=path, where="actions")
    if len(actions) > MAX_RECORD_ACTIONS:
        raise RecordError(key="record.too-many-actions", facts={
            "count": Big(len(actions)), "most": Big(MAX_RECORD_ACTIONS)}, path=path, where="actions")
    entries = [_parse_entry(a, names, sides, path, f"actions[{i}]", v)
               for i, a in enumerate(actions)]
    changes = _parse_list(data.get("changes", []), path, "changes", _parse_change)
    slips = _parse_list(data.get("slips", []), path, "slips",
                        lambda d, p, w: _parse_slip(d, names, len(entries), p, w, v))
    title = parse_l(data["title"], path, "title", MAX_TITLE) if "title" in data else None
    return Record(variant=variant, seed=seed, names=names, deals=[dict(d) for d in deals],
                  entries=entries, changes=changes, slips=slips, title=title, path=path,
                  options=dict(options), dealer=dealer)


def parse_players(value: Any, v: Variant, path: str) -> tuple[str, ...]:
    """The seats' names, in turn order; checked against the variant's player counts."""
    if not isinstance(value, list) or not all(isinstance(n, str) for n in value):
        raise RecordError(key="record.players", path=path, where="players")
    names = tuple(value)
    if len(names) not in v.player_counts:
        ordered = sorted(v.player_counts)
        counts = (P("cmp.count", n=ordered[0]) if len(ordered) == 1 else
                  P("cmp.either", first=", ".join(map(str, ordered[:-1])), last=ordered[-1]))
        raise RecordError(key="game.players", facts={"variant": v.title, "counts": counts,
                                                     "n": len(names)}, path=path, where="players")
    for i, n in enumerate(names):
        problem = name_problem(normal_name(n))
        if problem:
            raise RecordError(key=problem[0], facts=problem[1], path=path, where=f"players[{i}]")
        if normal_name(n) != n:  # the file's other keys name the player as written here
            raise RecordError(key="record.name-form", facts={"name": normal_name(n), "given": n},
                              path=path, where=f"players[{i}]")
    problem = player_names(names)[1]
    if problem:
        raise RecordError(key=problem[0], facts=problem[1], path=path, where="players")
    return names


def check_sides(value: Any, v: Variant, names: Sequence[str], path: str) -> None:
    """'sides' is optional and informative; when given it must be the variant's partnerships."""
    if value is None:
        return
    want = [[names[s] for s in side] for side in v.sides_for(len(names))]
    ok = isinstance(value, list) and all(
        isinstance(s, list) and all(isinstance(n, str) for n in s) for s in value) and \
        sorted(sorted(s) for s in value) == sorted(sorted(s) for s in want)
    if not ok:
        shown = "; ".join(" & ".join(s) for s in want)
        raise RecordError(key="record.sides", facts={
            "variant": v.title, "shown": shown,
            "how": partners_opposite(names, v.sides_for(len(names)))}, path=path, where="sides")


def _variant(name: str, options: Mapping[str, Any], path: str) -> Variant:
    from .registry import find_variant

    try:
        v = find_variant(name)
    except CanastaError as e:
        raise RecordError.moved(e, path=path, where="variant") from None
    if not options:
        return v
    try:
        return v.with_options(origin=f"record {path}" if path else "record", **options)
    except CanastaError as e:
        raise RecordError.moved(e, path=path, where="options") from None


def _fixed_deal(v: Variant, names: Sequence[str], deal: Any, path: str, i: int) -> dict[str, Any]:
    from .state import parse_fixed_deal

    try:
        return parse_fixed_deal(v, names, deal)
    except RecordError as e:
        rest = e.where[len("deal"):] if e.where.startswith("deal") else ("." + e.where if e.where else "")
        raise RecordError.moved(e, path=path, where=f"deals[{i}]{rest}") from None


def _parse_list(value: Any, path: str, where: str, item: Any) -> list[Any]:
    if not isinstance(value, list):
        raise RecordError(key="record.list", facts={"field": where}, path=path, where=where)
    return [item(d, path, f"{where}[{i}]") for i, d in enumerate(value)]


def parse_l(value: Any, path: str, where: str, limit: int = MAX_TEXT) -> L:
    """A text in both languages: ``{"en": ..., "es": ...}`` (one alone serves for both) or a
    plain string; each at most ``limit`` characters (:mod:`canasta.limits`)."""
    if isinstance(value, str):
        value = {"en": value}
    if isinstance(value, Mapping) and set(value) <= {"en", "es"} and value and \
            all(isinstance(x, str) for x in value.values()):
        for lang, text in value.items():
            problem = text_problem(text, limit)
            if problem:
                raise RecordError(key="text.too-long", facts=problem, path=path,
                                  where=where + (f".{lang}" if len(value) > 1 else ""))
        en = value.get("en", value.get("es", ""))
        return L(en, value.get("es", en))
    raise RecordError(key="record.text", path=path, where=where)


def _parse_entry(value: Any, names: Sequence[str], sides: Sequence[Sequence[int]], path: str,
                 where: str, variant: Variant | None = None) -> Entry:
    if isinstance(value, str):
        value = {"action": value}
    if not isinstance(value, Mapping):
        raise RecordError(key="record.entry", path=path, where=where)
    unknown = sorted(set(value) - {"action", "comment", "checkpoint"})
    if unknown:
        raise RecordError(key="record.unknown-keys", facts={
            "count": len(unknown), "shown": shown_keys(unknown),
            "known": "action, comment, checkpoint"}, path=path, where=where)
    text = _action_text(value.get("action"), names, path, where, variant)
    comment = parse_l(value["comment"], path, where + ".comment") if "comment" in value else None
    cp = value.get("checkpoint")
    checkpoint = parse_checkpoint(cp, names, sides, path, where + ".checkpoint") if cp else None
    return Entry(text, comment, checkpoint)


def _action_text(text: Any, names: Sequence[str], path: str, where: str,
                 variant: Variant | None = None) -> str:
    if not isinstance(text, str):
        raise RecordError(key="record.action-text", path=path, where=where)
    try:
        action = parse_action(text)
    except CanastaError as e:
        if variant is not None:  # a malformed action is told the kinds of action of the game
            from .words import in_game

            e = in_game(e, variant)
        raise RecordError.moved(e, path=path, where=where) from None
    if action.player is not None and action.player.lower() not in {n.lower() for n in names}:
        raise RecordError(key="record.unknown-player-in", facts={"who": action.player, "text": text},
                          path=path, where=where)
    return " ".join(text.split())


def _parse_change(value: Any, path: str, where: str) -> Change:
    if not isinstance(value, Mapping) or set(value) != {"fact", "change", "why"}:
        raise RecordError(key="record.change", path=path, where=where)
    return Change(*(parse_l(value[k], path, f"{where}.{k}") for k in ("fact", "change", "why")))


def _parse_slip(value: Any, names: Sequence[str], count: int, path: str, where: str,
                variant: Variant | None = None) -> Slip:
    from .catalogue import all_rules

    if not isinstance(value, Mapping) or not {"after", "action", "expect_rule"} <= set(value) \
            or not set(value) <= {"after", "action", "expect_rule", "comment"}:
        raise RecordError(key="record.slip", path=path, where=where)
    after = value["after"]
    if not isinstance(after, int) or isinstance(after, bool) or not 0 <= after < count:
        raise RecordError(key="record.slip-after", facts={"last": count - 1}, path=path,
                          where=where + ".after")
    rule = value["expect_rule"]
    if not isinstance(rule, str) or rule not in all_rules():
        raise RecordError(key="record.unknown-rule", facts={"rule": str(rule)}, path=path,
                          where=where + ".expect_rule")
    comment = parse_l(value["comment"], path, where + ".comment") if "comment" in value else None
    return Slip(after, _action_text(value["action"], names, path, where + ".action", variant),
                rule, comment)


# ---- checkpoints ----------------------------------------------------------------------------

def parse_cards_at(value: Any, path: str, where: str) -> list[Card]:
    """Cards given as a list of texts or one text ('K♠ K♥ K♣'); errors name the card's place."""
    items = value.replace(",", " ").split() if isinstance(value, str) else value
    if not isinstance(items, list):
        raise RecordError(key="record.cards", path=path, where=where)
    out = []
    for i, t in enumerate(items):
        try:
            out.append(parse_card(t))
        except CanastaError as e:
            raise RecordError.moved(e, path=path, where=f"{where}[{i}]") from None
    return out


def _side_of(key: Any, names: Sequence[str], sides: Sequence[Sequence[int]], path: str,
             where: str) -> int:
    """A side named by one of its players or by its members joined with ' & '."""
    low = [n.lower() for n in names]
    shown = ", ".join(" & ".join(names[s] for s in side) for side in sides)
    if isinstance(key, str):
        k = key.strip().lower()
        for i, side in enumerate(sides):
            if k in [low[s] for s in side] or k == " & ".join(low[s] for s in side):
                return i
        members = [m.strip() for m in k.split("&")]
        if len(members) > 1 and all(m in low for m in members):  # players who are not partners
            raise RecordError(key="record.not-a-side", facts={
                "who": key, "how": partners_opposite(names, sides)}, path=path, where=where)
    raise RecordError(key="record.unknown-side", facts={"who": str(key), "shown": shown}, path=path,
                      where=where)


def partners_opposite(names: Sequence[str], sides: Sequence[Sequence[int]]) -> Phrase:
    """How the sides follow from the seats: partners sit opposite, two seats apart in turn order."""
    shown = ", ".join(" & ".join(names[s] for s in side) for side in sides)
    if all(len(side) == 1 for side in sides):
        return P("sides.alone", shown=shown)
    return P("sides.opposite", seats=", ".join(names), shown=shown)


def _player(key: Any, names: Sequence[str], path: str, where: str) -> int:
    low = [n.lower() for n in names]
    if isinstance(key, str) and key.strip().lower() in low:
        return low.index(key.strip().lower())
    raise RecordError(key="record.unknown-player-of", facts={"who": str(key),
                                                             "seats": ", ".join(names)},
                      path=path, where=where)


def _count(value: Any, path: str, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise RecordError(key="record.count", path=path, where=where)
    return value


def parse_checkpoint(value: Any, names: Sequence[str], sides: Sequence[Sequence[int]], path: str,
                     where: str) -> dict[str, Any]:
    """Validate a checkpoint; card texts come back in their canonical form."""
    if not isinstance(value, Mapping):
        raise RecordError(key="record.checkpoint", path=path, where=where)
    unknown = sorted(set(value) - set(CHECKPOINT_KEYS))
    if unknown:
        raise RecordError(key="record.unknown-facts", facts={
            "count": len(unknown), "shown": shown_keys(unknown), "known": ", ".join(CHECKPOINT_KEYS)},
            path=path, where=where)
    out: dict[str, Any] = {}
    for key, val in value.items():
        w = f"{where}.{key}"
        if key in ("hand", "hand_size"):
            _mapping(val, path, w)
            for who in val:
                _player(who, names, path, w)
            out[key] = {who: (cards_text(parse_cards_at(x, path, f"{w}.{who}")) if key == "hand"
                              else _count(x, path, f"{w}.{who}")) for who, x in val.items()}
        elif key in ("melds", "red_threes", "canastas", "score"):
            _mapping(val, path, w)
            for who in val:
                _side_of(who, names, sides, path, w)
            if key == "melds":
                out[key] = {who: _meld_map(x, path, f"{w}.{who}") for who, x in val.items()}
            elif key == "red_threes":
                out[key] = {who: cards_text(parse_cards_at(x, path, f"{w}.{who}"))
                            for who, x in val.items()}
            elif key == "canastas":
                out[key] = {who: _count(x, path, f"{w}.{who}") for who, x in val.items()}
            else:
                if not all(isinstance(x, int) and not isinstance(x, bool) for x in val.values()):
                    raise RecordError(key="record.scores", path=path, where=w)
                out[key] = dict(val)
        elif key in ("pile_size", "stock_size"):
            out[key] = _count(val, path, w)
        elif key == "pile_top":
            out[key] = None if val is None else cards_text(parse_cards_at([val], path, w))
        elif key == "frozen":
            if not isinstance(val, bool):
                raise RecordError(key="record.bool", path=path, where=w)
            out[key] = val
        elif key == "turn":
            out[key] = names[_player(val, names, path, w)]
        elif key == "phase":
            if val not in PHASES:
                raise RecordError(key="record.phase", facts={"known": ", ".join(PHASES)}, path=path,
                                  where=w)
            out[key] = val
    return out


def _mapping(value: Any, path: str, where: str) -> None:
    if not isinstance(value, Mapping):
        raise RecordError(key="record.keyed", path=path, where=where)


def _meld_map(value: Any, path: str, where: str) -> dict[str, str]:
    _mapping(value, path, where)
    return {str(label): cards_text(parse_cards_at(x, path, f"{where}.{label}"))
            for label, x in value.items()}


def _same(a: Sequence[Card], b: Sequence[Card]) -> bool:
    return Counter(a) == Counter(b)


def _diff(want: Sequence[Card], have: Sequence[Card]) -> tuple[Phrase, ...]:
    missing = Counter(want) - Counter(have)
    extra = Counter(have) - Counter(want)
    parts = []
    if missing:
        parts.append(P("checked.missing", cards=tuple(sorted_cards(missing.elements()))))
    if extra:
        parts.append(P("checked.extra", cards=tuple(sorted_cards(extra.elements()))))
    return tuple(parts)


def verify_checkpoint(state: State, cp: Mapping[str, Any], path: str = "", where: str = "checkpoint"
                      ) -> tuple[Phrase, ...]:
    """Check each fact of ``cp`` against ``state``; returns the facts verified (phrases a player
    reads: "you hold JK A♦ 6♥", "the pile has 2 cards") or raises :class:`RecordError` naming
    the fact that does not hold."""
    names, sides = state.names, state.sides
    done: list[Phrase] = []

    def fail(w: str, want: Any, have: Any, more: tuple[Phrase, ...] = ()) -> NoReturn:
        raise RecordError(key="record.check-failed",
                          facts={"expected": want, "found": have, "more": more}, path=path, where=w)

    def cards(cs: Sequence[Card]) -> Phrase:
        return P("checked.cards", cards=tuple(cs))

    def count(n: int) -> Phrase:
        return P("checked.count", count=n)

    for key, val in cp.items():
        w = f"{where}.{key}"
        if key == "hand":
            for who, text in val.items():
                seat = _player(who, names, path, w)
                want, have = list(_cards(text)), state.hands[seat]
                if not _same(want, have):
                    fail(f"{w}.{who}", cards(want), cards(have), _diff(want, have))
                done.append(P("check.hand", player=names[seat], cards=_cards(text)))
        elif key == "hand_size":
            for who, n in val.items():
                seat = _player(who, names, path, w)
                if len(state.hands[seat]) != n:
                    fail(f"{w}.{who}", count(n), count(len(state.hands[seat])))
                done.append(P("check.hand-size", player=names[seat], count=n))
        elif key == "melds":
            for who, melds in val.items():
                side = _side_of(who, names, sides, path, w)
                for label, text in melds.items():
                    idx = state.find_meld(side, label)
                    have = list(state.melds[side][idx].cards) if idx is not None else []
                    if idx is None or not _same(_cards(text), have):
                        fail(f"{w}.{who}.{label}", cards(_cards(text)),
                             cards(have) if idx is not None else P("checked.no-meld"))
                    done.append(P("check.meld", side=state.side_label(side), meld=label, cards=_cards(text)))
        elif key == "canastas":
            for who, n in val.items():
                side = _side_of(who, names, sides, path, w)
                have_n = len(state.canastas(side))
                if have_n != n:
                    fail(f"{w}.{who}", P("checked.canastas", count=n), P("checked.canastas", count=have_n))
                done.append(P("check.canastas", side=state.side_label(side), count=n))
        elif key == "red_threes":
            for who, text in val.items():
                side = _side_of(who, names, sides, path, w)
                if not _same(_cards(text), state.red_threes[side]):
                    fail(f"{w}.{who}", cards(_cards(text or "")), cards(state.red_threes[side]))
                done.append(P("check.red-threes", side=state.side_label(side), cards=_cards(text or "")))
        elif key == "score":
            for who, n in val.items():
                side = _side_of(who, names, sides, path, w)
                if state.scores[side] != n:
                    fail(f"{w}.{who}", n, state.scores[side])
                done.append(P("check.score", side=state.side_label(side), score=n))
        elif key == "pile_size":
            if len(state.pile) != val:
                fail(w, count(val), count(len(state.pile)))
            done.append(P("check.pile-size", count=val))
        elif key == "stock_size":
            if len(state.stock) != val:
                fail(w, count(val), count(len(state.stock)))
            done.append(P("check.stock-size", count=val))
        elif key == "pile_top":
            top = state.top.text if state.top is not None else None
            if top != val:
                fail(w, P("checked.top", card=parse_card(val) if val else None),
                     P("checked.top", card=state.top))
            done.append(P("check.pile-top", card=val or None))
        elif key == "frozen":
            frozen = bool(state.pile_frozen)
            if frozen != val:
                fail(w, P("checked.frozen", frozen=bool(val)), P("checked.frozen", frozen=frozen))
            done.append(P("check.frozen", frozen=bool(val)))
        elif key == "turn":
            if state.player != val:
                fail(w, val, state.player)
            done.append(P("check.turn", player=val))
        elif key == "phase":
            if state.phase != val:
                fail(w, P("checked.value", value=val), P("checked.value", value=state.phase))
            done.append(P("check.phase", phase=val))
    return tuple(done)


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(t) for t in text.split())


# ---- files ----------------------------------------------------------------------------------

def read_data(path: str | Path) -> Any:
    """The data of a JSON file (TOML when the name ends in .toml); malformed text raises
    :class:`RecordError` with the line and column. Texts come back composed (NFC), so that a
    name typed with a combining accent is the same name everywhere in the file."""
    p = Path(path)
    data = _parsed(read_text(p), p)
    try:
        return _composed(data)
    except RecursionError:
        raise RecordError(key="file.nested", path=str(p)) from None


def _composed(data: Any) -> Any:
    if isinstance(data, str):
        return unicodedata.normalize("NFC", data)
    if isinstance(data, list):
        return [_composed(x) for x in data]
    if isinstance(data, dict):
        return {_composed(k): _composed(x) for k, x in data.items()}
    return data


def toml_malformed(e: ValueError, path: str) -> RecordError:
    """The error for a TOML text that does not parse, naming its line and column."""
    at = re.search(r"line (\d+), column (\d+)", str(e))
    line, column = (int(at.group(1)), int(at.group(2))) if at else (0, 0)
    return RecordError(key="file.malformed", path=path, facts={
        "format": "TOML", "reason": str(e), "line": line, "column": column})


def _parsed(text: str, p: Path) -> Any:
    if p.suffix.lower() == ".toml":
        import tomllib

        try:
            return tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            raise toml_malformed(e, str(p)) from None
        except (ValueError, RecursionError) as e:  # a number too long, nesting too deep
            raise RecordError(key="file.unreadable", facts={"format": "TOML",
                                                            "reason": oversized_reason(e)},
                              path=str(p)) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(key="file.malformed", path=str(p), where=f"line {e.lineno}, column {e.colno}",
                          facts={"format": "JSON", "reason": e.msg, "line": 0, "column": 0},
                          line=e.lineno, column=e.colno) from None
    except (ValueError, RecursionError) as e:
        raise RecordError(key="file.unreadable", facts={"format": "JSON",
                                                        "reason": oversized_reason(e)},
                          path=str(p)) from None
    try:  # a "\ud800" escape loads as a lone surrogate that no output can print
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise RecordError(key="file.surrogate", path=str(p)) from None
    except RecursionError:
        raise RecordError(key="file.unreadable", facts={"format": "JSON",
                                                        "reason": P("reason.nested")},
                          path=str(p)) from None
    return data


def read_text(path: str | Path) -> str:
    """The text of a UTF-8 file of at most :data:`~canasta.limits.MAX_FILE_BYTES`: a larger one
    is refused before it is parsed, and at most one byte more than that is ever read (a
    device or a pipe that never ends is refused too)."""
    p = Path(path)
    try:
        with p.open("rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise RecordError(key="file.missing", path=str(p)) from None
    except IsADirectoryError:
        raise RecordError(key="file.folder", path=str(p)) from None
    except PermissionError:
        raise RecordError(key="file.denied", path=str(p)) from None
    except OSError as e:
        raise RecordError(key="file.unreadable-os", facts={"reason": str(e.strerror or e)},
                          path=str(p)) from None
    except ValueError as e:  # a file name with a NUL character
        raise RecordError(key="file.unreadable-os", facts={"reason": str(e)},
                          path=repr(str(p))) from None
    if len(data) > MAX_FILE_BYTES:
        raise RecordError(key="file.too-large", facts={"most": f"{MAX_FILE_BYTES:,}"}, path=str(p))
    try:
        return data.decode("utf-8").replace("\r\n", "\n")
    except UnicodeDecodeError:
        raise RecordError(key="file.not-utf8", path=str(p)) from None


def oversized_reason(error: Exception) -> Phrase | str:
    """A short reason for the errors that a parser raises on oversized input (the parser's own
    words for any other)."""
    if isinstance(error, RecursionError):
        return P("reason.nested")
    return P("reason.digits") if "digits" in str(error) else str(error)


def load_record(path: str | Path) -> Record:
    """Read and validate a record file (JSON, or TOML when the name ends in .toml)."""
    return parse_record(read_data(path), str(path))


def dump_json(data: Any) -> str:
    """JSON text with each list of plain values on one line (hands and melds stay readable)."""
    def dump(v: Any, indent: str) -> str:
        inner = indent + "  "
        if isinstance(v, Mapping) and v:
            items = [f"{inner}{json.dumps(str(k), ensure_ascii=False)}: {dump(x, inner)}"
                     for k, x in v.items()]
            return "{\n" + ",\n".join(items) + "\n" + indent + "}"
        if isinstance(v, (list, tuple)) and v and any(isinstance(x, (Mapping, list, tuple)) for x in v):
            return "[\n" + ",\n".join(inner + dump(x, inner) for x in v) + "\n" + indent + "]"
        return json.dumps(v, ensure_ascii=False)

    return dump(data, "") + "\n"


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` whole or not at all: a temporary file beside it, flushed to the
    disk, then renamed over it (the temporary file is removed when anything fails), so a full
    disk or a process killed meanwhile leaves the previous file, or none, never a fragment."""
    import os
    import secrets

    tmp = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    try:  # the rename itself reaches the disk with the folder's entry
        folder = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(folder)
    except OSError:
        pass
    finally:
        os.close(folder)


def save_record(record: Record, path: str | Path) -> None:
    """Write ``record`` as JSON (a .toml name is refused: records are saved as JSON)."""
    p = Path(path)
    if p.suffix.lower() == ".toml":
        raise RecordError(key="file.json-only", path=str(p))
    try:  # whole or not at all: a full disk leaves the previous record as it was
        write_atomic(p, dump_json(record.to_dict()).encode("utf-8"))
    except OSError as e:
        raise RecordError(key="file.unwritable", facts={"reason": str(e.strerror or e)},
                          path=str(p)) from None


def record_from_state(state: State, comments: Mapping[int, L] | Sequence[L | None] = (),
                      title: L | None = None) -> Record:
    """A record of a game played in the engine: its variant, seed, deals and every action
    (each named with its player, so that the replay checks the turn)."""
    notes = dict(comments) if isinstance(comments, Mapping) else dict(enumerate(comments))
    entries = [Entry(f"{state.names[step.seat]}: {step.action.without_player().text}",
                     notes.get(i)) for i, step in enumerate(state.history)]
    v = state.variant
    dealer = (state.dealer - (state.hand_no - 1)) % state.players  # NextHand moves it by one
    deals = [_deal_dict(d, state.names) for d in state.fixed_deals]
    return Record(variant=v.base_name(), seed=state.seed, names=state.names, deals=deals,
                  entries=entries, title=title, options={k: val for k, val, _ in v.house},
                  dealer=state.names[dealer])


def _deal_dict(deal: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
    out: dict[str, Any] = {"hands": {n: [c.text for c in h] for n, h in zip(names, deal["hands"],
                                                                          strict=True)},
                           "upcard": [c.text for c in deal.get("upcard", [])],
                           "stock": [c.text for c in deal["stock"]]}
    for k, piles in deal.items():
        if k.endswith("_piles"):
            out[k] = [[c.text for c in p] for p in piles]
    return out


def _l_dict(text: L) -> dict[str, str]:
    return {"en": text.en, "es": text.es}


def _entry_dict(e: Entry) -> Any:
    if e.comment is None and not e.checkpoint:
        return e.action
    out: dict[str, Any] = {"action": e.action}
    if e.comment is not None:
        out["comment"] = _l_dict(e.comment)
    if e.checkpoint:
        out["checkpoint"] = _checkpoint_json(e.checkpoint)
    return out


def _checkpoint_json(cp: Mapping[str, Any]) -> dict[str, Any]:
    """Checkpoint facts as JSON: card texts become lists of cards again."""
    out: dict[str, Any] = {}
    for key, val in cp.items():
        if key in ("hand", "red_threes"):
            out[key] = {k: x.split() for k, x in val.items()}
        elif key == "melds":
            out[key] = {k: {lab: x.split() for lab, x in m.items()} for k, m in val.items()}
        else:
            out[key] = val
    return out
