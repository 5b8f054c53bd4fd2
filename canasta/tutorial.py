"""The tutorial's notebooks: file, title, what each teaches and how long it takes, in both
languages (the classroom's landing page and the static site's start page read this).

Every page is written in English and in Spanish (``notebooks/NAME`` and ``notebooks/es/NAME``,
both built from ``tutorial/NAME.toml`` by ``scripts/notebooks.py``)."""

from __future__ import annotations

from dataclasses import dataclass

from .explain import L

SPANISH = "es"  # the folder of the Spanish pages, inside the notebooks' folder


@dataclass(frozen=True)
class Notebook:
    """One page of the tutorial."""

    file: str  # the English page, in notebooks/
    title: L
    teaches: L
    minutes: int
    file_es: str  # the Spanish page, in notebooks/es/
    teacher: bool = False  # the teacher's page: not listed to a class

    def page(self, lang: str) -> str:
        """The page in ``lang``, as a path in the notebooks' folder."""
        return f"{SPANISH}/{self.file_es}" if lang == "es" else self.file


NOTEBOOKS: tuple[Notebook, ...] = (
    Notebook("01_sample_game.ipynb",
             L("The sample game, step by step", "La partida de ejemplo, paso a paso"),
             L("How a hand of classic Canasta goes, from the deal to the count, with every "
               "decision of the rules' sample game explained.",
               "Cómo transcurre una mano de canasta clásica, del reparto al recuento, con cada "
               "decisión de la partida de ejemplo del reglamento explicada."),
             20, "01_partida_de_ejemplo.ipynb"),
    Notebook("02_rules_sandbox.ipynb",
             L("The rules sandbox: ask the engine", "El banco de pruebas: pregúntale al motor"),
             L("Melds, wild cards, the frozen pile, black and red threes, the opening minimum and "
               "going out, tried on ready-made situations.",
               "Combinaciones, cartas libres, el montón congelado, los treses negros y rojos, el "
               "mínimo para bajar y cuándo se puede salir, probados en situaciones preparadas."),
             25, "02_banco_de_pruebas.ipynb"),
    Notebook("03_scoring.ipynb",
             L("Scoring: the count of a hand", "La puntuación: la cuenta de una mano"),
             L("What every card and bonus is worth, the sample game's final table counted line by "
               "line, and a score calculator.",
               "Cuánto vale cada carta y cada premio, la mesa final de la partida de ejemplo "
               "contada línea a línea, y una calculadora de puntos."),
             15, "03_puntuacion.ipynb"),
    Notebook("04_variants.ipynb",
             L("Variants side by side", "Las variantes, una al lado de otra"),
             L("Classic, Americana, Real, individual and rioplatense Canasta compared rule by rule, "
               "with figures from a thousand hands of each.",
               "La canasta clásica, la americana, la Canasta Real, la individual y la rioplatense, "
               "comparadas regla a regla, con cifras de mil manos de cada una."),
             20, "04_variantes.ipynb"),
    Notebook("05_play_a_hand.ipynb",
             L("Play a hand against bots", "Juega una mano contra la máquina"),
             L("A whole hand at the card table, every decision explained, with hints and undo.",
               "Una mano entera en la mesa, con cada decisión explicada, pistas y la opción de "
               "deshacer."),
             20, "05_jugar_una_mano.ipynb"),
    Notebook("06_classroom.ipynb",
             L("The classroom: a quiz and your own exercises",
               "El aula: un cuestionario y tus propios ejercicios"),
             L("A quiz whose answers come from the engine, and how a teacher writes and loads "
               "exercises.",
               "Un cuestionario cuyas respuestas da el motor, y cómo un profesor escribe y carga "
               "ejercicios."),
             15, "06_aula.ipynb"),
    Notebook("07_class_results.ipynb",
             L("For the teacher: your class's quiz results",
               "Para el profesor: los resultados del cuestionario de tu clase"),
             L("How students save their quiz answers, and the whole class at a glance: per "
               "question, how many got it right and the explanations of the common mistakes.",
               "Cómo guardan los alumnos sus respuestas del cuestionario, y toda la clase de un "
               "vistazo: por pregunta, cuántos acertaron y las explicaciones de los errores más "
               "frecuentes."),
             10, "07_resultados_de_la_clase.ipynb", teacher=True),
)


def notebook(file: str) -> Notebook:
    """The tutorial page stored in ``file`` (a name such as ``01_sample_game.ipynb``, or a Spanish
    page's, ``01_partida_de_ejemplo.ipynb``)."""
    for nb in NOTEBOOKS:
        if file in (nb.file, nb.file_es):
            return nb
    raise KeyError(file)
