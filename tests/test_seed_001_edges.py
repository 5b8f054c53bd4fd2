"""Seed 001 (Canasta Real), rule by rule at its edges: every test names the sentence of the seed
(or the standard rule the seed leaves to) that it checks, and puts the engine on both sides of it
(allowed and refused)."""

from __future__ import annotations

import itertools

import pytest
from real_tables import table

import canasta
from canasta.actions import Add, Meld
from canasta.cards import Card, parse_cards
from canasta.movegen import canonical
from canasta.situation import add_meld

C = Card.parse
REAL = canasta.find_variant("real")
HANDS = {"Tú": "K♠ Q♦ 4♣ 7♣", "Ada": "K♣ K♦ 5♣", "Bo": "3♦ 4♦ 5♦ Q♥", "Cleo": "J♣ 8♣ 6♦"}


def run(text: str, place: tuple[str, str] | None = None) -> canasta.melds.Meld:
    """A run as laid down (with its 2 at the end named by ``place``)."""
    cards = parse_cards(text)
    meld, exp = (REAL.make_meld(cards) if place is None
                 else REAL.placed_meld(cards, (C(place[0]), place[1])))
    assert meld is not None, exp.message()
    return meld


def with_runs(hand: str, *melds: canasta.melds.Meld, **kw) -> canasta.State:
    """Tú to play with ``hand``; the runs laid on Tú & Bo's side as given (their 2s in place)."""
    used = [c for m in melds for c in m.cards]
    for c in used:  # the runs' cards come out of the others' hands and the stock
        assert c in canasta.cards.make_pack(2, 0)
    state = table({**HANDS, "Tú": hand}, **kw)
    for m in melds:
        for c in m.cards:
            piles = [state.stock, *state.extra.get("box_piles", []), *state.extra["muertos_piles"]]
            pile = next(p for p in piles if c in p)
            pile.remove(c)
            if pile is not state.stock and pile in state.extra["muertos_piles"]:
                spare = next(x for x in state.stock if x not in used)
                state.stock.remove(spare)
                pile.append(spare)  # the muerto keeps its eleven cards
        add_meld(state, 0, m)
    assert state.conservation_errors() == []
    return state


def rules(exp: canasta.Explanation) -> list[str]:
    return [e.rule for e in exp.walk()]


# ---- the 2 and its place ------------------------------------------------------------------------------
# "Si la carta que el comodín está sustituyendo surgiera en jugadas siguientes, ésta ocupará su lugar y
# el comodín a su vez pasará a ocupar el puesto de la siguiente carta, ya sea al principio o al final
# de la escalera." The cards of a run keep their places: a 2 moves only when its card arrives.

def test_a_natural_2_never_turns_wild_to_take_a_card() -> None:
    clean = run("2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥")  # a clean canasta, the 2♥ natural in its place
    assert REAL.canasta_kind(clean) == "natural" and clean.roles[0] == 2
    state = with_runs("10♥ 9♥ K♠ Q♦", clean)
    exp = state.check("add 10♥ to #1")
    assert (exp.allowed, exp.rule) == (False, "run.in-sequence")
    assert "natural in its own place" in exp.message() and "no 2 to stand in" not in exp.message()
    assert "add 10♥ to #1" not in [a.text for a in state.legal_actions()]
    ok = state.check("add 9♥ to #1")
    assert ok.allowed
    state.apply("add 9♥ to #1")
    assert REAL.canasta_kind(state.melds[0][0]) == "natural" and state.melds[0][0].size == 8


def test_a_wild_2_stays_where_it_stands_until_its_card_arrives() -> None:
    dirty = run("5♥ 6♥ 7♥ 2♣")  # the 2♣ stands for the 8
    assert dirty.roles == (5, 6, 7, 8)
    state = with_runs("3♥ 4♥ K♠ Q♦", dirty)
    exp = state.check("add 3♥ to #1")
    assert (exp.allowed, exp.rule) == (False, "run.in-sequence")
    assert exp.message() == ("5♥ 6♥ 7♥ 2♣ 3♥ is not a sequence: 4 would be missing: 2♣ stands for the "
                             "8 and moves only when the 8♥ arrives.")
    state.apply("add 4♥ to #1")
    assert state.melds[0][0].roles == (4, 5, 6, 7, 8) and state.melds[0][0].cards[-1] == C("2♣")


def test_a_dirty_run_stays_dirty_when_its_2_never_came_home() -> None:
    dirty = run("5♥ 6♥ 7♥ 8♥ 9♥ 10♥ 2♥")  # the 2♥ stands for the J
    assert dirty.roles[-1] == 11 and REAL.canasta_kind(dirty) == "mixed"
    state = with_runs("3♥ 4♥ K♠ Q♦", dirty)
    state.apply("add 3♥ 4♥ to #1")
    after = state.melds[0][0]
    assert after.roles == tuple(range(3, 12)) and after.wilds == 1
    assert REAL.canasta_kind(after) == "mixed"  # the J♥ never came: not clean


def test_a_2_goes_home_only_when_its_card_arrives() -> None:
    # decided: a sucia run does not become limpia by a 2 going home before its card arrives
    dirty = run("3♥ 4♥ 5♥ 2♥", ("2♥", "end"))  # laid as the 6, not home as a natural 2
    assert dirty.roles == (3, 4, 5, 6) and dirty.wilds == 1
    assert run("3♥ 4♥ 5♥ 2♥").roles == (2, 3, 4, 5)  # the engine's own choice: home
    state = with_runs("A♥ 6♥ K♠ Q♦", dirty)
    early = state.check("add A♥ to #1")
    assert (early.allowed, early.rule) == (False, "run.in-sequence")
    assert "moves only when the 6♥ arrives" in early.message()
    home = state.check("add 6♥ to #1")
    assert home.allowed
    assert [e.message() for e in home.walk() if e.rule == "run.wild-moves"] == [
        "6♥ takes the place of 2♥, which stood for the 6 and moves to its own place, as a natural 2."]
    state.apply("add 6♥ to #1")
    assert state.melds[0][0].text == "2♥ 3♥ 4♥ 5♥ 6♥" and state.melds[0][0].wilds == 0
    # the other end, as the player's own choice: the 2♥ stays wild
    other = with_runs("A♥ 6♥ K♠ Q♦", dirty)
    other.apply("add 6♥ to #1, 2♥ to the end")
    assert other.melds[0][0].text == "3♥ 4♥ 5♥ 6♥ 2♥" and other.melds[0][0].wilds == 1


def test_the_moving_2_goes_to_the_end_by_default_or_where_the_player_says() -> None:
    dirty = run("5♥ 6♥ 7♥ 2♣")
    state = with_runs("8♥ K♠ Q♦ 4♣", dirty)
    legal = [a.text for a in state.legal_actions()]
    assert "add 8♥ to #1" in legal and "add 8♥ to #1, 2♣ to the start" in legal
    assert "add 8♥ to #1, 2♣ to the end" not in legal  # the end is the engine's own choice
    assert state.check("add 8♥ to #1, 2♣ to the end").allowed  # but may be said
    start = state.copy()
    start.apply("add 8♥ to #1, 2♣ to the start")
    assert start.melds[0][0].text == "2♣ 5♥ 6♥ 7♥ 8♥" and start.melds[0][0].roles[0] == 4
    state.apply("add 8♥ to #1")
    assert state.melds[0][0].text == "5♥ 6♥ 7♥ 8♥ 2♣" and state.melds[0][0].roles[-1] == 9
    step = state.history[-1]
    moves = [e for e in step.explanation.walk() if e.rule == "run.wild-moves"]
    assert moves[0].message() == ("8♥ takes the place of 2♣, which stood for the 8 and moves to the "
                                  "end, as the 9.")
    assert moves[0].message("es") == ("El 8♥ ocupa el lugar del 2♣, que hacía de 8, y este pasa al "
                                      "final, como 9.")


def test_the_seed_example_2_7_8_9_either_way() -> None:
    # "2/ 7 / 8 / 9 <=> 7 / 8 / 9 / 2"
    state = table({**HANDS, "Tú": "7♥ 8♥ 9♥ 2♣ K♠"})
    legal = [a.text for a in state.legal_actions()]
    assert "meld 2♣ 7♥ 8♥ 9♥" in legal and "meld 2♣ 7♥ 8♥ 9♥, 2♣ to the start" in legal
    high = state.copy()
    high.apply("meld 7♥ 8♥ 9♥ 2♣")
    assert high.melds[0][0].roles == (7, 8, 9, 10)
    state.apply("meld 7♥ 8♥ 9♥ 2♣, 2♣ to the start")
    assert state.melds[0][0].roles == (6, 7, 8, 9) and state.melds[0][0].text == "2♣ 7♥ 8♥ 9♥"


def test_no_end_for_a_2_that_fills_a_gap() -> None:
    state = table({**HANDS, "Tú": "7♥ 9♥ 2♣ K♠"})
    exp = state.check("meld 7♥ 9♥ 2♣, 2♣ to the start")
    assert (exp.allowed, exp.rule) == (False, "run.wild-end")
    assert state.check("meld 7♥ 9♥ 2♣").allowed


def test_a_2_at_the_ace_end_moves_to_the_start() -> None:
    meld = run("J♦ Q♦ K♦ 2♣")  # the 2♣ stands for the ace
    state = with_runs("A♦ 5♠ 4♣", meld)
    assert state.check("add A♦ to #1, 2♣ to the end").rule == "run.wild-end"
    state.apply("add A♦ to #1")
    assert state.melds[0][0].text == "2♣ J♦ Q♦ K♦ A♦"


# ---- legal actions and check agree, and name their meld unambiguously -----------------------------------

def _brute(state: canasta.State) -> set[str]:
    hand = state.hands[state.turn]
    melds = state.melds[state.side_of(state.turn)]
    found: set[str] = set()
    for n in range(1, len(hand) + 1):
        for cards in set(itertools.combinations(sorted(hand), n)):
            tries: list[canasta.Action] = [Meld(groups=(cards,))]
            tries += [Add(cards=cards, target=f"#{i + 1}") for i in range(len(melds))]
            twos = {c for c in cards if c.rank == 2}
            tries += [Meld(groups=(cards,), moved=t, end=e) for t in twos for e in ("start", "end")]
            for i, m in enumerate(melds):
                for t in twos | {c for c in m.cards if c.rank == 2}:
                    tries += [Add(cards=cards, target=f"#{i + 1}", moved=t, end=e)
                              for e in ("start", "end")]
            for a in tries:
                if state.check(a).allowed:
                    found.add(canonical(a, state).text)
    return found


@pytest.mark.parametrize("hand, melds", [
    ("6♥ 5♥ 9♠ K♦", [run("2♥ 3♥ 4♥")]),  # 'add 6♥' was allowed by check, missing from the list
    ("9♠ 8♠ 10♠ K♦", [run("2♠ 3♠ 4♠ 5♠ 6♠ 7♠")]),
    ("8♥ 4♥ 3♥ 2♦ 9♥", [run("5♥ 6♥ 7♥ 2♣")]),
    ("6♥ A♥ 7♥ 2♠ K♠", [run("3♥ 4♥ 5♥ 2♥", ("2♥", "end"))]),
    ("6♥ A♥ 7♥ 2♠ K♠", [run("3♥ 4♥ 5♥ 2♥")]),
    ("A♦ 10♦ 2♥ 9♦ 5♠", [run("J♦ Q♦ K♦ 2♣")]),
    ("7♠ 7♠ 3♠ 2♦", [run("4♠ 5♠ 6♠"), run("4♠ 5♠ 6♠")]),
    ("8♥ 2♥ 2♣ 9♥", [run("5♥ 6♥ 7♥ 2♠", ("2♠", "start"))]),
])
def test_legal_plays_are_exactly_what_check_allows(hand: str, melds: list) -> None:
    state = with_runs(hand + " Q♣", *melds)
    legal = [a for a in state.legal_actions() if isinstance(a, (Meld, Add))]
    texts = [canonical(a, state).text for a in legal]
    assert len(set(texts)) == len(texts), "two legal actions say the same"
    assert all(state.check(a).allowed for a in legal)
    assert set(texts) == _brute(state)


def test_two_identical_runs_are_told_apart_by_number() -> None:
    state = with_runs("7♠ 7♠ K♦ Q♣", run("4♠ 5♠ 6♠"), run("4♠ 5♠ 6♠"))
    adds = [a for a in state.legal_actions() if isinstance(a, Add) and a.cards == (C("7♠"),)]
    assert sorted(canonical(a, state).text for a in adds) == ["add 7♠ to #1", "add 7♠ to #2"]
    assert canonical(Add(cards=(C("7♠"),), target="♠4-6"), state).text == "add 7♠ to #1"


# ---- every rule sentence of the seed, on both sides of its edge ---------------------------------------

def _h(tu: str) -> dict[str, str]:
    return {**HANDS, "Tú": tu}


DIRTY7 = ["7♥ 8♥ 9♥ 10♥ J♥ Q♥ 2♠"]
CLEAN7 = ["3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠"]
DE_MIL = ["A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦"]

EDGES = [
    # "Combinar cartas en una secuencia (Escalera) de tres o más cartas, ordenadas, del mismo palo."
    ("dos cartas", dict(hands=_h("7♥ 8♥ K♠ Q♦")), "meld 7♥ 8♥", False, "meld.min-cards"),
    ("tres cartas", dict(hands=_h("7♥ 8♥ 9♥ K♠ Q♦")), "meld 7♥ 8♥ 9♥", True, "run.valid"),
    ("dos palos", dict(hands=_h("7♥ 8♥ 9♠ K♠ Q♦")), "meld 7♥ 8♥ 9♠", False, "run.one-suit"),
    ("desordenada con hueco", dict(hands=_h("7♥ 8♥ 10♥ K♠ Q♦")), "meld 7♥ 8♥ 10♥", False, "run.in-sequence"),
    # "En este juego no existe el trío (pie o pierna)"
    ("un trío", dict(hands=_h("7♥ 7♠ 7♦ K♠ Q♦")), "meld 7♥ 7♠ 7♦", False, "run.no-sets"),
    # "(El As puede ir después del Rey y antes del dos.)"
    ("as antes del dos", dict(hands=_h("A♥ 2♥ 3♥ K♠ Q♦")), "meld A♥ 2♥ 3♥", True, "run.valid"),
    ("as después del rey", dict(hands=_h("Q♥ K♥ A♥ K♠ Q♦")), "meld Q♥ K♥ A♥", True, "run.valid"),
    ("rey, as y dos", dict(hands=_h("K♥ A♥ 2♥ 3♥ K♠ Q♦")), "meld K♥ A♥ 2♥ 3♥", False, "run.no-wrap"),
    # "Si tienes siete y nueve, el dos puede sustituir al ocho (7 / 2 / 9)"
    ("7 / 2 / 9", dict(hands=_h("7♥ 2♣ 9♥ K♠ Q♦")), "meld 7♥ 2♣ 9♥", True, "run.valid"),
    ("dos doses comodín", dict(hands=_h("7♥ 2♣ 2♦ 10♥ K♠ Q♦")), "meld 7♥ 2♣ 2♦ 10♥", False, "run.wild-limit"),
    ("un 2 natural y un comodín", dict(hands=_h("A♥ 2♥ 3♥ 2♣ K♠ Q♦")), "meld A♥ 2♥ 3♥ 2♣", True, "run.valid"),
    # "Canasta - Juego de siete cartas o más en secuencia del mismo palo."
    ("seis cartas", dict(hands=_h("3♠ 4♠ 5♠ 6♠ 7♠ 8♠ K♦ Q♦")), "meld 3♠ 4♠ 5♠ 6♠ 7♠ 8♠", True, "run.valid"),
    ("siete cartas", dict(hands=_h("3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ K♦ Q♦")), "meld 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠", True,
     "meld.canasta"),
    # "Para poder bajar una combinación de cartas es necesario comprar primero una carta del monte o
    # comprar el pozo."
    ("bajar antes de comprar", dict(phase="draw", hands=_h("7♥ 8♥ 9♥ K♠")), "meld 7♥ 8♥ 9♥", False,
     "turn.draw-first"),
    ("comprar el pozo entero", dict(phase="draw", pile="4♦ 9♣", hands=_h("7♥ 8♥ 9♥ K♠")), "take pile", True,
     "pile.take-whole"),
    ("comprar el pozo con cartas", dict(phase="draw", pile="4♦ 9♣", hands=_h("9♠ 9♥ K♠")),
     "take pile with 9♠ 9♥", False, "pile.take-whole"),
    # "Cierre directo … baja todas sus cartas sin descartar. Recibir el muerto y continuar a jugar"
    ("cierre directo", dict(hands=_h("7♥ 8♥ 9♥")), "meld 7♥ 8♥ 9♥", True, "muerto.direct"),
    # "Cierre Indirecto es aquel en que el jugador termina sus cartas, descartando una."
    ("cierre indirecto", dict(hands=_h("K♠")), "discard K♠", True, "muerto.indirect"),
    # "Si quién ya ha recogido el muerto cierra, terminará la partida, pero para eso se necesita de
    # por lo menos una canasta limpia."
    ("cerrar con canasta sucia", dict(muertos=("taken", "waiting"), melds={"Tú": DIRTY7}, hands=_h("K♠")),
     "discard K♠", False, "close.final"),
    ("cerrar con canasta limpia", dict(muertos=("taken", "waiting"), melds={"Tú": CLEAN7}, hands=_h("K♠")),
     "discard K♠", True, "close.final"),
    ("cerrar con canasta de mil", dict(muertos=("taken", "waiting"), melds={"Tú": DE_MIL}, hands=_h("K♠")),
     "discard K♠", True, "close.final"),
    ("quedarse con una carta sin limpia", dict(muertos=("taken", "waiting"), melds={"Tú": DIRTY7},
                                              hands=_h("5♣ 6♣ 7♣ K♠")),
     "meld 5♣ 6♣ 7♣", False, "close.final"),
    ("quedarse con dos cartas sin limpia", dict(muertos=("taken", "waiting"), melds={"Tú": DIRTY7},
                                               hands=_h("5♣ 6♣ 7♣ K♠ Q♦")),
     "meld 5♣ 6♣ 7♣", True, "run.valid"),
    # "Sólo lo recibe el primero de la pareja a cerrar." / "Coger el muerto, pero sólo podrá utilizarlo en
    # la otra ronda"
    ("el compañero con el muerto pendiente", dict(turn="Bo", muertos=("pending", "waiting"), holder=(0, -1),
                                                  hands={**HANDS, "Tú": "", "Bo": "K♦"}),
     "discard K♦", False, "close.muerto-pending"),
    # "El turno pasa al jugador de la izquierda, siguiendo en sentido horario."
    ("fuera de turno", dict(hands=_h("7♥ 8♥ 9♥ K♠")), "Ada: discard K♣", False, "turn.order"),
]


@pytest.mark.parametrize("sentence, kw, action, allowed, rule", EDGES, ids=[e[0] for e in EDGES])
def test_seed_sentence_edges(sentence: str, kw: dict, action: str, allowed: bool, rule: str) -> None:
    kw = dict(kw)
    state = table(kw.pop("hands"), **kw)
    exp = state.check(action)
    assert exp.allowed is allowed, (sentence, exp.message())
    assert rule in rules(exp), (sentence, rules(exp))
    assert all(e.source is not None for e in exp.walk())
    act = canasta.parse_action(action)
    if act.player is None:
        legal = [canonical(a, state).text for a in state.legal_actions()]
        assert (canonical(act, state).text in legal) is allowed


def test_a_2_of_another_suit_keeps_a_canasta_dirty() -> None:
    # "al colocar un dos de diferente palo que el que sigue la escalera, no será posible hacer canasta
    # limpia en esa escalera"
    dirty = run("7♥ 8♥ 9♥ 10♥ J♥ Q♥ 2♠")
    assert REAL.canasta_kind(dirty) == "mixed" and REAL.canasta_bonus(dirty) == 100
    moved, _ = REAL.extend_meld(dirty, parse_cards("K♥"))  # the 2♠ stands for the K: it moves on
    assert moved is not None and REAL.canasta_kind(moved) == "mixed"
    clean = run("7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥")
    assert REAL.canasta_kind(clean) == "natural" and REAL.canasta_bonus(clean) == 200
    de_mil = run(DE_MIL[0])
    assert REAL.canasta_kind(de_mil) == "de mil" and REAL.canasta_bonus(de_mil) == 1000


@pytest.mark.parametrize("statuses, penalties", [(("taken", "taken"), [0, 0]),
                                                 (("taken", "waiting"), [0, -100]),
                                                 (("taken", "pending"), [0, -100])])
def test_the_muerto_not_taken_or_never_played_costs_100(statuses, penalties) -> None:
    # "Si la otra pareja no ha conseguido recoger el muerto, como penalidad deberá descontar … los
    # 100 puntos" / "el muerto deberá ser pagado, como si no lo hubiera recogido"
    state = table(_h("K♠"), muertos=statuses, holder=(-1, 1 if statuses[1] == "pending" else -1),
                  melds={"Tú": CLEAN7})
    state.apply("discard K♠")
    result = state.results[-1]
    assert result.ended.rule == "end.went-out"
    got = [sum(p for p, e in result.side_lines(s) if e.rule == "score.muerto") for s in (0, 1)]
    assert got == penalties
    assert dict((e.rule, p) for p, e in result.side_lines(0))["score.going-out"] == 100


def test_a_new_run_with_a_2_never_says_there_is_no_2() -> None:
    # the text of run.in-sequence must not contradict the cards: a 2 is there, it fills one place
    _, exp = REAL.make_meld(parse_cards("2♥ 3♥ 6♥"))
    assert exp.rule == "run.in-sequence" and "no 2 to stand in" not in exp.message()
    assert exp.message() == "2♥ 3♥ 6♥ is not a sequence: 4 and 5 would be missing and one wild 2 fills only one place."
    _, exp = REAL.make_meld(parse_cards("5♥ 6♥ 8♥"))
    assert exp.message() == "5♥ 6♥ 8♥ is not a sequence: 7 would be missing and there is no 2 to stand in."


# ---- the end of the stock ------------------------------------------------------------------------------
# The seed is silent; play ends when a player must draw from an empty stock (a muerto is not turned
# into a stock). A situation built at that moment is a hand already over: only passing, which ends
# it; the pile is not taken instead (in play the hand ends before the player could take it).

def test_an_empty_stock_at_the_draw_leaves_only_the_pass() -> None:
    state = table({"Tú": "5♠ 9♥", "Ada": "K♣ K♦ 5♠", "Bo": "3♦ 4♦ 5♦ Q♥", "Cleo": "J♣ 4♠ 6♦"},
                  pile="7♣ 9♣", phase="draw", stock=0)
    assert [a.text for a in state.legal_actions()] == ["pass"]
    for text, rule in (("draw", "draw.stock-empty"), ("take pile", "end.stock-exhausted")):
        refused = state.check(text)
        assert (refused.allowed, refused.rule) == (False, rule), text
    state.apply("pass")
    assert state.results[-1].ended.rule == "end.stock-exhausted"
    assert state.conservation_errors() == []


def test_a_natural_2_takes_its_place_from_the_wild_2_that_stood_for_it() -> None:
    # «Si la carta que el comodín está sustituyendo surgiera en jugadas siguientes, ésta ocupará
    # su lugar y el comodín a su vez pasará a ocupar el puesto de la siguiente carta»: the 2♥
    # is the card the 2♣ stands for in A♥ 2♣ 3♥ 4♥, so it goes home and the 2♣ moves on
    state = with_runs("2♥ K♠ Q♦ 4♣", run("A♥ 2♣ 3♥ 4♥"))
    assert state.melds[0][0].roles == (1, 2, 3, 4)
    exp = state.check("add 2♥ to #1")
    assert exp.allowed, exp.message()
    assert "add 2♥ to #1" in [a.text for a in state.legal_actions()]
    state.apply("add 2♥ to #1")
    laid = state.melds[0][0]
    assert (laid.text, laid.roles, laid.wilds) == ("A♥ 2♥ 3♥ 4♥ 2♣", (1, 2, 3, 4, 5), 1)
    moves = [e for e in state.history[-1].explanation.walk() if e.rule == "run.wild-moves"]
    assert moves[0].message("es") == ("El 2♥ ocupa el lugar del 2♣, que hacía de 2, y este pasa "
                                      "al final, como 5.")


def test_with_no_ace_the_displaced_2_goes_to_either_end() -> None:
    state = with_runs("2♥ K♠ Q♦ 4♣", run("2♠ 3♥ 4♥ 5♥", ("2♠", "start")))
    assert state.melds[0][0].roles == (2, 3, 4, 5)
    legal = [a.text for a in state.legal_actions()]
    assert "add 2♥ to #1" in legal and "add 2♥ to #1, 2♠ to the start" in legal
    start = state.copy()
    start.apply("add 2♥ to #1, 2♠ to the start")
    assert (start.melds[0][0].text, start.melds[0][0].roles) == ("2♠ 2♥ 3♥ 4♥ 5♥",
                                                                  (1, 2, 3, 4, 5))
    state.apply("add 2♥ to #1")
    assert (state.melds[0][0].text, state.melds[0][0].roles) == ("2♥ 3♥ 4♥ 5♥ 2♠",
                                                                  (2, 3, 4, 5, 6))


def test_the_refusal_of_a_close_that_dirties_the_only_clean_canasta_says_so() -> None:
    # "para eso se necesita de por lo menos una canasta limpia": the side holds one until the move,
    # which would make it dirty; the refusal says so, not that the side has none
    state = table({**HANDS, "Tú": "2♦ K♦"}, muertos=("taken", "waiting"),
                  melds={"Tú": ["3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠"]})
    exp = state.check("add 2♦ to #1")
    assert (exp.allowed, exp.rule) == (False, "close.final"), exp.message()
    assert exp.message("en").endswith(
        "which needs a clean canasta (clean or de mil); your side has one, and this move would make "
        "it dirty."), exp.message("en")
    assert exp.message("es").endswith(
        "para terminarla hace falta una canasta limpia (limpia o de mil); tu pareja tiene una, y esta "
        "jugada la ensuciaría."), exp.message("es")
    # with no clean canasta before the move, it says none
    dirty = table({**HANDS, "Tú": "K♠"}, muertos=("taken", "waiting"), melds={"Tú": DIRTY7})
    assert dirty.check("discard K♠").message("es").endswith("; tu pareja no tiene ninguna.")
