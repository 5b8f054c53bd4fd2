"""Accessibility basics of what the widgets draw, checked without a browser: every button and
toggle is described in both languages, a quiz answer is marked by a sign as well as by colour,
and the cards differ without colour."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import ipywidgets as widgets
import pytest

from canasta.cards import Card
from canasta.records import load_record
from canasta.render.svg import card_label, card_svg
from canasta.widgets import (
    GameStepper,
    LanguageSwitch,
    PlayTable,
    Quiz,
    RulesSandbox,
    ScoreCalculator,
)
from canasta.widgets.compare import VariantComparer

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def walk(w: widgets.Widget) -> Iterator[widgets.Widget]:
    yield w
    for child in getattr(w, "children", ()):
        yield from walk(child)


def all_widgets(lang: str) -> list[widgets.Widget]:
    made = [GameStepper(load_record(EXAMPLES / "classic_sample_game.json")),
            RulesSandbox(sorted((EXAMPLES / "exercises").glob("0*.json"))[:4]),
            ScoreCalculator(EXAMPLES / "classic_sample_final_table.json"),
            PlayTable(seed=11), Quiz(seed=2024), VariantComparer()]
    switch = LanguageSwitch(*made, value=lang)
    return [switch, *made]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_button_and_toggle_is_described(lang: str) -> None:
    buttons = toggles = 0
    for top in all_widgets(lang):
        for w in walk(top):
            if isinstance(w, widgets.Button):
                buttons += 1
                assert w.description.strip() and w.tooltip and w.tooltip.strip(), (type(top), w)
            elif isinstance(w, widgets.ToggleButtons):
                toggles += 1
                assert len(w.tooltips) == len(w.options), (type(top), w.options)
                assert all(t.strip() for t in w.tooltips)
    assert buttons >= 10 and toggles >= 2


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_card_table_labels_every_control_and_card_for_screen_readers(lang: str) -> None:
    """What the card table draws as buttons (cards, stock, pile, melds, the bar) is named in the
    language chosen, with a tooltip where it has a caption; cards say their name in words."""
    table = PlayTable(seed=464, lang=lang)
    table.play("draw")
    table.hint()
    view = table.table.view
    for b in view["buttons"]:
        assert b["label"].strip() and b["tip"].strip(), b
    for c in view["hand"]["cards"]:
        assert c["aria"].startswith(c["label"]) and c["label"] == card_label(Card.parse(c["c"]), lang)
    assert view["stock"]["aria"] and view["pile"]["aria"] and view["typed"]["label"]
    assert all(m["aria"] for s in view["sides"] for m in s["melds"])
    tips = {b["do"]: b["tip"] for b in view["buttons"]}
    assert tips["hint"] == ("Suggest one move and say why" if lang == "en"
                            else "Sugerir una jugada y decir por qué")


def test_sandbox_moment_tooltips_follow_the_language() -> None:
    box = RulesSandbox([EXAMPLES / "exercises" / "02_no_runs.json"])
    assert box.moment.tooltips == ("The player has not drawn yet this turn",
                                   "The player has drawn (or taken the pile) and may meld and discard")
    box.lang = "es"
    assert box.moment.tooltips[0] == "El jugador aún no ha robado en este turno"
    assert box.moment.value == "play"  # the chosen moment stays


def test_an_answered_quiz_marks_right_and_wrong_with_a_sign() -> None:
    quiz = Quiz(seed=2024)
    q = quiz.question
    texts = [q.choice_text(c, "en") for c in q.choices]
    assert [b.description for b in quiz.choices.children] == texts  # no mark before answering
    wrong = next(c for c in q.choices if c != q.answer)
    assert quiz.answer(wrong) is False
    for value, text, b in zip(q.choices, texts, quiz.choices.children, strict=True):
        mark = "✔ " if value == q.answer else "✘ " if value == wrong else ""
        assert b.description == mark + text and b.tooltip == text and b.disabled
    quiz.next_question()
    right = quiz.question.answer
    assert quiz.answer(right) is True
    marked = [b.description for b in quiz.choices.children if b.description[:1] in "✔✘"]
    assert marked == ["✔ " + quiz.question.choice_text(right, "en")]


def test_cards_differ_without_colour() -> None:
    """The glyphs drawn on a card (not its colour, nor its hidden label) tell the 52 faces and
    the joker apart; each card is also named in words."""
    faces = [Card.parse(f"{r}{s}") for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split() for s in "♠♥♦♣"]
    faces.append(Card.parse("JK"))
    drawn = {tuple(re.findall(r"<text[^>]*>([^<]*)</text>", card_svg(c))) for c in faces}
    assert len(drawn) == len(faces)
    assert ("K", "♥", "♥") in drawn and ("K", "♦", "♦") in drawn
    for c in faces:
        svg = card_svg(c, lang="es")
        assert f'aria-label="{card_label(c, "es")}"' in svg and 'role="img"' in svg
