"""The class's results a teacher can trust: one student who floods the folder or forges a file
pushes nobody out and changes no verdict (the engine judges every answer again from the quiz's
seed); one bad file is one line; names are one student however they are typed; a save is whole
or absent; a CSV file round-trips and opens in a spreadsheet as text."""

from __future__ import annotations

import dataclasses
import os
import unicodedata
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from canasta.errors import RecordError
from canasta.explain import L
from canasta.results import QuizResults, class_summary, name_key, parse_results
from canasta.widgets import ClassResults, Quiz
from canasta.widgets import handin as handin_module
from canasta.widgets.classresults import MAX_PER_NAME, engine_judge
from canasta.widgets.handin import hand_in

SEED = 2024


def answered(name: str, right: tuple[bool, ...], seed: int = SEED) -> QuizResults:
    quiz = Quiz(seed=seed)
    quiz.name.value = name
    for ok in right:
        q = quiz.question
        quiz.answer(q.answer if ok else next(c for c in q.choices if c != q.answer))
        quiz.next_question()
    return quiz.results()


def write(folder: Path, r: QuizResults) -> Path:
    return hand_in(r, folder)


# ---- 2. one student cannot push the class out -------------------------------------------------

def test_a_flooding_student_pushes_no_real_student_out(tmp_path: Path) -> None:
    real = ["Ana", "Bruno", "Carla", "Diego", "Elena"]
    for name in real:
        write(tmp_path, answered(name, (True, False)))
    flood = answered("Zz", (True,))
    text = flood.to_json()
    for i in range(1500):  # written past the server's limits, as a script would
        (tmp_path / f"quiz-Zz-20261120T100000-{i:06x}.json").write_text(text, "utf-8")
    view = ClassResults(tmp_path)
    summary = view.class_summary
    assert set(real) <= set(summary.students)
    assert any("Zz" in s and "1,480 more files" in s for s in view.skipped), view.skipped


def test_hand_ins_are_capped_per_page_per_name_and_per_folder(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CANASTA_RESULTS_DIR", str(tmp_path))
    quiz = Quiz(seed=SEED)
    quiz.name.value = "Ana"
    quiz.answer(quiz.question.answer)
    results = [quiz.hand_in() for _ in range(25)]
    assert results.count(True) == handin_module.MAX_HAND_INS
    assert "the most" in quiz.handed.value
    for _ in range(MAX_PER_NAME - handin_module.MAX_HAND_INS):
        write(tmp_path, quiz.results())
    with pytest.raises(handin_module.FolderFull):
        write(tmp_path, quiz.results())
    assert len(list(tmp_path.glob("quiz-Ana-*"))) == MAX_PER_NAME
    monkeypatch.setattr(handin_module, "MAX_FOLDER_FILES", MAX_PER_NAME + 1)
    write(tmp_path, answered("Bea", (True,)))
    with pytest.raises(handin_module.FolderFull):
        write(tmp_path, answered("Cai", (True,)))


# ---- 3. one bad file is one line --------------------------------------------------------------

@pytest.mark.parametrize("bad", [
    "name,seed\n" + "x" * 140_000 + ",1\n",
    'name,seed,variant\r"Ana"\rx,1\n' + "a\rb,2,c\n",
    "\x00" * 50,
])
def test_one_bad_file_never_breaks_the_view(tmp_path: Path, bad: str) -> None:
    good = answered("Ana", (True,))
    (tmp_path / "a.json").write_text(good.to_json(), "utf-8")
    (tmp_path / "bad.csv").write_text(bad, "utf-8", newline="")
    view = ClassResults(tmp_path)
    assert view.class_summary.students == ("Ana",)
    assert len(view.skipped) == 1 and view.skipped[0].startswith("bad.csv: ")


def test_a_bare_carriage_return_field_is_reported_not_raised() -> None:
    text = answered("Ana", (True,)).to_csv().replace('"Ana"', "An\ra")
    with pytest.raises(RecordError):
        parse_results(text, "x.csv")


names = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=30)


@settings(max_examples=300, deadline=None)
@example(name="Ana\rBo", why="a\rb")
@example(name="\r", why="\r\n\r")
@example(name="=1+1", why='"quoted" \n')
@given(name=names, why=st.text(st.characters(blacklist_categories=("Cs",)), max_size=40))
def test_csv_round_trips_any_text(name: str, why: str) -> None:
    base = answered("Ana", (True,))
    a = dataclasses.replace(base.answers[0], why=L(why, why), answer=L(name, name))
    r = dataclasses.replace(base, name=name, answers=(a,))
    back = parse_results(r.to_csv(), "r.csv")
    assert back.answers == r.answers
    assert name_key(back.name) == name_key(name)


@pytest.mark.parametrize("name", ["=HYPERLINK(\"http://x\")", "+1", "-2+3", "@SUM(A1)", "'quoted"])
def test_a_formula_name_is_text_in_a_spreadsheet(name: str) -> None:
    r = dataclasses.replace(answered("Ana", (True,)), name=name)
    row = r.to_csv().splitlines()[1]
    assert row.startswith("\"'"), row
    assert parse_results(r.to_csv(), "r.csv").name == name


# ---- 4. the engine is the judge ---------------------------------------------------------------

def forge(r: QuizResults, **changes: object) -> QuizResults:
    return dataclasses.replace(r, answers=tuple(dataclasses.replace(a, **changes)
                                                for a in r.answers))


def test_a_forged_verdict_or_answer_counts_for_nothing() -> None:
    honest = answered("Ana", (True, True, True))
    liar = forge(answered("Bo", (False, False, False)), right=True, correct=L("lies", "mentiras"),
                 why=L("because", "porque"))
    summary = class_summary([liar, honest], engine_judge())
    assert [(q.right, q.asked) for q in summary.questions] == [(1, 2)] * 3
    quiz = Quiz(seed=SEED)
    assert summary.questions[0].correct.en == quiz.question.choice_text(quiz.question.answer, "en")
    assert any("Bo" in str(n) and "otherwise" in str(n) for n in summary.notes)


def test_one_answer_per_question_per_student() -> None:
    r = answered("Bo", (False,))
    copies = dataclasses.replace(r, answers=r.answers * 200)
    summary = class_summary([copies, answered("Ana", (True,))], engine_judge())
    assert [(q.right, q.asked) for q in summary.questions] == [(1, 2)]
    assert any("more than once" in str(n) for n in summary.notes)


def test_a_file_under_another_students_name_does_not_replace_them() -> None:
    lucia = answered("Lucía", (True, True))
    forger = dataclasses.replace(answered("Lucía", (False, False)),
                                 saved="2099-01-01T00:00:00+00:00")
    summary = class_summary([lucia, forger], engine_judge())
    assert summary.students == ("Lucía", "Lucía (2)")
    assert [(q.right, q.asked) for q in summary.questions] == [(1, 2), (1, 2)]
    assert any("different quizzes" in str(n) for n in summary.notes)


def test_names_are_made_normal() -> None:
    decomposed = unicodedata.normalize("NFD", "Lucía")
    assert decomposed != "Lucía"
    first = answered("Lucía", (True,))
    again = dataclasses.replace(first, name=f"  {decomposed[:2]}\u200b{decomposed[2:]} ",
                                saved="2099-01-01T00:00:00+00:00")
    # the empty quiz saved first (a fixed time: two saves a second apart would be two quizzes)
    empty = dataclasses.replace(answered("LUCÍA", ()), saved="2000-01-01T00:00:00+00:00")
    summary = class_summary([first, again, empty])
    assert summary.students == ("Lucía",)
    assert name_key("Ana   María") == name_key("ana maría")


def test_another_seed_is_flagged_and_kept_apart() -> None:
    class_ = [answered(n, (True, False)) for n in ("Ana", "Bo", "Cai")]
    other = answered("Dee", (True, True), seed=7)
    summary = class_summary([*class_, other], engine_judge())
    assert summary.seed == SEED and "Dee" not in summary.students
    assert [q.asked for q in summary.questions] == [3, 3]
    assert any("seed 7" in str(n) and str(n).startswith("Dee: ") for n in summary.notes)


def test_an_answer_to_a_question_the_seed_does_not_ask_is_left_out() -> None:
    r = answered("Ana", (True,))
    forged = forge(r, question=L("Is 2+2 four?", "¿2+2 son cuatro?"))
    summary = class_summary([forged], engine_judge())
    assert summary.questions == ()
    assert any("not what the quiz's seed asks" in str(n) for n in summary.notes)


def test_a_flooding_and_a_forging_student_leave_every_real_student_judged_by_the_engine(
        tmp_path: Path) -> None:
    plans = {"Ana": (True, True), "Bruno": (True, False), "Carla": (False, True),
             "Diego": (False, False), "Elena": (True, True)}
    for name, plan in plans.items():
        write(tmp_path, answered(name, plan))
    flood = answered("Flo", (True,)).to_json()
    for i in range(1200):
        (tmp_path / f"quiz-Flo-20261120T100000-{i:06x}.json").write_text(flood, "utf-8")
    liar = forge(answered("Gus", (False, False)), right=True)
    (tmp_path / "quiz-Gus-20261120T110000-aaaaaa.json").write_text(liar.to_json(), "utf-8")
    summary = ClassResults(tmp_path).class_summary
    assert set(plans) | {"Flo", "Gus"} == set(summary.students)
    rights = [sum(plan[i] for plan in plans.values()) for i in range(2)]
    assert [(q.right, q.asked) for q in summary.questions] == [(rights[0] + 1, 7), (rights[1], 6)]


# ---- 5. saves are whole or absent -------------------------------------------------------------

@pytest.mark.parametrize("cut", [0, 1, 50, 400, -2])
def test_a_cut_file_is_an_incomplete_file_in_both_languages(cut: int) -> None:
    data = answered("Ana", (True, False)).to_json().encode()
    with pytest.raises(RecordError) as e:
        parse_results(data[:cut], "quiz-Ana.json")
    assert "incomplete file" in str(e.value)
    from canasta.words import error_text

    assert "archivo incompleto" in error_text(e.value, "es")


def test_a_cut_csv_file_is_an_incomplete_file() -> None:
    text = answered("Ana", (True, False)).to_csv()
    with pytest.raises(RecordError, match="incomplete file"):
        parse_results(text[: text.rindex(",") - 3], "a.csv")


def test_a_hand_in_that_fails_leaves_no_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    r = answered("Ana", (True,))

    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError):
        hand_in(r, tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_the_summary_names_the_hardest_question_or_none() -> None:
    assert class_summary([]).hardest is None
    summary = class_summary([answered("Ana", (True, False)), answered("Bo", (True, False))])
    assert summary.hardest is not None and summary.hardest.number == 2


@pytest.mark.parametrize("lang", ["en", "es"])
def test_notebook_7_runs_on_an_empty_folder(tmp_path: Path, lang: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    import tomllib

    root = Path(__file__).resolve().parents[1]
    cells = tomllib.loads((root / "tutorial" / "07_class_results.toml").read_text("utf-8"))["cells"]
    code = [c["code"] if isinstance(c["code"], str) else c["code"][lang]
            for c in cells if "code" in c]
    namespace: dict[str, object] = {}
    for source in code:
        source = source.replace('example("results")', f"Path({str(tmp_path)!r})")
        exec("from pathlib import Path\n" + source, namespace)  # noqa: S102 (the tutorial's own code)
    assert "0 " in capsys.readouterr().out


def test_a_record_saved_on_a_full_disk_leaves_the_previous_one(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from canasta import new_game
    from canasta.records import record_from_state, save_record

    path = tmp_path / "game.json"
    save_record(record_from_state(new_game("classic", seed=1)), path)
    good = path.read_bytes()

    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(RecordError, match="No space left"):
        save_record(record_from_state(new_game("classic", seed=2)), path)
    assert path.read_bytes() == good and [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_a_deeply_nested_file_is_refused_whatever_the_recursion_limit() -> None:
    import sys

    old = sys.getrecursionlimit()
    sys.setrecursionlimit(20_000)
    try:
        with pytest.raises(RecordError, match="nested too deeply"):
            parse_results(b"[" * 5000, "deep.json")
    finally:
        sys.setrecursionlimit(old)
