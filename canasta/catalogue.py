"""The rule catalogue: every rule id the engine emits, with its names, texts and message templates.

Texts may name variant parameters in braces (``{canasta_size}``); :func:`rules` fills them in
for a variant and attaches the variant's source for each rule.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .explain import Source

if TYPE_CHECKING:
    from .variant import Variant


@dataclass(frozen=True)
class Rule:
    """A catalogue entry: stable id, group, names, texts and message templates (en/es)."""

    id: str
    group: str
    name: tuple[str, str]
    text: tuple[str, str]
    ok: tuple[str, str]
    no: tuple[str, str] = ("", "")


@dataclass(frozen=True)
class RuleEntry:
    """A rule as it applies in one variant: its texts filled in and its source."""

    rule: Rule
    text_en: str
    text_es: str
    source: Source | None

    @property
    def id(self) -> str:
        return self.rule.id

    @property
    def name(self) -> str:
        return self.rule.name[0]


_RULES: dict[str, Rule] = {}
GROUPS = ("deal", "turn", "draw", "pile", "meld", "open", "out", "threes", "hand", "score", "game")


def _r(id: str, group: str, name: tuple[str, str], text: tuple[str, str], ok: tuple[str, str],
       no: tuple[str, str] = ("", "")) -> None:
    if id in _RULES:
        raise ValueError(f"duplicate rule id {id}")
    _RULES[id] = Rule(id, group, name, text, ok, no)


def register(rule: Rule) -> None:
    """Add a rule (variant modules call this for rules only they use)."""
    if rule.id in _RULES and _RULES[rule.id] != rule:
        raise ValueError(f"duplicate rule id {rule.id}")
    _RULES[rule.id] = rule


def template(rule_id: str, allowed: bool, lang: str) -> str:
    r = _RULES.get(rule_id)
    if r is None:
        return rule_id
    pair = r.ok if allowed or not r.no[0] else r.no
    return pair[1] if lang == "es" else pair[0]


def rule_name(rule_id: str, lang: str = "en") -> str:
    r = _RULES.get(rule_id)
    return (r.name[1] if lang == "es" else r.name[0]) if r else rule_id


def all_rules() -> dict[str, Rule]:
    return dict(_RULES)


def rules(variant: Variant | str) -> list[RuleEntry]:
    """The rules of a variant, grouped in play order, with the variant's texts and sources."""
    from .registry import find_variant

    v = find_variant(variant) if isinstance(variant, str) else variant
    params = {f.name: getattr(v, f.name) for f in dataclasses.fields(v)}
    out = []
    for rid in v.rule_ids():
        r = _RULES[rid]
        out.append(RuleEntry(r, _fill(r.text[0], params), _fill(r.text[1], params), v.source(rid)))
    order = {g: i for i, g in enumerate(GROUPS)}
    out.sort(key=lambda e: (order.get(e.rule.group, 99), e.id))
    return out


class _Params(dict):  # type: ignore[type-arg]
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _fill(text: str, params: dict[str, object]) -> str:
    return text.format_map(_Params(params))


# ---- deal -------------------------------------------------------------------------------
_r("deal.hands", "deal", ("Deal", "Reparto"),
   ("Each player is dealt {cards_dealt} cards from a pack of {decks} decks and {jokers} jokers.",
    "Cada jugador recibe {cards_dealt} cartas de {decks} barajas y {jokers} comodines."),
   ("Hand {hand}: {dealer} deals {count} cards to each of the {players} players; {first} plays first.",
    "Mano {hand}: {dealer} reparte {count} cartas a cada uno de los {players} jugadores; empieza {first}."))
_r("deal.upcard", "deal", ("Upcard", "Carta inicial"),
   ("The top card of the stock is turned face up to start the pile; a wild card or red three turned "
    "up is covered by another card and freezes the pile.",
    "La primera carta del mazo se pone boca arriba para empezar el montón; si es libre o tres rojo "
    "se cubre con otra y el montón queda congelado."),
   ("The pile starts with {card} face up (frozen: {frozen}).",
    "El montón empieza con {card} boca arriba (congelado: {frozen})."))
_r("threes.red-laid-out", "threes", ("Red threes", "Treses rojos"),
   ("A red three is never played: it is laid face up at once and replaced from the stock.",
    "Los treses rojos no se juegan: se ponen boca arriba en el acto y se roba una de reposición."),
   ("{player} lays the red three {card} face up and draws a replacement ({replacement}).",
    "{player} pone el tres rojo {card} boca arriba y roba una de reposición ({replacement})."))
# ---- turn --------------------------------------------------------------------------------
_r("turn.order", "turn", ("Turn order", "Orden de turno"),
   ("Players act only in their turn; play passes to the next seat.",
    "Cada jugador actúa solo en su turno; el turno pasa al siguiente asiento."),
   ("It is {turn}'s turn.", "Es el turno de {turn}."),
   ("{player} cannot '{action}' now: it is {turn}'s turn, and only the player whose turn it is may "
    "act (the pile can be taken only by the player who plays next).",
    "{player} no puede '{action}' ahora: es el turno de {turn}, y solo puede jugar quien tiene el "
    "turno (el montón solo se lo lleva quien juega a continuación)."))
_r("turn.already-drew", "turn", ("One draw per turn", "Un robo por turno"),
   ("A turn starts with one draw from the stock or one pickup of the pile.",
    "El turno empieza con un robo del mazo o llevándose el montón, una sola vez."),
   ("{player} may draw now.", "{player} puede robar ahora."),
   ("{player} has already drawn this turn: meld, add or discard now.",
    "{player} ya ha robado en este turno: ahora baja, añade o descarta."))
_r("turn.draw-first", "turn", ("Draw first", "Primero robar"),
   ("Nothing may be melded or discarded before the turn's draw.",
    "No se puede bajar ni descartar antes de robar."),
   ("{player} has drawn.", "{player} ya ha robado."),
   ("{player} must first draw from the stock or take the pile before '{action}'.",
    "{player} debe robar del mazo o llevarse el montón antes de '{action}'."))
_r("draw.stock", "draw", ("Draw from the stock", "Robar del mazo"),
   ("Draw {draw_count} card(s) from the stock instead of taking the pile.",
    "Roba {draw_count} carta(s) del mazo en lugar de llevarte el montón."),
   ("{player} draws {count} card(s) from the stock; {stock} remain.",
    "{player} roba {count} carta(s) del mazo; quedan {stock}."))
# ---- pile --------------------------------------------------------------------------------
_r("pile.empty", "pile", ("Empty pile", "Montón vacío"),
   ("An empty pile cannot be taken.", "Un montón vacío no se puede llevar."),
   ("The pile has cards.", "El montón tiene cartas."),
   ("{player} cannot take the pile: it is empty.", "{player} no puede llevarse el montón: está vacío."))
_r("pile.depth", "pile", ("Whole pile from the top", "El montón entero desde arriba"),
   ("The pile is taken whole, starting from its top card.",
    "El montón se lleva entero, empezando por la carta de arriba."),
   ("{player} may take the pile down to card {depth}.",
    "{player} puede llevarse el montón hasta la carta {depth}."),
   ("{player} cannot take the pile at depth {depth}: only the top card can be used here "
    "(or the pile is not that deep).",
    "{player} no puede llevarse el montón desde la carta {depth}: aquí solo se usa la de arriba "
    "(o el montón no es tan alto)."))
_r("pile.blocked", "pile", ("Black three blocks", "El tres negro bloquea"),
   ("A black three on top of the pile blocks it: the next player cannot take it.",
    "Un tres negro encima del montón lo bloquea: el siguiente jugador no puede llevárselo."),
   ("The top card does not block the pile.", "La carta de arriba no bloquea el montón."),
   ("{player} cannot take the pile: the black three {top} on top blocks it for this turn.",
    "{player} no puede llevarse el montón: el tres negro {top} de arriba lo bloquea en este turno."))
_r("pile.top-wild", "pile", ("Wild on top", "Libre encima"),
   ("A pile topped by a wild card (or a red three) cannot be taken: its top card cannot be used.",
    "Un montón con una carta libre (o un tres rojo) encima no se puede llevar."),
   ("The top card can be used.", "La carta de arriba se puede usar."),
   ("{player} cannot take the pile: its top card {top} is wild and cannot be melded as the pile's card.",
    "{player} no puede llevarse el montón: la carta de arriba {top} es libre y no se puede bajar como carta del montón."))
_r("pile.frozen", "pile", ("Frozen pile", "Montón congelado"),
   ("The pile is frozen while it holds a wild card or a red three (and for a side that has not "
    "opened): then only a natural pair from the hand matching the top card takes it.",
    "El montón está congelado cuando contiene una carta libre o un tres rojo (y para la pareja que "
    "aún no ha bajado): entonces solo se lo lleva una pareja natural de la mano igual a la de arriba."),
   ("For {player}, the pile {status}: {how}.", "Para {player}, el montón {status}: {how}."),
   ("The pile is frozen for {player} because {why}: only a natural pair matching {top} from the hand takes it.",
    "El montón está congelado para {player} porque {why}: solo se lo lleva una pareja natural de {top} de la mano."))
_r("pile.use-top", "pile", ("Use the top card", "Usar la carta de arriba"),
   ("The pile is taken only to use its top card at once: melded with two cards of its rank from "
    "the hand, or added to a meld of the side.",
    "Solo te llevas el montón para usar su carta de arriba en el acto: bajándola con dos iguales de "
    "tu mano o añadiéndola a una combinación de tu pareja."),
   ("{player} can use {top}.", "{player} puede usar {top}."),
   ("{player} cannot use the top card {top} with {cards}: {why}.",
    "{player} no puede usar la carta {top} con {cards}: {why}."))
_r("pile.extra-only-opening", "pile", ("Extra melds with the pile", "Bajadas extra con el montón"),
   ("Other melds may go down together with the pile's card only to reach the opening minimum.",
    "Otras combinaciones se bajan junto con la carta del montón solo para llegar al mínimo de apertura."),
   ("{player} may add melds to reach the minimum.", "{player} puede bajar más para llegar al mínimo."),
   ("{player}'s side has already opened: take the pile first, then meld in separate actions.",
    "La pareja de {player} ya ha bajado: llévate el montón y baja después en acciones separadas."))
_r("pile.take", "pile", ("Take the pile", "Llevarse el montón"),
   ("Instead of drawing, take the whole pile by using its top card at once.",
    "En lugar de robar, llévate el montón entero usando en el acto su carta de arriba."),
   ("{player} takes the pile ({count} cards) and melds {meld} at once.",
    "{player} se lleva el montón ({count} cartas) y baja {meld} en el acto."))
_r("pile.freezes", "pile", ("A wild discard freezes", "Un descarte libre congela"),
   ("Discarding a wild card freezes the pile.", "Descartar una carta libre congela el montón."),
   ("{player} discards the wild {card}: the pile is now frozen; only a natural pair matching its top will take it.",
    "{player} descarta la libre {card}: el montón queda congelado; solo se lo llevará una pareja natural igual a la de arriba."))
_r("pile.blocks", "pile", ("A black three blocks", "Un tres negro bloquea"),
   ("Discarding a black three stops the next player from taking the pile.",
    "Descartar un tres negro impide al siguiente jugador llevarse el montón."),
   ("{player} discards the black three {card}: the next player cannot take the pile.",
    "{player} descarta el tres negro {card}: el siguiente jugador no puede llevarse el montón."))
# ---- melds -------------------------------------------------------------------------------
_r("meld.min-cards", "meld", ("Three or more", "Tres o más"),
   ("A new meld has at least {meld_min} cards.", "Una combinación nueva tiene al menos {meld_min} cartas."),
   ("The meld has enough cards.", "La combinación tiene cartas suficientes."),
   ("{cards} is {count} card(s): a new meld needs at least {need}.",
    "{cards} son {count} carta(s): una combinación nueva necesita al menos {need}."))
_r("meld.same-rank", "meld", ("Same rank, no runs", "Mismo valor, sin escaleras"),
   ("A meld is three or more cards of the same rank (wild cards aside); there are no runs.",
    "Una combinación son tres o más cartas del mismo valor (aparte de las libres); no hay escaleras."),
   ("The cards are of one rank.", "Las cartas son de un mismo valor."),
   ("{cards} mixes ranks {ranks}: a meld is one rank only (there are no runs in Canasta).",
    "{cards} mezcla los valores {ranks}: una combinación es de un solo valor (en la canasta no hay escaleras)."))
_r("meld.wild-limit", "meld", ("Wild-card limit", "Límite de cartas libres"),
   ("A meld holds at most {max_wilds} wild cards and at least {min_naturals} natural cards, "
    "and never more wild cards than natural ones.",
    "Una combinación lleva como mucho {max_wilds} cartas libres y al menos {min_naturals} naturales, "
    "y nunca más libres que naturales."),
   ("{cards}: {naturals} natural and {wilds} wild card(s), within the limit.",
    "{cards}: {naturals} naturales y {wilds} libre(s), dentro del límite."),
   ("{cards} breaks the wild-card limit: {why} (at most {max_wilds}, never more wild than natural).",
    "{cards} rompe el límite de libres: {why} (como mucho {max_wilds}, nunca más libres que naturales)."))
_r("meld.black-threes", "meld", ("Black threes", "Treses negros"),
   ("Black threes are melded only when going out, three or four of them, without wild cards.",
    "Los treses negros solo se bajan al salir, tres o cuatro, sin cartas libres."),
   ("{cards}: black threes melded while going out.", "{cards}: treses negros bajados al salir."),
   ("{cards} cannot be melded: {why}.", "{cards} no se puede bajar: {why}."))
_r("meld.max-size", "meld", ("Meld size", "Tamaño de la combinación"),
   ("No meld may hold more than {max_meld_size} cards.", "Ninguna combinación puede tener más de {max_meld_size} cartas."),
   ("The meld is within the size limit.", "La combinación está dentro del tamaño."),
   ("{cards} would be {count} cards: no meld may have more than {most}.",
    "{cards} tendría {count} cartas: ninguna combinación puede tener más de {most}."))
_r("meld.valid", "meld", ("Valid meld", "Combinación válida"),
   ("A meld that keeps every meld rule.", "Una combinación que cumple todas las reglas."),
   ("{cards} is a valid meld of {rank}: {naturals} natural, {wilds} wild.",
    "{cards} es una combinación válida de {rank}: {naturals} naturales, {wilds} libres."))
_r("meld.rank-exists", "meld", ("One meld per rank", "Una combinación por valor"),
   ("A side has at most one meld of each rank; more cards of that rank are added to it.",
    "Una pareja tiene como mucho una combinación de cada valor; las demás cartas se añaden a ella."),
   ("No meld of that rank yet.", "Aún no hay combinación de ese valor."),
   ("{player}'s side already has (or is making) a meld of {rank}: add the cards to it instead.",
    "La pareja de {player} ya tiene (o está bajando) una combinación de {rank}: añade las cartas a ella."))
_r("meld.one-at-a-time", "meld", ("One meld per action", "Una combinación por acción"),
   ("Several melds go down in one action only as a side's first melds (to reach the minimum together); "
    "afterwards, meld them one by one.",
    "Varias combinaciones en una sola acción solo como primera bajada de la pareja (para sumar el "
    "mínimo); después se bajan de una en una."),
   ("One meld.", "Una combinación."),
   ("{player}'s side has already opened: lay the {count} melds down one at a time.",
    "La pareja de {player} ya ha bajado: baja las {count} combinaciones de una en una."))
_r("meld.ok", "meld", ("Meld", "Bajar"),
   ("Lay down new melds from the hand.", "Baja combinaciones nuevas de la mano."),
   ("{player} melds {melds} ({points} points in cards).", "{player} baja {melds} ({points} puntos en cartas)."))
_r("meld.canasta", "meld", ("Canasta", "Canasta"),
   ("A meld of {canasta_size} or more cards is a canasta: natural without wild cards, mixed with them.",
    "Una combinación de {canasta_size} o más cartas es una canasta: limpia sin libres, sucia con ellas."),
   ("The meld of {meld} now has {size} cards: a {kind} canasta, worth {bonus} at the end of the hand.",
    "La combinación de {meld} tiene ya {size} cartas: una canasta {kind}, que vale {bonus} al final de la mano."))
_r("add.target", "meld", ("Add to a meld", "Añadir a una combinación"),
   ("Cards are added only to a meld your side already has.",
    "Solo se añaden cartas a una combinación que ya tenga tu pareja."),
   ("The meld exists.", "La combinación existe."),
   ("{player}'s side has no meld '{meld}' to add {cards} to.",
    "La pareja de {player} no tiene la combinación '{meld}' a la que añadir {cards}."))
_r("add.ok", "meld", ("Add to a meld", "Añadir a una combinación"),
   ("Melds belong to the side: either partner may add to them.",
    "Las combinaciones son de la pareja: cualquiera de los dos puede añadir."),
   ("{player} adds {cards} to the meld of {meld}, which now has {size} cards.",
    "{player} añade {cards} a la combinación de {meld}, que ahora tiene {size} cartas."))
_r("swap.off", "meld", ("Wild cards stay on the table", "El comodín se queda en la mesa"),
   ("A wild card on the table stays in its meld: it cannot be exchanged for a card of the hand.",
    "El comodín que está en la mesa se queda en su combinación: no se cambia por una carta de la "
    "mano."),
   ("A wild card on the table stays there.", "El comodín que está en la mesa se queda ahí."),
   ("{player} cannot swap {card} for {wild} in '{meld}': a wild card on the table stays there.",
    "{player} no puede cambiar {card} por {wild} en '{meld}': el comodín que está en la mesa se "
    "queda ahí."))
_r("hand.has-cards", "hand", ("Cards in hand", "Cartas en la mano"),
   ("A player plays only cards held in the hand.", "Solo se juegan cartas que tienes en la mano."),
   ("{player} holds {cards}.", "{player} tiene {cards}."),
   ("{player} does not hold {cards}.", "{player} no tiene {cards} en la mano."))
# ---- opening -----------------------------------------------------------------------------
_r("open.threshold", "open", ("Opening minimum by score", "Mínimo de apertura según puntuación"),
   ("The first melds of a side in a hand must be worth a minimum that rises with the side's score.",
    "Las primeras combinaciones de la pareja en una mano deben sumar un mínimo que sube con su puntuación."),
   ("{side} needs {need} to open because its score {score} {band}.",
    "A {side} le hacen falta {need} para abrir porque su puntuación {score} {band}."))
_r("open.minimum", "open", ("Opening minimum", "Mínimo de apertura"),
   ("The first melds of the hand, made together, must count at least the minimum in card values "
    "(bonuses do not count).",
    "Las primeras combinaciones de la mano, bajadas juntas, deben valer al menos el mínimo en valor "
    "de cartas (los bonos no cuentan)."),
   ("These melds count {total}: {detail}; {side} needs {need}, so they may go down.",
    "Estas combinaciones valen {total}: {detail}; a {side} le hacen falta {need}, así que se pueden bajar."),
   ("These melds count only {total}: {detail}; {side} needs {need} to open.",
    "Estas combinaciones solo valen {total}: {detail}; a {side} le hacen falta {need} para abrir."))
# ---- going out ---------------------------------------------------------------------------
_r("out.needs-canasta", "out", ("A canasta before going out", "Canasta antes de salir"),
   ("A player may get rid of the last card (or come down to one card to discard) only once the side "
    "has {canastas_to_go_out} canasta(s).",
    "Solo se puede dejar la mano vacía (o quedarse con una carta para descartarla) cuando la pareja "
    "tiene {canastas_to_go_out} canasta(s)."),
   ("{side} has {canastas} canasta(s): {player} may go out.",
    "Con {canastas} canasta(s) de {side}, {player} puede salir."),
   ("{player} cannot be left with {left} card(s): going out needs {need} canasta(s) and {side} has {canastas}.",
    "{player} no puede quedarse con {left} carta(s): para salir hacen falta {need} canasta(s) y {side} tiene {canastas}."))
_r("out.went-out", "out", ("Going out", "Salir"),
   ("Going out: the last card is melded or discarded once the side has its canasta(s).",
    "Salir: se baja o se descarta la última carta cuando la pareja tiene su canasta."),
   ("{player} goes out: {side} has {canastas} canasta(s), {need} needed.",
    "{player} sale: {side} tiene {canastas} canasta(s) y se necesita(n) {need}."))
_r("out.partner-said-no", "out", ("Partner said no", "El compañero dijo que no"),
   ("When the partner answers no, the player may not go out this turn.",
    "Si el compañero responde que no, no se puede salir en este turno."),
   ("The partner allowed going out.", "El compañero permitió salir."),
   ("{player} asked and the partner said no: no going out this turn.",
    "{player} preguntó y el compañero dijo que no: no se sale en este turno."))
_r("out.ask", "out", ("Ask partner", "Pedir permiso"),
   ("Before going out a player may ask the partner for permission, the only talk the rules allow; "
    "asking is optional, and a 'no' forbids going out this turn.",
    "Antes de salir se puede pedir permiso al compañero, la única conversación que permiten las "
    "reglas; es opcional, y un 'no' impide salir en este turno."),
   ("{player} asks {partner}: may I go out?", "{player} pregunta a {partner}: ¿puedo salir?"))
_r("out.ask-partner", "out", ("Partner's answer", "Respuesta del compañero"),
   ("The partner answers yes or no.", "El compañero responde sí o no."),
   ("{player} answers {asker}: {answer}.", "{player} responde a {asker}: {answer}."))
_r("out.ask-once", "out", ("Ask once", "Preguntar una vez"),
   ("The partner is asked at most once a turn.", "Se pregunta al compañero como mucho una vez por turno."),
   ("{player} may ask.", "{player} puede preguntar."),
   ("{player} has already asked {partner} this turn.", "{player} ya preguntó a {partner} en este turno."))
_r("out.ask-late", "out", ("Ask in time", "Preguntar a tiempo"),
   ("The partner is asked while the player still holds two cards or more, so that a 'no' can be obeyed.",
    "Se pregunta al compañero teniendo aún dos cartas o más, para poder cumplir un 'no'."),
   ("{player} may ask.", "{player} puede preguntar."),
   ("{player} can no longer ask {partner}: with one card left a 'no' could not be obeyed.",
    "{player} ya no puede preguntar a {partner}: con una sola carta no podría cumplir un 'no'."))
_r("out.ask-partner-none", "out", ("No partner to ask", "Sin compañero"),
   ("Only partnership games with this option have a partner to ask.",
    "Solo en juego por parejas con esta opción hay compañero a quien preguntar."),
   ("{player} may ask.", "{player} puede preguntar."),
   ("{player} has no partner to ask in this game.", "{player} no tiene compañero a quien preguntar en esta partida."))
_r("out.answer-first", "out", ("Answer first", "Primero la respuesta"),
   ("While a question to the partner is open, only the answer may come next.",
    "Mientras hay una pregunta al compañero, solo puede seguir la respuesta."),
   ("{player} answers.", "{player} responde."),
   ("{player} must answer yes or no to {asker} (and only after being asked).",
    "{player} debe responder sí o no a {asker} (y solo si le han preguntado)."))
# ---- discard -----------------------------------------------------------------------------
_r("discard.ok", "turn", ("Discard", "Descartar"),
   ("A turn ends with one card discarded onto the pile.",
    "El turno termina descartando una carta en el montón."),
   ("{player} discards {card}; {next} plays next.", "{player} descarta {card}; juega {next}."))
_r("discard.out", "out", ("Going out by discarding", "Salir descartando"),
   ("A player may go out by discarding the last card.", "Se puede salir descartando la última carta."),
   ("{player} discards the last card, {card}, and empties the hand.",
    "{player} descarta la última carta, {card}, y se queda sin cartas."))
# ---- end of hand and scoring -------------------------------------------------------------
_r("end.went-out", "hand", ("End of hand: going out", "Fin de la mano: cierre"),
   ("The hand ends when a player goes out.", "La mano termina cuando un jugador sale."),
   ("{player} went out: the hand is over and {side} scores the going-out bonus.",
    "{player} salió: la mano termina y {side} se anota el bono de cierre."))
_r("end.stock-exhausted", "hand", ("End of hand: no stock", "Fin de la mano: sin mazo"),
   ("The hand ends when a player must draw and the stock is empty; nobody scores for going out.",
    "La mano termina cuando un jugador debe robar y el mazo está vacío; nadie se anota el cierre."),
   ("{player} must draw but the stock is empty: the hand is over, with no going-out bonus.",
    "{player} debe robar pero el mazo está vacío: la mano termina sin bono de cierre."))
_r("score.going-out", "score", ("Going out bonus", "Bono por cerrar"),
   ("The side that goes out scores {going_out_bonus}.", "La pareja que cierra se anota {going_out_bonus}."),
   ("{player} went out: +{points}.", "{player} cerró: +{points}."))
_r("score.concealed", "score", ("Concealed going out", "Cierre de mano"),
   ("Going out in one turn without having melded before scores {concealed_bonus} more.",
    "Cerrar en un solo turno sin haber bajado antes suma {concealed_bonus} más."),
   ("{player} went out concealed (nothing melded before this turn): +{points}.",
    "{player} cerró de mano (sin haber bajado antes): +{points}."))
_r("score.canasta", "score", ("Canasta bonus", "Bono por canasta"),
   ("Each canasta scores a bonus: natural {canasta_natural}, mixed {canasta_mixed}.",
    "Cada canasta suma un bono: limpia {canasta_natural}, sucia {canasta_mixed}."),
   ("Canasta of {meld}, {kind} ({size} cards): {points}.", "Canasta de {meld}, {kind} ({size} cartas): {points}."))
_r("score.red-threes", "score", ("Red threes", "Treses rojos"),
   ("Each red three scores {red_three_bonus}, all four {red_threes_all_four}; they count against a "
    "side that has melded nothing.",
    "Cada tres rojo vale {red_three_bonus}, los cuatro {red_threes_all_four}; restan si la pareja no "
    "ha bajado nada."),
   ("{count} red three(s) {cards}: {points} ({why}).", "{count} tres(es) rojo(s) {cards}: {points} ({why})."))
_r("score.meld-cards", "score", ("Cards in melds", "Cartas bajadas"),
   ("The cards in a side's melds count their values.", "Las cartas de las combinaciones suman su valor."),
   ("Cards in melds: {points} ({detail}).", "Cartas en combinaciones: {points} ({detail})."))
_r("score.hand-cards", "score", ("Cards left in hand", "Cartas en la mano"),
   ("Cards left in a player's hand count against the side.",
    "Las cartas que quedan en la mano restan a la pareja."),
   ("{player} still holds {cards}: {points}.", "{player} se quedó con {cards}: {points}."))
_r("score.total", "score", ("Hand total", "Total de la mano"),
   ("A side's score for the hand is the sum of its lines.", "La puntuación de la mano es la suma de sus líneas."),
   ("{side} scores {points} this hand; total {score}.", "En esta mano {side} se anota {points}; total {score}."))
_r("game.end", "game", ("Game target", "Meta de la partida"),
   ("The game ends when a side reaches {target}; the highest total wins (a tie plays another hand).",
    "La partida acaba cuando una pareja llega a {target}; gana el total más alto (con empate se juega otra mano)."),
   ("{side} wins with {score} (target {target}).", "Gana {side} con {score} (meta {target})."))
_r("game.over", "game", ("Game over", "Partida terminada"),
   ("No action follows the end of the game.", "Después del final no hay más jugadas."),
   ("The game goes on.", "La partida sigue."),
   ("The game is over: '{action}' cannot be played.", "La partida ha terminado: no se puede jugar '{action}'."))
_r("hand.over", "hand", ("Hand over", "Mano terminada"),
   ("When a hand is over the only action is to deal the next one.",
    "Cuando termina una mano solo queda repartir la siguiente."),
   ("The hand goes on.", "La mano sigue."),
   ("Hand {hand} is over: '{action}' cannot be played; deal the next hand.",
    "La mano {hand} ha terminado: no se puede jugar '{action}'; reparte la siguiente."))
_r("hand.next", "hand", ("Next hand", "Siguiente mano"),
   ("After the count, the next hand is dealt by the next dealer.",
    "Tras la cuenta, reparte la siguiente mano el siguiente jugador."),
   ("Deal hand {hand}.", "Reparte la mano {hand}."))
_r("hand.in-progress", "hand", ("Hand in progress", "Mano en curso"),
   ("A new hand is dealt only when the current one is over.",
    "Solo se reparte una mano nueva cuando termina la actual."),
   ("The hand is over.", "La mano ha terminado."),
   ("Hand {hand} is still being played.", "La mano {hand} aún se está jugando."))
_r("action.unknown", "turn", ("Unknown action", "Acción desconocida"),
   ("Only the actions of the game may be played.", "Solo se pueden jugar las acciones del juego."),
   ("Known action.", "Acción conocida."),
   ("'{action}' is not an action of this game.", "'{action}' no es una acción de este juego."))
# ---- rules of expert play: red threes with the pile, the end of the stock, the partner's answer --
_r("threes.red-with-pile", "threes", ("Red threes in the pile", "Treses rojos del montón"),
   ("A red three taken with the pile is laid face up at once, with no replacement card.",
    "Un tres rojo que llega con el montón se pone boca arriba en el acto, sin carta de reposición."),
   ("{player} lays the red three {card}, taken with the pile, face up; no replacement is drawn.",
    "{player} pone boca arriba el tres rojo {card}, que venía en el montón; no roba reposición."))
_r("pile.top-red-three", "pile", ("Red three on top", "Tres rojo encima"),
   ("A pile topped by a red three cannot be taken: a red three is never melded.",
    "Un montón con un tres rojo encima no se puede llevar: un tres rojo nunca se baja."),
   ("The top card is not a red three.", "La carta de arriba no es un tres rojo."),
   ("{player} cannot take the pile: its top card {top} is a red three, which is never melded.",
    "{player} no puede llevarse el montón: la carta de arriba, {top}, es un tres rojo, y un tres "
    "rojo nunca se baja."))
_r("pile.one-card", "pile", ("One card against one card", "Una carta contra una carta"),
   ("A player holding a single card may not take a pile of a single card.",
    "Quien tiene una sola carta en la mano no puede llevarse un montón de una sola carta."),
   ("The pile or the hand has more than one card.", "El montón o la mano tienen más de una carta."),
   ("{player} holds a single card and the pile has a single card ({top}): it cannot be taken.",
    "{player} tiene una sola carta y el montón también ({top}): no se lo puede llevar."))
_r("draw.stock-empty", "draw", ("Empty stock", "Mazo vacío"),
   ("Once the stock is empty nobody draws: play goes on only while players take the pile.",
    "Con el mazo vacío ya no se roba: el juego sigue solo mientras alguien se lleva el montón."),
   ("The stock has cards.", "El mazo tiene cartas."),
   ("{player} cannot draw: the stock is empty. Take the pile, or pass to end play.",
    "{player} no puede robar: el mazo está vacío. Llévate el montón, o pasa para terminar el "
    "juego de la mano."))
_r("pile.must-take", "pile", ("Compulsory take", "Llevarse el montón es obligatorio"),
   ("Once the stock is empty, a player must take the pile when its top card goes onto a meld of "
    "the side.",
    "Con el mazo vacío, hay que llevarse el montón cuando su carta de arriba va a una combinación "
    "de la pareja."),
   ("The top card goes onto no meld of the side: the pile may be left.",
    "La carta de arriba no va a ninguna combinación de la pareja: se puede dejar el montón."),
   ("{player} must take the pile: the stock is empty and its top card {top} goes onto the side's "
    "meld of {meld}.",
    "{player} debe llevarse el montón: el mazo está vacío y su carta de arriba, {top}, va a la "
    "combinación de {meld} de su pareja."))
_r("turn.pass", "turn", ("Passing", "Pasar"),
   ("A player passes only to end play: when the stock is empty and the pile is not taken, or after "
    "drawing a red three as the stock's last card.",
    "Solo se pasa para terminar el juego de la mano: con el mazo vacío y sin llevarse el montón, o "
    "tras robar un tres rojo como última carta del mazo."),
   ("{player} passes: {why}.", "{player} pasa: {why}."),
   ("{player} cannot pass: {why}.", "{player} no puede pasar: {why}."))
_r("discard.last-red-three", "turn", ("No discard after the last red three",
                                      "Sin descarte tras el último tres rojo"),
   ("A player whose last draw from the stock was a red three may meld, but not discard; then play "
    "ends.",
    "Quien roba un tres rojo como última carta del mazo puede bajar, pero no descartar; después "
    "termina el juego de la mano."),
   ("{player} may discard.", "{player} puede descartar."),
   ("{player} drew a red three as the stock's last card: {player} may still meld, but not discard "
    "{card}; pass to end play.",
    "{player} robó un tres rojo como última carta del mazo: aún puede bajar, pero no descartar "
    "{card}; pasa para terminar el juego de la mano."))
_r("end.pile-declined", "hand", ("End of hand: pile not taken", "Fin de la mano: montón sin llevar"),
   ("With the stock empty, play ends when a player does not take the pile; nobody scores for going "
    "out.",
    "Con el mazo vacío, el juego termina cuando un jugador no se lleva el montón; nadie se anota el "
    "cierre."),
   ("The stock is empty and {player} does not take the pile: the hand is over, with no going-out "
    "bonus.",
    "El mazo está vacío y {player} no se lleva el montón: la mano termina sin bono de cierre."))
_r("end.last-red-three", "hand", ("End of hand: last card a red three",
                                  "Fin de la mano: última carta, un tres rojo"),
   ("Play ends when the stock's last card is a red three; nobody scores for going out.",
    "El juego termina cuando la última carta del mazo es un tres rojo; nadie se anota el cierre."),
   ("{player} drew the stock's last card, a red three, with none to replace it: the hand is over, "
    "with no going-out bonus.",
    "{player} robó la última carta del mazo, un tres rojo, sin otra que la reponga: la mano "
    "termina sin bono de cierre."))
_r("out.ask-unable", "out", ("Ask only to go out", "Preguntar solo para salir"),
   ("A player asks the partner only when able to go out this turn.",
    "Solo se pregunta al compañero cuando se puede salir en este turno."),
   ("{player} can go out this turn.", "{player} puede salir en este turno."),
   ("{player} cannot ask {partner}: {player} could not go out this turn (every card melded, or "
    "all but one to discard, with the canasta the side needs).",
    "{player} no puede preguntar a {partner}: no podría salir en este turno (bajar todas las "
    "cartas, o todas menos una para descartarla, con la canasta que necesita la pareja)."))
_r("out.partner-said-yes", "out", ("A yes binds", "Un sí obliga"),
   ("A player who asked and was told yes must go out this turn.",
    "Quien preguntó y recibió un sí debe salir en este turno."),
   ("{player} can still go out this turn.", "{player} aún puede salir en este turno."),
   ("{player} asked and the partner said yes, so {player} must go out this turn: {why}.",
    "{player} preguntó y el compañero dijo que sí, así que debe salir en este turno: {why}."))
