"""Canasta Americana and Canasta Real in every widget: the sandbox's ready-made situations, the
calculator's itemised tables, a hand at the play table against bots, and the quiz."""

from __future__ import annotations

from html import escape
from pathlib import Path

import pytest

from canasta.widgets import LanguageSwitch, Quiz, RulesSandbox, ScoreCalculator

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
AMERICANA = EXAMPLES / "exercises" / "americana"
REAL = EXAMPLES / "exercises" / "real"


# ---- the sandbox: ready-made situations ------------------------------------------------------

# (exercise, the engine's rule for each action in turn, a sentence of the last explanation)
SITUATIONS = [
    (AMERICANA / "01_hoyo_exit.json", ["meld.ok"],
     "These melds count 125 (A♠ A♦ A♣ A♥: 80, 5♠ 5♥ 5♣: 15 and K♠ K♥ K♣: 30) and your side needs "
     "125: they may go down."),
    (AMERICANA / "02_sevens_no_wild.json", ["meld.special"],
     "7♠ 7♥ 7♦ 2♣ cannot be melded: sevens never take wild cards."),
    (AMERICANA / "03_threes_replaced.json", ["meld.threes", "draw.stock"],
     "You lay down 3♥ 3♠ and draw 2 replacement cards; threes do not count for leaving the hoyo."),
    (AMERICANA / "04_special_hand.json", ["special.hand"],
     "You lay down a special hand, straight (one card of each rank and a joker): 3000; the hand is "
     "over."),
    (REAL / "01_two_moves.json", ["add.ok"],
     "8♥ takes the place of 2♣, which stood for the 8 and moves to the end, as the 10."),
    (REAL / "02_no_wrap.json", ["run.no-wrap"],
     "K♥ A♥ 2♥ 3♥ would turn the corner K-A-2: the ace goes after the K or before the 2, not "
     "between them."),
    (REAL / "03_two_wilds.json", ["run.wild-limit"],
     "9♣ 2♦ J♣ 2♥ K♣ would need 2 2s as wild cards, and a run holds at most 1"),
    (REAL / "04_de_mil.json", ["add.ok"],
     "The run of clubs now goes from ace to ace without a wild card: a canasta de mil, worth "
     "1000 at the end of the hand."),
    (REAL / "05_direct_close.json", ["meld.ok"],
     ("You empty the hand without a discard (direct close) and take the muerto of your side (11 "
      "cards), playing on without drawing.")),
]


@pytest.mark.parametrize("path, rules, sentence", SITUATIONS, ids=lambda x: getattr(x, "stem", None))
def test_sandbox_situation_is_judged_by_the_engine(path: Path, rules: list[str], sentence: str) -> None:
    sb = RulesSandbox([path])
    before = sb.build().to_dict()
    sb.ask()
    assert [e.rule for e in sb.explanations] == rules
    assert escape(sentence) in sb.verdict.value
    assert ("✘ refused" in sb.verdict.value) == (not sb.explanations[-1].allowed)
    assert sb.build().to_dict() == before  # asking never plays
    st = sb.build()
    assert st.variant.name == path.parent.name and st.conservation_errors() == []
    # the variant's own piles are on the board; red threes have no field of their own here
    assert [x["title"] for x in sb.table.view["extras"]] == [
        "Muertos" if st.variant.name == "real" else "Alas (wing piles)"]
    assert sb.our_threes.layout.display == "none" and sb.hand.layout.display is None


def test_sandbox_hoyo_needs_155_from_3000_points() -> None:
    sb = RulesSandbox([AMERICANA / "01_hoyo_exit.json"])
    sb.our_score.value = 3000
    sb.ask()
    exp = sb.explanations[-1]
    assert not exp.allowed and exp.rule == "open.minimum"
    assert escape(exp.message()) in sb.verdict.value
    assert exp.message() == ("These melds count only 125 (A♠ A♦ A♣ A♥: 80, 5♠ 5♥ 5♣: 15 and K♠ "
                             "K♥ K♣: 30), and your side needs 155 to leave the hoyo.")


def test_sandbox_special_hand_near_miss_is_refused() -> None:
    sb = RulesSandbox([AMERICANA / "04_special_hand.json"])
    sb.hand.value = sb.hand.value.replace("K♠", "Q♠")
    sb.action.value = sb.action.value.replace("K♠", "Q♠")
    sb.ask()
    exp = sb.explanations[-1]
    assert not exp.allowed and exp.rule == "special.hand"
    assert "is not a special hand: it is no straight" in exp.message()


def test_sandbox_lists_threes_and_offers_a_blank_table_of_any_variant() -> None:
    sb = RulesSandbox([AMERICANA / "03_threes_replaced.json"])
    sb.hint()
    assert "<code>meld 3♥ 3♠</code>" in sb.hints.value and "<code>draw</code>" in sb.hints.value
    blank = RulesSandbox(variant="real")
    assert blank.build().variant.name == "real"
    assert [x["title"] for x in blank.table.view["extras"]] == ["Muertos"]
    assert RulesSandbox().our_threes.layout.display is None  # classic keeps its red threes


def test_sandbox_speaks_spanish_for_runs() -> None:
    sb = RulesSandbox([REAL / "01_two_moves.json"])
    LanguageSwitch(sb, value="es")
    sb.ask()
    assert "El 8♥ ocupa el lugar del 2♣, que hacía de 8" in sb.verdict.value


# ---- the calculator --------------------------------------------------------------------------

def test_calculator_americana_table_itemised_and_changed() -> None:
    calc = ScoreCalculator(EXAMPLES / "americana_final_table.json")
    assert calc.result is not None and calc.result.totals == [2390, -2790]
    html = calc.breakdown.value
    for line in ("Special canasta of sevens (7 cards): 2500.", "Bo kept 3 aces: −1500.",
                 "2 red threes (3♦ 3♥): 300, because your side has 3 canastas.",
                 "Incomplete meld of clean aces (3 cards): −2500.",
                 "One black three (3♠): −100, because Ada and Cleo's side has no canasta."):
        assert escape(line) in html
    assert all(t.layout.display == "none" for t in calc.threes)  # threes are melds here
    assert calc.concealed.layout.display == "none"
    # one seven fewer: the special canasta is lost and its meld costs 2500 (and the 7's 5 points)
    calc.melds[0].value = calc.melds[0].value.replace("7♠ 7♠ ", "7♠ ", 1)
    calc.count()
    assert calc.result is not None and calc.result.totals == [-2615, -2790]
    assert escape("Incomplete meld of sevens (6 cards): −2500.") in calc.breakdown.value


def test_calculator_real_table_keeps_the_muertos() -> None:
    calc = ScoreCalculator(EXAMPLES / "real_final_table.json")
    assert calc.result is not None and calc.result.totals == [510, 1015]
    html = calc.breakdown.value
    assert escape("Muerto of Ada and Cleo's side: −100 (not taken).") in html
    assert 'data-rule="score.canasta-de-mil"' in html and ">1000<" in html
    assert calc.table()["extra"] == {"muerto_state": {"Tú & Bo": "taken", "Ada & Cleo": "waiting"}}
    assert [w.value for w in calc.side_state["muerto_state"]] == ["taken", "waiting"]
    assert calc.side_state["muerto_state"][1].description == "Muerto of Ada & Cleo"
    calc.side_state["muerto_state"][1].value = "taken"  # the other side took its muerto after all
    calc.count()
    assert calc.result is not None and calc.result.totals == [510, 1115]
    calc.side_state["muerto_state"][1].value = "waiting"
    calc.went_out.value = ""  # nobody closed: the stock ran out
    calc.count()
    assert calc.result is not None and calc.result.totals == [410, 1015]
    empty = ScoreCalculator(variant="real")
    assert empty.result is not None and empty.result.totals == [0, 0]


# ---- the quiz --------------------------------------------------------------------------------

@pytest.mark.parametrize("variant, kinds", [("americana", ("legal", "points", "minimum")),
                                            ("real", ("legal", "points"))])
def test_quiz_questions_work_for_every_variant(variant: str, kinds: tuple[str, ...]) -> None:
    q = Quiz(seed=3, variant=variant)
    assert q.kinds == kinds
    for _ in range(2 * len(kinds)):
        question = q.question
        assert question.answer in question.choices
        assert q.answer(question.answer)
        assert f'data-rule="{question.explanations[0].rule}"' in q.feedback.value
        q.next_question()


def test_real_points_are_the_meld_cards_at_the_end_of_the_hand() -> None:
    q = Quiz(seed=3, variant="real", kinds=("points",))
    exp = q.question.explanations[0]
    assert exp.rule == "score.meld-cards" and q.question.answer == exp.facts["points"]
    assert "at the end of the hand" in q.prompt.value
    with pytest.raises(ValueError, match="no question of kind.s. minimum can be asked in real"):
        Quiz(variant="real", kinds=("minimum",))


def test_americana_minimum_questions_reach_every_band() -> None:
    q = Quiz(seed=1, variant="americana", kinds=("minimum",))
    answers = set()
    for _ in range(30):
        exp = q.question.explanations[0]
        assert exp.rule == "open.threshold" and q.question.answer == exp.facts["need"]
        answers.add(q.question.answer)
        q.next_question()
    assert answers == {125, 155, 180} and q.question.choices == (125, 155, 180)


@pytest.mark.parametrize("path, answer", [(AMERICANA / "05_final_table.json", 2390),
                                          (REAL / "06_final_table.json", 510),
                                          (REAL / "02_no_wrap.json", False)])
def test_quiz_asks_americana_and_real_exercises(path: Path, answer: object) -> None:
    q = Quiz(seed=0, exercises=[path])
    assert q.question.kind in ("scoring", "exercise") and q.question.answer == answer
    assert q.answer(answer) and "Right!" in q.feedback.value
