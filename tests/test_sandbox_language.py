"""The rules sandbox's action box speaks the learner's language: a ready-made situation's action,
a click on the table and a switch of language write the action as the learner would type it, in
the variant's words; anything that does not read as an action stays as typed."""

from __future__ import annotations

from canasta.examples import example
from canasta.widgets import RulesSandbox, load_exercise

EXERCISES = example("exercises")


def test_a_situation_opens_with_its_action_in_spanish_and_switches_back() -> None:
    box = RulesSandbox([EXERCISES / "09_going_out_too_soon.json"], lang="es")
    assert box.action.value == "bajar A♠ A♣ A♥; descartar 9♣"
    box.lang = "en"
    assert box.action.value == "meld A♠ A♣ A♥; discard 9♣"
    box.lang = "es"
    assert box.action.value == "bajar A♠ A♣ A♥; descartar 9♣"


def test_english_keeps_the_situations_own_text() -> None:
    box = RulesSandbox([EXERCISES / "04_frozen_pile.json"])
    assert box.action.value == load_exercise(EXERCISES / "04_frozen_pile.json").action


def test_a_click_writes_the_variants_own_words() -> None:
    real = [p for p in sorted((EXERCISES / "real").glob("*.json"))
            if load_exercise(p).kind == "situation"]
    box = RulesSandbox(real, lang="es")
    assert box.action.value == "agregar 8♥ a #1"  # Canasta Real: agregar, not añadir
    box.try_action("draw", "stock")
    assert box.action.value == "comprar"  # from the monte
    frozen = RulesSandbox([EXERCISES / "04_frozen_pile.json"], lang="es")
    frozen.try_action("take pile with 7♥ 7♦", "pile")
    assert frozen.action.value == "llevarse el montón con 7♥ 7♦"


def test_what_is_not_an_action_stays_as_typed() -> None:
    box = RulesSandbox([EXERCISES / "04_frozen_pile.json"], lang="es")
    box.action.value = "bajar K♠ K♥; no sé"
    box.lang = "en"
    assert box.action.value == "meld K♠ K♥; no sé"


def test_a_situation_on_bos_turn_names_bo_where_you_would_be_two_players() -> None:
    # 05: Bo, Tú's partner, is to move; the table and the fields say his name, and the side's
    # fields stay the learner's side's
    box = RulesSandbox([EXERCISES / "05_black_three.json", EXERCISES / "04_frozen_pile.json"],
                       lang="es")
    assert [box.hand.description, box.our_melds.description, box.our_threes.description] == [
        "La mano de Bo", "Combinaciones de tu pareja", "Treses rojos de tu pareja"]
    view = box.table.view
    assert view["hand"]["title"].startswith("La mano de Bo · ")
    assert view["status"] == "Le toca a Bo: robar del mazo o llevarse el montón."
    assert view["sides"][0]["title"] == "Tú y Bo"
    box.lang = "en"
    assert box.hand.description == "Bo's hand"
    box.choose(1)  # the learner's own turn: "your hand" again
    assert box.hand.description == "Your hand"
    box.lang = "es"
    assert [box.hand.description, box.our_threes.description] == ["Tu mano", "Tus treses rojos"]
