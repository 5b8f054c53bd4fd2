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
from ...explain import Cite, Explanation, L, Source
from ...melds import Meld as TableMeld
from ...variant import Variant
from . import moves as americana_moves
from . import turns as americana_turns
from .hands import SPECIAL_HAND_SIZE
from .melds import build_meld, extend_meld, is_special

if TYPE_CHECKING:
    from ...state import State

SEED = "000_94787a1645f201d9.txt"
MODERN = ("Modern American Canasta (pagat.com, J. McLeod; canasta.com 'Count the points in Modern "
          "Canasta'; Wikipedia 'US American Canasta')")


_CITE = Cite(SEED, MODERN)
_seed, _std, _engine = _CITE.seed, _CITE.std, _CITE.engine


# ---- the rules only Americana uses ----------------------------------------------------------
for _rule in (
    Rule("deal.alas", "deal", ("Alas", "Alas"),
         ("Two alas are set aside face down, of four and of three cards; no card is turned up, so "
          "the pile starts empty.",
          "Se apartan boca abajo dos alas, de cuatro y de tres cartas; no se da vuelta ninguna "
          "carta, así que el pozo empieza vacío."),
         ("Two alas are set aside: {first} and {second} cards; the pile starts empty.",
          "Se apartan dos alas: de {first} y de {second} cartas; el pozo empieza vacío.")),
    Rule("hoyo.left", "open", ("Leaving the hoyo", "Salir del hoyo"),
         ("The player who takes the pair out of the hoyo takes an ala (the first pair out the larger "
          "one) and adds it to the hand on the next turn.",
          "Quien saca a su pareja del hoyo toma un ala (la primera pareja en salir, la de cuatro) y "
          "la añade a su mano en su próximo turno."),
         ("{player} takes {side} out of the hoyo and takes the ala of {count} cards; it joins the "
          "hand next turn.",
          "{player} saca del hoyo a {side} y toma el ala de {count} cartas; la añadirá a su mano "
          "en su próximo turno.")),
    Rule("ala.added", "open", ("Ala added", "Ala añadida"),
         ("An ala joins its holder's hand at the start of the holder's next turn.",
          "El ala se añade a la mano de quien la tomó al empezar su próximo turno."),
         ("{player} adds the ala of {count} cards to the hand.",
          "{player} añade a su mano el ala de {count} cartas.")),
    Rule("meld.special", "meld", ("Special melds", "Juegos especiales"),
         ("Melds of 7s, and of aces, are special: three to seven cards and no wild cards; aces may "
          "take wild cards only in the meld that leaves the hoyo, and are then a común meld.",
          "Los juegos de siete y de as son especiales: de tres a siete cartas y sin comodines; los "
          "ases llevan comodines solo en el juego que saca del hoyo, y entonces son juego común."),
         ("{cards}: a special meld of {rank}, clean.", "{cards}: un juego especial de {rank}, limpio."),
         ("{cards} cannot be melded: {why}.", "{cards} no se puede bajar: {why}.")),
    Rule("meld.wilds", "meld", ("Melds of wild cards", "Juegos de comodines"),
         ("A meld may be made of three to seven wild cards (2s and jokers) alone.",
          "Un juego puede hacerse solo con comodines (doses y comodines), de tres a siete."),
         ("{cards}: a meld of {count} wild cards.", "{cards}: un juego de {count} comodines."),
         ("{cards} cannot join a meld of wild cards: {why}.",
          "{cards} no puede ir en un juego de comodines: {why}.")),
    Rule("meld.threes", "threes", ("Threes laid down", "Juego de tres"),
         ("Threes are laid down on their own, before or after the draw, each replaced from the "
          "stock; they do not count for leaving the hoyo.",
          "Los tres se bajan solos, antes o después de comprar, y cada uno se repone del mazo; no "
          "cuentan para salir del hoyo."),
         ("{player} lays down {cards} and draws {count} replacement card(s); threes do not count "
          "for leaving the hoyo.",
          "{player} baja {cards} y roba {count} carta(s) de reposición; los tres no cuentan para "
          "salir del hoyo."),
         ("{player} cannot lay down {cards}: {why}.", "{player} no puede bajar {cards}: {why}.")),
    Rule("threes.replaced", "threes", ("Threes replaced", "Tres repuestos"),
         ("Each three laid down is replaced by a card from the stock.",
          "Cada tres bajado se repone con una carta del mazo."),
         ("{player} draws {count} card(s) from the stock to replace the threes; {stock} remain.",
          "{player} roba {count} carta(s) del mazo para reponer los tres; quedan {stock}.")),
    Rule("pile.top-three", "pile", ("Three on top", "Tres encima"),
         ("A pile topped by a three cannot be taken.",
          "El pozo no se puede comprar si tiene un tres encima."),
         ("The top card is not a three.", "La carta de arriba no es un tres."),
         ("{player} cannot take the pile: its top card {top} is a three.",
          "{player} no puede comprar el pozo: la carta de arriba {top} es un tres.")),
    Rule("pile.meld-full", "pile", ("Room in the meld", "Sitio en el juego"),
         ("With a meld of the top card's rank, the pile is taken only while that meld has fewer "
          "than five cards (no meld goes over seven).",
          "Con un juego del número de la carta de arriba, el pozo solo se compra si ese juego tiene "
          "menos de cinco cartas (ningún juego pasa de siete)."),
         ("The meld of {rank} has room.", "El juego de {rank} tiene sitio."),
         ("{player} cannot take the pile with {top}: the meld of {rank} already has {size} cards, "
          "and only a meld of fewer than five may take the pile.",
          "{player} no puede comprar el pozo con {top}: el juego de {rank} ya tiene {size} cartas, "
          "y solo con menos de cinco se compra el pozo.")),
    Rule("discard.three", "turn", ("Discarding threes", "Descartar tres"),
         ("A three is discarded only to go out.", "Solo se descarta un tres para cerrar."),
         ("{player} discards the three {card}: the hand holds only threes and the stock cannot "
          "replace them.",
          "{player} descarta el tres {card}: la mano solo tiene tres y el mazo no puede reponerlos."),
         ("{player} cannot discard the three {card}: threes are discarded only to go out (lay it "
          "down instead).",
          "{player} no puede descartar el tres {card}: los tres solo se descartan para cerrar "
          "(bájalo en su lugar).")),
    Rule("discard.wild", "turn", ("Discarding wild cards", "Descartar comodines"),
         ("A wild card is discarded only to go out, or when the hand holds nothing but wild cards "
          "and threes.",
          "Un comodín solo se descarta para cerrar, o si la mano solo tiene comodines y tres."),
         ("{player} discards the wild {card}: the hand holds only wild cards and threes.",
          "{player} descarta el comodín {card}: la mano solo tiene comodines y tres."),
         ("{player} cannot discard the wild {card}: wild cards are discarded only to go out or "
          "from a hand of nothing but wild cards and threes.",
          "{player} no puede descartar el comodín {card}: solo se descartan para cerrar o si la "
          "mano solo tiene comodines y tres.")),
    Rule("discard.empty-pile", "turn", ("Aces and 7s on an empty pile", "Ases y sietes al pozo vacío"),
         ("On an empty pile an ace or a seven is discarded only when aces and sevens are the only "
          "cards in the hand that are neither wild nor threes.",
          "Con el pozo vacío solo se descarta un as o un siete si son las únicas cartas de la mano "
          "que no son comodín ni tres."),
         ("{player} discards {card} on the empty pile: aces and sevens are the only other naturals.",
          "{player} descarta {card} al pozo vacío: ases y sietes son sus únicas cartas naturales."),
         ("{player} cannot discard {card} on the empty pile while holding {others}.",
          "{player} no puede descartar {card} al pozo vacío teniendo {others}.")),
    Rule("out.must-discard", "out", ("A final discard", "Descarte final"),
         ("A player always goes out with a final discard (a special hand aside): a meld may never "
          "empty the hand.",
          "Siempre se cierra descartando la última carta (salvo con mano especial): un juego nunca "
          "puede vaciar la mano."),
         ("{player} keeps a card to discard.", "{player} se queda con una carta para descartar."),
         ("{player} cannot empty the hand by melding: the last card must be discarded.",
          "{player} no puede vaciar la mano bajando: la última carta debe descartarse.")),
    Rule("special.hand", "out", ("Special hand", "Mano especial"),
         ("A player holding fourteen cards that make a straight, seven pairs, pairs with 2s, 7s "
          "and aces, or garbage lays them all down at once, and the hand ends.",
          "Quien tiene catorce cartas que forman straight, pares, pares con dos, siete y as, o pozo "
          "las baja todas de una vez y la mano termina."),
         ("{player} lays down a special hand, {hand}: {points}; the hand is over.",
          "{player} baja una mano especial, {hand}: {points}; la mano termina."),
         ("{cards} is not a special hand: {why}.", "{cards} no es una mano especial: {why}.")),
    Rule("end.special-hand", "hand", ("End of hand: special hand", "Fin de la mano: mano especial"),
         ("A special hand laid down ends the hand.", "Bajar una mano especial termina la mano."),
         ("{player} laid down a special hand: the hand is over and {side} scores it instead of "
          "everything else.",
          "{player} bajó una mano especial: la mano termina y {side} se anota su valor en lugar de "
          "todo lo demás.")),
    Rule("score.wild-canasta", "score", ("Wild-card canasta", "Canasta de comodines"),
         ("A canasta of wild cards scores {canasta_twos} when all 2s, {canasta_jokers} with all "
          "four jokers, {canasta_wild} otherwise.",
          "Una canasta de comodines vale {canasta_twos} si es toda de doses, {canasta_jokers} con "
          "los cuatro comodines, {canasta_wild} en otro caso."),
         ("Canasta of wild cards, {what} ({size} cards): {points}.",
          "Canasta de comodines, {what} ({size} cartas): {points}.")),
    Rule("score.incomplete", "score", ("Incomplete special melds", "Canastas incompletas"),
         ("A clean meld of aces or of sevens short of seven cards costs {incomplete_special}; a meld "
          "of wild cards short of seven costs {incomplete_wild}.",
          "Un juego de as limpio o de siete con menos de siete cartas resta {incomplete_special}; uno "
          "de comodines con menos de siete resta {incomplete_wild}."),
         ("Incomplete meld {what} ({size} cards): {points}.",
          "Juego {what} incompleto ({size} cartas): {points}.")),
    Rule("score.aces-sevens", "score", ("Aces or sevens kept", "Ases o sietes en la mano"),
         ("Three or more aces, or three or more sevens, left in one player's hand cost "
          "{held_aces_sevens}.",
          "Tres o más ases, o tres o más sietes, en la mano de un jugador restan {held_aces_sevens}."),
         ("{player} kept {count} cards of {rank}: {points}.",
          "{player} se quedó con {count} cartas de {rank}: {points}.")),
    Rule("score.threes", "score", ("Threes", "Tres"),
         ("Threes laid down score by colour and count (1: 100, 2: 300, 3: 500, 4: 1000): against a "
          "pair with no canasta, nothing with one, for it with two or more.",
          "Los tres bajados puntúan por color y cantidad (1: 100, 2: 300, 3: 500, 4: 1000): en contra "
          "sin canasta, nada con una, a favor con dos o más."),
         ("{count} {colour} three(s) {cards}: {points} ({why}).",
          "{count} tres {colour} {cards}: {points} ({why}).")),
    Rule("score.meld-cards-negative", "score", ("Meld cards without a canasta",
                                                 "Cartas bajadas sin canasta"),
         ("Without a canasta, the cards in a pair's melds count against it.",
          "Sin canasta, las cartas bajadas de la pareja restan."),
         ("Cards in melds count against {side}, which has no canasta: {points} ({detail}).",
          "Las cartas bajadas restan a {side}, que no tiene canasta: {points} ({detail}).")),
    Rule("score.special-hand", "score", ("Special hand", "Mano especial"),
         ("A special hand scores straight {straight}, pairs {pairs}, pairs with 2s, 7s and aces "
          "{pairs_twos}, garbage {garbage}, instead of every other line.",
          "Una mano especial vale: straight {straight}, pares {pairs}, pares con dos, siete y as "
          "{pairs_twos}, pozo {garbage}, en lugar de todo lo demás."),
         ("{player} laid down a special hand, {hand}: {points} instead of every other line.",
          "{player} bajó una mano especial, {hand}: {points} en lugar de todo lo demás.")),
):
    register(_rule)


_STOCK_END = ("Si no hay ningún cierre, el juego termina cuando un jugador necesita comprar una "
              "carta de la pila mientras no hay cartas en ella.")
_STOCK_NOTE = ("decided: a player who may take the pozo does not need the stock, so the hand ends "
               "only when the player to move cannot take the pozo, or chooses the stock; pagat.com, "
               "Modern American Canasta: 'As soon as a player is entitled to draw from the stock "
               "and chooses to do so, but there is no card in the stock, the play ends'")

SOURCES: dict[str, Source] = {
    "deal.hands": _seed("Distribución - trece cartas a cada participante más dos pilas extra llamadas "
                        "Alas, una con cuatro y una con tres cartas",
                        "four players in two pairs, partners opposite: \"Cuatro personas participan "
                        "del juego, formando dos parejas, que tienen que sentarse en posiciones "
                        "alternativas\"; 108 cards: \"dos de 52 cartas y cuatro comodines\""),
    "deal.alas": _seed("Distribución - trece cartas a cada participante más dos pilas extra llamadas "
                       "Alas, una con cuatro y una con tres cartas",
                       "no upcard: the seed's \"Si el pozo está vacío\" and playonlinecanasta.com "
                       "\"At the beginning of the game there will not be a discard\" (RULES_NOTES "
                       "§2.1 #3)"),
    "hoyo.left": _seed("Después de salir del hoyo, el jugador agarra una de las alas y la coloca "
                       "frente a él. En su próxima ronda, esta ala será añadida a su mano. El primero "
                       "en salir del hoyo recibe el ala de cuatro cartas.",
                       "so the second pair out gets the ala of three; an ala not yet added when the "
                       "hand ends is not scored (it never reached the hand)"),
    "ala.added": _seed("En su próxima ronda, esta ala será añadida a su mano.",
                       "added at the start of the holder's next turn, before the draw"),
    "turn.order": _seed("Después de tirar la carta, va a jugar el jugador a la izquierda del primero "
                        "y así sucesivamente, hasta el término del partido."),
    "turn.already-drew": _seed("Existe la posibilidad de elegir entre comprar una carta de la pila o "
                               "todas las cartas del pozo."),
    "turn.draw-first": _seed("Después de cada compra, el jugador podrá descargar una combinación de "
                             "cartas - juego - antes de descartar (tirar) una carta de su mano.",
                             "threes alone may go down before the draw (\"Juego de Tres\")"),
    "draw.stock": _seed("La mano compra una carta del mazo (la pila formada por las cartas que "
                        "sobraron después del reparto) o del pozo"),
    "pile.empty": _engine("there is nothing to take"),
    "pile.depth": _seed("Existe la posibilidad de elegir entre comprar una carta de la pila o todas "
                        "las cartas del pozo."),
    "pile.top-wild": _seed("En lugar de comprar una carta de la pila, el jugador puede compar todas las "
                           "cartas del pozo si la carta superior del pozo no es un comodín o un tres."),
    "pile.top-three": _seed("En lugar de comprar una carta de la pila, el jugador puede compar todas "
                            "las cartas del pozo si la carta superior del pozo no es un comodín o un "
                            "tres."),
    "pile.use-top": _seed("Para hacerlo, el jugador debe jugar un juego que contenga la carta superior "
                          "y al menos dos cartas del mismo número que estén en la mano del jugador.",
                          "never onto a meld without two from the hand: the pile is always 'frozen' "
                          "(RULES_NOTES §2.1 #12); wild cards may join within the común limits"),
    "pile.meld-full": _seed("Si el jugador ya tiene un juego del número en la carta superior del pozo, "
                            "él solo puede compra el pozo si este juego tiene menos de cinco cartas, "
                            "ya que no lo es permitido hacer juegos con más de siete cartas."),
    "pile.extra-only-opening": _seed("Para salir del hoyo, es necesario que uno de los jugadores baje, "
                                     "en un solo turno, las cartas que alcanzan un valor mínimo de "
                                     "puntos.",
                                     "the engine lays the melds that leave the hoyo down in one "
                                     "action, with the pile's card when it is taken"),
    "pile.take": _seed("Para hacerlo, el jugador debe jugar un juego que contenga la carta superior y "
                       "al menos dos cartas del mismo número que estén en la mano del jugador."),
    "meld.min-cards": _seed("Juego común - un conjunto de, al menos, tres cartas, colocadas boca "
                            "arriba en la mesa, cuyo número es 4, 5, 6, 8, 9, 10, jack, reina, rey o "
                            "as."),
    "meld.same-rank": _seed("Todos deben ser del mismo número o comodines.",
                            "no sequences (Wikipedia 'US American Canasta': sequences are not legal "
                            "melds)"),
    "meld.wild-limit": _seed("Un juego debe contener al menos siete cartas, al menos dos cartas que no "
                             "sean comodines y como máximo dos comodines."),
    "meld.max-size": _seed("ya que no lo es permitido hacer juegos con más de siete cartas",
                           "\"al menos siete cartas\" is read as at most seven: a meld has 3 to 7 "
                           "cards and a canasta exactly 7 (RULES_NOTES A1, A2)"),
    "meld.special": _seed("Un juego especial no puede contener comodines; Si se hace un juego de as "
                          "para salir del hoyo, este podrá contener comodines, pero será considerado "
                          "un juego común para todos los efectos.",
                          "aces are special unless melded with wild cards while leaving the hoyo "
                          "(RULES_NOTES A3); a clean ace meld never takes wild cards later"),
    "meld.wilds": _seed("Juego de Comodines - un juego que contiene entre tres y siete comodines en "
                        "cualquier combinación.",
                        "one meld of wild cards per pair, like one meld per rank"),
    "meld.threes": _seed("Juego de Tres - un jugador puede bajar cualquiera de los tres que tiene sobre "
                         "la mesa, antes o después de realizar su compra. Después de eso, el jugador "
                         "debe tomar una carta de la pila para reemplazar cada tres bajado. Este "
                         "juego no cuenta para salir del hoyo.",
                         "\"sobre la mesa\" read as in the hand (RULES_NOTES A5); laying them is "
                         "optional (A12); they go down alone, and only while the stock can replace "
                         "each one (keeping one card for the draw still due) — a gap"),
    "threes.replaced": _seed("Después de eso, el jugador debe tomar una carta de la pila para "
                             "reemplazar cada tres bajado."),
    "meld.valid": _seed("Comodines - las cartas de número dos y los comodines se pueden agregar a un "
                        "juego de cualquier número, sujeto a las otras reglas"),
    "meld.rank-exists": _seed("No es posible tener dos juegos diferentes del mismo número; Si esto "
                              "sucede, los dos juegos se deben unir en uno.",
                              "the engine never lets two arise: cards of a rank the pair holds go onto "
                              "its meld (add)"),
    "meld.one-at-a-time": _seed("Después de cada compra, el jugador podrá descargar una combinación "
                                "de cartas - juego - antes de descartar (tirar) una carta de su mano.",
                                "several melds in one action only to leave the hoyo together"),
    "meld.ok": _seed("Después de cada compra, el jugador podrá descargar una combinación de cartas - "
                     "juego - antes de descartar (tirar) una carta de su mano."),
    "meld.canasta": _seed("Canasta - Juego de siete cartas o más.",
                          "exactly seven, since no meld exceeds seven (RULES_NOTES A2)"),
    "add.target": _seed("Comodines - las cartas de número dos y los comodines se pueden agregar a un "
                        "juego de cualquier número, sujeto a las otras reglas",
                        "cards go only onto a meld of the player's own pair"),
    "add.ok": _seed("Comodines - las cartas de número dos y los comodines se pueden agregar a un juego "
                    "de cualquier número, sujeto a las otras reglas"),
    "hand.has-cards": _engine("a player plays only the cards in the hand"),
    "open.threshold": _seed("Abajo de 3000 puntos 125 puntos Desde 3000 hasta 4995 puntos 155 puntos "
                            "5000 o más puntos 180 puntos",
                            "a negative score is below 3000, so 125"),
    "open.minimum": _seed("Para contar el número de puntos, se utilizan los valores de las cartas "
                          "descargadas.",
                          "the pile's top card counts (the truncated \"…permitido usar la carta de "
                          "la parte superior del pozo para salir del hoyo\" read as allowed, "
                          "RULES_NOTES A4); threes never count (value 0)"),
    "out.needs-canasta": _seed("Para cerrar, uno necesita al menos dos canastas.",
                               "every completed canasta counts: común, especial or of wild cards "
                               "(RULES_NOTES A14)"),
    "out.went-out": _seed("Para cerrar, uno necesita al menos dos canastas."),
    "out.must-discard": _seed("No está permitido cerrar sin descartar, a menos que el jugador descargue "
                              "una Mano Especial."),
    "out.answer-first": _engine("there is no partner question in this variant"),
    "out.ask-partner-none": _engine("the seed has no partner question: nobody asks before going out"),
    "discard.ok": _seed("Descartar significa que ha terminado su jugada y está pasando el turno."),
    "discard.out": _seed("Cierre - cuando se termina las cartas de la mano. La última carta debe ser "
                         "obligatoriamente descartada."),
    "discard.three": _seed("Solo se permite descartar cartas de número tres para cerrar",
                           "read as: a three may be discarded only as the going-out card "
                           "(RULES_NOTES A6); a gap decided: a hand of nothing but threes with an "
                           "empty stock may discard one, since nothing else can leave it"),
    "discard.wild": _seed("los comodines solo se los pueden tirar caso se va a cerrar un juego o caso "
                          "todas las cartas en la mano del jugador sean comodines o tres.",
                          "\"cerrar un juego\" = going out (RULES_NOTES A13)"),
    "discard.empty-pile": _seed("Si el pozo está vacío, solo se permite descartar cartas de as y siete "
                                "si estas san las únicas cartas que no son ni comodín ni número tres "
                                "en la mano del jugador."),
    "special.hand": _seed("Si un jugador tiene en su mano una combinación de 14 cartas como se describe "
                          "a continuación, puede descargar todas las cartas de su mano y finalizar "
                          "automáticamente el juego.",
                          "straight = A to K and a joker; pairs = seven ranks, no threes, no jokers "
                          "(\"comodines\" there = jokers, so 2s only with 7s and aces, RULES_NOTES "
                          "A8); garbage (\"Pozo\", renamed, A9) = two fours and two threes of a kind "
                          "of four ranks, jokers excluded (a gap: the seed names no other limit); "
                          "laid after the draw with exactly 14 cards, whatever they hold; a three "
                          "may be held (A12). Decided: it is the player's first meld of the hand "
                          "(threes aside): 'su mano' is the hand as dealt and drawn, so a player "
                          "who has melded, or took an ala by leaving the hoyo, lays none down"),
    "end.went-out": _seed("Cierre - cuando se termina las cartas de la mano. La última carta debe ser "
                          "obligatoriamente descartada."),
    "end.special-hand": _seed("puede descargar todas las cartas de su mano y finalizar "
                              "automáticamente el juego."),
    "end.stock-exhausted": _seed(_STOCK_END, _STOCK_NOTE + "; here the player cannot take the pozo"),
    "end.pile-declined": _seed(_STOCK_END, _STOCK_NOTE + "; here the player passes, which is choosing "
                               "the empty stock"),
    "draw.stock-empty": _seed(_STOCK_END, _STOCK_NOTE),
    "turn.pass": _seed(_STOCK_END, _STOCK_NOTE + "; 'pass' is the engine's word for choosing the "
                       "empty stock"),
    "score.going-out": _seed("Cierre: +100 puntos"),
    "score.canasta": _seed("Canasta Limpia: +500 puntos cada uno Canasta Sucia: +300 puntos cada una "
                           "Canasta especial (limpia, de as o siete) +2500 puntos cada una"),
    "score.wild-canasta": _seed("Canasta de Dos (sin comodín): +3000 puntos Canasta de Comodines (que "
                                "contiene los 4 comodines): +2500 puntos Canasta de Comodines (otra "
                                "combinación): +2000 puntos"),
    "score.incomplete": _seed("Juego de as limpio con menos de siete cartas: -2500 puntos Juego de siete "
                              "con menos de siete cartas: -2500 puntos Juego de comodines con menos de "
                              "siete cartas: -2000 puntos",
                              "the penalty comes on top of the cards' values (canasta.com: penalties "
                              "are in the base score, cards in the count)"),
    "score.aces-sevens": _seed("si hay tres o más cartas as en la mano de un jugador: -1500 puntos Tres "
                               "o más cartas siete en la mano de un jugador: -1500 puntos",
                               "per player and per rank, on top of the cards' values"),
    "score.threes": _seed("Negativa, si la pareja no tiene canasta; Ignorada, si la pareja tiene solo "
                          "una canasta; Positivo, si la pareja tiene dos o más canastas.",
                          "per colour: 1 → 100, 2 → 300, 3 → 500, 4 → 1000 (\"Un tres rojo: 100 "
                          "puntos … Cuatro tres negros: 1000 puntos\"); only threes laid down count, "
                          "a three kept in hand has no value (a gap, RULES_NOTES A6)"),
    "score.meld-cards": _seed("Si la pareja tiene al menos una canasta, los valores de todas las cartas "
                              "descargadas en los juegos se suman y se las añade a su puntuación.",
                              "values: joker 50, A and 2 20, K to 8 10, 7 to 4 5; threes none"),
    "score.meld-cards-negative": _seed("Si la pareja tiene al menos una canasta, los valores de todas "
                                       "las cartas descargadas en los juegos se suman y se las añade "
                                       "a su puntuación. De lo contrario, este valor será restado."),
    "score.hand-cards": _seed("y disminuyendo el valor de las cartas en manos del compañero.",
                              "both partners' hands count (the player who went out has none; "
                              "RULES_NOTES A7)"),
    "score.special-hand": _seed("Si un jugador descarga una mano especial, las reglas de puntuación "
                                "anteriores se ignoran y la puntuación de la pareja según el tipo de "
                                "mano descargada será:",
                                "straight 3000, pairs 2500, pairs with 2s, 7s and aces 2000, garbage "
                                "2000; the other pair scores as usual (a gap, RULES_NOTES A11)"),
    "score.total": _seed("Se obtiene la puntuación de la pareja sumando las bonificaciones y "
                         "penalizaciones que se hayan ganado durante el juego"),
    "game.end": _seed("El juego termina cuando al menos una pareja tiene más de 8500 puntos, sumados a "
                      "las puntuaciones de todos los partidos. Gana la pareja con la puntuación más "
                      "alta.",
                      "more than 8500: exactly 8500 does not end the game (RULES_NOTES A10); a tie "
                      "at the top plays another hand"),
    "game.over": _engine("no action follows the end of the game"),
    "hand.over": _engine("a finished hand waits for the next deal"),
    "hand.next": _std("The deal passes to the left after each hand.", "the seed is silent"),
    "hand.in-progress": _engine("a new hand is dealt only when the current one is over"),
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

    def canasta_kind(self, meld: TableMeld) -> str | None:
        if meld.size < self.canasta_size or meld.kind not in ("group", "wilds"):
            return None
        if meld.kind == "wilds":
            return "wild"
        if is_special(meld):
            return "special"
        return "mixed" if meld.wilds else "natural"

    def canasta_bonus(self, meld: TableMeld) -> int:
        kind = self.canasta_kind(meld)
        if kind == "wild":
            jokers = sum(1 for c in meld.cards if c.is_joker)
            return self.canasta_twos if jokers == 0 else (
                self.canasta_jokers if jokers == 4 else self.canasta_wild)
        return {"natural": self.canasta_natural, "mixed": self.canasta_mixed,
                "special": self.canasta_special}.get(kind or "", 0)

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
        if not out or any(h in state.sides[side] for h in holders) or -1 not in holders:
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
    def candidate_melds(self, state: State, hand: Sequence[Card]) -> list[tuple[Card, ...]]:
        return americana_moves.candidate_melds(state, hand)

    def take_candidates(self, state: State) -> list[Action]:
        return americana_moves.take_candidates(state)

    def add_candidates(self, state: State) -> list[Action]:
        return americana_moves.add_candidates(state)


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
