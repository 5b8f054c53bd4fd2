"""Widget handlers, driven without a browser: call a handler, read the widgets' values."""

from __future__ import annotations

import re
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest

from canasta.errors import RecordError
from canasta.records import Record, load_record
from canasta.render.text import label
from canasta.widgets import (
    GameStepper,
    LanguageSwitch,
    PlayTable,
    Quiz,
    RulesSandbox,
    ScoreCalculator,
    load_exercise,
    parse_exercise,
)

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
EXERCISES = sorted(p for p in (EXAMPLES / "exercises").glob("*.json")
                   if load_exercise(p).kind == "situation")


# ---- the game stepper -----------------------------------------------------------------------

@pytest.fixture(scope="module")
def record() -> Record:
    return load_record(EXAMPLES / "classic_sample_game.json")


def test_stepper_next_moves_one_action_and_shows_its_explanation(record: Record) -> None:
    s = GameStepper(record)
    n = len(record.entries)
    assert s.counter.value == f"<b>Step 0 / {n}</b>"
    assert 'data-rule="deal.hands"' in s.decision.value and s.comment.value == ""
    s.next()
    assert s.step == 1 and s.counter.value == f"<b>Step 1 / {n}</b>"
    assert len(s.state.history) == 1 and s.state.to_dict() == s.steps[0].state.to_dict()
    exp = s.steps[0].explanation
    assert exp.rule == "draw.stock"
    assert "<b>You</b>: <code>draw</code>" in s.latest.value
    assert escape(exp.message("en")) in s.decision.value
    comment = record.entries[0].comment
    assert comment is not None and escape(comment.en) in s.comment.value
    s.next()
    assert s.step == 2 and 'data-rule="meld.ok"' in s.decision.value
    assert len(s.state.melds[0]) == 2  # the kings and the eights are on the table
    s.previous()
    assert s.step == 1 and s.state.melds[0] == []
    s.last()
    assert s.step == n and s.state.hand_over
    assert "canasta-result" in s.board.value  # the final count is shown at the last step
    s.next()
    assert s.step == n  # no step beyond the last
    s.first()
    assert s.step == 0 and repr(s) == f"GameStepper(step 0 / {n})"


def test_stepper_keeps_the_table_under_its_buttons_with_the_last_action_highlighted(
        record: Record) -> None:
    s = GameStepper(record)
    _style, nav, latest, board = s.children[:4]
    assert s.children.index(s.decision) > s.children.index(s.board)
    assert isinstance(nav, widgets.HBox) and "canasta-row" in nav._dom_classes
    assert latest is s.latest and board is s.board
    assert "The deal" in s.latest.value and "canasta-fresh" not in s.board.value
    s.go(2)  # Tú melds K♠ K♥ K♣ / 8♦ 8♠ 2♣: those six cards are marked on the table, no other
    assert "<code>meld K♠ K♥ K♣ / 8♦ 8♠ 2♣</code>" in s.latest.value and "✔" in s.latest.value
    marked = re.findall(r'class="canasta-fresh"[^>]*><svg[^>]*data-card="([^"]+)"', s.board.value)
    assert sorted(marked) == sorted(["K♠", "K♥", "K♣", "8♦", "8♠", "2♣"])
    s.go(5)  # Ada discards the 3♠: the pile's top card is marked
    marked = re.findall(r'class="canasta-fresh"[^>]*><svg[^>]*data-card="([^"]+)"', s.board.value)
    assert marked == ["3♠"]
    s.lang = "es"
    assert f"✔ {label('allowed', 'es')}" in s.latest.value


def test_stepper_shows_each_slip_at_its_step_refused(record: Record) -> None:
    s = GameStepper(record)
    assert len(record.slips) == 2
    for slip in record.slips:
        s.go(slip.after)  # one step before: no slip yet
        assert s.slips.value == ""
        s.next()
        assert s.step == slip.after + 1
        shown, exp = s.steps[slip.after].slips[0]
        assert shown == slip and not exp.allowed
        assert f'data-rule="{slip.expect_rule}"' in s.slips.value
        assert escape(exp.message("en")) in s.slips.value
        assert f"<code>{escape(slip.action)}</code>" in s.slips.value
        s.next()
        assert s.slips.value == ""
    assert "Changes made to the told story (5)" in s.changes.value


# ---- the rules sandbox ----------------------------------------------------------------------

def test_sandbox_refuses_an_illegal_meld_with_its_rule_id() -> None:
    sb = RulesSandbox(EXERCISES)
    sb.menu.value = next(i for i, e in enumerate(sb.situations) if e.path.endswith("02_no_runs.json"))
    assert sb.action.value == "meld 5♥ 6♥ 7♥"
    before = sb.build().to_dict()
    sb.ask()
    assert 'data-rule="meld.same-rank"' in sb.verdict.value and "✘ refused" in sb.verdict.value
    assert "mixes the ranks 5, 6 and 7" in sb.verdict.value
    assert sb.build().to_dict() == before  # asking never plays
    # typed cards: the same hand with a legal meld
    sb.action.value = "meld K♠ K♥ K♦"
    sb.hand.value = "K♠ K♥ K♦ 9♣ 4♦"
    sb.ask()
    assert [e.rule for e in sb.explanations] == ["meld.ok"]
    assert "✔ allowed" in sb.verdict.value


def test_sandbox_reports_bad_cards_as_input_problems_not_rules() -> None:
    sb = RulesSandbox(EXERCISES[:1])
    sb.hand.value = "K♠ ZZ"
    sb.ask()
    assert "Not understood" in sb.verdict.value and "not a card: &#x27;ZZ&#x27;" in sb.verdict.value
    assert sb.explanations == []


def test_sandbox_judges_several_actions_in_turn_and_lists_legal_actions() -> None:
    sb = RulesSandbox([load_exercise(EXAMPLES / "exercises" / "10_going_out.json")])
    sb.ask()
    assert [e.rule for e in sb.explanations] == ["meld.ok", "discard.out"]
    sb.hint()
    assert "meld A♠ A♣ A♥" in sb.hints.value or "meld A♣ A♥ A♠" in sb.hints.value


def test_teacher_loads_an_exercise_file(tmp_path: Path) -> None:
    sb = RulesSandbox()
    p = tmp_path / "mine.json"
    p.write_text('{"kind": "situation", "title": {"en": "<My> pile", "es": "Mi montón"}, '
                 '"action": "take pile with 9♠ JK", '
                 '"situation": {"hands": {"Tú": "9♠ 9♥ JK 4♦"}, "pile": "5♥ 2♦ 9♦"}}', "utf-8")
    sb.load(p)
    assert sb.menu.options[-1][0] == "<My> pile"
    sb.ask()
    assert sb.explanations[-1].rule == "pile.frozen"
    bad = tmp_path / "bad.json"
    bad.write_text('{"kind": "situation", "action": "draw", "situation": {"hands": {"Tú": "9X"}}}',
                   "utf-8")
    with pytest.raises(RecordError, match=r"bad.json: situation.hands.Tú\[0\]: not a card"):
        load_exercise(bad)
    with pytest.raises(RecordError, match="line 1, column"):
        bad.write_text("{oops", "utf-8")
        load_exercise(bad)
    with pytest.raises(RecordError, match="unknown key"):
        parse_exercise({"kind": "situation", "action": "draw", "situation": {}, "x": 1})


# ---- the score calculator ------------------------------------------------------------------

def test_calculator_gives_760_and_minus_40_for_the_told_table() -> None:
    calc = ScoreCalculator(EXAMPLES / "classic_sample_final_table.json")
    calc.count()
    assert calc.result is not None and calc.result.totals == [760, -40]
    html = calc.breakdown.value
    assert ">760<" in html and ">−40<" in html and 'data-rule="score.canasta"' in html
    assert "You were left with 9♣ A♦: −30." in html
    # a natural canasta of kings instead of the mixed one: +200 bonus, and a king (10) for the joker (50)
    calc.melds[0].value = calc.melds[0].value.replace("JK", "K♦", 1)
    calc.count()
    assert calc.result is not None and calc.result.totals == [920, -40]
    calc.hands[0].value = "9♣ A♦ 1♠"
    calc.count()
    assert calc.result is None and "hands.Tú[2]: not a card: &#x27;1♠&#x27;" in calc.breakdown.value


def test_scoring_exercise_is_counted_by_the_engine_in_the_quiz() -> None:
    path = EXAMPLES / "exercises" / "11_final_table.json"
    q = Quiz(seed=0, exercises=[path])
    assert q.question.kind == "scoring" and q.question.answer == 760
    assert not q.answer(740)
    assert "Not quite: the answer is 760." in q.feedback.value
    assert 'data-rule="score.hand-cards"' in q.feedback.value
    es = Quiz(seed=0, exercises=[path], lang="es")
    assert not es.answer(740)
    assert "No: la respuesta correcta es «760»." in es.feedback.value
    with pytest.raises(RecordError, match="open it in the ScoreCalculator or the Quiz"):
        RulesSandbox([path])


# ---- the quiz ---------------------------------------------------------------------------------

def test_quiz_answers_come_from_the_engine_with_a_tally() -> None:
    q = Quiz(seed=7)
    kinds = []
    for i in range(6):
        question = q.question
        kinds.append(question.kind)
        right = question.answer if i % 2 == 0 else next(c for c in question.choices
                                                           if c != question.answer)
        assert q.answer(right) is (i % 2 == 0)
        exp = question.explanations[0]
        assert f'data-rule="{exp.rule}"' in q.feedback.value
        assert ("Right!" if i % 2 == 0 else "Not quite") in q.feedback.value
        q.next_question()
    assert kinds == ["legal", "points", "minimum"] * 2
    assert q.tally.value == "Score: 3 right out of 6"
    again = Quiz(seed=7)
    assert again.question.prompt("en") == Quiz(seed=7).question.prompt("en")  # fixed by the seed


def test_quiz_minimum_question_matches_the_opening_rule() -> None:
    q = Quiz(seed=1, kinds=("minimum",))
    question = q.question
    exp = question.explanations[0]
    assert exp.rule == "open.threshold" and question.answer == exp.facts["need"]
    assert set(question.choices) == {15, 50, 90, 120}


def test_quiz_asks_a_teachers_exercises_first() -> None:
    q = Quiz(seed=0, exercises=[EXAMPLES / "exercises" / "05_black_three.json"])
    assert q.question.kind == "exercise" and q.question.answer is False
    q.answer(False)
    assert 'data-rule="pile.blocked"' in q.feedback.value and q.tally.value.startswith("Score: 1")
    q.add_exercise(EXAMPLES / "exercises" / "02_no_runs.json")
    q.next_question()
    assert q.question.kind == "exercise" and "No runs in Canasta" in q.prompt.value
    q.next_question()
    assert q.question.kind == "legal"  # then the engine's own questions


# ---- the language switch --------------------------------------------------------------------

def test_language_switch_changes_every_message(record: Record) -> None:
    sb = RulesSandbox(EXERCISES)
    sb.ask()
    t = PlayTable(seed=2)
    t.play("discard 4♠")
    q = Quiz(seed=3)
    q.answer(q.question.answer)
    st = GameStepper(record)
    st.go(31)
    calc = ScoreCalculator(EXAMPLES / "classic_sample_final_table.json")
    switch = LanguageSwitch(sb, t, q, st, calc)

    def messages() -> tuple[str, ...]:
        return (sb.verdict.value, str(sb.table.view), str(t.table.view["said"]), str(t.table.view),
                q.feedback.value, q.prompt.value, q.tally.value, st.counter.value, st.decision.value,
                st.slips.value, st.comment.value, st.board.value, st.changes.value,
                calc.breakdown.value)

    english = messages()
    switch.value = "es"
    assert sb.lang == t.lang == q.lang == st.lang == calc.lang == "es"
    spanish = messages()
    assert all(e != s for e, s in zip(english, spanish, strict=True))
    assert "You meld K♣ K♥ K♠ and 8♦ 8♠ 2♣" in english[0]
    assert "Bajas K♣ K♥ K♠ y 8♦ 8♠ 2♣" in spanish[0]
    assert "tienes que robar del mazo" in spanish[2]
    assert "Aciertos: 1 de 1" == spanish[6]
    assert "Pregunta" in q.header.value and t.table.view["buttons"][0]["label"] == "Bajar"
    assert spanish[7] == "<b>Paso 31 / 56</b>" and "es el turno de Bo" in spanish[9]
    assert "your side" not in spanish[13] and "tu pareja" in spanish[13]
    assert calc.hands[0].description == "Tu mano" and calc.melds[0].description == (
        "Combinaciones de tu pareja")
    switch.value = "en"
    assert messages() == english


def test_widget_reprs_are_short_and_deterministic() -> None:
    assert repr(Quiz(seed=1)) == "Quiz(question 1, 0 right of 0)"
    assert repr(LanguageSwitch()) == "LanguageSwitch(value='en')"


def test_the_switch_starts_in_the_language_the_page_was_opened_in(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from canasta.widgets import LanguageSwitch, Quiz

    monkeypatch.delenv("QUERY_STRING", raising=False)
    assert LanguageSwitch().value == "en"
    monkeypatch.setenv("QUERY_STRING", "token=abc&lang=es")  # as Voilà gives it to the kernel
    quiz = Quiz(seed=1)
    assert LanguageSwitch(quiz).value == "es" and quiz.lang == "es"
    assert "Aciertos" in quiz.tally.value
    assert LanguageSwitch(value="en").value == "en"  # asked for explicitly
    monkeypatch.setenv("QUERY_STRING", "lang=fr")
    assert LanguageSwitch().value == "en"


def test_a_typo_in_the_sandbox_is_reported_once() -> None:
    """An input problem is said in one place: under the typed action when asking found it, above
    the fields otherwise, and never again on the table."""
    box = RulesSandbox([EXAMPLES / "exercises" / "02_no_runs.json"])

    def said() -> list[str]:
        note = box.table.view.get("said") or {}
        return [v for v in (box.verdict.value, box.problem.value, str(note.get("html", "")))
                if "not a card" in v]

    box.our_melds.value = "Q♣ Q♥ Q♠ / 1♣ 1♦ 1♥"
    box.ask()
    assert said() == [box.verdict.value] and "not a card: &#x27;1♣&#x27;" in box.verdict.value
    box.hint()  # asking for the legal actions meets the same typo: still said once
    assert len(said()) == 1
    box.choose(0)  # the situation afresh, nothing asked
    box.our_melds.value = "Q♣ Q♥ 1♠"
    box.refresh()  # the problem is said above the fields
    assert said() == [box.problem.value]


def test_no_widget_is_left_with_a_missing_tooltip_the_page_would_show_as_null() -> None:
    # the front end writes a tooltip of None as title="null" over labels and buttons
    def walk(w: Any) -> Any:
        yield w
        for c in getattr(w, "children", ()):
            yield from walk(c)

    for made in (Quiz(seed=1, lang="es"), RulesSandbox(lang="es"), LanguageSwitch(),
                 ScoreCalculator(lang="es")):
        missing = [type(w).__name__ for w in walk(made)
                   if getattr(w, "description", "") and getattr(w, "tooltip", "") is None]
        assert missing == [], (type(made).__name__, missing)
