"""The example actions that ``help`` and the card table's action box show are actions of the
variant's own game, in both languages: runs and the whole pile in Canasta Real, a pile taken at
a depth in Canasta individual, groups of one rank elsewhere."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from canasta.actions import Add, Meld, TakePile, parse_action
from canasta.cards import Card
from canasta.cli.play import Session
from canasta.game import new_game
from canasta.registry import find_variant
from canasta.render.table_words import tw
from canasta.words import action_examples


def session(lines: str, lang: str, variant: str) -> tuple[Session, Console]:
    console = Console(record=True, width=1000, color_system=None)  # (one line: nothing wraps)
    return Session(new_game(variant, seed=3), "greedy", 3, console, lang, io.StringIO(lines)), console

VARIANTS = ("classic", "americana", "real", "individual", "rioplatense")


def examples(variant: str, lang: str) -> list[str]:
    return action_examples(find_variant(variant), lang).split(" · ")


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_example_reads_back_to_the_same_action_in_both_languages(variant: str) -> None:
    en, es = examples(variant, "en"), examples(variant, "es")
    assert len(en) == len(es) == 5
    assert [parse_action(t) for t in es] == [parse_action(t) for t in en]
    assert es != en  # the Spanish is Spanish


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_meld_example_is_a_meld_of_the_variant(variant: str) -> None:
    v = find_variant(variant)
    melds = [a for a in map(parse_action, examples(variant, "en")) if isinstance(a, Meld)]
    assert len(melds) == 1
    laid, exp = v.make_meld(melds[0].groups[0])
    assert laid is not None and exp.allowed, exp.message()
    assert laid.kind == ("run" if variant == "real" else "group")


def test_canasta_real_shows_runs_the_whole_pile_and_a_meld_number() -> None:
    acts = [parse_action(t) for t in examples("real", "en")]
    take = next(a for a in acts if isinstance(a, TakePile))
    add = next(a for a in acts if isinstance(a, Add))
    assert not take.with_cards and take.onto is None and add.target == "#1"  # the whole pile, with no cards named
    assert examples("real", "es")[1:4] == ["comprar el pozo", "bajar 5♥ 6♥ 7♥", "agregar 8♥ a #1"]
    # groups of one rank are not Canasta Real's melds
    v = find_variant("real")
    assert v.make_meld([Card.parse(t) for t in ("K♠", "K♥", "K♣")])[0] is None
    assert "K♠ K♥ K♣" not in action_examples(v, "es")


def test_canasta_individual_shows_a_pile_taken_at_a_depth() -> None:
    take = next(a for a in map(parse_action, examples("individual", "en")) if isinstance(a, TakePile))
    assert take.depth == 3 and take.with_cards
    assert "hasta la carta 3 con 7♥ 7♦" in action_examples(find_variant("individual"), "es")


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("lang", ["en", "es"])
def test_help_and_the_table_tip_show_the_variants_examples(variant: str, lang: str) -> None:
    s, console = session("help\nquit\nyes\n" if lang == "en" else "ayuda\nsalir\nsí\n", lang, variant)
    s.run()
    shown = action_examples(find_variant(variant), lang)
    assert shown in console.export_text()
    tip = tw("typed.tip", lang, find_variant(variant).base_name(), examples=shown)
    assert tip == ("e.g. " if lang == "en" else "p. ej. ") + shown


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_sandbox_action_box_shows_the_variants_examples(variant: str, lang: str) -> None:
    from canasta.widgets.sandbox import RulesSandbox

    v = find_variant(variant)
    box = RulesSandbox(variant=variant, lang=lang).action
    eg = "e.g. " if lang == "en" else "p. ej. "
    assert box.tooltip.startswith(eg + action_examples(v, lang) + "; ")
    take, discard = box.placeholder.removeprefix(eg).split("; ")
    assert isinstance(parse_action(take), TakePile) and parse_action(discard).text == "discard 4♠"
    assert box.placeholder.startswith(eg) and f"{take} · " in box.tooltip and discard in box.tooltip


def test_the_sandbox_action_box_follows_the_situation_and_the_language() -> None:
    from canasta.widgets.sandbox import RulesSandbox

    w = RulesSandbox(variant="real")
    assert "meld 5♥ 6♥ 7♥" in w.action.tooltip and "K♠ K♥ K♣" not in w.action.tooltip
    w.lang = "es"
    assert "bajar 5♥ 6♥ 7♥" in w.action.tooltip and w.action.placeholder == (
        "p. ej. comprar el pozo; descartar 4♠")
    w.situations.append(RulesSandbox(variant="individual").situations[0])
    w.choose(1)  # a situation of another variant: its own examples
    assert "hasta la carta 3 con 7♥ 7♦" in w.action.tooltip
