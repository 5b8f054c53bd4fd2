"""The expert coach: re-deals of what a seat cannot see, playouts, and the search's choice and
words (canasta.determinize, canasta.playout, canasta.search)."""

from __future__ import annotations

import math
import random
import statistics
from collections import Counter
from typing import Any

import pytest
from kernel_mirror import mid_hand

import canasta
from canasta.actions import TakePile
from canasta.bots import COACH_PLAYOUTS, ExpertBot, make_coach
from canasta.determinize import determinize, known_in_hands, unseen_cards
from canasta.playout import PlayoutPolicy, hand_margin, playout
from canasta.render.coach import advice_text, figure
from canasta.state import State
from canasta.variants import VARIANTS

NAMES = [v.name for v in VARIANTS]


def _mid_hand(name: str, seed: int, steps: int, players: int | None = None) -> State:
    st = mid_hand(name, seed, steps, players)
    assert not st.hand_over
    return st


def _view(st: State, seat: int) -> dict[str, object]:
    """Everything ``seat`` sees, and every place's size."""
    return {"hand": list(st.hands[seat]), "pile": list(st.pile),
            "melds": [[m.cards for m in side] for side in st.melds],
            "red": [list(r) for r in st.red_threes], "sizes": [len(h) for h in st.hands],
            "stock": len(st.stock),
            "extra": {k: [len(p) for p in v] for k, v in st.extra.items() if k.endswith("_piles")},
            "turn": st.turn, "phase": st.phase, "scores": list(st.scores),
            "history": [s.action for s in st.history]}


@pytest.mark.parametrize("name", NAMES)
def test_a_redeal_keeps_the_seats_view_and_every_card(name: str) -> None:
    st = _mid_hand(name, 3, 25)
    seat = st.actor
    before = st.to_dict()
    for k in range(20):
        d = determinize(st, seat, random.Random(k))
        assert _view(d, seat) == _view(st, seat)
        assert d.conservation_errors() == []
        assert unseen_cards(d, seat) == unseen_cards(st, seat)
    assert st.to_dict() == before  # the real state is left as it was


@pytest.mark.parametrize("name", NAMES)
def test_over_many_redeals_every_unseen_card_lands_in_every_hidden_place(name: str) -> None:
    st = _mid_hand(name, 4, 6)  # hands still full: over 300 re-deals, a miss is very unlikely
    seat = st.actor
    known = known_in_hands(st)
    free = unseen_cards(st, seat)
    for s in range(st.players):
        if s != seat:
            free -= known[s]  # known to be in that hand: nowhere else
    faces = set(free)
    places: dict[str, set[object]] = {}
    for k in range(300):
        d = determinize(st, seat, random.Random(k))
        for s in range(d.players):
            if s != seat and len(d.hands[s]) >= 8:  # a smaller one would need far more samples
                places.setdefault(f"hand {s}", set()).update(d.hands[s])
        places.setdefault("stock", set()).update(d.stock)
        for key, piles in d.extra.items():
            if key.endswith("_piles"):
                for i, p in enumerate(piles):
                    if p:
                        places.setdefault(f"{key} {i}", set()).update(p)
    assert len(places) >= 2
    # where red threes are laid out at once, no hand holds one: they land everywhere else
    reds = {c for c in faces if c.rank == 3 and c.is_red} if st.variant.red_threes == "bonus" \
        else set()
    for where, seen in places.items():
        if where.startswith("hand"):
            assert faces - reds <= seen, where
            assert not seen & reds, where
        else:
            assert faces <= seen, where


def test_cards_seen_going_into_a_hand_from_the_pile_stay_there() -> None:
    # play until someone takes a pile of several cards into the hand
    for seed in range(40):
        st = canasta.new_game("classic", seed)
        policy = PlayoutPolicy(seed)
        while not st.hand_over:
            a = policy.choose(st)
            if isinstance(a, TakePile) and len(st.pile) >= 4:
                taker, pile = st.turn, list(st.pile)
                st.play(a)
                break
            st.play(a)
        else:
            continue
        known = known_in_hands(st)
        mine = Counter(st.hands[taker])
        assert known[taker] and not known[taker] - mine  # known, and really in that hand
        assert not known[taker] - Counter(pile)
        seat = (taker + 1) % st.players
        for k in range(30):
            d = determinize(st, seat, random.Random(k), known)
            assert not known[taker] - Counter(d.hands[taker])
        return
    pytest.fail("no game took a pile of four cards or more")


@pytest.mark.parametrize("name", NAMES)
def test_a_playout_ends_the_hand_and_scores_it_for_the_side(name: str) -> None:
    st = _mid_hand(name, 6, 20)
    side = st.side_of(st.actor)
    d = determinize(st, st.actor, random.Random(1))
    margin = playout(d, side, PlayoutPolicy(1))
    assert d.hand_over and d.conservation_errors() == []
    totals = d.results[-1].totals
    others = [t for s, t in enumerate(totals) if s != side]
    assert margin == totals[side] - sum(others) / len(others)


def test_a_playout_does_not_take_a_pile_back_and_forth_for_ever() -> None:
    """Two players of Canasta Real once took a one-card pile and threw it back for ever; after
    four takes in a row the policy draws, and a playout stops at MAX_ACTIONS whatever happens."""
    from canasta.actions import Draw, TakePile
    from canasta.playout import MAX_ACTIONS, TAKES_IN_A_ROW

    st = canasta.new_game("real", 10, players=2)
    policy = PlayoutPolicy(10)
    for _ in range(1000):
        if st.hand_over:
            break
        st.play(policy.choose(st))
    assert st.hand_over
    draws = [s.action for s in st.history if isinstance(s.action, (Draw, TakePile))]
    run = longest = 0
    for a in draws:
        run = run + 1 if isinstance(a, TakePile) else 0
        longest = max(longest, run)
    assert longest == TAKES_IN_A_ROW  # the loop was there, and was broken
    st = _mid_hand("classic", 6, 20)
    d = st.copy()
    playout(d, 0, PlayoutPolicy(1), max_actions=3)
    assert len(d.history) == len(st.history) + 3 and MAX_ACTIONS >= 1000


@pytest.mark.parametrize("name", NAMES)
def test_the_expert_never_reads_a_card_its_seat_cannot_see(name: str) -> None:
    """Another deal of the hidden cards, consistent with the seat's knowledge, gives the same
    advice, figures and all, from the same seed."""
    for steps in (9, 17):
        st = _mid_hand(name, 8, steps)
        seat = st.actor
        other = determinize(st, seat, random.Random(12345))
        assert [other.hands[s] for s in range(st.players) if s != seat] != \
            [st.hands[s] for s in range(st.players) if s != seat]
        a = ExpertBot(5, 12).decide(st)
        b = ExpertBot(5, 12).decide(other)
        assert a.action == b.action and a.why == b.why and dict(a.facts) == dict(b.facts)


def test_the_search_is_the_same_for_the_same_seed_and_budget() -> None:
    st = _mid_hand("classic", 2, 14)
    a, b = ExpertBot(3, 24).decide(st), ExpertBot(3, 24).decide(st)
    assert a == b


def _searched(name: str, players: int | None = None) -> tuple[State, object]:
    for steps in range(6, 60, 3):
        st = _mid_hand(name, 11, steps, players)
        choice = ExpertBot(7, 18).decide(st)
        if choice.facts.get("search"):
            return st, choice
    pytest.fail("no searched decision")


def test_the_figures_are_the_searchs_own() -> None:
    """The averages in the choice are the playouts' averages, recomputed here the same way: each
    move on the same re-deals, played on by the playout policy (the counts kernel's in
    classic)."""
    from canasta.search import candidates

    st, choice = _searched("classic")
    facts = choice.facts  # type: ignore[attr-defined]
    seat, side = st.actor, st.side_of(st.actor)
    _, moves = candidates(st, st.legal_listing(1000).actions, 7, 4)
    samples = facts["samples"]
    assert samples == 18 // len(moves)
    known = known_in_hands(st)
    sums = Counter()
    seen: dict[Any, list[float]] = {a: [] for a in moves}
    for k in range(samples):
        deal = determinize(st, seat, random.Random(f"expert:7:{k}"), known)
        for a in moves:
            s = deal.copy()
            s.play(a)
            got = hand_margin(s, side, PlayoutPolicy(7))
            sums[a] += got
            seen[a].append(got)
    for (a, mean), margin in zip(facts["search"], facts["margins"], strict=True):
        assert mean == round(sums[a] / samples, 1)
        # the margin is the average's standard error over the same samples
        assert margin == round(statistics.stdev(seen[a]) / math.sqrt(samples))
    assert facts["search"][0][0] == choice.action  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_why_says_the_figures_how_many_continuations_and_that_they_are_samples(lang: str) -> None:
    st, choice = _searched("classic")
    text = advice_text(choice, st.variant, lang)  # type: ignore[arg-type]
    facts = choice.facts  # type: ignore[attr-defined]
    for (_, mean), margin in zip(facts["search"], facts["margins"], strict=True):
        assert f"{figure(mean)} " in text and f"(±{margin})" in text
    assert ("each average could shift by about its ±" if lang == "en"
            else "cada media podría cambiar más o menos lo que indica su ±") in text
    n = facts["samples"]
    if lang == "en":
        assert f"{n} continuations" in text and "samples" in text and "your side" in text
    else:
        assert f"{n} continuaciones" in text and "muestras" in text and "tu pareja" in text


def test_the_number_of_continuations_is_written_as_each_language_writes_it() -> None:
    import dataclasses

    from canasta.render.coach import search_text

    st, choice = _searched("classic")
    for n, en, es in ((375, "375", "375"), (1250, "1,250", "1250"), (12500, "12,500", "12.500")):
        c = dataclasses.replace(choice, facts={**choice.facts, "samples": n})  # type: ignore[arg-type]
        assert f"over {en} continuations of the hand" in search_text(c, st.variant, "en")
        assert f"en {es} continuaciones de la mano" in search_text(c, st.variant, "es")
    one = dataclasses.replace(choice, facts={**choice.facts, "samples": 1})  # type: ignore[arg-type]
    assert "over 1 continuation of" in search_text(one, st.variant, "en")


def test_one_against_one_the_why_speaks_of_no_partner() -> None:
    st, choice = _searched("rioplatense", players=2)
    assert choice.facts["alone"]  # type: ignore[attr-defined]
    es = advice_text(choice, st.variant, "es")  # type: ignore[arg-type]
    en = advice_text(choice, st.variant, "en")  # type: ignore[arg-type]
    assert "pareja" not in es and "tu rival" in es
    assert "your side" not in en and "your opponent" in en


def test_figures_are_whole_signed_points() -> None:
    assert [figure(x) for x in (180.4, -59.6, 0.2)] == ["+180", "−60", "0"]


def test_the_coach_has_a_budget_in_every_variant() -> None:
    assert set(COACH_PLAYOUTS) == set(NAMES)
    bot = make_coach("expert", 1, "real")
    assert isinstance(bot, ExpertBot) and bot.playouts == COACH_PLAYOUTS["real"]


def test_the_issues_table_no_longer_melds_its_wild_cards_away() -> None:
    """The table the issue describes: after the draw the careful coach melded 9♣ 9♦ 9♦ /
    Q♦ Q♥ Q♠ 2♦ 2♠ where the naturals alone make 60; the expert weighs that meld against holding
    back, and says the figures."""
    from canasta.actions import Meld
    from canasta.widgets.playtable import PlayTable

    t = PlayTable(seed=464)
    t.play("draw")
    choice = t.hint()
    assert choice is not None
    st = t.state
    assert not (isinstance(choice.action, Meld)
                and any(st.variant.is_wild(c) for g in choice.action.groups for c in g))
    searched = [a for a, _ in choice.facts["search"]]
    assert choice.action == searched[0] and len(searched) >= 2
    assert "continuations" in t.hint_text("en") and "continuaciones" in t.hint_text("es")


def test_strategic_reasons_are_said_in_both_languages() -> None:
    from canasta.actions import Discard
    from canasta.bots import Choice

    st = _mid_hand("classic", 2, 14)
    card = st.hands[st.actor][0]
    for strategy, extra in (("keep_wild", {"need": 50, "points": 60}), ("keep_wild", {}),
                            ("natural", {"size": 5}), ("freeze", {"count": 9}),
                            ("go_out", {"their_size": 6})):
        choice = Choice(Discard(card=card), "discard.single",
                        {"card": card, "value": 5, "strategy": strategy, "alone": False,
                         "rivals": 1, **extra})
        en, es = advice_text(choice, st.variant, "en"), advice_text(choice, st.variant, "es")
        for n in extra.values():
            assert str(n) in en and str(n) in es
        assert en != advice_text(Choice(choice.action, "discard.single", {"card": card, "value": 5}),
                                 st.variant, "en")


def test_a_move_ahead_by_less_than_chance_is_named_and_why_the_hint_keeps_its_own() -> None:
    """Where a move averages more than the one the coach gives, but not by a standard error of
    the paired difference, the why names it and says why the hint keeps its own; where the
    chosen move is ahead, no such sentence."""
    from canasta.bots import make_coach

    seen = {True: 0, False: 0}
    for seed in range(12):
        st = canasta.new_game("classic", seed)
        st.apply("draw")
        choice = make_coach("expert", seed).decide(st, st.legal_listing(1000).actions)
        facts = choice.facts  # type: ignore[attr-defined]
        if "search" not in facts:
            continue
        ahead = max(facts["search"], key=lambda found: found[1])
        en = advice_text(choice, st.variant, "en")  # type: ignore[arg-type]
        es = advice_text(choice, st.variant, "es")  # type: ignore[arg-type]
        unsure = ahead[0] != choice.action  # type: ignore[attr-defined]
        seen[unsure] += 1
        assert (facts.get("unsure") == ahead[0]) is unsure
        assert (f"In these samples {ahead[0].text} comes out ahead" in en) is unsure
        assert ("so the move explained above stands" in en) is unsure
        assert ("En estas muestras sale mejor «" in es) is unsure
        assert ("por eso se mantiene la jugada explicada arriba" in es) is unsure
    assert seen[True] and seen[False], seen


def test_the_search_averages_are_summed_exactly_so_every_python_advises_alike() -> None:
    """The site's Pyodide is a newer Python than CPython beside it, and the builtin ``sum`` of
    floats rounds differently from 3.12 on: the search's averages are exactly rounded instead."""
    from canasta.search import _mean

    assert _mean([1e16, 1.0, -1e16]) == 1 / 3  # Python 3.11's sum gives 0.0
    assert _mean([0.1] * 10) == 0.1  # and 0.09999999999999999 here
