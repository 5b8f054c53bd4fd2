"""The card table's New game row and its running score, and what its buttons say, driven by the
same messages the browser sends (``CardTable.click``) and read back from the view."""

from __future__ import annotations

import pytest

from canasta.bots import BOTS, make_bot
from canasta.registry import registered
from canasta.render.table_words import tw
from canasta.widgets import LanguageSwitch, PlayTable, RulesSandbox


def coach_plays(t: PlayTable) -> None:
    """Your turns to the end of the hand, the coach's move each time."""
    while not t.state.hand_over:
        t.play(make_bot("careful", len(t.state.history)).choose(t.state).text)


def test_the_picker_offers_every_variant_with_the_players_it_allows_and_every_level() -> None:
    setup = PlayTable(seed=4).table.view["setup"]
    offered = {o["value"]: o["players"] for o in setup["variant"]["options"]}
    assert offered == {v.name: sorted(v.player_counts) for v in registered()}
    assert offered["rioplatense"] == [2, 4] and offered["classic"] == [4]
    assert [o["value"] for o in setup["bots"]["options"]] == list(BOTS)
    assert (setup["variant"]["value"], setup["players"]["value"], setup["seed"]["value"],
            setup["bots"]["value"]) == ("classic", 4, 4, "greedy")
    spanish = PlayTable("rioplatense", seed=4, lang="es").table.view["setup"]
    assert [o["label"] for o in spanish["variant"]["options"]][3] == "Canasta rioplatense"
    assert spanish["button"] == "Repartir" and spanish["bots"]["options"][2]["label"] == "prudente"


@pytest.mark.parametrize("variant", [v.name for v in registered()])
def test_new_game_deals_each_variant_with_each_number_of_players_it_allows(variant: str) -> None:
    t = PlayTable(seed=464)
    t.play("draw")
    for players in sorted(next(v for v in registered() if v.name == variant).player_counts):
        t.table.click("new", variant=variant, players=players, seed="12", bots="random")
        st = t.state
        assert (st.variant.name, st.players, st.seed) == (variant, players, 12)
        assert set(t.levels.values()) == {"random"} and len(t.levels) == players - 1
        assert st.actor == 0 and t.table.view["said"] is None and t.table.view["log"]["lines"] == [] \
            or all(not line["you"] for line in t.table.view["log"]["lines"])
        assert t.table.view["setup"]["variant"]["value"] == variant
        assert st.to_dict() == PlayTable(variant, seed=12, players=players,
                                         bots="random").state.to_dict()


def test_a_choice_the_engine_refuses_is_said_and_the_game_on_the_table_stays() -> None:
    t = PlayTable(seed=464)
    t.play("draw")
    before = t.state.to_dict()
    t.table.click("new", variant="classic", players=2, seed="3", bots="greedy")
    said = t.table.view["said"]
    assert said["where"] == "setup" and "Classic Canasta is played by 4 players, not 2" in said["html"]
    for bad in ({"seed": "-1"}, {"seed": "x"}, {"seed": "1000000000"}, {"bots": "genius"},
                {"variant": "poker"}, {"players": "many"}):
        msg = {"variant": "classic", "players": 4, "seed": "3", "bots": "greedy", **bad}
        t.table.click("new", **msg)
        assert t.table.view["said"]["where"] == "setup", bad
        assert t.table.view["said"]["ok"] is False, bad  # drawn as a refusal, not as news
        assert t.state.to_dict() == before, bad
    t.lang = "es"
    t.table.click("new", variant="rioplatense", players=3, seed="3", bots="greedy")
    assert "La Canasta rioplatense se juega con 2 o 4 jugadores, no con 3" in \
        t.table.view["said"]["html"]


def test_the_running_score_is_the_engines_hand_after_hand_to_the_end_of_the_game() -> None:
    """A whole game of rioplatense by the coach's moves: one row a hand, the engine's totals."""
    t = PlayTable("rioplatense", seed=5)
    assert t.table.view["game"]["hands"] == [] and t.table.view["game"]["scores"] == ["0", "0"]
    for _ in range(30):
        coach_plays(t)
        game = t.table.view["game"]
        assert [h["no"] for h in game["hands"]] == [r.hand_no for r in t.state.results]
        last = t.state.results[-1]
        assert game["hands"][-1]["points"] == [str(p).replace("-", "−") for p in last.totals]
        assert game["hands"][-1]["after"] == game["scores"] == [
            str(p).replace("-", "−") for p in t.state.scores]
        for row, r in zip(game["hands"], t.state.results, strict=True):
            assert all(f'data-rule="{e.rule}"' in row["details"] for _s, _p, e in r.lines)
        if t.state.is_over:
            break
        t.table.click("action", text="next hand")
    assert t.state.is_over and len(t.state.results) > 1
    over = t.state.results[-1].game_over
    assert over is not None and game["over"] == over.message("en", "Tú")
    assert game["rule"] == ("The game ends when a side (a pair, or a player in a game of two) "
                            "reaches 5000; the highest total wins (a tie plays another hand).")
    assert t.table.view["actions"] == []  # no next hand after the end of the game


def test_the_hints_selection_gives_way_to_the_learners_first_click() -> None:
    t = PlayTable(seed=464, coach="careful")  # a hint that melds: several cards selected
    t.play("draw")
    t.hint()
    hinted = list(t.table.selected)
    assert len(hinted) > 1
    other = next(i for i in range(len(t.state.hands[0])) if i not in hinted)
    t.table.selected = sorted([*hinted, other])  # the click as a browser adds it
    assert t.table.selected == [other] and t.table.view["hint"] is None
    assert not t.table.view["hint_selected"]
    t.table.selected = [other, hinted[0]]  # the learner's own selection grows as usual
    assert t.table.selected == [other, hinted[0]]
    t.hint()  # a click on one of the hinted cards starts anew with that card
    assert t.table.view["hint_selected"]  # the browser's toggle knows the selection is the hint's
    t.table.selected = [i for i in t.table.selected if i != hinted[0]]
    assert t.table.selected == [hinted[0]]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_meld_and_discard_say_what_the_selection_lacks(lang: str) -> None:
    t = PlayTable(seed=464, lang=lang)
    t.play("draw")
    before = t.state.to_dict()
    for n in (0, 1, 2, 3):
        t.table.selected = list(range(n))
        buttons = {b["do"]: b for b in t.table.view["buttons"]}
        discard, meld = buttons["discard"], buttons["meld"]
        assert not discard["disabled"] and not meld["disabled"]
        assert discard.get("dim", False) == (n != 1) and meld.get("dim", False) == (n == 0)
        if n != 1:
            assert discard["why"] == tw("need.one.n", lang, n=n)
            t.table.click("discard")
            said = t.table.view["said"]
            assert said["where"] == "discard" and tw("need.one", lang) in said["html"]
        if n == 0:
            assert meld["why"] == tw("need.cards", lang)
        assert t.state.to_dict() == before
    assert "2 are selected" in tw("need.one.n", "en", n=2) and "hay 2 elegidas" in tw(
        "need.one.n", "es", n=2)


def test_the_sandbox_says_what_the_selection_lacks_too() -> None:
    box = RulesSandbox()
    box.table.click("discard")
    said = box.table.view["said"]
    assert said["where"] == "discard" and tw("need.one") in said["html"]
    box.table.click("meld")
    assert tw("need.cards") in box.table.view["said"]["html"]
    box.table.selected = [0]  # a click on a card: the note goes
    assert box.table.view["said"] is None or box.table.view["said"]["where"] != "discard"


def test_the_picker_follows_the_language_switch() -> None:
    t = PlayTable(seed=4)
    LanguageSwitch(t, value="es")
    view = t.table.view
    assert view["setup"]["title"] == "Partida nueva" and view["game"]["title"] == "La partida"
    assert view["game"]["rule"].startswith("La partida termina cuando una pareja llega a 5000")


@pytest.mark.parametrize(("variant", "players", "es", "en"), [
    ("classic", 4, "cuando una pareja llega a 5000;", "when a side reaches 5000;"),
    ("americana", 4, "cuando una pareja pasa de 8500", "when a pair has more than 8500"),
    ("rioplatense", 2, "cuando una pareja (o un jugador, si juegan dos) llega a 5000;",
     "when a side (a pair, or a player in a game of two) reaches 5000;"),
    ("real", 2, "cuando una pareja (o un jugador, si juegan dos) llega a 3000;",
     "when a side (a pair, or a player in a game of two) reaches 3000;"),
    ("individual", 3, "cuando un jugador llega a 5000;", "when a player reaches 5000;")])
def test_the_games_target_is_said_for_who_plays_it(variant: str, players: int, es: str,
                                                   en: str) -> None:
    """The game box's rule names pairs only where the variant is played only in pairs."""
    t = PlayTable(variant, seed=2, players=players)
    assert en in t.table.view["game"]["rule"]
    LanguageSwitch(t, value="es")
    assert es in t.table.view["game"]["rule"]


def test_clearing_a_one_card_hint_leaves_nothing_selected() -> None:
    """Clear (the browser sets the selection empty), or the one hinted card clicked off, empties
    the selection at once: it used to pick the hinted card again, so a meld chosen next took it."""
    t = PlayTable(seed=464)
    t.play("draw")
    t.hint()
    hinted = list(t.table.selected)
    assert len(hinted) == 1 and t.table.view["hint_selected"]
    t.table.selected = []
    assert t.table.selected == [] and t.table.view["hint"] is None
    assert not t.table.view["hint_selected"]
    other = next(i for i in range(len(t.state.hands[0])) if i not in hinted)
    t.table.selected = [other]  # the learner's own selection starts from nothing
    assert t.table.selected == [other]


def test_the_log_says_how_many_earlier_turns_it_leaves_out() -> None:
    """The log shows the last turns; the ones before them used to vanish without a word."""
    from canasta.render.summary import turns
    from canasta.widgets.playtable import LOG_TURNS

    t = PlayTable(seed=464)
    assert t.table.view["log"]["earlier"] == ""
    said = []
    while not t.state.hand_over:
        t.play(make_bot("careful", len(t.state.history)).choose(t.state).text)
        n = len(turns(t.played))
        log = t.table.view["log"]
        assert len(log["lines"]) == min(n, LOG_TURNS)
        if n <= LOG_TURNS:
            assert log["earlier"] == ""
        else:
            said.append((n - LOG_TURNS, log["earlier"]))
    assert said and said[0][0] in (1, 2, 3, 4)  # a round of four seats adds at most four
    for k, text in said:
        assert text == (f"The {k} earlier turns are not shown here." if k > 1
                        else "The earlier turn is not shown here.")
    t.lang = "es"
    k = len(turns(t.played)) - LOG_TURNS
    assert t.table.view["log"]["earlier"] == f"Los {k} turnos anteriores no aparecen aquí."


def test_a_hand_played_out_offers_no_card_to_choose() -> None:
    """At the end of a hand its cards stay in sight, but choosing them, melding or discarding
    is over: the buttons are off and a selection left from the last turn goes."""
    t = PlayTable(seed=464)
    t.play("draw")
    assert not t.table.view["hand"]["over"]
    coach_plays(t)
    view = t.table.view
    buttons = {b["do"]: b for b in view["buttons"]}
    assert view["hand"]["over"] and t.table.selected == []
    assert buttons["meld"]["disabled"] and buttons["discard"]["disabled"] and buttons["clear"]["disabled"]
    assert [a["text"] for a in view["actions"]] == ["next hand"]
    t.table.click("action", text="next hand")
    view = t.table.view
    assert not view["hand"]["over"]


def test_the_tables_own_words_are_drawn_as_refusals_except_an_undo() -> None:
    t = PlayTable(seed=464)
    t.play("draw")
    t.table.selected = [0, 1]
    t.table.click("discard")  # one card is needed
    assert t.table.view["said"]["ok"] is False
    t.table.click("undo")
    said = t.table.view["said"]
    assert said["ok"] is True and tw("undone", "en") in said["html"]
    t.table.click("undo")  # nothing left of yours to undo
    assert t.table.view["said"]["ok"] is False
