"""The registry of variants, found by name or alias.

The core reaches variants only through here. The variants package (``canasta/variants/``)
registers the five variants by name when ``canasta`` is imported, each with its aliases and the
module that defines it (:func:`register_lazy`); a variant's module is imported the first time the
variant is asked for, so ``import canasta`` loads none of them. :func:`register` adds a variant
that is already built.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING

from .errors import VariantError

if TYPE_CHECKING:
    from .variant import Variant


@dataclass
class _Entry:
    """A registered variant: its name and aliases, and the variant itself once loaded (from
    ``module``'s ``attribute`` for a variant registered by name)."""

    name: str
    aliases: tuple[str, ...]
    variant: Variant | None = None
    module: str = ""
    attribute: str = ""

    def load(self) -> Variant:
        if self.variant is None:
            found = getattr(import_module(self.module), self.attribute)
            # the names the registry answered to are the variant's own: a variant that does not
            # say them is refused rather than found by a name it does not have
            if found.name != self.name or tuple(found.aliases) != self.aliases:
                raise VariantError(
                    f"variant {self.name!r} was registered with the aliases {self.aliases!r}, "
                    f"but {self.module}.{self.attribute} is {found.name!r} with {found.aliases!r}")
            self.variant = found
        return self.variant


_ENTRIES: list[_Entry] = []


def _norm(name: str) -> str:
    return " ".join(name.strip().lower().replace("_", " ").replace("-", " ").split())


def _add(entry: _Entry) -> None:
    if any(e.name == entry.name for e in _ENTRIES):
        raise VariantError(f"variant {entry.name!r} is registered twice")
    _ENTRIES.append(entry)


def register(variant: Variant) -> None:
    """Add ``variant``, already built, to the registry."""
    _add(_Entry(variant.name, tuple(variant.aliases), variant))


def register_lazy(name: str, aliases: tuple[str, ...], module: str, attribute: str) -> None:
    """Add the variant ``attribute`` of ``module`` under ``name`` and ``aliases`` (which must be
    the variant's own), importing the module only when the variant is first asked for."""
    _add(_Entry(name, tuple(aliases), None, module, attribute))


def registered() -> tuple[Variant, ...]:
    """The registered variants, in the order they were registered (every one loaded)."""
    return tuple(e.load() for e in _ENTRIES)


def find_variant(name: str | Variant) -> Variant:
    """The variant called ``name`` or one of its aliases (case and spacing ignored)."""
    from .variant import Variant

    if isinstance(name, Variant):
        return name
    key = _norm(str(name))
    for e in _ENTRIES:
        if key == e.name or key in (_norm(a) for a in e.aliases):
            return e.load()
    known = ", ".join(e.name for e in _ENTRIES)
    raise VariantError(key="variant.unknown", facts={"name": str(name), "known": known})


def variant_names() -> list[str]:
    """The names of the registered variants, in order (none is loaded to say them)."""
    return [e.name for e in _ENTRIES]
