"""House rules: a variant derived from a registered one by overriding options, from Python or
from a TOML file. Every explanation that depends on an overridden option names it as a house
rule with its origin (see :meth:`Variant.source`).

A house-rule file::

    # two canastas to go out, a shorter game
    base = "classic"
    name = "Family rules"        # optional: the title shown for this table
    [options]
    canastas_to_go_out = 2
    target = 3000

Reading a file happens only in :func:`load_house_rules`; :func:`parse_house_rules` is pure.
"""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import CanastaError, RecordError, VariantError
from .explain import L
from .limits import MAX_TITLE, text_problem
from .variant import Variant

FILE_KEYS = ("base", "name", "options")


@dataclass(frozen=True)
class HouseOption:
    """One option a house rule may set on a variant: its type, current value and least value."""

    name: str
    kind: str  # "whole number" | "true or false"
    value: Any
    least: int
    rules: tuple[str, ...]  # the rule ids whose explanations name it when set


def house_options(variant: str | Variant) -> list[HouseOption]:
    """The options a house rule may set on ``variant``, sorted by name."""
    from .registry import find_variant

    v = find_variant(variant)
    out = []
    for name, least in sorted(v.house_options().items()):
        value = getattr(v, name)
        kind = "true or false" if isinstance(value, bool) else "whole number"
        out.append(HouseOption(name, kind, value, least, v.house_rule_ids(name)))
    return out


def house_variant(base: str | Variant, origin: str = "Python", *, name: str | None = None,
                  **options: Any) -> Variant:
    """``base`` with ``options`` overridden as house rules from ``origin`` (unknown or ill-typed
    options raise :class:`VariantError` naming them)."""
    from .registry import find_variant

    v = find_variant(base).with_options(origin, **options)
    if name:
        v = dataclasses.replace(v, title=L(name, name))
    return v


def parse_house_rules(text: str, path: str = "house rules") -> Variant:
    """The variant a house-rule TOML text describes; ``path`` names it in errors and sources."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        from .records import toml_malformed

        raise toml_malformed(e, path) from None
    except (ValueError, RecursionError) as e:  # a number too long, nesting too deep
        from .records import oversized_reason

        raise RecordError(key="file.unreadable", facts={"format": "TOML",
                                                        "reason": oversized_reason(e)},
                          path=path) from None
    return house_rules_from(data, path)


def house_rules_from(data: Mapping[str, Any], path: str = "house rules") -> Variant:
    """The variant described by an already-read mapping {base, name?, options}."""
    unknown = [k for k in data if k not in FILE_KEYS]
    if unknown:
        from .records import shown_keys

        raise VariantError(key="house.unknown-keys", facts={
            "path": path, "count": len(unknown), "shown": shown_keys(unknown),
            "known": ", ".join(FILE_KEYS)})
    base = data.get("base")
    if not isinstance(base, str) or not base.strip():
        raise VariantError(key="house.base", facts={"path": path})
    name = data.get("name")
    if name is not None and (not isinstance(name, str) or not name.strip()):
        raise VariantError(key="house.name", facts={"path": path})
    too_long = text_problem(name, MAX_TITLE) if name is not None else None
    if too_long:
        raise VariantError(key="house.name-too-long", facts={"path": path, **too_long})
    options = data.get("options", {})
    if not isinstance(options, Mapping):
        raise VariantError(key="house.options", facts={"path": path})
    from .registry import find_variant

    try:
        v = find_variant(base)
        known = v.house_options()
        for key in options:  # checked here so that no option name can clash with a parameter
            if key not in known:
                raise VariantError(key="house.unknown-option", facts={
                    "option": key, "variant": v.title, "known": ", ".join(sorted(known))})
        v = v.with_options(path, **options)
    except CanastaError as e:
        raise VariantError(key="house.in-file", facts={"path": path, "error": e}) from None
    return dataclasses.replace(v, title=L(name, name)) if name else v


def load_house_rules(path: str | Path) -> Variant:
    """Read a house-rule TOML file (a missing or unreadable file raises :class:`RecordError`)."""
    from .records import read_text

    try:
        text = read_text(path)
    except RecordError as e:  # unreadable, too large, not UTF-8: say which file it was meant to be
        raise RecordError(key="house.unreadable", facts={"error": RecordError(key=e.key, facts=e.facts)},
                          path=e.path) from None
    return parse_house_rules(text, str(path))
