"""Individual Canasta's host option joker_swap: a natural card of a group's rank given for one of
the group's wild cards, after opening; refused when the option is off (the seed's rule list), in
every other variant, before opening and when the meld would break its rules; legal actions,
card conservation, random games and records with swaps."""

from __future__ import annotations

from collections import Counter

import pytest

import canasta
from canasta.actions import Swap
from canasta.bots import RandomBot
from canasta.houserules import parse_house_rules
from canasta.movegen import canonical
from canasta.records import load_record, record_from_state, save_record
from canasta.situation import situation
from canasta.variants import VARIANTS

SWAP_ON = canasta.find_variant("individual").with_options(origin="host", joker_swap=True)
HANDS = {"Tú": "9♠ 9♦ 2♣ 5♥ 5♠ 7♣ Q♠", "Ada": "5♣ 5♦ 8♥", "Bo": "Q♣ Q♦ J♠", "Cleo": "10♣ 10♦ 4♦"}
MELDS = {"Tú": ["K♠ K♥ K♣"], "Ada": ["9♥ 9♣ JK"]}


def table(variant: str | canasta.Variant = SWAP_ON, **kw):  # four players, Tú to play
    kw.setdefault("hands", HANDS)
    kw.setdefault("melds", MELDS)
    return situation(variant, phase="play", **kw)


def test_a_swap_is_allowed_after_opening_and_explained() -> None:
    s = table()
    exp = s.check("swap 9♠ for JK in Ada:9")
    assert (exp.allowed, exp.rule) == (True, "swap.ok")
    assert exp.message("en") == "You give 9♠ to Ada's meld of nines and take JK into the hand."
    assert exp.message("es") == "Das 9♠ a la combinación de nueves de Ada y te llevas JK a la mano."
    assert [e.rule for e in exp.because] == ["meld.valid"]
    # the host's option is named as a house rule in the explanation's source
    assert exp.source is not None and (exp.source.kind, exp.source.ref) == ("house", "host")
    assert exp.source.quote == "joker_swap = True"
    assert canasta.parse_action("cambiar 9♠ por JK en Ada:9") == canasta.parse_action(
        "swap 9♠ for JK in Ada:9")


def test_a_swap_moves_two_cards_and_keeps_every_card() -> None:
    s = table()
    before = Counter(c for h in s.hands for c in h) + Counter(
        c for side in s.melds for m in side for c in m.cards)
    s.apply("swap 9♠ for JK in Ada:9")
    assert sorted(c.text for c in s.hands[0]) == sorted("9♦ 2♣ 5♥ 5♠ 7♣ Q♠ JK".split())
    assert s.melds[1][0].text == "9♣ 9♥ 9♠" and s.melds[1][0].wilds == 0
    assert s.conservation_errors() == []
    after = Counter(c for h in s.hands for c in h) + Counter(
        c for side in s.melds for m in side for c in m.cards)
    assert after == before
    assert (s.phase, s.player) == ("play", "Tú")  # the turn goes on: a discard still ends it


def test_refused_before_opening() -> None:
    s = table(melds={"Ada": ["9♥ 9♣ JK"]})
    before = s.to_dict()
    exp = s.check("swap 9♠ for JK in Ada:9")
    assert (exp.allowed, exp.rule) == (False, "swap.ok")
    assert exp.message("en") == "You cannot swap 9♠ for JK in the meld of Ada's nines: you have not opened yet."
    assert exp.message("es") == "No puedes cambiar el 9♠ por el JK en la combinación de nueves de Ada: aún no has abierto."
    with pytest.raises(canasta.IllegalActionError):
        s.apply("swap 9♠ for JK in Ada:9")
    assert s.to_dict() == before
    assert not [a for a in s.legal_actions() if isinstance(a, Swap)]


def test_refused_when_the_option_is_off_citing_the_seed() -> None:
    s = table("individual")
    exp = s.check("swap 9♠ for JK in Ada:9")
    assert (exp.allowed, exp.rule) == (False, "swap.off")
    assert exp.message("en") == ("You cannot swap 9♠ for JK in the meld of Ada's nines: a wild card on the "
                                 "table stays there.")
    assert exp.message("es") == ("No puedes cambiar el 9♠ por el JK en la combinación de nueves de Ada: el comodín que está "
                                 "en la mesa se queda allí.")
    assert exp.source is not None and exp.source.kind == "seed"
    assert exp.source.quote == "El comodín que está en la mesa se queda ahí."
    assert not [a for a in s.legal_actions() if isinstance(a, Swap)]


def test_every_other_variant_refuses_a_swap() -> None:
    s = situation("classic", phase="play", hands={"Tú": "9♠ 4♦ 5♥"},
                  melds={"Tú": ["9♥ 9♣ JK"]})
    exp = s.check("swap 9♠ for JK in 9")
    assert (exp.allowed, exp.rule) == (False, "swap.off")
    assert exp.message("en") == ("You cannot swap 9♠ for JK in the meld of nines: a wild card on the table "
                                 "stays there.")
    for v in VARIANTS:
        assert "swap.off" in v.rule_ids(), v.name


@pytest.mark.parametrize("action, en, sub", [
    ("swap 7♣ for JK in Ada:9", "You cannot swap 7♣ for JK in the meld of Ada's nines: the meld would break its "
                                "rules.", "meld.same-rank"),
    ("swap 2♣ for JK in Ada:9", "You cannot swap 2♣ for JK in the meld of Ada's nines: 2♣ is a wild card, and "
                                "the card given must be a natural one.", None),
    ("swap 9♠ for 2♦ in Ada:9", "You cannot swap 9♠ for 2♦ in the meld of Ada's nines: the meld of nines holds no "
                                "wild card 2♦.", None),
    ("swap 9♠ for JK in Bo:9", "You cannot swap 9♠ for JK in the meld of Bo's nines: there is no such meld on "
                               "the table.", None),
])
def test_refused_swaps_name_the_reason(action: str, en: str, sub: str | None) -> None:
    s = table()
    before = s.to_dict()
    exp = s.check(action)
    assert (exp.allowed, exp.rule, exp.message("en")) == (False, "swap.ok", en)
    assert [e.rule for e in exp.because] == ([sub] if sub else [])
    assert s.to_dict() == before


def test_legal_swaps_are_exactly_the_allowed_ones() -> None:
    s = table(melds={"Tú": ["K♠ K♥ 2♥"], "Ada": ["9♥ 9♣ JK 2♠"]},
              hands={**HANDS, "Tú": "9♠ 9♦ K♦ 2♣ 5♥"})
    legal = {canonical(a, s).text for a in s.legal_actions() if isinstance(a, Swap)}
    assert legal == {"swap 9♦ for JK in Ada:9", "swap 9♠ for JK in Ada:9",
                     "swap 9♦ for 2♠ in Ada:9", "swap 9♠ for 2♠ in Ada:9", "swap K♦ for 2♥ in K"}


def test_house_rule_file_turns_swaps_on() -> None:
    v = parse_house_rules('base = "individual"\n[options]\njoker_swap = true\n', "family.toml")
    exp = table(v).check("swap 9♠ for JK in Ada:9")
    assert (exp.allowed, exp.rule) == (True, "swap.ok")
    assert exp.source is not None and (exp.source.kind, exp.source.ref) == ("house", "family.toml")
    with pytest.raises(canasta.VariantError, match="true or false"):
        parse_house_rules('base = "individual"\n[options]\njoker_swap = 1\n')


def _probe_swaps(state: canasta.State) -> None:
    """Every swap a player could name is allowed exactly when it is a legal action."""
    legal = {canonical(a, state).text for a in state.legal_actions()}
    side = state.side_of(state.turn)
    for owner, melds in enumerate(state.melds):
        for m in melds:
            target = m.label if owner == side else f"{state.names[owner]}:{m.label}"
            for c in set(state.hands[state.turn]):
                for w in {x for x in m.cards if state.variant.is_wild(x)} | {c}:
                    a = Swap(card=c, wild=w, target=target)
                    assert state.check(a).allowed == (canonical(a, state).text in legal), a.text


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_with_swaps_keep_every_card(players: int) -> None:
    swaps = 0
    for seed in range(2):
        state = canasta.new_game(SWAP_ON, seed=seed, players=players)
        bot = RandomBot(seed)
        step = 0
        while not state.is_over and not state.results:
            if state.phase == "play" and step % 4 == 0:
                _probe_swaps(state)
            action = bot.choose(state)
            state.apply(action)
            swaps += isinstance(action, Swap)
            step += 1
            assert state.conservation_errors() == [], (seed, action.text)
    assert swaps > 0


def test_a_record_with_a_swap_saves_loads_and_replays(tmp_path) -> None:
    state = canasta.new_game(SWAP_ON, seed=2, players=2)
    bot = RandomBot(2)
    while not any(isinstance(step.action, Swap) for step in state.history):
        state.apply(bot.choose(state))
    for _ in range(6):  # a few actions after the swap
        state.apply(bot.choose(state))
    rec = record_from_state(state)
    assert rec.options == {"joker_swap": True}
    save_record(rec, tmp_path / "swap.json")
    loaded = load_record(tmp_path / "swap.json")
    assert any(" swap " in f" {e.action} " for e in loaded.entries)
    replayed = loaded.states()[-1]
    mine, again = state.to_dict(), replayed.to_dict()
    assert {k: v for k, v in again.items() if k != "history"} == {
        k: v for k, v in mine.items() if k != "history"}
    assert [step.action.without_player().text for step in replayed.history] == mine["history"]
    assert any(step.explanation.rule == "swap.ok" for step in replayed.history)
