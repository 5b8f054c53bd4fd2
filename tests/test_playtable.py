"""PlayTable driven by clicks, without a browser: each click goes through the same handler the
browser's messages reach (``CardTable.click``), and the table's view is read back."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from canasta.actions import Action, Add, Discard, Draw, Meld, TakePile
from canasta.bots import make_bot
from canasta.registry import variant_names
from canasta.render.tableview import action_cards, places, shown_hand
from canasta.widgets import LanguageSwitch, PlayTable


def click_action(t: PlayTable, action: Action) -> None:
    """Play ``action`` the way a learner does: select its cards, click its place."""
    st = t.state
    cards = action_cards(action)
    t.table.selected = list(places(shown_hand(st, t.human, t.order), cards))
    if isinstance(action, Draw):
        t.table.click("stock")
    elif isinstance(action, TakePile) and (action.with_cards or action.onto or action.depth > 1):
        t.table.click("pile", depth=action.depth)
    elif isinstance(action, Meld):
        t.table.click("meld")
    elif isinstance(action, Add):
        side, index = st.variant.locate_meld(st, st.side_of(t.human), action.target) or (-1, -1)
        t.table.click("add", side=side, index=index)
    elif isinstance(action, Discard):
        t.table.click("discard")
    else:  # next hand, ask partner, answer, the whole pile: a button of their own
        assert action.text in [a["text"] for a in t.table.view["actions"]], action.text
        t.table.click("action", text=action.text)


def moves(t: PlayTable, limit: int = 400) -> Iterator[Action]:
    """The coach's choices for you until the hand is over."""
    for _ in range(limit):
        if t.state.hand_over:
            return
        yield make_bot("careful", len(t.state.history)).choose(t.state)


@pytest.mark.parametrize("variant", variant_names())
def test_a_whole_hand_of_each_variant_is_played_by_clicks_alone(variant: str) -> None:
    t = PlayTable(variant, seed=7)
    kinds = set()
    for action in moves(t):
        before = len(t.state.history)
        click_action(t, action)
        view = t.table.view
        assert view["said"] is None or view["said"]["ok"], (action.text, view["said"])
        assert len(t.state.history) > before  # played, and the bots answered
        kinds.add(type(action).__name__)
        assert t.state.actor == 0 or t.state.hand_over
    assert t.state.hand_over and t.state.conservation_errors() == []
    assert {"Draw", "Discard"} <= kinds
    assert t.table.view["result"].startswith('<div class="canasta-result"')
    assert [a["text"] for a in t.table.view["actions"]] == ["next hand"]
    t.table.click("action", text="next hand")
    assert t.state.hand_no == 2 and (t.state.actor == 0 or t.state.hand_over)


def test_classic_seed_464_reaches_every_kind_of_click_and_you_go_out() -> None:
    """The hand the tutorial's table deals, and the browser test plays (see tests/browser)."""
    t = PlayTable(seed=464)
    kinds = []
    for action in moves(t):
        kinds.append(type(action).__name__ + ("+" if isinstance(action, TakePile)
                                               and action.with_cards else ""))
        click_action(t, action)
    assert {"Draw", "Meld", "Add", "TakePile+", "TakePile", "Discard"} <= set(kinds)
    assert len(kinds) == 12
    ended = t.state.last_result.ended  # type: ignore[union-attr]
    assert ended.rule == "end.went-out" and ended.facts["player"] == "Tú"
    assert t.log_lines[-1].startswith("You ") and t.log_lines[-1].endswith("· go out")


def test_a_refused_click_is_explained_beside_its_cards_and_changes_nothing() -> None:
    t = PlayTable(seed=464)
    before = t.state.to_dict()
    t.select(["K♣"])
    t.table.click("discard")  # before drawing
    view = t.table.view
    assert view["said"]["where"] == "discard" and not view["said"]["ok"]
    assert view["said"]["rule"] == "turn.draw-first"
    assert "you must draw from the stock" in view["said"]["html"]
    assert [c["c"] for c in view["hand"]["cards"] if c.get("bad")] == ["K♣"]
    assert t.state.to_dict() == before and t.table.selected == [10]  # the selection stays
    t.table.click("stock")
    assert t.state.history[-1].action == Draw() and view is not t.table.view
    fresh = [c["c"] for c in t.table.view["hand"]["cards"] if c.get("fresh")]
    assert len(fresh) == 1 and t.table.view["said"] is None
    # a meld short of the opening minimum, shown at the Meld button
    t.select([c.text for c in t.state.hands[0][:2]])
    t.table.click("meld")
    assert not t.table.view["said"]["ok"] and t.table.view["said"]["where"] == "meld"
    # the widget's own word when nothing fits the click (not a rule): nothing selected
    t.table.selected = []
    t.table.click("discard")
    assert t.table.view["said"]["html"] == (
        '<div class="ct-note">Select exactly one card of your hand to discard.</div>')


def test_bots_answer_with_one_line_a_turn_their_explanations_a_click_away_and_undo() -> None:
    t = PlayTable(seed=464, bots=("greedy", "careful", "random"))
    start = t.state.to_dict()
    click_action(t, Draw())
    click_action(t, make_bot("greedy").choose(t.state))  # the first melds
    discard = next(a for a in t.state.legal_actions() if isinstance(a, Discard))
    click_action(t, discard)
    lines = t.table.view["log"]["lines"]
    assert lines[0]["you"] and lines[0]["text"].startswith("You draw") and \
        lines[0]["text"].endswith(f"· discard {discard.card.text}")  # type: ignore[union-attr]
    assert [line["text"].split()[0] for line in lines[1:]] == ["Ada", "Bo", "Cleo"]
    assert all("\n" not in line["text"] for line in lines)
    assert all('class="canasta-decision"' in line["details"] for line in lines)
    assert 'data-rule="discard.ok"' in lines[1]["details"]
    t.undo()
    assert [s.action.text for s in t.state.history][-1].startswith("meld")
    assert t.table.view["said"]["html"].endswith("back before your last action.</div>")
    t.undo()
    t.undo()
    assert t.state.to_dict() == start and t.table.view["buttons"][-1]["disabled"]
    t.undo()
    assert "Nothing to undo yet." in t.table.view["said"]["html"]


def test_the_hint_suggests_one_move_selects_its_cards_and_says_why() -> None:
    t = PlayTable(seed=464, coach="greedy")
    t.table.click("hint")
    view = t.table.view
    assert view["hint"]["action"] == "draw" and view["hint"]["where"] == "stock"
    assert view["stock"]["hint"] and view["hint"]["text"].startswith("Draw from the stock")
    t.table.click("action", text=view["hint"]["action"])  # "Do it"
    t.table.click("hint")
    view = t.table.view
    choice = make_bot("greedy", len(t.state.history)).decide(t.state)
    assert view["hint"]["action"] == choice.action.text and isinstance(choice.action, Meld)
    assert view["hint"]["text"].startswith("Meld ") and "enough for the 50" in view["hint"]["text"]
    chosen = [view["hand"]["cards"][i]["c"] for i in t.table.selected]
    assert sorted(chosen) == sorted(c.text for c in action_cards(choice.action))
    t.table.click("meld")  # the selected cards, as the hint left them
    assert t.state.history[-1].action.text == choice.action.text
    LanguageSwitch(t, value="es")
    t.hint()
    assert t.table.view["hint"]["text"] == t.hint_text("es") and t.hint_text("es").startswith("Descarta")


def test_what_can_i_do_now_sort_and_typing() -> None:
    t = PlayTable(seed=464)
    t.table.click("legal")
    legal = t.table.view["legal"]
    assert legal["count"] == "one legal action" or legal["count"].endswith("legal actions")
    assert {g["kind"] for g in legal["groups"]} <= {"Draw", "TakePile"}
    t.table.click("legal")
    assert t.table.view["legal"] is None
    t.select(["K♣"])
    t.table.click("sort")
    assert t.order == "melds" and [c.text for c in t.selected_cards] == ["K♣"]
    t.table.click("typed", text="robar")
    assert t.state.history[-1].action == Draw()
    t.table.click("typed", text="nonsense")
    assert t.table.view["said"]["where"] == "typed"
    assert "Not understood: &#x27;nonsense&#x27;: unknown action" in t.table.view["said"]["html"]


def test_the_table_speaks_spanish_with_the_language_switch() -> None:
    t = PlayTable("rioplatense", seed=4)
    switch = LanguageSwitch(t)
    english = t.table.view
    switch.value = "es"
    spanish = t.table.view
    assert english["status"].startswith("Your turn") and spanish["status"].startswith("Te toca")
    assert spanish["pile"]["title"] == "Pozo" and "pozo" in spanish["status"]
    assert [b["label"] for b in spanish["buttons"]][:2] == ["Bajar", "Descartar"]


def test_bots_levels_are_chosen_when_the_table_is_made() -> None:
    t = PlayTable("individual", seed=3, names=["Ana", "Ben"], bots="random")
    assert t.levels == {1: "random"}
    t.table.click("stock")
    assert t.state.actor == 0 and not t.state.conservation_errors()
    with pytest.raises(ValueError, match=r"one bot per other seat \(1\)"):
        PlayTable("individual", names=["Ana", "Ben"], bots=("greedy", "greedy"))
    with pytest.raises(ValueError, match="unknown coach level"):
        PlayTable(coach="genius")


def test_repr_is_short_and_deterministic() -> None:
    assert repr(PlayTable(seed=1)) == "PlayTable(classic, seed 1, 0 actions, draw)"


def test_the_views_state_is_plain_json() -> None:
    import json

    t = PlayTable("americana", seed=1)
    for n, action in enumerate(moves(t)):
        click_action(t, action)
        if n == 3:
            break
    data: Any = json.loads(json.dumps(t.table.view))
    assert data["sides"][0]["yours"] and data["extras"][0]["title"].startswith("Alas")


# ---- the sandbox on the same table -------------------------------------------------------------

def test_the_sandbox_draws_its_situation_and_a_click_asks_the_engine() -> None:
    from pathlib import Path

    from canasta.widgets import RulesSandbox

    exercises = Path(__file__).resolve().parents[1] / "examples" / "exercises"
    sb = RulesSandbox([exercises / "04_frozen_pile.json"])
    view = sb.table.view
    assert view["mode"] == "sandbox" and view["log"] is None and view["typed"] is None
    assert [c["c"] for c in view["hand"]["cards"]] == [c.text for c in shown_hand(sb.build(), 0)]
    assert [m["key"] for m in view["pile"]["marks"]] == ["frozen"]
    # select 7♥ and the joker, click the pile: the action box says it, the engine refuses
    before = sb.build().to_dict()
    sb.table.selected = list(places(shown_hand(sb.build(), 0), action_cards(
        TakePile(with_cards=tuple(c for c in sb.build().hands[0] if c.text in ("7♥", "JK"))))))
    sb.table.click("pile")
    assert sb.action.value == "take pile with 7♥ JK"
    assert [e.rule for e in sb.explanations] == ["pile.frozen"]
    said = sb.table.view["said"]
    assert said["where"] == "pile" and said["rule"] == "pile.frozen" and not said["ok"]
    assert 'data-rule="pile.frozen"' in sb.verdict.value  # the text fields' answer too
    assert sb.build().to_dict() == before  # asking never plays


def test_the_sandbox_table_is_set_by_clicking_cards_into_places() -> None:
    from canasta.widgets import RulesSandbox

    sb = RulesSandbox()
    sb.table.click("edit")
    edit = sb.table.view["edit"]
    assert len(edit["pack"]) == 53 and edit["chosen_card"] is None
    for card, where in (("K♠", "hand"), ("K♥", "hand"), ("9♦", "pile")):
        sb.table.click("pick", card=card)
        sb.table.click("place", where=where)
    sb.table.click("pick", card="K♣")
    sb.table.click("place", where="new-meld", side=0)
    sb.table.click("place", where="meld", side=0, index=0)
    assert (sb.hand.value, sb.pile.value, sb.our_melds.value) == ("K♠ K♥", "9♦", "K♣ K♣")
    assert sb.table.view["edit"]["chosen_card"] == "K♣"
    # a third K♣ in a pack of two decks: put back, and the table says why
    sb.table.click("place", where="meld", side=0, index=0)
    assert sb.our_melds.value == "K♣ K♣"
    assert "more copies than the pack holds: K♣" in sb.table.view["said"]["html"]
    sb.lang = "es"  # said in the learner's language
    sb.table.click("place", where="meld", side=0, index=0)
    assert sb.our_melds.value == "K♣ K♣"
    assert "más copias de las que tiene la baraja: K♣" in sb.table.view["said"]["html"]
    sb.lang = "en"
    sb.table.click("pick", card="K♦")
    sb.table.click("place", where="meld", side=0, index=0)
    assert sb.our_melds.value == "K♣ K♣ K♦"
    sb.table.click("pick", card="K♦")  # chosen again: put back in the pack
    sb.table.click("remove", where="hand", index=0)  # the K♥, first in hand order
    sb.table.click("place", where="pile")  # nothing chosen: the top card comes off
    assert (sb.hand.value, sb.pile.value) == ("K♠", "")
    sb.table.click("edit")
    view = sb.table.view
    assert view["edit"] is None and [c["c"] for c in view["hand"]["cards"]] == ["K♠"]
    assert [[c["c"] for c in m["cards"]] for m in view["sides"][0]["melds"]] == [["K♣", "K♣", "K♦"]]


def test_the_search_figures_are_explained_with_the_first_hint_not_with_each() -> None:
    """The note on what the search's figures are (samples of the hidden cards) comes once a
    table; later hints and the bots' reasons in the log give the figures alone."""
    t = PlayTable(seed=7, lang="es", bots="careful")
    note = "Cada continuación reparte al azar las cartas que no ves"
    said: list[str] = []
    while len(said) < 2 and not t.state.hand_over:
        choice = t.hint()
        assert choice is not None
        if choice.facts.get("search"):
            said.append(t.hint_text())
        assert t.play(choice.action.text)
    assert len(said) == 2
    assert note in said[0] and "La búsqueda ha probado" in said[0]
    assert note not in said[1] and "La búsqueda ha probado" in said[1]
