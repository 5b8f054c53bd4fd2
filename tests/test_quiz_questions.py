"""The quiz's question makers build only positions the pack allows, in every variant, with house
rules too: thousands of questions per variant and seed, each one answered by the engine."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from house_strategies import accepted_house_variant
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import canasta
from canasta.cards import make_pack
from canasta.variant import Variant
from canasta.widgets import Quiz
from canasta.widgets.asking import legal_prompt
from canasta.widgets.questions import MAKERS, Question, applies

VARIANTS = canasta.variant_names()
QUICK = settings(deadline=None, derandomize=True, database=None,
                 suppress_health_check=[HealthCheck.too_slow])


def _sound(q: Question, v: Variant) -> None:
    """What every question must be: its answer among its choices, explained by the engine, and
    any position it shows a position of the pack (every card once, no copy too many)."""
    assert q.answer in q.choices, (q.kind, q.answer, q.choices)
    assert len(set(q.choices)) == len(q.choices)
    assert q.explanations or q.result is not None
    for lang in ("en", "es"):
        assert q.prompt(lang)
    if q.state is not None:
        assert q.state.conservation_errors() == []
        held = Counter(c for hand in q.state.hands for c in hand)
        assert not held - Counter(make_pack(v.decks, v.jokers))


def _draw(variant: Variant, seed: int, count: int) -> None:
    kinds = [k for k in MAKERS if applies(k, variant)]
    for n in range(count):
        rng = random.Random(f"canasta-quiz:{seed}:{n}")
        kind = kinds[n % len(kinds)]
        try:
            q = MAKERS[kind](rng, variant)
        except Exception as e:  # the question and where it broke, for the report
            raise AssertionError(f"{variant.name} seed {seed}, question {n} ({kind}): {e!r}") from e
        _sound(q, variant)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("seed", [4, 28])
def test_a_thousand_questions_of_every_variant_and_seed_are_sound(variant: str, seed: int) -> None:
    """Seed 28 broke at its fourth question (the points question adding 3♣ 9♦ to groups of nines
    that already held both 9♦ of the pack)."""
    _draw(canasta.find_variant(variant), seed, 1000)


@pytest.mark.long
@pytest.mark.parametrize("variant", VARIANTS)
def test_thousands_of_questions_for_many_seeds(variant: str) -> None:
    for seed in range(33):
        _draw(canasta.find_variant(variant), seed, 2000)


@settings(QUICK, max_examples=40)
@given(variant=accepted_house_variant(), seed=st.integers(0, 10**6))
def test_questions_under_house_rules_are_sound(variant: Variant, seed: int) -> None:
    _draw(variant, seed, 30)


# ---- the questions in the learner's words -----------------------------------------------------

# one action of every form the quiz may ask about (a teacher's exercise may name any of them)
ASKED = ["draw", "take pile with 7♥ 7♦", "take pile onto A", "take pile at 4 with 9♠ 9♥",
         "take pile with 7♥ 7♦ and meld K♠ K♥ K♣ / 8♦ 8♠ 2♣", "take pile",
         "meld K♠ K♥ K♣", "meld K♠ K♥ K♣ / 8♦ 8♠ 2♣", "add 7♣ JK to 7", "add 2♣ to JK",
         "add 8♥ to #1, 2♣ to the start", "add 9♥ to #2, 2♣ to the end", "add 9♠ to Bo:9",
         "swap 9♠ for JK in Bo:9", "swap 9♠ for JK in Tú:9", "discard 4♠", "ask partner",
         "answer yes", "answer no", "pass", "next hand", "Bo: draw"]
# the action's text form, which is for records and typing, never for the question
SYNTAX = re.compile(r"take pile|onto|\bat \d|to the (start|end)|\b(to|a|en) (\d|[AJQK]\b|#)|"
                    r"\w:\w|<code>|\blegal\b|\bsobre\b")


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_question_reads_in_the_learners_words(variant: str) -> None:
    """Every form of action, asked of the reader and of another player, in both languages: a
    question in words ("Can you …? / ¿Puedes …?"), the variant's own words, no action syntax."""
    vocab = {"classic": ("montón", "mazo"), "americana": ("pozo", "mazo"), "real": ("pozo", "monte"),
             "individual": ("descarte", "mazo"), "rioplatense": ("pozo", "mazo")}[variant]
    for text in ASKED:
        for player in ("Tú", "Ada"):
            en, es = (legal_prompt(text, player, lang, variant) for lang in ("en", "es"))
            who = "Bo" if text.startswith("Bo:") else player
            if who == "Tú":
                assert en.startswith("It is your turn. Can you ") and es.startswith(
                    "Te toca a ti. ¿Puedes "), (en, es)
            else:
                assert en.startswith(f"It is {who}'s turn. Can {who} ") and es.startswith(
                    f"Es el turno de {who}. ¿Puede {who} "), (en, es)
            assert en.endswith(" now?") and es.endswith(" ahora?")
            for said in (en, es):
                assert not SYNTAX.search(said), said
                assert "{" not in said and "  " not in said and "?" not in said[:-1], said
            if "pile" in text and text != "take pile onto A":
                assert vocab[0] in es, es
            if text.endswith("draw"):
                assert vocab[1] in es, es
            if "Tú:9" in text:  # the reader's own meld
                assert "your meld of nines" in en and "de nueves" in es and " de Tú" not in es


def test_a_question_names_the_meld_as_the_table_shows_it() -> None:
    assert legal_prompt("take pile onto A", "Tú", "en", "classic") == (
        "It is your turn. Can you take the pile and put its top card on your meld of aces now?")
    assert legal_prompt("take pile onto A", "Tú", "es", "classic") == (
        "Te toca a ti. ¿Puedes llevarte el montón y poner su carta de arriba en tu combinación "
        "de ases ahora?")
    assert legal_prompt("take pile with 7♥ 7♦", "Tú", "es", "rioplatense") == (
        "Te toca a ti. ¿Puedes levantar el pozo con 7♥ 7♦ ahora?")
    assert legal_prompt("add 9♠ to Bo:9", "Ada", "es", "individual") == (
        "Es el turno de Ada. ¿Puede Ada añadir 9♠ a la combinación de nueves de Bo ahora?")
    assert legal_prompt("draw", "Ada", "es", "real") == (
        "Es el turno de Ada. ¿Puede Ada comprar del monte ahora?")
    # a name is escaped; a text that does not parse is quoted as written
    assert "&lt;b&gt;" in legal_prompt("add 9♠ to <b>:9", "Tú", "en", "individual")
    assert legal_prompt("dance", "Tú", "en", "classic") == (
        "It is your turn. Is <code>dance</code> legal now?")


def test_the_quiz_asks_in_the_learners_words() -> None:
    quiz = Quiz(seed=28, kinds=("legal",))
    for _ in range(20):
        for lang in ("en", "es"):
            assert not SYNTAX.search(quiz.question.prompt(lang)), quiz.question.prompt(lang)
        quiz.next_question()


def test_a_quiz_of_house_rules_asks_under_them_and_saves_the_variants_name() -> None:
    v = canasta.find_variant("individual").with_options("mesa.toml", max_wilds=0, cards_dealt=5)
    quiz = Quiz(seed=28, variant=v)
    for n in range(60):
        _sound(quiz.question, v)
        if n % 2:
            quiz.answer(quiz.question.answer)
        quiz.next_question()
    assert quiz.results().variant == "individual" and '"variant": "individual"' in quiz.results().to_json()
