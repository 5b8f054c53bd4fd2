"""Variants side by side: a table generated from the variant definitions (each cell citing the
source of the rule it summarises), the same situations judged by each variant, and figures from
random games.

Nothing here is written per variant: every cell is read from a variant's parameters, its rule
list and its sources, so changing a parameter (or a house rule) changes the table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .actions import Draw, TakePile
from .cards import ACE, JOKER, KING, RANK_TEXT
from .explain import Explanation, P, Phrase, Source
from .variant import Variant, opening_bands

if TYPE_CHECKING:
    from .state import State

NAMES = ("Tú", "Ada", "Bo", "Cleo")


# ---- the table ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Cell:
    """What one variant says on one row, the rule id it summarises and that rule's source."""

    text: Parts
    rule: str
    source: Source | None


@dataclass(frozen=True)
class Row:
    key: str
    label: Phrase
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class Comparison:
    """Rows × variants; ``variants`` are the columns."""

    variants: tuple[Variant, ...]
    rows: tuple[Row, ...]

    def headers(self, lang: str = "en") -> list[str]:
        return [column_title(v, lang) for v in self.variants]

    def row(self, key: str) -> Row:
        return next(r for r in self.rows if r.key == key)

    def _repr_html_(self) -> str:
        from .render.compare import comparison_html

        return comparison_html(self)


def column_title(v: Variant, lang: str = "en") -> str:
    """The variant's title, marked when house rules change it."""
    return v.title.get(lang) + (" *" if v.house else "")


def _pick(v: Variant, *rules: str) -> str:
    """The first of ``rules`` this variant uses (the last one when it uses none)."""
    return next((r for r in rules if r in v.sources or v.source(r) is not None), rules[-1])


@dataclass(frozen=True)
class Parts:
    """A cell's text: phrases of the locale files (``cmp.*``) joined by ``sep``, in the words of
    the cell's variant."""

    parts: tuple[Phrase, ...]
    variant: str = ""
    sep: str = "; "

    def get(self, lang: str = "en") -> str:
        return self.sep.join(p.get(lang, variant=self.variant) for p in self.parts)

    @property
    def en(self) -> str:
        return self.get("en")

    @property
    def es(self) -> str:
        return self.get("es")

    def __str__(self) -> str:
        return self.get("en")


def _cell(v: Variant, text: Phrase | Sequence[Phrase], *rules: str, sep: str = "; ") -> Cell:
    rule = _pick(v, *rules)
    parts = (text,) if isinstance(text, Phrase) else tuple(text)
    return Cell(Parts(parts, v.base_name(), sep), rule, v.source(rule))


def _players(v: Variant) -> Cell:
    counts = tuple(v.player_counts)
    pairs = tuple(sorted(n for n in counts if len(v.sides_for(n)) < n))
    alone = tuple(sorted(n for n in counts if n not in pairs))
    if not pairs:
        how = P("cmp.each-alone")
    elif pairs == counts:
        how = P("cmp.in-two-sides")
    else:
        how = P("cmp.alone-or-pairs", alone=alone, pairs=pairs)
    ordered = sorted(counts)
    if len(ordered) > 2 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        span = P("cmp.span", low=ordered[0], high=ordered[-1])
    elif len(ordered) == 1:
        span = P("cmp.count", n=ordered[0])
    else:
        span = P("cmp.either", first=", ".join(map(str, ordered[:-1])), last=ordered[-1])
    return _cell(v, P("cmp.players", span=span, how=how), "deal.hands", "turn.order")


def _deal(v: Variant) -> Cell:
    parts = [P("cmp.dealt", n=v.cards_dealt),
             P("cmp.upcard") if v.upcard else P("cmp.no-upcard")]
    alas = getattr(v, "alas", ())
    if "deal.alas" in v.sources and alas:
        parts.append(P("cmp.alas", sizes=tuple(alas)))
    if "deal.muertos" in v.sources:
        parts.append(P("cmp.muertos", n=getattr(v, "muerto_size", 0)))
    return _cell(v, parts, "deal.hands")


def _pack(v: Variant) -> Cell:
    return _cell(v, P("cmp.pack", decks=v.decks, jokers=v.jokers, total=v.pack_size), "deal.hands")


def _draw(v: Variant) -> Cell:
    parts = [P("cmp.draw", n=v.draw_count)]
    if v.draw_count_two_players != v.draw_count and 2 in v.player_counts:
        parts.append(P("cmp.draw-two", n=v.draw_count_two_players))
    return _cell(v, parts, "draw.stock")


def _wilds(v: Variant) -> Cell:
    names = tuple(P("cmp.jokers") if r == JOKER else P("cmp.rank-plural", rank=RANK_TEXT[r])
                  for r in v.wild_ranks)
    parts = [P("cmp.wild-ranks", names=names), P("cmp.wilds-most", n=v.max_wilds),
             P("cmp.naturals-least", n=v.min_naturals),
             P("cmp.wilds-not-more") if v.wilds_at_most_naturals else P("cmp.wilds-may-outnumber")]
    if "run.wild-moves" in v.sources:
        parts.append(P("cmp.two-moves"))
    return _cell(v, parts, "meld.wild-limit", "run.wild-limit", "meld.wild-count")


def _melds(v: Variant) -> Cell:
    if "run.valid" in v.sources:  # runs variants (Canasta Real)
        parts = [P("cmp.runs", n=v.meld_min)]
        if "run.no-sets" in v.sources:
            parts.append(P("cmp.no-sets"))
        return _cell(v, parts, "run.valid")
    parts = [P("cmp.groups", n=v.meld_min)]
    if v.max_meld_size:
        parts.append(P("cmp.at-most-cards", n=v.max_meld_size))
    if "meld.black-threes" in v.sources and v.black_threes_meld_only_out:
        parts.append(P("cmp.black-threes-out"))
    if v.red_threes == "none":
        parts.append(P("cmp.threes-ordinary"))
    if "meld.wild-canasta" in v.sources or "meld.wilds" in v.sources:
        parts.append(P("cmp.wilds-alone"))
    if "meld.special" in v.sources:
        parts.append(P("cmp.special-melds"))
    if "meld.threes" in v.sources:
        parts.append(P("cmp.threes-alone"))
    return _cell(v, parts, "meld.valid", "meld.same-rank")


def _canasta(v: Variant) -> Cell:
    exact = v.max_meld_size == v.canasta_size  # a canasta is exactly the largest meld
    parts = [P("cmp.canasta", n=v.canasta_size, exact=exact, natural=v.canasta_natural,
               mixed=v.canasta_mixed)]
    wild = getattr(v, "wild_canasta_bonus", None)
    if wild is not None:
        parts.append(P("cmp.wild-canasta", points=wild))
    special = getattr(v, "canasta_special", None)
    if special is not None:
        parts.append(P("cmp.special-canasta", points=special))
    twos, jokers, other = (getattr(v, k, None) for k in ("canasta_twos", "canasta_jokers", "canasta_wild"))
    if twos is not None:
        parts.append(P("cmp.wild-canastas", twos=twos, jokers=jokers, other=other))
    de_mil = getattr(v, "canasta_de_mil", None)
    if de_mil is not None:
        parts.append(P("cmp.de-mil", points=de_mil))
    return _cell(v, parts, "score.canasta", "meld.canasta")


def _opening(v: Variant) -> Cell:
    bands = sorted(v.opening)
    needs = {n for _, n in bands}
    if needs == {0}:  # Canasta Real: meld from the first turn
        return _cell(v, P("cmp.none"), "open.threshold", "open.minimum", "meld.ok")
    if len(needs) == 1:
        parts = [P("cmp.any-score", need=bands[0][1])]
    else:
        parts = [P("cmp.bands", bands=opening_bands(bands))]
    if type(v).meld_points is not Variant.meld_points:
        parts.append(P("cmp.wild-counts-as"))
    if v.opening_counts_pile_top:
        parts.append(P("cmp.pile-card-counts"))
    return _cell(v, parts, "open.threshold", "open.minimum")


def _pile(v: Variant) -> Cell:
    if "pile.take-whole" in v.sources:  # taken into the hand, nothing melded with it
        return _cell(v, P("cmp.pile-whole-into-hand"), "pile.take-whole")
    if v.pile_any_depth and not getattr(v, "top_card_only", False):
        parts = [P("cmp.pile-any-depth")]
    elif v.pile_any_depth:
        parts = [P("cmp.pile-top-only")]
    else:
        parts = [P("cmp.pile-whole")]
    if getattr(v, "pile_madre", False):
        parts.append(P("cmp.pile-madre"))
    if v.pile_frozen_by_wild:
        parts.append(P("cmp.pile-frozen"))
    elif "pile.premiado" in v.sources:
        parts.append(P("cmp.pile-premiado"))
    if v.pile_frozen_before_opening:
        parts.append(P("cmp.pile-before-opening"))
    if "pile.use-top" in v.sources and not v.pile_take_onto_meld:
        parts.append(P("cmp.pile-two-naturals"))
    if "pile.meld-full" in v.sources:
        parts.append(P("cmp.pile-meld-full"))
    return _cell(v, parts, "pile.take", "pile.take-depth")


def _blocks(v: Variant) -> Cell:
    parts = []
    if v.black_threes_block:
        parts.append(P("cmp.block-black-three"))
    if "pile.top-wild" in v.sources:
        parts.append(P("cmp.block-wild"))
    if "pile.top-three" in v.sources:
        parts.append(P("cmp.block-three"))
    if getattr(v, "pile_tapado_by_canasta", False):
        parts.append(P("cmp.block-canasta-rank"))
    if not parts:
        return _cell(v, P("cmp.nothing"), "pile.blocked", "pile.depth")
    return _cell(v, parts, "pile.blocked", "pile.top-wild", "pile.tapado", sep=", ")


def _threes(v: Variant) -> Cell:
    if v.red_threes == "none":
        return _cell(v, P("cmp.threes-no-role"), "meld.same-rank", "run.valid")
    table = getattr(v, "threes_table", ())
    if v.red_threes == "laid-down" and table:  # Americana: laid down at will, scored by colour
        counts = tuple(P("threes.count", count=i, points=p) for i, p in enumerate(table) if i)
        return _cell(v, P("cmp.threes-americana", counts=counts), "score.threes", "meld.threes")
    return _cell(v, P("cmp.red-threes", each=v.red_three_bonus, four=v.red_threes_all_four,
                      without=v.red_threes_negative_without),
                 "score.red-threes", "threes.red-laid-out")


def _going_out(v: Variant) -> Cell:
    if "muerto.direct" in v.sources:  # Canasta Real: the first emptying takes the muerto
        return _cell(v, P("cmp.out-real"), "close.final")
    parts = [P("cmp.out-canastas", n=v.canastas_to_go_out),
             P("cmp.out-discard") if v.out_by_discard_only else P("cmp.out-any")]
    if v.ask_partner:
        parts.append(P("cmp.out-ask"))
    if "special.hand" in v.sources:
        parts.append(P("cmp.out-special-hand"))
    return _cell(v, parts, "out.needs-canasta", "out.went-out")


def _bonuses(v: Variant) -> Cell:
    parts = [P("cmp.bonus-out", points=v.going_out_bonus)]
    if v.concealed_bonus:
        parts.append(P("cmp.bonus-concealed", points=v.concealed_bonus))
    if v.red_threes == "bonus":
        parts.append(P("cmp.bonus-red-threes", points=v.red_three_bonus))
    hands = [getattr(v, k, None) for k in ("straight", "pairs", "pairs_twos", "garbage")]
    if "score.special-hand" in v.sources and None not in hands:
        parts.append(P("cmp.bonus-special-hands", each="/".join(map(str, hands))))
    return _cell(v, parts, "score.going-out")


def _penalties(v: Variant) -> Cell:
    parts = [P("cmp.pen-hand")]
    if v.red_threes == "bonus":
        parts.append(P("cmp.pen-red-threes"))
    if "score.meld-cards-negative" in v.sources:
        parts.append(P("cmp.pen-meld-cards"))
    special, wild = getattr(v, "incomplete_special", None), getattr(v, "incomplete_wild", None)
    if "score.incomplete" in v.sources and special is not None:
        parts.append(P("cmp.pen-incomplete", special=-special, wild=-(wild or 0)))
    held = getattr(v, "held_aces_sevens", None)
    if "score.aces-sevens" in v.sources and held is not None:
        parts.append(P("cmp.pen-aces-sevens", points=-held))
    if "score.muerto" in v.sources:
        parts.append(P("cmp.pen-muerto", points=-getattr(v, "muerto_penalty", 0)))
    return _cell(v, parts, "score.hand-cards")


def _values(v: Variant) -> Cell:
    # runs of equal values from K down to 3; the joker, the ace and the 2 on their own
    groups: list[tuple[int, list[int]]] = []
    for r in ((JOKER,) if v.jokers else ()) + (ACE, *range(KING, 2, -1), 2):  # Real: no jokers
        val = v.value(_any_card(r))
        if groups and groups[-1][0] == val and 3 <= r < groups[-1][1][-1] <= KING:
            groups[-1][1].append(r)
        else:
            groups.append((val, [r]))
    parts = tuple(P("cmp.value", ranks=f"{RANK_TEXT[rs[0]]}{'–' + RANK_TEXT[rs[-1]] if len(rs) > 1 else ''}",
                    points=val) for val, rs in groups)
    return _cell(v, parts, "score.meld-cards", sep=", ")


def _any_card(rank: int) -> Any:
    from .cards import JK, card

    return JK if rank == JOKER else card(rank, "♠")


def _target(v: Variant) -> Cell:
    more = not v.game_target_reached(v.target)  # Americana: "más de 8500"
    table = "target" in v.table_options
    return _cell(v, P("cmp.target", target=v.target, more=more, table=table), "game.end")


ROWS: tuple[tuple[str, Phrase, Callable[[Variant], Cell]], ...] = (
    ("players", P("cmp.row.players"), _players),
    ("deal", P("cmp.row.deal"), _deal),
    ("pack", P("cmp.row.pack"), _pack),
    ("draw", P("cmp.row.draw"), _draw),
    ("wilds", P("cmp.row.wilds"), _wilds),
    ("melds", P("cmp.row.melds"), _melds),
    ("canasta", P("cmp.row.canasta"), _canasta),
    ("opening", P("cmp.row.opening"), _opening),
    ("pile", P("cmp.row.pile"), _pile),
    ("blocks", P("cmp.row.blocks"), _blocks),
    ("threes", P("cmp.row.threes"), _threes),
    ("going-out", P("cmp.row.going-out"), _going_out),
    ("bonuses", P("cmp.row.bonuses"), _bonuses),
    ("penalties", P("cmp.row.penalties"), _penalties),
    ("values", P("cmp.row.values"), _values),
    ("target", P("cmp.row.target"), _target),
)


def compare(variants: Sequence[str | Variant]) -> Comparison:
    """The comparison table of ``variants`` (names, aliases or Variant objects)."""
    from .registry import find_variant

    vs = tuple(find_variant(v) for v in variants)
    rows = tuple(Row(key, label, tuple(fn(v) for v in vs)) for key, label, fn in ROWS)
    return Comparison(vs, rows)


# ---- the same situation judged by each variant ----------------------------------------------

@dataclass(frozen=True)
class Situation:
    """A position told without a variant: Tú's hand, the table and the pile, and one action."""

    key: str
    title: Phrase
    hand: str
    action: str
    phase: str = "play"
    melds: tuple[str, ...] = ()  # Tú's side's melds
    pile: str = ""
    opened: bool = True


SITUATIONS: tuple[Situation, ...] = (
    Situation("pile-natural-wild",
              P("sit.pile-natural-wild"),
              "9♠ JK 5♥ 6♦ 7♣ 8♥ Q♠", "take pile with 9♠ JK", phase="draw",
              melds=("K♠ K♥ K♣",), pile="4♣ 6♠ 9♥"),
    Situation("three-wilds", P("sit.three-wilds"),
              "7♠ 7♥ 2♣ 2♦ JK 4♦ 9♣ Q♦", "meld 7♠ 7♥ 2♣ 2♦ JK", melds=("K♠ K♥ K♣",)),
    Situation("out-no-discard", P("sit.out-no-discard"),
              "Q♠ Q♥ Q♦", "meld Q♠ Q♥ Q♦", melds=("K♠ K♠ K♥ K♥ K♣ K♣ K♦",)),
    Situation("pile-depth", P("sit.pile-depth"),
              "9♠ 9♦ 5♥ 7♣ Q♠", "take pile at 3 with 9♠ 9♦", phase="draw",
              melds=("K♠ K♥ K♣", "4♠ 4♥ 4♦", "6♣ 6♥ 6♦"), pile="8♣ 9♥ 4♣ 6♠"),
    Situation("black-threes", P("sit.black-threes"),
              "3♣ 3♠ 3♣ 5♥ 7♣ Q♠ 9♦", "meld 3♣ 3♠ 3♣", melds=("K♠ K♥ K♣",)),
    Situation("wild-canasta", P("sit.wild-canasta"),
              "2♣ 2♦ 2♥ 2♠ 2♣ 2♦ JK 8♣ 9♦", "meld 2♣ 2♦ 2♥ 2♠ 2♣ 2♦ JK", melds=("K♠ K♥ K♣",)),
    Situation("opening-wild", P("sit.opening-wild"),
              "9♠ 9♥ JK 5♥ 7♣ Q♠ 4♦", "meld 9♠ 9♥ JK", opened=False),
)


def situation_state(v: Variant, s: Situation) -> State:
    """``s`` laid out for variant ``v`` (four players where the variant allows, else its default)."""
    from .situation import situation

    n = 4 if 4 in v.player_counts else v.default_players
    names = NAMES[:n] if n <= len(NAMES) else tuple(f"P{i + 1}" for i in range(n))
    return situation(v, names=names, hands={names[0]: s.hand},
                     melds={names[0]: list(s.melds)} if s.melds else None, pile=s.pile,
                     turn=names[0], phase=s.phase, opened={names[0]: s.opened})


@dataclass(frozen=True)
class Verdicts:
    """Situations × variants: the explanation each variant gives (None where the situation
    cannot arise: it holds a card the variant's pack has not, see :func:`absent_cards`)."""

    variants: tuple[Variant, ...]
    situations: tuple[Situation, ...]
    explanations: tuple[tuple[Explanation | None, ...], ...]  # [situation][variant]

    def _repr_html_(self) -> str:
        from .render.compare import verdicts_html

        return verdicts_html(self)


def judge(variants: Sequence[str | Variant], situations: Sequence[Situation] = SITUATIONS) -> Verdicts:
    """Each situation judged by each variant (the engine's ``check``; nothing is applied)."""
    from .registry import find_variant

    vs = tuple(find_variant(v) for v in variants)
    exps = tuple(tuple(_verdict(v, s) for v in vs) for s in situations)
    return Verdicts(vs, tuple(situations), exps)


def absent_cards(v: Variant, s: Situation) -> list[str]:
    """The cards of ``s`` that the variant's pack has not (jokers in Canasta Real)."""
    from .cards import pack_counter, parse_cards

    pack = pack_counter(v.decks, v.jokers)
    cards = [c for text in (s.hand, s.pile, *s.melds) for c in parse_cards(text)]
    return sorted({c.text for c in cards if not pack[c]})


def _verdict(v: Variant, s: Situation) -> Explanation | None:
    """The variant's verdict on ``s``; None when a card of it is not in the variant's pack. A
    table the variant cannot hold (a set of kings in Canasta Real, which has only runs) is
    answered by its own refusal of that meld."""
    from .cards import parse_cards

    if absent_cards(v, s):
        return None
    for text in s.melds:
        meld, exp = v.make_meld(parse_cards(text), going_out=True)
        if meld is None:
            return exp
    return situation_state(v, s).check(s.action)


# ---- figures from random games ------------------------------------------------------------------

@dataclass(frozen=True)
class Stats:
    """Random-bot play of one variant: hands, turns, going out, points."""

    variant: Variant
    games: int
    hands: int
    turns: int
    went_out: int
    points: int  # summed over every side of every hand
    sides: int

    @property
    def turns_per_hand(self) -> float:
        return self.turns / self.hands if self.hands else 0.0

    @property
    def went_out_share(self) -> float:
        return self.went_out / self.hands if self.hands else 0.0

    @property
    def points_per_hand(self) -> float:
        """Average points a side scores in a hand."""
        return self.points / (self.hands * self.sides) if self.hands else 0.0


def play_stats(variant: str | Variant, games: int = 2, seed: int = 0, max_hands: int = 2,
               players: int | None = None, bot: str = "random") -> Stats:
    """Play ``games`` games (at most ``max_hands`` hands each) with a fixed seed and bots of
    level ``bot`` (uniform random by default); a turn is one draw or pile pickup."""
    from .bots import make_bot
    from .game import new_game
    from .registry import find_variant

    v = find_variant(variant)
    hands = turns = went_out = points = 0
    sides = 0
    for g in range(games):
        state = new_game(v, seed=seed * 1000 + g, players=players)
        sides = len(state.sides)
        player = make_bot(bot, seed * 1000 + g)
        while not state.is_over and len(state.results) < max_hands:
            action = player.choose(state)
            turns += isinstance(action, (Draw, TakePile))
            state.play(action)  # the figures need no explanation
        for r in state.results:
            hands += 1
            went_out += r.ended.rule == "end.went-out"
            points += sum(r.totals)
    return Stats(v, games, hands, turns, went_out, points, sides)


def stats_table(variants: Sequence[str | Variant], games: int = 2, seed: int = 0,
                max_hands: int = 2) -> list[Stats]:
    return [play_stats(v, games, seed, max_hands) for v in variants]
