"""Hypothesis strategies for house rules: any set of options a variant lets a house rule set,
with values from the least allowed to far past anything sensible, and the variants the engine
accepts from them."""

from __future__ import annotations

from typing import Any

from hypothesis import reject
from hypothesis import strategies as st

import canasta
from canasta.errors import VariantError
from canasta.houserules import HouseOption, house_options
from canasta.variant import Variant


def option_value(opt: HouseOption) -> st.SearchStrategy[Any]:
    """A value for one option: true or false, or a whole number near its least value, near its
    own value, or huge."""
    if opt.kind == "true or false":
        return st.booleans()
    base = int(opt.value)
    return st.one_of(
        st.integers(opt.least, opt.least + 20),
        st.integers(max(opt.least, base - 5), base + 20),
        st.sampled_from([opt.least, 2 * base + 1, 1000, 10**6, 10**9]),
        st.integers(opt.least, 10**7))


@st.composite
def house_options_of(draw: st.DrawFn, variant: str) -> dict[str, Any]:
    """Some of ``variant``'s house options (at least one), each with a value."""
    opts = house_options(variant)
    chosen = draw(st.lists(st.sampled_from(opts), min_size=1, max_size=5, unique_by=lambda o: o.name))
    return {o.name: draw(option_value(o)) for o in chosen}


@st.composite
def house_choice(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """(a variant's name, options for it), accepted or not."""
    name = draw(st.sampled_from(canasta.variant_names()))
    return name, draw(house_options_of(name))


@st.composite
def accepted_house_variant(draw: st.DrawFn) -> Variant:
    """A house-rule variant the engine accepts (a refused set of options is drawn again)."""
    name, options = draw(house_choice())
    try:
        return canasta.find_variant(name).with_options("fuzz", **options)
    except VariantError:
        reject()
