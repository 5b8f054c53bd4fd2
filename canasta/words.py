"""The words the project shows, in English and Spanish: templates read from
``canasta/locale/en.toml`` and ``canasta/locale/es.toml`` and filled with facts.

One plain catalogue per language, each a file a translator can read (the syntax is described at
the top of each file). A template names facts in braces and may choose among forms:

- ``{cards}``: a fact, written in the language (cards by their text, numbers with a true minus
  sign, lists joined with "and"/"y", phrases and actions in the language, sides and players as the
  reader sees them);
- ``{count|one:a card|other:{count} cards}``: plural forms by the language's plural rule
  (``zero`` may be given too); a list chooses by its length;
- ``{player|you:You draw|other:{player} draws}``: person: ``you`` when the fact is the reader;
- ``{side|you:…|yours:…|other:…}``: a side: ``you`` for the reader who plays alone, ``yours`` for
  the reader's partnership, ``pair`` / ``other`` for the others;
- ``{flag|yes:…|no:…}``, ``{kind|natural:…|mixed:…|other:…}``: a yes/no or a named value;
- ``{meld}``, ``{rank}``: a meld's label and a rank in words ("the meld of kings"); with
  ``{rank:letter}`` as written ("its rank (K)");
- ``{@pile}``: a word of the variant's vocabulary (``{@Pile}`` capitalised); ``{@meld|f:…|m:…}``
  chooses by the word's gender, ``{@take:player}`` by the person of a fact.

Nothing is read at ``import canasta``: each file is parsed on first use (``tomllib``), and each
template is compiled once. Messages are rendered only when asked for.
"""

from __future__ import annotations

import dataclasses
import re
import tomllib
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from .actions import Action, parse_action
from .cards import Card
from .errors import CanastaError, InvalidActionError
from .explain import Explanation, L, Phrase, Side, Source
from .limits import Big

if TYPE_CHECKING:
    from .variant import Variant

LANGS = ("en", "es")
# Players with one of these names are the reader unless a viewer is named (the sample game's
# "Tú"); compared case-insensitively.
YOU_NAMES = frozenset({"tú", "tu", "you", "vos"})


def is_you_name(name: str) -> bool:
    """Whether ``name`` is the seat of the reader ('Tú', 'you', 'vos'), however spaced or cased."""
    return name.strip().casefold() in YOU_NAMES


# ---- the catalogues ---------------------------------------------------------------------------

@cache
def catalogue(lang: str) -> dict[str, Any]:
    """The parsed locale file of ``lang`` ('en' or 'es'; any other language reads English)."""
    lang = lang if lang in LANGS else "en"
    text = resources.files("canasta").joinpath("locale", f"{lang}.toml").read_text(encoding="utf-8")
    return merged(tomllib.loads(text))


def merged(data: dict[str, Any]) -> dict[str, Any]:
    """A locale file with its later blocks (``[extra.BLOCK.SECTION]``, words appended at the end
    of the file) merged into their sections (``SECTION``)."""
    for block in data.pop("extra", {}).values():
        for section, words in block.items():
            data.setdefault(section, {}).update(words)
    return data


def _plural(lang: str, n: int) -> str:
    """The plural category of ``n`` (CLDR's rule for English and Spanish: one for 1)."""
    return "one" if abs(n) == 1 else "other"


PLURAL: dict[str, Callable[[str, int], str]] = {"en": _plural, "es": _plural}


# ---- templates --------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True, slots=True)
class _Field:
    name: str
    vocab: bool = False
    cap: bool = False
    arg: str = ""
    forms: tuple[tuple[str, tuple[Any, ...]], ...] | None = None


_KEY = re.compile(r"[^:|{}]+")


def _split_top(text: str, sep: str) -> list[str]:
    """``text`` split at ``sep`` outside braces."""
    if sep not in text:
        return [text]
    out, depth, start = [], 0, 0
    for m in re.finditer("[{}" + re.escape(sep) + "]", text):  # the braces and separators only
        ch = m.group()
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif depth == 0:
            out.append(text[start:m.start()])
            start = m.end()
    out.append(text[start:])
    return out


_BRACE = re.compile(r"[{}]")


@cache
def compile_template(text: str) -> tuple[Any, ...]:
    """The template as literal strings and fields (raises ValueError on unbalanced braces)."""
    nodes: list[Any] = []
    buf: list[str] = []
    i, n = 0, len(text)
    while i < n:
        # the literal text up to the next brace, copied at once
        m = _BRACE.search(text, i)
        if m is None:
            buf.append(text[i:])
            break
        if m.start() > i:
            buf.append(text[i:m.start()])
            i = m.start()
        ch = text[i]
        if text[i + 1:i + 2] == ch:
            buf.append(ch)
            i += 2
            continue
        if ch == "}":
            raise ValueError(f"unbalanced '}}' in template {text!r}")
        depth, j = 1, i + 1
        while depth:
            m = _BRACE.search(text, j)
            if m is None:
                raise ValueError(f"unbalanced '{{' in template {text!r}")
            depth += 1 if m.group() == "{" else -1
            j = m.end()
        if buf:
            nodes.append("".join(buf))
            buf = []
        nodes.append(_field(text[i + 1:j - 1], text))
        i = j
    if buf:
        nodes.append("".join(buf))
    return tuple(nodes)


def _field(body: str, whole: str) -> _Field:
    head, *rest = _split_top(body, "|")
    head = head.strip()
    vocab = head.startswith("@")
    if vocab:
        head = head[1:]
    name, _, arg = head.partition(":")
    if not name or not all(c.isalnum() or c in "_.-" for c in name):
        raise ValueError(f"bad field {{{body}}} in template {whole!r}")
    forms = None
    if rest:
        found = []
        for part in rest:
            key, sep, form = part.partition(":")
            if not sep or not _KEY.fullmatch(key.strip()):
                raise ValueError(f"form without a key in {{{body}}} of template {whole!r}")
            found.append((key.strip(), compile_template(form)))
        forms = tuple(found)
    return _Field(name.lower() if vocab else name, vocab, vocab and name[:1].isupper(), arg, forms)


@dataclasses.dataclass(frozen=True)
class Ctx:
    """What a rendering needs besides the facts: the language, the variant (for its words) and
    the reader's name (None: the players named Tú/You; "": nobody)."""

    lang: str = "en"
    variant: str = ""
    viewer: str | None = None

    def is_viewer(self, name: str) -> bool:
        if self.viewer is None:
            return name.strip().casefold() in YOU_NAMES
        return bool(self.viewer) and name == self.viewer


def render(text: str, facts: Mapping[str, Any], ctx: Ctx) -> str:
    """``text`` (a template) filled with ``facts`` for ``ctx``; in Spanish "de el"/"a el" made
    "del"/"al", as a word of the vocabulary may follow either ("del mazo", "de la pila"), and
    the article before a J or a Q made feminine ("la J♣", "de la Q♥": la jota, la reina)."""
    out = "".join(_render_nodes(compile_template(text), facts, ctx))
    if ctx.lang == "es" and " el " in out:
        out = _CONTRACT.sub(lambda m: ("D" if m.group(1)[0] == "D" else "d") + "el "
                            if m.group(1).lower() == "de" else
                            ("A" if m.group(1)[0] == "A" else "a") + "l ", out)
    if ctx.lang == "es" and ("J" in out or "Q" in out):
        out = _FEMININE.sub(lambda m: _FEMININE_ARTICLE[m.group(1)], out)
    return out


_CONTRACT = re.compile(r"\b(de|De|a|A) el ")
# a J or a Q is "la jota", "la reina": the article before the card agrees with its name
_FEMININE = re.compile(r"\b(el|El|del|Del|al|Al|un|Un|los|Los) (?=(?:dos |\d+ )?[JQ][♣♦♥♠])")
_FEMININE_ARTICLE = {"el": "la ", "El": "La ", "del": "de la ", "Del": "De la ", "al": "a la ",
                     "Al": "A la ", "un": "una ", "Un": "Una ", "los": "las ", "Los": "Las "}


def _render_nodes(nodes: Sequence[Any], facts: Mapping[str, Any], ctx: Ctx) -> list[str]:
    out: list[str] = []
    for node in nodes:
        if isinstance(node, str):
            out.append(node)
        elif node.vocab:
            out.append(_vocab_field(node, facts, ctx))
        else:
            value = facts.get(node.name, _MISSING)
            if node.forms is None and node.arg == "letter":  # a label as written ('K', '#2')
                out.append("?" if value is _MISSING else meld_label(value, ctx.lang, ctx.variant)
                           if isinstance(value, str) else fact_text(value, ctx.lang, ctx.viewer,
                                                                    ctx.variant))
            elif node.forms is None and node.arg == "the" and isinstance(value, (list, tuple, Card)):
                # cards each with its article, listed: "el J♦ y el 7♥" (made "la J♦" below);
                # copies of one card said once: "los dos 7♣", not "el 7♣ y el 7♣"
                the = fmt(ctx.lang, "the_card")
                seen = Counter(c.text if isinstance(c, Card) else str(c)
                               for c in ((value,) if isinstance(value, Card) else value))
                out.append(join_list([the + text if n == 1 else fmt(ctx.lang, "the_two") + text
                                      if n == 2 else
                                      fmt(ctx.lang, "the_copies").replace("{n}", str(n)) + text
                                      for text, n in seen.items()], ctx.lang))
            elif node.forms is None:
                out.append("?" if value is _MISSING else fact_text(value, ctx.lang, ctx.viewer,
                                                                   ctx.variant, node.name))
            else:
                form = _choose(value, node.forms, ctx)
                out.extend(_render_nodes(form, facts, ctx))
    return out


_MISSING = object()


def _choose(value: Any, forms: tuple[tuple[str, tuple[Any, ...]], ...], ctx: Ctx) -> tuple[Any, ...]:
    keys = dict(forms)
    for key in selector_keys(value, ctx):
        if key in keys:
            return keys[key]
    return ()


def selector_keys(value: Any, ctx: Ctx) -> tuple[str, ...]:
    """The form keys that fit ``value``, the preferred first (``other`` always last)."""
    if value is None or value is _MISSING:
        return ("none", "other")
    if isinstance(value, bool):
        return ("yes" if value else "no", "other")
    if isinstance(value, int):
        return (("zero",) if value == 0 else ()) + (PLURAL[ctx.lang](ctx.lang, value), "other")
    if isinstance(value, (tuple, list)):
        return (("zero",) if not value else ()) + (PLURAL[ctx.lang](ctx.lang, len(value)), "other")
    if isinstance(value, Side):
        if any(ctx.is_viewer(n) for n in value.names):
            return ("yours", "other") if value.partnership else ("you", "other")
        return ("pair", "other") if value.partnership else ("other",)
    if isinstance(value, str):
        if ctx.is_viewer(value):
            return (value, "you", "other")
        return (value, "other")
    if isinstance(value, L):
        return (value.en, "other")
    if isinstance(value, Phrase):
        return (value.key, "other")
    return ("other",)


def _vocab_field(node: _Field, facts: Mapping[str, Any], ctx: Ctx) -> str:
    entry = vocab_entry(node.name, ctx.lang, ctx.variant)
    if isinstance(entry, dict):
        if node.forms is not None:  # by the word's gender (or number)
            keys = dict(node.forms)
            form = keys.get(entry.get("gender", ""), keys.get("other", ()))
            return "".join(_render_nodes(form, facts, ctx))
        if "you" in entry:  # by the person of a fact
            who = facts.get(node.arg, "") if node.arg else ""
            text = entry["you"] if isinstance(who, (str, Side)) and _is_you(who, ctx) else entry["other"]
        else:
            text = entry.get("text", node.name)
    else:
        text = str(entry)
    text = render(text, facts, ctx) if "{" in text else text
    return text[:1].upper() + text[1:] if node.cap else text


def _is_you(who: str | Side, ctx: Ctx) -> bool:
    """Whether ``who`` is the reader speaking for themselves (a side counts when it is the
    reader alone)."""
    if isinstance(who, Side):
        return not who.partnership and any(ctx.is_viewer(n) for n in who.names)
    return ctx.is_viewer(who)


def vocab_entry(word: str, lang: str, variant: str = "") -> Any:
    """A word of ``variant``'s vocabulary (the default vocabulary when the variant has none)."""
    vocab = catalogue(lang).get("vocab", {})
    for table in (vocab.get(variant) or {}, vocab.get("default") or {}):
        if word in table:
            return table[word]
    raise KeyError(f"no word {word!r} in the {lang} vocabulary")


def vocab_word(word: str, lang: str, variant: str = "") -> str:
    entry = vocab_entry(word, lang, variant)
    if isinstance(entry, dict):
        return str(entry.get("text", entry.get("other", word)))
    return str(entry)


# ---- facts ------------------------------------------------------------------------------------

# Facts by these names hold a meld's label ('K', '#2', '♠5-9', 'wilds', 'Ada:9'), said in words in
# a sentence ('reyes', '♠ del 5 al 9', 'nueves de Ada'); a rank ('K') is said by its plural.
MELD_FACTS = frozenset({"meld", "target", "onto", "rank_meld", "label"})
RANK_FACTS = frozenset({"rank"})
_RUN_LABEL = re.compile(r"([♣♦♥♠])(\w+)-(\w+)")


def fact_text(value: Any, lang: str, viewer: str | None = None, variant: str = "",
              name: str = "") -> str:
    """One fact as text in ``lang``: cards by their text form, numbers with a minus sign, lists
    joined in the language, phrases, sides and actions in the language, the reader's name as
    "You"/"Tú"."""
    ctx = Ctx(lang, variant, viewer)
    if isinstance(value, Phrase):
        return render(phrase_template(value.key, lang), dict(value.facts), ctx)
    if isinstance(value, L):
        return value.get(lang)
    if isinstance(value, Card):
        return value.text
    if isinstance(value, Side):
        return side_text(value, lang, viewer)
    if isinstance(value, bool):
        return fmt(lang, "yes" if value else "no")
    if isinstance(value, Big):
        digits = f"{abs(value):,}" if abs(value) >= int(fmt(lang, "group_from")) else str(abs(value))
        return ("−" if value < 0 else "") + digits.replace(",", fmt(lang, "thousands"))
    if isinstance(value, int):
        return f"−{-value}" if value < 0 else str(value)
    if isinstance(value, (tuple, list)):
        if value and all(isinstance(v, Card) for v in value):
            return " ".join(v.text for v in value)
        parts = [fact_text(v, lang, viewer, variant, name) for v in value]
        if any(", " in p for p in parts):  # items that are lists themselves: a table
            return "; ".join(parts)
        return join_list(parts, lang)
    if value is None:
        return ""
    if isinstance(value, Explanation):  # a decision given as a reason (in an error)
        return f"{value.message(lang)} [{value.rule}]"
    if isinstance(value, CanastaError):  # an error given as a reason
        return value.message(lang)
    if isinstance(value, Action):
        return action_text(value, lang, variant)
    if isinstance(value, str):
        if name in MELD_FACTS:
            return meld_name(value, lang, variant, viewer)
        if name in RANK_FACTS:
            return rank_name(value, lang)
        if ctx.is_viewer(value):
            return display_name(value, lang)
        if viewer and value.strip().casefold() in YOU_NAMES:  # the seat named Tú, read by
            return fmt(lang, "you_seat")  # someone else (errors and notes name it as written)
    return str(value)


def decimal(x: float, lang: str, digits: int = 1) -> str:
    """``x`` with ``digits`` decimals, the decimal sign as the language writes it ('50,6')."""
    return f"{x:.{digits}f}".replace(".", fmt(lang, "decimal"))


def fmt(lang: str, key: str) -> str:
    """A formatting word of the language (``[format]``)."""
    return str(catalogue(lang)["format"][key])


def join_list(items: Sequence[str], lang: str) -> str:
    """'a, b and c' / 'a, b y c'."""
    items = [i for i in items if i]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + fmt(lang, "and") + items[-1]


def reader(names: Sequence[str], viewpoint: int | None) -> str | None:
    """The reader of a table's messages: a seat named Tú/You when there is one (the sample
    game is told to *you*, whichever hands are face up), else the viewpoint's seat (None: the
    default, which speaks to no one when no seat is named Tú/You)."""
    if any(n.strip().casefold() in YOU_NAMES for n in names) or viewpoint is None:
        return None
    return names[viewpoint]


def display_name(name: str, lang: str = "en") -> str:
    """A player's name as shown: the reader's seat named Tú/You reads "You" / "Tú"."""
    if name.strip().casefold() in YOU_NAMES:
        return fmt(lang, "you_name")
    return name


def side_text(side: Side, lang: str = "en", viewer: str | None = None) -> str:
    """A side as a noun: "your side" / "tu pareja", "you" / "tú" (the reader alone), "Ada and
    Cleo's side" / "la pareja de Ada y Cleo", or a player's name."""
    ctx = Ctx(lang, "", viewer)
    if any(ctx.is_viewer(n) for n in side.names):
        return fmt(lang, "side.yours" if side.partnership else "side.you")
    def shown(n: str) -> str:  # the seat named Tú, when someone else reads, as a quoted name
        return fmt(lang, "you_seat") if n.strip().casefold() in YOU_NAMES else n

    if not side.partnership or len(side.names) == 1:
        return shown(side.names[0]) if side.names else ""
    names = join_list([shown(n) for n in side.names], lang)
    return render(fmt(lang, "side.pair"), {"names": names}, ctx)


def side_title(side: Side | Sequence[str], lang: str = "en") -> str:
    """A side named by its players for a heading: 'You & Bo' / 'Tú y Bo'."""
    names = side.names if isinstance(side, Side) else tuple(side)
    return fmt(lang, "title_and").join(display_name(n, lang) for n in names)


def meld_label(label_text: str, lang: str, variant: str = "") -> str:
    """A meld's label in the language ('wilds' → 'comodines'; ranks and runs as they are)."""
    owner, sep, rest = label_text.rpartition(":")
    words = catalogue(lang).get("format", {}).get("meld_labels", {})
    if rest.lower() in words:
        rest = render(words[rest.lower()], {}, Ctx(lang, variant))
    return f"{owner}{sep}{rest}"


def rank_name(rank: str, lang: str) -> str:
    """A rank said by its plural, as a sentence speaks of cards of it ('K' → 'kings' / 'reyes');
    anything else as written."""
    words = catalogue(lang).get("table", {})
    return str(words.get(f"rank.{rank.upper()}", rank)) if rank.upper() in _RANKS else rank


_RANKS = frozenset({"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"})


def meld_name(label_text: str, lang: str, variant: str = "", viewer: str | None = None) -> str:
    """A meld's label said in words, as it follows "the meld of" / "la combinación de": a group
    by its rank's plural ('K' → 'kings' / 'reyes'), the wild cards, a run by its suit and ends
    ('♠5-9' → '♠ from 5 to 9' / '♠ del 5 al 9'), a meld named by number ('#2' → 'number 2' /
    'número 2'), another player's by its owner ('Ada:9' → "Ada's nines" / 'nueves de Ada')."""
    ctx = Ctx(lang, variant, viewer)
    owner, sep, rest = label_text.rpartition(":")
    words = catalogue(lang).get("format", {}).get("meld_labels", {})
    run = _RUN_LABEL.fullmatch(rest)
    if rest.lower() in words:
        name = render(words[rest.lower()], {}, ctx)
    elif rest.startswith("#") and rest[1:].isdigit():
        name = render(fmt(lang, "meld_number"), {"n": int(rest[1:])}, ctx)
    elif run is not None:
        name = render(fmt(lang, "run_name"), {"suit": run.group(1), "low": run.group(2),
                                              "high": run.group(3)}, ctx)
    else:
        name = rank_name(rest, lang)
    if sep and owner:
        name = render(fmt(lang, "meld_of"), {"name": name, "who": owner}, ctx)
    return name


# ---- messages, names, texts -------------------------------------------------------------------

def _rule_entry(rule_id: str, lang: str) -> dict[str, Any]:
    return catalogue(lang).get("rules", {}).get(rule_id) or {}


def rule_field(rule_id: str, field: str, lang: str, variant: str = "") -> str | None:
    """A rule's ``name``/``text``/``ok``/``no`` in ``lang``: the variant's own wording first."""
    entry = _rule_entry(rule_id, lang)
    own = entry.get(variant) if variant else None
    if isinstance(own, dict) and field in own:
        return str(own[field])
    value = entry.get(field)
    if value is not None:
        return str(value)
    from .catalogue import inline_field

    return inline_field(rule_id, field, lang)


def message_template(rule_id: str, allowed: bool, lang: str, variant: str = "") -> str:
    if not allowed:
        no = rule_field(rule_id, "no", lang, variant)
        if no:
            return no
    return rule_field(rule_id, "ok", lang, variant) or rule_id


def rule_message(exp: Explanation, lang: str = "en", viewer: str | None = None) -> str:
    """An explanation's message: its rule's template (the variant's own, if it has one) filled
    with its facts, for the reader, as a sentence."""
    text = render(message_template(exp.rule, exp.allowed, lang, exp.variant), exp.facts,
                  Ctx(lang, exp.variant, viewer))
    return sentence(text)


def sentence(text: str) -> str:
    """``text`` with its first letter capitalised."""
    for i, ch in enumerate(text):
        if ch.isalpha():
            return text[:i] + ch.upper() + text[i + 1:] if ch.islower() else text
        if ch not in "¿¡'\"«(":
            return text
    return text


def phrase_template(key: str, lang: str) -> str:
    phrases = catalogue(lang).get("phrases", {})
    if key in phrases:
        return str(phrases[key])
    en = catalogue("en").get("phrases", {})
    if key in en:
        return str(en[key])
    raise KeyError(f"no phrase {key!r} in the locale files")


def phrase_text(p: Phrase, lang: str, viewer: str | None = None, variant: str = "") -> str:
    return render(phrase_template(p.key, lang), dict(p.facts), Ctx(lang, variant, viewer))


def variant_params(v: Variant) -> dict[str, Any]:
    """What a rule text may name: every parameter of the variant, plus derived numbers."""
    params: dict[str, Any] = {f.name: getattr(v, f.name) for f in dataclasses.fields(v)
                              if f.name not in ("sources", "house", "title")}
    params["pack_size"] = v.pack_size
    params.update(v.text_params())
    return params


def rule_text(rule_id: str, lang: str, variant: Variant) -> str:
    """A rule's text for ``variant``: its own wording if it has one, filled with its parameters
    and written in its words."""
    text = rule_field(rule_id, "text", lang, variant.base_name()) or ""
    return sentence(render(text, variant_params(variant), Ctx(lang, variant.base_name(), "")))


# Labels already said, by key, language, variant, reader and facts: the views say the same few
# ("12 cards", "Pile", "Score: 350") on every redraw. Only labels whose facts are plain ints and
# strings are kept (exact types: True == 1 and a Big equals its int, but each is said otherwise).
_SAID: dict[tuple[Any, ...], str] = {}
_SAID_KEPT = 8192  # labels kept at most; labels of ever new numbers start over


def label(key: str, lang: str = "en", variant: str = "", viewer: str | None = None,
          **facts: Any) -> str:
    """A label of the views (``[labels]``), in the variant's words, filled with ``facts``."""
    memo: tuple[Any, ...] | None = (key, lang, variant, viewer, *facts.items())
    for value in facts.values():
        if type(value) is not int and type(value) is not str:
            memo = None
            break
    if memo is not None:
        said = _SAID.get(memo)
        if said is None:
            if len(_SAID) >= _SAID_KEPT:
                _SAID.clear()
            said = _SAID[memo] = _label(key, lang, variant, viewer, facts)
        return said
    return _label(key, lang, variant, viewer, facts)


def _label(key: str, lang: str, variant: str, viewer: str | None, facts: dict[str, Any]) -> str:
    labels = catalogue(lang).get("labels", {})
    text = labels.get(key)
    if text is None:
        text = catalogue("en").get("labels", {}).get(key, key)
    if isinstance(text, dict):  # a label with variant forms
        text = text.get(variant, text.get("default", key))
    return render(str(text), facts, Ctx(lang, variant, viewer))


def has_label(key: str) -> bool:
    return key in catalogue("en").get("labels", {})


# ---- actions ----------------------------------------------------------------------------------

# what 'help' and the table's action box show as examples: actions of the variant's own game
_EXAMPLES = ("draw", "take pile with 7♥ 7♦", "meld K♠ K♥ K♣", "add 7♣ to 7", "discard 4♠")
_RUN_EXAMPLES = ("draw", "take pile", "meld 5♥ 6♥ 7♥", "add 8♥ to #1", "discard 4♠")
_DEPTH_EXAMPLES = ("draw", "take pile at 3 with 7♥ 7♦", "meld K♠ K♥ K♣", "add 7♣ to 7",
                   "discard 4♠")


def _examples_of(v: Variant) -> tuple[str, ...]:
    """The example actions of ``v``'s kind of game (canonical texts)."""
    return _RUN_EXAMPLES if v.wild_ends else (_DEPTH_EXAMPLES if v.pile_any_depth else _EXAMPLES)


def action_examples(v: Variant, lang: str = "en", short: bool = False) -> str:
    """A few actions written as a player types them in ``v`` (runs and the whole pile in
    Canasta Real, a pile taken at a depth in Canasta individual), in ``lang``, joined by ' · ';
    ``short``: only taking the pile and a discard, joined by '; ' as a turn is typed."""
    texts = _examples_of(v)
    if short:
        return "; ".join(action_text(parse_action(t), lang, v.base_name())
                         for t in (texts[1], texts[-1]))
    return " · ".join(action_text(parse_action(t), lang, v.base_name()) for t in texts)


def action_forms(v: Variant | None, lang: str = "en") -> str:
    """The kinds of action a player may type in ``v``, in ``lang`` and in the variant's words,
    '…' for the cards (what an unknown action is told to be one of); every kind the parser knows,
    in classic's words, when no variant is given."""
    forms = catalogue(lang)["actions"]
    ctx = Ctx(lang, v.base_name() if v is not None else "")
    dots = {"cards": "…", "target": "…", "melds": "…", "card": "…", "wild": "…", "depth": "…"}

    def form(key: str) -> str:
        return render(forms[key], dots, ctx)

    take = form("take")
    if v is not None and v.pile_any_depth:
        # "hasta …": the Spanish ordinal ("la 3.ª carta") has no place for a bare slot
        take += f" {fmt(lang, 'slot.depth_form')} {form('take.with')}"
    elif v is None or not v.wild_ends:  # (Canasta Real's pile is bought whole)
        take += f" {form('take.with')}"
    kinds = [form("draw"), take, form("meld"), form("add")]
    if v is None or getattr(v, "joker_swap", False):
        kinds.append(form("swap"))
    kinds.append(form("discard"))
    if v is None or v.ask_partner:
        kinds += [form("ask"), form("answer.yes"), form("answer.no")]
    kinds += [form("pass"), form("next")]
    return ", ".join(kinds)


def action_text(a: Action, lang: str = "en", variant: str = "") -> str:
    """An action written in ``lang``; English is its canonical text form. Every form parses back
    to the same action (:func:`canasta.actions.parse_action`)."""
    if lang not in LANGS or lang == "en":
        return a.text  # the canonical form (the locale's English forms are the same)
    from .actions import (
        Add,
        Answer,
        AskPartner,
        Discard,
        Draw,
        Meld,
        NextHand,
        Pass,
        Swap,
        TakePile,
    )
    from .cards import cards_text

    forms = catalogue(lang)["actions"]
    ctx = Ctx(lang, variant)

    def form(key: str, **facts: Any) -> str:
        return render(forms[key], facts, ctx)

    def groups(gs: Sequence[Sequence[Card]]) -> str:
        return " / ".join(cards_text(g) for g in gs)

    if isinstance(a, Draw):
        body = form("draw")
    elif isinstance(a, TakePile):
        body = form("take")
        if a.depth != 1:
            body += " " + form("take.depth", depth=a.depth)
        if a.onto is not None:
            body += " " + form("take.onto", target=_target_text(a.onto, lang, variant))
        elif a.with_cards:
            body += " " + form("take.with", cards=cards_text(a.with_cards))
        if a.extra:
            body += " " + form("take.extra", melds=groups(a.extra))
    elif isinstance(a, Meld):
        body = form("meld", melds=groups(a.groups)) + _end_form(a.place, form)
    elif isinstance(a, Add):
        body = form("add", cards=cards_text(a.cards), target=_target_text(a.target, lang, variant))
        body += _end_form(a.place, form)
    elif isinstance(a, Swap):
        body = form("swap", card=a.card.text if a.card else "?", wild=a.wild.text if a.wild else "?",
                    target=_target_text(a.target, lang, variant))
    elif isinstance(a, Discard):
        body = form("discard", card=a.card.text if a.card else "?")
    elif isinstance(a, AskPartner):
        body = form("ask")
    elif isinstance(a, Answer):
        body = form("answer.yes" if a.yes else "answer.no")
    elif isinstance(a, NextHand):
        body = form("next")
    elif isinstance(a, Pass):
        body = form("pass")
    else:  # pragma: no cover - every action kind is above
        return a.text
    return f"{a.player}: {body}" if a.player else body


def _end_form(place: tuple[Card, str] | None, form: Callable[..., str]) -> str:
    """', 2♣ al principio': which end of a run a 2 goes to, where the action names it."""
    return "" if place is None else form(f"end.{place[1]}", card=place[0].text)


def _target_text(target: str, lang: str, variant: str) -> str:
    owner, sep, rest = target.rpartition(":")
    words = catalogue(lang).get("actions", {}).get("targets", {})
    return f"{owner}{sep}{words.get(rest.lower(), rest)}"


# ---- sources ----------------------------------------------------------------------------------

def title_of(ref: str, lang: str = "en") -> str:
    """A text's title as its heading gives it (a seed file by its title, not its file name)."""
    titles = catalogue(lang).get("titles", {})
    return str(titles.get(ref, ref))


def source_parts(src: Source, lang: str = "en", *, developer: bool = False) -> dict[str, str]:
    """The parts of a source as a learner reads them: ``head`` (where it comes from), ``quote``
    (the sentence that states the rule, or the standard rule's wording), ``also`` (further
    sentences) and ``note`` (the reasoning where the text is silent or ambiguous)."""
    ctx = Ctx(lang, "", "")
    facts = dict(src.facts)
    if src.kind == "seed":
        head = render(fmt(lang, "source.seed"), {"title": title_of(src.ref, lang)}, ctx)
        if developer:
            head += f" ({src.ref})"
        quote = src.quote
    elif src.kind == "standard":
        head = title_of(src.ref, lang) if src.ref in catalogue(lang).get("titles", {}) else \
            fmt(lang, "source.standard")
        if developer:
            head += f" ({src.ref})"
        quote = standard_text(src.quote, lang) if src.quote else ""
    elif src.kind == "house":
        head = render(fmt(lang, "source.house"), {"origin": src.ref}, ctx)
        quote = src.quote
    else:
        head = fmt(lang, "source.engine")
        quote = ""
    note = note_text(src.note, lang, facts) if src.note else ""
    # further seed sentences, or (for a standard source) further standard rules by key
    also = " ".join(render(fmt(lang, "quote"),
                           {"text": standard_text(q, lang) if src.kind == "standard" else q}, ctx)
                    for q in src.also)
    return {"head": head, "quote": quote, "also": also, "note": note}


def standard_text(key: str, lang: str) -> str:
    table = catalogue(lang).get("standard", {})
    if key in table:
        return str(table[key])
    return str(catalogue("en").get("standard", {}).get(key, key))


def note_text(key: str, lang: str, facts: Mapping[str, Any] | None = None) -> str:
    notes = catalogue(lang).get("notes", {})
    text = notes.get(key)
    if text is None:
        text = catalogue("en").get("notes", {}).get(key, key)
    return sentence(render(str(text), facts or {}, Ctx(lang, "", "")))


# Sources said, by source, language and form: most sources are fixed texts. One with facts is
# kept only when they are plain ints and strings (as labels are, see _SAID).
_SOURCES: dict[tuple[Source, str, bool], str] = {}
_SOURCES_KEPT = 4096


def source_line(src: Source | None, lang: str = "en", *, developer: bool = False) -> str:
    """The source on one line: where it comes from, the quoted sentence, and the reasoning."""
    if src is None:
        return ""
    for _name, value in src.facts:
        if type(value) is not int and type(value) is not str:
            return _source_line(src, lang, developer)
    key = (src, lang, developer)
    said = _SOURCES.get(key)
    if said is None:
        if len(_SOURCES) >= _SOURCES_KEPT:
            _SOURCES.clear()
        said = _SOURCES[key] = _source_line(src, lang, developer)
    return said


def _source_line(src: Source, lang: str, developer: bool) -> str:
    p = source_parts(src, lang, developer=developer)
    s = p["head"]
    if p["quote"]:
        s += ": " + render(fmt(lang, "quote"), {"text": p["quote"]}, Ctx(lang))
    if p["also"]:
        s += " " + p["also"]
    if p["note"]:
        s += f" — {p['note']}"
    return s


# ---- errors ----------------------------------------------------------------------------------

def quoted(text: str, lang: str = "en") -> str:
    """``text`` between the language's quotation marks ('…' / «…»)."""
    return render(fmt(lang, "quote_short"), {"text": text}, Ctx(lang))


def _tries(v: Variant | None, lang: str) -> dict[str, str]:
    """A draw, a meld and a discard of the variant's examples, quoted, to try."""
    texts = _EXAMPLES if v is None else _examples_of(v)
    name = v.base_name() if v is not None else ""
    draw, meld, discard = (quoted(action_text(parse_action(t), lang, name), lang)
                           for t in (texts[0], texts[2], texts[-1]))
    return {"draw": draw, "meld": meld, "discard": discard}


def _take_forms(v: Variant | None, lang: str) -> dict[str, str]:
    """The ways to write taking the pile in ``v``, quoted, with slots for the cards and the
    meld: the whole pile in Canasta Real, at a depth in Canasta individual, never onto a meld
    where the variant does not take it so (Canasta Americana)."""
    forms = catalogue(lang)["actions"]
    ctx = Ctx(lang, v.base_name() if v is not None else "")
    take = render(forms["take"], {}, ctx)
    if v is not None and v.wild_ends:
        ways = [take]
    else:
        if v is not None and v.pile_any_depth:
            take += " " + render(forms["take.depth"], {"depth": fmt(lang, "slot.depth")}, ctx)
        ways = [f"{take} {render(forms['take.with'], {'cards': fmt(lang, 'slot.cards')}, ctx)}"]
        if v is None or v.pile_take_onto_meld:
            ways.append(
                f"{take} {render(forms['take.onto'], {'target': fmt(lang, 'slot.meld')}, ctx)}")
    return {"expected": fmt(lang, "or").join(quoted(w, lang) for w in ways)}


# the facts an error's template takes from the game its text was typed in (None: no game known)
_GAME_FACTS: dict[str, Callable[[Variant | None, str], dict[str, Any]]] = {
    "action.unknown": lambda v, lang: {"expected": action_forms(v, lang)},
    "action.empty": _tries,
    "action.take": _take_forms,
}


def in_game(error: CanastaError, variant: Variant) -> CanastaError:
    """A malformed action's ``error`` with the facts its template takes from the game, in both
    languages: for an error raised where the game was not known and told of where it no longer
    is (a record's action, at the file's place)."""
    game = _GAME_FACTS.get(error.key)
    if game is None or not isinstance(error, InvalidActionError):
        return error
    en, es = game(variant, "en"), game(variant, "es")
    facts = {**{k: L(en[k], es[k]) for k in en}, **error.facts}
    return InvalidActionError(key=error.key, facts=facts, given=error.given)


def error_template_text(key: str, facts: Mapping[str, Any], lang: str = "en",
                        variant: Variant | None = None) -> str:
    """The message of an error's template (``[errors]``), filled with its facts, in the words
    of ``variant`` (the game the text was typed in) where one is given."""
    table = catalogue(lang).get("errors", {})
    text = table.get(key) or catalogue("en").get("errors", {}).get(key, key)
    game = _GAME_FACTS.get(key)
    if game is not None:
        facts = {**game(variant, lang), **facts}
    return render(str(text), facts, Ctx(lang, variant.base_name() if variant else "", ""))


def error_text(error: BaseException, lang: str = "en", variant: Variant | None = None) -> str:
    """An error's message in ``lang``: the project's errors carry a template key and facts (an
    illegal action, its explanation); any other error reads as it was raised. ``variant``: the
    game the text was typed in, whose words and actions a malformed action is told of."""
    explanation = getattr(error, "explanation", None)
    if explanation is not None:
        action = getattr(error, "action_text", "")
        act = getattr(error, "action", None)
        if act is not None:  # the action as the reader would write it ('llevarse el montón')
            action = action_text(act, lang, explanation.variant)
        head = render(fmt(lang, "illegal"), {"action": action}, Ctx(lang)) if action else \
            fmt(lang, "illegal_plain")
        return f"{head}{explanation.message(lang)} [{explanation.rule}]"
    if isinstance(error, CanastaError) and error.key:
        return error.prefix(lang) + error_template_text(error.key, error.facts, lang, variant)
    if isinstance(error, CanastaError) and (lang != "en" or variant is not None):
        inner = error.__cause__ or error.__context__
        if isinstance(inner, CanastaError) and inner.key:
            return error.prefix(lang) + error_text(inner, lang, variant)
    return str(error)
