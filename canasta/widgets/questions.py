"""Quiz questions made from engine states with a fixed seed. A question only *asks*: its answer
and the feedback are the engine's own explanation (``State.check``, the opening minimum, the
variant's own count, ``Scenario.score``).

Every kind works for every variant that has what it asks about: a variant without an opening
minimum (Canasta Real) is asked what its melds count at the end of the hand instead, and gets no
'minimum' questions (:func:`applies`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape
from typing import TYPE_CHECKING, Any

from ..actions import Meld
from ..bots import RandomBot
from ..cards import ACE, KING, Card, cards_text, make_pack
from ..checks import opening_explanation
from ..explain import Explanation
from ..game import new_game
from ..movegen import BOT_LISTED
from ..registry import find_variant
from ..situation import hand_limit, opening_hand_limit, situation
from ..variant import Variant
from .asking import legal_prompt
from .exercises import Exercise
from .lang import word

if TYPE_CHECKING:
    from ..state import HandResult, State

KINDS = ("legal", "points", "minimum")
SCORES = (-65, -40, 0, 320, 760, 1495, 1500, 2210, 2995, 3000, 4480)  # the bands and their edges


@dataclass
class Question:
    """A question: its prompt (per language), the choices, the engine's answer and why."""

    kind: str
    prompt: Callable[[str], str]  # lang -> HTML (facts already escaped)
    choices: tuple[Any, ...]
    answer: Any
    explanations: tuple[Explanation, ...] = ()
    state: State | None = None
    viewpoint: int | None = None
    result: HandResult | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def choice_text(self, value: Any, lang: str) -> str:
        if isinstance(value, bool):
            return word("yes" if value else "no", lang)
        return f"−{-value}" if isinstance(value, int) and value < 0 else str(value)


def _numbers(rng: random.Random, answer: int, step: int = 10) -> tuple[int, ...]:
    """The answer and three near misses, in increasing order."""
    pool = {answer + d * step for d in (-3, -2, -1, 1, 2, 3)} - {answer}
    if answer > 0:  # a positive count has positive near misses
        pool = {x for x in pool if x > 0}
    return tuple(sorted([answer, *rng.sample(sorted(pool), 3)]))


def legal_question(rng: random.Random, variant: str | Variant) -> Question:
    """'Is this action legal now?' in a position reached by random play."""
    v = find_variant(variant)
    for _ in range(50):
        g = new_game(v, seed=rng.randrange(10**6))
        bot = RandomBot(rng.randrange(10**6))
        for _ in range(rng.randrange(0, 30)):
            if g.hand_over or g.phase == "answer":
                break
            g.apply(bot.choose(g))
        if not g.hand_over and g.phase in ("draw", "play"):
            break
    legal = g.legal_listing(BOT_LISTED).actions
    tempting = _tempting(rng, g)
    pick = rng.choice(legal) if legal and (rng.random() < 0.5 or not tempting) else rng.choice(tempting)
    text = pick if isinstance(pick, str) else pick.text
    exp = g.check(text)
    player, seat = g.player, g.actor

    def prompt(lang: str) -> str:
        return legal_prompt(text, player, lang, v.base_name())

    return Question("legal", prompt, (True, False), exp.allowed, (exp,), g, seat)


def _tempting(rng: random.Random, g: State) -> list[str]:
    """Plausible mistakes to ask about (the engine decides whether they are mistakes)."""
    hand = g.hands[g.actor]
    out: list[str] = []
    if len(hand) >= 3:
        out.append("meld " + cards_text(rng.sample(hand, 3)))
    if g.phase == "draw":
        if hand:  # a hand waiting for its muerto holds nothing
            out.append(f"discard {rng.choice(hand).text}")
        if len(hand) >= 2 and g.pile:
            out.append("take pile with " + cards_text(rng.sample(hand, 2)))
    else:
        out.append("draw")
        by_rank: dict[int, list[Card]] = {}
        for c in hand:
            by_rank.setdefault(c.rank, []).append(c)
        pairs = [cs[:2] for cs in by_rank.values() if len(cs) >= 2]
        wild = next((c for c in hand if g.variant.is_wild(c)), None)
        if pairs and wild is not None:
            out.append("meld " + cards_text([*rng.choice(pairs), wild]))
    return out


def points_question(rng: random.Random, variant: str | Variant) -> Question:
    """'How many points do these melds count toward the opening minimum?' (or, in a variant
    without one, at the end of the hand)"""
    v = find_variant(variant)
    if "open.minimum" not in v.rule_ids():
        return _table_points_question(rng, v)
    limit = opening_hand_limit(v, v.default_players)
    for attempt in range(ATTEMPTS):
        # the last tries ask of one group of naturals, which every variant's rules allow
        plain = attempt >= ATTEMPTS - 5
        groups, rest = _opening_groups(rng, v, limit, plain)
        melds = " / ".join(cards_text(g) for g in groups)
        st = situation(v, hands={"Tú": [c for g in groups for c in g] + rest}, phase="play")
        exp = st.check("meld " + melds)
        opening = next((e for e in exp.walk() if e.rule == "open.minimum"), None)
        if opening is not None:  # the melds themselves are allowed: only the minimum is asked
            break
    else:  # pragma: no cover - a group of naturals of one rank is a meld in every variant
        raise AssertionError(f"no opening melds found in {v.name}")
    total = int(opening.facts["total"])

    def prompt(lang: str) -> str:
        return word("q.points", lang, v.base_name(), melds=escape(melds))

    return Question("points", prompt, _numbers(rng, total, 10), total, (opening,))


ATTEMPTS = 30


def _opening_groups(rng: random.Random, v: Variant, limit: int, plain: bool
                    ) -> tuple[list[list[Card]], list[Card]]:
    """One or two groups of one rank each (sometimes with a wild card) and one or two other cards
    to keep, every card taken from what is left of the pack, the whole hand within ``limit``."""
    left = Counter(make_pack(v.decks, v.jokers))
    ranks = rng.sample([r for r in range(4, KING + 1) if r != 7] + [ACE], 1 if plain else rng.choice((1, 2)))
    groups: list[list[Card]] = []
    for r in ranks:
        size = 3 if plain else rng.choice((3, 3, 4))
        if groups and sum(map(len, groups)) + size + 1 + 2 > limit:
            break  # room for a wild card and the cards kept
        def of_rank(c: Card, r: int = r) -> bool:
            return c.rank == r and not v.is_wild(c)

        g = _take(rng, left, of_rank, size)
        if not plain and v.max_wilds and rng.random() < 0.4:
            g += _take(rng, left, v.is_wild, 1)
        groups.append(g)
    room = limit - sum(map(len, groups))
    used = {g[0].rank for g in groups}
    # cards kept in the hand, so that the melds do not empty it: no wild card, no three
    keep = _take(rng, left, lambda c: c.rank not in used and c.rank != 3 and not v.is_wild(c),
                 min(2, room))
    return groups, keep


def _take(rng: random.Random, left: Counter[Card], fits: Callable[[Card], bool], n: int) -> list[Card]:
    """``n`` cards drawn from those of ``left`` that fit (fewer when fewer are left), taken off it."""
    pool = sorted((c for c in left.elements() if fits(c)), key=lambda c: (c.rank, c.suit))
    chosen = rng.sample(pool, min(n, len(pool)))
    left.subtract(chosen)
    return chosen


def _table_points_question(rng: random.Random, v: Variant) -> Question:
    """'How many points do these melds count at the end of the hand?': one or two melds the
    engine allows from a random hand, counted by the variant's own scoring."""
    pack = make_pack(v.decks, v.jokers)
    melds: list[tuple[Card, ...]] = []
    for _ in range(200):  # a hand of 16 cards with no meld is rare: another one is dealt
        if melds:
            break
        hand = rng.sample(pack, min(16, hand_limit(v, v.default_players)))
        st = situation(v, hands={"Tú": hand}, phase="play")
        melds = [a.groups[0] for a in st.legal_listing(BOT_LISTED).actions
                 if isinstance(a, Meld) and len(a.groups) == 1]
    groups = [rng.choice(melds)]
    left = Counter(hand) - Counter(groups[0])
    more = [g for g in melds if not Counter(g) - left]
    if more and rng.random() < 0.5:
        groups.append(rng.choice(more))
    table = situation(v, melds={"Tú": [list(g) for g in groups]}, phase="play")
    total, exp = next((p, e) for p, e in v.score_side(table, 0, None)
                      if e.rule in ("score.meld-cards", "score.meld-cards-negative"))
    shown = " / ".join(cards_text(m.cards) for m in table.melds[0])

    def prompt(lang: str) -> str:
        return word("q.table_points", lang, v.base_name(), melds=escape(shown))

    return Question("points", prompt, _numbers(rng, total, 5), total, (exp,))


def _scores(v: Variant) -> tuple[int, ...]:
    """Scores to ask about: the classic bands' edges, and the edges of any band they miss."""
    reached = {v.opening_need(s)[0] for s in SCORES}
    extra = [x for lower, need in sorted(v.opening) if need not in reached and lower > -10**8
             for x in (lower - 5, lower, lower + 1480)]
    return SCORES + tuple(extra)


def minimum_question(rng: random.Random, variant: str | Variant) -> Question:
    """'Which opening minimum applies at this score?'"""
    v = find_variant(variant)
    score = rng.choice(_scores(v))
    st = situation(v, scores=[score] + [0] * (len(v.sides_for(v.default_players)) - 1))
    exp = opening_explanation(st, 0)
    choices = tuple(sorted({need for _, need in st.variant.opening}))

    def prompt(lang: str) -> str:
        return word("q.minimum", lang, v.base_name(), score=f"−{-score}" if score < 0 else score)

    return Question("minimum", prompt, choices, int(exp.facts["need"]), (exp,))


def exercise_question(rng: random.Random, ex: Exercise) -> Question:
    """A teacher's exercise: judge the action, or count the hand."""
    if ex.kind == "situation":
        exps = tuple(ex.judge())
        ok = all(e.allowed for e in exps)
        st = ex.state()

        def prompt(lang: str) -> str:
            q = ex.question.get(lang) if ex.question else None
            head = f"<b>{escape(ex.title.get(lang))}</b><br>"
            return head + (escape(q) if q else legal_prompt(ex.action, st.player, lang,
                                                            st.variant.base_name()))

        return Question("exercise", prompt, (True, False), ok, exps, st, None)
    scen = ex.to_scenario()
    result = scen.score()
    state = scen.to_state()
    total = result.totals[ex.side]
    side = state.side_label(ex.side)

    def prompt_scoring(lang: str) -> str:
        q = ex.question.get(lang) if ex.question else None
        head = f"<b>{escape(ex.title.get(lang))}</b><br>"
        return head + (escape(q) if q else word("q.scoring", lang, side=escape(side.get(lang))))

    return Question("scoring", prompt_scoring, _numbers(rng, total, 20), total, (), state, None,
                    result, {"side": ex.side})


MAKERS: dict[str, Callable[[random.Random, str | Variant], Question]] = {
    "legal": legal_question, "points": points_question, "minimum": minimum_question}


def applies(kind: str, variant: str | Variant) -> bool:
    """Whether questions of ``kind`` can be asked in ``variant`` ('minimum' needs an opening
    minimum, which Canasta Real does not have)."""
    if kind == "minimum":
        return "open.threshold" in find_variant(variant).rule_ids()
    return kind in MAKERS
