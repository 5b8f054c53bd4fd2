"""Rule texts agree with the engine and the variant: each variant's texts are rendered with its own
parameters and words, the examples a reader found wrong stay fixed, and every sentence of a seed
that states a rule is cited by some rule of its variant."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from seed_sentences import STATED

import canasta
from canasta.catalogue import rules
from canasta.houserules import house_variant
from canasta.situation import situation
from canasta.variants import VARIANTS
from canasta.words import rule_field, variant_params

SEED_OF = {"000": "americana", "001": "real", "002": "individual", "003": "classic",
           "004": "rioplatense"}
ACCENTED = str.maketrans("", "", "áéíóúÁÉÍÓÚñÑüÜ")


def numbers(value: Any) -> set[int]:
    """Every whole number a parameter holds (tables and tuples too)."""
    if isinstance(value, bool):
        return set()
    if isinstance(value, int):
        return {abs(value)}
    if isinstance(value, (tuple, list)):
        return set().union(*(numbers(v) for v in value)) if value else set()
    if hasattr(value, "facts"):  # a phrase of a table (the card values, the opening bands)
        return numbers(tuple(v for _, v in value.facts))
    return set()


def in_text(text: str) -> set[int]:
    return {int(n.replace(".", "")) for n in re.findall(r"\d+(?:\.\d{3})*", text)}


@pytest.mark.parametrize("variant", [v.name for v in VARIANTS])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_rule_text_is_rendered_with_its_variants_parameters(variant: str, lang: str) -> None:
    """Every number of a rule's text is one of the variant's own (or written in the template,
    like the 52 cards of a deck): nothing of another variant shows through."""
    v = canasta.find_variant(variant)
    own = set().union(*(numbers(p) for p in variant_params(v).values()))
    for e in rules(v):
        text = e.text(lang)
        assert text and "{" not in text and "?" not in text, (e.id, text)
        template = rule_field(e.id, "text", lang, variant) or ""
        fixed = in_text(re.sub(r"\{[^{}|]*\}", "", template))
        assert in_text(text) <= own | fixed, (e.id, text, in_text(text) - own - fixed)


def test_a_house_rule_changes_the_texts_that_name_it() -> None:
    v = house_variant("classic", target=7500, canasta_natural=650, going_out_bonus=150)
    texts = {e.id: e.text("en") for e in rules(v)} | {f"{e.id}.es": e.text("es") for e in rules(v)}
    assert "7500" in texts["game.end"] and "7500" in texts["game.end.es"]
    assert "650" in texts["score.canasta"] and "150" in texts["score.going-out.es"]


def _text(variant: str, rid: str, lang: str = "en") -> str:
    return next(e.text(lang) for e in rules(variant) if e.id == rid)


def _cited(variant: str, rid: str) -> str:
    src = canasta.find_variant(variant).source(rid)
    assert src is not None
    return " ".join((src.quote, *src.also))


def test_the_texts_a_reader_found_wrong() -> None:
    # rioplatense: the card-value table, no canasta for red threes, no frozen pile, two draws
    assert "| A, 2 | 20 |" in _cited("rioplatense", "score.meld-cards")
    assert "A and 2: 20" in _text("rioplatense", "score.meld-cards")
    assert "no canasta" in _text("rioplatense", "score.red-threes")
    assert "ninguna canasta" in _text("rioplatense", "score.red-threes", "es")
    for lang in ("en", "es"):
        assert not re.search("froz|congel", _text("rioplatense", "deal.upcard", lang))
    assert "(2 when two play)" in _text("rioplatense", "draw.stock")
    assert "(2 cuando juegan dos)" in _text("rioplatense", "draw.stock", "es")
    # individual: any depth, nothing owed
    assert "whole" not in _text("individual", "pile.depth") and "any depth" in _text("individual", "pile.depth")
    assert "no duty to play them" in _text("individual", "pile.take-depth")
    assert "pile.owed" not in {e.id for e in rules("individual")}
    # americana
    assert "more than 8500" in _text("americana", "game.end")
    assert "pasa de 8500" in _text("americana", "game.end", "es")
    assert "2500" in _text("americana", "score.canasta")
    assert "exactly 7" in _text("americana", "meld.canasta")
    assert "never goes onto a meld" in _text("americana", "pile.use-top")
    assert "discarding the last card" in _text("americana", "out.went-out")
    assert "melding" not in _text("americana", "out.went-out")
    # real: no opening, and a natural 2 in the run is said as such
    for lang in ("en", "es"):
        assert not re.search("open|bajado", _text("real", "meld.one-at-a-time", lang))
    st = situation("real", phase="play", hands={"Tú": "A♥ 2♥ 4♥ 9♣ 9♦"})
    exp = next(e for e in st.check("meld A♥ 2♥ 4♥").walk() if e.rule == "run.in-sequence")
    assert "one wild 2 fills only one place" in exp.message()  # never "there is no 2"
    # the seed sentences no rule used to cite
    assert "Los comodines y todos los doses son libres." in _cited("classic", "meld.wild-limit")
    assert "alcanza con que un jugador llegue al puntaje mínimo" in _cited("rioplatense", "open.minimum")
    assert "No se tendrán en cuenta" in _cited("rioplatense", "open.minimum")


def seeds_dir() -> Path | None:
    here = Path(__file__).resolve()
    for base in (here.parents[1], *here.parents[2:4]):
        d = base / "shared" / "seeds"
        if d.is_dir():
            return d
    return None


def sentences(text: str) -> list[str]:
    return [" ".join(s.split()) for s in re.split(r"(?<=[.;:!?])\s+(?=[A-ZÁÉÍÓÚÑ¿¡])", text)
            if s.strip()]


@pytest.mark.parametrize("seed", sorted(STATED))
def test_every_sentence_of_a_seed_that_states_a_rule_is_cited(seed: str) -> None:
    variant = canasta.find_variant(SEED_OF[seed])
    plain = (lambda s: s.translate(ACCENTED)) if seed == "001" else (lambda s: s)
    quotes: list[str] = []
    for rid in variant.rule_ids():
        src = variant.source(rid)
        if src is not None and src.kind == "seed":
            for q in (src.quote, *src.also):
                quotes += [plain(s) for s in sentences(q)] + [plain(" ".join(q.split()))]
    d = seeds_dir()
    text = ""
    if d is not None:
        text = " ".join(next(d.glob(f"{seed}_*.txt")).read_text("utf-8").split())
    uncited = []
    for sentence in STATED[seed]:
        if text:
            assert sentence in text, f"not in the seed {seed}: {sentence}"
        s = plain(sentence)
        if not any(q in s or s in q for q in quotes):
            uncited.append(sentence)
    assert uncited == []
