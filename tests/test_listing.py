"""The bounded listing of legal actions (``State.legal_listing``) is the complete list's start:
for every kind, its first actions in the list's order, and which kinds have more. Held at every
decision of random and greedy games in every variant, on big hands that have not opened (where
the searches for first melds and for melds with the pile are cut), and on the checked path."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import canasta
from canasta.actions import Action, Discard, Draw
from canasta.bots import GreedyBot, RandomBot
from canasta.cards import Card, make_pack
from canasta.fastmoves import Cut
from canasta.movegen import _checked_bounded, checked_legal_actions, kind_of
from canasta.situation import situation
from canasta.variants import find_variant

VARIANTS = ("classic", "rioplatense", "individual", "americana", "real")


def _by_kind(actions: list[Action]) -> dict[str, list[Action]]:
    out: dict[str, list[Action]] = {}
    for a in actions:
        out.setdefault(kind_of(a), []).append(a)
    return out


def assert_listing(state: canasta.State, per_kind: int, full: list[Action] | None = None) -> bool:
    """The listing equals the complete list's first ``per_kind`` actions of each kind; True
    when some kind has more."""
    listing = state.legal_listing(per_kind)
    if full is None:
        full = state.legal_actions()
    whole = _by_kind(full)
    assert list(listing.kinds().items()) == [(k, v[:per_kind]) for k, v in whole.items()]
    assert listing.more == {k for k, v in whole.items() if len(v) > per_kind}
    rest = iter(full)  # the listing keeps the list's order
    assert all(any(a == b for b in rest) for a in listing.actions)
    if not listing.more:
        assert listing.actions == full and listing.complete
    assert not any(isinstance(a, Cut) for a in listing.actions)
    return bool(listing.more)


@pytest.mark.parametrize("name", VARIANTS)
def test_the_listing_is_the_lists_start_at_every_decision(name: str) -> None:
    seen: Counter[str] = Counter()
    for seed in range(3):
        v = find_variant(name)
        state = canasta.new_game(v, seed=seed, players=2 if seed == 2 and 2 in v.player_counts
                                 else None)
        rng = random.Random(seed)
        bots = (RandomBot(seed), GreedyBot(seed))
        for _ in range(250):
            if state.is_over:
                break
            full = state.legal_actions()
            for per_kind in (1, 3):
                seen[f"more {per_kind}"] += assert_listing(state, per_kind, full)
            # a bounded answer that was cut is never taken for the complete list
            assert state.legal_actions() == full and not any(isinstance(a, Cut) for a in full)
            seen["decisions"] += 1
            state.apply(bots[rng.random() < 0.5].choose(state))
    assert seen["decisions"] >= 300 and seen["more 1"] > 50, seen


def _rich_hand(v: canasta.Variant, rng: random.Random, size: int) -> list[Card]:
    """A hand of ``size`` cards rich in melds: wild cards, then pairs and threes of many ranks
    (no red threes where they are laid out at once)."""
    pack = [c for c in make_pack(v.decks, v.jokers)
            if not (c.rank == 3 and (c.is_red or v.name == "americana"))]
    rng.shuffle(pack)
    wilds = [c for c in pack if v.is_wild(c)][:rng.randrange(2, 7)]
    hand = list(wilds)
    ranks = rng.sample(sorted({c.rank for c in pack if not v.is_wild(c)}), 10)
    for r in ranks * 3:
        if len(hand) >= size:
            break
        cards = [c for c in pack if c.rank == r and c not in hand]
        hand.extend(cards[:rng.choice([1, 2])])
    return hand[:size]


BIG = [("rioplatense", 2, 16), ("rioplatense", 2, 20), ("rioplatense", 2, 23),
       ("classic", 4, 12), ("americana", 4, 14), ("individual", 2, 12)]


@pytest.mark.parametrize(("name", "players", "size"), BIG)
def test_the_listing_of_a_big_unopened_hand_is_the_lists_start(name: str, players: int,
                                                                size: int) -> None:
    """Hands that have not opened, after the draw (first melds) and before it (the pile's card
    with a pair and other melds): the searches are cut, and searched further where too few of
    what they found were legal."""
    v = find_variant(name)
    rng = random.Random(f"{name}{size}")
    names = canasta.new_game(v, players=players).names
    cut = 0
    for _ in range(6):
        hand = _rich_hand(v, rng, size)
        pair_rank = next(c.rank for c in hand if not v.is_wild(c)
                         and sum(1 for x in hand if x.rank == c.rank) >= 2)
        top = next(c for c in make_pack(v.decks, v.jokers)
                   if c.rank == pair_rank and hand.count(c) < 2)
        for phase, pile in (("play", ["4♠"]), ("draw", ["4♠", top.text])):
            try:
                state = situation(v, names=names, hands={names[0]: hand}, pile=pile,
                                  phase=phase, turn=names[0])
            except canasta.RecordError:
                continue  # more copies of a card than the pack holds
            full = state.legal_actions()
            for per_kind in (2, 10, 60):
                cut += assert_listing(state, per_kind, full)
    assert cut >= 6


def test_the_checked_path_bounded_is_the_checked_lists_start() -> None:
    """Where no fast path answers, the first melds' candidates stop after the limit (a Cut),
    and what was found is the checked list's start."""
    v = find_variant("classic")
    rng = random.Random(3)
    cut = 0
    for _ in range(4):
        hand = _rich_hand(v, rng, 11)
        state = situation(v, hands={"Tú": hand}, pile="4♠", phase="play")
        full = checked_legal_actions(state)
        for limit in (1, 4, 30):
            found, was_cut = _checked_bounded(state, limit)
            cut += was_cut
            assert was_cut == any(isinstance(a, Cut) for a in found)
            kept = [a for a in found if not isinstance(a, Cut)]
            whole, mine = _by_kind(full), _by_kind(kept)
            for k, acts in mine.items():
                assert whole[k][:len(acts)] == acts
            if not was_cut:
                assert kept == full
    assert cut


def test_a_huge_unopened_hand_is_listed_in_bounded_work() -> None:
    """A 40-card hand of two-player rioplatense that has not opened: its first melds are
    far too many to list, and the listing still answers with a few of each kind."""
    v = find_variant("rioplatense")
    hand = _rich_hand(v, random.Random(1), 40)
    names = canasta.new_game(v, players=2).names
    state = situation(v, names=names, hands={names[0]: hand}, pile="4♠", phase="play",
                      turn=names[0])
    listing = state.legal_listing(5)
    kinds = listing.kinds()
    assert "Meld" in listing.more and len(kinds["Meld"]) == 5
    assert kinds["Discard"] == [Discard(card=c) for c in dict.fromkeys(
        sorted(hand, key=lambda c: (canasta.cards.sort_key(c))))][:5]
    assert not any(isinstance(a, Draw) for a in listing.actions)
