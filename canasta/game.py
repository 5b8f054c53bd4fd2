"""Creating games: a game is (variant, seed, actions)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .actions import Action
from .errors import VariantError
from .explain import P
from .names import player_names
from .registry import find_variant
from .state import State, parse_fixed_deal
from .variant import Variant

DEFAULT_NAMES = ("Tú", "Ada", "Bo", "Cleo", "Dani", "Eva")


def new_game(variant: str | Variant = "classic", seed: int = 0, names: Sequence[str] | None = None,
             *, players: int | None = None, deals: Sequence[Mapping[str, Any]] = (),
             dealer: int | None = None) -> State:
    """A new game, its first hand dealt. ``deals`` (optional) fixes the cards of the first hands;
    otherwise each hand is shuffled from (seed, hand number). Names are made normal (composed,
    trimmed) and must read back from an action's text (see :mod:`canasta.names`)."""
    v = find_variant(variant)
    if names is None:
        n = players or v.default_players
        names = DEFAULT_NAMES[:n] if n <= len(DEFAULT_NAMES) else tuple(f"P{i + 1}" for i in range(n))
    names, problem = player_names(names)
    if players is not None and players != len(names):
        raise VariantError(key="game.names-count", facts={"players": players, "names": len(names)})
    if len(names) not in v.player_counts:
        ordered = sorted(v.player_counts)
        counts = (P("cmp.count", n=ordered[0]) if len(ordered) == 1 else
                  P("cmp.either", first=", ".join(map(str, ordered[:-1])), last=ordered[-1]))
        raise VariantError(key="game.players", facts={"variant": v.title, "counts": counts,
                                                       "n": len(names)})
    if problem:
        raise VariantError(key=problem[0], facts=problem[1])
    fixed = [parse_fixed_deal(v, names, d) for d in deals]
    state = State(variant=v, names=names, seed=int(seed), sides=v.sides_for(len(names)))
    state.scores = [0] * len(state.sides)
    state.hand_no = 1
    state.dealer = (len(names) - 1) if dealer is None else dealer
    state.fixed_deals = fixed
    state.deal(fixed[0] if fixed else None)
    return state


def replay(state: State, actions: Iterable[Action | str]) -> State:
    """Apply ``actions`` in order to ``state`` (in place) and return it."""
    for a in actions:
        state.apply(a)
    return state
