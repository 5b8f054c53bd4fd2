"""The registry of variants: registered by name, loaded when first asked for, found by every
alias, and refusing a variant whose names are not the ones it was registered with."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys

import pytest

from canasta import registry
from canasta.errors import VariantError
from canasta.registry import find_variant, register, register_lazy, registered, variant_names

FIVE = ["classic", "americana", "real", "rioplatense", "individual"]


def _fresh(code: str) -> object:
    """What ``code`` prints as JSON, run in a fresh interpreter after ``import canasta``."""
    out = subprocess.run([sys.executable, "-c", "import json, sys, canasta\n" + code],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def _loaded() -> str:
    return "sorted({m.split('.')[2] for m in sys.modules if m.startswith('canasta.variants.')})"


def test_import_loads_no_variant_and_names_them_all() -> None:
    assert _fresh(f"print(json.dumps([{_loaded()}, canasta.variant_names()]))") == [[], FIVE]


def test_an_alias_loads_its_variant_only() -> None:
    got = _fresh("v = canasta.find_variant('Buraco')\n"
                 f"print(json.dumps([v.name, {_loaded()}]))")
    assert got == ["real", ["real"]]


def test_a_variants_own_rule_is_known_before_the_variant_is_loaded() -> None:
    got = _fresh("from canasta.catalogue import rule_group\n"
                 "print(json.dumps([rule_group('run.one-suit'), rule_group('no.such-rule')]))")
    assert got == ["meld", ""]


def test_every_name_and_alias_finds_the_variant_that_says_it() -> None:
    variants = registered()
    assert [v.name for v in variants] == FIVE == variant_names()
    for v in variants:
        assert find_variant(v.name) is v
        for alias in v.aliases:
            assert find_variant(alias) is v, alias
            assert find_variant(f"  {alias.upper().replace(' ', '_')} ") is v, alias


def test_the_variants_package_lists_the_five_in_play_order() -> None:
    import canasta.variants

    assert [v.name for v in canasta.variants.VARIANTS] == FIVE
    with pytest.raises(AttributeError):
        canasta.variants.NO_SUCH  # noqa: B018


def test_a_variant_registered_with_other_aliases_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_ENTRIES", list(registry._ENTRIES))
    register_lazy("classic-too", ("other-alias",), "canasta.variants.classic", "CLASSIC")
    with pytest.raises(VariantError, match="aliases"):
        find_variant("other-alias")
    with pytest.raises(VariantError, match="twice"):
        register_lazy("classic", (), "canasta.variants.classic", "CLASSIC")


def test_a_built_variant_registers_and_is_found_after_the_five(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_ENTRIES", list(registry._ENTRIES))
    mine = dataclasses.replace(find_variant("classic"), name="mine", aliases=("my canasta",))
    register(mine)
    assert variant_names() == [*FIVE, "mine"]
    assert find_variant("My Canasta") is mine and registered()[-1] is mine
    with pytest.raises(VariantError, match="twice"):
        register(mine)
