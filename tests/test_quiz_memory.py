"""A quiz of a thousand questions in every variant: no error, the same widgets alive after the
thousandth question as after the first (the answer buttons are used again, never left behind),
and no memory kept for the questions already gone."""

from __future__ import annotations

import gc
import tracemalloc

import pytest
from ipywidgets.widgets import widget as widget_registry

import canasta
from canasta import fastmoves, outs, words
from canasta.render import html, svg
from canasta.results import MAX_ANSWERS
from canasta.widgets import Quiz

VARIANTS = canasta.variant_names()


def live_widgets() -> int:
    return len(widget_registry._instances)


def _click(quiz: Quiz, index: int) -> None:
    """A click on the answer button ``index``, as the page sends it."""
    quiz.choices.children[index].click()


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_thousand_questions_keep_the_same_widgets_and_no_memory(
        variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    quiz = Quiz(seed=28, variant=variant)
    quiz.name.value = "Lucía"
    next_button = quiz.next_button
    _click(quiz, 0)
    next_button.click()
    alive = live_widgets()
    traced = 0
    for n in range(2, 1001):  # the 200 answers a results file holds are given by question 600
        if n == 650:
            # the engine's kept answers are bounded tables, cleared whole when full: made small
            # from here, so that what stays is what the quiz itself keeps
            monkeypatch.setattr(fastmoves, "CACHE_LIMIT", 200)
            monkeypatch.setattr(outs, "_KNOWN_LIMIT", 200)
            # and so are the views' kept pictures, labels and places
            monkeypatch.setattr(svg, "_DRAWN_KEPT", 200)
            monkeypatch.setattr(words, "_SAID_KEPT", 200)
            monkeypatch.setattr(words, "_SOURCES_KEPT", 200)
            monkeypatch.setattr(html, "_PLACES_KEPT", 16)
        if n == 700:  # every kind of question met, the kept tables full: measure from here
            gc.collect()
            tracemalloc.start()
        if n % 3 == 0:  # a student answers many questions, not every one
            _click(quiz, n % len(quiz.question.choices))
            assert quiz.feedback.value
        next_button.click()
        assert quiz.number == n
    gc.collect()
    traced = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    assert live_widgets() == alive
    assert len(quiz.choices.children) == len(quiz.question.choices)
    assert len(quiz.answers) == MAX_ANSWERS  # what a results file holds
    assert "are not saved" in quiz.downloads.value
    # 300 questions kept about 9 MB before (31 MB per 1,000); what stays now is the current
    # question and the kept tables' churn
    print(f"{variant}: {traced:,} bytes kept over the last 300 questions")
    assert traced < 1_500_000, f"{traced:,} bytes kept over 300 questions"
