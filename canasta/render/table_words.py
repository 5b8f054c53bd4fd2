"""The words of the card table, its coach and its one-line turn summaries, in English and Spanish.

One module of labels, in the same (English, Spanish) pairs as :mod:`canasta.render.text`, so they
move together into per-language files. Keys ending in ``.you`` are the second-person forms (your
own turn: "You draw" / "Robas"); the others speak of a named player in the third person. The
words that differ by variant (the pile is *el montón* in the classic rules and *el pozo* in
Canasta Americana, Real and rioplatense) are looked up by variant name.
"""

from __future__ import annotations

from ..cards import ACE, JACK, JOKER, KING, QUEEN

# key -> (English, Spanish)
WORDS: dict[str, tuple[str, str]] = {
    # ---- the table ---------------------------------------------------------------------------
    "you": ("You", "Tú"),
    "your_hand": ("Your hand", "Tu mano"),
    "hand_n": ("{n} cards", "{n} cartas"),
    "stock": ("Stock", "Mazo"),
    "stock.aria": ("Stock, {n} cards. Draw a card", "Mazo, {n} cartas. Robar una carta"),
    "stock.empty": ("The stock is empty", "El mazo está vacío"),
    "pile.empty": ("empty", "vacío"),
    "pile.aria": ("{pile}, {n} cards, {top} on top. Take it", "{pile}, {n} cartas, {top} arriba. Llévatelo"),
    "pile.aria.empty": ("{pile}, empty", "{pile}, vacío"),
    "pile.card.aria": ("{card}, {depth} from the top. Take the pile down to it",
                       "{card}, {depth}.ª desde arriba. Llévate las cartas hasta ella"),
    "mark.frozen": ("frozen", "congelado"),
    "mark.frozen.why": ("only a natural pair of its top card takes it",
                        "solo se lo lleva un par natural de su carta de arriba"),
    "mark.blocked": ("blocked", "bloqueado"),
    "mark.blocked.why": ("a black three on top: nobody takes it this turn",
                         "un tres negro encima: nadie se lo lleva en este turno"),
    "mark.madre": ("pozo madre", "pozo madre"),
    "mark.madre.why": ("your side has not taken it yet this hand: a natural pair takes it",
                       "tu pareja aún no se lo ha llevado en esta mano: se lo lleva un par natural"),
    "mark.premiado": ("premiado", "premiado"),
    "mark.premiado.why": ("it holds a wild card: a natural pair takes it",
                          "tiene un comodín: se lo lleva un par natural"),
    "mark.tapado": ("tapado", "tapado"),
    "mark.tapado.why": ("a canasta of its top card's rank covers it: nobody takes it",
                        "una canasta del valor de su carta de arriba lo tapa: nadie se lo lleva"),
    "side": ("{names}", "{names}"),
    "your_side": ("Your side", "Tu pareja"),
    "you_alone": ("Your melds", "Tus combinaciones"),
    "score": ("{score} points", "{score} puntos"),
    "no_melds": ("no melds yet", "aún sin combinaciones"),
    "red_threes": ("Red threes", "Treses rojos"),
    "meld.aria": ("Meld of {label}: {cards}, {status}", "Combinación de {label}: {cards}, {status}"),
    "meld.aria.add": ("Meld of {label}: {cards}, {status}. Add the selected cards",
                      "Combinación de {label}: {cards}, {status}. Añadir las cartas elegidas"),
    "player.cards": ("{name}: {n} cards", "{name}: {n} cartas"),
    "player.to_move": ("{name} to move", "juega {name}"),
    "partner": ("partner", "compañero"),
    "opponent": ("opponent", "rival"),
    "hand_no": ("Hand {n}", "Mano {n}"),
    "status.draw": ("Your turn: draw from the stock or take the {pile}.",
                    "Te toca: roba del mazo o llévate el {pile}."),
    "status.play": ("Meld, add to your melds, then discard one card.",
                    "Baja, añade a tus combinaciones y descarta una carta."),
    "status.answer": ("Your partner asks whether to go out: answer.",
                      "Tu compañero pregunta si puede cerrar: responde."),
    "status.hand-over": ("The hand is over.", "La mano ha terminado."),
    "status.game-over": ("The game is over.", "La partida ha terminado."),
    "status.waiting": ("{name} is playing…", "{name} está jugando…"),
    "status.edit": ("Setting the table: choose a card, then click where it goes.",
                    "Preparando la mesa: elige una carta y pulsa donde va."),
    "card.aria": ("{card}", "{card}"),
    "card.selected": ("selected", "elegida"),
    "card.fresh": ("just drawn", "recién robada"),
    "fresh": ("new", "nueva"),
    # ---- buttons -----------------------------------------------------------------------------
    "btn.meld": ("Meld", "Bajar"),
    "btn.meld.tip": ("Lay the selected cards down as a new meld",
                     "Bajar las cartas elegidas como una combinación nueva"),
    "btn.discard": ("Discard", "Descartar"),
    "btn.discard.tip": ("Discard the selected card and end your turn",
                        "Descartar la carta elegida y acabar tu turno"),
    "btn.clear": ("Clear", "Quitar selección"),
    "btn.clear.tip": ("Unselect every card", "Quitar la selección"),
    "btn.hint": ("Hint", "Pista"),
    "btn.hint.tip": ("Suggest one move and say why", "Sugerir una jugada y decir por qué"),
    "btn.undo": ("↶ Undo", "↶ Deshacer"),
    "btn.undo.tip": ("Take back your last action (the bots' replies go with it)",
                     "Deshacer tu última jugada (y las respuestas de los bots)"),
    "btn.legal": ("What can I do now?", "¿Qué puedo hacer ahora?"),
    "btn.legal.tip": ("The legal actions, grouped by kind and counted",
                      "Las jugadas legales, agrupadas por tipo y contadas"),
    "btn.sort": ("Sort: by rank", "Orden: por valor"),
    "btn.sort.melds": ("Sort: melds first", "Orden: por combinaciones"),
    "btn.sort.tip": ("Sort your hand by rank, or group the cards that could make melds",
                     "Ordenar tu mano por valor, o agrupar las cartas que pueden formar juegos"),
    "btn.play": ("Play", "Jugar"),
    "btn.play.tip": ("Play the typed action", "Jugar la jugada escrita"),
    "typed": ("Type an action", "Escribe una jugada"),
    "typed.tip": ("e.g. draw · take pile with 7♥ 7♦ · meld K♠ K♥ K♣ · add 7♣ to 7 · discard 4♠",
                  "p. ej. robar · llevarse el montón con 7♥ 7♦ · bajar K♠ K♥ K♣ · añadir 7♣ a 7 · descartar 4♠"),
    "btn.do_hint": ("Do it", "Hacerlo"),
    "btn.do_hint.tip": ("Play the suggested move", "Jugar la jugada sugerida"),
    "act.next_hand": ("Next hand ▶", "Siguiente mano ▶"),
    "act.ask_partner": ("Ask your partner to go out", "Pedir permiso al compañero"),
    "act.answer_yes": ("Yes, go out", "Sí, adelante"),
    "act.answer_no": ("No, not yet", "No, todavía no"),
    "act.take_whole": ("Take the whole {pile}", "Llevarse todo el {pile}"),
    "act.pass": ("Pass (the hand ends)", "Pasar (termina la mano)"),
    # ---- what the widget itself says (not rules) ---------------------------------------------
    "need.one": ("Select exactly one card of your hand to discard.",
                 "Elige exactamente una carta de tu mano para descartarla."),
    "need.cards": ("Select the cards of your hand to meld first.",
                   "Elige primero las cartas de tu mano que quieres bajar."),
    "need.add": ("Select the cards of your hand to add to this meld first.",
                 "Elige primero las cartas de tu mano que quieres añadir a esta combinación."),
    "not_understood": ("Not understood", "No entendido"),
    "not_your_turn": ("It is not your turn.", "No es tu turno."),
    "nothing_to_undo": ("Nothing to undo yet.", "Aún no hay nada que deshacer."),
    "undone": ("Undone: back before your last action.", "Deshecho: vuelves a antes de tu última jugada."),
    "you_played": ("You played: {action}", "Has jugado: {action}"),
    "engine_said": ("Why", "Por qué"),
    "details": ("why?", "¿por qué?"),
    "log": ("What happened", "Lo que ha pasado"),
    "log.empty": ("Nothing yet: the hand has just been dealt.", "Nada aún: la mano acaba de repartirse."),
    "hint": ("Hint", "Pista"),
    "hint.level": ("the {level} bot's choice", "lo que elegiría el bot {level}"),
    "legal": ("What you can do now", "Lo que puedes hacer ahora"),
    "legal.count": ("{n} legal actions", "{n} jugadas legales"),
    "legal.more": ("… and {n} more", "… y {n} más"),
    "legal.count.many": ("more than {n} legal actions", "más de {n} jugadas legales"),
    "legal.more.many": ("… and many more", "… y muchas más"),
    "legal.none": ("No action is possible: it is not your turn.",
                   "No hay ninguna jugada posible: no es tu turno."),
    "result": ("End of the hand", "Fin de la mano"),
    # ---- the sandbox's editor -----------------------------------------------------------------
    "edit": ("✎ Set the table", "✎ Preparar la mesa"),
    "edit.tip": ("Put cards into places by clicking: a card of the pack, then a place",
                 "Colocar cartas pulsando: una carta de la baraja y luego un sitio"),
    "edit.done": ("✓ Done", "✓ Listo"),
    "edit.done.tip": ("Stop setting the table and try actions", "Dejar de preparar la mesa y probar jugadas"),
    "edit.pack": ("The pack: choose a card", "La baraja: elige una carta"),
    "edit.to_hand": ("Put it in your hand", "A tu mano"),
    "edit.to_pile": ("Put it on the pile", "Encima del montón"),
    "edit.to_new_meld": ("New meld of your side", "Nueva combinación de tu pareja"),
    "edit.to_their_meld": ("New meld of theirs", "Nueva combinación rival"),
    "edit.remove": ("Click a card on the table to take it back.",
                    "Pulsa una carta de la mesa para quitarla."),
    "edit.chosen": ("Chosen: {card}", "Elegida: {card}"),
    "edit.none": ("Choose a card of the pack first.", "Elige antes una carta de la baraja."),
    # ---- kinds of action, for "What can I do now?" -------------------------------------------
    "kind.Draw": ("Draw from the stock", "Robar del mazo"),
    "kind.TakePile": ("Take the {pile}", "Llevarse el {pile}"),
    "kind.Meld": ("Meld", "Bajar"),
    "kind.Add": ("Add to a meld", "Añadir a una combinación"),
    "kind.Swap": ("Swap a wild card", "Cambiar un comodín"),
    "kind.Discard": ("Discard", "Descartar"),
    "kind.AskPartner": ("Ask your partner", "Preguntar al compañero"),
    "kind.Answer": ("Answer your partner", "Responder al compañero"),
    "kind.NextHand": ("Next hand", "Siguiente mano"),
    "kind.Pass": ("Pass", "Pasar"),
    # ---- one line per turn ("Ada takes the pile and melds 8♦ 8♠ 8♣ · discards 4♥") ----------
    "sum.draw": ("{draws}", "{draws}"),
    "sum.draw.you": ("{draws}", "{draws}"),
    "sum.draw_n": ("draws {n} cards", "roba {n} cartas"),
    "sum.draw_n.you": ("draw {n} cards", "robas {n} cartas"),
    "sum.take": ("{takes} ({n})", "{takes} ({n})"),
    "sum.take.you": ("{takes} ({n})", "{takes} ({n})"),
    "sum.take_part": ("takes {n} of the {pile}", "se lleva {n} del {pile}"),
    "sum.take_part.you": ("take {n} of the {pile}", "te llevas {n} del {pile}"),
    "sum.lay": ("lays {card} on {target}", "pone {card} en {target}"),
    "sum.lay.you": ("lay {card} on {target}", "pones {card} en {target}"),
    "sum.meld": ("melds {cards}", "baja {cards}"),
    "sum.meld.you": ("meld {cards}", "bajas {cards}"),
    "sum.add": ("{adds} {cards} to {target}", "{adds} {cards} a {target}"),
    "sum.add.you": ("{adds} {cards} to {target}", "{adds} {cards} a {target}"),
    "sum.swap": ("swaps {card} for {wild} in {target}", "cambia {card} por {wild} en {target}"),
    "sum.swap.you": ("swap {card} for {wild} in {target}", "cambias {card} por {wild} en {target}"),
    "sum.discard": ("discards {card}", "descarta {card}"),
    "sum.discard.you": ("discard {card}", "descartas {card}"),
    "sum.ask": ("asks {partner} whether to {go_out}", "pregunta a {partner} si puede {go_out}"),
    "sum.ask.you": ("ask {partner} whether to {go_out}", "preguntas a {partner} si puedes {go_out}"),
    "sum.yes": ("answers yes", "responde que sí"),
    "sum.yes.you": ("answer yes", "respondes que sí"),
    "sum.no": ("answers no", "responde que no"),
    "sum.no.you": ("answer no", "respondes que no"),
    "sum.next": ("starts the next hand", "empieza la siguiente mano"),
    "sum.next.you": ("start the next hand", "empiezas la siguiente mano"),
    "sum.red_three": ("lays out {card}", "pone boca arriba {card}"),
    "sum.red_three.you": ("lay out {card}", "pones boca arriba {card}"),
    "sum.threes": ("draws {n} for the threes", "roba {n} por los treses"),
    "sum.threes.you": ("draw {n} for the threes", "robas {n} por los treses"),
    "sum.muerto": ("picks up the muerto", "recoge el muerto"),
    "sum.muerto.you": ("pick up the muerto", "recoges el muerto"),
    "sum.hoyo": ("leaves the hoyo", "sale del hoyo"),
    "sum.hoyo.you": ("leave the hoyo", "sales del hoyo"),
    "sum.ala": ("adds an ala ({n}) to the hand", "añade a la mano un ala ({n})"),
    "sum.ala.you": ("add an ala ({n}) to your hand", "añades a tu mano un ala ({n})"),
    "sum.special": ("lays down a special hand", "baja una mano especial"),
    "sum.special.you": ("lay down a special hand", "bajas una mano especial"),
    "sum.stock_out": ("the stock runs out", "se acaba el mazo"),
    "and": ("and", "y"),
    "n_cards": ("{n} cards", "{n} cartas"),
    "one_card": ("1 card", "1 carta"),
    # ---- the terminal ------------------------------------------------------------------------
    "cli.no-why": ("No bot has played since your last move.",
                   "Ningún bot ha jugado desde tu última jugada."),
    # ---- the coach ---------------------------------------------------------------------------
    "why.take.pair": ("Take the {pile}: {match} its top card {top} and the {pile} "
                      "holds {n} cards.",
                      "Llévate el {pile}: {match} su carta de arriba, {top}, y el {pile} "
                      "tiene {n} cartas."),
    "why.take.open": ("Take the {pile} and open: {match} its top card {top}, and with "
                      "{extra} you reach the {need} points your side needs ({points}).",
                      "Llévate el {pile} y abre: {match} su carta de arriba, {top}, y con "
                      "{extra} llegas a los {need} puntos que necesita tu pareja ({points})."),
    "why.take.onto": ("Take the {pile}: its top card {top} goes on your meld of {rank}, and the "
                      "{pile} holds {n} cards.",
                      "Llévate el {pile}: su carta de arriba, {top}, va a tu combinación de {rank}, y "
                      "el {pile} tiene {n} cartas."),
    "why.take.helps": ("Take the {pile}: its top card {top} fits a meld once it is in your hand, "
                       "and the {pile} holds {n} cards.",
                       "Llévate el {pile}: su carta de arriba, {top}, te sirve para una combinación, "
                       "y el {pile} tiene {n} cartas."),
    "why.take.deep": ("Take {n} cards of the {pile}: {match} the {top} there.",
                      "Llévate {n} cartas del {pile}: {match} el {top} que hay allí."),
    "why.draw.none": ("Draw from the stock: no pair of yours matches the {pile}'s top card {top}.",
                      "Roba del mazo: ningún par tuyo casa con la carta de arriba del {pile}, {top}."),
    "why.draw.empty": ("Draw from the stock: the {pile} is empty.",
                       "Roba del mazo: el {pile} está vacío."),
    "why.draw.blocked": ("Draw from the stock: your {pair} cannot take the {pile} now. {why}.",
                         "Roba del mazo: con tu {pair} no puedes llevarte el {pile} ahora. {why}."),
    "why.draw.useless": ("Draw from the stock: the {pile}'s top card {top} would not help you.",
                         "Roba del mazo: la carta de arriba del {pile}, {top}, no te ayudaría."),
    "why.meld.open": ("Meld {cards}: {points} points, enough for the {need} your side needs to open.",
                      "Baja {cards}: {points} puntos, suficientes para los {need} que necesita tu "
                      "pareja para abrir."),
    "why.meld": ("Meld {cards}: the cards go down on the table, where they count for your side "
                 "instead of against it.",
                 "Baja {cards}: las cartas pasan a la mesa, donde cuentan a favor de tu pareja y "
                 "no en contra."),
    "why.meld.canasta": ("Meld {cards}: that is already a canasta.",
                         "Baja {cards}: eso ya es una canasta."),
    "why.add.canasta": ("Add {cards} to your meld of {rank}: it becomes a canasta ({size} cards).",
                        "Añade {cards} a tu combinación de {rank}: se convierte en canasta "
                        "({size} cartas)."),
    "why.add.near": ("Add {cards} to your meld of {rank}: {size} cards, {short} short of a canasta.",
                     "Añade {cards} a tu combinación de {rank}: {size} cartas, a {short} de la "
                     "canasta."),
    "why.add": ("Add {cards} to your meld of {rank}: fewer cards in your hand, more on the table.",
                "Añade {cards} a tu combinación de {rank}: menos cartas en la mano y más en la mesa."),
    "why.discard.out": ("Discard the {card} and go out: it is your last card.",
                        "Descarta el {card} y cierra: es tu última carta."),
    "why.discard.keep_wild": ("Keep {wild}: discard the {card}, the least useful card (a single "
                              "worth {value}).",
                              "Guárdate {wild}: descarta el {card}, la carta que menos te sirve "
                              "(va suelta y vale {value})."),
    "why.discard.single": ("Discard the {card}, the least useful card: a single worth {value}.",
                           "Descarta el {card}, la carta que menos te sirve: va suelta y vale "
                           "{value}."),
    "why.discard.pair": ("Discard the {card}: every card left is in a pair or better, and this "
                         "one is worth least ({value}).",
                         "Descarta el {card}: todas tus cartas van al menos en pareja, y esta es "
                         "la que menos vale ({value})."),
    "why.discard.safe": ("Discard the {card}: your opponents have no meld of its rank to lay it "
                         "on, so it does not hand them the {pile}.",
                         "Descarta el {card}: tus rivales no tienen combinación de ese valor donde "
                         "ponerla, así que no les regalas el {pile}."),
    "why.discard.block": ("Discard the {card}: a black three blocks the {pile} for the next player.",
                          "Descarta el {card}: un tres negro bloquea el {pile} al siguiente "
                          "jugador."),
    "why.discard.wild": ("Discard the {card}: every other choice is worse.",
                         "Descarta el {card}: cualquier otra opción es peor."),
    "the_joker": ("the joker", "el comodín"),
    "the_card": ("the {card}", "el {card}"),
    "why.next": ("Start the next hand.", "Empieza la siguiente mano."),
    "why.ask": ("Ask your partner before going out: the rules let you ask once.",
                "Pregunta a tu compañero antes de cerrar: las reglas te dejan preguntar una vez."),
    "why.answer.yes": ("Answer yes: your side has what it needs to go out.",
                       "Responde que sí: tu pareja tiene lo que hace falta para cerrar."),
    "why.answer.no": ("Answer no: your side should keep playing.",
                      "Responde que no: a tu pareja le conviene seguir jugando."),
    "why.pass": ("Pass: play ends here, without a draw or a discard (the stock is empty and you "
                 "leave the discards, or your last draw was a red three).",
                 "Pasa: el juego de la mano termina aquí, sin robar ni descartar (el mazo está "
                 "vacío y dejas los descartes, o tu último robo fue un tres rojo)."),
    "why.only": ("{action}: the only legal action.", "{action}: la única jugada legal."),
    "why.random": ("{action}: chosen at random among the legal actions.",
                   "{action}: elegida al azar entre las jugadas legales."),
    "why.other": ("{action}.", "{action}."),
    "pair": ("pair of {rank}", "par de {rank}"),
    "match.pair": ("your pair of {rank} matches", "tu par de {rank} casa con"),
    "match.more": ("your {n} {rank} match", "tus {n} {rank} casan con"),
    "match.wild": ("your {cards} and {wilds} match", "tu {cards} y {wilds} casan con"),
    "match.wilds": ("your {cards} and {wilds} match", "tus {cards} y {wilds} casan con"),
    "wild.one": ("a wild card", "un comodín"),
    "wild.n": ("{n} wild cards", "{n} comodines"),
    # ---- bot levels --------------------------------------------------------------------------
    "level.random": ("random", "al azar"),
    "level.greedy": ("greedy", "codicioso"),
    "level.careful": ("careful", "prudente"),
}

# rank -> (English plural, Spanish plural), for "your pair of sevens" / "tu pareja de sietes"
RANK_PLURAL: dict[int, tuple[str, str]] = {
    ACE: ("aces", "ases"), 2: ("twos", "doses"), 3: ("threes", "treses"), 4: ("fours", "cuatros"),
    5: ("fives", "cincos"), 6: ("sixes", "seises"), 7: ("sevens", "sietes"), 8: ("eights", "ochos"),
    9: ("nines", "nueves"), 10: ("tens", "dieces"), JACK: ("jacks", "jotas"),
    QUEEN: ("queens", "reinas"), KING: ("kings", "reyes"), JOKER: ("jokers", "comodines"),
}

# How each variant's own text names the discard pile and the stock (English, Spanish).
PILE_WORD: dict[str, tuple[str, str]] = {
    "classic": ("pile", "montón"), "americana": ("pozo", "pozo"), "real": ("pozo", "pozo"),
    "individual": ("discard pile", "descarte"), "rioplatense": ("pozo", "pozo"),
}
PILE_TITLE: dict[str, tuple[str, str]] = {
    "classic": ("Pile", "Montón"), "americana": ("Pozo (pile)", "Pozo"),
    "real": ("Pozo (pile)", "Pozo"), "individual": ("Discard pile", "Descarte"),
    "rioplatense": ("Pozo (pile)", "Pozo"),
}
EXTRA_PILES: dict[str, tuple[str, str]] = {
    "alas": ("Alas (wing piles)", "Alas"), "muertos": ("Muertos", "Muertos"),
}
EXTRA_PILE_ONE: dict[str, tuple[str, str]] = {
    "alas": ("ala of {n} cards", "ala de {n} cartas"),
    "muertos": ("muerto of {side}: {n} cards", "muerto de {side}: {n} cartas"),
}


def tw(key: str, lang: str = "en", **fill: object) -> str:
    """The table word ``key`` in ``lang`` (English for any other language), ``{fields}`` filled."""
    en, es = WORDS[key]
    text = es if lang == "es" else en
    return text.format(**fill) if fill else text


def cards_n(n: int, lang: str = "en") -> str:
    """'1 card' / '9 cards' ('1 carta' / '9 cartas')."""
    return tw("one_card", lang) if n == 1 else tw("n_cards", lang, n=n)


def pick(pair: tuple[str, str], lang: str) -> str:
    return pair[1] if lang == "es" else pair[0]


def rank_plural(rank: int, lang: str = "en") -> str:
    """'sevens' / 'sietes'."""
    return pick(RANK_PLURAL[rank], lang)


def pile_word(variant_name: str, lang: str = "en") -> str:
    """The pile in the variant's own word, lower case: 'pile' / 'montón', 'pozo'."""
    return pick(PILE_WORD.get(variant_name, PILE_WORD["classic"]), lang)


def pile_title(variant_name: str, lang: str = "en") -> str:
    return pick(PILE_TITLE.get(variant_name, PILE_TITLE["classic"]), lang)

