"""Bilingual labels and plain-text forms shared by the terminal and notebook views.

Everything here reads what the engine already decided (a meld's canasta kind, the pile's frozen
count, an explanation's verdict); nothing recomputes a rule.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from ..cards import Card, sorted_cards

if TYPE_CHECKING:
    from ..explain import Explanation, Source
    from ..melds import Meld
    from ..state import State
    from ..variant import Variant

LANGS = ("en", "es")

# key -> (English, Spanish)
LABELS: dict[str, tuple[str, str]] = {
    "allowed": ("allowed", "permitido"),
    "refused": ("refused", "rechazado"),
    "hand": ("Hand", "Mano"),
    "hand_no": ("hand {n}", "mano {n}"),
    "player": ("Player", "Jugador"),
    "cards": ("cards", "cartas"),
    "hidden": ("{n} cards (hidden)", "{n} cartas (ocultas)"),
    "melds": ("Melds", "Combinaciones"),
    "meld": ("Meld", "Combinación"),
    "no_melds": ("no melds yet", "aún sin combinaciones"),
    "status": ("Status", "Estado"),
    "natural": ("natural canasta", "canasta limpia"),
    "mixed": ("mixed canasta", "canasta sucia"),
    "not_yet": ("not a canasta yet", "aún no es canasta"),
    "canasta": ("Canasta", "Canasta"),
    "short.natural": ("natural", "limpia"),
    "short.mixed": ("mixed", "sucia"),
    "short.not_yet": ("not yet", "aún no"),
    "red_threes": ("Red threes", "Treses rojos"),
    "none": ("none", "ninguno"),
    "pile": ("Pile", "Montón"),
    "top": ("top", "arriba"),
    "empty": ("empty", "vacío"),
    "frozen": ("frozen", "congelado"),
    "blocked": ("blocked", "bloqueado"),
    "stock": ("Stock", "Mazo"),
    "scores": ("Scores", "Puntuación"),
    "side": ("Side", "Pareja"),
    "players": ("Players", "Jugadores"),
    "points": ("Points", "Puntos"),
    "line": ("Line", "Concepto"),
    "total": ("Total", "Total"),
    "hand_total": ("This hand", "Esta mano"),
    "before": ("Before", "Antes"),
    "after": ("After", "Después"),
    "turn": ("turn", "turno"),
    "to_move": ("to move", "juega"),
    "phase.draw": ("to draw", "debe robar"),
    "phase.play": ("to meld or discard", "debe bajar o descartar"),
    "phase.answer": ("to answer the partner", "debe responder al compañero"),
    "phase.hand-over": ("hand over", "mano terminada"),
    "phase.game-over": ("game over", "partida terminada"),
    "rule": ("rule", "regla"),
    "rule_id": ("Rule", "Regla"),
    "source": ("source", "fuente"),
    "rules_of": ("Rules of {name}", "Reglas de {name}"),
    "id": ("Id", "Id"),
    "name": ("Name", "Nombre"),
    "text": ("Rule", "Regla"),
    "winner": ("Winner", "Ganador"),
    "ended": ("End of hand", "Fin de la mano"),
    "piles.muertos": ("Muertos", "Muertos"),
    "piles.alas": ("Alas (wing piles)", "Alas"),
    "sim.games": ("games", "partidas"),
    "sim.hands": ("hands", "manos"),
    "sim.decisions": ("decisions", "decisiones"),
    "sim.violations": ("violations", "infracciones"),
    "sim.games_per_second": ("games/s", "partidas/s"),
    "sim.unfinished": ("games stopped at the hand limit", "partidas cortadas en el límite de manos"),
    "play.you": ("You play as {name}; bots: {bots}. Type a number, an action "
                 "(e.g. 'discard 4♠'), 'hint', 'undo', 'why', 'list' or 'quit'.",
                 "Juegas como {name}; bots: {bots}. Escribe un número, una jugada "
                 "(p. ej. 'descartar 4♠'), 'pista', 'deshacer', 'porqué', 'lista' o 'salir'."),
    "play.actions": ("Legal actions", "Jugadas legales"),
    "play.more": ("… and {n} more: type 'list' to see more of each kind",
                  "… y {n} más: escribe 'lista' para ver más de cada tipo"),
    "play.prompt": ("Your move> ", "Tu jugada> "),
    "play.hint": ("Hint: {action}", "Pista: {action}"),
    "play.undone": ("Undone: back before your last move.",
                    "Deshecho: vuelves a antes de tu última jugada."),
    "play.no-undo": ("Nothing to undo.", "No hay nada que deshacer."),
    "play.bad-number": ("There is no action {n}; choose 1 to {most}.",
                        "No hay jugada {n}; elige de 1 a {most}."),
    "play.bye": ("Bye.", "Adiós."),
    "play.hand-over": ("The hand is over. Type 1 (next hand) or 'quit'.",
                       "La mano ha terminado. Escribe 1 (siguiente mano) o 'salir'."),
    "replay.changes": ("Changes made to the told game", "Cambios hechos a la partida contada"),
    "replay.fact": ("As told", "Según el texto"),
    "replay.change": ("In this record", "En este registro"),
    "replay.why": ("Why", "Por qué"),
    "replay.deal": ("The deal", "El reparto"),
    "replay.action": ("Action", "Jugada"),
    "replay.slip": ("A slip in the told game, refused by the engine",
                    "Un desliz de la partida contada, rechazado por el motor"),
    "replay.final": ("Final score", "Puntuación final"),
    "replay.unfinished": ("The record ends before the end of the hand; the scores so far:",
                          "El registro acaba antes del final de la mano; la puntuación hasta aquí:"),
    "step.prompt": ("Press Enter for the next action (q to stop) ",
                    "Pulsa Intro para la siguiente jugada (q para parar) "),
    "source.seed": ("seed", "semilla"),
    "source.standard": ("standard rule", "regla estándar"),
    "source.house": ("house rule", "regla de la casa"),
    "source.engine": ("engine", "motor"),
    "group.deal": ("Deal", "Reparto"),
    "group.turn": ("Turn", "Turno"),
    "group.draw": ("Drawing", "Robar"),
    "group.pile": ("The pile", "El montón"),
    "group.meld": ("Melds", "Combinaciones"),
    "group.open": ("Opening", "Apertura"),
    "group.out": ("Going out", "Salir"),
    "group.threes": ("Threes", "Treses"),
    "group.hand": ("End of hand", "Fin de la mano"),
    "group.score": ("Scoring", "Puntuación"),
    "group.game": ("The game", "La partida"),
}


# what a terminal would obey rather than show: C0 controls but the line break and the tab, DEL,
# the C1 controls (0x9b starts a sequence as ESC [ does) and the bidirectional overrides, which
# reorder what follows them
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _shown(m: re.Match[str]) -> str:
    code = ord(m.group())
    if code < 0x20:
        return chr(0x2400 + code)  # the control picture: ESC shows as ␛
    return "\u2421" if code == 0x7F else f"\\x{code:02x}" if code <= 0x9F else f"\\u{code:04x}"


def visible(text: str) -> str:
    """``text`` with every control character a terminal would obey shown instead: ESC as ␛
    (so ``\\x1b[2J`` prints as ``␛[2J`` and clears nothing), a C1 control or a bidirectional
    override as its escape (``\\x9b``); line breaks and tabs stay."""
    return CONTROL.sub(_shown, text) if CONTROL.search(text) else text


def points_text(n: int) -> str:
    """A score as shown: ``−40`` with a true minus sign; a number beyond any game (more than
    15 digits, which only a hand-made table can hold) as its power of ten, since writing out
    thousands of digits is slow and, past 4,300, refused by Python itself."""
    if abs(n) < 10**15:
        return f"−{-n}" if n < 0 else str(n)
    return ("−" if n < 0 else "") + f"≈10^{int(math.log10(abs(n)))}"


def label(key: str, lang: str = "en", **fill: object) -> str:
    """The label ``key`` in ``lang`` (English for any other language), with ``{fields}`` filled."""
    en, es = LABELS.get(key, (key, key))
    text = es if lang == "es" else en
    return text.format(**fill) if fill else text


def check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; use 'en' or 'es'")
    return lang


def cards_line(cards: Iterable[Card], *, sort: bool = True) -> str:
    """Cards by their text form, in hand order when ``sort``."""
    seq = sorted_cards(cards) if sort else list(cards)
    return " ".join(c.text for c in seq)


def side_title(names: Sequence[str], lang: str = "en") -> str:
    """A side named by its players: 'Tú & Bo' / 'Tú y Bo'."""
    return (" y " if lang == "es" else " & ").join(names)


def side_names(state: State, side: int) -> list[str]:
    return [state.names[s] for s in state.sides[side]]


def canasta_status(variant: Variant, meld: Meld, lang: str = "en", *, short: bool = False) -> str:
    """'natural canasta' / 'mixed canasta' / 'not a canasta yet' (short: 'natural' / 'mixed' /
    'not yet'), as the variant classifies the meld."""
    kind = variant.canasta_kind(meld)
    if kind in ("natural", "mixed") or not kind:
        key = kind or "not_yet"
        return label(f"short.{key}" if short else key, lang)
    word = variant.canasta_word(kind).get(lang)  # a variant's own kind: wild, special, de mil
    return word if short else (f"canasta {word}" if lang == "es" else f"{word} canasta")


def extra_piles(state: State, lang: str = "en") -> list[tuple[str, str]]:
    """Variant piles kept face down (alas, muertos) as (name, sizes), e.g. ('Muertos', '11, 11');
    the set-aside cards of a hand-built situation are not shown."""
    out = []
    for key, piles in sorted(state.extra.items()):
        if key.endswith("_piles") and key != "box_piles" and piles:
            name = label(f"piles.{key[:-6]}", lang) if f"piles.{key[:-6]}" in LABELS else key[:-6]
            out.append((name, ", ".join(str(len(p)) for p in piles)))
    return out


def shows_red_threes(state: State) -> bool:
    """Whether the variant lays red threes out as a bonus (so the views show them per side)."""
    return state.variant.red_threes == "bonus"


def pile_blocked(state: State) -> bool:
    """Whether the pile's top card is a blocking black three (a fact of the table, shown as a mark)."""
    top = state.top
    return bool(top is not None and state.variant.black_threes_block and top.rank == 3
                and top.is_black)


def pile_summary(state: State, lang: str = "en") -> str:
    """'Pile: 7♠ on top, 12 cards, frozen' in ``lang``."""
    if not state.pile:
        return f"{label('pile', lang)}: {label('empty', lang)}"
    marks = [m for m, on in (("frozen", state.pile_frozen > 0), ("blocked", pile_blocked(state))) if on]
    s = f"{label('pile', lang)}: {state.pile[-1].text} {label('top', lang)}, {len(state.pile)} " \
        f"{label('cards', lang)}"
    return s + "".join(f", {label(m, lang)}" for m in marks)


def phase_text(state: State, lang: str = "en") -> str:
    return label(f"phase.{state.phase}", lang)


def source_text(source: Source | None, lang: str = "en") -> str:
    """The source as one line: kind, reference, the quoted sentence and how a gap was decided."""
    if source is None:
        return ""
    s = f"{label('source.' + source.kind, lang)}: {source.ref}"
    if source.quote:
        s += f' — "{source.quote}"'
    if source.note:
        s += f" ({source.note})"
    return s


def verdict_text(exp: Explanation, lang: str = "en") -> str:
    return ("✔ " if exp.allowed else "✘ ") + label(exp.verdict, lang)


def explanation_text(exp: Explanation, lang: str = "en", *, indent: int = 0) -> str:
    """The explanation and its sub-reasons as indented plain text, one decision per line."""
    pad = "  " * indent
    lines = [f"{pad}{verdict_text(exp, lang)}: {exp.message(lang)} [{exp.rule}]"]
    src = source_text(exp.source, lang)
    if src:
        lines.append(f"{pad}  {label('source', lang)}: {src}")
    lines += [explanation_text(sub, lang, indent=indent + 1) for sub in exp.because]
    return "\n".join(lines)
