"""The example files ship inside the package (the notebooks read them there, also in the
browser) and stay equal to the repository's examples/ folder, the copy people open."""

from __future__ import annotations

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
