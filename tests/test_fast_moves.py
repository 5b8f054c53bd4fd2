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
from canasta.cards import Card
from canasta.melds import Meld as TableMeld
from canasta.movegen import checked_legal_actions
from canasta.variants import find_variant
from canasta.variants.classic.moves import classic_legal_actions

CLASSIC = find_variant("classic")
# per variant: house rules that move its thresholds, and the kinds of decision its games must reach
HOUSE: dict[str, dict[str, dict[str, object]]] = {
    "classic": {
        "plain": {},
        "short": {"cards_dealt": 5, "canasta_size": 5},  # hands empty often: going out in every way
        "no-canasta-needed": {"canastas_to_go_out": 0},
        "two-canastas": {"canastas_to_go_out": 2, "max_wilds": 1},
        "open-pile": {"pile_frozen_before_opening": False, "ask_partner": False},
        "no-wilds": {"max_wilds": 0, "canasta_size": 4},
    },
    "rioplatense": {
        "plain": {},
        "short": {"cards_dealt": 5, "canasta_size": 3},  # canastas of three wild cards
        "no-canasta-needed": {"canastas_to_go_out": 0, "canasta_size": 4},
        "no-madre": {"pile_madre": False, "pile_tapado_by_canasta": False},
        "two-canastas": {"canastas_to_go_out": 2, "max_wilds": 1, "canasta_size": 5},
    },
    "individual": {
        "plain": {},
        "short": {"cards_dealt": 5, "canasta_size": 4},
        "no-canasta-needed": {"canastas_to_go_out": 0},
        "top-only": {"top_card_only": True, "max_wilds": 1},
        "swap": {"joker_swap": True},
    },
    "americana": {
        "plain": {},
        "short": {"cards_dealt": 7, "canasta_size": 4},
        "no-canasta-needed": {"canastas_to_go_out": 0},
        "one-wild": {"max_wilds": 1, "canastas_to_go_out": 1},
    },
    "real": {
        "plain": {},
        "short": {"cards_dealt": 5, "canasta_size": 4},
        "big-hands": {"cards_dealt": 15},
    },
}
KINDS = {
    "classic": ("meld", "add", "take", "take-onto", "discard"),
    "rioplatense": ("meld", "add", "take", "discard"),
    "individual": ("meld", "add", "take", "discard"),
    "americana": ("meld", "add", "take", "discard"),
    "real": ("meld", "add", "take", "discard"),
}
PLAIN_KINDS = {
    "classic": ("meld-opening", "take-extra"),
    "rioplatense": ("meld-opening", "take-extra", "take-onto"),
    "individual": ("meld-opening", "take-extra", "take-onto", "take-deep"),
    "americana": ("meld-opening", "take-extra", "meld-threes"),
    "real": ("placed",),
}
CASES = [(name, house) for name in HOUSE for house in sorted(HOUSE[name])]


def _kinds(actions: list[canasta.Action], state: canasta.State) -> Counter[str]:
    """Which kinds of decision a list holds (to show the games reach every branch)."""
    out: Counter[str] = Counter()
    hand = len(state.hands[state.turn])
    v = state.variant
    for a in actions:
        if isinstance(a, (Meld, Add)) and a.place is not None:
            out["placed"] += 1  # a run's 2 put at the end the player names
        if isinstance(a, Meld):
            out["meld-opening" if len(a.groups) > 1 else "meld"] += 1
            if sum(len(g) for g in a.groups) >= hand - 1:
                out["meld-out"] += 1
            if any(all(v.is_wild(c) for c in g) for g in a.groups):
                out["meld-wilds"] += 1
            if any(c.rank == 3 for g in a.groups for c in g):
                out["meld-threes"] += 1
        elif isinstance(a, Add):
            out["add-out" if len(a.cards) >= hand - 1 else "add"] += 1
        elif isinstance(a, TakePile):
            out["take-extra" if a.extra else "take-onto" if a.onto else "take"] += 1
            if a.depth > 1:
                out["take-deep"] += 1
        elif isinstance(a, Discard):
            out["discard-out" if hand == 1 else "discard"] += 1
        else:
            out[type(a).__name__] += 1
    return out


def _checked_only(state: canasta.State) -> bool:
    """The turns the fast path leaves to the checked list: the turn after the stock's last card
    was a red three, a partner's yes."""
    return state.ask == "yes" or "last_red_three" in state.extra


def guard(state: canasta.State, seen: Counter[str] | None = None) -> list[canasta.Action]:
    """The checked list, after asserting that the fast path gives the same (or leaves one of
    the rare turns to it) and that ``legal_actions()`` answers with it."""
    fast = state.variant.fast_legal_actions(state)
    checked = checked_legal_actions(state)
    if fast is None:
        assert _checked_only(state), state
        if seen is not None:
            seen["checked-only"] += 1
    else:
        assert fast == checked, (state, [a.text for a in fast], [a.text for a in checked])
    assert state.legal_actions() == checked
    return checked


@pytest.mark.parametrize("name, house", CASES)
def test_fast_moves_equal_the_checked_list_at_every_decision(name: str, house: str) -> None:
    base = find_variant(name)
    variant = base.with_options(origin="test", **HOUSE[name][house]) if HOUSE[name][house] else base
    seen: Counter[str] = Counter()
    states = 0
    for seed in range(12):
        if states >= 2500:
            break
        state = canasta.new_game(variant, seed=seed, players=2 if seed % 4 == 3 and 2 in
                                 variant.player_counts else None)
        rng = random.Random(seed)
        bots = (RandomBot(seed), GreedyBot(seed))
        for _ in range(700):
            if state.is_over:
                break
            seen.update(_kinds(guard(state, seen), state))
            states += 1
            state.apply(bots[rng.random() < 0.5].choose(state))
    assert states >= 1000
    # the games went through the rare branches, not only draws and discards
    for kind in KINDS[name]:
        assert seen[kind], (house, kind, seen)
    if house == "plain":
        for kind in PLAIN_KINDS[name]:
            assert seen[kind], (house, kind, seen)
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
    from canasta.fastmoves import _subs
    from canasta.fastmoves import order as _order
    from canasta.movegen import submultisets

    faces = [Card.parse(t) for t in ("2♣", "2♦", "JK", "5♥", "5♠", "A♦")]
    rng = random.Random(2)
    for _ in range(500):
        cards = tuple(sorted((rng.choice(faces) for _ in range(rng.randrange(9))), key=_order))
        least, most = rng.randrange(4), rng.randrange(9)
        assert _subs((cards, least, most)) == list(submultisets(Counter(cards), least, most))
    assert _subs((tuple(faces[:2]) + (faces[2],) * 2, 1, 2)) == [
        (faces[2],), (faces[2], faces[2]), (faces[1],), (faces[1], faces[2]),
        (faces[0],), (faces[0], faces[2]), (faces[0], faces[1])]


def _same_laid(v: canasta.Variant, cards: tuple[Card, ...], going_out: bool, seen: Counter[str]) -> None:
    assert v.laid_meld(cards, going_out=going_out) == v.make_meld(
        cards, going_out=going_out)[0], (v.name, cards)
    seen["meld"] += 1


def _same_grown(state: canasta.State, side: int, target: str, cards: tuple[Card, ...],
                seen: Counter[str]) -> None:
    v = state.variant
    loc = v.locate_meld(state, side, target)
    assert loc is not None, (v.name, target)
    meld = state.melds[loc[0]][loc[1]]
    assert v.grown_meld(meld, cards) == v.extend_meld(meld, cards)[0], (v.name, cards)
    seen["add"] += 1


@pytest.mark.parametrize("name", ["classic", "real", "rioplatense", "individual", "americana"])
def test_melds_laid_without_explanations_are_the_explained_ones(name: str) -> None:
    """Applying a meld, a lay-off or a take of the pile builds the meld with ``laid_meld`` /
    ``grown_meld``: for every one offered in random games, the same meld as ``make_meld`` /
    ``extend_meld`` (whose explanations ``check`` gives)."""
    seen: Counter[str] = Counter()
    for seed in range(3):
        state = canasta.new_game(name, seed=seed)
        v = state.variant
        rng = random.Random(seed)
        while not state.is_over and len(state.history) < 600:
            actions = state.legal_actions()
            side = state.side_of(state.turn)
            n_hand = len(state.hands[state.turn])
            for a in actions:
                if isinstance(a, (Meld, Add)) and a.place is not None:
                    continue  # a 2 put at the end the player names: placed_meld / placed_extend
                if isinstance(a, Meld):
                    going_out = n_hand - sum(map(len, a.groups)) <= 1
                    for g in a.groups:
                        _same_laid(v, g, going_out, seen)
                elif isinstance(a, Add):
                    _same_grown(state, side, a.target, a.cards, seen)
                elif isinstance(a, TakePile) and state.pile:
                    top = state.pile[-a.depth] if a.depth <= len(state.pile) else None
                    if top is None:
                        continue
                    if a.onto is not None:
                        _same_grown(state, side, a.onto, (top,), seen)
                        seen["take"] += 1
                    elif a.with_cards:
                        cards = (top, *a.with_cards)
                        group = next((m for m in state.melds[side]
                                      if m.kind == "group" and m.key == top.rank), None)
                        if group is None:
                            _same_laid(v, cards, False, seen)
                        else:  # the pile's card and the pair onto the side's meld of its rank
                            assert v.grown_meld(group, cards) == v.extend_meld(group, cards)[0]
                        seen["take"] += 1
                    for g in a.extra:
                        _same_laid(v, g, False, seen)
            state.play(actions[rng.randrange(len(actions))])
    assert seen["meld"] > 1000 and seen["add"] > 100, seen
    # Canasta Real's pozo is bought whole into the hand: no take lays a meld down there
    assert seen["take"] > 10 if name != "real" else seen["take"] == 0, seen


def test_going_out_by_counting_tries_only_the_discards_that_could_work() -> None:
    """can_go_out (asked for every play decision where a player may ask the partner) skips the
    discards that leave a fault no meld can take: the same answer as trying every card."""
    from canasta.cards import ALL_FACES
    from canasta.variants.classic.outs import _meldable, can_go_out

    def every_way(v: canasta.Variant, hand: list, melds: list, need: int) -> bool:
        """Every card of the hand kept back in turn (or none), as the rule says."""
        rests = [list(hand)] + [hand[:i] + hand[i + 1:] for i in range(len(hand))]
        return any(_meldable(v, rest, melds, need) for rest in rests)

    rng = random.Random(5)
    variants = [CLASSIC, CLASSIC.with_options(origin="test", canastas_to_go_out=0, max_wilds=1),
                CLASSIC.with_options(origin="test", canastas_to_go_out=2, canasta_size=5),
                CLASSIC.with_options(origin="test", max_wilds=2, canasta_size=5)]
    seen: Counter[bool] = Counter()
    faces = [c for c in ALL_FACES if c.rank in (0, 2, 3, 4, 5, 6, 12, 13, 1)]
    for _ in range(4000):
        v = rng.choice(variants)
        hand = [rng.choice(faces) for _ in range(rng.randint(1, 9))]
        melds = [TableMeld("group", r, (Card(r, "♠"),) * rng.randint(3, 7), 0)
                 for r in rng.sample([4, 5, 12, 13], rng.randint(0, 2))]
        need = rng.choice([0, 0, 50])
        want = every_way(v, hand, melds, need)
        assert can_go_out(v, hand, melds, need) == want, (hand, melds, need)
        seen[want] += 1
    assert seen[True] > 300 and seen[False] > 300, seen


def test_runs_judged_without_explanations_as_with_them() -> None:
    """Canasta Real's fast path reads a new run's verdict, a lay-off's, and each end a 2 may go
    to, from runs.new_run / runs.lay_off / runs.run_ends: the same runs as make_run /
    extend_run / placed_run lay down."""
    from canasta.cards import make_pack
    from canasta.variants.real import runs

    real = find_variant("real")
    rng = random.Random(8)
    pack = make_pack(2, 0)
    seen: Counter[str] = Counter()
    for _ in range(400):
        hand = rng.sample(pack, 14)
        for g in runs.run_candidates(hand)[:6]:
            made = real.make_meld(g)[0]
            assert runs.new_run(real, g) == made
            if made is None:
                continue
            ends = runs.run_ends(made, g)
            for two in dict.fromkeys(c for c in g if c.rank == runs.TWO):
                for end in runs.ENDS:
                    assert ends.get((two, end)) == real.placed_meld(g, (two, end))[0]
                    seen["placed run"] += (two, end) in ends
            rest = list(hand)
            for c in g:
                rest.remove(c)
            for cards in runs.layoff_candidates(made, rest)[:6]:
                grown, placed = runs.lay_off(made, cards)
                assert grown == real.extend_meld(made, cards)[0]
                seen["lay-off" if grown else "refused"] += 1
                w = runs.wild_at(made)
                # naturals onto a run whose 2 keeps its place: laid without a placement search
                seen["naturals beside a 2"] += bool(
                    grown and w and all(c.rank != runs.TWO for c in cards))
                for two in dict.fromkeys([*(w[:1] if w else ()), *cards]):
                    if two.rank != runs.TWO:
                        continue
                    for end in runs.ENDS:
                        want = real.placed_extend(made, cards, (two, end))[0] if grown else None
                        assert placed.get((two, end)) == want
                        seen["placed lay-off"] += want is not None
    assert min(seen.values()) > 20, seen
