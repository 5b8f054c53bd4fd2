"""The variant base: declarative parameters plus a few hooks.

A concrete variant (``canasta/variants/*.py``) sets parameters and its rule sources, and overrides
hooks only for what parameters cannot say. House rules derive a new variant by overriding
parameters (:meth:`Variant.with_options`), and every explanation that depends on one names it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from .cards import ACE, JOKER, KING, Card
from .checks import classic_going_out, opening_check
from .errors import VariantError
from .explain import Explanation, L, P, Phrase, Source
from .groups import extend_group, make_group
from .melds import Meld, canasta_word
from .movegen import add_candidates, group_candidates, take_candidates
from .scoring import score_side
from .turns import check_add, check_discard, check_draw, check_meld, check_take_pile

if TYPE_CHECKING:
    from .actions import Action, Add, Discard, Swap, TakePile
    from .actions import Meld as MeldAction
    from .fastmoves import Generator
    from .state import State

STANDARD_CLASSIC = "standard rules of Canasta (Official Canasta Laws; pagat.com/rummy/canasta.html)"


@dataclass(frozen=True)
class Variant:
    """Parameters of a Canasta variant. Subclasses set defaults; instances are immutable."""

    name: str = "base"
    title: L = L("Canasta", "Canasta")
    seed_file: str = ""
    aliases: tuple[str, ...] = ()
    player_counts: tuple[int, ...] = (4,)
    default_players: int = 4
    partnerships: bool = True  # with 4 players: two sides of two, partners opposite
    decks: int = 2
    jokers: int = 4
    cards_dealt: int = 11
    upcard: bool = True
    draw_count: int = 1
    draw_count_two_players: int = 1
    wild_ranks: tuple[int, ...] = (2, JOKER)
    meld_min: int = 3
    max_wilds: int = 3
    wilds_at_most_naturals: bool = True
    min_naturals: int = 2
    max_meld_size: int = 0  # 0 = no limit
    canasta_size: int = 7
    one_meld_per_rank: bool = True
    opening: tuple[tuple[int, int], ...] = ((-10**9, 15), (0, 50), (1500, 90), (3000, 120))
    opening_counts_pile_top: bool = True
    red_threes: str = "bonus"  # laid out at once and replaced, scored as a bonus
    red_three_bonus: int = 100
    red_threes_all_four: int = 800
    red_threes_negative_without: str = "meld"  # "meld": side melded nothing; "canasta": no canasta
    black_threes_block: bool = True
    black_threes_meld_only_out: bool = True
    pile_frozen_by_wild: bool = True
    pile_frozen_before_opening: bool = True
    pile_take_onto_meld: bool = True
    pile_any_depth: bool = False
    # the top card's meld may hold more cards from the hand than the pair that takes the pile
    # (official rules: to reach the opening minimum, say, with K K JK under the K on top)
    pile_meld_more: bool = False
    # the card gone in for (at any depth) may be melded with the cards taken above it
    entry_with_cards_above: bool = False
    pile_one_card_rule: bool = False  # a one-card hand may not take a one-card pile
    # when a player must draw and the stock is empty: "ends" (the hand ends), "official" (play goes
    # on while players take the pile, compulsory onto a meld of the side; a red three as the last
    # card allows melds but no discard), "pozo" (the player may take the pile or pass)
    empty_stock: str = "ends"
    wild_ends: bool = False  # runs: a 2 may be put at the start or the end ("add 8♥ to #1, 2♣ to the end")
    canastas_to_go_out: int = 1
    going_out_bonus: int = 100
    concealed_bonus: int = 100
    canasta_natural: int = 500
    canasta_mixed: int = 300
    ask_partner: bool = True
    target: int = 5000
    card_values: tuple[tuple[int, int], ...] = (
        (JOKER, 50), (ACE, 20), (2, 20), (3, 5), (4, 5), (5, 5), (6, 5), (7, 5),
        (8, 10), (9, 10), (10, 10), (11, 10), (12, 10), (KING, 10))
    sources: Mapping[str, Source] = field(default_factory=dict, compare=False, repr=False)
    house: tuple[tuple[str, Any, str], ...] = ()  # (option, value, origin)
    # options the variant's own rules leave to the table (e.g. the target); set with with_options
    table_options: tuple[str, ...] = ()
    # per-side state an end-of-hand scenario must give (key -> the values it may take)
    scenario_extra: ClassVar[dict[str, tuple[str, ...]]] = {}

    # ---- derived numbers -------------------------------------------------------------
    @property
    def pack_size(self) -> int:
        return 52 * self.decks + self.jokers

    def sides_for(self, players: int) -> tuple[tuple[int, ...], ...]:
        """Seats grouped by side: partners opposite when partnerships apply."""
        if self.partnerships and players == 4:
            return ((0, 2), (1, 3))
        if self.partnerships and players == 6:
            return ((0, 2, 4), (1, 3, 5))
        return tuple((i,) for i in range(players))

    def draws_per_turn(self, players: int) -> int:
        return self.draw_count_two_players if players == 2 else self.draw_count

    # ---- hooks -------------------------------------------------------------------------
    def is_wild(self, c: Card) -> bool:
        return c.rank in self.wild_ranks

    def value(self, c: Card) -> int:
        """Card value in points."""
        return self.values_by_rank()[c.rank]

    def values_by_rank(self) -> dict[int, int]:
        """The card values by rank (what :meth:`value` reads for every card)."""
        # built once per variant instance: looking it up by the values tuple would hash that
        # tuple every time
        table = self.__dict__.get("_values")
        if table is None:
            table = self.__dict__["_values"] = dict(self.card_values)
        return table  # type: ignore[no-any-return]

    def opening_need(self, score: int) -> tuple[int, int]:
        """(points needed for the first meld, the lower bound of the score band it falls in)."""
        need, bound = self.opening[0][1], self.opening[0][0]
        for lower, n in self.opening:
            if score >= lower:
                need, bound = n, lower
        return need, bound

    def text_params(self) -> dict[str, Any]:
        """What rule texts may name besides the parameters: tables written as phrases (the
        opening minimum by score, the card values)."""
        # each rank at what the count gives a card of it (a variant may value one apart from
        # its table: individual's 2, a wild card worth wild_in_hand_cost)
        values = tuple((rank, self.value(Card(rank, "" if rank == JOKER else "♠")))
                       for rank, _ in self.card_values)
        return {"opening_bands": opening_bands(self.opening),
                "card_value_list": card_value_list(values),
                "draws_differ": 2 in self.player_counts
                and self.draw_count_two_players != self.draw_count}

    def source(self, rule: str) -> Source | None:
        if not self.house:  # the common case, asked for every explanation: no house rule to look at
            return self.sources.get(rule) or DEFAULT_SOURCES.get(rule)
        for option, value, origin in reversed(self.house):  # the latest setting wins
            if rule in self.house_rule_ids(option):
                note = "house.table-option" if option in self.table_options else "house.overrides"
                from .registry import find_variant

                return Source("house", origin, f"{option} = {value!r}", note=note,
                              facts=(("variant", find_variant(self.base_name()).title),))
        return self.sources.get(rule) or DEFAULT_SOURCES.get(rule)

    def rule_ids(self) -> tuple[str, ...]:
        """The ids of the rules this variant uses (every one has a source)."""
        return tuple(self.sources) + tuple(r for r in DEFAULT_SOURCES if r not in self.sources)

    def base_name(self) -> str:
        return type(self).__name__.lower() if self.name == "house" else self.name

    @property
    def out_by_discard_only(self) -> bool:
        """Whether a player goes out only by discarding the last card, never by melding it
        (Canasta Americana's ``out.must-discard``)."""
        return "out.must-discard" in self.sources

    def explain(self, allowed: bool, rule: str, because: tuple[Explanation, ...] = (),
                **facts: Any) -> Explanation:
        return Explanation(allowed, rule, facts, self.source(rule), because, self.name)

    def make_meld(self, cards: Sequence[Card], *, going_out: bool = False
                  ) -> tuple[Meld | None, Explanation]:
        """Build a new meld from ``cards`` or explain why not (groups of one rank here)."""

        # results are immutable, so they are kept per variant instance (a big speed-up for
        # move generation, which asks about the same cards many times)
        cache = self.__dict__.setdefault("_make_cache", {})
        if len(cache) > 20_000:  # keep memory flat over long simulations
            cache.clear()
        cards = tuple(cards)
        # going out only matters to a meld of threes: without a three, both ways share one entry
        # (move generation asks with going_out=True, the check of a meld mostly without)
        going_out = going_out and any(c.rank == 3 for c in cards)
        key = (cards, going_out)
        found = cache.get(key)
        if found is None:
            found = cache[key] = make_group(self, cards, going_out=going_out)
        return found

    def extend_meld(self, meld: Meld, cards: Sequence[Card]) -> tuple[Meld | None, Explanation]:
        """Lay ``cards`` off onto ``meld`` or explain why not."""

        cache = self.__dict__.setdefault("_extend_cache", {})
        if len(cache) > 20_000:
            cache.clear()
        key = (meld, tuple(cards))
        found = cache.get(key)
        if found is None:
            found = cache[key] = extend_group(self, meld, cards)
        return found

    def laid_meld(self, cards: Sequence[Card], *, going_out: bool = False) -> Meld:
        """The meld that an allowed meld of ``cards`` lays down, without its explanation
        (what :meth:`make_meld` builds; variants may answer faster)."""
        meld = self.make_meld(cards, going_out=going_out)[0]
        assert meld is not None, "laid_meld is for allowed melds"
        return meld

    def grown_meld(self, meld: Meld, cards: Sequence[Card]) -> Meld:
        """``meld`` once the allowed lay-off of ``cards`` is made, without its explanation
        (what :meth:`extend_meld` builds; variants may answer faster)."""
        grown = self.extend_meld(meld, cards)[0]
        assert grown is not None, "grown_meld is for allowed lay-offs"
        return grown

    def placed_meld(self, cards: Sequence[Card], place: tuple[Card, str], *, going_out: bool = False
                    ) -> tuple[Meld | None, Explanation]:
        """A new meld whose 2 the player puts at one end of it (``place``: the 2 and "start" or
        "end"), or why not. Only runs have ends: elsewhere the action is not one of the game."""
        return None, self.explain(False, "action.unknown",
                                  action=P("action.placed", cards=tuple(cards), two=place[0],
                                           end=place[1]))

    def placed_extend(self, meld: Meld, cards: Sequence[Card], place: tuple[Card, str]
                      ) -> tuple[Meld | None, Explanation]:
        """``meld`` with ``cards`` laid off and the 2 of ``place`` at the end it names, or why not
        (see :meth:`placed_meld`)."""
        return self.placed_meld(cards, place)

    def canonical_action(self, state: State, action: Action) -> Action:
        """``action`` in its one canonical spelling for this state (move generation compares
        actions by it); a variant whose actions may say the same thing twice overrides it."""
        return action

    def check_draw(self, state: State) -> Explanation:

        return check_draw(state)

    def check_take_pile(self, state: State, action: TakePile) -> Explanation:

        return check_take_pile(state, action)

    def check_meld(self, state: State, action: MeldAction) -> Explanation:

        return check_meld(state, action)

    def check_add(self, state: State, action: Add) -> Explanation:

        return check_add(state, action)

    def check_discard(self, state: State, action: Discard) -> Explanation:

        return check_discard(state, action)

    def check_pass(self, state: State) -> Explanation:
        """turn.pass: ending play without drawing or discarding (see :attr:`empty_stock`)."""
        from .turns import check_pass

        return check_pass(state)

    def can_go_out_now(self, state: State) -> bool:
        """Whether the player to move (after the draw) can still go out this turn: used to allow
        asking the partner, and to hold a player to a "yes". By default a bounded search through
        the checked melds, lay-offs and discards; variants with a quicker count override it."""
        from .outs import can_go_out_by_search

        return can_go_out_by_search(state)

    def check_swap(self, state: State, action: Swap) -> Explanation:
        """swap.off: a wild card on the table stays in its meld (a variant that allows the
        exchange overrides this, :meth:`swap_meld` and :meth:`swap_candidates`)."""
        return self.explain(False, "swap.off", player=state.player, card=action.card,
                            wild=action.wild, meld=action.target)

    def swap_meld(self, meld: Meld, card: Card, wild: Card) -> tuple[Meld | None, Explanation]:
        """``meld`` with its ``wild`` exchanged for ``card``, built anew (or why it cannot be)."""
        cards = list(meld.cards)
        cards.remove(wild)
        return self.make_meld((*cards, card))

    def check_before_draw(self, state: State, action: Action) -> Explanation | None:
        """The verdict on an action other than drawing made before the draw (e.g. threes laid
        down), or None to refuse it as usual (classic: nothing but the draw comes first)."""
        return None

    # Turn-flow hooks: each returns the automatic events it caused (none by default).
    def deal_extra_piles(self, rest: list[Card], players: int) -> dict[str, Any]:
        """Take extra piles (alas, muertos) off the undealt cards ``rest``, in place."""
        return {}

    def before_deal(self, state: State) -> list[Explanation]:
        """Automatic events before the cards are dealt (e.g. a draw for the first dealer); may
        set ``state.dealer``."""
        return []

    def after_deal(self, state: State) -> list[Explanation]:
        return []

    def after_take_pile(self, state: State, action: TakePile, to_hand: Sequence[Card]
                        ) -> list[Explanation]:
        """Events after the pile was taken; ``to_hand`` are the taken cards that joined the hand."""
        return []

    def pile_taken_count(self, state: State, depth: int) -> int:
        """How many cards a take at ``depth`` removes: the whole pile unless a depth is given."""
        return len(state.pile) if depth == 1 else depth

    def locate_meld(self, state: State, side: int, target: str) -> tuple[int, int] | None:
        """(owner side, index) of the meld ``target`` names for a player of ``side``; classic:
        only the side's own melds."""
        idx = state.find_meld(side, target)
        return None if idx is None else (side, idx)

    def discard_covers_pile(self, state: State, card: Card) -> bool:
        """Whether ``card``, discarded, keeps the next player from taking the pile whatever they
        hold (a black three where they block; rioplatense: also a rank of a canasta on the table).
        What a careful player reads; the checks of a take decide."""
        return self.black_threes_block and card.rank == 3 and card.is_black

    def pile_needs_pair(self, state: State, side: int) -> bool:
        """Whether a player of ``side`` may take the pile only with a natural pair of its top card
        from the hand, whatever card tops it (rioplatense's madre and premiado pozo); classic:
        never (a frozen pile is the engine's own note)."""
        return False

    def pile_wants_naturals(self, state: State, side: int) -> bool:
        """Whether the pile is taken only with natural cards for a player of ``side`` beyond the
        standard frozen pile (rioplatense's madre and premiado pozo); classic: never."""
        return False

    def pile_marks(self, state: State, side: int) -> list[tuple[str, Phrase]]:
        """The pile's standing for a player of ``side``, as (mark, why) pairs for the views:
        ``frozen`` and ``blocked`` here; variants add their own (the pozo's madre, premiado,
        tapado). The checks of a take decide; these only name what they read."""
        from .turns import pile_frozen_reason

        marks: list[tuple[str, Phrase]] = []
        top = state.top
        if top is None:
            return marks
        why = pile_frozen_reason(state, side)
        if why is not None:
            marks.append(("frozen", why))
        if self.black_threes_block and top.rank == 3 and top.is_black:
            marks.append(("blocked", P("mark.black-three-on-top")))
        return marks

    def meld_points(self, cards: Sequence[Card]) -> int:
        """What a meld counts toward the opening minimum: its card values."""
        return sum(self.value(c) for c in cards)

    def after_draw(self, state: State) -> list[Explanation]:
        return []

    def after_add(self, state: State) -> list[Explanation]:
        """Events after a lay-off (before :meth:`after_meld`)."""
        return []

    def after_new_melds(self, state: State, melds: Sequence[Meld]) -> list[Explanation]:
        """Events after a meld action laid ``melds`` down (before :meth:`after_meld`)."""
        return []

    def after_meld(self, state: State) -> list[Explanation]:
        return []

    def after_discard(self, state: State, card: Card) -> list[Explanation]:
        return []

    def on_turn_start(self, state: State) -> list[Explanation]:
        return []

    def check_going_out(self, state: State, side: int, hand_after: int, melds_after: Sequence[Meld],
                        discarding: bool) -> Explanation | None:
        """Whether a hand may be emptied (or left with one card once melding ends); None when
        not relevant. Classic: only with the side's canastas."""

        return classic_going_out(state, side, hand_after, melds_after, discarding)

    def on_hand_emptied(self, state: State, seat: int, discarded: bool) -> tuple[bool, list[Explanation]]:
        """A player has just emptied the hand: (whether the hand of play ends, automatic events).
        Classic: it ends (the player went out)."""
        return True, []

    def ended_explanation(self, state: State, went_out: int | None) -> Explanation | None:
        """How the hand ended, when the variant tells it its own way (None: went out or the
        stock ran out, as in classic)."""
        return None

    def game_target_reached(self, score: int) -> bool:
        """Whether a side's total ends the game (classic: reaching the target)."""
        return score >= self.target

    def score_side(self, state: State, side: int, went_out: int | None) -> list[tuple[int, Explanation]]:
        """The itemised score lines (points, explanation) of one side at the end of a hand."""

        return score_side(state, side, went_out)

    # Move-generation hooks: supersets of the legal actions; ``check`` decides.
    def fast_moves(self) -> Generator | None:
        """The variant's fast legal-move generator (``variants/<name>/moves.py``), or None."""
        return None

    def fast_legal_actions(self, state: State) -> list[Action] | None:
        """The legal actions computed without explanations, exactly as the checked list
        (same actions, same order), or None to use the checked list."""
        moves = self.fast_moves()
        return None if moves is None else moves.legal_actions(state)

    def fast_allows(self, state: State, action: Action) -> bool | None:
        """Whether ``action`` is among :meth:`fast_legal_actions` (None when there are none)."""
        moves = self.fast_moves()
        return None if moves is None else moves.allows(state, action)

    def candidate_melds(self, state: State, hand: Sequence[Card]) -> list[tuple[Card, ...]]:

        return group_candidates(state, hand)

    def opening_reaches(self, state: State, side: int, groups: Sequence[Sequence[Card]]) -> bool:
        """Whether these first melds reach the opening minimum (a fast filter for move
        generation; a variant that counts the opening differently overrides it)."""

        return opening_check(state, side, groups).allowed

    def take_candidates(self, state: State) -> list[Action]:

        return take_candidates(state)

    def add_candidates(self, state: State) -> list[Action]:

        return add_candidates(state)

    def swap_candidates(self, state: State) -> list[Action]:
        """Exchanges of a hand card for a wild card on the table (none where they are refused)."""
        return []

    def canasta_kind(self, meld: Meld) -> str | None:
        """'natural' / 'mixed' for a canasta, None when the meld is not one yet."""
        if meld.kind not in ("group", "run") or meld.size < self.canasta_size:
            return None
        return "mixed" if meld.wilds else "natural"

    def canasta_word(self, kind: str) -> Phrase:
        """How a kind of canasta is called in messages, in the variant's words ('natural' /
        'natural' in classic, 'clean' / 'limpia' in Canasta Real, …)."""
        return canasta_word(kind)

    def incomplete_cost(self, meld: Meld) -> int:
        """What ``meld`` costs its side at the end of a hand while it is short of a canasta,
        besides its cards (Americana's special melds and melds of wild cards; none here)."""
        return 0

    def held_cost(self, rank: int, count: int) -> int:
        """What ``count`` cards of ``rank`` left in one player's hand at the end of a hand cost
        besides their values (Americana's aces and sevens; none here)."""
        return 0

    def canasta_bonus(self, meld: Meld) -> int:
        kind = self.canasta_kind(meld)
        return {"natural": self.canasta_natural, "mixed": self.canasta_mixed}.get(kind or "", 0)

    # ---- house rules ------------------------------------------------------------------
    def house_options(self) -> dict[str, int]:
        """The options a house rule may set on this variant, with the least value for numbers
        (variants with options of their own extend this)."""
        fields = {f.name for f in dataclasses.fields(self)}
        return {k: least for k, least in HOUSE_OPTIONS.items() if k in fields}

    def house_rule_ids(self, option: str) -> tuple[str, ...]:
        """The rule ids whose explanations depend on ``option``."""
        return HOUSE_RULE_IDS.get(option, ())

    def house_max(self) -> dict[str, int]:
        """The options a house rule may raise only so far, with their largest values."""
        return HOUSE_MAX

    def with_options(self, origin: str = "Python", **options: Any) -> Variant:
        """A house-rule variant: these parameters overridden, each recorded with its origin."""
        allowed = self.house_options()
        changes: dict[str, Any] = {}
        for key, value in options.items():
            if key not in allowed:
                known = ", ".join(sorted(allowed))
                raise VariantError(key="house.unknown-option",
                                   facts={"option": key, "variant": self.title, "known": known})
            default = getattr(self, key)
            expected = type(default)
            if expected is int and (isinstance(value, bool) or not isinstance(value, int)):
                raise VariantError(key="house.not-number", facts={"option": key, "value": repr(value)})
            if expected is bool and not isinstance(value, bool):
                raise VariantError(key="house.not-bool", facts={"option": key, "value": repr(value)})
            if expected is int and value < allowed[key]:
                raise VariantError(key="house.too-small",
                                   facts={"option": key, "least": allowed[key], "value": value})
            changes[key] = value
        house = self.house + tuple((k, v, origin) for k, v in options.items())
        derived = dataclasses.replace(self, **changes, house=house)
        from .houselimits import check_bounds, check_deal

        check_deal(derived)  # the hands, the piles set aside and the upcard leave a stock
        for key, most in self.house_max().items():
            if key in options and options[key] > most:
                raise VariantError(key="house.above-max." + key,
                                   facts={"key": key, "value": options[key], "most": most})
        check_bounds(derived, options)  # what the pack and the rules can honour
        return derived


def opening_bands(opening: Sequence[tuple[int, int]]) -> tuple[Phrase, ...]:
    """The opening minimum by score as phrases: '15 below 0', '50 from 0 to 1495', …"""
    bands: list[tuple[int, int]] = []
    for lower, need in sorted(opening):  # equal neighbours are one band: "50 at any score"
        if bands and bands[-1][1] == need:
            continue
        bands.append((lower, need))
    out = []
    for i, (lower, need) in enumerate(bands):
        upper = bands[i + 1][0] if i + 1 < len(bands) else None
        if lower < -10**8:
            out.append(P("opening.band-below", need=need, upper=upper) if upper is not None
                       else P("opening.band-always", need=need))
        elif upper is None:
            out.append(P("opening.band-from", need=need, lower=lower))
        else:
            out.append(P("opening.band-between", need=need, lower=lower, last=upper - 5))
    return tuple(out)


def card_value_list(values: Sequence[tuple[int, int]]) -> tuple[Phrase, ...]:
    """The card values as phrases, ranks of equal value together: 'A and 2: 20', …"""
    from .cards import RANK_TEXT

    by_value: dict[int, list[str | Phrase]] = {}
    for rank, pts in values:
        by_value.setdefault(pts, []).append(P("rank.joker") if rank == JOKER else RANK_TEXT[rank])
    return tuple(P("card-values", ranks=tuple(ranks), points=pts)
                 for pts, ranks in sorted(by_value.items(), reverse=True))


# Sources of the rules every variant may emit without listing them (a variant's own wins).
DEFAULT_SOURCES: dict[str, Source] = {
    "turn.pass": Source("engine", "how the engine runs a game", "", "default.turn.pass"),
    "draw.stock-empty": Source("engine", "how the engine runs a game", "", "default.draw.stock-empty"),
    "action.unknown": Source("engine", "how the engine runs a game", "", "default.action.unknown"),
    "swap.off": Source("engine", "how the engine runs a game", "", "default.swap.off"),
}

# Options a house rule may change, with the least value allowed for numbers.
HOUSE_OPTIONS: dict[str, int] = {
    "target": 100, "canastas_to_go_out": 0, "going_out_bonus": 0, "concealed_bonus": 0,
    "canasta_natural": 0, "canasta_mixed": 0, "max_wilds": 0, "cards_dealt": 5,
    "canasta_size": 3, "red_three_bonus": 0, "ask_partner": 0, "pile_frozen_before_opening": 0,
    "upcard": 0, "joker_swap": 0, "top_card_only": 0, "wild_in_hand_cost": 0,
}
# Options a house rule may raise only so far, and why: a side that has not opened holds its
# whole deal, and the first melds it could lay down together grow fast with it (the worst hands
# of 14 cards hold some 27,000; of 16, over 200,000: benchmarks/worst_hand.py). The largest of
# the five variants' own deals is 13.
HOUSE_MAX: dict[str, int] = {"cards_dealt": 13}
HOUSE_MAX_WHY: dict[str, str] = {
    "cards_dealt": "a side that has not opened holds its whole deal, and with more cards the "
                   "first melds it could lay down together would number in the hundreds of "
                   "thousands, too many to list at every decision"}
# The rule ids whose explanation names a house rule when that option is overridden.
HOUSE_RULE_IDS: dict[str, tuple[str, ...]] = {
    "target": ("game.end",),
    "canastas_to_go_out": ("out.needs-canasta", "out.went-out"),
    "going_out_bonus": ("score.going-out",),
    "concealed_bonus": ("score.concealed",),
    "canasta_natural": ("score.canasta",),
    "canasta_mixed": ("score.canasta",),
    "max_wilds": ("meld.wild-limit",),
    "cards_dealt": ("deal.hands",),
    "canasta_size": ("meld.canasta",),
    "red_three_bonus": ("score.red-threes",),
    "pile_frozen_before_opening": ("pile.frozen",),
    "upcard": ("deal.upcard",),
    "ask_partner": ("out.ask", "out.ask-partner-none", "out.ask-unable", "out.partner-said-yes"),
    "top_card_only": ("pile.depth",),
    "wild_in_hand_cost": ("score.hand-cards", "score.meld-cards"),
}
