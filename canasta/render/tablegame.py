"""The card table's new-game picker and its running score, as JSON-ready data.

:func:`setup_view` offers what the variants say: every registered variant, the numbers of
players each allows (``Variant.player_counts``), a deal number (the seed) and the bot levels
registered for the table (``canasta.bots.BOTS``). :func:`game_view` is the game so far, hand
after hand: the engine's :class:`~canasta.state.HandResult` of each hand (its itemised lines,
its totals and the running score after it) and the game's end as the engine explains it. Nothing
here decides a rule or counts a point.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..registry import registered
from ..words import rule_text
from .html import breakdown_html
from .table_words import has_word, tw

if TYPE_CHECKING:
    from ..state import State

SEED_MAX = 999_999_999  # the deal numbers the picker accepts (any whole number deals a game)


def level_label(level: str, lang: str) -> str:
    """A bot level as the learner reads it ('careful' / 'prudente')."""
    key = f"level.{level}"
    return tw(key, lang) if has_word(key) else level


def setup_view(variant: str, players: int, seed: int, bots: str, levels: Sequence[str],
               lang: str = "en", open_: bool = False) -> dict[str, Any]:
    """The picker of a new game, set to the game on the table."""
    variants = [{"value": v.name, "label": v.title.get(lang),
                 "players": sorted(v.player_counts), "default": v.default_players}
                for v in registered()]
    return {
        "title": tw("setup", lang, variant), "open": open_,
        "variant": {"label": tw("setup.variant", lang, variant), "value": variant,
                    "options": variants},
        "players": {"label": tw("setup.players", lang, variant), "value": players},
        "seed": {"label": tw("setup.seed", lang, variant), "value": seed, "max": SEED_MAX,
                 "tip": tw("setup.seed.tip", lang, variant)},
        "bots": {"label": tw("setup.bots", lang, variant), "value": bots,
                 "options": [{"value": k, "label": level_label(k, lang)} for k in levels]},
        "button": tw("setup.new", lang, variant), "tip": tw("setup.new.tip", lang, variant),
    }


def _side_names(state: State, seat: int, lang: str) -> list[str]:
    base = state.variant.base_name()
    return [(" y " if lang == "es" else " & ").join(
        tw("you", lang, base) if p == seat else state.names[p] for p in side)
        for side in state.sides]


def game_view(state: State, seat: int, lang: str = "en") -> dict[str, Any]:
    """The running score: one row a hand played (each side's points for it and its score
    after it, the hand's itemised breakdown a click away), the target and the game's end."""
    base = state.variant.base_name()
    viewer = state.names[seat]
    hands = [{"no": r.hand_no, "label": tw("hand_no", lang, base, n=r.hand_no),
              "points": [_num(p) for p in r.totals], "after": [_num(p) for p in r.scores_after],
              "details": breakdown_html(r, state, lang, viewer=viewer)}
             for r in state.results]
    last = state.last_result
    over = ""
    if last is not None and last.game_over is not None:
        over = last.game_over.message(lang, viewer)
    return {"title": tw("game", lang, base), "rule": rule_text("game.end", lang, state.variant),
            "sides": _side_names(state, seat, lang), "hands": hands,
            "scores": [_num(p) for p in state.scores],
            "total": tw("game.total", lang, base), "empty": tw("game.empty", lang, base),
            "details": tw("details", lang, base), "over": over}


def _num(n: int) -> str:
    return f"−{-n}" if n < 0 else str(n)
