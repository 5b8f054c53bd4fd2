"""Fuzzed files: records, scenarios, house rules and exercises, mutated from valid ones (keys
dropped, wrong types, unknown cards, extra copies, nested garbage, huge numbers, bad bytes,
truncation) or made of random text. Every input either loads (and replays, scores or deals) or
raises the project's own error naming the file and the place; the CLI answers a sample of them
with one line and exit status 2."""

from __future__ import annotations

import copy
import functools
import json
import math
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from random_states import CONFIGS, play

import canasta
from canasta.compare import compare
from canasta.errors import CanastaError, InvalidActionError, RecordError, VariantError
from canasta.explain import L
from canasta.houserules import house_options, load_house_rules
from canasta.records import load_record, record_from_state
from canasta.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
FUZZ = settings(deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
# reasons that concern a whole file, so that no place inside it can be named
WHOLE_FILE = ("is a JSON object", "an exercise is", "not UTF-8", "malformed TOML", "not valid TOML",
              "unreadable", "escape such as", "cannot read")


# ---- what "loads" means for each kind of file -----------------------------------------------

def use_record(path: Path) -> None:
    record = load_record(path)
    assert len(record.states()) == len(record.entries) + 1


def use_scenario(path: Path) -> None:
    result = load_scenario(path).score()
    assert all(isinstance(t, int) for t in result.totals)


def use_house_rules(path: Path) -> None:
    v = load_house_rules(path)
    state = canasta.new_game(v, seed=0)
    assert state.legal_actions() and not state.conservation_errors()
    compare([v])  # what 'canasta compare FILE.toml' builds first


def use_exercise(path: Path) -> None:
    from canasta.widgets.exercises import load_exercise

    ex = load_exercise(path)
    if ex.kind == "situation":
        assert ex.judge()
    else:
        ex.to_scenario().score()


def attempt(use: Callable[[Path], None], path: Path) -> str:
    """'ok', or the name of the project error raised, after checking that its message names the
    file (and, for a record error inside the data, the place)."""
    try:
        use(path)
    except CanastaError as e:
        assert isinstance(e, (RecordError, VariantError, InvalidActionError)), repr(e)
        msg = str(e)
        assert str(path) in msg or repr(str(path)) in msg, msg
        assert "\n" not in msg, msg
        if isinstance(e, RecordError):
            assert e.where or any(w in msg for w in WHOLE_FILE), msg
        return type(e).__name__
    return "ok"


# ---- the valid files the mutations start from -----------------------------------------------

def _record_seed(variant: str, players: int, seed: int) -> dict[str, Any]:
    """A short game of the variant as a record, with a comment and a checkpoint to mutate."""
    state = play(variant, players, seed, 40)
    data = record_from_state(state, {0: L("first", "primera")}).to_dict()
    last = data["actions"][-1]
    data["actions"][-1] = {"action": last, "checkpoint": {
        "hand_size": {n: len(h) for n, h in zip(state.names, state.hands, strict=True)},
        "pile_size": len(state.pile), "turn": state.player, "phase": state.phase,
        "score": {state.names[side[0]]: x for side, x in zip(state.sides, state.scores, strict=True)}}}
    return data


def _scenario_seed(variant: str, players: int, seed: int) -> dict[str, Any]:
    """The table of a short game of the variant as an end-of-hand scenario (nobody went out)."""
    state = play(variant, players, seed, 60)

    def side(s: int) -> str:
        return " & ".join(state.names[p] for p in state.sides[s])
    data = {"format": "canasta-scenario", "version": 1, "variant": variant,
            "players": list(state.names),
            "melds": {side(s): [" ".join(c.text for c in m.cards) for m in ms]
                      for s, ms in enumerate(state.melds) if ms},
            "red_threes": {side(s): " ".join(c.text for c in r) for s, r in enumerate(state.red_threes) if r},
            "hands": {n: " ".join(c.text for c in h) for n, h in zip(state.names, state.hands, strict=True)},
            "went_out": None, "scores_before": {side(s): 10 * s for s in range(len(state.sides))}}
    if "muerto_state" in state.extra:  # each side's muerto, as the table left it
        data["extra"] = {"muerto_state": {side(s): x for s, x in enumerate(state.extra["muerto_state"])}}
    return data


def _json_files(pattern: str, fmt: str) -> list[Path]:
    out = []
    for p in sorted(EXAMPLES.glob(pattern)):
        try:
            if json.loads(p.read_text(encoding="utf-8")).get("format") == fmt:
                out.append(p)
        except (ValueError, AttributeError):  # another session's file half-written: not a seed
            continue
    return out


@functools.cache
def seeds() -> dict[str, list[tuple[Any, str]]]:
    """Per kind: (data, name) of valid inputs; scenario tables of variants without an example
    file are taken from games played in the engine."""
    records = [(json.loads(p.read_text(encoding="utf-8")), p.name)
               for p in _json_files("*.json", "canasta-record")]
    records += [(_record_seed(v, n, 3), f"{v}-{n}p game") for v, n in CONFIGS]
    scenarios = [(json.loads(p.read_text(encoding="utf-8")), p.name)
                 for p in _json_files("*.json", "canasta-scenario")]
    scenarios += [(_scenario_seed(v, n, 5), f"{v}-{n}p table") for v, n in CONFIGS[::2]]
    import tomllib

    house = [(tomllib.loads(p.read_text(encoding="utf-8")), p.name)
             for p in sorted((EXAMPLES / "house_rules").glob("*.toml"))]
    for v in canasta.variant_names():
        opts = {o.name: (not o.value if o.kind == "true or false" else o.value + 1)
                for o in house_options(v)[:3]}
        house.append(({"base": v, "name": f"{v} at home", "options": opts}, f"{v} house rules"))
    exercises = []
    for p in sorted((EXAMPLES / "exercises").rglob("*.json")):
        data = json.loads(p.read_text(encoding="utf-8"))
        if "kind" not in data:  # a table an exercise names (exercises/tables/), not an exercise
            continue
        if isinstance(data.get("scenario"), str):  # inline the table: the fuzzed copy lives elsewhere
            data["scenario"] = json.loads((p.parent / data["scenario"]).read_text(encoding="utf-8"))
        exercises.append((data, str(p.relative_to(EXAMPLES))))
    return {"record": records, "scenario": scenarios, "house": house, "exercise": exercises}


KINDS = ("record", "scenario", "house", "exercise")
USE: dict[str, Callable[[Path], None]] = {"record": use_record, "scenario": use_scenario,
                                          "house": use_house_rules, "exercise": use_exercise}
SUFFIX = {"record": ".json", "scenario": ".json", "house": ".toml", "exercise": ".json"}


@pytest.mark.parametrize("kind", KINDS)
def test_every_seed_file_loads(kind: str, tmp_path: Path) -> None:
    if kind == "exercise":
        pytest.importorskip("ipywidgets")
    for i, (data, name) in enumerate(seeds()[kind]):
        path = tmp_path / f"seed{i}{SUFFIX[kind]}"
        path.write_bytes(encode(kind, data))
        assert attempt(USE[kind], path) == "ok", name


# ---- writing data back as file bytes --------------------------------------------------------

def toml_value(v: Any) -> str:
    if v is None:
        return '"null"'  # TOML has no null: the nearest wrong value
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        return "nan" if math.isnan(v) else ("inf" if v > 0 else "-inf") if math.isinf(v) else repr(v)
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return json.dumps(v)  # a JSON string is a TOML basic string (a lone surrogate is refused)
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    return "{" + ", ".join(f"{json.dumps(str(k))} = {toml_value(x)}" for k, x in v.items()) + "}"


def encode(kind: str, data: Any) -> bytes:
    if kind != "house":
        return json.dumps(data).encode()  # ASCII escapes: lone surrogates come through as \\ud800
    if not isinstance(data, dict):
        return f"value = {toml_value(data)}".encode()
    return "\n".join(f"{json.dumps(str(k))} = {toml_value(v)}" for k, v in data.items()).encode()


# ---- mutations ------------------------------------------------------------------------------

def _nested(inner: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3)


BAD_CARDS = ["Z♠", "11♥", "1♠", "K", "♠", "JKR♠", "K♠♠", "", " ", "10", "KX", "k s", "🂡"]
GARBAGE = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**70), 2**70),
    st.sampled_from([10**100, -(10**100), 2**63, -1, 0, 10**6]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12), st.sampled_from(BAD_CARDS),
    st.recursive(st.none() | st.integers(-5, 5) | st.text(max_size=3) | st.sampled_from(BAD_CARDS),
                 _nested, max_leaves=10),
)
OPS = ("drop", "replace", "duplicate", "wrap", "add key", "many copies")


def _places(x: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [at]
    if isinstance(x, dict):
        for k, v in x.items():
            out += _places(v, at + (k,))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            out += _places(v, at + (i,))
    return out


def mutate(data: Any, draw: Callable[..., Any]) -> Any:
    """One structural mutation of ``data`` (a copy) at a drawn place."""
    data = copy.deepcopy(data)
    places = _places(data)[1:]
    if not places:
        return draw(GARBAGE)
    at = places[draw(st.integers(0, len(places) - 1))]
    parent = data
    for k in at[:-1]:
        parent = parent[k]
    key, op = at[-1], draw(st.sampled_from(OPS))
    if op == "drop":
        del parent[key]
    elif op == "replace":
        parent[key] = draw(GARBAGE)
    elif op == "duplicate":  # an extra copy of a card, an action, a meld or a player
        if isinstance(parent, list):
            parent.insert(key, copy.deepcopy(parent[key]))
        else:
            parent[f"{key} "] = copy.deepcopy(parent[key])
    elif op == "wrap":
        parent[key] = [parent[key]] if draw(st.booleans()) else {"x": parent[key]}
    elif op == "add key":
        target = parent[key] if isinstance(parent[key], (dict, list)) else parent
        if isinstance(target, dict):
            target[draw(st.text(max_size=6))] = draw(GARBAGE)
        else:
            target.append(draw(GARBAGE))
    else:  # "many copies": the same value many times over
        parent[key] = [copy.deepcopy(parent[key])] * draw(st.integers(2, 30))
    return data


def mutate_bytes(raw: bytes, draw: Callable[..., Any]) -> bytes:
    """Truncation, overwritten or inserted bytes (often not UTF-8), a deleted span."""
    b = bytearray(raw)
    i = draw(st.integers(0, max(len(b) - 1, 0)))
    op = draw(st.sampled_from(["truncate", "overwrite", "insert", "delete", "latin-1"]))
    if op == "truncate":
        del b[i:]
    elif op == "overwrite":
        chunk = draw(st.binary(min_size=1, max_size=4))
        b[i:i + len(chunk)] = chunk
    elif op == "insert":
        b[i:i] = draw(st.binary(min_size=1, max_size=12))
    elif op == "delete":
        del b[i:i + draw(st.integers(1, 40))]
    else:  # the file saved in another encoding
        b = bytearray(raw.decode("utf-8").encode("latin-1", errors="replace"))
    return bytes(b)


def _check(kind: str, raw: bytes, tmp: Path) -> str:
    path = tmp / f"fuzzed{SUFFIX[kind]}"
    path.write_bytes(raw)
    return attempt(USE[kind], path)


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


def _kinds() -> list[str]:
    try:
        import ipywidgets  # noqa: F401
    except ImportError:
        return list(KINDS[:3])
    return list(KINDS)


@pytest.mark.parametrize("kind", _kinds())
@settings(FUZZ, max_examples=300)
@given(data=st.data())
def test_mutated_files_load_or_raise_a_named_error(kind: str, data: st.DataObject,
                                                   workdir: Path) -> None:
    seed, name = data.draw(st.sampled_from(seeds()[kind]), label="seed")
    value = seed
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        value = mutate(value, data.draw)
    _check(kind, encode(kind, value), workdir)


@pytest.mark.long
@pytest.mark.parametrize("kind", _kinds())
@settings(FUZZ, max_examples=3000)
@given(data=st.data())
def test_many_mutated_files_load_or_raise_a_named_error(kind: str, data: st.DataObject,
                                                        workdir: Path) -> None:
    test_mutated_files_load_or_raise_a_named_error.hypothesis.inner_test(kind, data, workdir)


@pytest.mark.parametrize("kind", _kinds())
@settings(FUZZ, max_examples=100)
@given(data=st.data())
def test_damaged_bytes_load_or_raise_a_named_error(kind: str, data: st.DataObject,
                                                   workdir: Path) -> None:
    seed, name = data.draw(st.sampled_from(seeds()[kind]), label="seed")
    _check(kind, mutate_bytes(encode(kind, seed), data.draw), workdir)


@pytest.mark.parametrize("kind", _kinds())
@settings(FUZZ, max_examples=100)
@given(raw=st.one_of(st.binary(max_size=200),
                     st.text(max_size=200).map(lambda t: t.encode("utf-8", "surrogatepass")),
                     st.sampled_from([b"[" * 100_000, b'{"a":' * 50_000, b"9" * 5000,
                                      b"a = " + b"[" * 100_000, b"x = " + b"9" * 5000,
                                      b"\xef\xbb\xbf{}", b"{}", b"[]", b"null", b"NaN"])))
def test_random_bytes_load_or_raise_a_named_error(kind: str, raw: bytes, workdir: Path) -> None:
    _check(kind, raw, workdir)


def test_the_checks_catch_a_message_without_the_file(tmp_path: Path) -> None:
    def nameless(path: Path) -> None:
        raise RecordError("no file named", where="players")

    with pytest.raises(AssertionError):
        attempt(nameless, tmp_path / "x.json")
    with pytest.raises(KeyError):
        attempt(lambda p: {}["k"], tmp_path / "x.json")  # another exception is not swallowed


# ---- the command line on a sample -----------------------------------------------------------

def _sample(tmp: Path) -> list[tuple[str, Path]]:
    """Ten damaged files, one per kind of damage, each with the command that reads it."""
    game = json.loads((EXAMPLES / "classic_sample_game.json").read_text(encoding="utf-8"))
    table = json.loads((EXAMPLES / "classic_sample_final_table.json").read_text(encoding="utf-8"))
    files: dict[str, tuple[str, bytes]] = {}

    def put(name: str, command: str, data: Any) -> None:
        raw = data if isinstance(data, bytes) else json.dumps(data, ensure_ascii=False).encode()
        files[name] = (command, raw)

    put("dropped-players.json", "replay", {k: v for k, v in game.items() if k != "players"})
    g = copy.deepcopy(game)
    g["deals"][0]["hands"]["Tú"][3] = "11♥"
    put("unknown-card.json", "replay", g)
    g = copy.deepcopy(game)
    g["deals"][0]["stock"].append("JK")
    put("extra-joker.json", "replay", g)
    put("truncated.json", "replay", (EXAMPLES / "classic_sample_game.json").read_bytes()[:700])
    put("latin-1.json", "replay",
        (EXAMPLES / "classic_sample_game.json").read_text(encoding="utf-8").encode("latin-1", "replace"))
    put("wrong-type.json", "score", {**table, "melds": 5})
    put("nested.json", "score", {**table, "hands": {"Tú": [[["K♠"]]], "Bo": {"a": {"b": None}}}})
    put("deep.json", "score", b"[" * 100_000)
    files["unknown-option.toml"] = ("compare", b'base = "classic"\n[options]\nno_such_rule = 1\n')
    files["huge.toml"] = ("compare", b'base = "classic"\n[options]\ntarget = ' + b"9" * 5000 + b"\n")
    out = []
    for name, (command, raw) in files.items():
        (tmp / name).write_bytes(raw)
        out.append((command, tmp / name))
    return out


def test_the_cli_answers_damaged_files_with_one_line_and_status_2(tmp_path: Path) -> None:
    sample = _sample(tmp_path)
    assert len(sample) == 10
    runs = [(command, path, subprocess.Popen(
        [sys.executable, "-m", "canasta.cli", command, str(path)], stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, encoding="utf-8", errors="replace"))
        for command, path in sample]
    for command, path, proc in runs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 2, (path.name, out[-300:], err[-600:])
        assert "Traceback" not in err and "Traceback" not in out, err
        lines = err.strip().splitlines()
        assert len(lines) == 1, err
        assert lines[0].startswith(f"canasta {command}: error: {path}"), lines[0]
