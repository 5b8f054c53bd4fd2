"""Bots that choose among the legal actions, by level: ``random`` (uniform), ``greedy`` (takes the
pile when it can, melds and lays off as much as it can, discards its least useful card) and
``careful`` (greedy, with the discards a careful player makes).

Every bot answers :meth:`decide` with a :class:`Choice`: the action and why, as a reason key and
the facts behind it (the coach renders them in the learner's language, see
``canasta.render.coach``); :meth:`choose` is the action alone. Bots read the engine's legal
actions and the table; the engine alone decides what is legal.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from .actions import Action, Add, Answer, AskPartner, Discard, Draw, Meld, NextHand, Pass, TakePile
from .cards import ACE, pack_counter
from .determinize import known_in_hands, visible_cards
from .errors import CanastaError
from .movegen import BOT_LISTED

if TYPE_CHECKING:
    from .cards import Card
    from .state import State


@dataclass(frozen=True)
class Choice:
    """A bot's move and why: ``why`` is a reason key (``take.pair``, ``discard.keep_wild``…) and
    ``facts`` the cards and numbers it speaks of."""

    action: Action
    why: str
    facts: Mapping[str, Any] = field(default_factory=dict)


class RandomBot:
    """Chooses uniformly among the legal actions (``state.legal_listing(BOT_LISTED)``: the
    complete list in every usual position; for a huge hand, the first thousand of each kind)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        actions = _legal(state)
        return actions[self.rng.randrange(len(actions))]

    def decide(self, state: State) -> Choice:
        action = self.choose(state)
        return Choice(action, "only" if len(_legal(state)) == 1 else "random")


def _legal(state: State) -> list[Action]:
    """The legal actions a bot chooses among: the first ``BOT_LISTED`` of each kind, with
    bounded work (every usual position's complete list; a hand that has not opened may hold
    millions of first melds)."""
    return state.legal_listing(BOT_LISTED).actions


def _size(a: Action) -> int:
    if isinstance(a, Meld):
        return sum(len(g) for g in a.groups)
    if isinstance(a, Add):
        return len(a.cards)
    if isinstance(a, TakePile):
        return 100 + len(a.with_cards) + sum(len(g) for g in a.extra)
    return 0


class GreedyBot:
    """Takes the pile when it can, melds and lays off as much as possible, then discards its
    least useful card (the lowest-valued single, never a wild card if it can help it).

    A take that melds the top card at once (classic, Americana) is always worth it. A take of the
    whole pile into the hand with nothing melded (Canasta Real, where the take is unconditional)
    is made only when the top card helps: after the take, some legal meld or lay-off holds it.
    Otherwise the bot draws, so the stock runs down and the hand can end."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        return self.decide(state).action

    def decide(self, state: State, actions: list[Action] | None = None) -> Choice:
        """The choice among ``actions`` (by default, the legal ones a bot is given)."""
        if actions is None:
            actions = _legal(state)
        # sparing of melds that cost while short of a canasta (Canasta Americana; nothing
        # elsewhere): without it the greedy bot lost to uniform random play there
        actions = [a for a in actions if not _costly(state, a)] or actions
        if len(actions) == 1 and not isinstance(actions[0], (Discard, Draw)):
            return _plain(state, actions[0])
        takes = [a for a in actions if isinstance(a, TakePile)
                 and (a.with_cards or a.onto is not None or a.extra or _top_helps(state, a))]
        if takes:
            return _take_choice(state, max(takes, key=_size))
        plays = [a for a in actions if isinstance(a, (Meld, Add))]
        if plays:
            return _play_choice(state, max(plays, key=_size))
        if any(isinstance(a, Draw) for a in actions):
            return _draw_choice(state, actions)
        discards = [a for a in actions if isinstance(a, Discard)]
        if discards:
            return self.discard(state, discards)
        rest = [a for a in actions if not isinstance(a, AskPartner)]
        return _plain(state, (rest or actions)[0])

    def discard_cost(self, state: State, card: Card) -> tuple[int, ...]:
        """The lower, the likelier to go: wild cards last, first the cards that cost when held
        (Americana's aces and sevens), then cards with others of their rank in the hand, then
        by value."""
        v = state.variant
        hand = state.hands[state.turn]
        same = sum(1 for x in hand if x.rank == card.rank)
        wild = 1 if v.is_wild(card) else 0
        costly = 0 if v.held_cost(card.rank, 3) and not wild else 1
        return (wild, costly, same, v.value(card))

    def discard(self, state: State, discards: list[Discard]) -> Choice:
        best = min(discards, key=lambda a: self.discard_cost(state, _card(a)))
        return _discard_choice(state, best, "")


class CarefulBot(GreedyBot):
    """The greedy bot's takes and melds, with a careful player's discards: a black three first
    where it blocks the pile; never a card the opponents could lay on a meld of theirs and so take
    the pile with it; rather a rank an opponent has just thrown away; then the greedy order.

    Where the pile is taken otherwise, the danger is that variant's own. In Canasta Real (the
    whole pile into the hand, whenever the player likes) never a card that extends an opponent's
    run or makes a run with cards of the pile, rather a card the next player has thrown away, and
    the cards kept are those near others of their suit, not pairs of a rank. In Canasta Americana
    (the pile only with a natural pair of its top card) never a rank the next player may hold two
    of, while the pile is worth taking."""

    name = "careful"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        # what a decision's discards share (the table read once, not once a card); kept with
        # the state it was read from, so a new state is never mistaken for it
        self._read: tuple[State, tuple[Any, ...], _RealRead | _AmericanaRead] | None = None

    def discard_cost(self, state: State, card: Card) -> tuple[int, ...]:
        v = state.variant
        base = v.base_name()
        if base == "real":
            return self._real_cost(state, card)
        if base == "americana":
            return self._americana_cost(state, card)
        wild, costly, same, value = GreedyBot.discard_cost(self, state, card)
        blocks = v.discard_covers_pile(state, card)
        # a card that feeds their meld matters only where the pile may be taken onto a meld:
        # not while the next player needs a natural pair for it (rioplatense's pozo madre)
        feeds = (v.pile_take_onto_meld and card.rank in _their_meld_ranks(state)
                 and not blocks and not wild
                 and not v.pile_needs_pair(state, state.side_of((state.turn + 1) % state.players)))
        safe = card.rank in _their_discards(state)
        return (wild, 0 if blocks else 1, costly, 1 if feeds else 0, same, 0 if safe else 1, value)

    def _table(self, state: State) -> _RealRead | _AmericanaRead:
        key = (len(state.history), state.turn, state.phase, tuple(state.hands[state.turn]),
               len(state.pile), len(state.stock))
        if self._read is None or self._read[0] is not state or self._read[1] != key:
            read = _RealRead(state) if state.variant.base_name() == "real" else _AmericanaRead(state)
            self._read = (state, key, read)
        return self._read[2]

    def _real_cost(self, state: State, card: Card) -> tuple[int, ...]:
        v = state.variant
        if v.is_wild(card):
            return (1, 0, 0, 0, v.value(card))
        read = self._table(state)
        assert isinstance(read, _RealRead)
        return (0, 1 if read.danger(card) else 0, 0 if card in read.gone else 1,
                read.kept(card), v.value(card))

    def _americana_cost(self, state: State, card: Card) -> tuple[int, ...]:
        wild, costly, same, value = GreedyBot.discard_cost(self, state, card)
        read = self._table(state)
        assert isinstance(read, _AmericanaRead)
        danger = 0 if wild else read.danger(card.rank)
        return (wild, costly, danger, same, read.unseen[card.rank], value)

    def discard(self, state: State, discards: list[Discard]) -> Choice:
        best = min(discards, key=lambda a: self.discard_cost(state, _card(a)))
        c = _card(best)
        v = state.variant
        base = v.base_name()
        hand = state.hands[state.turn]
        note = ""
        if base == "real":
            read = self._table(state)
            assert isinstance(read, _RealRead)
            if not read.danger(c) and any(not v.is_wild(x) and read.danger(x) for x in hand):
                note = "safe_run"
            elif c in read.gone:
                note = "gone"
        elif base == "americana":
            am = self._table(state)
            assert isinstance(am, _AmericanaRead)
            if not v.is_wild(c) and not am.danger(c.rank) and any(
                    not v.is_wild(x) and x.rank != 3 and am.danger(x.rank) for x in hand):
                note = "safe_pair"
        elif v.discard_covers_pile(state, c) and len(hand) > 1 and (state.pile or c.rank != 3):
            # a black three (on an empty pile it holds back nothing), or a canasta's rank
            note = "block" if c.rank == 3 else "tapa"
        elif (not v.is_wild(c) and v.pile_take_onto_meld and _their_meld_ranks(state)
              and not v.pile_needs_pair(state, state.side_of((state.turn + 1) % state.players))
              and any(x.rank in _their_meld_ranks(state) for x in hand)
              and c.rank not in _their_meld_ranks(state)):
            # (their melds matter only where the next player may take the pile onto one: not
            # while a natural pair is needed for it, as discard_cost reads it too)
            note = "safe"
        return _discard_choice(state, best, note)


@cache
def _pack(decks: int, jokers: int) -> Counter[Card]:
    """The whole pack as a multiset, made once (only ever subtracted from, never changed)."""
    return pack_counter(decks, jokers)


def _places(c: Card) -> tuple[int, ...]:
    """The places a card takes in a run: an ace is 1 (before the 2) or 14 (after the K)."""
    return (1, 14) if c.rank == ACE else (c.rank,)


def _next_discards(state: State, seat: int) -> list[Card]:
    """The cards ``seat`` has discarded this hand."""
    out: list[Card] = []
    for step in reversed(state.history):
        if isinstance(step.action, NextHand):
            break
        if isinstance(step.action, Discard) and step.seat == seat and step.action.card is not None:
            out.append(step.action.card)
    return out


class _RealRead:
    """What a careful Canasta Real player reads off the table before a discard: the opponents'
    runs, the pile (which the next player takes whole into the hand), the cards still out of
    sight, the cards the next player has thrown away, and the turn's own hand, by suit and place."""

    def __init__(self, state: State) -> None:
        v = state.variant
        self.v = v
        me = state.turn
        side = state.side_of(me)
        self.theirs = [m for s, melds in enumerate(state.melds) if s != side for m in melds
                       if m.kind == "run"]
        self.pile: dict[str, set[int]] = {}
        self.pile_wild = False
        for c in state.pile:
            if v.is_wild(c):
                self.pile_wild = True
            else:
                self.pile.setdefault(c.suit, set()).update(_places(c))
        self.hand: dict[str, set[int]] = {}
        for c in state.hands[me]:
            if not v.is_wild(c):
                self.hand.setdefault(c.suit, set()).update(_places(c))
        self.unseen: Counter[tuple[str, int]] = Counter()
        for c, n in (_pack(v.decks, v.jokers) - visible_cards(state, me)).items():
            if not v.is_wild(c):
                for p in _places(c):
                    self.unseen[(c.suit, p)] += n
        self.gone = set(_next_discards(state, (me + 1) % state.players))

    def feeds(self, c: Card) -> bool:
        """Whether ``c`` extends a run of the opponents' (so the pile taken with it lays it off)."""
        return any(self.v.extend_meld(m, (c,))[0] is not None for m in self.theirs)

    def pile_run(self, c: Card) -> bool:
        """Whether ``c`` makes a run with two cards of the pile (the next player's, if taken)."""
        have = self.pile.get(c.suit, set())
        for p in _places(c):
            if (p - 1 in have and (p - 2 in have or p + 1 in have)) or (p + 1 in have and p + 2 in have):
                return True
            if self.pile_wild and any(q in have for q in (p - 2, p - 1, p + 1, p + 2)):
                return True
        return False

    def danger(self, c: Card) -> bool:
        return self.feeds(c) or self.pile_run(c)

    def kept(self, c: Card) -> int:
        """How much a card is worth keeping: others of its suit next to it (2) or one place away
        (1) in the hand, and the cards next to it still out of sight (which the next player may
        hold)."""
        mine = self.hand.get(c.suit, set())
        own = set(_places(c))
        near = 0
        for q in mine - own:
            d = min(abs(q - p) for p in own)
            near += 2 if d == 1 else 1 if d == 2 else 0
        return near + sum(self.unseen[(c.suit, p + d)] for p in own for d in (-1, 1))


class _AmericanaRead:
    """What a careful Canasta Americana player reads before a discard: the pile is taken only with
    two natural cards of its top card's rank from the hand, so a rank is dangerous while the next
    player may hold two of it — known to hold them (taken from the pile), or not ruled out by the
    cards in sight, a meld of theirs of five or more (which no take may grow), a meld of theirs of
    that rank (the greedy lay-offs), or a card of it the next player has thrown away."""

    def __init__(self, state: State) -> None:
        v = state.variant
        me = state.turn
        nxt = (me + 1) % state.players
        side = state.side_of(me)
        self.unseen: Counter[int] = Counter()
        for c, n in (_pack(v.decks, v.jokers) - visible_cards(state, me)).items():
            self.unseen[c.rank] += n
        self.known: Counter[int] = Counter()
        for c, n in known_in_hands(state)[nxt].items():
            self.known[c.rank] += n
        groups = [m for s, melds in enumerate(state.melds) if s != side for m in melds
                  if m.kind == "group"]
        self.full = {m.key for m in groups if m.size >= 5}
        self.theirs = {m.key for m in groups}
        self.gone = {c.rank for c in _next_discards(state, nxt)}
        self.worth = len(state.pile) >= AMERICANA_PILE_WORTH

    def danger(self, rank: int) -> int:
        """0 (safe) to 3 (the next player is known to hold two)."""
        if not self.worth or rank in self.full:
            return 0
        if self.known[rank] >= 2:
            return 3
        if self.known[rank] + self.unseen[rank] < 2:
            return 0
        if self.known[rank] == 1:
            return 2
        return 0 if rank in self.gone or rank in self.theirs else 1


AMERICANA_PILE_WORTH = 3
"""The pile's size from which a careful Americana player guards it (a smaller one is not worth
giving up a card the hand needs)."""


class ThriftyBot(GreedyBot):
    """The greedy bot under its former name for simulations of whole games: the greedy bot now
    spares what costs at the end of a hand (Canasta Americana's melds short of a canasta, threes
    that do not count yet, aces and sevens held), which was all this bot added."""

    name = "thrifty"


def _costly(state: State, a: Action) -> bool:
    """Whether ``a`` lays down a meld that costs while short of a canasta, or threes that do not
    count yet."""
    v = state.variant
    if isinstance(a, Meld):
        groups: tuple[tuple[Card, ...], ...] = a.groups
    elif isinstance(a, TakePile) and state.pile and not a.onto and a.depth == 1:
        top = state.pile[-1]
        side = state.side_of(state.turn)
        grows = any(m.kind == "group" and m.key == top.rank for m in state.melds[side])
        groups = a.extra if grows else ((top, *a.with_cards), *a.extra)
    else:
        return False
    side = state.side_of(state.turn)
    for g in groups:
        meld = v.make_meld(g)[0]
        if meld is None:
            continue
        if v.incomplete_cost(meld):
            return True
        if meld.kind == "threes" and len(state.hands[state.turn]) > 3 and sum(
                1 for m in state.melds[side] if v.canasta_kind(m)) < v.canastas_to_go_out:
            return True
    return False


class ExpertBot(GreedyBot):
    """Search over the hidden cards: the few moves the heuristics rank best (the ``careful``
    and ``greedy`` choices, holding back a meld, keeping wild cards, the next best discards)
    are each played on ``samples`` re-deals of the cards the seat cannot see
    (:func:`canasta.determinize.determinize`), and every continuation is played to the end of the
    hand by a fast policy (:mod:`canasta.playout`); the move with the best average score for the
    side wins. Every move is tried on the same re-deals and the same continuations' seeds
    (common random numbers), so their difference is not the deal's luck.

    The budget is ``playouts`` continuations a decision, shared among the moves, so the advice is
    the same for the same seed and budget on any machine; it never reads a card its seat cannot
    see (a re-deal depends only on the seat's view)."""

    name = "expert"
    playouts = 48
    """Continuations a decision for a table bot (see :data:`COACH_PLAYOUTS` for the coach)."""
    most_moves = 4

    def __init__(self, seed: int = 0, playouts: int | None = None) -> None:
        super().__init__(seed)
        self.seed = seed
        if playouts is not None:
            self.playouts = playouts

    asks_first = False
    """Whether the bot asks its partner before a move that goes out (the coach does: seed 003
    says «Pide permiso antes a tu compañero»; the table's bots go out unasked, as the engine
    allows)."""

    def decide(self, state: State, actions: list[Action] | None = None) -> Choice:
        from .search import search_choice

        if actions is None:
            actions = _legal(state)
        choice = search_choice(state, actions, self.seed, self.playouts, self.most_moves)
        if self.asks_first:
            ask = next((a for a in actions if isinstance(a, AskPartner)), None)
            left = _left_after(state, choice.action)
            if ask is not None and left is not None and left <= 1:
                # the move leaves no card, or the last one to discard: going out this turn
                return Choice(ask, "ask.first", {**choice.facts, "then": choice.action,
                                                 "left": left})
        return choice


COACH_PLAYOUTS: dict[str, int] = {"classic": 1500, "rioplatense": 2700, "americana": 2700,
                                  "real": 700, "individual": 2500}
"""The coach's budget by variant (continuations a decision, every variant's on its counts
kernel): a hint within about a second of CPU in CPython at its slowest, with two players as
with four (``benchmarks/strength.py --hint-time`` measures it). Canasta Real's playouts are the
longest, two-player ones some 1.6 times a four-player one's."""


BOTS: dict[str, type[RandomBot] | type[GreedyBot]] = {
    "random": RandomBot, "greedy": GreedyBot, "careful": CarefulBot, "expert": ExpertBot}
"""The bot levels by name, weakest first (a table is made with one level per bot seat)."""

ALL_BOTS: dict[str, type[RandomBot] | type[GreedyBot]] = {**BOTS, "thrifty": ThriftyBot}
"""Every bot by name: the table's levels, and ``thrifty`` for simulations of whole games."""


def make_bot(level: str, seed: int = 0) -> RandomBot | GreedyBot:
    """A bot of ``level`` (one of :data:`ALL_BOTS`); raises ValueError naming the levels."""
    try:
        return ALL_BOTS[level](seed)
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}; choose one of {', '.join(ALL_BOTS)}") from None


def coach_seed(state: State) -> int:
    """The coach's seed at ``state``: from the game's seed and the move number, so the card
    table and the terminal give the same advice at the same point of the same game (and an
    undo, replayed, the same again)."""
    return (state.seed or 0) * 100_003 + len(state.history)


def make_coach(level: str, seed: int = 0, variant: str = "classic") -> RandomBot | GreedyBot:
    """The coach of ``level``: as :func:`make_bot`, with the coach's budget in ``variant`` (a
    variant's base name) for ``expert``."""
    if level == "expert":
        coach = ExpertBot(seed, COACH_PLAYOUTS.get(variant, min(COACH_PLAYOUTS.values())))
        coach.asks_first = True
        return coach
    return make_bot(level, seed)


# ---- reasons --------------------------------------------------------------------------------

def _card(a: Discard) -> Card:
    assert a.card is not None
    return a.card


def _plain(state: State, a: Action) -> Choice:
    if isinstance(a, NextHand):
        return Choice(a, "next")
    if isinstance(a, AskPartner):
        return Choice(a, "ask")
    if isinstance(a, Answer):
        return Choice(a, "answer.yes" if a.yes else "answer.no")
    if isinstance(a, Pass):
        return Choice(a, "pass")
    if isinstance(a, Discard):
        return _discard_choice(state, a, "")
    # held to a partner's yes, the one move left is the one that still goes out this turn
    return Choice(a, "only.yes" if state.ask == "yes" else "only")


def _take_choice(state: State, a: TakePile) -> Choice:
    top = state.pile[-a.depth] if a.depth <= len(state.pile) else state.pile[-1]
    side = state.side_of(state.turn)
    facts: dict[str, Any] = {"top": top, "count": a.depth if a.depth > 1 else len(state.pile),
                             "with_cards": a.with_cards, "rank": top.rank}
    if a.depth > 1 and state.variant.entry_with_cards_above:
        # the cards taken above the one gone in for that go down with it (spent first, as the
        # take spends them): the coach says which come from the hand
        left = list(state.pile[-a.depth + 1:])
        above = []
        for c in a.with_cards:
            if c in left:
                left.remove(c)
                above.append(c)
        if above:
            facts["above"] = tuple(above)
    if a.onto is not None:
        return Choice(a, "take.onto", facts)
    if not a.with_cards:  # the whole pile into the hand (Canasta Real): the top card said
        # to help only where, once taken, a meld or a lay-off holds it
        return Choice(a, "take.helps" if _top_helps(state, a) else "take.whole", facts)
    if a.depth > 1:
        return Choice(a, "take.deep", facts)
    if a.extra and not state.opened[side]:
        v = state.variant
        groups = ((top, *a.with_cards), *a.extra)
        facts.update(extra=a.extra, need=v.opening_need(state.scores[side])[0],
                     points=sum(v.meld_points(g) for g in groups),
                     alone=state.partner_of(state.turn) is None)
        return Choice(a, "take.open", facts)
    return Choice(a, "take.pair", facts)


def _draw_choice(state: State, actions: list[Action]) -> Choice:
    draw = next(a for a in actions if isinstance(a, Draw))
    top = state.top
    if top is None:
        return Choice(draw, "draw.empty")
    takes = [a for a in actions if isinstance(a, TakePile)]
    if takes:
        if any(a.depth > 1 for a in takes):  # (the pile taken at any depth: not its top alone)
            return Choice(draw, "draw.useless-deep", {"top": top})
        return Choice(draw, "draw.useless", {"top": top})
    # no legal take: what the engine says to the most natural one (a pair of the top's rank,
    # else one of its rank and a wild card: refused on a frozen pile, which the learner is told)
    hand = state.hands[state.turn]
    pair = tuple(c for c in hand if c.rank == top.rank)[:2]
    if len(pair) == 1 and not state.variant.is_wild(top):
        pair += tuple(c for c in hand if state.variant.is_wild(c))[:1]
    if len(pair) == 2:
        refusal = state.check(TakePile(with_cards=pair))
        if not refusal.allowed:
            return Choice(draw, "draw.refused", {"top": top, "refusal": refusal,
                                                 "player": state.names[state.turn],
                                                 "names": state.names, "pair": pair})
    v = state.variant
    if v.pile_any_depth and len(state.pile) > 1:
        # the pile taken at any depth: the first pair that matches a card deeper down is told
        # why the engine refuses it; else no pair matches any of them
        hand = state.hands[state.turn]
        for depth in range(2, len(state.pile) + 1):
            card = state.pile[-depth]
            pair = tuple(c for c in hand if c.rank == card.rank)[:2]
            if len(pair) == 2 and not v.is_wild(card):
                refusal = state.check(TakePile(with_cards=pair, depth=depth))
                if not refusal.allowed:
                    return Choice(draw, "draw.refused", {"top": card, "refusal": refusal,
                                                         "player": state.names[state.turn],
                                                         "names": state.names})
        return Choice(draw, "draw.none-deep", {"top": top, "count": len(state.pile)})
    return Choice(draw, "draw.none", {"top": top})


def _play_choice(state: State, a: Meld | Add) -> Choice:
    v = state.variant
    side = state.side_of(state.turn)
    if isinstance(a, Meld):
        # "your side" is "you" for a player without a partner
        facts: dict[str, Any] = {"groups": a.groups, "alone": state.partner_of(state.turn) is None}
        if not state.opened[side] and _opens(state, a):
            facts.update(need=v.opening_need(state.scores[side])[0],
                         points=sum(v.meld_points(g) for g in a.groups))
            return Choice(a, "meld.open", facts)
        for g in a.groups:
            made = v.make_meld(g)[0]
            if made is not None and made.kind == "threes":  # Americana's juego de tres
                return Choice(a, "meld.threes", {**facts, "count": len(g)})
            kind = v.canasta_kind(made) if made is not None else None
            if kind and made is not None:  # the canasta by its kind and what it is worth
                return Choice(a, "meld.canasta", {**facts, "kind": v.canasta_word(kind),
                                                  "bonus": v.canasta_bonus(made)})
        if v.black_threes_meld_only_out and any(
                all(c.rank == 3 and not c.is_red for c in g) for g in a.groups):
            return Choice(a, "meld.threes_out", facts)  # black threes: only going out
        return Choice(a, "meld", facts)
    found = v.locate_meld(state, side, a.target)
    size = len(a.cards)
    was_canasta = False
    target = a.target
    if found is not None:
        s, i = found
        meld = state.melds[s][i]
        size += meld.size
        was_canasta = bool(v.canasta_kind(meld))
        # the meld by its label ('♠5-9'), not the action's number for it ('#1'), where no other
        # of the side's melds has that label
        if sum(1 for m in state.melds[s] if m.label == meld.label) == 1:
            target = meld.label if s == side else f"{state.names[state.sides[s][0]]}:{meld.label}"
    facts = {"cards": a.cards, "target": target, "size": size,
             "short": max(0, v.canasta_size - size)}
    if size >= v.canasta_size and not was_canasta:
        grown = v.extend_meld(meld, a.cards)[0] if found is not None else None
        kind = v.canasta_kind(grown) if grown is not None else None
        if kind and grown is not None:  # the canasta by its kind and what it is worth
            facts.update(kind=v.canasta_word(kind), bonus=v.canasta_bonus(grown))
        return Choice(a, "add.canasta", facts)
    if 0 < v.canasta_size - size <= 2:
        return Choice(a, "add.near", facts)
    return Choice(a, "add", facts)


def _discard_choice(state: State, a: Discard, note: str) -> Choice:
    c = _card(a)
    v = state.variant
    hand = state.hands[state.turn]
    side = state.sides[state.side_of(state.turn)]
    facts: dict[str, Any] = {"card": c, "value": v.value(c),
                             "opponents": state.players - len(side)}  # players, not sides
    if len(hand) == 1:
        # the last card: out, unless the hand goes on with a muerto or an ala (the engine says)
        return Choice(a, "discard.out" if _ends_hand(state, a) else "discard.last", facts)
    if note:
        return Choice(a, "discard." + note, facts)
    if v.is_wild(c):
        return Choice(a, "discard.wild", facts)
    # every reason below says only what holds of this card and this hand: the search may
    # choose a discard the heuristics would not (its figures then say why)
    naturals = [x for x in hand if not v.is_wild(x)]
    if v.base_name() == "real":  # runs of a suit: a card is kept for its neighbours, not its rank
        near = any(x.suit == c.suit and x.rank != c.rank
                   and min(abs(p - q) for p in _places(x) for q in _places(c)) <= 2
                   for x in naturals)
        return Choice(a, "discard.plain" if near else "discard.no_run", {**facts, "suit": c.suit})
    own = {m.key for m in state.melds[state.side_of(state.turn)] if m.kind == "group"}
    if c.rank in own:  # it could go onto the side's meld: not "the card that serves least"
        return Choice(a, "discard.plain", facts)
    count = Counter(x.rank for x in naturals)
    if count[c.rank] > 1:  # "every card in a pair or better, this one worth least": when so
        paired = all(n > 1 for n in count.values())
        least = v.value(c) == min(v.value(x) for x in naturals)
        return Choice(a, "discard.pair" if paired and least else "discard.plain", facts)
    if v.value(c) > min(v.value(x) for x in naturals if count[x.rank] == 1):
        return Choice(a, "discard.loose", facts)  # a single, but not the one worth least
    wilds = [x for x in hand if v.is_wild(x)]
    if wilds:
        return Choice(a, "discard.keep_wild", {**facts, "wild": wilds[0], "wilds": tuple(wilds)})
    return Choice(a, "discard.single", facts)


def _left_after(state: State, a: Action) -> int | None:
    """The cards a meld or a lay-off leaves in the player's hand (None for another move)."""
    if isinstance(a, Meld):
        return len(state.hands[state.turn]) - sum(len(g) for g in a.groups)
    if isinstance(a, Add):
        return len(state.hands[state.turn]) - len(a.cards)
    return None


def _after(state: State, a: Action) -> State | None:
    """The state after ``a``, played on a copy (None if the engine refuses it)."""
    after = state.copy()
    try:
        after.play(a)
    except CanastaError:
        return None
    return after


def _opens(state: State, a: Action) -> bool:
    """Whether ``a`` opens its side (a meld of threes in Canasta Americana does not)."""
    after = _after(state, a)
    return after is not None and after.opened[state.side_of(state.turn)]


def _ends_hand(state: State, a: Action) -> bool:
    """Whether ``a`` ends the hand (a last card discarded, with no muerto or ala to go on with)."""
    after = _after(state, a)
    return after is not None and after.hand_over


def _their_meld_ranks(state: State) -> set[int]:
    """Ranks of the groups the other sides have on the table."""
    mine = state.side_of(state.turn)
    return {m.key for s, melds in enumerate(state.melds) if s != mine for m in melds
            if m.kind == "group" and isinstance(m.key, int)}


def _their_discards(state: State) -> set[int]:
    """Ranks the other sides have discarded this hand (they did not want them)."""
    mine = state.side_of(state.turn)
    out: set[int] = set()
    for step in reversed(state.history):
        if isinstance(step.action, NextHand):
            break
        if isinstance(step.action, Discard) and step.action.card is not None \
                and state.side_of(step.seat) != mine:
            out.add(step.action.card.rank)
    return out


def _top_helps(state: State, take: TakePile) -> bool:
    """Whether, once ``take`` has put the pile into the hand, the engine allows a meld or a
    lay-off holding the card that was on top (tried on a copy; nothing is decided here)."""
    top = state.pile[-1]
    after = state.copy()
    after.apply(take)
    if after.hand_over or after.actor != state.actor:
        return False
    for a in _legal(after):
        cards = a.cards if isinstance(a, Add) else (
            [c for g in a.groups for c in g] if isinstance(a, Meld) else [])
        if top in cards:
            return True
    return False
