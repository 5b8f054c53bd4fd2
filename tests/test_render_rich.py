"""The terminal renderers: what each shows, in English and Spanish, from what the engine holds."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

import canasta
import canasta.bots
from canasta.render.rich import (
    breakdown_rich,
    card_rich,
    explanation_rich,
    hand_rich,
    melds_rich,
    pile_rich,
    rules_rich,
    scores_rich,
    state_rich,
)
from canasta.render.text import explanation_text, label, pile_summary, source_text
from canasta.scoring import finish_hand
from canasta.situation import situation

TOLD = dict(  # the told final table of seed 003 (RULES_NOTES §4.1)
    hands={"Tú": "9♣ A♦", "Bo": "", "Ada": "J♦ J♥ 10♣ 10♥ 9♥ 5♣ 4♣", "Cleo": "9♠ 8♥ 5♦ 4♥ 4♠ J♠"},
    melds={"Bo": ["K♠ K♥ K♣ K♦ K♠ K♥ JK", "8♦ 8♠ 2♣ 8♣", "7♠ 7♥ 7♦ 7♣ JK", "A♠ A♣ A♥"],
           "Ada": ["6♣ 6♦ 6♥", "Q♣ Q♦ Q♥ Q♠ Q♣"]},
    red_threes={"Tú": "3♥"}, phase="play", turn="Bo",
)


def render(obj: object, width: int = 120) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(obj)
    out = console.file.getvalue()  # type: ignore[attr-defined]
    return out


def test_card_text_is_always_there_and_only_red_suits_are_red() -> None:
    for text, style in (("K♥", "red"), ("10♦", "red"), ("K♠", ""), ("4♣", "")):
        t = card_rich(canasta.Card.parse(text))
        assert (t.plain, str(t.style)) == (text, style)
    assert card_rich(canasta.Card.parse("JK")).plain == "JK"


def test_hand_face_up_in_hand_order_or_hidden_by_count() -> None:
    cards = canasta.parse_cards("K♠ 4♥ JK A♦")
    assert hand_rich(cards).plain == "4♥ K♠ A♦ JK"
    assert hand_rich(cards, "en", hidden=True).plain == "4 cards (hidden)"
    assert hand_rich(cards, "es", hidden=True).plain == "4 cartas (ocultas)"


def test_state_shows_every_hand_or_only_the_viewers() -> None:
    state = situation("classic", hands={"Tú": "K♠ K♥ 4♣", "Ada": "9♦ 9♥", "Bo": "Q♣", "Cleo": "5♠"},
                      pile="7♣ 8♦")
    full = render(state_rich(state))
    assert "4♣ K♥ K♠" in full and "9♦ 9♥" in full and "Q♣" in full
    mine = render(state_rich(state, viewpoint=0))
    assert "4♣ K♥ K♠" in mine
    assert "9♦ 9♥" not in mine and "2 cards (hidden)" in mine and "one card (hidden)" in mine
    es = render(state_rich(state, viewpoint=1, lang="es"))
    assert "9♦ 9♥" in es and "3 cartas (ocultas)" in es
    assert "Canasta clásica — mano 1 — Te toca robar" in es  # the seat named Tú is the reader
    assert "Montón: 8♦ arriba, 2 cartas" in es and "Mazo: " in es
    assert render(state) == full  # State.__rich__ is the same view


def test_melds_show_canasta_status_in_both_languages() -> None:
    state = situation("classic", hands={"Tú": "4♣"}, melds={
        "Tú": ["K♠ K♥ K♣ K♦ K♠ K♥ K♣", "8♦ 8♠ 8♣ 8♥ 8♦ 2♣ JK", "9♣ 9♦ 9♥"]})
    en = render(melds_rich(state, 0))
    rows = {line.split()[0]: line.rstrip() for line in en.splitlines()[1:] if line.strip()}
    assert rows["K"].endswith("7 natural") and rows["8"].endswith("7 mixed")
    assert rows["9"].endswith("3 not yet") and len(rows) == 3
    es = render(melds_rich(state, 0, "es"))
    assert "natural" in es and "mixta" in es and "aún no" in es  # the words of seed 003
    assert render(melds_rich(state, 1)).strip() == "no melds yet"


def test_canasta_reals_runs_show_the_number_a_typed_move_names_them_by() -> None:
    state = situation("real", hands={"Tú": "8♥ 4♣ 9♦"}, melds={"Tú": ["5♥ 6♥ 7♥", "9♠ 10♠ J♠"]},
                      phase="play")
    assert state.check("add 8♥ to #1").allowed  # the number the list of moves offers
    rows = [line.strip() for line in render(melds_rich(state, 0, "es")).splitlines()[1:]]
    assert rows[0].startswith("#1 ♥5-7") and rows[1].startswith("#2 ♠9-J"), rows


@pytest.mark.parametrize(("variant", "players", "lang", "head"), [
    ("individual", 3, "es", "Combinación cartas"), ("individual", 3, "en", "Meld cards"),
    ("classic", 4, "es", "Combinación cartas"), ("rioplatense", 2, "es", "Juego cartas"),
])
def test_meld_headers_are_whole_in_a_half_width_panel(variant: str, players: int, lang: str,
                                                      head: str) -> None:
    """An 80-column terminal shows two sides' panels abreast: the headers read whole
    ("Combinación", "Canasta", never "Combinac…" or "Canast"), the cards wrapping instead."""
    names = ["Tú", "Ada", "Bo", "Cleo"][:players]
    melds = {"Tú": ["Q♣ Q♦ Q♥ Q♠", "K♦ K♥ K♠ 2♦", "10♦ 10♦ 10♠"],
             "Ada": ["5♣ 5♦ 5♠ 5♠ 2♦ JK JK", "7♣ 7♦ 7♥ 2♣ 2♠"]}
    state = situation(variant, names=names, melds=melds, hands={"Tú": "4♣"})
    out = render(state_rich(state, lang=lang), width=80)
    status = label("canasta", lang)
    heads = [line for line in out.splitlines() if head in line]
    assert heads and all(line.count(status) == len(line.split(head)) - 1 for line in heads)
    assert "…" not in out


@pytest.mark.parametrize(("variant", "players", "lang", "who"), [
    ("individual", 3, "es", "Jugador"), ("individual", 3, "en", "Player"),
    ("rioplatense", 2, "es", "Jugador"), ("real", 2, "en", "Player"),
    ("classic", 4, "es", "Pareja"), ("rioplatense", 4, "en", "Side"),
])
def test_score_tables_name_players_where_each_plays_alone(variant: str, players: int, lang: str,
                                                          who: str) -> None:
    """The hand's breakdown and the running scores head their first column "Jugador" where
    every side is one player (Canasta Individual, two-player rioplatense and Real), "Pareja"
    where partners score together."""
    state = canasta.new_game(variant, seed=5, players=players)
    bots = [canasta.bots.make_bot("greedy", i) for i in range(players)]
    while state.phase != "hand-over":
        state.play(bots[state.actor].choose(state))
    for table in (breakdown_rich(state.results[-1], state, lang), scores_rich(state, lang)):
        first = render(table).splitlines()
        header = next(line for line in first if "Puntos" in line or "Points" in line)
        assert header.split()[0] == who


def test_pile_marks_frozen_blocked_and_empty() -> None:
    frozen = situation("classic", pile="2♦ 5♥ 8♣")
    assert pile_rich(frozen).plain == "Pile: 8♣ top, 3 cards ❄ frozen"
    assert pile_summary(frozen, "es") == "Montón: 8♣ arriba, 3 cartas, congelado"
    blocked = situation("classic", pile="5♥ 3♠")
    # the marks the card table shows: frozen for a side that has not melded, and blocked
    assert pile_rich(blocked).plain == "Pile: 3♠ top, 2 cards ❄ frozen ⛔ blocked"
    assert pile_rich(situation("classic"), "es").plain == "Montón: vacío"


def test_explanation_tree_has_verdict_message_rule_source_and_sub_reasons() -> None:
    state = situation("classic", hands={"Tú": "K♠ K♥ K♣ 4♠"}, phase="play")
    exp = state.check("meld K♠ K♥ K♣")
    assert not exp.allowed
    out = " ".join(render(explanation_rich(exp), width=300).split())
    assert out.startswith(f"✘ refused {exp.message('en')} [{exp.rule}]")
    assert f"“{exp.source.quote}”" in out
    subs = [sub for sub in exp.walk() if sub is not exp]
    assert subs, "the opening refusal has sub-reasons"
    for sub in subs:
        assert f"{sub.message('en')} [{sub.rule}]" in out
    es = " ".join(render(explanation_rich(exp, "es"), width=300).split())
    assert es.startswith(f"✘ rechazado {exp.message('es')} [{exp.rule}]") and "Fuente: «Reglas de Canasta»" in es
    assert render(exp, width=300) == render(explanation_rich(exp), width=300)  # Explanation.__rich__
    plain = explanation_text(exp).splitlines()
    assert plain[0] == f"✘ refused: {exp.message('en')} [{exp.rule}]"
    assert plain[2].startswith("  ✔: ") or plain[2].startswith("  ✘: ")  # a reason: no verdict word


def test_allowed_explanation_reads_allowed() -> None:
    exp = situation("classic", hands={"Tú": "4♠"}).check("draw")
    assert render(explanation_rich(exp)).startswith(f"✔ allowed {exp.message('en')}")


def test_breakdown_table_lists_every_line_and_the_totals() -> None:
    state = situation("classic", **TOLD)
    finish_hand(state, went_out=state.seat_of("Bo"))
    result = state.results[-1]
    out = render(breakdown_rich(result, state), width=160)
    for side in (0, 1):
        for points, exp in result.side_lines(side):
            line = next(x for x in out.splitlines() if exp.message("en") in x)
            assert exp.rule in line and line.rstrip().endswith(f"−{-points}" if points < 0 else str(points))
    totals = [x.split()[-1] for x in out.splitlines() if "This hand" in x]
    assert totals == ["760", "−40"]
    assert "You & Bo" in out and "Ada & Cleo" in out
    es = render(breakdown_rich(result, ["Nosotros", "Ellos"], "es"), width=160)
    assert "Nosotros" in es and "Esta mano" in es and "Canasta mixta de reyes (7 cartas): 300." in es


@pytest.mark.parametrize("lang", ["en", "es"])
def test_rules_catalogue_grouped_with_every_rule_and_source(lang: str) -> None:
    out = render(rules_rich("classic", lang), width=400)
    entries = canasta.rules("classic")
    for e in entries:
        assert e.id in out
        assert e.source is not None
        assert " ".join(source_text(e.source, lang).split())[:70] in " ".join(out.split())
    for group in {e.rule.group for e in entries}:
        assert label(f"group.{group}", lang) in out
    heads = [label(f"group.{e.rule.group}", lang) for e in entries]
    assert out.index(heads[0]) < out.index(heads[-1])  # groups in play order


def test_user_text_is_not_read_as_markup() -> None:
    state = situation("classic", names=["[bold]x", "Ada", "Bo", "Cleo"], hands={"[bold]x": "4♠"})
    assert "[bold]x" in render(state_rich(state))
