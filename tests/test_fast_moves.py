"""Classic's fast move generation equals the checked definition: at every decision of random and
greedy games (the plain rules and house rules that move its thresholds), the same actions in the
same order as the candidates that ``check`` allows."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import canasta
from canasta.actions import Add, Discard, Meld, TakePile
from canasta.bots import GreedyBot, RandomBot
from canasta.melds import Meld as TableMeld
from canasta.movegen import checked_legal_actions
from canasta.variants import find_variant
from canasta.variants.classic.moves import classic_legal_actions

CLASSIC = find_variant("classic")
HOUSE = {
    "plain": {},
    "short": {"cards_dealt": 5, "canasta_size": 5},  # hands empty often: going out in every way
    "no-canasta-needed": {"canastas_to_go_out": 0},
    "two-canastas": {"canastas_to_go_out": 2, "max_wilds": 1},
    "open-pile": {"pile_frozen_before_opening": False, "ask_partner": False},
    "no-wilds": {"max_wilds": 0, "canasta_size": 4},
}


def _kinds(actions: list[canasta.Action], state: canasta.State) -> Counter[str]:
    """Which kinds of decision a list holds (to show the games reach every branch)."""
    out: Counter[str] = Counter()
    hand = len(state.hands[state.turn])
    for a in actions:
        if isinstance(a, Meld):
            out["meld-opening" if len(a.groups) > 1 else "meld"] += 1
            if sum(len(g) for g in a.groups) >= hand - 1:
                out["meld-out"] += 1
        elif isinstance(a, Add):
            out["add-out" if len(a.cards) >= hand - 1 else "add"] += 1
        elif isinstance(a, TakePile):
            out["take-extra" if a.extra else "take-onto" if a.onto else "take"] += 1
        elif isinstance(a, Discard):
            out["discard-out" if hand == 1 else "discard"] += 1
        else:
            out[type(a).__name__] += 1
    return out


def _checked_only(state: canasta.State) -> bool:
    """The turns the fast path leaves to the checked list: play without a stock (a take, or the
    end of play), the turn after the stock's last card was a red three, a partner's yes."""
    return ((state.phase == "draw" and not state.stock) or state.ask == "yes"
            or "last_red_three" in state.extra)


@pytest.mark.parametrize("house", sorted(HOUSE))
def test_fast_moves_equal_the_checked_list_at_every_decision(house: str) -> None:
    variant = CLASSIC.with_options(origin="test", **HOUSE[house]) if HOUSE[house] else CLASSIC
    seen: Counter[str] = Counter()
    states = 0
    for seed in range(12):  # four games at least, more while they are short
        if seed >= 4 and states >= 1000:
            break
        state = canasta.new_game(variant, seed=seed)
        rng = random.Random(seed)
        bots = (RandomBot(seed), GreedyBot(seed))
        for _ in range(700):
            if state.is_over:
                break
            fast = classic_legal_actions(state)
            checked = checked_legal_actions(state)
            if fast is None:  # the rare turns the checked path answers alone
                assert _checked_only(state), state
                seen["checked-only"] += 1
            else:
                assert fast == checked, (state, [a.text for a in fast], [a.text for a in checked])
            assert state.legal_actions() == checked
            seen.update(_kinds(checked, state))
            states += 1
            state.apply(bots[rng.random() < 0.5].choose(state))
    assert states >= 1000
    # the games went through the rare branches, not only draws and discards
    for kind in ("meld", "add", "take", "take-onto", "discard"):
        assert seen[kind], (house, kind, seen)
    if house == "plain":
        assert seen["meld-opening"] and seen["take-extra"], seen
    if house in ("plain", "short", "no-canasta-needed"):
        assert seen["meld-out"] + seen["add-out"] + seen["discard-out"], seen


def test_refusals_near_going_out_match_the_checks() -> None:
    """A hand of three with no canasta: melding all or all but one is refused on both paths, and a
    partner's "no" forbids it even with a canasta."""
    from canasta.cards import parse_cards

    state = canasta.new_game("classic", seed=3)
    while state.phase != "play":
        state.apply(state.legal_actions()[0])
    side = state.side_of(state.turn)
    state.hands[state.turn] = list(parse_cards("9♠ 9♥ 9♦ 5♣"))
    state.opened[side] = True
    state.melds[side] = [TableMeld("group", 13, tuple(parse_cards("K♠ K♥ K♦")), 0)]
    for ask in ("", "no"):
        state.ask = ask
        fast = classic_legal_actions(state)
        assert fast == checked_legal_actions(state)
        assert not [a for a in fast if isinstance(a, Meld)]  # would leave one card: going out
        state.melds[side] = [TableMeld("group", 13, tuple(parse_cards("K♠ K♥ K♦ K♣ K♠ K♥ K♦")), 0)]
    assert classic_legal_actions(state) == checked_legal_actions(state)
    state.ask = ""
    melds = [a.text for a in classic_legal_actions(state) if isinstance(a, Meld)]
    assert melds == ["meld 9♦ 9♥ 9♠"]


def test_two_groups_of_one_rank_fall_back_to_the_checked_path() -> None:
    from canasta.cards import parse_cards

    state = canasta.new_game("classic", seed=4)
    while state.phase != "play":
        state.apply(state.legal_actions()[0])
    side = state.side_of(state.turn)
    twice = TableMeld("group", 9, tuple(parse_cards("9♠ 9♥ 9♦")), 0)
    state.opened[side] = True
    state.melds[side] = [twice, twice]
    assert classic_legal_actions(state) is None
    assert state.legal_actions() == checked_legal_actions(state)


@pytest.mark.parametrize("hand, canasta_on_table, melds", [
    ("3♠ 3♣ 3♠ 5♦", True, ["meld 3♣ 3♠ 3♠"]),  # black threes go down only when going out
    ("3♠ 3♣ 3♠ 5♦", False, []),  # … and going out needs a canasta
    ("3♠ 3♣ 3♠ 3♣ 5♦ 6♦", True, []),  # four of them leave two cards: not going out
    ("3♠ 3♣ 2♣ 5♦", True, []),  # never with a wild card
])
def test_black_threes_on_both_paths(hand: str, canasta_on_table: bool, melds: list[str]) -> None:
    from canasta.situation import situation

    table = {"Tú": ["K♠ K♥ K♣ K♦ K♠ K♥ K♣" if canasta_on_table else "K♠ K♥ K♣"]}
    state = situation("classic", hands={"Tú": hand}, melds=table, phase="play", turn="Tú")
    fast = classic_legal_actions(state)
    assert fast == checked_legal_actions(state)
    assert fast is not None
    assert [a.text for a in fast if isinstance(a, Meld)] == melds


def test_sub_multisets_in_the_order_move_generation_proposes_them() -> None:
    from canasta.cards import Card
    from canasta.movegen import submultisets
    from canasta.variants.classic.moves import _order, _subs

    faces = [Card.parse(t) for t in ("2♣", "2♦", "JK", "5♥", "5♠", "A♦")]
    rng = random.Random(2)
    for _ in range(500):
        cards = tuple(sorted((rng.choice(faces) for _ in range(rng.randrange(9))), key=_order))
        least, most = rng.randrange(4), rng.randrange(9)
        assert _subs((cards, least, most)) == list(submultisets(Counter(cards), least, most))
    assert _subs((tuple(faces[:2]) + (faces[2],) * 2, 1, 2)) == [
        (faces[2],), (faces[2], faces[2]), (faces[1],), (faces[1], faces[2]),
        (faces[0],), (faces[0], faces[2]), (faces[0], faces[1])]


def test_melds_laid_without_explanations_are_the_explained_ones() -> None:
    """Applying a meld or lay-off builds the meld with ``laid_meld`` / ``grown_meld``: for
    every meld and lay-off offered in random games, the same meld as ``make_meld`` /
    ``extend_meld`` (whose explanations ``check`` gives)."""
    seen: Counter[str] = Counter()
    for seed in range(3):
        state = canasta.new_game("classic", seed=seed)
        v = state.variant
        rng = random.Random(seed)
        while not state.is_over and len(state.history) < 600:
            actions = state.legal_actions()
            side = state.side_of(state.turn)
            for a in actions:
                if isinstance(a, Meld):
                    going_out = len(state.hands[state.turn]) - sum(map(len, a.groups)) <= 1
                    for g in a.groups:
                        assert v.laid_meld(g, going_out=going_out) == v.make_meld(
                            g, going_out=going_out)[0]
                        seen["meld"] += 1
                elif isinstance(a, Add):
                    target = state.melds[side][state.find_meld(side, a.target)]
                    assert v.grown_meld(target, a.cards) == v.extend_meld(target, a.cards)[0]
                    seen["add"] += 1
            state.play(actions[rng.randrange(len(actions))])
    assert seen["meld"] > 1000 and seen["add"] > 100, seen
