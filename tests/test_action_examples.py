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
    assert "hasta la 3.ª carta con 7♥ 7♦" in action_examples(find_variant("individual"), "es")


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
    assert "hasta la 3.ª carta con 7♥ 7♦" in w.action.tooltip


# ---- an unknown action is told the kinds of action of the game it was typed in ----------------

def unknown_text(lang: str, variant: str | None) -> str:
    from canasta.errors import InvalidActionError
    from canasta.words import error_text

    with pytest.raises(InvalidActionError) as e:
        parse_action("¿qué hago?")
    return error_text(e.value, lang, find_variant(variant) if variant else None)


def sample_actions(variant: str) -> list[tuple[str, object]]:
    """One action of each kind the parser knows, by the name of its kind."""
    from canasta.actions import Answer, AskPartner, Discard, Draw, NextHand, Pass, Swap

    v = find_variant(variant)
    seven, seven2, king = Card.parse("7♥"), Card.parse("7♦"), Card.parse("K♠")
    take = (TakePile() if v.wild_ends else
            TakePile(with_cards=(seven, seven2), depth=3 if v.pile_any_depth else 1))
    return [("draw", Draw()), ("take", take), ("meld", Meld(groups=((king,) * 3,))),
            ("add", Add(cards=(seven,), target="7")),
            ("swap", Swap(card=king, wild=Card.parse("JK"), target="K")),
            ("discard", Discard(card=king)), ("ask", AskPartner()), ("yes", Answer(yes=True)),
            ("no", Answer(yes=False)), ("pass", Pass()), ("next", NextHand())]


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("lang", ["en", "es"])
def test_an_unknown_action_is_told_the_variants_own_kinds_of_action(variant: str,
                                                                    lang: str) -> None:
    from canasta.words import action_text

    v = find_variant(variant)
    text = unknown_text(lang, variant)
    head = "unknown action; expected one of: " if lang == "en" else \
        "jugada desconocida; se espera una de estas: "
    assert head in text
    kinds = text.split(head, 1)[1].split(", ")
    wanted = [(k, a) for k, a in sample_actions(variant)
              if (k != "swap" or getattr(v, "joker_swap", False))
              and (k not in ("ask", "yes", "no") or v.ask_partner)]
    assert len(kinds) == len(wanted), kinds
    for form, (_, action) in zip(kinds, wanted, strict=True):
        # each kind is the beginning of an action of that kind as the player types it, which
        # reads back to the action (the cards left out as '…')
        written = action_text(action, lang, v.base_name())  # type: ignore[arg-type]
        assert written.startswith(form.split("…")[0]), (form, written)
        assert parse_action(written) == action
        assert form.endswith("…") == (written != form), (form, written)


def test_an_unknown_action_in_canasta_real_names_buying_the_pile_not_taking_it() -> None:
    es = unknown_text("es", "real")
    assert "comprar, comprar el pozo, bajar …, agregar … a …, descartar …" in es
    assert "robar" not in es and "llevarse" not in es and "pedir permiso" not in es
    assert "take pile, meld …" in unknown_text("en", "real")
    assert "llevarse cartas del descarte hasta … con …" in unknown_text("es", "individual")
    assert "levantar el pozo con …" in unknown_text("es", "rioplatense")


def test_an_unknown_action_outside_a_game_names_every_kind() -> None:
    assert unknown_text("en", None).endswith(
        "expected one of: draw, take pile with …, meld …, add … to …, swap … for … in …, "
        "discard …, ask partner, answer yes, answer no, pass, next hand")
    assert "robar, llevarse el montón con …, bajar …, añadir … a …, cambiar … por … en …" in (
        unknown_text("es", None))


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_terminal_and_the_table_tell_an_unknown_action_in_the_variants_words(
        variant: str) -> None:
    from canasta.widgets.playtable import PlayTable

    s, console = session("¿qué hago?\nsalir\nsí\n", "es", variant)
    s.run()
    shown = console.export_text()
    assert unknown_text("es", variant) in shown
    t = PlayTable(variant, seed=7)
    t.lang = "es"
    assert not t.play("¿qué hago?")
    assert unknown_text("es", variant) in t._said[2]  # (where, explanation, text, cards)


def test_the_sandbox_tells_an_unknown_action_in_the_situations_words() -> None:
    from html import escape

    from canasta.widgets.sandbox import RulesSandbox

    w = RulesSandbox(variant="real")
    w.lang = "es"
    w.action.value = "¿qué hago?"
    w.ask()
    assert escape(unknown_text("es", "real")) in w.verdict.value
    assert "llevarse el montón" not in w.verdict.value


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("lang", ["en", "es"])
def test_an_empty_action_suggests_the_variants_own_examples(variant: str, lang: str) -> None:
    from canasta.errors import InvalidActionError
    from canasta.words import error_text

    with pytest.raises(InvalidActionError) as e:
        parse_action("   ")
    text = error_text(e.value, lang, find_variant(variant))
    mine = examples(variant, lang)
    for shown in (mine[0], mine[2], mine[-1]):  # a draw, a meld, a discard
        assert shown in text
        assert parse_action(shown)
    assert ("5♥ 6♥ 7♥" in text) == (variant == "real")


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_malformed_take_is_shown_the_variants_ways_to_take_the_pile(variant: str,
                                                                      lang: str) -> None:
    import re

    from canasta.errors import InvalidActionError
    from canasta.words import error_text

    v = find_variant(variant)
    with pytest.raises(InvalidActionError) as e:
        parse_action("take pile 7♥")
    text = error_text(e.value, lang, v)
    ways = re.findall("«([^»]+)»" if lang == "es" else "'([^']+)'", text)[1:]  # (the typed text)
    slots = {"CARDS": "7♥ 7♦", "CARTAS": "7♥ 7♦", "RANK": "7", "VALOR": "7", "N": "3"}
    taken = [parse_action(re.sub(r"\b(CARDS|CARTAS|RANK|VALOR|N)\b",
                                 lambda m: slots[m.group(1)], w)) for w in ways]
    assert all(isinstance(a, TakePile) for a in taken)
    assert [a.depth for a in taken] == [3 if v.pile_any_depth else 1] * len(taken)
    if v.wild_ends:  # Canasta Real buys the whole pile
        assert taken == [TakePile()]
    else:
        assert taken[0].with_cards == (Card.parse("7♥"), Card.parse("7♦"))
        assert [a.onto for a in taken[1:]] == (["7"] if v.pile_take_onto_meld else [])


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_malformed_lay_off_is_shown_in_the_variants_verb(variant: str) -> None:
    from canasta.errors import InvalidActionError
    from canasta.words import action_text, error_text

    v = find_variant(variant)
    with pytest.raises(InvalidActionError) as e:
        parse_action("añadir 7♣")
    verb = action_text(Add(cards=(Card.parse("7♣"),), target="7"), "es", v.base_name()).split()[0]
    text = error_text(e.value, "es", v)
    assert f"«{verb} CARTAS a COMBINACIÓN»" in text and f"«{verb} 8♥ a #2»" in text
    assert verb == ("agregar" if variant in ("real", "rioplatense", "americana") else "añadir")


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_records_malformed_action_is_told_the_kinds_of_action_of_its_game(variant: str) -> None:
    from canasta.errors import RecordError
    from canasta.records import parse_record
    from canasta.words import error_text

    players = ["Tú", "Ada", "Bo", "Cleo"]
    with pytest.raises(RecordError) as e:
        parse_record({"variant": variant, "seed": 3, "players": players,
                      "actions": ["Tú: draw", "Tú: ¿qué hago?"]}, "rec.json")
    assert e.value.where == "actions[1]"
    for lang in ("en", "es"):
        text = error_text(e.value, lang)
        assert text.startswith("rec.json: actions[1]: ")
        assert text.endswith(unknown_text(lang, variant).split(": ", 1)[1]), text
    assert ("ask partner" in str(e.value)) == (variant == "classic")
