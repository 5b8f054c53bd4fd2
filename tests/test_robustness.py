"""Robustness on random reachable states of every variant and table size: every card stays
accounted for after every action, save → load → replay reproduces every state, and the same
seed plays the same game in another process (whatever its hash seed)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from random_states import CONFIGS, digests, fingerprint, play

import canasta
from canasta.records import load_record, record_from_state, save_record

TESTS = Path(__file__).resolve().parent
QUICK = settings(deadline=None, derandomize=True, database=None,
                 suppress_health_check=[HealthCheck.too_slow])
CONFIG_IDS = [f"{v}-{n}p" for v, n in CONFIGS]


def test_the_configurations_cover_every_variant_and_table_size() -> None:
    assert {v for v, _ in CONFIGS} == set(canasta.variant_names())
    for v, n in [("rioplatense", 2), ("individual", 2), ("individual", 3), ("real", 2)]:
        assert (v, n) in CONFIGS


# ---- every card accounted for ---------------------------------------------------------------

def _conserved(state: canasta.State) -> None:
    errors = state.conservation_errors()
    assert errors == [], f"{state!r} after {len(state.history)} action(s): {errors}"


def _check_conservation(variant: str, players: int, seed: int, steps: int) -> int:
    state = play(variant, players, seed, steps, _conserved)
    return len(state.history)


@pytest.mark.parametrize(("variant", "players"), CONFIGS, ids=CONFIG_IDS)
@settings(QUICK, max_examples=3)
@given(seed=st.integers(0, 2**31), steps=st.integers(100, 400))
def test_every_card_is_accounted_for_after_every_action(variant: str, players: int, seed: int,
                                                        steps: int) -> None:
    assert _check_conservation(variant, players, seed, steps) > 0


@pytest.mark.long
@pytest.mark.parametrize(("variant", "players"), CONFIGS, ids=CONFIG_IDS)
@settings(QUICK, max_examples=40)
@given(seed=st.integers(0, 2**31), steps=st.integers(500, 3000))
def test_every_card_is_accounted_for_in_long_games(variant: str, players: int, seed: int,
                                                   steps: int) -> None:
    assert _check_conservation(variant, players, seed, steps) > 0


def test_the_check_fails_on_a_lost_card() -> None:
    state = canasta.new_game("classic", seed=1)
    lost = state.stock.pop()
    with pytest.raises(AssertionError, match=f"{lost.text}: 1 in play, 2 in the pack"):
        _conserved(state)


# ---- save → load → replay -------------------------------------------------------------------

def _round_trip(variant: str, players: int, seed: int, steps: int) -> None:
    seen: dict[int, dict[str, object]] = {}

    def each(s: canasta.State) -> None:
        _conserved(s)
        if len(s.history) % 25 == 0:  # a snapshot every 25 actions (each costs the history)
            seen[len(s.history)] = fingerprint(s)

    state = play(variant, players, seed, steps, each)
    seen[len(state.history)] = fingerprint(state)
    record = record_from_state(state)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.json"
        save_record(record, path)
        loaded = load_record(path)
        assert loaded.to_dict() == record.to_dict()
        replayed = loaded.states()
    assert len(replayed) == len(state.history) + 1
    for i, want in seen.items():
        assert fingerprint(replayed[i]) == want, f"the state after {i} action(s) differs"


def test_an_action_on_a_players_meld_round_trips_with_the_name_as_written() -> None:
    for text in ("take pile onto Ada:A", "add 9♠ to Ada:9", "take pile onto k", "add JK to Wilds"):
        action = canasta.parse_action(text)
        assert canasta.parse_action(action.text) == action
    assert canasta.parse_action("take pile onto Ada:A").text == "take pile onto Ada:A"
    assert canasta.parse_action("take pile onto k").text == "take pile onto K"
    assert canasta.parse_action("add JK to WILDS").text == "add JK to wilds"


@pytest.mark.parametrize(("variant", "players"), CONFIGS, ids=CONFIG_IDS)
@settings(QUICK, max_examples=3)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 300))
def test_save_load_replay_reproduces_every_state(variant: str, players: int, seed: int,
                                                 steps: int) -> None:
    _round_trip(variant, players, seed, steps)


@pytest.mark.long
@pytest.mark.parametrize(("variant", "players"), CONFIGS, ids=CONFIG_IDS)
@settings(QUICK, max_examples=30)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 1500))
def test_save_load_replay_reproduces_long_games(variant: str, players: int, seed: int,
                                                steps: int) -> None:
    _round_trip(variant, players, seed, steps)


# ---- the same seed in another process -------------------------------------------------------

def _in_another_process(cases: list[tuple[str, int, int, int]], hash_seed: str) -> list[str]:
    code = ("import json, sys; sys.path.insert(0, sys.argv[1]); import random_states; "
            "print(json.dumps(random_states.digests(json.loads(sys.argv[2]))))")
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    out = subprocess.run([sys.executable, "-c", code, str(TESTS), json.dumps(cases)], env=env,
                         capture_output=True, text=True, timeout=300, check=True)
    return list(json.loads(out.stdout))


@settings(QUICK, max_examples=2, phases=[Phase.generate])  # no shrinking: each run is a process
@given(seeds=st.lists(st.integers(0, 2**31), min_size=len(CONFIGS), max_size=len(CONFIGS)),
       steps=st.integers(40, 200), hash_seed=st.integers(0, 2**32 - 1))
def test_the_same_seed_plays_the_same_game_in_another_process(seeds: list[int], steps: int,
                                                              hash_seed: int) -> None:
    cases = [(v, n, seed, steps) for (v, n), seed in zip(CONFIGS, seeds, strict=True)]
    here = digests(cases)
    assert len(set(here)) == len(here)  # different games, so the digests can tell them apart
    assert _in_another_process(cases, str(hash_seed)) == here
