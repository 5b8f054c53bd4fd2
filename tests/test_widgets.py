"""Widget handlers, driven without a browser: call a handler, read the widgets' values."""

from __future__ import annotations

from pathlib import Path

import pytest

from canasta.errors import RecordError
from canasta.widgets import (
    GameStepper,
    LanguageSwitch,
    PlayTable,
    Quiz,
    RulesSandbox,
    load_exercise,
    parse_exercise,
)

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
EXERCISES = sorted(p for p in (EXAMPLES / "exercises").glob("*.json")
                   if load_exercise(p).kind == "situation")


# ---- the game stepper -----------------------------------------------------------------------

@pytest.fixture(scope="module")
def record():  # type: ignore[no-untyped-def]
    records = pytest.importorskip("canasta.records")  # being written alongside
    sample = EXAMPLES / "classic_sample_game.json"
    if not sample.exists():
        pytest.skip("the sample game record is being written alongside")
    return records.load_record(sample)


def test_stepper_next_moves_one_action_and_shows_its_explanation(record) -> None:  # type: ignore[no-untyped-def]
    s = GameStepper(record)
    n = len(record.entries)
    assert s.counter.value == f"<b>Step 0 / {n}</b>"
    assert "deal.hands" in s.decision.value
    s.next()
    assert s.step == 1 and f"Step 1 / {n}" in s.counter.value
    first = record.entries[0]
    exp = s.steps[0].explanation
    assert f'data-rule="{exp.rule}"' in s.decision.value
    assert exp.message("en").split("'")[0] in s.decision.value
    assert first.action.split(":")[-1].strip() in s.decision.value
    assert len(s.state.history) == 1
    s.previous()
    assert s.step == 0
    s.last()
    assert s.step == n and s.state.hand_over
    assert "canasta-result" in s.board.value  # the final count is shown at the last step
    s.next()
    assert s.step == n  # no step beyond the last
    s.first()
    assert s.step == 0


def test_stepper_shows_slips_at_their_step(record) -> None:  # type: ignore[no-untyped-def]
    s = GameStepper(record)
    steps_with_slips = [k + 1 for k, rs in enumerate(s.steps) if rs.slips]
    assert steps_with_slips, "the sample record documents the text's slips"
    k = steps_with_slips[0]
    s.go(k)
    slip, exp = s.steps[k - 1].slips[0]
    assert "canasta-slip" in s.slips.value and f'data-rule="{exp.rule}"' in s.slips.value
    assert not exp.allowed
    s.go(k - 1 if k > 1 else k + 1)
    assert s.slips.value == "" or all(not rs.slips for rs in [s.steps[s.step - 1]])


# ---- the rules sandbox ----------------------------------------------------------------------

def test_sandbox_refuses_an_illegal_meld_with_its_rule_id() -> None:
    sb = RulesSandbox(EXERCISES)
    sb.menu.value = next(i for i, e in enumerate(sb.situations) if e.path.endswith("02_no_runs.json"))
    assert sb.action.value == "meld 5♥ 6♥ 7♥"
    before = sb.build().to_dict()
    sb.ask()
    assert 'data-rule="meld.same-rank"' in sb.verdict.value and "✘ refused" in sb.verdict.value
    assert "mixes ranks 5, 6, 7" in sb.verdict.value
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
    pytest.importorskip("canasta.scenario")  # being written alongside
    table = EXAMPLES / "classic_sample_final_table.json"
    if not table.exists():
        pytest.skip("the told final table is being written alongside")
    from canasta.widgets.calculator import ScoreCalculator

    calc = ScoreCalculator(table)
    calc.count()
    assert calc.result is not None and calc.result.totals == [760, -40]
    html = calc.breakdown.value
    assert ">760<" in html and ">−40<" in html and 'data-rule="score.canasta"' in html


def test_scoring_exercise_is_counted_by_the_engine_in_the_quiz() -> None:
    pytest.importorskip("canasta.scenario")  # being written alongside
    path = EXAMPLES / "exercises" / "11_final_table.json"
    if not (EXAMPLES / "classic_sample_final_table.json").exists():
        pytest.skip("the told final table is being written alongside")
    q = Quiz(seed=0, exercises=[path])
    assert q.question.kind == "scoring" and q.question.answer == 760
    assert not q.answer(740)
    assert "Not quite: the answer is 760." in q.feedback.value
    assert 'data-rule="score.hand-cards"' in q.feedback.value
    with pytest.raises(RecordError, match="open it in the ScoreCalculator or the Quiz"):
        RulesSandbox([path])


# ---- the play table -------------------------------------------------------------------------

def test_play_table_refuses_an_illegal_action_without_changing_the_game() -> None:
    t = PlayTable(seed=4)
    before = t.state.to_dict()
    assert not t.play("discard " + t.state.hands[0][0].text)
    assert 'data-rule="turn.draw-first"' in t.feedback.value and "✘ refused" in t.feedback.value
    assert t.state.to_dict() == before
    assert not t.play("meld nonsense")
    assert "Not understood" in t.feedback.value
    assert t.state.to_dict() == before
    assert t.choice.options == ("draw",) or "draw" in t.choice.options


def test_play_table_plays_bots_explains_every_decision_and_undoes() -> None:
    t = PlayTable(seed=4, bots=("random", "greedy", "random"))
    start = t.state.to_dict()
    assert t.play("draw")
    assert 'data-rule="draw.stock"' in t.feedback.value
    discard = next(a for a in t.choice.options if a.startswith("discard"))
    t.choice.value = discard
    t.play_choice()
    assert t.state.actor == 0 or t.state.hand_over  # the bots have played up to your turn
    seats = {s.seat for s in t.state.history}
    assert seats >= {0, 1, 2, 3} or t.state.hand_over
    assert t.decisions.value.count("canasta-decision") == min(12, len(t.state.history))
    assert not t.state.conservation_errors()
    t.hint()
    assert "Legal actions" in t.hint_box.value and "<code>draw</code>" in t.hint_box.value
    t.undo()
    assert [s.action.text for s in t.state.history] == ["draw"]
    t.undo()
    assert t.state.to_dict() == start
    t.undo()
    assert "Nothing to undo" in t.feedback.value


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

def test_language_switch_changes_every_message() -> None:
    sb = RulesSandbox(EXERCISES)
    sb.ask()
    t = PlayTable(seed=2)
    t.play("discard 4♠")
    q = Quiz(seed=3)
    q.answer(q.question.answer)
    switch = LanguageSwitch(sb, t, q)
    english = (sb.verdict.value, sb.board.value, t.feedback.value, t.board.value, q.feedback.value,
               q.prompt.value, q.tally.value)
    switch.value = "es"
    assert sb.lang == t.lang == q.lang == "es"
    spanish = (sb.verdict.value, sb.board.value, t.feedback.value, t.board.value, q.feedback.value,
               q.prompt.value, q.tally.value)
    assert all(e != s for e, s in zip(english, spanish, strict=True))
    assert "Tú melds K♣ K♥ K♠ / 8♦ 8♠ 2♣" in english[0]
    assert "Tú baja K♣ K♥ K♠ / 8♦ 8♠ 2♣" in spanish[0]
    assert "debe robar del mazo" in spanish[2]
    assert "Aciertos: 1 de 1" == spanish[6]
    assert "Pregunta" in q.header.value and t.choice.description == "Jugadas legales"
    switch.value = "en"
    assert sb.verdict.value == english[0]


def test_widget_reprs_are_short_and_deterministic() -> None:
    assert repr(PlayTable(seed=1)) == "PlayTable(classic, seed 1, 0 actions, draw)"
    assert repr(Quiz(seed=1)) == "Quiz(question 1, 0 right of 0)"
    assert repr(LanguageSwitch()) == "LanguageSwitch(value='en')"
