"""Every number a rule text gives is the number the engine counts: the texts of each variant (and
of house rules that change a value) are read in both languages, and each value they name is held
to what the scoring gives or the checks read — the cards' values (a meld of that card scored), the
canastas' bonuses (each kind of canasta scored), going out, red threes, the opening minimum at
every band's edges."""

from __future__ import annotations

import re

import pytest

import canasta
from canasta.cards import JOKER, RANK_TEXT, Card, make_pack, parse_cards
from canasta.catalogue import rules
from canasta.melds import Meld as TableMeld
from canasta.situation import situation
from canasta.words import phrase_template

VARIANTS = {
    "classic": canasta.find_variant("classic"),
    "americana": canasta.find_variant("americana"),
    "real": canasta.find_variant("real"),
    "individual": canasta.find_variant("individual"),
    "rioplatense": canasta.find_variant("rioplatense"),
    "individual, a 2 left at its face": canasta.find_variant("individual").with_options(
        origin="test", wild_in_hand_cost=2),
    "classic, other bonuses": canasta.find_variant("classic").with_options(
        origin="test", canasta_natural=650, canasta_mixed=350, going_out_bonus=150,
        red_three_bonus=120),
}
LANGS = ("en", "es")
JOKER_WORDS = {"joker", "comodín", "jokers", "comodines"}


def text_of(v: canasta.Variant, rule: str, lang: str) -> str:
    return next(e.text(lang) for e in rules(v) if e.id == rule)


def numbers(text: str) -> set[int]:
    return {int(n.replace(".", "")) for n in re.findall(r"\d+(?:\.\d{3})*", text)}


def _lines(state: canasta.State, side: int = 0, went_out: int | None = None
           ) -> dict[str, int]:
    return {e.rule: pts for pts, e in state.variant.score_side(state, side, went_out)}


def _scored_meld(v: canasta.Variant, meld: TableMeld) -> dict[str, int]:
    state = situation(v, phase="play", names=("Tú", "Ada", "Bo", "Cleo")[:v.default_players])
    state.melds[0] = [meld]
    state.hands[0] = []
    return _lines(state)


# ---- the cards' values ------------------------------------------------------------------------

def value_table(text: str) -> dict[int, int]:
    """The table 'joker: 50; A and 2: 20; …' of a text, by rank."""
    table = text.split(": ", 1)[1].rstrip(".")
    out: dict[int, int] = {}
    for part in table.split("; "):
        ranks, _, points = part.rpartition(": ")
        for r in re.split(r", | and | y ", ranks):
            rank = JOKER if r.lower() in JOKER_WORDS else next(k for k, t in RANK_TEXT.items()
                                                                if t == r)
            out[rank] = int(points)
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_the_card_values_a_text_gives_are_what_a_meld_of_the_card_scores(name: str,
                                                                         lang: str) -> None:
    v = VARIANTS[name]
    table = value_table(text_of(v, "score.meld-cards", lang))
    faces = {c.rank: c for c in make_pack(v.decks, v.jokers)}
    assert set(table) == set(faces), "every rank of the pack, and no other"
    for rank, card in faces.items():
        lines = _scored_meld(v, TableMeld("group", rank, (card,)))
        scored = lines.get("score.meld-cards", -lines.get("score.meld-cards-negative", 0))
        assert scored == table[rank], (card.text, scored, table[rank])


# ---- the canastas' bonuses ----------------------------------------------------------------------

def _canastas(v: canasta.Variant) -> dict[str, tuple[str, str]]:
    """A canasta of each kind the variant scores: (its cards, the rule text that names its
    bonus)."""
    if v.name == "real" or v.base_name() == "real":
        return {"clean": ("3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠", "score.canasta"),
                "dirty": ("3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 2♥", "score.canasta"),
                "de mil": ("A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠", "score.canasta-de-mil")}
    out = {"natural": ("K♠ K♠ K♥ K♥ K♦ K♦ K♣", "score.canasta"),
           "mixed": ("K♠ K♠ K♥ K♥ K♦ K♦ 2♣", "score.canasta")}
    if v.base_name() == "americana":
        out["special"] = ("A♠ A♠ A♥ A♥ A♦ A♦ A♣", "score.canasta")
        out["twos"] = ("2♣ 2♣ 2♦ 2♦ 2♥ 2♥ 2♠", "score.wild-canasta")
        out["four jokers"] = ("JK JK JK JK 2♣ 2♦ 2♥", "score.wild-canasta")
        out["other wild"] = ("JK JK 2♣ 2♦ 2♥ 2♠ 2♣", "score.wild-canasta")
    if v.base_name() == "rioplatense":
        out["wild"] = ("JK JK 2♣ 2♦ 2♥ 2♠ 2♣", "meld.wild-canasta")
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_the_canasta_bonuses_a_text_gives_are_what_each_canasta_scores(name: str,
                                                                       lang: str) -> None:
    v = VARIANTS[name]
    said: dict[str, set[int]] = {}
    scored: dict[str, set[int]] = {}
    for kind, (cards, rule) in _canastas(v).items():
        meld = v.make_meld(parse_cards(cards), going_out=True)[0]
        assert meld is not None and v.canasta_kind(meld), kind
        bonus = {pts for r, pts in _scored_meld(v, meld).items()
                 if r.startswith("score.") and "canasta" in r or r == "score.wild-canasta"}
        scored.setdefault(rule, set()).update(bonus)
        # the canasta's size and a rank named in figures ("all 2s") are not bonuses
        said[rule] = numbers(re.sub(r"\b\d+s\b", "", text_of(v, rule, lang))) - {
            v.canasta_size, 14}
    assert said == scored


# ---- going out, red threes --------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_the_going_out_bonus_a_text_gives_is_what_going_out_scores(name: str, lang: str) -> None:
    v = VARIANTS[name]
    state = situation(v, phase="play", names=("Tú", "Ada", "Bo", "Cleo")[:v.default_players])
    state.hands[0] = []
    assert numbers(text_of(v, "score.going-out", lang)) == {_lines(state, 0, 0)["score.going-out"]}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", [n for n, v in VARIANTS.items() if v.red_threes == "bonus"])
def test_the_red_three_bonuses_a_text_gives_are_what_red_threes_score(name: str,
                                                                      lang: str) -> None:
    v = VARIANTS[name]
    scored = set()
    for reds in ("3♥", "3♥ 3♥ 3♦ 3♦"):
        state = situation(v, phase="play", melds={"Tú": ["K♠ K♠ K♥ K♥ K♦ K♦ K♣"]})
        state.red_threes[0] = list(parse_cards(reds))
        scored.add(_lines(state)["score.red-threes"])
    assert numbers(text_of(v, "score.red-threes", lang)) == scored


# ---- the opening minimum --------------------------------------------------------------------------

def _band_patterns(lang: str) -> list[tuple[str, re.Pattern[str]]]:
    out = []
    for key in ("opening.band-below", "opening.band-always", "opening.band-from",
                "opening.band-between"):
        template = re.escape(phrase_template(key, lang))
        for fact in ("need", "upper", "lower", "last"):
            template = template.replace(re.escape("{" + fact + "}"), rf"(?P<{fact}>−?\d+)")
        out.append((key, re.compile(template)))
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", [n for n, v in VARIANTS.items() if v.base_name() != "real"])
def test_the_opening_minimums_a_text_gives_are_what_the_checks_ask(name: str, lang: str) -> None:
    v = VARIANTS[name]
    text = text_of(v, "open.threshold", lang)
    found = 0
    for key, pattern in _band_patterns(lang):
        for m in pattern.finditer(text):
            n = {k: int(x.replace("−", "-")) for k, x in m.groupdict().items()}
            scores = {"opening.band-below": [n.get("upper", 0) - 5],
                      "opening.band-always": [-1000, 0, 10_000],
                      "opening.band-from": [n.get("lower", 0), n.get("lower", 0) + 10_000],
                      "opening.band-between": [n.get("lower", 0), n.get("last", 0)]}[key]
            for score in scores:
                assert v.opening_need(score)[0] == n["need"], (key, score, text)
            found += 1
    bands = [need for i, (_, need) in enumerate(v.opening) if i == 0 or v.opening[i - 1][1] != need]
    assert found == len(bands), text  # every band (two alike in a row are said as one)


def test_individual_says_a_melded_2_counts_as_its_wild_card_cost() -> None:
    v = VARIANTS["individual"]
    assert "2: 2" not in text_of(v, "score.meld-cards", "en")
    assert value_table(text_of(v, "score.meld-cards", "en"))[2] == 50
    assert value_table(text_of(VARIANTS["individual, a 2 left at its face"], "score.meld-cards",
                                "es"))[2] == 2
    card = Card(2, "♣")
    assert v.value(card) == 50
