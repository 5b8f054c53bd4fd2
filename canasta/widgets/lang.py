"""The language switch and the words of the widgets themselves (button captions, headings).

Messages about the game come from the engine's explanations in the chosen language; only the
widgets' own words live here.
"""

from __future__ import annotations

import os
from typing import Any
from urllib.parse import parse_qsl

import ipywidgets as widgets
import traitlets

WORDS: dict[str, tuple[str, str]] = {
    "first": ("◀◀ First", "◀◀ Inicio"),
    "prev": ("◀ Previous", "◀ Anterior"),
    "next": ("Next ▶", "Siguiente ▶"),
    "last": ("Last ▶▶", "Final ▶▶"),
    "first.tip": ("Go to the deal, before any action", "Ir al reparto, antes de cualquier jugada"),
    "prev.tip": ("Go back one action", "Retroceder una jugada"),
    "next.tip": ("Play the next action of the record", "Jugar la siguiente jugada del registro"),
    "last.tip": ("Go to the end of the record", "Ir al final del registro"),
    "step": ("Step {k} / {n}", "Paso {k} / {n}"),
    "slider": ("Step", "Paso"),
    "slider.tip": ("Move to any step of the record", "Ir a cualquier paso del registro"),
    "deal": ("The deal", "El reparto"),
    "action": ("Action", "Jugada"),
    "events": ("What happened next", "Lo que ocurrió después"),
    "comment": ("Why", "Motivo"),
    "slips": ("Where the printed text slips", "Donde el texto impreso se equivoca"),
    "slip": ("The text says: <code>{action}</code>", "El texto dice: <code>{action}</code>"),
    "changes": ("Changes made to the told story", "Cambios hechos a la historia contada"),
    "checks": ("Checked facts", "Hechos comprobados"),
    "hand": ("Your hand", "Tu mano"),
    "hand.tip": ("The cards in your hand, e.g. 7♥ 7♦ K♠ (or 7h 7d KS)",
                 "Las cartas de tu mano, p. ej. 7♥ 7♦ K♠ (o 7h 7d KS)"),
    "hand.ph": ("e.g. 7♥ 7♦ K♠ (or 7h 7d KS)", "p. ej. 7♥ 7♦ K♠ (o 7h 7d KS)"),
    "our_melds": ("Your side's melds", "Combinaciones de tu pareja"),
    "their_melds": ("Their melds", "Combinaciones rivales"),
    "our_melds.tip": ("Melds separated by '/', e.g. K♠ K♥ K♣ / 8♦ 8♠ 2♣",
                      "Combinaciones separadas por '/', p. ej. K♠ K♥ K♣ / 8♦ 8♠ 2♣"),
    "their_melds.tip": ("Melds separated by '/', e.g. 6♠ 6♥ 6♦ / Q♠ Q♥ Q♣",
                        "Combinaciones separadas por '/', p. ej. 6♠ 6♥ 6♦ / Q♠ Q♥ Q♣"),
    "our_melds.ph": ("e.g. K♠ K♥ K♣ / 8♦ 8♠ 2♣", "p. ej. K♠ K♥ K♣ / 8♦ 8♠ 2♣"),
    "their_melds.ph": ("e.g. 6♠ 6♥ 6♦ / Q♠ Q♥ Q♣", "p. ej. 6♠ 6♥ 6♦ / Q♠ Q♥ Q♣"),
    "our_threes": ("Your red threes", "Tus treses rojos"),
    "our_threes.ph": ("e.g. 3♥ 3♦", "p. ej. 3♥ 3♦"),
    "pile": ("Pile (bottom → top)", "Montón (abajo → arriba)"),
    "pile.tip": ("The discard pile from the bottom card to the top card",
                 "El montón de descartes desde la carta de abajo hasta la de arriba"),
    "pile.ph": ("bottom to top, e.g. 5♥ 2♣ 9♦", "de abajo arriba, p. ej. 5♥ 2♣ 9♦"),
    "our_score": ("Your side's score", "Puntos de tu pareja"),
    "their_score": ("Their score", "Puntos rivales"),
    "moment": ("When", "Cuándo"),
    "moment.draw": ("Start of my turn", "Al empezar mi turno"),
    "moment.play": ("After my draw", "Después de robar"),
    "moment.draw.tip": ("The player has not drawn yet this turn",
                        "El jugador aún no ha robado en este turno"),
    "moment.play.tip": ("The player has drawn (or taken the pile) and may meld and discard",
                        "El jugador ya robó (o se llevó el montón) y puede bajar y descartar"),
    "situation": ("Situation", "Situación"),
    "your_action": ("Your action", "Tu jugada"),
    "your_action.tip": ("e.g. take pile with 7♥ 7♦ · meld K♠ K♥ K♣ · add 7♣ to 7 · discard 4♠; "
                   "several actions separated by ';'",
                   "p. ej. tomar pozo con 7♥ 7♦ · bajar K♠ K♥ K♣ · añadir 7♣ a 7 · descartar 4♠; "
                   "varias jugadas separadas por ';'"),
    "your_action.ph": ("e.g. take pile with 7♥ 7♦; discard 4♠",
                       "p. ej. tomar pozo con 7♥ 7♦; descartar 4♠"),
    "ask": ("Ask the engine", "Preguntar al motor"),
    "ask.tip": ("Check the action against the rules, without changing anything",
                "Comprobar la jugada con las reglas, sin cambiar nada"),
    "hint": ("What can I do now?", "¿Qué puedo hacer ahora?"),
    "hint.tip": ("List every legal action, grouped by kind",
                 "Lista todas las jugadas legales, agrupadas por tipo"),
    "error": ("Not understood", "No entendido"),
    "legal": ("Legal actions", "Jugadas legales"),
    "play": ("Play", "Jugar"),
    "play.tip": ("Play the chosen legal action", "Jugar la jugada legal elegida"),
    "play_typed": ("Play typed action", "Jugar lo escrito"),
    "play_typed.tip": ("Play the action typed in the box", "Jugar la jugada escrita en el cuadro"),
    "undo": ("↶ Undo", "↶ Deshacer"),
    "undo.tip": ("Take back your last action (the bots' replies go with it)",
                 "Deshacer tu última jugada (y las respuestas de los bots)"),
    "new_hand": ("New game", "Partida nueva"),
    "your_turn": ("Your turn, {name}.", "Te toca, {name}."),
    "waiting": ("The hand is over.", "La mano ha terminado."),
    "log": ("Every decision, explained (latest first)", "Cada decisión, explicada (la última primero)"),
    "nothing_to_undo": ("Nothing to undo yet.", "Aún no hay nada que deshacer."),
    "calc": ("Count the hand", "Contar la mano"),
    "calc.tip": ("Score this end-of-hand table with the engine",
                 "Puntuar esta mesa de fin de mano con el motor"),
    "melds_of": ("Melds of {side}", "Combinaciones de {side}"),
    "threes_of": ("Red threes of {side}", "Treses rojos de {side}"),
    "score_of": ("Score before, {side}", "Puntos antes, {side}"),
    "hand_of": ("Hand of {name}", "Mano de {name}"),
    "went_out": ("Went out", "Cerró"),
    "nobody": ("nobody (stock ran out)", "nadie (se acabó el mazo)"),
    "concealed": ("Went out concealed", "Cerró de mano"),
    "quiz_next": ("Next question", "Siguiente pregunta"),
    "quiz_next.tip": ("Ask a new question", "Hacer una pregunta nueva"),
    "tally": ("Score: {right} right out of {asked}", "Aciertos: {right} de {asked}"),
    "right": ("Right!", "¡Correcto!"),
    "wrong": ("Not quite: the answer is {answer}.", "No exactamente: la respuesta es {answer}."),
    "yes": ("Yes, it is legal", "Sí, es legal"),
    "no": ("No, it is refused", "No, se rechaza"),
    "q.legal": ("It is {player}'s turn. Is <code>{action}</code> legal now?",
                "Es el turno de {player}. ¿Es legal <code>{action}</code> ahora?"),
    "q.points": ("How many points do these melds count toward the opening minimum: <code>{melds}</code>?",
                 "¿Cuántos puntos valen estas combinaciones para el mínimo de apertura: <code>{melds}</code>?"),
    "q.table_points": ("How many points do these melds count at the end of the hand: <code>{melds}</code>?",
                       "¿Cuántos puntos valen estas combinaciones al final de la mano: <code>{melds}</code>?"),
    "q.minimum": ("A side's score is {score}. How many points must its first melds of the hand be worth?",
                  "Una pareja tiene {score} puntos. ¿Cuánto deben valer sus primeras combinaciones de la mano?"),
    "q.scoring": ("How many points does {side} score for this hand?",
                  "¿Cuántos puntos se anota {side} en esta mano?"),
    "question_n": ("Question {n}", "Pregunta {n}"),
    "your_answers": ("Your answers", "Tus respuestas"),
    "your_name": ("Your name", "Tu nombre"),
    "your_name.tip": ("Your name, as your teacher knows you", "Tu nombre, como te conoce tu profesor"),
    "download_json": ("Download my answers (JSON)", "Descargar mis respuestas (JSON)"),
    "download_csv": ("Download my answers (CSV, for a spreadsheet)",
                     "Descargar mis respuestas (CSV, para una hoja de cálculo)"),
    "download_note": ("The file stays on your computer until you hand it to your teacher.",
                      "El archivo se queda en tu ordenador hasta que se lo des a tu profesor."),
    "hand_in": ("Hand in my answers", "Entregar mis respuestas"),
    "hand_in.tip": ("Send your answers to your teacher", "Enviar tus respuestas a tu profesor"),
    "handed_in": ("Handed in to your teacher: {n} answer(s).",
                  "Entregado a tu profesor: {n} respuesta(s)."),
    "name_first": ("Write your name first.", "Escribe primero tu nombre."),
    "no_answers": ("Answer a question first.", "Responde primero a alguna pregunta."),
    "add_results": ("Add result files", "Añadir archivos de resultados"),
    "add_results.tip": ("The files your students saved (.json or .csv)",
                        "Los archivos que guardaron tus alumnos (.json o .csv)"),
    "results_private": ("The class's results are read in the teacher's own notebook, not in "
                        "the classroom's pages.",
                        "Los resultados de la clase se leen en el cuaderno del profesor, no en "
                        "las páginas del aula."),
    "exercise": ("Exercise", "Ejercicio"),
    "language": ("Language", "Idioma"),
}


def word(key: str, lang: str = "en", **fill: Any) -> str:
    """A widget word in ``lang`` with ``{fields}`` filled (English for unknown languages)."""
    en, es = WORDS[key]
    text = es if lang == "es" else en
    return text.format(**fill) if fill else text


def page_language(default: str = "en") -> str:
    """The language the page's address asks for (``?lang=es``: the classroom's landing page
    links the pages so, and Voilà hands the address's query to the kernel as ``QUERY_STRING``),
    else ``default``."""
    asked = dict(parse_qsl(os.environ.get("QUERY_STRING", ""))).get("lang", "")
    return asked if asked in ("en", "es") else default


class LanguageSwitch(widgets.ToggleButtons):
    """English / Español buttons; every connected widget follows its value through ``lang``.
    Without a ``value`` it starts in the language the page was opened in (English unless the
    address says ``?lang=es``)."""

    def __init__(self, *targets: traitlets.HasTraits, value: str | None = None,
                 **kwargs: Any) -> None:
        value = value or page_language()
        super().__init__(options=[("English", "en"), ("Español", "es")], value=value,
                         tooltips=["Show every message in English", "Mostrar todo en español"],
                         description="Language · Idioma",
                         # buttons as wide as their words: the switch fits a phone
                         style={"description_width": "initial", "button_width": "auto"},
                         **kwargs)
        self.add_class("canasta-languageswitch")
        self.connect(*targets)

    def connect(self, *targets: traitlets.HasTraits) -> LanguageSwitch:
        """Make each target's ``lang`` follow this switch (and take its value now)."""
        for t in targets:
            traitlets.dlink((self, "value"), (t, "lang"))
        return self

    def __repr__(self) -> str:
        return f"LanguageSwitch(value={self.value!r})"
