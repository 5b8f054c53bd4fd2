"""Game state: the deal, the turn, the table; ``check`` explains, ``apply`` changes.

A game is (variant, seed, actions): chance (shuffles) is derived from the seed and the hand
number, so replaying the same actions gives the same states.
"""

from __future__ import annotations

import random
import unicodedata
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, overload

from .actions import Action, Draw
from .cards import RANK_TEXT, Card, parse_card, sorted_cards
from .checks import check as check_action
from .effects import apply_action, deal_hand, drawn_from_stock
from .errors import CanastaError, IllegalActionError, RecordError
from .explain import Explanation, Side
from .melds import Meld
from .movegen import LISTED, Listing, checked_legal_actions, legal_listing
from .variant import Variant


class Step:
    """One applied action, its explanation, the automatic events it caused, and the seat that
    acted. For an action applied with :meth:`State.play` the explanation is built the first
    time it is read (by replaying the hand from where the state was last anchored)."""

    __slots__ = ("action", "events", "seat", "_explanation", "_anchor", "_index")

    def __init__(self, action: Action, explanation: Explanation | None = None,
                 events: tuple[Explanation, ...] = (), seat: int = 0,
                 anchor: _Anchor | None = None, index: int = 0) -> None:
        self.action = action
        self.events = events
        self.seat = seat
        self._explanation = explanation
        self._anchor = anchor  # where to replay from, and this step's place in the history
        self._index = index

    @property
    def explanation(self) -> Explanation:
        exp = self._explanation
        if exp is None:
            assert self._anchor is not None
            exp = self._explanation = self._anchor.explain(self._index)
            self._anchor = None
        return exp

    def __repr__(self) -> str:
        return f"<Step {self.action.text!r} by seat {self.seat}>"


class History:
    """The steps of a game in order: a list that copies of a state share.

    :meth:`share` gives a copy in constant time: both read the same steps, and the first of
    them to append extends the shared list in place. A copy that appends after another has
    takes its own list of the steps it had (a fork). Replaying a record copies the state after
    every action, so copying the whole list each time made replays quadratic in time and
    memory; sharing keeps them linear."""

    __slots__ = ("_steps", "_len")

    def __init__(self, steps: Iterable[Step] = ()) -> None:
        self._steps: list[Step] = list(steps)
        self._len = len(self._steps)

    def share(self) -> History:
        """A copy of these steps, sharing them (constant time)."""
        other = History()
        other._steps = self._steps
        other._len = self._len
        return other

    def append(self, step: Step) -> None:
        steps = self._steps
        if len(steps) != self._len:  # another copy went on from our last step: fork
            steps = self._steps = steps[:self._len]
        steps.append(step)
        self._len += 1

    def __len__(self) -> int:
        return self._len

    def __bool__(self) -> bool:
        return self._len > 0

    @overload
    def __getitem__(self, index: int) -> Step: ...

    @overload
    def __getitem__(self, index: slice) -> list[Step]: ...

    def __getitem__(self, index: int | slice) -> Step | list[Step]:
        if isinstance(index, slice):
            return self._steps[:self._len][index]
        n = self._len
        i = index + n if index < 0 else index
        if not 0 <= i < n:
            raise IndexError("history index out of range")
        return self._steps[i]

    def __iter__(self) -> Iterator[Step]:
        steps = self._steps
        for i in range(self._len):
            yield steps[i]

    def __reversed__(self) -> Iterator[Step]:
        steps = self._steps
        for i in range(self._len - 1, -1, -1):
            yield steps[i]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, History):
            return self._len == other._len and all(
                a is b for a, b in zip(self, other, strict=True))
        if isinstance(other, list):
            return list(self) == other
        return NotImplemented

    def __repr__(self) -> str:
        return f"<History of {self._len} steps>"


@dataclass
class HandResult:
    """The end of a hand: how it ended, each side's itemised score, and the running totals."""

    hand_no: int
    ended: Explanation
    lines: list[tuple[int, int, Explanation]]  # (side, points, explanation)
    totals: list[int]
    scores_before: list[int]
    scores_after: list[int]
    game_over: Explanation | None = None
    winner: int | None = None

    def side_lines(self, side: int) -> list[tuple[int, Explanation]]:
        return [(p, e) for s, p, e in self.lines if s == side]

    def to_dict(self, names: Sequence[str] = (), lang: str = "en") -> dict[str, Any]:
        return {
            "hand": self.hand_no,
            "ended": self.ended.to_dict(lang),
            "sides": [
                {"side": s, "lines": [{"rule": e.rule, "points": p, "message": e.message(lang)}
                                      for p, e in self.side_lines(s)],
                 "total": self.totals[s], "before": self.scores_before[s],
                 "after": self.scores_after[s]}
                for s in range(len(self.totals))
            ],
            "winner": self.winner,
        }


@dataclass
class State:
    """Everything about a game in progress. Create it with :func:`canasta.new_game`."""

    variant: Variant
    names: tuple[str, ...]
    seed: int = 0
    sides: tuple[tuple[int, ...], ...] = ()
    scores: list[int] = field(default_factory=list)
    hand_no: int = 0
    dealer: int = 0
    stock: list[Card] = field(default_factory=list)  # the top is the last card
    pile: list[Card] = field(default_factory=list)  # the top is the last card
    hands: list[list[Card]] = field(default_factory=list)
    melds: list[list[Meld]] = field(default_factory=list)  # per side
    red_threes: list[list[Card]] = field(default_factory=list)  # per side
    opened: list[bool] = field(default_factory=list)  # per side, this hand
    melded_before: list[bool] = field(default_factory=list)  # per player, before this turn
    turn: int = 0
    phase: str = "draw"  # draw | play | answer | hand-over | game-over
    pile_frozen: int = 0  # wild cards and red threes in the pile
    ask: str = ""  # "" | "asked" | "yes" | "no": the partner question this turn
    extra: dict[str, Any] = field(default_factory=dict)  # variant-specific state (alas, muertos…)
    history: History = field(default_factory=History)
    results: list[HandResult] = field(default_factory=list)
    deal_events: list[Explanation] = field(default_factory=list)
    fixed_deals: list[dict[str, Any]] = field(default_factory=list)
    # where the explanations of played steps are rebuilt from (see :meth:`play`)
    _anchor: _Anchor | None = field(default=None, repr=False, compare=False)

    # ---- views -----------------------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self.names)

    def side_of(self, seat: int) -> int:
        """The index of the side (partnership, or the player alone) that ``seat`` plays for."""
        return _side_index(self.sides)[seat]

    def side_name(self, side: int) -> str:
        return " & ".join(self.names[s] for s in self.sides[side])

    def side_label(self, side: int) -> Side:
        """The side as a message fact ("your side" / "tu pareja", "Ada and Cleo's side" / "la
        pareja de Ada y Cleo", or one player's name)."""
        seats = self.sides[side]
        return Side(tuple(self.names[s] for s in seats), len(seats) > 1)

    def partner_of(self, seat: int) -> int | None:
        side = self.sides[self.side_of(seat)]
        others = [s for s in side if s != seat]
        return others[0] if len(others) == 1 else None

    @property
    def player(self) -> str:
        """The name of the player to move (the partner while an answer is awaited)."""
        return self.names[self.actor]

    @property
    def actor(self) -> int:
        if self.phase == "answer":
            partner = self.partner_of(self.turn)
            return partner if partner is not None else self.turn
        return self.turn

    @property
    def top(self) -> Card | None:
        return self.pile[-1] if self.pile else None

    @property
    def is_over(self) -> bool:
        return self.phase == "game-over"

    @property
    def hand_over(self) -> bool:
        return self.phase in ("hand-over", "game-over")

    @property
    def last_result(self) -> HandResult | None:
        return self.results[-1] if self.results else None

    def seat_of(self, name: str) -> int | None:
        """The seat of the player called ``name`` (any case, spacing or accent composition)."""
        low = unicodedata.normalize("NFC", " ".join(name.split())).lower()
        for i, n in enumerate(self.names):
            if n.lower() == low:
                return i
        return None

    def canastas(self, side: int) -> list[Meld]:
        v = self.variant
        return [m for m in self.melds[side] if v.canasta_kind(m)]

    def find_meld(self, side: int, target: str) -> int | None:
        """Index of the side's meld named by ``target`` (rank text, '#N' or a label)."""
        t = target.upper()
        melds = self.melds[side]
        if t.startswith("#") and t[1:].isdigit():
            i = int(t[1:]) - 1
            return i if 0 <= i < len(melds) else None
        if t == "T":
            t = "10"
        for i, m in enumerate(melds):
            if m.kind in ("group", "black-threes") and RANK_TEXT.get(m.key, "") == t:  # type: ignore[arg-type]
                return i
            if m.label.upper() == t:
                return i
        return None

    # ---- the engine ---------------------------------------------------------------
    def check(self, action: Action | str) -> Explanation:
        """Whether ``action`` is allowed now, with the explanation; never changes the state."""
        return check_action(self, _as_action(action))

    def apply(self, action: Action | str) -> Explanation:
        """Apply ``action`` and return its explanation, or raise :class:`IllegalActionError`
        (the state is then exactly as it was)."""
        act = _as_action(action)
        exp = check_action(self, act)
        if not exp.allowed:
            raise IllegalActionError(exp, act.text, act)
        seat = self.actor
        anchor = self._anchored()
        exp = applied_explanation(self, act, exp)
        events = apply_action(self, act, exp)
        if anchor is not None:
            anchor.actions.append(act)
        self.history.append(Step(act, exp, tuple(events), seat))
        return exp

    def play(self, action: Action | str) -> Step:
        """Apply ``action`` like :meth:`apply`, building its explanation only when it is read
        (``step.explanation``): the way for bots and simulations. An action among the
        variant's fast legal actions is applied at once; any other goes through
        :meth:`apply` (and raises :class:`IllegalActionError` when refused, changing nothing).
        The explanation is rebuilt by replaying the hand's actions from a copy taken at its
        first play, so a state edited by hand in between should use :meth:`apply`."""
        act = action if isinstance(action, Action) else _as_action(action)
        # Variant.fast_allows, inlined on the hot path of bots, simulations and search
        moves = self.variant.fast_moves()
        found = moves.answer(self) if moves is not None else None
        if found is None or not (id(act) in map(id, found) or act in found):
            self.apply(act)
            return self.history[-1]
        history = self.history
        n = history._len  # the hot path of bots and simulations: no method calls on History
        anchor = self._anchor
        if anchor is None or anchor.hand_no != self.hand_no or anchor.start + len(anchor.actions) != n:
            # a copy of the state now: the explanations of this hand are rebuilt from it (also
            # when the history was changed by other means since the anchor was taken)
            anchor = self._anchor = _Anchor(self._anchor_copy(), self.hand_no, n)
        step = Step(act, None, (), self.actor, anchor, n)
        step.events = tuple(apply_action(self, act, None))
        anchor.actions.append(act)
        steps = history._steps
        if len(steps) == n:
            steps.append(step)
            history._len = n + 1
        else:
            history.append(step)  # another copy went on from here: fork
        return step

    def _anchor_copy(self) -> State:
        """A copy to replay this hand's explanations from: without the history, which no
        verdict reads, so that the steps (which hold the anchor) and the anchor hold no cycle
        and a finished hand is freed at once, without the garbage collector."""
        copy = self.copy()
        copy.history = History()
        return copy

    def _anchored(self) -> _Anchor | None:
        """The anchor, if every action since it was taken is recorded in it."""
        anchor = self._anchor
        if anchor is not None and anchor.start + len(anchor.actions) != len(self.history):
            anchor = self._anchor = None  # the history was changed by other means
        return anchor

    def legal_actions(self) -> list[Action]:
        """Exactly the actions that :meth:`check` allows now, all of them: for a big hand that
        has not opened, its first melds may number in the millions (see
        :func:`canasta.movegen.legal_actions`); what is shown or chosen from comes from
        :meth:`legal_listing`."""
        # movegen.legal_actions, inlined on the hot path of bots, simulations and search
        moves = self.variant.fast_moves()
        found = moves.answer(self) if moves is not None else None
        return list(found) if found is not None else checked_legal_actions(self)

    def legal_listing(self, per_kind: int = LISTED) -> Listing:
        """The first ``per_kind`` legal actions of each kind (in :meth:`legal_actions`' order)
        and which kinds have more, with bounded work."""
        return legal_listing(self, per_kind)

    def copy(self) -> State:
        """An independent copy; the history's steps are shared (see :class:`History`)."""
        return State(
            variant=self.variant, names=self.names, seed=self.seed, sides=self.sides,
            scores=list(self.scores), hand_no=self.hand_no, dealer=self.dealer,
            stock=list(self.stock), pile=list(self.pile), hands=[list(h) for h in self.hands],
            melds=[list(m) for m in self.melds], red_threes=[list(r) for r in self.red_threes],
            opened=list(self.opened), melded_before=list(self.melded_before), turn=self.turn,
            phase=self.phase, pile_frozen=self.pile_frozen, ask=self.ask,
            extra=_copy_extra(self.extra), history=self.history.share(), results=list(self.results),
            deal_events=list(self.deal_events), fixed_deals=self.fixed_deals,
        )

    def to_dict(self) -> dict[str, Any]:
        """A full, JSON-ready serialisation (used to prove that refused actions change nothing)."""
        return {
            "variant": self.variant.name, "names": list(self.names), "seed": self.seed,
            "scores": list(self.scores), "hand": self.hand_no, "dealer": self.dealer,
            "stock": [c.text for c in self.stock], "pile": [c.text for c in self.pile],
            "hands": [[c.text for c in h] for h in self.hands],
            "melds": [[m.to_dict() for m in side] for side in self.melds],
            "red_threes": [[c.text for c in r] for r in self.red_threes],
            "opened": list(self.opened), "melded_before": list(self.melded_before),
            "turn": self.turn, "phase": self.phase, "pile_frozen": self.pile_frozen,
            "ask": self.ask, "extra": _extra_dict(self.extra),
            "history": [s.action.text for s in self.history],
            "results": [r.totals for r in self.results],
        }

    def all_cards(self) -> Counter[Card]:
        """Every card in play: stock, pile, hands, melds, red threes and variant piles."""
        total: Counter[Card] = Counter(self.stock)
        total.update(self.pile)
        for h in self.hands:
            total.update(h)
        for side in self.melds:
            for m in side:
                total.update(m.cards)
        for r in self.red_threes:
            total.update(r)
        for pile in _extra_piles(self.extra):
            total.update(pile)
        return total

    def conservation_errors(self) -> list[str]:
        """Differences between the cards in play and the pack (empty when every card is there)."""
        from .cards import pack_counter

        want = pack_counter(self.variant.decks, self.variant.jokers)
        have = self.all_cards()
        errors = []
        for c in set(want) | set(have):
            if want[c] != have[c]:
                errors.append(f"{c.text}: {have[c]} in play, {want[c]} in the pack")
        return errors

    # ---- rendering hooks (imported lazily) -------------------------------------------
    def __rich__(self) -> Any:
        from .render.rich import state_rich

        return state_rich(self)

    def _repr_html_(self) -> str:
        from .render.html import state_html

        return state_html(self)

    def __repr__(self) -> str:
        return (f"<State {self.variant.name} hand {self.hand_no} {self.phase} "
                f"turn={self.names[self.turn]} stock={len(self.stock)} pile={len(self.pile)}>")

    # ---- dealing -------------------------------------------------------------------
    def deal(self, fixed: Mapping[str, Any] | None = None) -> None:
        """Deal a new hand: shuffled from (seed, hand number), or from a fixed deal."""
        deal_hand(self, fixed)


class _Anchor:
    """A copy of a state in the middle of a game, and the actions applied since (no reference
    back to the live state, so a finished game is freed at once)."""

    __slots__ = ("state", "hand_no", "start", "actions")

    def __init__(self, state: State, hand_no: int, start: int) -> None:
        self.state = state
        self.hand_no = hand_no
        self.start = start  # the history index of the first action after the copy
        self.actions: list[Action] = []

    def explain(self, index: int) -> Explanation:
        """The explanation of history step ``index``, rebuilt: a copy of the anchored state
        replays the actions since the anchor, then checks the action."""
        state = self.state.copy()
        actions = self.actions
        # every action since the anchor was allowed when it was applied
        for act in actions[:index - self.start]:
            apply_action(state, act, None)
        act = actions[index - self.start]
        return applied_explanation(state, act, check_action(state, act))


def applied_explanation(state: State, action: Action, exp: Explanation) -> Explanation:
    """The explanation of an allowed action about to be applied: a draw names the cards it
    draws (its check, asked before the draw, does not: the stock is face down)."""
    if isinstance(action, Draw) and exp.rule == "draw.stock" and exp.allowed:
        drawn = drawn_from_stock(state, int(exp.facts.get("count", 0)))
        return Explanation(exp.allowed, exp.rule, {**exp.facts, "cards": drawn},
                           exp.source, exp.because, exp.variant)
    return exp


_SIDE_INDEX: dict[tuple[tuple[int, ...], ...], dict[int, int]] = {}


_last_sides: list[Any] = [None, None]  # the last (sides, index): asked many times a decision


def _side_index(sides: tuple[tuple[int, ...], ...]) -> dict[int, int]:
    if sides is _last_sides[0]:
        return _last_sides[1]  # type: ignore[no-any-return]
    found = _SIDE_INDEX.get(sides)
    if found is None:
        found = _SIDE_INDEX[sides] = {seat: i for i, side in enumerate(sides) for seat in side}
    _last_sides[0], _last_sides[1] = sides, found
    return found


def _as_action(action: Action | str) -> Action:
    if isinstance(action, Action):
        return action
    from .actions import parse_action

    return parse_action(action)


def _copy_extra(extra: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in extra.items():
        if isinstance(v, list):
            out[k] = [list(x) if isinstance(x, list) else x for x in v]
        elif isinstance(v, dict):
            out[k] = dict(v)
        else:
            out[k] = v
    return out


def _extra_piles(extra: Mapping[str, Any]) -> Iterable[list[Card]]:
    """Variant card piles kept in ``extra`` under keys ending in '_piles' (lists of lists)."""
    for k, v in extra.items():
        if k.endswith("_piles"):
            yield from v


def _extra_dict(extra: Mapping[str, Any]) -> dict[str, Any]:
    def conv(v: Any) -> Any:
        if isinstance(v, Card):
            return v.text
        if isinstance(v, (list, tuple)):
            return [conv(x) for x in v]
        if isinstance(v, dict):
            return {str(k): conv(x) for k, x in v.items()}
        return v

    return {k: conv(v) for k, v in sorted(extra.items())}


def shuffled_pack(variant: Variant, seed: int, hand_no: int) -> list[Card]:
    """The shuffled pack of a hand, derived only from (seed, hand number)."""
    from .cards import make_pack

    pack = make_pack(variant.decks, variant.jokers)
    random.Random(f"canasta:{seed}:{hand_no}").shuffle(pack)
    return pack


def parse_fixed_deal(variant: Variant, names: Sequence[str], deal: Mapping[str, Any],
                     path: str = "") -> dict[str, Any]:
    """Validate a fixed deal {hands: {name: [cards]}, upcard, stock: [draw order], …}."""
    from .cards import pack_counter

    if not isinstance(deal, Mapping) or "hands" not in deal or "stock" not in deal:
        raise RecordError(key="deal.keys", path=path, where="deal")
    hands_raw = deal["hands"]
    if not isinstance(hands_raw, Mapping):
        raise RecordError(key="deal.hands", path=path, where="deal.hands")
    hands: list[list[Card]] = []
    for n in names:
        if n not in hands_raw:
            raise RecordError(key="deal.no-hand", facts={"who": n}, path=path, where="deal.hands")
        hands.append(_cards_at(hands_raw[n], path, f"deal.hands.{n}"))
    for n in hands_raw:
        if n not in names:
            raise RecordError(key="deal.unknown-player", facts={"who": str(n)}, path=path,
                              where="deal.hands")
    upcard = deal.get("upcard")
    ups = _cards_at(upcard if isinstance(upcard, list) else ([upcard] if upcard else []), path,
                    "deal.upcard")
    stock = _cards_at(deal["stock"], path, "deal.stock")
    extra_piles = {k: [_cards_at(p, path, f"deal.{k}[{i}]") for i, p in enumerate(v)]
                   for k, v in deal.items() if k.endswith("_piles")}
    every: Counter[Card] = Counter(stock) + Counter(ups)
    for h in hands:
        every.update(h)
    for piles in extra_piles.values():
        for p in piles:
            every.update(p)
    want = pack_counter(variant.decks, variant.jokers)
    over = sorted((c for c in every if every[c] > want[c]), key=lambda c: c.text)
    if over:
        c = over[0]
        raise RecordError(key="scenario.copies", facts={"card": c, "count": every[c], "most": want[c]},
                          path=path, where="deal")
    missing = want - every
    if missing:
        raise RecordError(key="deal.missing", facts={
            "cards": tuple(sorted_cards(missing.elements())), "count": sum(missing.values())},
            path=path, where="deal")
    return {"hands": hands, "upcard": ups, "stock": stock, **extra_piles}


def _cards_at(items: Any, path: str, where: str) -> list[Card]:
    if not isinstance(items, list):
        raise RecordError(key="record.cards", path=path, where=where)
    out = []
    for i, t in enumerate(items):
        try:
            out.append(parse_card(t))
        except ValueError as e:
            if isinstance(e, CanastaError):
                raise RecordError.moved(e, path=path, where=f"{where}[{i}]") from None
            raise RecordError(str(e), path=path, where=f"{where}[{i}]") from None
    return out
