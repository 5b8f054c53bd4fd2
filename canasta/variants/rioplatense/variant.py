"""Rioplatense Canasta (seed 004, Argentina and Uruguay): pozo madre, premiado and tapado, two
cards a turn between two players, red threes that count against a side with no canasta, black
threes melded only when going out, and a canasta of wild cards worth 1000.

Each rule names its source: the seed's sentence, or a standard rule, with a note (in the locale
files, ``[notes]``) saying how a gap or an ambiguity was decided.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...actions import Action, Add, Discard, Meld, TakePile
from ...cards import ACE, JOKER, RANK_TEXT, Card, make_pack, sorted_cards
from ...catalogue import Rule, register
from ...checks import with_cards_fault
from ...explain import Cite, Explanation, L, P, Phrase, Source
from ...groups import laid_group
from ...melds import Meld as TableMeld
from ...variant import STANDARD_CLASSIC, Variant
from .moves import MOVES

if TYPE_CHECKING:
    from ...fastmoves import Generator
    from ...state import State

SEED = "004_def54daed567f4b5.txt"


_CITE = Cite(SEED, STANDARD_CLASSIC)
_seed, _std, _engine = _CITE.seed, _CITE.std, _CITE.engine


# ---- the rules only this variant uses (texts: canasta/locale/*.toml) --------------------------
for _id, _group in (("deal.first-player", "deal"), ("pile.madre", "pile"), ("pile.premiado", "pile"),
                    ("pile.tapado", "pile"), ("pile.premia", "pile"), ("pile.tapa", "pile"),
                    ("meld.wild-canasta", "meld")):
    register(Rule(_id, _group))

# ---- where each rule comes from --------------------------------------------------------------
SOURCES: dict[str, Source] = {
    "deal.first-player": _seed("Para decidir quién es mano, cada jugador debe sacar una carta "
                               "del mazo y será mano quien saque la carta más alta.",
                               "rioplatense.deal.first-player"),
    "deal.hands": _seed("Se reparten 13 cartas a cada jugador.",
                        "rioplatense.deal.hands",
                        also=("La Canasta se juega con dos mazos de cartas de Póker, cada mazo "
                              "consta de 53 cartas y un Joker. Es posible jugar de a 2 (mano a "
                              "mano) o de a 4 jugadores. Cuando son 4 jugadores, el juego se "
                              "realiza en parejas.",)),
    "deal.upcard": _seed("Una vez repartidas las cartas, se toma la primera carta del mazo y se "
                         "coloca boca arriba sobre la mesa. Esta carta será la primera carta "
                         "del pozo.",
                         "rioplatense.deal.upcard"),
    "threes.red-laid-out": _seed("No se utiliza para nada durante el juego, debe colocarse "
                                 "sobre la mesa cuando se obtiene uno y tomarse otra carta en "
                                 "su lugar.",
                                 "",
                                 also=("Los jugadores descartan los tres rojos que hayan "
                                       "recibido, volviendo a tomar las cartas que correspondan "
                                       "del mazo.",)),
    "threes.red-with-pile": _std("std.rio.red-with-pile", "rioplatense.threes.red-with-pile"),
    "turn.order": _seed("El primer turno le corresponde al jugador que sea mano, el que está "
                        "sentado a la derecha del que repartió las cartas.",
                        "rioplatense.turn.order"),
    "turn.already-drew": _seed("Durante cada turno, el jugador deberá robar una carta del mazo "
                               "o robar el pozo, bajar los juegos que desee, y finalizar su "
                               "turno descartando una carta al pozo."),
    "turn.draw-first": _seed("Durante cada turno, el jugador deberá robar una carta del mazo o "
                             "robar el pozo, bajar los juegos que desee, y finalizar su turno "
                             "descartando una carta al pozo."),
    # the turn's sentence first: the two-player draw is a clause of it, not the rule of four
    "draw.stock": _seed("Durante cada turno, el jugador deberá robar una carta del mazo o "
                        "robar el pozo, bajar los juegos que desee, y finalizar su turno "
                        "descartando una carta al pozo.",
                        also=("Cuando se juega de a 2 jugadores, se toman 2 cartas del mazo en "
                              "cada turno en lugar de 1.",)),
    "pile.empty": _engine("rioplatense.pile.empty"),
    "pile.depth": _seed("Dos cartas iguales a la última carta del pozo en la mano le dan al "
                        "jugador derecho a llevarse el pozo entero."),
    "pile.blocked": _seed("Cuando la última carta del pozo es un 3 negro o comodín, se dice que "
                          "el pozo está tapado y no podrá ser levantado con ninguna combinación "
                          "de cartas."),
    "pile.top-wild": _seed("Cuando la última carta del pozo es un 3 negro o comodín, se dice "
                           "que el pozo está tapado y no podrá ser levantado con ninguna "
                           "combinación de cartas."),
    "pile.top-red-three": _std("std.rio.top-red-three", "rioplatense.pile.top-red-three"),
    "pile.tapado": _seed("Otro forma de tapar el pozo es tirando una carta con la que ya se "
                         "hizo alguna Canasta.",
                         "rioplatense.pile.tapado"),
    "pile.madre": _seed("El pozo es madre para un equipo o un jugador cuando aún no lo ha "
                        "levantado ninguna vez desde el inicio de la ronda. Puede ser levantado "
                        "únicamente con 2 cartas puras (no comodines), luego de haber llegado "
                        "al mínimo de puntos.",
                        "rioplatense.pile.madre",
                        also=("Si un jugador levanta el pozo madre, también deja de ser madre "
                              "para su compañero si están jugando en equipo.",)),
    "pile.premiado": _seed("Se dice que el pozo está premiado cuando alguno de los jugadores ha "
                           "colocado un comodín en el pozo. En este caso nuevamente será "
                           "necesario tener dos cartas iguales en la mano para poder levantar "
                           "el pozo; igual que si el pozo fuera Madre.",
                           "rioplatense.pile.premiado"),
    "pile.use-top": _seed("No es posible utilizar una carta y un comodín para levantar el pozo "
                          "cuando es madre o está premiado.",
                          "rioplatense.pile.use-top",
                          also=("No es posible levantar el pozo con dos comodines.",)),
    "pile.extra-only-opening": _seed("Cuando se baja un juego en combinación con el robo de "
                                     "pozo, el valor de la carta del pozo que será parte del "
                                     "juego también es contabilizado en los puntos y cuenta "
                                     "para la bajada mínima.",
                                     "rioplatense.pile.extra-only-opening"),
    "pile.take": _seed("Dos cartas iguales a la última carta del pozo en la mano le dan al "
                       "jugador derecho a llevarse el pozo entero."),
    "pile.premia": _seed("El comodín además de taparlo lo Premia, como se vio anteriormente."),
    "pile.blocks": _seed("Colocar un tres negro o un comodín en el pozo es una forma de “tapar” "
                         "el pozo y evitar así que el siguiente jugador lo pueda levantar."),
    "pile.tapa": _seed("Otro forma de tapar el pozo es tirando una carta con la que ya se hizo "
                       "alguna Canasta."),
    "meld.min-cards": _seed("Bajar un juego significa colocar sobre la mesa un mínimo de 3 "
                            "cartas del mismo número."),
    "meld.same-rank": _seed("Bajar un juego significa colocar sobre la mesa un mínimo de 3 "
                            "cartas del mismo número."),
    "meld.wild-limit": _seed("Cada juego puede tener comodines. Éstos son los 2 de cualquier "
                             "palo y el Joker. Ningún juego puede tener más comodines que la "
                             "mitad de la cantidad de cartas totales.",
                             "rioplatense.meld.wild-limit",
                             also=("Solamente podrá haber un máximo de 3 comodines por Canasta.", "Los comodines (el 2 de cada palo y los Jokers) toman el "
                                   "valor de cualquier carta.")),
    "meld.black-threes": _seed("Solamente se pueden bajar los 3 negros en el momento en que el "
                               "jugador baja sus cartas para “irse” o \"cortar\". Solamente se "
                               "podrán bajar los tres negros si se tienen 3 o 4. No es posible "
                               "bajar los tres negros con comodines o Jokers.",
                               "",
                               also=("Los tres negros, no podrá utilizarse para formar juegos, "
                                     "excepto en el caso siguiente.",)),
    "meld.valid": _seed("Bajar un juego significa colocar sobre la mesa un mínimo de 3 cartas "
                        "del mismo número."),
    "meld.wild-canasta": _seed("Es posible, además, armar una canasta compuesta enteramente de "
                               "comodines (2 o Joker).",
                               "rioplatense.meld.wild-canasta"),
    "meld.rank-exists": _std("std.rank-once", "rioplatense.meld.rank-exists"),
    "meld.one-at-a-time": _seed("Al inicio de cada ronda, cada jugador tiene un puntaje mínimo "
                                "al que debe llegar antes de poder robar el pozo. Si no llega a "
                                "ese puntaje mínimo (50 al inicio del partido), las cartas "
                                "volverán a su mano al terminar su turno.",
                                "rioplatense.meld.one-at-a-time"),
    "meld.ok": _seed("Bajar juegos no es obligatorio, excepto cuando se quiere tomar el pozo."),
    "meld.canasta": _seed("La Canasta se forma con 7 o más cartas iguales.",
                          "",
                          also=("Los grupos de 7 cartas iguales son llamados Canastas.",)),
    "add.target": _seed("Además de bajar juegos nuevos, cada jugador en su turno "
                        "correspondiente podrá agregar cartas a juegos ya existentes bajados "
                        "por él mismo o por su compañero si se jugara en parejas."),
    "add.ok": _seed("Además de bajar juegos nuevos, cada jugador en su turno correspondiente "
                    "podrá agregar cartas a juegos ya existentes bajados por él mismo o por su "
                    "compañero si se jugara en parejas."),
    "hand.has-cards": _engine("rioplatense.hand.has-cards"),
    "open.threshold": _seed("Para bajar por primera vez, es obligatorio bajar con un mínimo de "
                            "50 puntos; con 90 puntos si el puntaje del jugador o de la pareja "
                            "de jugadores es de 1500 puntos o más, y por último con 120 puntos "
                            "cuando el puntaje es de 3.000 o más.",
                            "rioplatense.open.threshold"),
    "open.minimum": _seed("Al inicio de cada ronda, cada jugador tiene un puntaje mínimo al que "
                          "debe llegar antes de poder robar el pozo. Si no llega a ese puntaje "
                          "mínimo (50 al inicio del partido), las cartas volverán a su mano al "
                          "terminar su turno.",
                          "rioplatense.open.minimum",
                          also=("Cuando se baja un juego en combinación con el robo de pozo, el "
                                "valor de la carta del pozo que será parte del juego también es "
                                "contabilizado en los puntos y cuenta para la bajada mínima.", "No se tendrán en cuenta para el conteo de los puntos "
                                "obligatorios el valor de los tres rojos o las canastas que el "
                                "jugador haya bajado.", "Cuando se juega en parejas, alcanza con que un jugador llegue "
                                "al puntaje mínimo para que su compañero también llegue.")),
    "out.needs-canasta": _seed("Tiene derecho a “cortar” el jugador que haya bajado todas sus "
                               "cartas, o todas menos una (que tira al pozo) y además haya "
                               "completado al menos una Canasta, sea Sucia o Limpia.",
                               "rioplatense.out.needs-canasta"),
    "out.went-out": _seed("Tiene derecho a “cortar” el jugador que haya bajado todas sus "
                          "cartas, o todas menos una (que tira al pozo) y además haya "
                          "completado al menos una Canasta, sea Sucia o Limpia."),
    "out.ask-partner-none": _engine("rioplatense.out.ask-partner-none"),
    "out.answer-first": _engine("rioplatense.out.answer-first"),
    "discard.ok": _seed("Durante cada turno, el jugador deberá robar una carta del mazo o robar "
                        "el pozo, bajar los juegos que desee, y finalizar su turno descartando "
                        "una carta al pozo.",
                        "",
                        also=("Se entiende por pozo, la(s) carta(s) que se coloca(n) al lado de "
                              "la pila inicial. El pozo aumenta en cada turno, cada vez que un "
                              "jugador descarta una carta.",)),
    "discard.out": _seed("Tiene derecho a “cortar” el jugador que haya bajado todas sus cartas, "
                         "o todas menos una (que tira al pozo) y además haya completado al "
                         "menos una Canasta, sea Sucia o Limpia."),
    "end.went-out": _seed("El que se “va” se adjudica para sí o su grupo 100 puntos extra."),
    "end.stock-exhausted": _seed("Cuando se termina el mazo, se termina la mano y nadie se "
                                 "anota los 100 puntos de la terminación."),
    "draw.stock-empty": _seed("Cuando se termina el mazo, se termina la mano y nadie se anota "
                              "los 100 puntos de la terminación."),
    "turn.pass": _seed("Cuando se termina el mazo, se termina la mano y nadie se anota los 100 "
                       "puntos de la terminación."),
    "end.last-red-three": _seed("Cuando se termina el mazo, se termina la mano y nadie se anota "
                                "los 100 puntos de la terminación.",
                                "rioplatense.end.last-red-three"),
    "score.going-out": _seed("El que se “va” se adjudica para sí o su grupo 100 puntos extra.",
                             "rioplatense.score.going-out"),
    "score.canasta": _seed("Cuando no tiene comodines de ningún tipo, se le llama Canasta "
                           "Limpia y vale 500 puntos.",
                           "rioplatense.score.canasta",
                           also=("Cuando la Canasta se forma con comodines, esta se llama Sucia "
                                 "y vale 300 puntos.", "Esta canasta tiene un puntaje especial de 1000 puntos.")),
    "score.red-threes": _seed("Los tres rojos serán contabilizados como puntos negativos si el "
                              "jugador no tiene ninguna canasta antes de terminar la mano.",
                              "rioplatense.score.red-threes",
                              also=("El 3 rojo tiene un valor especial de 100 puntos.", "Si un jugador o pareja consigue los cuatro tres rojo, "
                                    "obtendrá 800 puntos.", "| 3 rojos | 100 |")),
    "score.meld-cards": _seed("| 3, 4, 5, 6, 7 | 5 | | 8, 9, 10, J, Q, K | 10 | | A, 2 | 20 | | "
                              "Joker | 50 |",
                              "rioplatense.score.meld-cards"),
    "score.hand-cards": _std("std.hand-cards", "rioplatense.score.hand-cards"),
    "score.total": _std("std.total", "rioplatense.score.total"),
    "game.end": _seed("El puntaje que se deberá alcanzar para ganar el partido se establece "
                      "cuando se crea la mesa. Los partidos más desafiantes son a 5.000 puntos.",
                      "rioplatense.game.end"),
    "game.over": _engine("rioplatense.game.over"),
    "hand.over": _engine("rioplatense.hand.over"),
    "hand.next": _seed("El primer turno le corresponde al jugador que sea mano, el que está "
                       "sentado a la derecha del que repartió las cartas.",
                       "rioplatense.hand.next"),
    "hand.in-progress": _engine("rioplatense.hand.in-progress"),
}

# Options of this variant that a house rule may set, with the least value for numbers.
_OWN_OPTIONS = {"wild_canasta_bonus": 0, "pile_madre": 0, "pile_tapado_by_canasta": 0,
                "first_player_draw": 0}
_OWN_RULE_IDS = {"wild_canasta_bonus": ("score.canasta", "meld.wild-canasta"),
                 "pile_madre": ("pile.madre",), "pile_tapado_by_canasta": ("pile.tapado", "pile.tapa"),
                 "first_player_draw": ("deal.first-player",)}


@dataclass(frozen=True)
class Rioplatense(Variant):
    """Rioplatense Canasta as told in seed 004."""

    wild_canasta_bonus: int = 1000
    pile_madre: bool = True  # natural pair until the player or pair first takes the pozo
    pile_tapado_by_canasta: bool = True  # a canasta's rank on top covers the pozo
    first_player_draw: bool = True  # the engine draws for mano before the first hand

    # ---- house rules -------------------------------------------------------------------
    def house_options(self) -> dict[str, int]:
        return {**super().house_options(), **_OWN_OPTIONS}

    def house_rule_ids(self, option: str) -> tuple[str, ...]:
        return _OWN_RULE_IDS.get(option) or super().house_rule_ids(option)

    # ---- melds: the canasta of wild cards ------------------------------------------------
    def make_meld(self, cards: Sequence[Card], *, going_out: bool = False
                  ) -> tuple[TableMeld | None, Explanation]:
        if cards and all(self.is_wild(c) for c in cards):
            return self._wild_canasta(tuple(cards), ())
        return super().make_meld(cards, going_out=going_out)

    def extend_meld(self, meld: TableMeld, cards: Sequence[Card]
                    ) -> tuple[TableMeld | None, Explanation]:
        if meld.kind == "wilds":
            return self._wild_canasta(tuple(cards), meld.cards)
        return super().extend_meld(meld, cards)

    # groups of one rank (as classic's): an allowed meld or lay-off is laid out directly, without
    # the explanation that applying it would throw away; the canasta of wild cards and the black
    # threes go through make_meld / extend_meld
    def laid_meld(self, cards: Sequence[Card], *, going_out: bool = False) -> TableMeld:
        rank = next((c.rank for c in cards if not self.is_wild(c)), 3)
        if rank == 3:
            return super().laid_meld(cards, going_out=going_out)
        return laid_group(self, rank, cards)

    def grown_meld(self, meld: TableMeld, cards: Sequence[Card]) -> TableMeld:
        if meld.kind != "group":
            return super().grown_meld(meld, cards)
        return laid_group(self, int(meld.key), meld.cards + tuple(cards))

    def _wild_canasta(self, cards: tuple[Card, ...], on: tuple[Card, ...]
                      ) -> tuple[TableMeld | None, Explanation]:
        total = on + cards
        natural = [c for c in cards if not self.is_wild(c)]
        if natural:
            why = P("why.not-wild", cards=tuple(natural))
        elif len(total) < self.canasta_size:
            why = P("why.wild-canasta-whole", count=len(total), need=self.canasta_size)
        else:
            meld = TableMeld("wilds", JOKER, tuple(sorted_cards(total)), len(total))
            return meld, self.explain(True, "meld.wild-canasta", cards=meld.cards, count=len(total),
                                      bonus=self.wild_canasta_bonus)
        return None, self.explain(False, "meld.wild-canasta", cards=total, count=len(total), why=why)

    def canasta_kind(self, meld: TableMeld) -> str | None:
        if meld.kind == "wilds":
            return "wild" if meld.size >= self.canasta_size else None
        return super().canasta_kind(meld)

    def canasta_bonus(self, meld: TableMeld) -> int:
        if self.canasta_kind(meld) == "wild":
            return self.wild_canasta_bonus
        return super().canasta_bonus(meld)

    def locate_meld(self, state: State, side: int, target: str) -> tuple[int, int] | None:
        if target.upper() == "JK":  # the canasta of wild cards is named by the joker
            idx = next((i for i, m in enumerate(state.melds[side]) if m.kind == "wilds"), None)
            return None if idx is None else (side, idx)
        return super().locate_meld(state, side, target)

    # ---- the pozo ---------------------------------------------------------------------------
    def check_take_pile(self, state: State, action: TakePile) -> Explanation:
        from ...turns import check_take_pile

        pre = self._pozo_check(state, action)
        if pre is not None and not pre.allowed:
            return pre
        exp = check_take_pile(state, action)
        if not exp.allowed:
            return exp
        # the standard "frozen" note does not apply here: the pozo's own state replaces it
        subs = tuple(b for b in exp.because if b.rule != "pile.frozen")
        return dataclasses.replace(exp, because=((pre,) if pre else ()) + subs)

    def _pozo_check(self, state: State, a: TakePile) -> Explanation | None:
        """pile.tapado, pile.madre, pile.premiado (None when none of them applies)."""
        if not state.pile or a.depth != 1:
            return None
        top = state.pile[-1]
        if self.is_wild(top) or top.rank == 3:
            return None  # pile.blocked / pile.top-wild, checked by the standard take
        name = state.player
        side = state.side_of(state.turn)
        # pile.tapado: a canasta of the top card's rank covers the pozo
        owner = self._canasta_owner(state, top.rank)
        if owner is not None:
            return self.explain(False, "pile.tapado", player=name, top=top, rank=RANK_TEXT[top.rank],
                                owner=state.side_label(owner))
        wild = next((c for c in state.pile if self.is_wild(c)), None)
        madre = self.pile_madre and side not in state.extra.get("pozo_taken", ())
        rule = "pile.premiado" if wild is not None else ("pile.madre" if madre else None)
        if rule is None:
            return None
        facts: dict[str, Any] = {"player": name, "side": state.side_label(side), "top": top, "wild": wild,
                 "cards": a.with_cards}
        if a.onto is not None:
            idx = state.find_meld(side, a.onto)
            if idx is None or state.melds[side][idx].key != top.rank:
                return None  # a meld of another rank, or none: pile.use-top says which
            return self.explain(False, rule, how=P("how.onto-meld", meld=a.onto), **facts)
        if with_cards_fault(self, a.with_cards, top.rank, 2) is not None:
            return None  # another rank or one card too many: pile.use-top says which
        wilds = [c for c in a.with_cards if self.is_wild(c)]
        if wilds:
            how = P("how.with-wild", cards=tuple(a.with_cards), wilds=tuple(wilds))
            return self.explain(False, rule, how=how, **facts)
        return self.explain(True, rule, how=None, **facts)

    def pile_wants_naturals(self, state: State, side: int) -> bool:
        top = state.top
        if top is None or self.is_wild(top) or top.rank == 3:
            return False
        return any(self.is_wild(c) for c in state.pile) or (
            self.pile_madre and side not in state.extra.get("pozo_taken", ()))

    def discard_covers_pile(self, state: State, card: Card) -> bool:
        if super().discard_covers_pile(state, card):
            return True
        return (not self.is_wild(card) and card.rank != 3
                and self._canasta_owner(state, card.rank) is not None)  # pile.tapado

    def pile_needs_pair(self, state: State, side: int) -> bool:
        return any(self.is_wild(c) for c in state.pile) or (
            self.pile_madre and side not in state.extra.get("pozo_taken", ()))

    def pile_marks(self, state: State, side: int) -> list[tuple[str, Phrase]]:
        marks = super().pile_marks(state, side)
        top = state.top
        if top is None or self.is_wild(top) or top.rank == 3:
            return marks
        owner = self._canasta_owner(state, top.rank)
        if owner is not None:
            marks.append(("tapado", P("mark.tapado", rank=RANK_TEXT[top.rank])))
        elif any(self.is_wild(c) for c in state.pile):
            marks.append(("premiado", P("mark.premiado")))
        elif self.pile_madre and side not in state.extra.get("pozo_taken", ()):
            marks.append(("madre", P("mark.madre", side=state.side_label(side))))
        return marks

    def _canasta_owner(self, state: State, rank: int) -> int | None:
        if not self.pile_tapado_by_canasta:
            return None
        for side, melds in enumerate(state.melds):
            if any(m.kind == "group" and m.key == rank and self.canasta_kind(m) for m in melds):
                return side
        return None

    def after_take_pile(self, state: State, action: TakePile, to_hand: Sequence[Card]
                        ) -> list[Explanation]:
        # the pozo stops being madre for the taker's player or pair
        side = state.side_of(state.turn)
        taken = list(state.extra.get("pozo_taken", ()))
        if side not in taken:
            state.extra["pozo_taken"] = sorted(taken + [side])
        return []

    def check_discard(self, state: State, action: Discard) -> Explanation:
        from ...turns import check_discard

        exp = check_discard(state, action)
        c = action.card
        if not exp.allowed or exp.rule != "discard.ok" or c is None:
            return exp
        # what the discard does to the pozo for the next player
        if self.is_wild(c):
            note = self.explain(True, "pile.premia", player=state.player, card=c)
        else:
            owner = self._canasta_owner(state, c.rank)
            if owner is None:
                return exp
            note = self.explain(True, "pile.tapa", player=state.player, card=c,
                                owner=state.side_label(owner))
        return dataclasses.replace(exp, because=exp.because + (note,))

    # ---- who plays first --------------------------------------------------------------------
    def before_deal(self, state: State) -> list[Explanation]:
        if not self.first_player_draw or state.hand_no != 1:
            return []
        rng = random.Random(f"canasta:{state.seed}:mano")
        pack = make_pack(self.decks, self.jokers)
        rng.shuffle(pack)
        contenders = list(range(state.players))
        rounds: list[tuple[Phrase, ...]] = []
        while len(contenders) > 1:
            drawn = {seat: pack.pop() for seat in contenders}
            rounds.append(tuple(P("draw.card", player=state.names[s], card=c) for s, c in drawn.items()))
            best = max(_draw_rank(c) for c in drawn.values())
            contenders = [s for s, c in drawn.items() if _draw_rank(c) == best]
        mano = contenders[0]
        state.dealer = (mano - 1) % state.players
        draws = P("draw.result", first=rounds[0],
                  ties=tuple(P("draw.round", cards=r) for r in rounds[1:]))
        return [self.explain(True, "deal.first-player", draws=draws,
                             player=state.names[mano], dealer=state.names[state.dealer])]

    # ---- move generation --------------------------------------------------------------------
    def fast_moves(self) -> Generator:
        return MOVES

    def candidate_melds(self, state: State, hand: Sequence[Card]) -> list[tuple[Card, ...]]:
        from ...movegen import submultisets

        out = super().candidate_melds(state, hand)
        # the canasta of wild cards: any seven or more of the hand's wild cards (some may be kept)
        wilds = Counter(c for c in hand if self.is_wild(c))
        out.extend(submultisets(wilds, self.canasta_size, sum(wilds.values())))
        return out

    def add_candidates(self, state: State) -> list[Action]:
        from ...movegen import submultisets

        out = super().add_candidates(state)
        side = state.side_of(state.turn)
        if any(m.kind == "wilds" for m in state.melds[side]):
            # onto the canasta of wild cards: any of the hand's wild cards, one or more
            wilds = Counter(c for c in state.hands[state.turn] if self.is_wild(c))
            out.extend(Add(cards=w, target="JK") for w in submultisets(wilds, 1, sum(wilds.values())))
        return out

    def check_meld(self, state: State, action: Meld) -> Explanation:
        from ...turns import check_meld

        return check_meld(state, action)

    def check_add(self, state: State, action: Add) -> Explanation:
        from ...turns import check_add

        if action.target.upper() == "JK":
            return self._check_add_wilds(state, action)
        return check_add(state, action)

    def _check_add_wilds(self, state: State, a: Add) -> Explanation:
        """add.target / add.ok for the canasta of wild cards (named 'JK')."""
        from ...checks import canasta_notes, going_out_check, has_cards, side_melds_after

        side = state.side_of(state.turn)
        loc = self.locate_meld(state, side, a.target)
        if loc is None or not a.cards:
            return self.explain(False, "add.target", player=state.player, side=state.side_label(side), cards=a.cards, meld=a.target)
        held = has_cards(state, a.cards)
        if not held.allowed:
            return held
        _, idx = loc
        meld, exp = self.extend_meld(state.melds[side][idx], a.cards)
        if meld is None:
            return exp
        after = side_melds_after(state, side, {idx: meld}, [])
        subs = [exp]
        out = going_out_check(state, side, len(state.hands[state.turn]) - len(a.cards), after,
                              discarding=False)
        if out is not None:
            if not out.allowed:
                return out
            subs.append(out)
        subs.extend(canasta_notes(state, state.melds[side], after))
        return self.explain(True, "add.ok", tuple(subs), player=state.player, cards=a.cards,
                            meld=meld.label, size=meld.size)


def _draw_rank(c: Card) -> int:
    """Order of the draw for mano: 2 lowest … K, then aces, then jokers."""
    return 15 if c.rank == JOKER else (14 if c.rank == ACE else c.rank)


RIOPLATENSE = Rioplatense(
    name="rioplatense",
    title=L("Rioplatense Canasta", "Canasta rioplatense"),
    seed_file=SEED,
    aliases=("argentina", "uruguaya", "argentine", "uruguayan", "canasta argentina",
             "canasta uruguaya", "rio de la plata", "004"),
    player_counts=(2, 4),
    default_players=4,
    partnerships=True,
    decks=2,
    jokers=2,
    cards_dealt=13,
    draw_count=1,
    draw_count_two_players=2,
    opening=((-10**9, 50), (1500, 90), (3000, 120)),
    red_threes_negative_without="canasta",
    pile_frozen_by_wild=False,  # replaced by pozo premiado
    pile_frozen_before_opening=False,  # replaced by pozo madre
    concealed_bonus=0,
    ask_partner=False,
    table_options=("target",),
    sources=SOURCES,
)
