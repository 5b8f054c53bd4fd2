"""Classic partnership Canasta (seed 003): the base parameters, with each rule's source."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...explain import Cite, L, Source
from ...groups import laid_group
from ...variant import STANDARD_CLASSIC, Variant
from .moves import classic_allows, classic_legal_actions
from .outs import classic_can_go_out

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ...actions import Action
    from ...cards import Card
    from ...melds import Meld
    from ...state import State

SEED = "003_e73885e20654a5c7.txt"


_CITE = Cite(SEED, STANDARD_CLASSIC)
_seed, _std, _engine = _CITE.seed, _CITE.std, _CITE.engine


_STOCK_OUT = ("When the stock is exhausted, play continues as long as each player in turn takes the "
              "discard; a player must take it when it matches a meld of the side. Play ends when a "
              "player does not or cannot take it.")
_LAST_RED = ("If the last card of the stock is a red three, the player who draws it lays it out and "
             "may meld, but may not discard; play then ends.")
_STOCK_NOTE = ("the seed is silent; Official Canasta Laws, as summed up by Encyclopaedia Britannica, "
               "'Canasta: Going out'")

_ASK = _seed("Pide permiso antes a tu compañero: es la única conversación que permiten las reglas.",
             "asking is optional and a 'no' forbids going out this turn (RULES_NOTES D7)")

SOURCES: dict[str, Source] = {
    "deal.hands": _seed("Dos barajas de 52 cartas con cuatro comodines: 108 cartas. Once cartas a cada "
                        "uno en el juego por parejas para cuatro."),
    "deal.upcard": _std("The top card of the stock is turned face up to start the discard pile; a wild "
                        "card or red three turned up is covered by another card and the pile is frozen.",
                        "the seed is silent, but its sample game's pile count needs an upcard "
                        "(RULES_NOTES §4.2)"),
    "threes.red-laid-out": _seed("Cuando te toque uno, colócalo descubierto de inmediato y roba una carta "
                                 "de reemplazo."),
    "threes.red-with-pile": _std("A red three taken in the discard pile is laid face up at once; no "
                                 "replacement card is drawn for it.",
                                 "the seed tells only of red threes dealt or drawn ('Cuando te toque "
                                 "uno, colócalo descubierto de inmediato'); one turned up as the "
                                 "upcard is covered and may later be taken with the pile"),
    "turn.order": _seed("El turno va tú, Ada, Bo, Cleo.",
                        "only the player whose turn it is may act (RULES_NOTES §4.4)"),
    "turn.already-drew": _std("Each turn: draw the top card of the stock or take the discard pile, then "
                              "meld, then discard one card."),
    "turn.draw-first": _std("Each turn: draw the top card of the stock or take the discard pile, then "
                            "meld, then discard one card."),
    "draw.stock": _seed("Robas el K♠.", "one card a turn, as in the standard rules"),
    "pile.empty": _engine("there is nothing to take"),
    "pile.depth": _seed("Puedes llevarte el montón entero —no solo la carta de arriba—"),
    "pile.blocked": _seed("Un tres negro bloquea el montón: Bo, que juega a continuación, no puede "
                          "llevárselo en este turno."),
    "pile.top-wild": _std("The discard pile may not be taken when its top card is a wild card."),
    "pile.top-red-three": _std("The discard pile may not be taken when its top card is a red three: "
                               "a red three is never melded.",
                               "the seed: 'Los treses rojos — No se juegan.'"),
    "pile.one-card": _std("A player holding only one card may not take a discard pile of only one "
                          "card.",
                          "the seed is silent; Official Canasta Laws (also Encyclopaedia Britannica, "
                          "'Canasta: Going out': 'If a player holds just one card in hand and the "
                          "discard deck also consists of just one card, he cannot go out by taking "
                          "the deck')"),
    "pile.frozen": _seed("El montón está congelado cuando contiene una carta libre o un tres rojo, y "
                         "mientras esté congelado solo puedes llevártelo con una pareja natural de tu mano.",
                         "as in the standard rules, the pile is also frozen for a side that has not "
                         "opened (RULES_NOTES D2)"),
    "pile.use-top": _seed("Puedes llevarte el montón entero —no solo la carta de arriba— si puedes usar "
                          "esa carta de inmediato, ya sea bajándola con dos cartas iguales de tu mano o "
                          "añadiéndola a una combinación que ya tenga tu pareja.",
                          "when the pile is not frozen, one natural card and a wild card also serve, "
                          "as in the standard rules (RULES_NOTES D2)"),
    "pile.extra-only-opening": _std("To reach the initial-meld minimum with the pile's top card, other "
                                    "melds from the hand may be laid down at the same time."),
    "pile.take": _seed("Puedes llevarte el montón entero —no solo la carta de arriba— si puedes usar esa "
                       "carta de inmediato"),
    "pile.freezes": _seed("Cleo descarta el 2♦. Una carta libre en el descarte lo congela"),
    "pile.blocks": _seed("Un tres negro bloquea el montón: Bo, que juega a continuación, no puede "
                         "llevárselo en este turno."),
    "meld.min-cards": _seed("Tres o más cartas del mismo valor."),
    "meld.same-rank": _seed("Tres o más cartas del mismo valor. En la canasta no hay escaleras."),
    "meld.wild-limit": _seed("Una combinación puede llevar como mucho tres cartas libres, y nunca más "
                             "libres que naturales."),
    "meld.black-threes": _std("Black threes may be melded only when going out, three or four of them, "
                              "without wild cards.", "the seed is silent (RULES_NOTES D4)"),
    "meld.valid": _seed("Tres o más cartas del mismo valor."),
    "meld.rank-exists": _std("A partnership may not have two melds of the same rank: further cards of "
                             "that rank are added to the existing meld."),
    "meld.one-at-a-time": _seed("Son 70, así que bajas las dos combinaciones.",
                                "the engine takes the first melds of a side as one action so that "
                                "they reach the minimum together; later melds go one by one"),
    "meld.ok": _seed("Las combinaciones pertenecen a la pareja, no al jugador."),
    "meld.canasta": _seed("Una canasta es una combinación de siete o más. Natural, sin cartas libres, "
                          "vale 500. Mixta, con libres, vale 300."),
    "add.target": _seed("las combinaciones son de la pareja, así que los dos podéis añadir"),
    "add.ok": _seed("las combinaciones son de la pareja, así que los dos podéis añadir"),
    "hand.has-cards": _engine("a player plays only the cards in the hand"),
    "open.threshold": _seed("50 mientras estéis por debajo de 1500, 90 de ahí a 3000, y 120 por encima. "
                            "Una pareja que haya bajado de cero abre con 15",
                            "boundaries as in the standard table: below 0 → 15, 0–1495 → 50, "
                            "1500–2995 → 90, 3000 or more → 120 (RULES_NOTES D1)"),
    "open.minimum": _seed("Las primeras combinaciones de tu pareja en una mano deben sumar un mínimo",
                          "the pile's top card counts and bonuses do not, as in the standard rules"),
    "out.needs-canasta": _seed("Tu pareja debe tener al menos una canasta antes de que nadie pueda salir.",
                               "coming down to one card counts as going out, since it must be "
                               "discarded (standard rules)"),
    "out.went-out": _seed("Baja o descarta tu última carta una vez que tu pareja tenga una canasta."),
    "out.ask": _ASK, "out.ask-partner": _ASK, "out.ask-once": _ASK, "out.partner-said-no": _ASK,
    "out.answer-first": _ASK, "out.ask-late": _ASK, "out.ask-partner-none": _ASK,
    "discard.out": _seed("La descarta, su mano queda vacía y la mano termina."),
    "discard.ok": _seed("Guardas el comodín para más adelante y descartas el 4♠."),
    "end.went-out": _seed("La descarta, su mano queda vacía y la mano termina."),
    "end.stock-exhausted": _std(_STOCK_OUT, _STOCK_NOTE + "; play ends when the player to move "
                                "cannot take the pile"),
    "end.pile-declined": _std(_STOCK_OUT, _STOCK_NOTE + "; play ends when the player to move does not "
                              "take the pile (when it is not compulsory)"),
    "end.last-red-three": _std(_LAST_RED, _STOCK_NOTE),
    "draw.stock-empty": _std(_STOCK_OUT, _STOCK_NOTE),
    "pile.must-take": _std(_STOCK_OUT, _STOCK_NOTE + "; the take is compulsory when the top card can go "
                           "onto a meld of the side (the pile frozen, a natural pair may take it, "
                           "but need not)"),
    "turn.pass": _std(_STOCK_OUT + " " + _LAST_RED,
                      _STOCK_NOTE + "; the engine's 'pass' is the player's choice not to take the "
                      "pile, or the end of the turn after the last red three"),
    "discard.last-red-three": _std(_LAST_RED, _STOCK_NOTE),
    "out.ask-unable": _std("A player able to go out may first ask the partner 'May I go out?'; the "
                           "partner answers yes or no, and the answer binds.",
                           "the seed: 'Pide permiso antes a tu compañero'; asking is optional, and "
                           "only a player who can go out this turn asks (Canasta Palace: to ask you "
                           "must 'be able to play all your remaining cards'; acanomas.com, Samba: a "
                           "penalty 'por pedir permiso para terminar un juego y no poder')"),
    "out.partner-said-yes": _std("If permission is asked, the player must abide by the response.",
                                 "Encyclopaedia Britannica, 'Canasta: Going out'; the seed: 'Pide "
                                 "permiso antes a tu compañero'. After a yes the only discard is the "
                                 "last card, and no meld or lay-off may leave the player unable to "
                                 "go out"),
    "score.going-out": _seed("Tu pareja se anota 100 por cerrar"),
    "score.concealed": _std("Going out concealed (the whole hand melded in one turn, including a "
                            "canasta of the player's own, nothing melded before) scores 100 more.",
                            "the seed is silent; the player must not add to the partner's melds "
                            "in that turn either (a canasta made on the partner's meld is not the "
                            "player's own)"),
    "score.canasta": _seed("Natural, sin cartas libres, vale 500. Mixta, con libres, vale 300."),
    "score.red-threes": _seed("Cada uno vale 100 puntos para tu pareja, o menos 100 si tu pareja no ha "
                              "bajado nada al final.", "all four count 800, as in the standard rules"),
    "score.meld-cards": _seed("Las cartas de vuestras combinaciones suman 290",
                              "card values: joker 50, A and 2 20, K to 8 10, 7 to 3 5 (standard "
                              "table; the seed's example fixes K, 9, 8, A, 2, 7 and the joker)"),
    "score.hand-cards": _seed("y se restan los 30 que te quedaron en la mano."),
    "score.total": _seed("Tu pareja se anota 760."),
    "game.end": _seed("El juego llega a 5000 puntos.", "a tie at the top plays another hand (standard)"),
    "game.over": _engine("no action follows the end of the game"),
    "hand.over": _engine("a finished hand waits for the next deal"),
    "hand.next": _std("The deal passes to the left after each hand."),
    "hand.in-progress": _engine("a new hand is dealt only when the current one is over"),
}


class Classic(Variant):
    """Classic partnership Canasta as told in seed 003."""

    def can_go_out_now(self, state: State) -> bool:
        return classic_can_go_out(state)

    def fast_legal_actions(self, state: State) -> list[Action] | None:
        return classic_legal_actions(state)

    def fast_allows(self, state: State, action: Action) -> bool | None:
        return classic_allows(state, action)

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
    empty_stock="official",
    sources=SOURCES,
)
