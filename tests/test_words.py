"""The words of the project (canasta/locale/en.toml, es.toml): the two files agree, and EVERY
template they hold (rule names, texts and messages, each variant's own wording, phrases, labels,
errors and the forms of actions) reads as a native speaker writes it, in both languages, for the
reader (second person) and for someone else (third person), with one card and with several.

Each template is rendered with realistic facts chosen by the name of the fact (``SAMPLES``: a
test fails when a template names a fact that has none), for every variant's vocabulary, for each
value of a field that chooses a form by name (``{case|waiting:…|asked:…}``)."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterator
from importlib.resources import files
from typing import Any

import pytest

import canasta
from canasta.actions import parse_action
from canasta.cards import parse_cards
from canasta.errors import InvalidActionError
from canasta.explain import L, P, Side
from canasta.situation import situation
from canasta.variants import VARIANTS
from canasta.words import (
    Ctx,
    action_text,
    compile_template,
    message_template,
    render,
    variant_params,
)

LANGS = ("en", "es")
VARIANT_NAMES = ("", *(v.name for v in VARIANTS))


def locale(lang: str) -> dict[str, Any]:
    from canasta.words import merged

    return merged(tomllib.loads(files("canasta").joinpath(f"locale/{lang}.toml").read_text("utf-8")))


EN, ES = locale("en"), locale("es")


def keys(d: dict[str, Any], prefix: str = "") -> set[str]:
    out = set()
    for k, v in d.items():
        path = f"{prefix}.{k}" if prefix else k
        out |= keys(v, path) if isinstance(v, dict) else {path}
    return out


# ---- the two files -------------------------------------------------------------------------------

@pytest.mark.parametrize("section", ["rules", "phrases", "labels", "errors", "actions", "notes",
                                     "standard", "titles", "format", "cli", "argparse", "table"])
def test_both_languages_have_the_same_keys(section: str) -> None:
    assert keys(EN[section]) == keys(ES[section])


def test_the_default_vocabulary_names_the_same_words() -> None:
    assert set(EN["vocab"]["default"]) == set(ES["vocab"]["default"])
    for lang in (EN, ES):
        for variant, words in lang["vocab"].items():
            assert set(words) <= set(lang["vocab"]["default"]), (variant, set(words))


def test_no_words_are_left_inline() -> None:
    """Every label and rule lives in the locale files; the inline fallbacks are empty."""
    from canasta.catalogue import _RULES
    from canasta.render.text import LABELS
    from canasta.widgets.lang import WORDS

    assert LABELS == {} and WORDS == {}
    for rid, rule in _RULES.items():
        assert rid in EN["rules"] and rid in ES["rules"], rid
        assert not any(rule.name + rule.text + rule.ok + rule.no), f"{rid}: inline words"
        for lang in (EN, ES):
            assert {"name", "text", "ok"} <= set(lang["rules"][rid]), rid


# ---- every template --------------------------------------------------------------------------

def _cards(text: str) -> tuple[Any, ...]:
    return tuple(parse_cards(text))


NAMES = ("Ada", "Bo", "Cleo")
ONE, SEVERAL = 1, 3

# fact -> value for one (1) or several (3); people are Ada (the player) and Bo (the other one)
SAMPLES: dict[str, Callable[[int], Any]] = {
    # people and sides
    "player": lambda n: "Ada", "asker": lambda n: "Bo", "partner": lambda n: "Bo",
    "turn": lambda n: "Bo", "next": lambda n: "Bo", "dealer": lambda n: "Bo",
    "first": lambda n: "Ada", "holder": lambda n: "Ada", "name": lambda n: "Ada",
    "who": lambda n: "Dan", "second": lambda n: "ada", "bot": lambda n: "thrifty",
    "side": lambda n: Side(("Ada", "Cleo")), "owner": lambda n: Side(("Bo", "Dan")),
    "sides": lambda n: (Side(("Ada", "Cleo")), Side(("Bo", "Dan"))),
    "names": lambda n: n, "players": lambda n: 4, "seat": lambda n: "Ada",
    "bots": lambda n: "greedy, careful", "named": lambda n: n == ONE,
    # cards
    "cards": lambda n: _cards("K♠") if n == ONE else _cards("K♠ K♥ 2♣"),
    "above": lambda n: _cards("K♦") if n == ONE else _cards("K♦ K♣"),
    "covered": lambda n: _cards("2♦") if n == ONE else _cards("2♦ JK"),
    "wild_covered": lambda n: n,
    "others": lambda n: _cards("9♣") if n == ONE else _cards("9♣ 5♦ Q♥"),
    "card": lambda n: canasta.parse_card("4♠"), "top": lambda n: canasta.parse_card("7♥"),
    "replacement": lambda n: canasta.parse_card("9♦") if n == ONE else None,
    "wild": lambda n: canasta.parse_card("JK"), "two": lambda n: canasta.parse_card("2♥"),
    "end": lambda n: "start" if n == ONE else "end",
    "melds": lambda n: (_cards("K♠ K♥ K♣"),) if n == ONE else (_cards("K♠ K♥ K♣"), _cards("8♦ 8♠ 2♣")),
    "also": lambda n: (_cards("Q♠ Q♥ Q♣"),) if n == ONE else (_cards("Q♠ Q♥ Q♣"), _cards("8♦ 8♠ 2♣")),
    "pair": lambda n: _cards("7♦ 7♣"),
    "missing": lambda n: ("4",) if n == ONE else ("4", "5"),
    "ranks": lambda n: ("K",) if n == ONE else ("K", "9"),
    "suits": lambda n: ("♠", "♥"),
    # numbers
    **{k: (lambda n: n) for k in (
        "count", "need", "size", "n", "k", "left", "naturals", "wilds", "stock", "canastas",
        "clean", "depth", "hand", "jokers", "games", "hands", "draws", "asked", "right", "ties",
        "each", "least", "most", "dealt", "pack", "decks", "four", "twos", "other", "special",
        "total", "start", "aside", "checks", "slips", "before", "best")},
    "points": lambda n: 50 * n, "score": lambda n: 1200 * n, "bonus": lambda n: 300,
    "low": lambda n: 2, "high": lambda n: 6, "lower": lambda n: 1500, "upper": lambda n: 3000,
    "last": lambda n: 2995, "seed": lambda n: 7, "value": lambda n: "maybe",
    "line": lambda n: 2 * n - 2, "column": lambda n: 5, "format": lambda n: "JSON",
    "reason": lambda n: "Expecting value",
    "origin": lambda n: "mesa.toml", "title": lambda n: "Reglas de Canasta",
    "button": lambda n: "Comprar todo el pozo",
    # yes or no
    **{k: (lambda n: n == ONE) for k in (
        "alone", "deep", "exact", "frozen", "more", "table", "take", "wild_ok", "same",
        "runs", "together", "muerto", "ours",
        "repeated", "seated",
        "written", "answer")},
    # words
    # actions to try, as error messages quote them
    "draw": lambda n: "«robar»", "discard": lambda n: "«descartar 4♠»",
    "rank": lambda n: "K", "meld": lambda n: "K", "face": lambda n: "13", "target": lambda n: "7", "onto": lambda n: "7" if n == ONE else None,
    "kind": lambda n: P("kind.natural") if n == ONE else P("kind.mixed"),
    "was": lambda n: None if n == ONE else P("kind.natural"),
    "phase": lambda n: L("draw", "robar"), "case": lambda n: "other", "whose": lambda n: "other",
    "way": lambda n: "take",
    "colour": lambda n: "red", "suit": lambda n: "♠", "role": lambda n: "5",
    "where": lambda n: P("where.end", role="9"), "whole": lambda n: n,
    "natural": lambda n: 500 if n == ONE else None, "mixed": lambda n: 300,
    "without": lambda n: "canasta", "pairs": lambda n: 2, "span": lambda n: P("cmp.span", low=2, high=6),
    "action": lambda n: parse_action("discard 4♠"), "text": lambda n: "Kx", "word": lambda n: "Robar",
    "examples": lambda n: "4♠ · K♠ K♥ K♣",
    "option": lambda n: "target", "known": lambda n: "target, going_out_bonus",
    "variant": lambda n: L("Classic Canasta", "Canasta clásica"), "counts": lambda n: 4,
    # figures already written as text (a range of the statistics)
    "lo": lambda n: "120", "hi": lambda n: "640", "figure": lambda n: "+180" if n == ONE else "−60",
    # the search's moves, each already said with its figure (coach.search.move)
    "out": lambda n: parse_action("meld 3♣ 3♣ 3♠ 3♠"),
    "tried": lambda n: n, "margins": lambda n: n == ONE, "margin": lambda n: 40, "opponents": lambda n: n, "by_rank": lambda n: n == ONE, "discard_only": lambda n: n == ONE,
    "moves": lambda n: L("take pile with 7♥ 7♦: +180 points for your side on average",
                         "«llevarse el montón con 7♥ 7♦», +180 puntos a favor de tu pareja de media"),
    "error": lambda n: InvalidActionError(key="action.groups"), "first_ascii": lambda n: "'Ada'", "second_ascii": lambda n: "'ada'",
    "what": lambda n: P("incomplete.aces"), "sizes": lambda n: (4, 3), "how": lambda n: P("how.with-cards", cards=_cards("K♥ K♣")),
    "why": lambda n: P("why.too-many-wilds", wilds=4, most=3),
    "detail": lambda n: (P("detail.meld-label-points", meld="K", points=30),) * n,
    "band": lambda n: P("band.between", lower=0, last=1495),
    "bands": lambda n: (P("opening.band-below", need=15, upper=0), P("opening.band-from", need=50, lower=0)),
    # the facts of file errors and of the command line's help
    "doc": lambda n: "record", "shown": lambda n: "colour" if n == ONE else "colour, mood",
    "seats": lambda n: "Ada, Bo, Cleo, Dan", "field": lambda n: "actions", "given": lambda n: "Ada ",
    "rule": lambda n: "run.de-mil", "path": lambda n: "mesa.toml", "env": lambda n: "CANASTA_LANG",
    "expected": lambda n: P("checked.count", count=n), "found": lambda n: P("checked.top", card=None),
    "more": lambda n: (P("checked.missing", cards=_cards("K♠")),) * n,
    "melded": lambda n: n == ONE, "port": lambda n: 8866, "minutes": lambda n: "3",
    "ip": lambda n: "0.0.0.0", "reader": lambda n: n == ONE,
    "url": lambda n: "http://127.0.0.1:8866/voila/render/07_class_results.ipynb",
    # the facts of a situation's and an exercise's errors
    "left": lambda n: n, "like": lambda n: "[0, 0]", "phases": lambda n: '"draw", "play"',
    "type": lambda n: "list", "kinds": lambda n: "situation, scoring",
    "file": lambda n: "'final_table.json'", "exercise": lambda n: "'scoring'",
    # the card table's own facts (its coach's phrases come ready in the language)
    "label": lambda n: "K", "status": lambda n: L("not yet a canasta", "aún no es canasta"),
    "level": lambda n: L("careful", "prudente"), "short": lambda n: n, "extra": lambda n: "Q♠ Q♥ Q♣",
    "match": lambda n: L("your pair of sevens matches", "tu par de sietes casa con"),
    # the quiz's questions (the words of what is asked about come ready in the language)
    "doing": lambda n: L("take the pile with 7♥ 7♦", "llevarte el montón con 7♥ 7♦"),
    "then": lambda n: L("meld 3♣ 3♣ 3♠", "bajar 3♣ 3♣ 3♠"),
    "which": lambda n: L("of sevens", "de sietes"),
    # the class's results (a note names the questions it is about)
    "numbers": lambda n: "3" if n == ONE else "3, 5", "class_seed": lambda n: 2024,
    "class_variant": lambda n: "classic", "kept": lambda n: 20,
}
# what a text names from the variant (its parameters): rendered with each variant's own
PARAMS = set().union(*(variant_params(v) for v in VARIANTS))
# form keys any value may take (the others are values of the fact itself)
COMMON_KEYS = {"one", "other", "zero", "you", "yours", "pair", "none", "yes", "no"}


def templates() -> Iterator[tuple[str, str, str]]:
    """(lang, key, template) for every template of both files."""
    def walk(d: dict[str, Any], path: str) -> Iterator[tuple[str, str]]:
        for k, v in sorted(d.items()):
            if isinstance(v, dict):
                yield from walk(v, f"{path}.{k}")
            elif isinstance(v, str):
                yield f"{path}.{k}", v

    for lang, d in (("en", EN), ("es", ES)):
        # every section a reader sees: the rules, phrases, labels, errors, actions, the reasoning of
        # sources, the standard rules quoted, the texts' titles and the formats (only the
        # vocabulary is left out: its words are read inside the templates that name them)
        for section in sorted(set(d) - {"vocab"}):
            for key, value in walk(d[section], section):
                yield lang, key, value


def fields(nodes: tuple[Any, ...]) -> Iterator[Any]:
    for node in nodes:
        if isinstance(node, str):
            continue
        yield node
        for _, form in node.forms or ():
            yield from fields(form)


def variants_of(key: str) -> tuple[str, ...]:
    """The variants whose words a template is read in: its own, or all of them."""
    own = key.rsplit(".", 2)[-2] if key.startswith("rules.") else ""
    return (own,) if own in VARIANT_NAMES and own else VARIANT_NAMES


ALL = list(templates())


def test_every_fact_of_every_template_has_a_sample() -> None:
    names = {f.name for _, _, t in ALL for f in fields(compile_template(t)) if not f.vocab}
    assert names - set(SAMPLES) - PARAMS == set()


# English words that never belong in a Spanish message (the vocabulary of 004 says "joker")
ENGLISH = {"pile", "meld", "melds", "wild", "wilds", "draw", "draws", "discard", "discards",
           "stock", "hand", "card", "cards", "side", "turn", "the", "and", "with", "of", "to",
           "takes", "take", "player", "partner", "mixed", "clean", "dirty",
           "you", "your", "yes", "is", "are", "cannot", "must", "may", "going", "out",
           "bot", "bots", "widget", "widgets", "threes"}
SPANISH_3RD = {"roba", "descarta", "baja", "puede", "tiene", "ha", "pone", "se", "pregunta",
               "responde", "añade", "agrega", "corta", "cierra", "sale", "juega", "debe", "está",
               "levanta", "compra", "pasa", "recibe", "reparte", "empieza", "gana", "es", "va",
               "da", "cambia", "coge", "entra", "no"}
ENGLISH_3RD = {"draws", "discards", "melds", "can", "cannot", "has", "lays", "asks", "answers",
               "adds", "goes", "plays", "must", "is", "takes", "passes", "deals", "wins", "gives",
               "swaps", "holds", "does"}


# the words of files, the command line and the actions' syntax speak to whoever writes them
DEVELOPER_SECTIONS = ("errors.", "cli.", "argparse.", "actions.")


def problems(text: str, lang: str, template: str, key: str = "") -> list[str]:
    out = []
    if "(s)" in text or "(es)" in text:
        out.append("(s) instead of a plural")
    if ("{" in text or "}" in text) and "{{" not in template:  # {{ }}: a file's own braces
        out.append("a brace left")
    if "?" in text and "?" not in template:
        out.append("a fact without a value")
    doubled = re.search(r"\b([a-záéíóúñü]+) \1\b", text)  # "de A a K" is not a doubled word
    if doubled:
        out.append(f"doubled word {doubled.group(0)!r}")
    one = re.search(r"(?<![\d.,−-])1 (?:legal |natural )?(cards|cartas|canastas|points|puntos|"
                    r"players|jugadores|melds|combinaciones|juegos|wild cards|comodines|answers|"
                    r"respuestas|actions|jugadas|hands|manos|games|partidas)\b", text)
    if one:
        out.append(f"a plural after one: {one.group(0)!r}")
    if re.search(r"\b(Tú|You|tú|you)'s\b", text):
        out.append("a possessive of the reader's name")
    # the reader's pronoun and its verb, over the words that may come between them
    you = (re.findall(r"\b(?:Tú|tú) (?:(?:ya|no|solo|también|nunca|aún|todavía|siempre|lo|la|le|"
                      r"les|se|te) )*(\w+)", text) if lang == "es" else
           re.findall(r"\b(?:You|you) (?:(?:already|still|also|only|never|not|just|now) )*(\w+)",
                      text))
    third = SPANISH_3RD if lang == "es" else ENGLISH_3RD
    for word in you:
        if word.lower() in third and not (lang == "en" and word in ("can", "cannot", "must", "may")):
            out.append(f"the reader followed by a third person: {word!r}")
    if lang == "es":
        # option names (cards_dealt) and a file's own words in double quotes ("melds") aside
        words = re.findall(r"[\wáéíóúñü]+", re.sub(r'"[^"]*"|--[\w-]+', "", text.lower()))
        english = {w for w in words if w in ENGLISH and "_" not in w}
        if english:
            out.append(f"English words {sorted(english)}")
        out += spanish_grammar(text)
        out += developer_language(text) if not key.startswith(DEVELOPER_SECTIONS) else []
        if re.search(r"\b(?:de|a|con|para|por|sin|en) tú\b", text):  # "el muerto de tú": "tu muerto"
            out.append("the reader's pronoun after a preposition")
    else:
        out += english_grammar(text)
        out += developer_language(text) if not key.startswith(DEVELOPER_SECTIONS) else []
    return out


# ---- Spanish grammar: negatives and persons -------------------------------------------------------

# a negative word after its verb needs "no" (or another negative) before the verb: "el mazo no
# tiene ninguna carta", never "el mazo tiene ninguna carta"; before the verb it stands alone
# ("nadie puede llevárselo", "un tres rojo nunca se baja")
NEGATIVES = {"ningún", "ninguna", "ninguno", "ningunas", "ningunos", "nada", "nadie", "nunca",
             "jamás", "tampoco"}
NEGATORS = NEGATIVES | {"no", "ni", "sin"}
PREPOSITIONS = {"a", "al", "de", "del", "en", "con", "para", "por", "hasta", "ya", "más"}
# the conjugated verbs and participles the templates use before an object
VERBS = set("""tiene tienes tienen hay había habrá queda quedan quedas vale valen valdría lleva
llevan llevas da dan das pone ponen dice dicen sobra sobran cuenta cuentan cuentas es son era
será sería puede puedes pueden está están hace hacen haces va vas van baja bajas bajan bajó
bajaste bajado pasa pasan pasó suma suman sumas recibe recibes recibió recibiste recibido juega
juegas jugó sirve sirven cambia cambias añade añades añadió agrega agregas agregó mueve mueves
importa descarta descartas descartó roba robas robó coge coges cogió compra compras compró
levanta levantas levantó sabe sabes pide pides pregunta preguntas preguntó responde respondes
respondió gana ganas ganó deja dejas dejó toma tomas tomó necesita necesitas falta faltan
acabaría terminaría quedaría tendría tendrías ocurre ha has han hecho dicho visto
""".split())
NOT_VERBS = {"lugar", "par", "azar", "hogar", "mar", "similar", "popular", "regular"}
CLAUSE = re.compile(r"[.;:,()¿?¡!—«»\n]| (?:y|o|pero|porque|que|si|cuando|aunque|mientras) ")


def _is_verb(word: str) -> bool:
    return word in VERBS or (re.fullmatch(r"\w+(?:ar|er|ir)", word) is not None
                             and word not in NOT_VERBS)


def spanish_grammar(text: str) -> list[str]:
    """A negative word after its verb without "no" before it; a reflexive infinitive after a
    verb of the second person ("No puedes quedarse" for "quedarte")."""
    out = []
    for m in re.finditer(r"[\wáéíóúñü]+", text):
        word = m.group(0).lower()
        if word not in NEGATIVES:
            continue
        clause = [w.lower() for w in re.findall(r"[\wáéíóúñü]+", CLAUSE.split(text[:m.start()])[-1])]
        before = [w for w in clause if w not in PREPOSITIONS]
        if not before or NEGATORS & set(clause):
            continue
        # "bajar nunca puede…": an infinitive may be the subject before an adverb
        adverb = word in ("nunca", "jamás", "tampoco")
        if before[-1] in VERBS if adverb else _is_verb(before[-1]):
            out.append(f"a negative after its verb without 'no': {' '.join(clause[-3:])} {word}")
    second = re.search(r"\b(?:puedes|podrías|debes|deberías|quieres|sueles|necesitas|intentas|"
                       r"sabes|tienes que|vas a|has de|acabas de|vuelves a|te toca)\s+"
                       r"(\w+(?:ar|er|ir|ár|ér|ír)se(?:l[oa]s?|les?)?)\b", text, re.IGNORECASE)
    if second:
        out.append(f"a reflexive infinitive after the second person: {second.group(0)!r}")
    # an order joined to an infinitive: "Descarta el 10♥ y salir" for "y sal"
    order = re.match(rf"(?:{'|'.join(IMPERATIVES)})\b[^.:;]*? y (\w+(?:ar|er|ir))\b", text)
    if order and order.group(1) not in NOT_VERBS:
        out.append(f"an infinitive after an order: {order.group(0)!r}")
    # a J or a Q is "la jota", "la reina"; the others "el"
    article = re.search(r"\b(?:el|del|al|un) [JQ][♣♦♥♠]|\b(?:la|una) (?:[AK2-9]|10)[♣♦♥♠]",
                        text, re.IGNORECASE)
    if article:
        out.append(f"an article against the card's name: {article.group(0)!r}")
    if re.search(r"\ben pareja\b", text):  # "pareja" is the partnership; cards go "en pares"
        out.append("'en pareja' for cards")
    if re.search(r"\bbonos?\b", text, re.IGNORECASE):  # one word for one thing: "premio"
        out.append("'bono' for a premio")
    if re.search(r"\btapando\b|\bse tapa con\b", text):  # "tapado" is the pozo's own term
        out.append("'tapar' for a card covered at the deal")
    # one tense for what has happened in the hand: the present perfect ("has salido")
    past = [w for w in re.findall(r"\b\w+(?:aste|iste|aron|ieron|ó)\b|\b(?:hizo|dijo|fue|dio|puso|"
                                  r"tuvo|pudo)\b", text) if w.lower() not in PRESENT_LOOKALIKES]
    if past:
        out.append(f"a preterite where the perfect is used: {past}")
    return out


IMPERATIVES = ("Descarta", "Roba", "Baja", "Añade", "Agrega", "Levanta", "Compra", "Llévate",
               "Pregunta", "Responde", "Pasa", "Cambia", "Toma", "Sal", "Corta", "Cierra",
               "Juega", "Pulsa", "Elige", "Escribe", "Guarda")
PRESENT_LOOKALIKES = {"existe", "viste", "triste", "chiste", "resiste", "insiste", "consiste"}


def developer_language(text: str) -> list[str]:
    """What a developer writes and a learner should not read: a meld's label as the engine
    names it ('#2', 'Ada:10', '♠5-9'), a rule's id in a sentence, a record's index."""
    out = []
    text = re.sub(r"«[^»]*»|'[^']*'|‘[^’]*’|“[^”]*”", "", text)  # quoted action syntax is an example
    for pattern, what in ((r"#\d", "a meld's number"), (r"\b[A-ZÁÉÍÓÚ][a-záéíóúñ]+:\S", "an owner:label"),
                          (r"[♣♦♥♠](?:[AJQK2-9]|10)-(?:[AJQK2-9]|10)\b", "a run's label"),
                          (r"\b(?:open|pile|meld|add|out|score|deal|draw|turn|hand|game|run|muerto|"
                           r"close|threes|discard|swap|special|hoyo|ala|end)\.[a-z]+(?:-[a-z]+)*\b",
                           "a rule id"),
                          (r"\bactions\[", "a record's index"),
                          (r"(?<!hace )\b(?:de|of) [JQK]\b(?![♣♦♥♠,-])", "a rank's letter for its cards")):
        found = re.search(pattern, text)
        if found:
            out.append(f"{what}: {found.group(0)!r}")
    return out


def english_grammar(text: str) -> list[str]:
    """The reader as a possessor in a phrase ("the muerto of you")."""
    return [f"the reader as 'of you': {m.group(0)!r}" for m in re.finditer(r"\b\w+ of you\b", text)
            if not m.group(0).lower().startswith(("each", "both", "all", "one", "two", "either"))]


def renderings(lang: str, key: str, template: str) -> Iterator[tuple[str, str]]:
    """(how, text) for every way the template is read."""
    nodes = compile_template(template)
    used = [f for f in fields(nodes) if not f.vocab]
    keyed = {f.name: {k for k, _ in f.forms or () if k not in COMMON_KEYS} for f in used}
    zeros = sorted({f.name for f in used if any(k == "zero" for k, _ in f.forms or ())})
    if key.startswith("table."):  # the card table's words, as the table reads them (tw)
        yield from table_renderings(lang, key[len("table."):], used)
        return
    for variant in variants_of(key):
        params = variant_params(canasta.find_variant(variant or "classic"))
        for size in (ONE, SEVERAL):
            text = key.endswith((".text", ".name"))  # a rule's text: the variant's parameters
            facts = {f.name: params[f.name] if text and f.name in params else
                     SAMPLES[f.name](size) if f.name in SAMPLES else params.get(f.name)
                     for f in used}
            choices = [dict(facts)]
            for name, forms in keyed.items():
                for form in sorted(forms):
                    choices.append({**facts, name: form})
            for name in zeros:  # a zero form: the count at 0, the list empty
                value = facts.get(name)
                if isinstance(value, int) and not isinstance(value, bool):
                    choices.append({**facts, name: 0})
                elif isinstance(value, (tuple, list)):
                    choices.append({**facts, name: ()})
            for lone in lone_sides(variant, facts):  # a player alone (two players, individual)
                choices.append({**facts, **lone})
            faces = {k: JACK for k in CARD_FACTS if isinstance(facts.get(k), canasta.Card)}
            if faces:  # a J (la jota): the article agrees with the card's name
                choices.append({**facts, **faces})
            for label in MELD_LABELS if not key.startswith("actions.") else ():
                # a meld as the engine names it, said in words (an action writes its own)
                named = {k: label for k in MELD_FACT_NAMES if isinstance(facts.get(k), str)}
                if named:
                    choices.append({**facts, **named})
            for chosen in choices:
                for viewer in ("Ada", "Bo", "Marta"):  # the player, another one, a teacher's seat
                    yield (f"{variant or 'default'}, size {size}, reader {viewer}, {chosen}",
                           render(template, chosen, Ctx(lang, variant, viewer)))


CARD_FACTS = ("card", "top", "wild", "two", "replacement")
JACK = canasta.parse_card("J♣")
MELD_FACT_NAMES = ("meld", "target", "onto", "rank_meld", "label")
MELD_LABELS = ("#2", "Ada:10", "♠5-9", "wilds", "JK")


def lone_sides(variant: str, facts: dict[str, Any]) -> list[dict[str, Any]]:
    """The sides of the facts as players alone, where the variant seats them so (two players of
    Canasta Real and rioplatense, every game of the individual variant): the side of Ada (the
    player) and the other side of Bo."""
    if variant not in ("", "real", "rioplatense", "individual"):
        return []
    alone = {"side": Side(("Ada",), partnership=False), "owner": Side(("Bo",), partnership=False),
             "sides": (Side(("Ada",), partnership=False), Side(("Bo",), partnership=False))}
    lone = {k: v for k, v in alone.items() if k in facts}
    return [lone] if lone else []


def table_renderings(lang: str, key: str, used: list[Any]) -> Iterator[tuple[str, str]]:
    """A word of the card table in every variant's words, with one card and with several: its
    ``.you`` forms speak to the reader, the others of someone else (``tw`` says which)."""
    from canasta.render.table_words import tw

    for variant in VARIANT_NAMES:
        for size in (ONE, SEVERAL):
            facts = {f.name: SAMPLES[f.name](size) for f in used if f.name not in ("player", "you")}
            yield f"{variant or 'default'}, size {size}", tw(key, lang, variant, **facts)


@pytest.mark.parametrize("lang", LANGS)
def test_every_template_reads_well_for_every_reader(lang: str) -> None:
    bad = []
    for tlang, key, template in ALL:
        if tlang != lang:
            continue
        for how, text in renderings(lang, key, template):
            for p in problems(text, lang, template, key):
                bad.append(f"{key} [{how}]: {p}: {text}")
    assert bad == [], "\n".join(bad[:40])


def test_the_reader_is_spoken_to_and_never_named() -> None:
    """Whoever the reader is ("Tú" of the sample game, or any name a teacher chooses), a message
    about them speaks to them: their name does not appear."""
    for lang, key, template in ALL:
        if not key.startswith("rules.") or not key.endswith((".ok", ".no")):
            continue
        used = {f.name for f in fields(compile_template(template)) if not f.vocab}
        if "player" not in used:
            continue
        for reader in ("Marta", "Tú"):
            facts = {n: SAMPLES[n](ONE) if n in SAMPLES else 1 for n in used}
            facts["player"] = reader
            text = render(template, facts, Ctx(lang, "", None if reader == "Tú" else reader))
            assert reader not in text, (key, text)


def test_spanish_messages_speak_of_tu_pareja_and_a_lone_player_as_tu() -> None:
    pair, alone = Side(("Ada", "Cleo")), Side(("Ada",), partnership=False)
    assert render("{side}", {"side": pair}, Ctx("es", "", "Ada")) == "tu pareja"
    assert render("{side}", {"side": pair}, Ctx("es", "", "Bo")) == "la pareja de Ada y Cleo"
    assert render("{side}", {"side": alone}, Ctx("en", "", "Ada")) == "you"
    assert "'s side" not in render("{side}", {"side": alone}, Ctx("en", "", "Bo"))


def test_the_card_table_speaks_each_variants_words() -> None:
    """The table's words follow the variant's own text: montón and robar in the classic rules,
    pozo and levantar in the rioplatense, comprar in Americana and Real."""
    from canasta.render.table_words import tw

    assert tw("kind.TakePile", "es", "classic") == "Llevarse el montón"
    assert tw("kind.TakePile", "es", "rioplatense") == "Levantar el pozo"
    assert tw("kind.TakePile", "es", "americana") == "Comprar el pozo"
    assert tw("kind.Draw", "es", "real") == "Comprar del monte"
    assert tw("kind.Add", "es", "rioplatense") == "Agregar a un juego"
    assert tw("kind.Add", "es", "classic") == "Añadir a una combinación"
    assert tw("edit.to_pile", "es", "rioplatense") == "Encima del pozo"
    assert tw("status.draw", "es", "rioplatense") == "Te toca robar del mazo o levantar el pozo."
    assert tw("status.draw", "en", "individual") == ("Your turn: draw from the stock or take from "
                                                     "the discard pile.")
    assert tw("wild.n", "es", "classic", n=2) == "2 cartas libres"
    assert tw("wild.n", "es", "rioplatense", n=2) == "2 comodines"


# ---- a few messages as a native speaker writes them ---------------------------------------------

def test_draws_agree_in_person_and_number() -> None:
    st = canasta.new_game("rioplatense", seed=1, names=["Ana", "Ben"])
    exp = st.apply("draw")
    assert exp.message("es", viewer="Ana").startswith("Robas ")
    assert exp.message("es", viewer="Ben").startswith("Ana roba 2 cartas del mazo")
    assert exp.message("en", viewer="Ben").startswith("Ana draws 2 cards from the stock")
    # the sample game's seat named Tú, read by someone else, is a name in quotes
    st = canasta.new_game("rioplatense", seed=1, players=2)
    assert st.apply("draw").message("es", viewer="Ada").startswith("«Tú» roba 2 cartas")


def test_the_partner_must_answer_first_says_so() -> None:
    st = situation(phase="play", melds={"Bo": ["K♦ K♠ K♥ K♣ K♦ K♠ K♥"]},
                           hands={"Tú": "Q♠ Q♥ Q♣ 4♠"})
    st.apply("ask partner")
    refused = st.check("Tú: discard 4♠")
    assert refused.rule == "out.answer-first"
    assert refused.message("es") == "Le has preguntado a Bo: primero tiene que responder Bo, sí o no."
    assert "only by the player who plays next" not in refused.message("en")


def test_asking_is_not_part_of_the_rioplatense_rules() -> None:
    st = canasta.new_game("rioplatense", seed=3)
    st.apply("draw")
    exp = st.check("ask partner")
    assert (exp.rule, exp.allowed) == ("out.ask-partner-none", False)
    assert exp.message("es").startswith("En la canasta rioplatense no se pide permiso al compañero")


# ---- actions in both languages ------------------------------------------------------------------

@pytest.mark.parametrize("variant", [v.name for v in VARIANTS])
def test_actions_are_written_in_spanish_and_read_back(variant: str) -> None:
    from canasta.bots import RandomBot

    seen: set[str] = set()
    for seed in range(3):
        st = canasta.new_game(variant, seed=seed)
        bot = RandomBot(seed)
        for _ in range(120):
            if st.is_over:
                break
            for a in st.legal_actions()[:40]:
                es = action_text(a, "es", variant)
                assert parse_action(es) == a, (es, a.text)
                assert action_text(a, "en", variant) == a.text
                assert not ({w for w in re.findall(r"[a-z]+", es)} & {"draw", "take", "pile", "meld",
                                                                        "add", "discard", "next"}), es
                seen.add(type(a).__name__)
            st.apply(bot.choose(st))
    assert {"Draw", "Discard", "Meld"} <= seen


@pytest.mark.parametrize("text, english", [
    ("robar", "draw"), ("llevarse el pozo con 7♥ 7♦", "take pile with 7♥ 7♦"),
    ("llevarse el montón sobre 7", "take pile onto 7"), ("levantar el pozo con 7♥ 7♦", "take pile with 7♥ 7♦"),
    ("añadir 7♣ JK a 7", "add 7♣ JK to 7"), ("bajar K♠ K♥ K♣", "meld K♠ K♥ K♣"),
    ("descartar 4♠", "discard 4♠"), ("pedir permiso", "ask partner"), ("responder sí", "answer yes"),
    ("responder no", "answer no"), ("siguiente mano", "next hand"), ("pasar", "pass"),
    ("cambiar 9♠ por JK en Ada:9", "swap 9♠ for JK in Ada:9"),
    # each variant's words, a player's name, the first melds together, melds with a take
    ("comprar", "draw"), ("comprar el pozo", "take pile"), ("Bo: robar", "Bo: draw"),
    ("agregar 7♣ a 7", "add 7♣ to 7"), ("Tú: descartar 4♠", "Tú: discard 4♠"),
    ("bajar K♠ K♥ K♣ / 8♦ 8♠ 2♣", "meld K♠ K♥ K♣ / 8♦ 8♠ 2♣"),
    ("llevarse el montón con 7♥ 7♦ y bajar K♠ K♥ K♣", "take pile with 7♥ 7♦ and meld K♠ K♥ K♣"),
    ("llevarse cartas del descarte hasta la carta 3 con 9♠ 9♥", "take pile at 3 with 9♠ 9♥"),
    ("llevarse cartas del descarte hasta la 3.ª carta con 9♠ 9♥", "take pile at 3 with 9♠ 9♥"),
    ("llevarse cartas del descarte hasta la 12.ª carta", "take pile at 12"),
    ("llevarse el descarte hasta la 4ª carta sobre 7", "take pile at 4 onto 7"),
    # Canasta Real: the end of the run a 2 goes to
    ("añadir 8♥ a #1, 2♣ al principio", "add 8♥ to #1, 2♣ to the start"),
    ("agregar 8♥ a #1, 2♣ al final", "add 8♥ to #1, 2♣ to the end"),
])
def test_spanish_action_words_are_understood(text: str, english: str) -> None:
    assert parse_action(text).text == english


@pytest.mark.parametrize("end", ["start", "end"])
def test_a_run_end_is_written_in_spanish_and_read_back(end: str) -> None:
    a = parse_action(f"Ada: add 8♥ to #1, 2♣ to the {end}")
    es = action_text(a, "es", "real")
    assert es == f"Ada: agregar 8♥ a #1, 2♣ {'al principio' if end == 'start' else 'al final'}"
    assert parse_action(es) == a and action_text(a, "en", "real") == a.text


# ---- what the engine says in real games ------------------------------------------------------

@pytest.mark.parametrize("variant, players", [(v.name, n) for v in VARIANTS for n in
                                              sorted({min(v.player_counts), v.default_players})])
def test_every_message_of_a_played_hand_reads_well(variant: str, players: int) -> None:
    """The explanations of a hand played by bots, and of the actions refused along the way, in
    both languages, for the sample game's "Tú" (spoken to) and for another reader, with each
    number of players a variant seats differently (two players of Canasta Real and rioplatense
    each play alone: the side is the player)."""
    from canasta.bots import GreedyBot, RandomBot

    bad: list[str] = []
    for seed in range(2):
        st = canasta.new_game(variant, seed=seed, players=players)
        bot = RandomBot(seed) if seed else GreedyBot(seed)
        shown = []
        for _ in range(150):
            if st.hand_over:
                break
            shown += [st.check(a) for a in st.legal_actions()[:8]]
            shown += [st.check(t) for t in ("draw", "discard 4♠", "meld K♠ K♥ K♣", "pass",
                                             "take pile with 7♥ 7♦", "ask partner", "answer yes")]
            st.apply(bot.choose(st))
        shown += [s.explanation for s in st.history] + [e for s in st.history for e in s.events]
        shown += [e for r in st.results for _, _, e in r.lines]
        for top in shown:
            for exp in top.walk():
                for lang in LANGS:
                    for viewer in (None, st.names[1]):
                        text = exp.message(lang, viewer)
                        template = message_template(exp.rule, exp.allowed, lang, exp.variant)
                        bad += [f"{exp.rule}: {p}: {text}" for p in problems(text, lang, template)]
    assert sorted(set(bad)) == []


# ---- the errors of files a teacher writes --------------------------------------------------------

def test_situation_and_exercise_errors_are_written_in_spanish() -> None:
    from canasta.errors import RecordError
    from canasta.widgets.exercises import parse_exercise
    from canasta.words import error_text

    def said(run: Callable[[], Any]) -> tuple[str, str]:
        with pytest.raises(RecordError) as e:
            run()
        return error_text(e.value, "en"), error_text(e.value, "es")

    en, es = said(lambda: situation(stock=500))
    assert en == "stock: a stock of 500 cards, but only 108 are left"
    assert es == "stock: un mazo de 500 cartas, pero solo quedan 108"
    en, es = said(lambda: situation(hands={"Tú": 5}))
    assert es == "hands.Tú: se esperaban cartas ('K♠ K♥ K♣' o una lista), no 5"
    en, es = said(lambda: situation(scores=[1, 2, 3]))
    assert es == ("scores: se esperaba un número entero por bando (2), cada uno entre −1.000.000 y "
                  "1.000.000, no [1, 2, 3]")
    en, es = said(lambda: parse_exercise({"kind": "quiz"}))
    assert es == "kind: 'kind' debe ser uno de estos valores: situation, scoring; no 'quiz'"
    en, es = said(lambda: parse_exercise({"kind": "situation", "situation": {}, "colour": 1}))
    assert es == ("exercise: clave desconocida: colour; se conocen: action, kind, question, "
                  "scenario, side, situation, title")
    for text in (en, es):
        assert "(s)" not in text


def test_the_seat_named_tu_is_spoken_to_in_a_files_error() -> None:
    from canasta.errors import RecordError
    from canasta.scenario import parse_scenario
    from canasta.words import error_text

    data = {"variant": "classic", "players": ["Tú", "Ada", "Bo", "Cleo"], "went_out": "Tú",
            "hands": {"Tú": "4♠"}}
    with pytest.raises(RecordError) as e:
        parse_scenario(data)
    assert error_text(e.value, "es").endswith("has salido, así que tu mano tiene que estar vacía")
    assert error_text(e.value, "en").endswith("you went out, so your hand must be empty")
    data["went_out"] = "Bo"
    data["hands"] = {"Bo": "4♠"}
    with pytest.raises(RecordError) as e:
        parse_scenario(data)
    assert error_text(e.value, "es").endswith("Bo ha salido, así que su mano tiene que estar vacía")


def test_rioplatense_rules_say_levantar_el_pozo_con_cartas_puras() -> None:
    """Every rule the rioplatense variant uses, in the wording it reads (its own where it has
    one), speaks its text's words: the pozo is "levantado" with "dos cartas puras" (never "se lo
    lleva un par natural", never the classic "montón" or "congelado")."""
    from canasta.words import rule_field

    v = canasta.find_variant("rioplatense")
    read = [(f"rules.{rid}.rioplatense.{field}", rule_field(rid, field, "es", "rioplatense"))
            for rid in v.rule_ids() for field in ("name", "text", "ok", "no")]
    # the pozo's standing as the table shows it, and the action the sandbox suggests
    read += [(f"phrases.{k}", ES["phrases"][k]) for k in ("mark.madre", "mark.premiado", "mark.tapado")]
    read += [(f"table.{k}", ES["table"][k]) for k in ("mark.madre.why", "mark.premiado.why")]
    read += [(f"labels.{k}", ES["labels"][k]) for k in ("w.your_action.ph", "w.your_action.tip")]
    bad = []
    for key, template in read:
        if not template:
            continue
        for how, text in renderings("es", key, template):
            found = how.startswith("rioplatense") and re.search(
                r"\bmontón\b|\bpar(?:eja)? natural\b|\bllevarse\b|\bse lo lleva\b|\bte lo llevas\b|"
                r"\bllévate\b|\bcongelad[oa]\b", text)
            if found:
                bad.append(f"{key}: {found.group(0)!r}: {text}")
    assert sorted(set(bad)) == []
