"""Classic partnership Canasta (seed 003): the base parameters, with each rule's source."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...explain import Cite, L, Source
from ...groups import laid_group
from ...variant import STANDARD_CLASSIC, Variant
from .moves import MOVES
from .outs import classic_can_go_out

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ...cards import Card
    from ...fastmoves import Generator
    from ...melds import Meld
    from ...state import State

SEED = "003_e73885e20654a5c7.txt"


_CITE = Cite(SEED, STANDARD_CLASSIC)
_seed, _std, _engine = _CITE.seed, _CITE.std, _CITE.engine


SOURCES: dict[str, Source] = {
    "deal.hands": _seed("Dos barajas de 52 cartas con cuatro comodines: 108 cartas. Once cartas "
                        "a cada uno en el juego por parejas para cuatro."),
    "deal.upcard": _std("std.upcard", "classic.deal.upcard"),
    "threes.red-laid-out": _seed("No se juegan. Cuando te toque uno, colócalo descubierto de "
                                 "inmediato y roba una carta de reemplazo."),
    "threes.red-with-pile": _std("std.red-with-pile", "classic.threes.red-with-pile"),
    "turn.order": _std("std.play-left", "classic.turn.order"),
    "turn.already-drew": _std("std.turn", "classic.turn.already-drew"),
    "turn.draw-first": _std("std.turn", "classic.turn.draw-first"),
    "draw.stock": _std("std.turn", "classic.draw.stock"),
    "pile.empty": _engine("classic.pile.empty"),
    "pile.depth": _seed("Puedes llevarte el montón entero —no solo la carta de arriba— si "
                        "puedes usar esa carta de inmediato, ya sea bajándola con dos cartas "
                        "iguales de tu mano o añadiéndola a una combinación que ya tenga tu "
                        "pareja."),
    "pile.blocked": _std("std.black-three", "classic.pile.blocked"),
    "pile.blocks": _std("std.black-three", "classic.pile.blocks"),
    "pile.top-wild": _std("std.top-wild", "classic.pile.top-wild"),
    "pile.top-red-three": _std("std.top-red-three", "classic.pile.top-red-three"),
    "pile.one-card": _std("std.one-card", "classic.pile.one-card"),
    "pile.frozen": _seed("El montón está congelado cuando contiene una carta libre o un tres "
                         "rojo, y mientras esté congelado solo puedes llevártelo con una pareja "
                         "natural de tu mano.",
                         "classic.pile.frozen"),
    "pile.use-top": _seed("Puedes llevarte el montón entero —no solo la carta de arriba— si "
                          "puedes usar esa carta de inmediato, ya sea bajándola con dos cartas "
                          "iguales de tu mano o añadiéndola a una combinación que ya tenga tu "
                          "pareja.",
                          "classic.pile.use-top"),
    "pile.extra-only-opening": _std("std.extra-melds", "classic.pile.extra-only-opening"),
    "pile.take": _seed("Puedes llevarte el montón entero —no solo la carta de arriba— si puedes "
                       "usar esa carta de inmediato, ya sea bajándola con dos cartas iguales de "
                       "tu mano o añadiéndola a una combinación que ya tenga tu pareja."),
    "pile.freezes": _seed("El montón está congelado cuando contiene una carta libre o un tres "
                          "rojo, y mientras esté congelado solo puedes llevártelo con una "
                          "pareja natural de tu mano.",
                          "classic.pile.freezes"),
    "meld.min-cards": _seed("Tres o más cartas del mismo valor."),
    "meld.same-rank": _seed("Tres o más cartas del mismo valor. En la canasta no hay escaleras."),
    "meld.wild-limit": _seed("Los comodines y todos los doses son libres. Una combinación puede "
                             "llevar como mucho tres cartas libres, y nunca más libres que "
                             "naturales.",
                             "classic.meld.wild-limit"),
    "meld.black-threes": _std("std.black-three", "classic.meld.black-threes"),
    "meld.valid": _seed("Tres o más cartas del mismo valor."),
    "meld.rank-exists": _std("std.rank-once", "classic.meld.rank-exists"),
    "meld.one-at-a-time": _seed("Las primeras combinaciones de tu pareja en una mano deben "
                                "sumar un mínimo",
                                "classic.meld.one-at-a-time"),
    "meld.ok": _seed("Las combinaciones pertenecen a la pareja, no al jugador."),
    "meld.canasta": _seed("Una canasta es una combinación de siete o más."),
    "add.target": _seed("Las combinaciones pertenecen a la pareja, no al jugador."),
    "add.ok": _seed("Las combinaciones pertenecen a la pareja, no al jugador."),
    "hand.has-cards": _engine("classic.hand.has-cards"),
    "open.threshold": _seed("Las primeras combinaciones de tu pareja en una mano deben sumar un "
                            "mínimo, y sube con vuestra propia puntuación: 50 mientras estéis "
                            "por debajo de 1500, 90 de ahí a 3000, y 120 por encima.",
                            "classic.open.threshold",
                            also=("Una pareja que haya bajado de cero abre con 15",)),
    "open.minimum": _seed("Las primeras combinaciones de tu pareja en una mano deben sumar un "
                          "mínimo",
                          "classic.open.minimum"),
    "out.needs-canasta": _seed("Tu pareja debe tener al menos una canasta antes de que nadie "
                               "pueda salir.",
                               "classic.out.needs-canasta"),
    "out.went-out": _seed("Baja o descarta tu última carta una vez que tu pareja tenga una "
                          "canasta."),
    "out.ask": _seed("Pide permiso antes a tu compañero: es la única conversación que permiten "
                     "las reglas.",
                     "classic.out.ask"),
    "out.ask-partner": _seed("Pide permiso antes a tu compañero: es la única conversación que "
                             "permiten las reglas.",
                             "classic.out.ask-partner"),
    "out.ask-once": _seed("Pide permiso antes a tu compañero: es la única conversación que "
                          "permiten las reglas.",
                          "classic.out.ask-once"),
    "out.partner-said-no": _seed("Pide permiso antes a tu compañero: es la única conversación "
                                 "que permiten las reglas.",
                                 "classic.out.partner-said-no"),
    "out.answer-first": _seed("Pide permiso antes a tu compañero: es la única conversación que "
                              "permiten las reglas.",
                              "classic.out.answer-first"),
    "out.ask-late": _seed("Pide permiso antes a tu compañero: es la única conversación que "
                          "permiten las reglas.",
                          "classic.out.ask-late"),
    "out.ask-partner-none": _seed("Pide permiso antes a tu compañero: es la única conversación "
                                  "que permiten las reglas.",
                                  "classic.out.ask-partner-none"),
    "out.ask-unable": _std("std.ask", "classic.out.ask-unable"),
    "out.partner-said-yes": _std("std.ask", "classic.out.partner-said-yes"),
    "discard.out": _seed("Baja o descarta tu última carta una vez que tu pareja tenga una "
                         "canasta."),
    "discard.ok": _std("std.turn", "classic.discard.ok"),
    "end.went-out": _seed("Baja o descarta tu última carta una vez que tu pareja tenga una "
                          "canasta."),
    "end.stock-exhausted": _std("std.stock-empty", "classic.end.stock-exhausted"),
    "end.pile-declined": _std("std.stock-empty", "classic.end.pile-declined"),
    "draw.stock-empty": _std("std.stock-empty", "classic.draw.stock-empty"),
    "pile.must-take": _std("std.stock-empty", "classic.pile.must-take"),
    "turn.pass": _std("std.stock-empty", "classic.turn.pass", also=("std.last-red-three",)),
    "end.last-red-three": _std("std.last-red-three", "classic.end.last-red-three"),
    "discard.last-red-three": _std("std.last-red-three", "classic.discard.last-red-three"),
    "score.going-out": _std("std.going-out", "classic.score.going-out"),
    "score.concealed": _std("std.concealed", "classic.score.concealed"),
    "score.canasta": _seed("Natural, sin cartas libres, vale 500. Mixta, con libres, vale 300."),
    "score.red-threes": _seed("Cada uno vale 100 puntos para tu pareja, o menos 100 si tu "
                              "pareja no ha bajado nada al final.",
                              "classic.score.red-threes"),
    "score.meld-cards": _std("std.meld-values", "classic.score.meld-cards"),
    "score.hand-cards": _std("std.hand-cards", "classic.score.hand-cards"),
    "score.total": _std("std.total", "classic.score.total"),
    "game.end": _seed("El juego llega a 5000 puntos.", "classic.game.end"),
    "game.over": _engine("classic.game.over"),
    "hand.over": _engine("classic.hand.over"),
    "hand.next": _std("std.next-deal", "classic.hand.next"),
    "hand.in-progress": _engine("classic.hand.in-progress"),
}


class Classic(Variant):
    """Classic partnership Canasta as told in seed 003."""

    def can_go_out_now(self, state: State) -> bool:
        return classic_can_go_out(state)

    def fast_moves(self) -> Generator:
        return MOVES

    # groups of one rank (make_meld / extend_meld as in Variant): an allowed meld or lay-off is
    # laid out directly, without the explanation that applying it would throw away
    def laid_meld(self, cards: Sequence[Card], *, going_out: bool = False) -> Meld:
        rank = next((c.rank for c in cards if not self.is_wild(c)), 3)
        if rank == 3:  # threes have rules of their own
            return super().laid_meld(cards, going_out=going_out)
        return laid_group(self, rank, cards)

    def grown_meld(self, meld: Meld, cards: Sequence[Card]) -> Meld:
        if meld.kind != "group":
            return super().grown_meld(meld, cards)
        return laid_group(self, int(meld.key), meld.cards + tuple(cards))


CLASSIC = Classic(
    name="classic",
    title=L("Classic Canasta", "Canasta clásica"),
    seed_file=SEED,
    aliases=("clasica", "clásica", "canasta", "classic canasta", "canasta clasica", "003"),
    pile_one_card_rule=True,
    pile_meld_more=True,
    empty_stock="official",
    sources=SOURCES,
)
