"""The example files ship inside the package (the notebooks read them there, also in the
browser) and stay equal to the repository's examples/ folder, the copy people open."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from canasta.examples import EXAMPLES, example, house_rules
from canasta.records import load_record

ROOT = Path(__file__).resolve().parents[1]


def files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*"))
            if p.is_file() and p.suffix in (".json", ".toml", ".csv")}


def test_package_examples_equal_the_examples_folder() -> None:
    shipped, shown = files(EXAMPLES), files(ROOT / "examples")
    assert sorted(shipped) == sorted(shown)  # the same files (an installed copy too)
    different = [name for name in shown if shipped[name] != shown[name]]
    assert different == [], f"edit both copies (examples/ and canasta/examples/): {different}"
    assert "exercises/04_frozen_pile.json" in shipped and "house_rules/individual_host.toml" in shipped


def test_examples_are_read_from_the_package() -> None:
    record = load_record(example("classic_sample_game.json"))
    assert record.variant == "classic" and len(record.entries) > 50
    with pytest.raises(FileNotFoundError, match="no example 'missing.json'"):
        example("missing.json")


def test_house_rules_are_named_by_their_place_in_examples() -> None:
    family = house_rules("family_two_canastas.toml")
    assert family.target == 3000
    assert {origin for _option, _value, origin in family.house} == {
        "examples/house_rules/family_two_canastas.toml"}


def _texts(node: object, key: str = "") -> list[tuple[str, str, str]]:
    """Every (field, language, text) of a file's two-language texts."""
    if isinstance(node, dict):
        if set(node) == {"en", "es"} and all(isinstance(v, str) for v in node.values()):
            return [(key, lang, node[lang]) for lang in ("en", "es")]
        return [t for k, v in node.items() for t in _texts(v, k)]
    if isinstance(node, list):
        return [t for v in node for t in _texts(v, key)]
    return []


def test_exercises_speak_to_the_reader() -> None:
    """The reader's seat is named Tú in the files, but a title or a question addresses the
    reader ("¿Puedes bajar…?", "May you meld…?"), never "¿Puede Tú…?" nor "May Tú…?": the
    engine's own messages say "tú" / "you" for that seat, and the texts beside them agree."""
    found = []
    for path in sorted((ROOT / "examples").rglob("*.json")):
        for field, lang, text in _texts(json.loads(path.read_text(encoding="utf-8"))):
            if field in ("title", "question") and "Tú" in text:
                found.append(f"{path.relative_to(ROOT)} {field} [{lang}]: {text}")
    assert found == []
    # the check reads the files' texts (the first exercise's question is one of them)
    first = json.loads((ROOT / "examples/exercises/01_first_meld.json").read_text(encoding="utf-8"))
    assert ("question", "es", first["question"]["es"]) in _texts(first)
