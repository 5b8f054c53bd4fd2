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
from .explain import Explanation, L, Source
from .variant import Variant

if TYPE_CHECKING:
    from .state import State

NAMES = ("Tú", "Ada", "Bo", "Cleo")


# ---- the table ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Cell:
    """What one variant says on one row, the rule id it summarises and that rule's source."""

    text: L
    rule: str
    source: Source | None


@dataclass(frozen=True)
class Row:
    key: str
    label: L
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


def _cell(v: Variant, text: L, *rules: str) -> Cell:
    rule = _pick(v, *rules)
    return Cell(text, rule, v.source(rule))


def _join(parts: Sequence[L], sep: str = "; ") -> L:
    parts = [p for p in parts if p.en]
    return L(sep.join(p.en for p in parts), sep.join(p.es for p in parts))


def _players(v: Variant) -> Cell:
    counts = list(v.player_counts)
    span = (f"{counts[0]}–{counts[-1]}" if len(counts) > 2 and counts == list(range(counts[0], counts[-1] + 1))
            else " or ".join(map(str, counts)))
    span_es = span.replace(" or ", " o ")
    pairs = [n for n in counts if len(v.sides_for(n)) < n]
    if not pairs:
        how = L("each for themselves", "cada uno por su cuenta")
    elif pairs == counts:
        how = L("in two sides", "en dos parejas")
    else:
        alone = [n for n in counts if n not in pairs]
        how = L(f"{'/'.join(map(str, alone))} each alone, {'/'.join(map(str, pairs))} in pairs",
                f"{'/'.join(map(str, alone))} cada uno solo, {'/'.join(map(str, pairs))} en parejas")
    return _cell(v, L(f"{span}, {how.en}", f"{span_es}, {how.es}"), "deal.hands", "turn.order")


def _deal(v: Variant) -> Cell:
    up = (L("one card turned up starts the pile", "una carta boca arriba empieza el pozo") if v.upcard
          else L("no card turned up", "ninguna carta boca arriba"))
    parts = [L(f"{v.cards_dealt} each", f"{v.cards_dealt} a cada uno"), up]
    alas = getattr(v, "alas", ())
    if "deal.alas" in v.sources and alas:
        sizes = " and ".join(map(str, alas))
        parts.append(L(f"two alas of {sizes} cards", f"dos alas de {sizes.replace('and', 'y')} cartas"))
    if "deal.muertos" in v.sources:
        n = getattr(v, "muerto_size", 0)
        parts.append(L(f"a muerto of {n} cards for each side", f"un muerto de {n} cartas por bando"))
    return _cell(v, _join(parts), "deal.hands")


def _pack(v: Variant) -> Cell:
    return _cell(v, L(f"{v.decks} × 52 + {v.jokers} jokers = {v.pack_size}",
                      f"{v.decks} × 52 + {v.jokers} comodines = {v.pack_size}"), "deal.hands")


def _draw(v: Variant) -> Cell:
    text = L(f"{v.draw_count} card a turn", f"{v.draw_count} carta por turno")
    if v.draw_count_two_players != v.draw_count and 2 in v.player_counts:
        text = L(f"{text.en}; {v.draw_count_two_players} with two players",
                 f"{text.es}; {v.draw_count_two_players} entre dos")
    return _cell(v, text, "draw.stock")


def _wilds(v: Variant) -> Cell:
    names = [("jokers", "comodines") if r == JOKER else (f"{RANK_TEXT[r]}s", f"los {RANK_TEXT[r]}")
             for r in v.wild_ranks]
    parts = [L(" and ".join(n[0] for n in names), " y ".join(n[1] for n in names)),
             L(f"at most {v.max_wilds} a meld", f"como mucho {v.max_wilds} por juego"),
             L(f"at least {v.min_naturals} natural", f"al menos {v.min_naturals} naturales")]
    parts.append(L("never more than the natural cards", "nunca más que las naturales")
                 if v.wilds_at_most_naturals else
                 L("may outnumber the natural cards", "pueden ser más que las naturales"))
    if "run.wild-moves" in v.sources:
        parts.append(L("a 2 moves to an end when the card it stands for arrives",
                       "el 2 pasa a un extremo cuando llega la carta que sustituye"))
    return _cell(v, _join(parts), "meld.wild-limit", "run.wild-limit", "meld.wild-count")


def _melds(v: Variant) -> Cell:
    if "run.valid" in v.sources:  # runs variants (Canasta Real)
        parts = [L(f"runs of {v.meld_min}+ of one suit, ace low or high, no turning the corner",
                   f"escaleras de {v.meld_min}+ de un palo, as bajo o alto, sin dar la vuelta")]
        if "run.no-sets" in v.sources:
            parts.append(L("no sets of one rank", "sin tríos"))
        return _cell(v, _join(parts), "run.valid")
    parts = [L(f"groups of {v.meld_min}+ of one rank", f"grupos de {v.meld_min}+ del mismo valor")]
    if v.max_meld_size:
        parts.append(L(f"at most {v.max_meld_size} cards", f"como mucho {v.max_meld_size} cartas"))
    if "meld.black-threes" in v.sources and v.black_threes_meld_only_out:
        parts.append(L("black threes only when going out", "treses negros solo al salir"))
    if v.red_threes == "none":
        parts.append(L("threes are ordinary cards", "los treses son cartas comunes"))
    if "meld.wild-canasta" in v.sources or "meld.wilds" in v.sources:
        parts.append(L("wild cards alone", "solo comodines"))
    if "meld.special" in v.sources:
        parts.append(L("7s and aces special: no wild cards", "sietes y ases especiales: sin comodines"))
    if "meld.threes" in v.sources:
        parts.append(L("threes laid down alone", "tres bajados solos"))
    return _cell(v, _join(parts), "meld.valid", "meld.same-rank")


def _canasta(v: Variant) -> Cell:
    parts = [L(f"{v.canasta_size}+ cards: natural {v.canasta_natural}, mixed {v.canasta_mixed}",
               f"{v.canasta_size}+ cartas: limpia {v.canasta_natural}, sucia {v.canasta_mixed}")]
    wild = getattr(v, "wild_canasta_bonus", None)
    if wild is not None:
        parts.append(L(f"wild cards only {wild}", f"de comodines {wild}"))
    if v.max_meld_size == v.canasta_size:  # a canasta is exactly the largest meld
        parts[0] = L(f"{v.canasta_size} cards: natural {v.canasta_natural}, mixed {v.canasta_mixed}",
                     f"{v.canasta_size} cartas: limpia {v.canasta_natural}, sucia {v.canasta_mixed}")
    special = getattr(v, "canasta_special", None)
    if special is not None:
        parts.append(L(f"clean 7s or aces {special}", f"de siete o as limpia {special}"))
    twos, jokers, other = (getattr(v, k, None) for k in ("canasta_twos", "canasta_jokers", "canasta_wild"))
    if twos is not None:
        parts.append(L(f"wild cards: all 2s {twos}, all four jokers {jokers}, other {other}",
                       f"de comodines: solo doses {twos}, los cuatro comodines {jokers}, otra {other}"))
    de_mil = getattr(v, "canasta_de_mil", None)
    if de_mil is not None:
        parts.append(L(f"ace to ace without a wild card (de mil) {de_mil}",
                       f"de as a as sin comodín (de mil) {de_mil}"))
    return _cell(v, _join(parts), "score.canasta", "meld.canasta")


def _opening(v: Variant) -> Cell:
    bands = sorted(v.opening)
    needs = {n for _, n in bands}
    if needs == {0}:  # Canasta Real: meld from the first turn
        return _cell(v, L("none", "ninguno"), "open.threshold", "open.minimum", "meld.ok")
    if len(needs) == 1:
        text = L(f"{bands[0][1]} at any score", f"{bands[0][1]} con cualquier puntuación")
    else:
        en, es = [], []
        for lower, need in bands:
            if lower < -10**8:
                en.append(f"{need} below {bands[1][0]}" if len(bands) > 1 else str(need))
                es.append(f"{need} por debajo de {bands[1][0]}" if len(bands) > 1 else str(need))
            else:
                en.append(f"{need} from {lower}")
                es.append(f"{need} desde {lower}")
        text = L(", ".join(en), ", ".join(es))
    parts = [text]
    if type(v).meld_points is not Variant.meld_points:
        parts.append(L("a wild card counts as the card it stands for",
                       "el comodín cuenta como la carta que representa"))
    if v.opening_counts_pile_top:
        parts.append(L("the pile's card counts", "la carta del pozo cuenta"))
    return _cell(v, _join(parts), "open.threshold", "open.minimum")


def _pile(v: Variant) -> Cell:
    if "pile.take-whole" in v.sources:  # taken into the hand, nothing melded with it
        return _cell(v, L("the whole pile into the hand, with no condition",
                          "el pozo entero a la mano, sin condiciones"), "pile.take-whole")
    if v.pile_any_depth and not getattr(v, "top_card_only", False):
        parts = [L("down to any card, melded at once; the cards above join the hand",
                   "hasta cualquier carta, bajándola en el acto; las de encima pasan a la mano")]
    elif v.pile_any_depth:
        parts = [L("the top card only, melded at once", "solo la carta de arriba, bajándola en el acto")]
    else:
        parts = [L("the whole pile, using its top card at once",
                   "el pozo entero, usando en el acto la carta de arriba")]
    if getattr(v, "pile_madre", False):
        parts.append(L("natural pair until first taken (madre)", "par puro hasta levantarlo (madre)"))
    if v.pile_frozen_by_wild:
        parts.append(L("natural pair while it holds a wild card or red three (frozen)",
                       "par natural mientras tenga un comodín o tres rojo (congelado)"))
    elif "pile.premiado" in v.sources:
        parts.append(L("natural pair once a wild card is in it (premiado)",
                       "par puro si tiene un comodín (premiado)"))
    if v.pile_frozen_before_opening:
        parts.append(L("natural pair before the side opens", "par natural antes de abrir"))
    if "pile.use-top" in v.sources and not v.pile_take_onto_meld:
        parts.append(L("always with two natural cards of its rank from the hand",
                       "siempre con dos cartas naturales de su número de la mano"))
    if "pile.meld-full" in v.sources:
        parts.append(L("not onto a meld of five or more", "no sobre un juego de cinco o más"))
    return _cell(v, _join(parts), "pile.take", "pile.take-depth")


def _blocks(v: Variant) -> Cell:
    parts = []
    if v.black_threes_block:
        parts.append(L("a black three on top", "un tres negro encima"))
    if "pile.top-wild" in v.sources:
        parts.append(L("a wild card on top", "un comodín encima"))
    if "pile.top-three" in v.sources:
        parts.append(L("a three on top", "un tres encima"))
    if getattr(v, "pile_tapado_by_canasta", False):
        parts.append(L("a rank already made into a canasta", "un número ya hecho canasta"))
    if not parts:
        return _cell(v, L("nothing", "nada"), "pile.blocked", "pile.depth")
    return _cell(v, _join(parts, ", "), "pile.blocked", "pile.top-wild", "pile.tapado")


def _threes(v: Variant) -> Cell:
    if v.red_threes == "none":
        return _cell(v, L("no special role", "sin papel especial"), "meld.same-rank", "run.valid")
    table = getattr(v, "threes_table", ())
    if v.red_threes == "laid-down" and table:  # Americana: laid down at will, scored by colour
        counts = ", ".join(f"{i}: {p}" for i, p in enumerate(table) if i)
        return _cell(v, L(f"laid down at will and replaced; per colour {counts}; against with no "
                          "canasta, nothing with one, for with two or more",
                          f"se bajan cuando se quiere y se reponen; por color {counts}; en contra "
                          "sin canasta, nada con una, a favor con dos o más"),
                     "score.threes", "meld.threes")
    without = {"meld": L("with no meld", "sin bajar nada"),
               "canasta": L("with no canasta", "sin canasta")}.get(v.red_threes_negative_without,
                                                                  L("", ""))
    text = L(f"red: laid out and replaced, {v.red_three_bonus} each, {v.red_threes_all_four} all "
             f"four, negative {without.en}",
             f"rojos: a la mesa y se reponen, {v.red_three_bonus} cada uno, "
             f"{v.red_threes_all_four} los cuatro, negativos {without.es}")
    return _cell(v, text, "score.red-threes", "threes.red-laid-out")


def _going_out(v: Variant) -> Cell:
    if "muerto.direct" in v.sources:  # Canasta Real: the first emptying takes the muerto
        return _cell(v, L("the first to empty the hand takes the side's muerto; emptying it again "
                          "ends the hand, with a clean canasta; with or without a final discard",
                          "el primero en quedarse sin cartas recibe el muerto; volver a quedarse "
                          "sin cartas cierra, con una canasta limpia; con o sin descarte final"),
                     "close.final")
    parts = [L(f"{v.canastas_to_go_out} canasta(s) first", f"antes {v.canastas_to_go_out} canasta(s)")]
    if "out.must-discard" in v.sources:
        parts.append(L("the last card is discarded", "la última carta se descarta"))
    else:
        parts.append(L("with or without a final discard", "con o sin descarte final"))
    if v.ask_partner:
        parts.append(L("may ask the partner", "se puede pedir permiso"))
    if "special.hand" in v.sources:
        parts.append(L("or at once with a special hand of 14 cards",
                       "o de una vez con una mano especial de 14 cartas"))
    return _cell(v, _join(parts), "out.needs-canasta", "out.went-out")


def _bonuses(v: Variant) -> Cell:
    parts = [L(f"going out {v.going_out_bonus}", f"cierre {v.going_out_bonus}")]
    if v.concealed_bonus:
        parts.append(L(f"concealed +{v.concealed_bonus}", f"de mano +{v.concealed_bonus}"))
    if v.red_threes == "bonus":
        parts.append(L(f"red threes {v.red_three_bonus}", f"treses rojos {v.red_three_bonus}"))
    hands = [getattr(v, k, None) for k in ("straight", "pairs", "pairs_twos", "garbage")]
    if "score.special-hand" in v.sources and None not in hands:
        each = "/".join(map(str, hands))
        parts.append(L(f"special hands {each}, instead of the rest",
                       f"manos especiales {each}, en lugar de lo demás"))
    return _cell(v, _join(parts), "score.going-out")


def _penalties(v: Variant) -> Cell:
    parts = [L("cards left in hand count against", "las cartas en la mano restan")]
    if v.red_threes == "bonus":
        parts.append(L("red threes negative", "treses rojos negativos"))
    if "score.meld-cards-negative" in v.sources:
        parts.append(L("meld cards too, without a canasta", "también las cartas bajadas, sin canasta"))
    special, wild = getattr(v, "incomplete_special", None), getattr(v, "incomplete_wild", None)
    if "score.incomplete" in v.sources and special is not None:
        parts.append(L(f"clean aces or 7s short of a canasta −{special}, wild cards −{wild}",
                       f"ases o sietes limpios sin canasta −{special}, comodines −{wild}"))
    held = getattr(v, "held_aces_sevens", None)
    if "score.aces-sevens" in v.sources and held is not None:
        parts.append(L(f"3+ aces or 7s kept in a hand −{held}", f"3+ ases o sietes en la mano −{held}"))
    if "score.muerto" in v.sources:
        n = getattr(v, "muerto_penalty", 0)
        parts.append(L(f"a muerto not taken −{n}", f"muerto no recogido −{n}"))
    return _cell(v, _join(parts), "score.hand-cards")


def _values(v: Variant) -> Cell:
    # runs of equal values from K down to 3; the joker, the ace and the 2 on their own
    groups: list[tuple[int, list[int]]] = []
    for r in ((JOKER,) if v.jokers else ()) + (ACE, *range(KING, 2, -1), 2):  # Real: no jokers
        val = v.value(_any_card(r))
        if groups and groups[-1][0] == val and 3 <= r < groups[-1][1][-1] <= KING:
            groups[-1][1].append(r)
        else:
            groups.append((val, [r]))
    text = ", ".join(f"{RANK_TEXT[rs[0]]}{'–' + RANK_TEXT[rs[-1]] if len(rs) > 1 else ''} {val}"
                     for val, rs in groups)
    return _cell(v, L(text, text), "score.meld-cards")


def _any_card(rank: int) -> Any:
    from .cards import JK, card

    return JK if rank == JOKER else card(rank, "♠")


def _target(v: Variant) -> Cell:
    text = L(str(v.target), str(v.target))
    if not v.game_target_reached(v.target):  # Americana: "más de 8500"
        text = L(f"more than {v.target}", f"más de {v.target}")
    if "target" in v.table_options:
        text = L(f"{v.target} (set when the table is created)", f"{v.target} (se fija al crear la mesa)")
    return _cell(v, text, "game.end")


ROWS: tuple[tuple[str, L, Callable[[Variant], Cell]], ...] = (
    ("players", L("Players", "Jugadores"), _players),
    ("deal", L("Cards dealt", "Reparto"), _deal),
    ("pack", L("Pack", "Mazo"), _pack),
    ("draw", L("Draw", "Robo"), _draw),
    ("wilds", L("Wild cards and limits", "Comodines y límites"), _wilds),
    ("melds", L("Meld kinds", "Tipos de juego"), _melds),
    ("canasta", L("Canastas", "Canastas"), _canasta),
    ("opening", L("Initial minimum", "Mínimo para bajar"), _opening),
    ("pile", L("Taking the pile", "Levantar el pozo"), _pile),
    ("blocks", L("The pile cannot be taken after", "El pozo no se levanta tras"), _blocks),
    ("threes", L("Threes", "Treses"), _threes),
    ("going-out", L("Going out", "Cerrar"), _going_out),
    ("bonuses", L("Bonuses", "Premios"), _bonuses),
    ("penalties", L("Penalties", "Castigos"), _penalties),
    ("values", L("Card values", "Valor de las cartas"), _values),
    ("target", L("Game target", "Meta"), _target),
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
    title: L
    hand: str
    action: str
    phase: str = "play"
    melds: tuple[str, ...] = ()  # Tú's side's melds
    pile: str = ""
    opened: bool = True


SITUATIONS: tuple[Situation, ...] = (
    Situation("pile-natural-wild",
              L("The pile's top card with one natural card and a wild card",
                "La carta del pozo con una natural y un comodín"),
              "9♠ JK 5♥ 6♦ 7♣ 8♥ Q♠", "take pile with 9♠ JK", phase="draw",
              melds=("K♠ K♥ K♣",), pile="4♣ 6♠ 9♥"),
    Situation("three-wilds", L("A meld with three wild cards", "Un juego con tres comodines"),
              "7♠ 7♥ 2♣ 2♦ JK 4♦ 9♣ Q♦", "meld 7♠ 7♥ 2♣ 2♦ JK", melds=("K♠ K♥ K♣",)),
    Situation("out-no-discard", L("Going out without a discard", "Cerrar sin descartar"),
              "Q♠ Q♥ Q♦", "meld Q♠ Q♥ Q♦", melds=("K♠ K♠ K♥ K♥ K♣ K♣ K♦",)),
    Situation("pile-depth", L("Taking the pile at the third card", "Levantar el pozo en la tercera carta"),
              "9♠ 9♦ 5♥ 7♣ Q♠", "take pile at 3 with 9♠ 9♦", phase="draw",
              melds=("K♠ K♥ K♣", "4♠ 4♥ 4♦", "6♣ 6♥ 6♦"), pile="8♣ 9♥ 4♣ 6♠"),
    Situation("black-threes", L("Three black threes, not going out", "Tres treses negros sin cerrar"),
              "3♣ 3♠ 3♣ 5♥ 7♣ Q♠ 9♦", "meld 3♣ 3♠ 3♣", melds=("K♠ K♥ K♣",)),
    Situation("wild-canasta", L("Seven wild cards at once", "Siete comodines juntos"),
              "2♣ 2♦ 2♥ 2♠ 2♣ 2♦ JK 8♣ 9♦", "meld 2♣ 2♦ 2♥ 2♠ 2♣ 2♦ JK", melds=("K♠ K♥ K♣",)),
    Situation("opening-wild", L("Opening with 9 9 and a joker", "Abrir con 9 9 y un comodín"),
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
               players: int | None = None) -> Stats:
    """Play ``games`` random games (at most ``max_hands`` hands each) with a fixed seed; a turn is
    one draw or pile pickup."""
    from .bots import RandomBot
    from .game import new_game
    from .registry import find_variant

    v = find_variant(variant)
    hands = turns = went_out = points = 0
    sides = 0
    for g in range(games):
        state = new_game(v, seed=seed * 1000 + g, players=players)
        sides = len(state.sides)
        bot = RandomBot(seed * 1000 + g)
        while not state.is_over and len(state.results) < max_hands:
            action = bot.choose(state)
            turns += isinstance(action, (Draw, TakePile))
            state.apply(action)
        for r in state.results:
            hands += 1
            went_out += r.ended.rule == "end.went-out"
            points += sum(r.totals)
    return Stats(v, games, hands, turns, went_out, points, sides)


def stats_table(variants: Sequence[str | Variant], games: int = 2, seed: int = 0,
                max_hands: int = 2) -> list[Stats]:
    return [play_stats(v, games, seed, max_hands) for v in variants]
