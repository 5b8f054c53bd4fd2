"""The tutorial's notebooks: file, title, what each teaches and how long it takes, in both
languages (the classroom's landing page and the static site's start page read this)."""

from __future__ import annotations

from dataclasses import dataclass

from .explain import L


@dataclass(frozen=True)
class Notebook:
    """One page of the tutorial."""

    file: str
    title: L
    teaches: L
    minutes: int


NOTEBOOKS: tuple[Notebook, ...] = (
    Notebook("01_sample_game.ipynb",
             L("The sample game, step by step", "La partida de ejemplo, paso a paso"),
             L("How a hand of classic Canasta goes, from the deal to the count, with every "
               "decision of the rules' sample game explained.",
               "Cómo transcurre una mano de canasta clásica, del reparto al recuento, con cada "
               "decisión de la partida de ejemplo del reglamento explicada."),
             20),
    Notebook("02_rules_sandbox.ipynb",
             L("The rules sandbox: ask the engine", "El banco de pruebas: pregúntale al motor"),
             L("Melds, wild cards, the frozen pile, black and red threes, the opening minimum and "
               "going out, tried on ready-made situations.",
               "Combinaciones, cartas libres, el montón congelado, los treses negros y rojos, el "
               "mínimo para bajar y el cierre, probados en situaciones preparadas."),
             25),
    Notebook("03_scoring.ipynb",
             L("Scoring: the count of a hand", "La puntuación: el recuento de una mano"),
             L("What every card and bonus is worth, the sample game's final table counted line by "
               "line, and a score calculator.",
               "Cuánto vale cada carta y cada premio, la mesa final de la partida de ejemplo "
               "contada línea a línea, y una calculadora de puntos."),
             15),
    Notebook("04_variants.ipynb",
             L("Variants side by side", "Las variantes, una al lado de otra"),
             L("Classic, Americana, Real, individual and rioplatense Canasta compared rule by rule, "
               "with figures from a thousand hands of each.",
               "La canasta clásica, americana, real, individual y rioplatense comparadas regla a "
               "regla, con cifras de mil manos de cada una."),
             20),
    Notebook("05_play_a_hand.ipynb",
             L("Play a hand against bots", "Juega una mano contra la máquina"),
             L("A whole hand at the card table, every decision explained, with hints and undo.",
               "Una mano entera en la mesa, con cada decisión explicada, pistas y deshacer."),
             20),
    Notebook("06_classroom.ipynb",
             L("The classroom: a quiz and your own exercises",
               "El aula: un cuestionario y tus propios ejercicios"),
             L("A quiz whose answers come from the engine, and how a teacher writes and loads "
               "exercises.",
               "Un cuestionario cuyas respuestas da el motor, y cómo un profesor escribe y carga "
               "ejercicios."),
             15),
    Notebook("07_class_results.ipynb",
             L("For the teacher: your class's quiz results",
               "Para el profesor: los resultados del cuestionario de tu clase"),
             L("How students save their quiz answers, and the whole class at a glance: per "
               "question, how many got it right and the explanations of the common mistakes.",
               "Cómo guardan los alumnos sus respuestas del cuestionario, y toda la clase de un "
               "vistazo: por pregunta, cuántos acertaron y las explicaciones de los errores más "
               "frecuentes."),
             10),
)


def notebook(file: str) -> Notebook:
    """The tutorial page stored in ``file`` (a name such as ``01_sample_game.ipynb``)."""
    for nb in NOTEBOOKS:
        if nb.file == file:
            return nb
    raise KeyError(file)
