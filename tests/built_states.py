"""Situations built on purpose for the property tests: for every variant, positions that random
play seldom reaches (runs with 2s at either end and natural 2s, lay-offs that move a 2, muertos
waiting or pending, the hoyo and alas, threes melds and special hands, the pile at any depth, pozo
madre, premiado and tapado, the stock run out, a partner's yes), drawn at random from a seed.

Every card of the pack stays accounted for: the cards of the melds laid out here come out of the
stock (or a variant pile) and the variant's own piles keep their sizes."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

import canasta
from canasta.actions import Add, Answer, AskPartner, Discard, Draw, Meld, Pass, Swap, TakePile
from canasta.cards import RANK_TEXT, SUITS, Card, make_pack
from canasta.melds import Meld as TableMeld
from canasta.situation import add_meld, situation

RANKS = [1, *range(4, 14)]  # natural ranks for groups (threes aside)


def _take(pack: list[Card], want: Card) -> Card | None:
    if want in pack:
        pack.remove(want)
        return want
    return None


def _deal(pack: list[Card], rng: random.Random, n: int, bias: Sequence[Card] = ()) -> list[Card]:
    """``n`` cards from ``pack``, some of them (when still there) from ``bias``."""
    out: list[Card] = []
    for c in bias:
        if len(out) >= n:
            break
        if rng.random() < 0.6 and _take(pack, c):
            out.append(c)
    while len(out) < n and pack:
        out.append(pack.pop(rng.randrange(len(pack))))
    return out


def _text(cards: Sequence[Card]) -> str:
    return " ".join(c.text for c in cards)


def _install(state: canasta.State, side: int, meld: TableMeld) -> None:
    """Lay a ready meld on a side's table, its cards taken from the stock or a variant pile (a
    pile that gives one takes a stock card instead, so it keeps its size)."""
    for c in meld.cards:
        piles = [p for k, ps in state.extra.items() if k.endswith("_piles") for p in ps]
        if c in state.stock:
            state.stock.remove(c)
            continue
        pile = next(p for p in piles if c in p)
        pile.remove(c)
        spare = next((x for x in state.stock if x not in meld.cards), None)
        if spare is not None:
            state.stock.remove(spare)
            pile.append(spare)
    add_meld(state, side, meld)


def _group(v: canasta.Variant, pack: list[Card], rng: random.Random, rank: int, size: int,
           wilds: int) -> str | None:
    faces = [Card(rank, s) for s in SUITS * 2]
    rng.shuffle(faces)
    wild_faces = [Card(2, s) for s in SUITS] + [Card.parse("JK")] * 4
    rng.shuffle(wild_faces)
    g: list[Card] = []
    for want, n in ((faces, size), (wild_faces, wilds)):
        got = 0
        for f in want:
            if got < n and _take(pack, f):
                g.append(f)
                got += 1
    if v.make_meld(g, going_out=True)[0] is None:
        pack.extend(g)
        return None
    return _text(g)


# ---- per variant -------------------------------------------------------------------------------------

def classic_like(name: str, rng: random.Random, players: int = 4) -> canasta.State:
    """Classic or rioplatense: groups on the table (a canasta sometimes), a pile frozen or not,
    with a red three or a wild card inside or a black three on top, hands with pairs of the top
    card, wild cards and black threes; the stock full, low or empty; a question to the partner."""
    v = canasta.find_variant(name)
    pack = make_pack(v.decks, v.jokers)
    rng.shuffle(pack)
    names = ("Tú", "Ada", "Bo", "Cleo")[:players] if players == 4 else ("Tú", "Ada")
    melds: dict[str, list[str]] = {}
    ours: list[int] = []
    for who in (names[0], names[1]):
        if rng.random() < 0.7:
            groups = []
            for r in rng.sample(RANKS, rng.randint(1, 3)):
                g = _group(v, pack, rng, r, rng.choice([3, 4, 5, 6, 7, 8]), rng.choice([0, 0, 1, 2]))
                if g is not None:
                    groups.append(g)
                    if who == names[0]:
                        ours.append(r)
            if groups:
                melds[who] = groups
    if name == "rioplatense" and rng.random() < 0.15:  # wild cards enough for a canasta of them
        wild = [c for c in (_take(pack, w) for w in [Card(2, s) for s in SUITS] * 2
                            + [Card.parse("JK")] * 2) if c]
        melds.setdefault(names[0], [])
        pack_wilds = wild[:rng.randint(7, 9)]
        melds[names[0]].append(_text(pack_wilds[:7])) if rng.random() < 0.3 else None
    top_rank = rng.choice(ours) if ours and rng.random() < 0.5 else rng.choice(RANKS)
    pile = _deal(pack, rng, rng.randint(0, 6), [Card(3, "♥"), Card(2, "♣")] if rng.random() < 0.3 else ())
    if rng.random() < 0.5:  # an unfrozen pile: no wild card, no red three in it
        pack.extend(c for c in pile if v.is_wild(c) or c.rank == 3)
        pile = [c for c in pile if not (v.is_wild(c) or c.rank == 3)]
    pile = [c for c in pile if not (c.rank == 3 and c.is_red)] + [c for c in pile if c.rank == 3 and c.is_red]
    pile.reverse()  # a red three, if any, at the bottom (where an upcard would be)
    last = rng.random()
    if last < 0.6 and (top := _take(pack, Card(top_rank, rng.choice(SUITS)))):
        pile.append(top)
    elif last < 0.7 and (b3 := _take(pack, Card(3, "♠"))):
        pile.append(b3)
    bias = ([Card(top_rank, s) for s in SUITS] + [Card(2, "♦"), Card.parse("JK"), Card(3, "♣")]
            + [Card(r, s) for r in ours for s in SUITS] + [Card(2, s) for s in SUITS] * 2)
    size = rng.choice([1, 2, 3, 5, 8, 12])
    hands = {n: _text(_deal(pack, rng, size if n == names[0] else rng.randint(1, 6), bias))
             for n in names}
    phase = rng.choice(["draw", "play", "play"])
    state = situation(v, names=names, hands=hands, pile=pile, melds=melds, phase=phase,
                      scores=[rng.choice([-20, 0, 1600, 3100]) for _ in range(len(v.sides_for(players)))])
    stock = rng.random()
    if stock < 0.25:  # the stock run out
        state.extra["box_piles"] = [state.stock]
        state.stock = []
    elif stock < 0.35:
        keep = rng.randint(1, 3)
        state.extra["box_piles"] = [state.stock[:-keep]]
        state.stock = state.stock[-keep:]
    if phase == "play" and not state.stock and v.empty_stock == "official" and rng.random() < 0.5:
        state.extra["last_red_three"] = True  # the stock's last card was a red three
    if phase == "play" and v.ask_partner and len(names) == 4 and rng.random() < 0.25:
        state.ask = "yes" if v.can_go_out_now(state) else ""
    if name == "rioplatense" and rng.random() < 0.5:
        state.extra["pozo_taken"] = [0]
    return state


def americana(rng: random.Random) -> canasta.State:
    """The hoyo or out of it, threes melds, special and wild melds, an ala waiting, special
    hands, the pozo empty or topped by a three."""
    v = canasta.find_variant("americana")
    pack = make_pack(v.decks, v.jokers)
    rng.shuffle(pack)
    names = ("Tú", "Ada", "Bo", "Cleo")
    melds: dict[str, list[str]] = {}
    for who in ("Tú", "Ada"):
        if rng.random() < 0.6:
            groups = [g for r in rng.sample(RANKS, rng.randint(1, 3))
                      if (g := _group(v, pack, rng, r, rng.choice([3, 4, 5, 7]),
                                      0 if r in (1, 7) else rng.choice([0, 1, 2]))) is not None]
            if rng.random() < 0.3:
                wild = [c for c in (_take(pack, Card(2, s)) for s in SUITS) if c][:3]
                if len(wild) == 3:
                    groups.append(_text(wild))
            if groups:
                melds[who] = groups
        if rng.random() < 0.3:
            threes = [c for c in (_take(pack, Card(3, s)) for s in SUITS) if c][:rng.randint(1, 2)]
            if threes:
                melds.setdefault(who, []).append(_text(threes))
    special = rng.random() < 0.15
    if special:
        hand = [c for c in (_take(pack, Card.parse(t)) for t in
                            "A♠ 2♣ 3♥ 4♦ 5♠ 6♣ 7♥ 8♦ 9♠ 10♣ J♥ Q♦ K♠ JK".split()) if c]
    else:
        hand = _deal(pack, rng, rng.choice([2, 4, 7, 13, 14]),
                     [Card(r, s) for r in (7, 1, 3) for s in SUITS] + [Card.parse("JK")])
    top = rng.choice(RANKS + [3])
    pile = _deal(pack, rng, rng.randint(0, 4))
    if rng.random() < 0.7 and (t := _take(pack, Card(top, rng.choice(SUITS)))):
        pile.append(t)
    hand += [c for c in (_take(pack, Card(top, s)) for s in SUITS) if c][:rng.randint(0, 2)]
    hands = {n: _text(hand if n == "Tú" else _deal(pack, rng, rng.randint(1, 5))) for n in names}
    extra: dict[str, Any] = {}
    if rng.random() < 0.3:
        extra["ala_seat"] = [0 if "Tú" in melds else -1, -1]
    state = situation(v, names=names, hands=hands, pile=pile, melds=melds,
                      phase=rng.choice(["draw", "play"]), extra=extra or None,
                      scores=[rng.choice([0, 3000, 5000]), 0])
    if rng.random() < 0.2:
        state.extra["box_piles"] = state.extra.get("box_piles", []) + [state.stock]
        state.stock = []
    return state


def real(rng: random.Random, players: int = 4) -> canasta.State:
    """Runs with a wild 2 in a gap or at either end, natural 2s, identical runs, the hand
    holding the cards a 2 stands for and more 2s; muertos waiting, pending or taken."""
    v = canasta.find_variant("real")
    names = ("Tú", "Ada", "Bo", "Cleo") if players == 4 else ("Tú", "Ada")
    pack = make_pack(v.decks, v.jokers)
    rng.shuffle(pack)
    runs: list[TableMeld] = []
    for _ in range(rng.randint(0, 3)):
        suit = rng.choice(SUITS)
        lo = rng.randint(1, 10)
        hi = min(14, lo + rng.randint(2, 7))
        cards = [Card(1 if r in (1, 14) else r, suit) for r in range(lo, hi + 1)]
        if rng.random() < 0.6:  # a 2 in the run: in a gap, or at an end
            gap = rng.randrange(len(cards))
            two = Card(2, rng.choice(SUITS))
            if rng.random() < 0.5 and 1 <= gap < len(cards) - 1:
                cards[gap] = two
            else:
                cards.append(two)
        place = (cards[-1], rng.choice(["start", "end"])) if cards[-1].rank == 2 and rng.random() < 0.5 else None
        meld = v.make_meld(cards)[0] if place is None else v.placed_meld(cards, place)[0]
        if meld is not None and all(pack.count(c) >= meld.cards.count(c) for c in set(meld.cards)):
            for c in meld.cards:
                pack.remove(c)
            runs.append(meld)
            if rng.random() < 0.2 and all(pack.count(c) >= 1 for c in meld.cards):
                for c in meld.cards:
                    pack.remove(c)
                runs.append(meld)  # two identical runs
    bias = [Card(1 if r in (1, 14) else r, m.key) for m in runs for r in
            (*m.roles, m.roles[0] - 1, m.roles[-1] + 1) if 1 <= r <= 14 and r != 2]  # type: ignore[arg-type]
    bias += [Card(2, s) for s in SUITS]
    hand = _deal(pack, rng, rng.choice([1, 2, 3, 5, 8, 11]), bias)
    hands = {n: _text(hand if n == names[0] else _deal(pack, rng, rng.randint(1, 4))) for n in names}
    pile = _deal(pack, rng, rng.randint(0, 3))
    state = situation(v, names=names, hands=hands, pile=pile, phase=rng.choice(["draw", "play"]),
                      extra={"muertos_piles": [[], []]})
    box = state.stock
    muertos = []
    statuses = [rng.choice(["waiting", "pending", "taken"]) for _ in range(2)]
    for status in statuses:
        if status in ("waiting", "pending"):
            muertos.append(box[:11])
            del box[:11]
        else:
            muertos.append([])
    holders = [(0 if s == "pending" else -1) for s in statuses]
    state.extra.update(muertos_piles=muertos, muerto_state=statuses, muerto_holder=holders)
    for m in runs:
        _install(state, 0, m)
    return state


def individual(rng: random.Random, swap: bool = False) -> canasta.State:
    """Each for themselves: melds of several players (wild cards among them), a deep pile with
    wild cards and cards of the hand's ranks at any depth, opened or not."""
    v = canasta.find_variant("individual")
    if swap:
        v = v.with_options(origin="test", joker_swap=True)
    elif rng.random() < 0.2:
        v = v.with_options(origin="test", top_card_only=True)
    pack = make_pack(v.decks, v.jokers)
    rng.shuffle(pack)
    names = ("Tú", "Ada", "Bo")
    melds: dict[str, list[str]] = {}
    ranks: list[int] = []
    for who in names:
        if rng.random() < 0.6:
            groups = []
            for r in rng.sample(RANKS + [3], rng.randint(1, 2)):
                g = _group(v, pack, rng, r, rng.choice([2, 3, 4, 7]), rng.choice([0, 1, 2, 3]))
                if g is not None:
                    groups.append(g)
                    ranks.append(r)
            if groups:
                melds[who] = groups
    pile = _deal(pack, rng, rng.randint(0, 7), [Card(r, s) for r in ranks for s in SUITS]
                 + [Card.parse("JK")])
    hand = _deal(pack, rng, rng.choice([1, 2, 4, 7, 11]),
                 [Card(r, s) for r in ranks for s in SUITS]
                 + [Card(c.rank, s) for c in pile for s in SUITS if c.rank not in (0, 2)]
                 + [Card(2, "♣"), Card.parse("JK")])
    hands = {n: _text(hand if n == "Tú" else _deal(pack, rng, rng.randint(1, 4))) for n in names}
    opened = {"Tú": rng.random() < 0.7}
    return situation(v, names=names, hands=hands, pile=pile, melds=melds, opened=opened,
                     phase=rng.choice(["draw", "play"]))


def built_states(variant: str, count: int, seed: int) -> Iterator[canasta.State]:
    """``count`` built situations of ``variant``, from ``seed``."""
    rng = random.Random(f"built:{variant}:{seed}")
    made = 0
    while made < count:
        try:
            if variant in ("classic", "rioplatense"):
                state = classic_like(variant, rng, rng.choice([4, 4, 2]) if variant == "rioplatense" else 4)
            elif variant == "americana":
                state = americana(rng)
            elif variant == "real":
                state = real(rng, rng.choice([4, 2]))
            else:
                state = individual(rng, swap=rng.random() < 0.3)
        except (canasta.RecordError, StopIteration):
            continue  # a draw the pack could not supply (too many copies of a card): another
        assert state.conservation_errors() == [], state.conservation_errors()
        made += 1
        yield state


# ---- probes: actions that may or may not be legal ---------------------------------------------------

def _targets(state: canasta.State) -> list[str]:
    out = ["7", "K", "Q", "3", "#9", "wilds", "JK"]
    side = state.side_of(state.turn)
    for s, melds in enumerate(state.melds):
        for i, m in enumerate(melds):
            for t in (f"#{i + 1}", m.label):
                out.append(t if s == side else f"{state.names[state.sides[s][0]]}:{t}")
    return out


def probes(state: canasta.State, rng: random.Random, many: int = 60) -> list[canasta.Action]:
    """Actions near the position: subsets of the hand as melds (with a 2 sent to either end),
    lay-offs onto every meld on the table, takes of the pile at every depth and onto every meld,
    discards, swaps, passes and answers."""
    hand = state.hands[state.turn]
    out: list[canasta.Action] = [Discard(card=c) for c in set(hand)] + [
        Draw(), Pass(), AskPartner(), Answer(yes=True), Answer(yes=False), TakePile()]
    targets = _targets(state)
    out.append(Meld(groups=(tuple(hand),)))
    twos = [c for c in hand if c.rank == 2]
    table_twos = [c for ms in state.melds for m in ms for c in m.cards if c.rank == 2]
    for _ in range(many):
        k = rng.randint(1, min(8, len(hand))) if hand else 0
        cards = tuple(rng.sample(hand, k)) if k else ()
        out.append(Meld(groups=(cards,)))
        for two in {c for c in cards if c.rank == 2}:
            out.append(Meld(groups=(cards,), moved=two, end=rng.choice(["start", "end"])))
        rest = list(hand)
        for c in cards:
            rest.remove(c)
        if len(rest) >= 3:
            out.append(Meld(groups=(cards, tuple(rng.sample(rest, 3)))))
        target = rng.choice(targets)
        out.append(Add(cards=cards[:4], target=target))
        if twos or table_twos:
            out.append(Add(cards=cards[:4], target=target, moved=rng.choice(twos + table_twos),
                           end=rng.choice(["start", "end"])))
        depth = rng.randint(1, max(1, len(state.pile)))
        out.append(TakePile(with_cards=cards[:2], depth=depth))
        out.append(TakePile(onto=target, depth=depth))
        if len(rest) >= 3:
            out.append(TakePile(with_cards=cards[:2], extra=(tuple(rng.sample(rest, 3)),)))
        if cards:
            wild = rng.choice([Card.parse("JK"), Card(2, "♣"), *table_twos])
            out.append(Swap(card=cards[0], wild=wild, target=target))
    # every pair of the hand with the pile's card, at every depth
    for depth in range(1, len(state.pile) + 1):
        for i, a in enumerate(hand):
            for b in hand[i + 1:]:
                out.append(TakePile(with_cards=(a, b), depth=depth))
    return out


__all__ = ["built_states", "probes", "RANK_TEXT"]
