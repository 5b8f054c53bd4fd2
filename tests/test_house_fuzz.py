"""House rules fuzzed: every set of options is either refused in one line naming an option (in
either language, and with the file named for a TOML file), or it deals, plays and ends hands with
no error and no decision that runs away: the legal actions are what ``check`` allows, every card
is accounted for after every action."""

from __future__ import annotations

import random
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from house_strategies import accepted_house_variant, house_choice
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import canasta
from canasta.bots import GreedyBot, RandomBot
from canasta.errors import VariantError
from canasta.houselimits import largest_meld, most_canastas
from canasta.houserules import house_variant, parse_house_rules
from canasta.movegen import checked_legal_actions
from canasta.situation import situation
from canasta.variant import Variant
from canasta.words import error_text

QUICK = settings(deadline=None, derandomize=True, database=None,
                 suppress_health_check=list(HealthCheck))
# a decision that takes this much CPU time has run away (every decision of these games takes
# well under a second): the guard stops it, so that the test fails instead of hanging
RUNAWAY_SECONDS = 20


@contextmanager
def runaway_guard(what: str) -> Iterator[None]:
    def stop(_signum: int, _frame: Any) -> None:
        raise AssertionError(f"{what} ran past {RUNAWAY_SECONDS} s of CPU time")

    old = signal.signal(signal.SIGPROF, stop)
    signal.setitimer(signal.ITIMER_PROF, RUNAWAY_SECONDS)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, old)


def play(v: Variant, seed: int, players: int, decisions: int, compare_every: int = 0) -> None:
    """Deal and play ``decisions`` decisions of seeded random and greedy bots, hand after hand."""
    with runaway_guard(f"dealing {v.house}"):
        g = canasta.new_game(v, seed=seed, players=players)
    assert g.conservation_errors() == []
    rng = random.Random(seed)
    bots = (RandomBot(seed), GreedyBot(seed))
    for n in range(decisions):
        if g.is_over:
            break
        with runaway_guard(f"decision {n} under {v.house}"):
            legal = g.legal_actions()
            assert legal, f"no legal action at decision {n}"
            if compare_every and n % compare_every == 0 and v.fast_moves() is not None:
                assert legal == checked_legal_actions(g)
            g.apply(bots[rng.random() < 0.3].choose(g))
        assert g.conservation_errors() == []


@settings(QUICK, max_examples=60)
@given(variant=accepted_house_variant(), seed=st.integers(0, 10**6), table=st.integers(0, 5))
def test_every_accepted_set_of_options_deals_plays_and_ends_hands(variant: Variant, seed: int,
                                                                 table: int) -> None:
    play(variant, seed, variant.player_counts[table % len(variant.player_counts)], 120,
         compare_every=15)


@pytest.mark.long
@settings(QUICK, max_examples=600)
@given(variant=accepted_house_variant(), seed=st.integers(0, 10**6), table=st.integers(0, 5))
def test_many_accepted_sets_of_options_play_long_games(variant: Variant, seed: int,
                                                       table: int) -> None:
    play(variant, seed, variant.player_counts[table % len(variant.player_counts)], 600,
         compare_every=10)


@settings(QUICK, max_examples=300)
@given(choice=house_choice())
def test_a_refused_set_of_options_is_one_line_naming_an_option(choice: tuple[str, dict[str, Any]]
                                                               ) -> None:
    name, options = choice
    try:
        canasta.find_variant(name).with_options("fuzz", **options)
    except VariantError as e:
        for lang in ("en", "es"):
            said = error_text(e, lang)
            assert "\n" not in said and "{" not in said
            assert any(f"'{k}'" in said or f"«{k}»" in said for k in options), said
        # from a file: the file first, then the same line
        toml = "\n".join(f"{k} = {str(v).lower()}" for k, v in options.items())
        with pytest.raises(VariantError) as err:
            parse_house_rules(f'base = "{name}"\n[options]\n{toml}\n', "mesa.toml")
        assert str(err.value) == f"mesa.toml: {e}"
        assert error_text(err.value, "es") == f"mesa.toml: {error_text(e, 'es')}"


# ---- each option at its edge -----------------------------------------------------------------

REFUSED = [
    # the runaway: 10**6 wild cards a meld made one legal_actions() take minutes
    ("individual", {"max_wilds": 1_000_000, "canasta_size": 3},
     "house-rule option 'max_wilds' must be at most 12, not 1,000,000: the pack has only 12 wild "
     "cards",
     "la regla de la casa «max_wilds» no puede pasar de 12, y vale 1.000.000: la baraja solo "
     "tiene 12 cartas que hacen de comodín"),
    ("classic", {"max_wilds": 13}, "'max_wilds' must be at most 12, not 13", "no puede pasar de 12"),
    ("rioplatense", {"max_wilds": 11}, "'max_wilds' must be at most 10, not 11", "tiene 10 cartas"),
    ("real", {"max_wilds": 9}, "'max_wilds' must be at most 8, not 9", "tiene 8 cartas"),
    # no canasta could ever be made, so no one could go out
    ("classic", {"canasta_size": 14},
     "house-rule option 'canasta_size' must be at most 11, not 14: under these rules no meld can "
     "hold more than 11 cards",
     "la regla de la casa «canasta_size» no puede pasar de 11, y vale 14: con estas reglas no se "
     "puede bajar nada de más de 11 cartas"),
    ("classic", {"max_wilds": 0, "canasta_size": 9}, "'canasta_size' must be at most 8, not 9",
     "de más de 8 cartas"),
    ("americana", {"canasta_size": 8}, "'canasta_size' must be at most 7, not 8", "de 7"),
    ("real", {"canasta_size": 15}, "'canasta_size' must be at most 14, not 15", "de 14"),
    ("individual", {"max_wilds": 12, "canasta_size": 21}, "at most 20, not 21", "de 20"),
    ("classic", {"canastas_to_go_out": 12},
     "house-rule option 'canastas_to_go_out' must be at most 11, not 12: under these rules a side "
     "can never hold more than 11 canastas", "nadie puede llegar a tener más de 11 canastas"),
    ("classic", {"canasta_size": 11, "canastas_to_go_out": 10},
     "'canastas_to_go_out' must be at most 9, not 10", "más de 9 canastas"),
    # the muertos came out short and the upcard found an empty stock (IndexError in the deal)
    ("real", {"cards_dealt": 21},
     "house-rule option 'cards_dealt' = 21 deals 84 cards to 4 players and sets 22 cards aside, "
     "which leaves no stock to draw from in a pack of 104",
     "la regla de la casa «cards_dealt» = 21 reparte 84 cartas a 4 jugadores y aparta 22 cartas, "
     "y así no queda mazo del que robar en una baraja de 104"),
    ("real", {"cards_dealt": 23, "upcard": True}, "deals 92 cards", "reparte 92 cartas"),
    ("americana", {"cards_dealt": 13, "upcard": True, "target": 1_000_001},
     "'target' must be at most 1,000,000, not 1,000,001: no score of a table may be larger",
     "ninguna mesa admite un puntaje mayor"),
    ("rioplatense", {"wild_canasta_bonus": 10**9}, "'wild_canasta_bonus' must be at most 1,000,000",
     "«wild_canasta_bonus» no puede pasar de 1.000.000"),
]


@pytest.mark.parametrize(("name", "options", "en", "es"), REFUSED,
                         ids=[f"{n}-{'-'.join(o)}" for n, o, _, _ in REFUSED])
def test_options_the_pack_cannot_honour_are_refused_in_one_line(name: str, options: dict[str, Any],
                                                                en: str, es: str) -> None:
    with pytest.raises(VariantError) as err:
        house_variant(name, **options)
    assert en in str(err.value) and es in error_text(err.value, "es")


def test_at_the_edge_the_options_are_accepted_and_reached() -> None:
    # 8 naturals and 3 wild cards: the largest meld of classic, and a canasta of that size
    v = house_variant("classic", canasta_size=11)
    assert (largest_meld(v), most_canastas(v)) == (11, 9)
    s = situation(v, hands={"Tú": "K♠ K♠ K♥ K♥ K♦ K♦ K♣ K♣ 2♣ 2♦ JK 5♥ 6♥"}, phase="play",
                  opened={"Tú": True})
    exp = s.check("meld K♠ K♠ K♥ K♥ K♦ K♦ K♣ K♣ 2♣ 2♦ JK")
    assert exp.allowed, exp.message()
    s.apply("meld K♠ K♠ K♥ K♥ K♦ K♦ K♣ K♣ 2♣ 2♦ JK")
    assert [v.canasta_kind(m) for m in s.melds[0]] == ["mixed"]
    assert house_variant("classic", max_wilds=12).max_wilds == 12
    assert house_variant("individual", max_wilds=12, canasta_size=20).canasta_size == 20
    assert house_variant("real", canasta_size=14).canasta_size == 14  # a run from ace to ace
    assert house_variant("classic", canastas_to_go_out=11).canastas_to_go_out == 11
    assert house_variant("real", cards_dealt=20, upcard=True).cards_dealt == 20  # 80 + 22 + 1 < 104


@pytest.mark.parametrize(("name", "options", "seed", "players"), [
    # legal_actions() listed takes of a frozen pozo with a wild card that check refused
    ("rioplatense", {"ask_partner": True, "pile_frozen_before_opening": True, "pile_madre": False},
     951854, 2),
    ("real", {"cards_dealt": 20, "upcard": True}, 3, 4),
    ("individual", {"max_wilds": 12, "canasta_size": 3}, 1, 4),
    ("classic", {"max_wilds": 12, "canasta_size": 16}, 0, 4),
])
def test_combinations_the_fuzzing_found_play_as_check_says(name: str, options: dict[str, Any],
                                                           seed: int, players: int) -> None:
    play(house_variant(name, **options), seed, players, 200, compare_every=1)


def test_the_example_house_rule_files_are_within_the_limits() -> None:
    from canasta.houserules import load_house_rules

    for path in sorted((Path(__file__).parents[1] / "examples" / "house_rules").glob("*.toml")):
        play(load_house_rules(path), 1, load_house_rules(path).default_players, 60)
