"""Canasta Americana (seed 000): alas, the hoyo, special melds of 7s and aces, melds of wild cards,
threes laid down and replaced, fourteen-card special hands and a long scoring table.

Each rule names its source: the seed's sentence, or a standard rule with a note saying how a gap
or ambiguity was decided (RULES_NOTES §2.1 and §3, items A1–A14).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...actions import Action, Add, Discard, Meld, TakePile
from ...cards import ACE, JOKER, KING, Card, sorted_cards
from ...catalogue import Rule, register
from ...explain import Cite, Explanation, L, P, Source
from ...groups import laid_group
from ...melds import Meld as TableMeld
from ...variant import Variant
from . import candidates as americana_candidates
from . import turns as americana_turns
from .hands import SPECIAL_HAND_SIZE
from .melds import build_meld, extend_meld, is_special
from .moves import MOVES

if TYPE_CHECKING:
    from ...fastmoves import Generator
    from ...state import State

SEED = "000_94787a1645f201d9.txt"
MODERN = ("Modern American Canasta (pagat.com, J. McLeod; canasta.com 'Count the points in Modern "
          "Canasta'; Wikipedia 'US American Canasta')")


_CITE = Cite(SEED, MODERN)
_seed, _std, _engine = _CITE.seed, _CITE.std, _CITE.engine


# ---- the rules only Americana uses (texts: canasta/locale/*.toml) ----------------------------
for _id, _group in (("deal.alas", "deal"), ("hoyo.left", "open"), ("ala.added", "open"),
                    ("meld.special", "meld"), ("meld.wilds", "meld"), ("meld.threes", "threes"),
                    ("threes.replaced", "threes"), ("pile.top-three", "pile"),
                    ("pile.meld-full", "pile"), ("discard.three", "turn"), ("discard.wild", "turn"),
                    ("discard.empty-pile", "turn"), ("out.must-discard", "out"),
                    ("special.hand", "out"), ("end.special-hand", "hand"),
                    ("score.wild-canasta", "score"), ("score.incomplete", "score"),
                    ("score.aces-sevens", "score"), ("score.threes", "score"),
                    ("score.meld-cards-negative", "score"), ("score.special-hand", "score")):
    register(Rule(_id, _group))


SOURCES: dict[str, Source] = {
    "deal.hands": _seed("Distribución - trece cartas a cada participante más dos pilas extra "
                        "llamadas Alas, una con cuatro y una con tres cartas",
                        "",
                        also=("Cuatro personas participan del juego, formando dos parejas, que "
                              "tienen que sentarse en posiciones alternativas.", "Mazos - dos de 52 cartas y cuatro comodines", "Jugadores - 4")),
    "deal.alas": _seed("Distribución - trece cartas a cada participante más dos pilas extra "
                       "llamadas Alas, una con cuatro y una con tres cartas",
                       "americana.deal.alas"),
    "hoyo.left": _seed("Después de salir del hoyo, el jugador agarra una de las alas y la "
                       "coloca frente a él. En su próxima ronda, esta ala será añadida a su "
                       "mano. El primero en salir del hoyo recibe el ala de cuatro cartas.",
                       "americana.hoyo.left",
                       also=("El jugador que abandona el hoyo recibe una de las alas.",)),
    "ala.added": _seed("En su próxima ronda, esta ala será añadida a su mano.",
                       "americana.ala.added"),
    "turn.order": _seed("Después de tirar la carta, va a jugar el jugador a la izquierda del "
                        "primero y así sucesivamente, hasta el término del partido."),
    "turn.already-drew": _seed("Existe la posibilidad de elegir entre comprar una carta de la "
                               "pila o todas las cartas del pozo."),
    "turn.draw-first": _seed("Después de cada compra, el jugador podrá descargar una "
                             "combinación de cartas - juego - antes de descartar (tirar) una "
                             "carta de su mano.",
                             "americana.turn.draw-first"),
    "draw.stock": _seed("La mano compra una carta del mazo (la pila formada por las cartas que "
                        "sobraron después del reparto) o del pozo"),
    "pile.empty": _engine("americana.pile.empty"),
    "pile.depth": _seed("Existe la posibilidad de elegir entre comprar una carta de la pila o "
                        "todas las cartas del pozo."),
    "pile.top-wild": _seed("En lugar de comprar una carta de la pila, el jugador puede compar "
                           "todas las cartas del pozo si la carta superior del pozo no es un "
                           "comodín o un tres."),
    "pile.top-three": _seed("En lugar de comprar una carta de la pila, el jugador puede compar "
                            "todas las cartas del pozo si la carta superior del pozo no es un "
                            "comodín o un tres."),
    "pile.use-top": _seed("Para hacerlo, el jugador debe jugar un juego que contenga la carta "
                          "superior y al menos dos cartas del mismo número que estén en la mano "
                          "del jugador.",
                          "americana.pile.use-top"),
    "pile.meld-full": _seed("Si el jugador ya tiene un juego del número en la carta superior "
                            "del pozo, él solo puede compra el pozo si este juego tiene menos "
                            "de cinco cartas, ya que no lo es permitido hacer juegos con más de "
                            "siete cartas."),
    "pile.extra-only-opening": _seed("Para salir del hoyo, es necesario que uno de los "
                                     "jugadores baje, en un solo turno, las cartas que alcanzan "
                                     "un valor mínimo de puntos.",
                                     "americana.pile.extra-only-opening"),
    "pile.take": _seed("Para hacerlo, el jugador debe jugar un juego que contenga la carta "
                       "superior y al menos dos cartas del mismo número que estén en la mano "
                       "del jugador."),
    "meld.min-cards": _seed("Juego común - un conjunto de, al menos, tres cartas, colocadas "
                            "boca arriba en la mesa, cuyo número es 4, 5, 6, 8, 9, 10, jack, "
                            "reina, rey o as."),
    "meld.same-rank": _seed("Todos deben ser del mismo número o comodines.",
                            "americana.meld.same-rank"),
    "meld.wild-limit": _seed("Un juego debe contener al menos siete cartas, al menos dos cartas "
                             "que no sean comodines y como máximo dos comodines.",
                             "americana.meld.wild-limit",
                             also=("Comodines - las cartas de número dos y los comodines se "
                                   "pueden agregar a un juego de cualquier número, sujeto a las "
                                   "otras reglas",)),
    "meld.max-size": _seed("ya que no lo es permitido hacer juegos con más de siete cartas",
                           "americana.meld.max-size"),
    "meld.special": _seed("Un juego especial no puede contener comodines; Si se hace un juego "
                          "de as para salir del hoyo, este podrá contener comodines, pero será "
                          "considerado un juego común para todos los efectos.",
                          "americana.meld.special",
                          also=("Juego Especial - un conjunto que contiene entre tres y siete "
                                "cartas colocadas boca arriba sobre la mesa, cuyo número es 7 o "
                                "as.",)),
    "meld.wilds": _seed("Juego de Comodines - un juego que contiene entre tres y siete "
                        "comodines en cualquier combinación.",
                        "americana.meld.wilds"),
    "meld.threes": _seed("Juego de Tres - un jugador puede bajar cualquiera de los tres que "
                         "tiene sobre la mesa, antes o después de realizar su compra. Después "
                         "de eso, el jugador debe tomar una carta de la pila para reemplazar "
                         "cada tres bajado. Este juego no cuenta para salir del hoyo.",
                         "americana.meld.threes"),
    "threes.replaced": _seed("Después de eso, el jugador debe tomar una carta de la pila para "
                             "reemplazar cada tres bajado."),
    "meld.valid": _seed("Comodines - las cartas de número dos y los comodines se pueden agregar "
                        "a un juego de cualquier número, sujeto a las otras reglas"),
    "meld.rank-exists": _seed("No es posible tener dos juegos diferentes del mismo número; Si "
                              "esto sucede, los dos juegos se deben unir en uno.",
                              "americana.meld.rank-exists",
                              also=("No es posible tener dos juegos especiales diferentes del "
                                    "mismo número;",)),
    "meld.one-at-a-time": _seed("Después de cada compra, el jugador podrá descargar una "
                                "combinación de cartas - juego - antes de descartar (tirar) una "
                                "carta de su mano.",
                                "americana.meld.one-at-a-time"),
    "meld.ok": _seed("Después de cada compra, el jugador podrá descargar una combinación de "
                     "cartas - juego - antes de descartar (tirar) una carta de su mano."),
    "meld.canasta": _seed("Canasta - Juego de siete cartas o más. Puede ser \"Limpia\" (sin "
                          "comodín) o \"Sucia\" (con comodín).",
                          "americana.meld.canasta"),
    "add.target": _seed("Comodines - las cartas de número dos y los comodines se pueden agregar "
                        "a un juego de cualquier número, sujeto a las otras reglas",
                        "americana.add.target"),
    "add.ok": _seed("Comodines - las cartas de número dos y los comodines se pueden agregar a "
                    "un juego de cualquier número, sujeto a las otras reglas"),
    "hand.has-cards": _engine("americana.hand.has-cards"),
    "open.threshold": _seed("Abajo de 3000 puntos 125 puntos Desde 3000 hasta 4995 puntos 155 "
                            "puntos 5000 o más puntos 180 puntos",
                            "americana.open.threshold",
                            also=("Hoyo - siempre que una pareja no haya bajado ningún juego "
                                  "(ignorando los juegos de tres), se dice que la pareja está "
                                  "en el hoyo Para salir del hoyo, es necesario que uno de los "
                                  "jugadores baje, en un solo turno, las cartas que alcanzan un "
                                  "valor mínimo de puntos.", "El número de puntos necesarios para salir del hoyo depende "
                                  "de la puntuación global de la pareja:")),
    "open.minimum": _seed("Para contar el número de puntos, se utilizan los valores de las "
                          "cartas descargadas.",
                          "americana.open.minimum",
                          also=("permitido usar la carta de la parte superior del pozo para "
                                "salir del hoyo.",)),
    "out.needs-canasta": _seed("Para cerrar, uno necesita al menos dos canastas.",
                               "americana.out.needs-canasta"),
    "out.went-out": _seed("Para cerrar, uno necesita al menos dos canastas.",
                          "",
                          also=("Cierre - cuando se termina las cartas de la mano. La última "
                                "carta debe ser obligatoriamente descartada.",)),
    "out.must-discard": _seed("No está permitido cerrar sin descartar, a menos que el jugador "
                              "descargue una Mano Especial."),
    "out.answer-first": _engine("americana.out.answer-first"),
    "out.ask-partner-none": _engine("americana.out.ask-partner-none"),
    "discard.ok": _seed("Descartar significa que ha terminado su jugada y está pasando el turno.",
                        "",
                        also=("El jugador no puede retroceder.",)),
    "discard.out": _seed("Cierre - cuando se termina las cartas de la mano. La última carta "
                         "debe ser obligatoriamente descartada."),
    "discard.three": _seed("Solo se permite descartar cartas de número tres para cerrar",
                           "americana.discard.three"),
    "discard.wild": _seed("los comodines solo se los pueden tirar caso se va a cerrar un juego "
                          "o caso todas las cartas en la mano del jugador sean comodines o "
                          "tres.",
                          "americana.discard.wild"),
    "discard.empty-pile": _seed("Si el pozo está vacío, solo se permite descartar cartas de as "
                                "y siete si estas san las únicas cartas que no son ni comodín "
                                "ni número tres en la mano del jugador."),
    "special.hand": _seed("Si un jugador tiene en su mano una combinación de 14 cartas como se "
                          "describe a continuación, puede descargar todas las cartas de su mano "
                          "y finalizar automáticamente el juego.",
                          "americana.special.hand",
                          also=("Straight: Una carta de cada número "
                                "(A-2-3-4-5-6-7-8-9-10-J-Q-K-Comodín);", "Siete pares de cartas de diferentes números.", "No pueden contener tres ni comodines (ej. "
                                "4-4-5-5-7-7-8-8-9-9-10-10-Q-Q), y si contienen cartas de "
                                "número dos, también debe contener cartas de número siete y as "
                                "(ej. 2-2-6-6-7-7-9-9-J-J-K-K-A-A);", "Dos juegos de cuatro cartas del mismo número y dos juegos de "
                                "tres cartas del mismo número, como 4-4-4-6-6-6-6-J-J-J-J-A-A-A")),
    "end.went-out": _seed("Cierre - cuando se termina las cartas de la mano. La última carta "
                          "debe ser obligatoriamente descartada."),
    "end.special-hand": _seed("puede descargar todas las cartas de su mano y finalizar "
                              "automáticamente el juego."),
    "end.stock-exhausted": _seed("Si no hay ningún cierre, el juego termina cuando un jugador "
                                 "necesita comprar una carta de la pila mientras no hay cartas "
                                 "en ella.",
                                 "americana.end.stock-exhausted"),
    "end.pile-declined": _seed("Si no hay ningún cierre, el juego termina cuando un jugador "
                               "necesita comprar una carta de la pila mientras no hay cartas en "
                               "ella.",
                               "americana.end.pile-declined"),
    "draw.stock-empty": _seed("Si no hay ningún cierre, el juego termina cuando un jugador "
                              "necesita comprar una carta de la pila mientras no hay cartas en "
                              "ella.",
                              "americana.draw.stock-empty"),
    "turn.pass": _seed("Si no hay ningún cierre, el juego termina cuando un jugador necesita "
                       "comprar una carta de la pila mientras no hay cartas en ella.",
                       "americana.turn.pass"),
    "score.going-out": _seed("Cierre: +100 puntos"),
    "score.canasta": _seed("Canasta Limpia: +500 puntos cada uno Canasta Sucia: +300 puntos "
                           "cada una Canasta especial (limpia, de as o siete) +2500 puntos cada "
                           "una"),
    "score.wild-canasta": _seed("Canasta de Dos (sin comodín): +3000 puntos Canasta de "
                                "Comodines (que contiene los 4 comodines): +2500 puntos Canasta "
                                "de Comodines (otra combinación): +2000 puntos",
                                "",
                                also=("Las canastas hechas enteramente con cartas del número "
                                      "dos o que contienen los cuatro comodines valen más "
                                      "puntos.",)),
    "score.incomplete": _seed("Juego de as limpio con menos de siete cartas: -2500 puntos Juego "
                              "de siete con menos de siete cartas: -2500 puntos Juego de "
                              "comodines con menos de siete cartas: -2000 puntos",
                              "americana.score.incomplete"),
    "score.aces-sevens": _seed("si hay tres o más cartas as en la mano de un jugador: -1500 "
                               "puntos Tres o más cartas siete en la mano de un jugador: -1500 "
                               "puntos",
                               "americana.score.aces-sevens"),
    "score.threes": _seed("Negativa, si la pareja no tiene canasta; Ignorada, si la pareja "
                          "tiene solo una canasta; Positivo, si la pareja tiene dos o más "
                          "canastas.",
                          "americana.score.threes",
                          also=("Un tres rojo: 100 puntos Uno tres negro: 100 puntos Dos tres "
                                "rojos: 300 puntos Dos negros tres: 300 puntos Tres tres rojos: "
                                "500 puntos Tres tres negros: 500 puntos Cuatro tres rojos: "
                                "1000 puntos Cuatro tres negros: 1000 puntos",)),
    "score.meld-cards": _seed("Si la pareja tiene al menos una canasta, los valores de todas "
                              "las cartas descargadas en los juegos se suman y se las añade a "
                              "su puntuación.",
                              "americana.score.meld-cards",
                              also=("Comodín: 50 puntos cada uno A, 2: 20 puntos cada uno K, Q, "
                                    "J, 10, 9, 8: 10 puntos cada uno 7, 6, 5, 4: 5 puntos cada "
                                    "uno",)),
    "score.meld-cards-negative": _seed("Si la pareja tiene al menos una canasta, los valores de "
                                       "todas las cartas descargadas en los juegos se suman y "
                                       "se las añade a su puntuación. De lo contrario, este "
                                       "valor será restado."),
    "score.hand-cards": _seed("y disminuyendo el valor de las cartas en manos del compañero.",
                              "americana.score.hand-cards"),
    "score.special-hand": _seed("Si un jugador descarga una mano especial, las reglas de "
                                "puntuación anteriores se ignoran y la puntuación de la pareja "
                                "según el tipo de mano descargada será:",
                                "americana.score.special-hand",
                                also=("Straight: 3000 puntos Pares sin comodines: 2500 puntos "
                                      "Pares con dos, siete y as: 2000 puntos Pozo: 2000 puntos",)),
    "score.total": _seed("Se obtiene la puntuación de la pareja sumando las bonificaciones y "
                         "penalizaciones que se hayan ganado durante el juego",
                         "",
                         also=("Cuando termina el juego, cada pareja calcula su puntuación.",)),
    "game.end": _seed("El juego termina cuando al menos una pareja tiene más de 8500 puntos, "
                      "sumados a las puntuaciones de todos los partidos. Gana la pareja con la "
                      "puntuación más alta.",
                      "americana.game.end"),
    "game.over": _engine("americana.game.over"),
    "hand.over": _engine("americana.hand.over"),
    "hand.next": _std("std.modern.next-deal", "americana.hand.next"),
    "hand.in-progress": _engine("americana.hand.in-progress"),
}

CANASTA_KINDS = ("natural", "mixed", "special", "wild")


@dataclass(frozen=True)
class Americana(Variant):
    """Canasta Americana as told in seed 000."""

    alas: tuple[int, ...] = (4, 3)
    canasta_special: int = 2500
    canasta_twos: int = 3000
    canasta_jokers: int = 2500
    canasta_wild: int = 2000
    incomplete_special: int = 2500
    incomplete_wild: int = 2000
    held_aces_sevens: int = 1500
    threes_table: tuple[int, ...] = (0, 100, 300, 500, 1000)
    straight: int = 3000
    pairs: int = 2500
    pairs_twos: int = 2000
    garbage: int = 2000

    # ---- melds ------------------------------------------------------------------------------
    def make_meld(self, cards: Sequence[Card], *, going_out: bool = False
                  ) -> tuple[TableMeld | None, Explanation]:
        # results are immutable: kept per variant instance, as the base class does
        cache = self.__dict__.setdefault("_make_cache", {})
        if len(cache) > 100_000:
            cache.clear()
        key = tuple(cards)
        found = cache.get(key)
        if found is None:
            found = cache[key] = build_meld(self, key)
        return found

    def extend_meld(self, meld: TableMeld, cards: Sequence[Card]
                    ) -> tuple[TableMeld | None, Explanation]:
        cache = self.__dict__.setdefault("_extend_cache", {})
        if len(cache) > 100_000:
            cache.clear()
        key = (meld, tuple(cards))
        found = cache.get(key)
        if found is None:
            found = cache[key] = extend_meld(self, meld, key[1])
        return found

    def grown_meld(self, meld: TableMeld, cards: Sequence[Card]) -> TableMeld:
        # an allowed lay-off onto a group laid out directly (as melds._group lays it), without
        # the explanation that applying it would throw away
        if meld.kind != "group":
            return super().grown_meld(meld, cards)
        return laid_group(self, int(meld.key), meld.cards + tuple(cards))

    def canasta_kind(self, meld: TableMeld) -> str | None:
        if meld.size < self.canasta_size or meld.kind not in ("group", "wilds"):
            return None
        if meld.kind == "wilds":
            return "wild"
        if is_special(meld):
            return "special"
        return "mixed" if meld.wilds else "natural"

    def incomplete_cost(self, meld: TableMeld) -> int:
        if self.canasta_kind(meld):
            return 0
        if is_special(meld):
            return self.incomplete_special
        return self.incomplete_wild if meld.kind == "wilds" else 0

    def held_cost(self, rank: int, count: int) -> int:
        return self.held_aces_sevens if rank in (ACE, 7) and count >= 3 else 0

    def canasta_bonus(self, meld: TableMeld) -> int:
        kind = self.canasta_kind(meld)
        if kind == "wild":
            jokers = sum(1 for c in meld.cards if c.is_joker)
            return self.canasta_twos if jokers == 0 else (
                self.canasta_jokers if jokers == 4 else self.canasta_wild)
        return {"natural": self.canasta_natural, "mixed": self.canasta_mixed,
                "special": self.canasta_special}.get(kind or "", 0)

    def text_params(self) -> dict[str, Any]:
        return {**super().text_params(), "alas_first": self.alas[0], "alas_second": self.alas[-1],
                "threes_list": tuple(P("threes.count", count=n, points=p)
                                     for n, p in enumerate(self.threes_table) if n)}

    def special_hand_points(self, kind: str) -> int:
        return {"straight": self.straight, "pairs": self.pairs, "pairs-twos": self.pairs_twos,
                "garbage": self.garbage}[kind]

    # ---- checks -----------------------------------------------------------------------------
    def check_before_draw(self, state: State, action: Action) -> Explanation | None:
        # threes may go down before the draw; a special hand, whatever it holds, only after it
        if (isinstance(action, Meld) and americana_turns.is_threes(action.groups)
                and not (len(action.groups) == 1 and len(action.groups[0]) == SPECIAL_HAND_SIZE)):
            return americana_turns.check_threes(state, action)
        return None

    def check_take_pile(self, state: State, action: TakePile) -> Explanation:
        return americana_turns.check_take_pile(state, action)

    def check_meld(self, state: State, action: Meld) -> Explanation:
        return americana_turns.check_meld(state, action)

    def check_add(self, state: State, action: Add) -> Explanation:
        return americana_turns.check_add(state, action)

    def check_discard(self, state: State, action: Discard) -> Explanation:
        return americana_turns.check_discard(state, action)

    # ---- turn flow ----------------------------------------------------------------------------
    def deal_extra_piles(self, rest: list[Card], players: int) -> dict[str, Any]:
        piles = []
        for n in self.alas:
            piles.append(rest[:n])
            del rest[:n]
        return {"alas_piles": piles}

    def after_deal(self, state: State) -> list[Explanation]:
        piles = state.extra.setdefault("alas_piles", [[] for _ in self.alas])
        state.extra["ala_seat"] = [-1] * len(piles)
        # a side is open once out of the hoyo: threes laid (a situation may lay them) do not open
        state.opened = [not americana_turns.in_hoyo(state, side) for side in range(len(state.sides))]
        # a situation may set a side down out of the hoyo already: it left it before the table
        # was laid out, so no later meld of its own leaves the hoyo (nor takes an ala)
        out = [side for side, opened in enumerate(state.opened) if opened]
        state.extra.pop("out_before", None)
        if out:
            state.extra["out_before"] = out
        return [self.explain(True, "deal.alas", first=len(piles[0]), second=len(piles[1]))]

    def after_new_melds(self, state: State, melds: Sequence[TableMeld]) -> list[Explanation]:
        """Threes just laid down: replaced from the stock, and kept as one meld per pair."""
        if any(m.kind not in ("threes", "special-hand") for m in melds):
            _bar_special_hand(state)
        laid = sum(m.size for m in melds if m.kind == "threes")
        if not laid:
            return []
        seat = state.turn
        side = state.side_of(seat)
        drawn = 0
        for _ in range(laid):
            if state.stock:
                state.hands[seat].append(state.stock.pop())
                drawn += 1
        threes = [m for m in state.melds[side] if m.kind == "threes"]
        merged = TableMeld("threes", 3, tuple(sorted_cards(c for m in threes for c in m.cards)))
        rest = [m for m in state.melds[side] if m.kind != "threes"]
        state.melds[side] = [merged, *rest]
        return [self.explain(True, "threes.replaced", player=state.names[seat], count=drawn,
                             stock=len(state.stock))]

    def after_meld(self, state: State) -> list[Explanation]:
        """Leaving the hoyo: the player takes the next ala (the four-card one first)."""
        seat = state.turn
        side = state.side_of(seat)
        out = not americana_turns.in_hoyo(state, side)
        state.opened[side] = out
        piles = state.extra.setdefault("alas_piles", [[] for _ in self.alas])
        holders = state.extra.setdefault("ala_seat", [-1] * len(piles))
        if (not out or any(h in state.sides[side] for h in holders) or -1 not in holders
                or side in state.extra.get("out_before", ())):
            return []
        if any(m.kind == "special-hand" for m in state.melds[side]):
            return []
        idx = holders.index(-1)
        holders[idx] = seat
        return [self.explain(True, "hoyo.left", player=state.names[seat],
                             side=state.side_label(side), count=len(piles[idx]))]

    def after_take_pile(self, state: State, action: TakePile, to_hand: Sequence[Card]
                        ) -> list[Explanation]:
        _bar_special_hand(state)
        return []

    def after_add(self, state: State) -> list[Explanation]:
        _bar_special_hand(state)
        return []

    def on_turn_start(self, state: State) -> list[Explanation]:
        seat = state.turn
        piles = state.extra.get("alas_piles", [])
        holders = state.extra.get("ala_seat", [])
        events = []
        for idx, holder in enumerate(holders):
            if holder == seat and piles[idx]:
                state.hands[seat].extend(piles[idx])
                events.append(self.explain(True, "ala.added", player=state.names[seat],
                                           count=len(piles[idx])))
                piles[idx] = []
        return events

    # ---- scoring -----------------------------------------------------------------------------
    def score_side(self, state: State, side: int, went_out: int | None
                   ) -> list[tuple[int, Explanation]]:
        from .scoring import score_side

        return score_side(self, state, side, went_out)

    def ended_explanation(self, state: State, went_out: int | None) -> Explanation | None:
        if went_out is None:
            return None
        side = state.side_of(went_out)
        if any(m.kind == "special-hand" for m in state.melds[side]):
            return self.explain(True, "end.special-hand", player=state.names[went_out],
                                side=state.side_label(side))
        return None

    def game_target_reached(self, score: int) -> bool:
        return score > self.target

    # ---- move generation ---------------------------------------------------------------------
    def fast_moves(self) -> Generator:
        return MOVES

    def candidate_melds(self, state: State, hand: Sequence[Card]) -> list[tuple[Card, ...]]:
        return americana_candidates.candidate_melds(state, hand)

    def take_candidates(self, state: State) -> list[Action]:
        return americana_candidates.take_candidates(state)

    def add_candidates(self, state: State) -> list[Action]:
        return americana_candidates.add_candidates(state)


def _bar_special_hand(state: State) -> None:
    """The player to move has melded (threes aside): no special hand for them this hand."""
    barred = state.extra.setdefault("special_barred", [])
    if state.turn not in barred:
        barred.append(state.turn)


AMERICANA = Americana(
    name="americana",
    title=L("Canasta Americana", "Canasta Americana"),
    seed_file=SEED,
    aliases=("canasta americana", "american", "american canasta", "modern american canasta",
             "americana canasta", "000"),
    player_counts=(4,),
    cards_dealt=13,
    upcard=False,
    max_wilds=2,
    min_naturals=2,
    max_meld_size=7,
    canasta_size=7,
    opening=((-10**9, 125), (3000, 155), (5000, 180)),
    opening_counts_pile_top=True,
    red_threes="laid-down",  # every three is laid down at will (see meld.threes), never at once
    black_threes_block=False,
    pile_frozen_by_wild=False,
    pile_frozen_before_opening=False,
    pile_take_onto_meld=False,
    canastas_to_go_out=2,
    going_out_bonus=100,
    concealed_bonus=0,
    canasta_natural=500,
    canasta_mixed=300,
    ask_partner=False,
    target=8500,
    empty_stock="pozo",
    card_values=((JOKER, 50), (ACE, 20), (2, 20), (3, 0), (4, 5), (5, 5), (6, 5), (7, 5),
                 (8, 10), (9, 10), (10, 10), (11, 10), (12, 10), (KING, 10)),
    sources=SOURCES,
)
