"""Whether a player can still go out this turn: the question behind asking the partner, and behind
holding a player to the partner's "yes".

:func:`can_go_out_by_search` answers any variant by searching through the melds, lay-offs and
discards that ``check`` allows, on copies of the state; a variant whose melds can be counted
(classic) answers faster with its own count (:meth:`Variant.can_go_out_now`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Add, Discard, Meld, Swap

if TYPE_CHECKING:
    from .state import State

# how many positions a search may visit before it gives up (and answers no)
SEARCH_LIMIT = 1000
# answers kept by position (a search, and the checks that hold a player to a yes, meet the same
# positions again and again); cleared whole when full
_KNOWN: dict[object, bool] = {}
_KNOWN_LIMIT = 20_000


def can_go_out_by_search(state: State, limit: int = SEARCH_LIMIT) -> bool:
    """Whether some sequence of allowed melds and lay-offs, then (where needed) a discard, empties
    the hand of the player to move this turn."""
    from .checks import check
    from .effects import apply_action
    from .movegen import candidates

    if state.phase != "play":
        return False
    seat = state.turn
    start = state.copy()
    start.ask = "searching"  # neither "yes" nor empty: no partner question inside the search
    seen: set[object] = set()
    budget = [limit]

    def key(s: State) -> object:
        side = s.side_of(seat)
        return (s.variant, s.opened[side], s.scores[side], s.extra.get("last_red_three"),
                tuple(sorted(c.text for c in s.hands[seat])),
                tuple(tuple(m.text for m in ms) for ms in s.melds))

    def search(s: State) -> bool:
        k = key(s)
        known = _KNOWN.get(k)
        if known is not None:
            return known
        if k in seen or budget[0] <= 0:
            return False
        seen.add(k)
        budget[0] -= 1
        found = explore(s)
        if budget[0] > 0 or found:  # a search cut short proves nothing about what it missed
            if len(_KNOWN) > _KNOWN_LIMIT:
                _KNOWN.clear()
            _KNOWN[k] = found
        return found

    def explore(s: State) -> bool:
        hand = s.hands[seat]
        for a in candidates(s):
            if not isinstance(a, (Meld, Add, Swap, Discard)):
                continue
            if isinstance(a, Discard) and len(hand) != 1:
                continue
            exp = check(s, a)
            if not exp.allowed:
                continue
            if isinstance(a, Discard):
                return True
            after = s.copy()
            apply_action(after, a, exp)
            if after.hand_over or after.turn != seat or not after.hands[seat]:
                return True
            if search(after):
                return True
        return False

    found = search(start)
    _KNOWN[key(start)] = found  # the same question gets the same answer, budget or not
    return found
