"""Mid-hand situations built by hand (for the sandbox, the quiz, exercises and tests).

``situation(...)`` lays out hands, the pile and the table as given, and puts every other card of
the pack into the stock in a fixed order, so that every card is accounted for.
"""

from __future__ import annotations

import reprlib
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .cards import Card, make_pack, parse_cards
from .errors import CanastaError, RecordError
from .game import new_game
from .limits import MAX_SCORE
from .melds import Meld
from .registry import find_variant
from .state import History, State
from .variant import Variant

PHASES = ("draw", "play")  # a situation is mid-turn: before or after the draw


def _short(value: Any) -> str:
    """A value as quoted in a message, cut short (a number of thousands of digits has no text:
    Python refuses to write it)."""
    try:
        return reprlib.repr(value)
    except ValueError:
        return "a number too long to write"


def _cards(value: str | Sequence[str] | Sequence[Card], where: str) -> list[Card]:
    if isinstance(value, str):
        items: list[Any] = value.replace(",", " ").split()
    elif isinstance(value, (list, tuple)):
        items = list(value)
    else:
        raise RecordError(f"expected cards ('K♠ K♥ K♣' or a list), not {_short(value)}", where=where)
    out: list[Card] = []
    for i, item in enumerate(items):
        if isinstance(item, Card):
            out.append(item)
            continue
        if not isinstance(item, str):
            raise RecordError(f"expected a card text such as 'K♠', not {_short(item)}",
                              where=f"{where}[{i}]")
        try:
            out.extend(parse_cards(str(item)))
        except ValueError as e:
            raise RecordError(str(e), where=f"{where}[{i}]") from None
    return out


def hand_limit(variant: str | Variant, players: int) -> int:
    """The most cards one hand can ever hold in ``variant`` with ``players`` players.

    Every card of the pack can reach the discard pile, and taking the pile brings all of it
    into one hand, so the rules bound a hand only by the pack less the cards that are always
    elsewhere while a hand is played:

    * the red threes, where they are laid out at once (dealt, drawn or taken with the pile);
    * one card in each other player's hand, where a hand that empties ends the hand of play
      (not in Canasta Real: there a player who discards the last card picks the muerto up on
      the next turn, and holds nothing meanwhile);
    * the cards a taken pile puts on the table, where the pile is taken by melding its top card
      (at least ``meld_min``: the top card and two from the hand, or the top card on a meld
      already down); Canasta Real takes the pile whole into the hand, with no meld.

    A hand that never took the pile holds at most its deal and the whole stock, that is the
    pack less the other hands' deals; the limit is the larger of the two. Classic with four
    players: 108 − 4 − 3 − 3 = 98 cards; Canasta Real: 104."""
    v = find_variant(variant)
    red = 2 * v.decks if v.red_threes == "bonus" else 0
    others = 0 if "muerto.indirect" in v.sources else players - 1
    melded = 0 if "pile.take-whole" in v.sources else v.meld_min
    return v.pack_size - red - min(others + melded, (players - 1) * v.cards_dealt)


def opening_hand_limit(variant: str | Variant, players: int) -> int:
    """The most cards the hand of a player whose side has not opened can hold, after the draw.

    Such a hand changes only by the turns' draws and discards: taking the pile opens the side
    (every variant melds the pile's card to take it, and Canasta Real opens every side at the
    deal); red threes, and Americana's threes, are laid down and replaced from the stock, not
    kept. A turn draws ``draws_per_turn`` cards and discards one, so with one card a turn the
    hand never holds more than its deal and a draw; where a turn draws two (rioplatense with two
    players: "se toman 2 cartas del mazo en cada turno en lugar de 1"), it grows by one every
    turn for as long as the stock lasts. The bound counts every card of the stock as this
    player's draws: ``k`` draws of ``d`` cards and ``k - 1`` discards, and a last short draw of
    what is left (rioplatense, two players: 13 + 39 + 1 = 53 cards); and never more than
    :func:`hand_limit`. Such hands hold millions of first melds, which is why what a learner or
    a bot is shown comes from a bounded listing (:func:`canasta.movegen.legal_listing`)."""
    v = find_variant(variant)
    d = v.draws_per_turn(players)
    stock = max(0, v.pack_size - players * v.cards_dealt - int(v.upcard))
    turns, rest = divmod(stock, d)
    return min(hand_limit(v, players), v.cards_dealt + turns * (d - 1) + max(1, rest))


def situation(variant: str | Variant = "classic", *, names: Sequence[str] | None = None,
              hands: Mapping[str, Any] | None = None, pile: Any = (),
              melds: Mapping[str, Sequence[Any]] | None = None,
              red_threes: Mapping[str, Any] | None = None, turn: str | None = None,
              phase: str = "draw", scores: Sequence[int] | None = None,
              stock: Any = None, opened: Mapping[str, bool] | None = None,
              extra: Mapping[str, Any] | None = None) -> State:
    """A state mid-hand. ``hands`` and ``red_threes``/``melds``/``opened`` are keyed by player
    name (melds and threes go to that player's side); card lists are text ('K♠ K♥ K♣') or lists.
    ``stock`` may fix the next cards to draw (first = next); the rest of the pack follows.

    Variant piles (alas, muertos) are dealt by the variant (``deal_extra_piles``) from the cards
    no one was given, unless ``extra`` gives them (``{"muertos_piles": [[...], []]}``: a list of
    card lists, an empty one for a pile already gone; then nothing else is dealt). The variant's ``after_deal`` then sets them
    up as at a deal (and may open every side: Canasta Real has no opening minimum); the other keys
    of ``extra`` (``muerto_state``, ``ala_seat``…) are set last, and ``opened`` overrides."""
    v = find_variant(variant)
    _check_shapes(names=names, hands=hands, melds=melds, red_threes=red_threes, turn=turn,
                  phase=phase, scores=scores, stock=stock, opened=opened, extra=extra, sides=None)
    state = new_game(v, seed=0, names=names)
    _check_shapes(scores=scores, sides=len(state.sides))
    n = state.players
    hands = hands or {}
    state.hands = [[] for _ in range(n)]
    state.melds = [[] for _ in state.sides]
    state.red_threes = [[] for _ in state.sides]
    state.opened = [False] * len(state.sides)
    state.melded_before = [False] * n
    state.extra = {}
    state.history = History()
    state.deal_events = []
    used: Counter[Card] = Counter()

    def seat(name: str, where: str) -> int:
        s = state.seat_of(name)
        if s is None:
            raise RecordError(f"unknown player {name!r} (players: {', '.join(state.names)})", where=where)
        return s

    most = hand_limit(v, n)
    for name, cards in hands.items():
        held = state.hands[seat(name, "hands")] = _cards(cards, f"hands.{name}")
        if len(held) > most:
            raise RecordError(f"{len(held)} cards in {name}'s hand; in {v.name} with {n} players a "
                              f"hand never holds more than {most}", where=f"hands.{name}")
        used.update(held)
    state.pile = _cards(pile, "pile")
    used.update(state.pile)
    for name, groups in (melds or {}).items():
        side = state.side_of(seat(name, "melds"))
        for i, g in enumerate(groups):
            cards = _cards(g, f"melds.{name}[{i}]")
            meld, exp = v.make_meld(cards, going_out=True)
            if meld is None:
                raise RecordError(key="situation.bad-meld", facts={"why": exp},
                                  where=f"melds.{name}[{i}]")
            state.melds[side].append(meld)
            state.opened[side] = True
            used.update(cards)
    for name, cards in (red_threes or {}).items():
        side = state.side_of(seat(name, "red_threes"))
        state.red_threes[side] = _cards(cards, f"red_threes.{name}")
        used.update(state.red_threes[side])
    given_piles = {key: [_cards(p, f"extra.{key}[{i}]") for i, p in enumerate(piles)]
                   for key, piles in (extra or {}).items() if key.endswith("_piles")}
    for piles in given_piles.values():
        for p in piles:
            used.update(p)
    state.pile_frozen = sum(1 for c in state.pile if v.is_wild(c) or (c.rank == 3 and c.is_red))
    first = _cards(stock, "stock") if stock is not None and not isinstance(stock, int) else []
    used.update(first)
    pack = Counter(make_pack(v.decks, v.jokers))
    over = [c.text for c in used if used[c] > pack[c]]
    if over:
        raise RecordError("more copies than the pack holds: " + ", ".join(sorted(over)), where="situation")
    rest = list((pack - used).elements())
    check_variant_state(given_piles, v.deal_extra_piles(list(rest), n))  # as many piles as dealt
    # the variant's own piles, unless given: dealt from the cards nobody holds (the stock's fixed
    # first cards stay the next to draw)
    state.extra.update(given_piles if given_piles else v.deal_extra_piles(rest, n))
    state.stock = list(reversed(first + rest))
    if isinstance(stock, int) and stock > len(state.stock):
        raise RecordError(f"a stock of {stock} cards, but only {len(state.stock)} are left",
                          where="stock")
    if isinstance(stock, int):
        # a given stock size: the other cards are set aside in a "box" pile (still accounted for)
        keep = state.stock[-stock:] if stock else []
        state.extra["box_piles"] = [state.stock[: len(state.stock) - len(keep)]]
        state.stock = keep
    state.turn = seat(turn, "turn") if turn else 0
    state.phase = phase
    state.scores = list(scores) if scores is not None else [0] * len(state.sides)
    v.after_deal(state)  # the piles set up as at a deal (its events are not part of a situation)
    rest_of_extra = {k: _plain(x) for k, x in (extra or {}).items() if not k.endswith("_piles")}
    check_variant_state(rest_of_extra, state.extra)
    state.extra.update(rest_of_extra)
    for name, flag in (opened or {}).items():
        state.opened[state.side_of(seat(name, "opened"))] = flag
    most = opening_hand_limit(v, n)
    for name in hands:
        held = state.hands[seat(name, "hands")]
        if len(held) > most and not state.opened[state.side_of(seat(name, "hands"))]:
            raise RecordError(f"{len(held)} cards in {name}'s hand, whose side has not opened; in "
                              f"{v.name} with {n} players such a hand never holds more than "
                              f"{most} (its deal and what its turns draw, less a discard a turn: "
                              f"taking the pile opens the side)", where=f"hands.{name}")
    if extra:
        try_variant_state(lambda: state.copy().legal_listing())
    return state


def check_variant_state(given: Mapping[str, Any], own: Mapping[str, Any], where: str = "extra") -> None:
    """Variant state given by hand (``extra``) must be shaped like the variant's own at a deal:
    as many piles, and for other keys the same kind of value with one entry per side or seat.
    Keys the variant only sets in play are taken as given (see :func:`try_variant_state`)."""
    for key, value in given.items():
        if key not in own:
            continue
        if key.endswith("_piles"):
            if not isinstance(value, (list, tuple)) or len(value) != len(own[key]):
                raise RecordError(f"expected {len(own[key])} pile(s), not {_short(value)}",
                                  where=f"{where}.{key}")
        else:
            _same_shape(value, own[key], f"{where}.{key}")


def _same_shape(value: Any, like: Any, where: str) -> None:
    if like is None:  # set in play (a seat, a count): any value the variant can read
        return
    if isinstance(like, (list, tuple)):
        if not isinstance(value, (list, tuple)) or len(value) != len(like):
            raise RecordError(f"expected a list of {len(like)}, not {_short(value)}", where=where)
        for i, (x, y) in enumerate(zip(value, like, strict=True)):
            _same_shape(x, y, f"{where}[{i}]")
    elif isinstance(like, Mapping):
        if not isinstance(value, Mapping):
            raise RecordError(f"expected an object, not {_short(value)}", where=where)
    elif type(value) is not type(like):  # bool is not int here: true is no seat
        raise RecordError(f"expected a {type(like).__name__} like {like!r}, not "
                          f"{_short(value)}", where=where)


def try_variant_state(run: Callable[[], object], where: str = "extra") -> None:
    """Run ``run`` on a state holding variant state given by hand; what the variant cannot read
    (a seat out of range, an unknown status) is refused by name instead of failing later.
    Only called when ``extra`` was given: the engine's own states never need it."""
    try:
        run()
    except CanastaError:
        raise
    except (LookupError, TypeError, ValueError, AttributeError) as e:
        raise RecordError(f"the variant cannot read this state ({type(e).__name__}: {e})",
                          where=where) from None


def _plain(value: Any) -> Any:
    """A copy of a JSON-like value, so that the state never shares the caller's lists."""
    if isinstance(value, (list, tuple)):
        return [_plain(x) for x in value]
    if isinstance(value, Mapping):
        return {k: _plain(x) for k, x in value.items()}
    return value


def _check_shapes(*, sides: int | None, **given: Any) -> None:
    """Refuse ill-typed arguments (as read from an exercise file) with a RecordError naming the
    argument, before anything is built from them."""
    def bad(where: str, what: str) -> RecordError:
        return RecordError(f"expected {what}, not {_short(given[where])}", where=where)

    for key in ("hands", "melds", "red_threes", "opened"):
        value = given.get(key)
        if value is not None and not isinstance(value, Mapping):
            raise bad(key, "an object keyed by player name")
    for name, groups in (given.get("melds") or {}).items():
        if not isinstance(groups, (list, tuple)):
            raise RecordError(f"expected a list of melds, not {_short(groups)}",
                              where=f"melds.{name}")
    value = given.get("extra")
    if value is not None and not isinstance(value, Mapping):
        raise bad("extra", "an object of variant state (e.g. 'muertos_piles')")
    for key, piles in (value or {}).items():
        if str(key).endswith("_piles") and not isinstance(piles, (list, tuple)):
            raise RecordError(f"expected a list of piles (each a list of cards), not "
                              f"{_short(piles)}", where=f"extra.{key}")
    for name, flag in (given.get("opened") or {}).items():
        if not isinstance(flag, bool):
            raise RecordError(f"expected true or false, not {_short(flag)}",
                              where=f"opened.{name}")
    names = given.get("names")
    if names is not None and (not isinstance(names, (list, tuple))
                              or not all(isinstance(n, str) for n in names)):
        raise bad("names", "a list of player names")
    if given.get("turn") is not None and not isinstance(given["turn"], str):
        raise bad("turn", "a player's name")
    if "phase" in given and given["phase"] not in PHASES:
        raise bad("phase", " or ".join(PHASES))
    stock = given.get("stock")
    if isinstance(stock, bool) or (isinstance(stock, int) and stock < 0):
        raise bad("stock", "a number of cards (0 or more) or the next cards to draw")
    scores = given.get("scores")
    if scores is not None:
        ok = isinstance(scores, (list, tuple)) and all(
            isinstance(x, int) and not isinstance(x, bool) and abs(x) <= MAX_SCORE for x in scores)
        if not ok or (sides is not None and len(scores) != sides):
            raise bad("scores", "one whole number per side" + (f" ({sides})" if sides else "")
                      + f", each between -{MAX_SCORE:,} and {MAX_SCORE:,}")


def add_meld(state: State, side: int, meld: Meld) -> None:
    """Put a ready meld on a side's table (for building exercises)."""
    state.melds[side].append(meld)
    state.opened[side] = True
