"""Rioplatense Canasta (seed 004, Argentina and Uruguay): pozo madre, premiado and tapado, two
cards a turn between two players, red threes that count against a side with no canasta, black
threes melded only when going out, and a canasta of wild cards worth 1000.

Each rule names its source: the seed's sentence, or a standard rule with a note saying how a gap
or ambiguity was decided (RULES_NOTES §2.5 and §3, items E1–E11).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...actions import Action, Add, Discard, Meld, TakePile
from ...cards import ACE, JOKER, RANK_TEXT, Card, cards_text, make_pack, sorted_cards
from ...catalogue import Rule, register
from ...explain import Cite, Explanation, L, Source
from ...melds import Meld as TableMeld
from ...variant import STANDARD_CLASSIC, Variant

if TYPE_CHECKING:
    from ...state import State

SEED = "004_def54daed567f4b5.txt"


_CITE = Cite(SEED, STANDARD_CLASSIC)
_seed, _std, _engine = _CITE.seed, _CITE.std, _CITE.engine


# ---- the rules only this variant uses ------------------------------------------------------
for _rule in (
    Rule("deal.first-player", "deal", ("Who plays first", "Quién es mano"),
         ("Before the first hand each player draws a card; the highest is mano and plays first "
          "(the player before mano deals). Aces are high, jokers above them; a tie draws again.",
          "Antes de la primera mano cada jugador saca una carta; la más alta es mano y juega "
          "primero (reparte el jugador anterior). El as es alto y el joker más; un empate vuelve "
          "a sacar."),
         ("Draw for mano: {draws}. {player} drew the highest card and plays first; {dealer} deals.",
          "Sorteo de mano: {draws}. {player} sacó la carta más alta y es mano; reparte {dealer}.")),
    Rule("pile.madre", "pile", ("Pozo madre", "Pozo madre"),
         ("Until a player or pair has taken the pozo in a hand, it is madre for them: it is taken "
          "only with two natural cards from the hand matching its top card.",
          "Mientras un jugador o pareja no haya levantado el pozo en la mano, es madre para ellos: "
          "solo se levanta con dos cartas puras de la mano iguales a la de arriba."),
         ("The pozo is madre for {side}: {player} takes it with the natural pair {cards}.",
          "El pozo es madre para {side}: {player} lo levanta con el par puro {cards}."),
         ("The pozo is still madre for {side} (not taken yet this hand): {player} needs two "
          "natural cards matching {top}, not {how}.",
          "El pozo todavía es madre para {side} (aún no lo levantó en esta mano): {player} "
          "necesita dos cartas puras iguales a {top}, no {how}.")),
    Rule("pile.premiado", "pile", ("Pozo premiado", "Pozo premiado"),
         ("Once a wild card has been discarded into the pozo it is premiado: it is taken only with "
          "two natural cards from the hand matching its top card.",
          "Cuando alguien tiró un comodín al pozo, está premiado: solo se levanta con dos cartas "
          "puras de la mano iguales a la de arriba."),
         ("The pozo is premiado (it holds {wild}): {player} takes it with the natural pair {cards}.",
          "El pozo está premiado (tiene {wild}): {player} lo levanta con el par puro {cards}."),
         ("The pozo is premiado (it holds {wild}): {player} needs two natural cards matching "
          "{top}, not {how}.",
          "El pozo está premiado (tiene {wild}): {player} necesita dos cartas puras iguales a "
          "{top}, no {how}.")),
    Rule("pile.tapado", "pile", ("Pozo tapado by a canasta", "Pozo tapado por una canasta"),
         ("A pozo whose top card is of a rank that any player has already made into a canasta is "
          "tapado: nobody can take it.",
          "Un pozo cuya carta de arriba es de un número con el que alguien ya hizo canasta está "
          "tapado: nadie lo puede levantar."),
         ("Nobody has a canasta of {rank}: the top card {top} does not cover the pozo.",
          "Nadie tiene canasta de {rank}: la carta {top} no tapa el pozo."),
         ("{player} cannot take the pozo: {owner} already made a canasta of {rank}, so the {top} "
          "on top covers it (pozo tapado).",
          "{player} no puede levantar el pozo: {owner} ya hizo canasta de {rank}, así que el {top} "
          "de arriba lo tapa (pozo tapado).")),
    Rule("pile.premia", "pile", ("A wild discard covers and rewards", "Un comodín tapa y premia"),
         ("Discarding a wild card covers the pozo for the next player and makes it premiado until "
          "it is taken.",
          "Tirar un comodín tapa el pozo para el siguiente jugador y lo deja premiado hasta que "
          "alguien lo levante."),
         ("{player} discards the wild {card}: the pozo is tapado for the next player and "
          "premiado until someone takes it.",
          "{player} tira el comodín {card}: el pozo queda tapado para el siguiente y premiado "
          "hasta que alguien lo levante.")),
    Rule("pile.tapa", "pile", ("A canasta rank covers", "Una carta de canasta tapa"),
         ("Discarding a card of a rank already made into a canasta covers the pozo for the next "
          "player.",
          "Tirar una carta de un número con el que ya se hizo canasta tapa el pozo para el "
          "siguiente jugador."),
         ("{player} discards {card}, a rank {owner} made into a canasta: the next player cannot "
          "take the pozo.",
          "{player} tira {card}, un número con el que {owner} hizo canasta: el siguiente no puede "
          "levantar el pozo.")),
    Rule("meld.wild-canasta", "meld", ("Canasta of wild cards", "Canasta de comodines"),
         ("A canasta may be made only of wild cards: {canasta_size} or more laid down together "
          "(more may be added later); it scores {wild_canasta_bonus} besides its cards.",
          "Se puede armar una canasta solo de comodines: {canasta_size} o más bajados juntos (luego "
          "se pueden agregar más); vale {wild_canasta_bonus} además de sus cartas."),
         ("{cards}: a canasta of {count} wild cards, worth {bonus}.",
          "{cards}: una canasta de {count} comodines, que vale {bonus}."),
         ("{cards} cannot go down as wild cards alone: {why}.",
          "{cards} no se puede bajar solo con comodines: {why}.")),
):
    register(_rule)

# ---- where each rule comes from --------------------------------------------------------------
_TAPADO = _seed("Cuando la última carta del pozo es un 3 negro o comodín, se dice que el pozo está "
                "tapado y no podrá ser levantado con ninguna combinación de cartas.")
_MINIMUM = _seed("Al inicio de cada ronda, cada jugador tiene un puntaje mínimo al que debe llegar "
                 "antes de poder robar el pozo. Si no llega a ese puntaje mínimo (50 al inicio del "
                 "partido), las cartas volverán a su mano al terminar su turno.",
                 "the engine takes a side's first melds as one action that must reach the minimum; "
                 "melds that fall short are refused, which leaves the hand exactly as the seed's "
                 "'volverán a su mano' does; taking the pozo may itself reach it (RULES_NOTES E3, "
                 "E4)")
_NO_ASK = _engine("seed 004 has no asking the partner: 'ask partner' is never allowed")

SOURCES: dict[str, Source] = {
    "deal.first-player": _seed("Para decidir quién es mano, cada jugador debe sacar una carta del "
                               "mazo y será mano quien saque la carta más alta.",
                               "the engine makes the draw from the game's seed before the first "
                               "hand; aces high, jokers highest, suits equal, ties draw again "
                               "(gap); later hands: the deal passes on"),
    "deal.hands": _seed("Se reparten 13 cartas a cada jugador.",
                        "two decks with one joker each, 106 cards: the literal 'cada mazo consta "
                        "de 53 cartas y un Joker' (RULES_NOTES E1); 2 players each on their own, "
                        "4 in pairs"),
    "deal.upcard": _seed("Una vez repartidas las cartas, se toma la primera carta del mazo y se "
                         "coloca boca arriba sobre la mesa. Esta carta será la primera carta del "
                         "pozo.",
                         "a wild card or red three turned up is covered by the next card, as in "
                         "the standard rules; a wild card covered this way leaves the pozo "
                         "premiado (gap)"),
    "threes.red-laid-out": _seed("No se utiliza para nada durante el juego, debe colocarse sobre la "
                                 "mesa cuando se obtiene uno y tomarse otra carta en su lugar."),
    "threes.red-with-pile": _std("A red three taken in the discard pile is laid face up at once; no "
                                 "replacement card is drawn for it.",
                                 "the seed tells only of red threes dealt or drawn ('debe colocarse "
                                 "sobre la mesa cuando se obtiene uno'); one turned up at the start "
                                 "of the pozo is covered and may later be taken with it"),
    "pile.top-red-three": _std("The discard pile may not be taken when its top card is a red three: "
                               "a red three is never melded.",
                               "the seed: 'No se utiliza para nada durante el juego'"),
    "turn.order": _seed("Durante cada turno, el jugador deberá robar una carta del mazo o robar el "
                        "pozo, bajar los juegos que desee, y finalizar su turno descartando una "
                        "carta al pozo.",
                        "seats play in one fixed order starting with mano; the seed's "
                        "counter-clockwise custom does not change who plays next (RULES_NOTES E7)"),
    "turn.already-drew": _seed("el jugador deberá robar una carta del mazo o robar el pozo"),
    "turn.draw-first": _seed("el jugador deberá robar una carta del mazo o robar el pozo, bajar los "
                             "juegos que desee"),
    "draw.stock": _seed("Cuando se juega de a 2 jugadores, se toman 2 cartas del mazo en cada turno "
                        "en lugar de 1.", "one card a turn with 4 players"),
    "pile.empty": _engine("there is nothing to take"),
    "pile.depth": _seed("Dos cartas iguales a la última carta del pozo en la mano le dan al jugador "
                        "derecho a llevarse el pozo entero."),
    "pile.blocked": _TAPADO,
    "pile.top-wild": _TAPADO,
    "pile.tapado": _seed("Otro forma de tapar el pozo es tirando una carta con la que ya se hizo "
                         "alguna Canasta.",
                         "a canasta of any player or pair covers (RULES_NOTES E9)"),
    "pile.madre": _seed("El pozo es madre para un equipo o un jugador cuando aún no lo ha levantado "
                        "ninguna vez desde el inicio de la ronda. Puede ser levantado únicamente con "
                        "2 cartas puras (no comodines), luego de haber llegado al mínimo de puntos.",
                        "taking it may itself reach the minimum, since the pozo card counts "
                        "(RULES_NOTES E4); one partner's take ends it for the pair"),
    "pile.premiado": _seed("Se dice que el pozo está premiado cuando alguno de los jugadores ha "
                           "colocado un comodín en el pozo.",
                           "premiado while the pozo holds a wild card; taking it starts a new pozo"),
    "pile.use-top": _seed("No es posible utilizar una carta y un comodín para levantar el pozo "
                          "cuando es madre o está premiado.",
                          "so otherwise one natural card and a wild card serve, and so does laying "
                          "the top card on a meld of the side (gap, decided as for an unfrozen "
                          "pile in the standard rules); never two wild cards ('No es posible "
                          "levantar el pozo con dos comodines')"),
    "pile.extra-only-opening": _std("To reach the initial-meld minimum with the pile's top card, "
                                    "other melds from the hand may be laid down at the same time.",
                                    "the seed counts the pozo card toward the minimum"),
    "pile.take": _seed("Dos cartas iguales a la última carta del pozo en la mano le dan al jugador "
                       "derecho a llevarse el pozo entero."),
    "pile.premia": _seed("El comodín además de taparlo lo Premia, como se vio anteriormente."),
    "pile.blocks": _seed("Colocar un tres negro o un comodín en el pozo es una forma de “tapar” el "
                         "pozo y evitar así que el siguiente jugador lo pueda levantar."),
    "pile.tapa": _seed("Por ejemplo si algún jugador ha hecho Canasta de 7, el 7 es tapa y tirando "
                       "un 7 al pozo este no podrá ser levantado por el jugador siguiente."),
    "meld.min-cards": _seed("Bajar un juego significa colocar sobre la mesa un mínimo de 3 cartas "
                            "del mismo número."),
    "meld.same-rank": _seed("Bajar un juego significa colocar sobre la mesa un mínimo de 3 cartas "
                            "del mismo número."),
    "meld.wild-limit": _seed("Ningún juego puede tener más comodines que la mitad de la cantidad de "
                             "cartas totales.",
                             "and at most 3 wild cards ('Solamente podrá haber un máximo de 3 "
                             "comodines por Canasta'); the canasta of wild cards is the one "
                             "exception (RULES_NOTES E2)"),
    "meld.black-threes": _seed("Solamente se podrán bajar los tres negros si se tienen 3 o 4. No es "
                               "posible bajar los tres negros con comodines o Jokers.",
                               "only in the turn the player goes out ('Solamente se pueden bajar "
                               "los 3 negros en el momento en que el jugador baja sus cartas para "
                               "irse')"),
    "meld.valid": _seed("Bajar un juego significa colocar sobre la mesa un mínimo de 3 cartas del "
                        "mismo número."),
    "meld.wild-canasta": _seed("Es posible, además, armar una canasta compuesta enteramente de "
                               "comodines (2 o Joker).",
                               "it goes down whole, seven or more wild cards at once, since no "
                               "smaller meld may be more than half wild (RULES_NOTES E2; the "
                               "incomplete meld of wild cards is a gap, decided: none)"),
    "meld.rank-exists": _std("A partnership may not have two melds of the same rank: further cards "
                             "of that rank are added to the existing meld.", "the seed is silent"),
    "meld.one-at-a-time": _MINIMUM,
    "meld.ok": _seed("Bajar juegos no es obligatorio, excepto cuando se quiere tomar el pozo."),
    "meld.canasta": _seed("La Canasta se forma con 7 o más cartas iguales."),
    "add.target": _seed("Además de bajar juegos nuevos, cada jugador en su turno correspondiente "
                        "podrá agregar cartas a juegos ya existentes bajados por él mismo o por su "
                        "compañero si se jugara en parejas."),
    "add.ok": _seed("Además de bajar juegos nuevos, cada jugador en su turno correspondiente podrá "
                    "agregar cartas a juegos ya existentes bajados por él mismo o por su compañero "
                    "si se jugara en parejas."),
    "hand.has-cards": _engine("a player plays only the cards in the hand"),
    "open.threshold": _seed("Para bajar por primera vez, es obligatorio bajar con un mínimo de 50 "
                            "puntos; con 90 puntos si el puntaje del jugador o de la pareja de "
                            "jugadores es de 1500 puntos o más, y por último con 120 puntos cuando "
                            "el puntaje es de 3.000 o más.",
                            "a negative score needs 50 too (gap: the seed has no lower band)"),
    "open.minimum": _MINIMUM,
    "out.needs-canasta": _seed("Tiene derecho a “cortar” el jugador que haya bajado todas sus "
                               "cartas, o todas menos una (que tira al pozo) y además haya "
                               "completado al menos una Canasta, sea Sucia o Limpia.",
                               "a canasta of the pair counts for either partner"),
    "out.went-out": _seed("Tiene derecho a “cortar” el jugador que haya bajado todas sus cartas, o "
                          "todas menos una (que tira al pozo)"),
    "out.ask-partner-none": _NO_ASK,
    "out.answer-first": _NO_ASK,
    "discard.ok": _seed("finalizar su turno descartando una carta al pozo."),
    "discard.out": _seed("o todas menos una (que tira al pozo)"),
    "end.went-out": _seed("El que se “va” se adjudica para sí o su grupo 100 puntos extra."),
    "end.stock-exhausted": _seed("Cuando se termina el mazo, se termina la mano y nadie se anota "
                                 "los 100 puntos de la terminación."),
    "score.going-out": _seed("El que se “va” se adjudica para sí o su grupo 100 puntos extra.",
                             "no extra bonus for going out concealed (the seed gives none)"),
    "score.canasta": _seed("Cuando no tiene comodines de ningún tipo, se le llama Canasta Limpia y "
                           "vale 500 puntos.",
                           "a canasta with wild cards 300 ('se llama Sucia y vale 300 puntos'); "
                           "one of wild cards only 1000 ('Esta canasta tiene un puntaje especial de "
                           "1000 puntos'), each on top of its cards (RULES_NOTES E11)"),
    "score.red-threes": _seed("Los tres rojos serán contabilizados como puntos negativos si el "
                              "jugador no tiene ninguna canasta antes de terminar la mano.",
                              "100 each, 800 for all four ('Si un jugador o pareja consigue los "
                              "cuatro tres rojo, obtendrá 800 puntos'); negative for a pair with "
                              "no canasta (RULES_NOTES E5), all four then −800 (E10, decided)"),
    "score.meld-cards": _seed("El 3 rojo tiene un valor especial de 100 puntos.",
                              "card values from the seed's table: 3–7 5, 8–K 10, A and 2 20, joker "
                              "50; melds count even without a canasta (RULES_NOTES E8)"),
    "score.hand-cards": _std("Cards left in the hands count against the side.",
                             "the seed is silent; subtracted as in every other rule set "
                             "(RULES_NOTES E8)"),
    "score.total": _seed("El que se “va” se adjudica para sí o su grupo 100 puntos extra."),
    "game.end": _seed("El puntaje que se deberá alcanzar para ganar el partido se establece cuando "
                      "se crea la mesa. Los partidos más desafiantes son a 5.000 puntos.",
                      "5000 unless the table sets another target; a tie at the top plays another "
                      "hand"),
    "game.over": _engine("no action follows the end of the game"),
    "hand.over": _engine("a finished hand waits for the next deal"),
    "hand.next": _seed("El primer turno le corresponde al jugador que sea mano, el que está "
                       "sentado a la derecha del que repartió las cartas.",
                       "the deal passes to the next seat after each hand"),
    "hand.in-progress": _engine("a new hand is dealt only when the current one is over"),
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

    def _wild_canasta(self, cards: tuple[Card, ...], on: tuple[Card, ...]
                      ) -> tuple[TableMeld | None, Explanation]:
        total = on + cards
        natural = [c for c in cards if not self.is_wild(c)]
        if natural:
            why = L(f"{cards_text(natural)} is not a wild card", f"{cards_text(natural)} no es comodín")
        elif len(total) < self.canasta_size:
            why = L(f"only {len(total)}, and a meld of wild cards alone must be a whole canasta "
                    f"of {self.canasta_size}",
                    f"solo {len(total)}, y un juego de solo comodines debe ser una canasta entera "
                    f"de {self.canasta_size}")
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
        facts: dict[str, Any] = {"player": name, "side": state.side_label(side), "top": top, "wild": wild or "",
                 "cards": a.with_cards}
        if a.onto is not None:
            how = L(f"laying it on the meld of {a.onto}", f"ponerla en el juego de {a.onto}")
            return self.explain(False, rule, how=how, **facts)
        wilds = [c for c in a.with_cards if self.is_wild(c)]
        if wilds:
            how = L(f"{cards_text(a.with_cards)} with the wild {cards_text(wilds)}",
                    f"{cards_text(a.with_cards)} con el comodín {cards_text(wilds)}")
            return self.explain(False, rule, how=how, **facts)
        return self.explain(True, rule, how=L("", ""), **facts)

    def pile_marks(self, state: State, side: int) -> list[tuple[str, L]]:
        marks = super().pile_marks(state, side)
        top = state.top
        if top is None or self.is_wild(top) or top.rank == 3:
            return marks
        owner = self._canasta_owner(state, top.rank)
        if owner is not None:
            marks.append(("tapado", L(f"a canasta of {RANK_TEXT[top.rank]} covers it",
                                      f"una canasta de {RANK_TEXT[top.rank]} lo tapa")))
        elif any(self.is_wild(c) for c in state.pile):
            marks.append(("premiado", L("it holds a wild card: only a natural pair takes it",
                                        "tiene un comodín: solo se lo lleva un par natural")))
        elif self.pile_madre and side not in state.extra.get("pozo_taken", ()):
            marks.append(("madre", L("your side has not taken it yet: only a natural pair takes it",
                                     "tu pareja aún no se lo ha llevado: solo un par natural")))
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
        rounds = []
        while len(contenders) > 1:
            drawn = {seat: pack.pop() for seat in contenders}
            rounds.append(", ".join(f"{state.names[s]} {c.text}" for s, c in drawn.items()))
            best = max(_draw_rank(c) for c in drawn.values())
            contenders = [s for s, c in drawn.items() if _draw_rank(c) == best]
        mano = contenders[0]
        state.dealer = (mano - 1) % state.players
        return [self.explain(True, "deal.first-player", draws=" / ".join(rounds),
                             player=state.names[mano], dealer=state.names[state.dealer])]

    # ---- move generation --------------------------------------------------------------------
    def candidate_melds(self, state: State, hand: Sequence[Card]) -> list[tuple[Card, ...]]:
        out = super().candidate_melds(state, hand)
        wilds = sorted_cards(c for c in hand if self.is_wild(c))
        if len(wilds) >= self.canasta_size:  # the canasta of wild cards: all of them at once
            out.append(tuple(wilds))
        return out

    def add_candidates(self, state: State) -> list[Action]:
        out = super().add_candidates(state)
        side = state.side_of(state.turn)
        if any(m.kind == "wilds" for m in state.melds[side]):
            wilds = sorted_cards(c for c in state.hands[state.turn] if self.is_wild(c))
            out.extend(Add(cards=(c,), target="JK") for c in dict.fromkeys(wilds))
            if len(wilds) > 1:
                out.append(Add(cards=tuple(wilds), target="JK"))
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
            return self.explain(False, "add.target", player=state.player, cards=a.cards, meld=a.target)
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
