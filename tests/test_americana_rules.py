"""Canasta Americana (seed 000): each rule's verdict and message, allowed and refused."""

from __future__ import annotations

from typing import Any

import pytest

import canasta
from canasta.situation import situation

TU = "K♠ K♥ K♣ 8♦ 8♠ 2♣ JK A♦ A♣ A♥ 7♥ 7♦ 7♣ 3♥"
OTHERS = {"Ada": "5♣ 5♦ 9♦", "Bo": "Q♣ Q♦ J♠", "Cleo": "10♣ 10♦ 4♦"}
OPEN = {"Bo": ["Q♦ Q♠ Q♥", "9♥ 9♠ 9♦"]}  # Tú & Bo are out of the hoyo
ONE_CANASTA = {"Bo": ["6♦ 6♠ 6♥ 6♣ 6♦ 6♠ 6♥", "9♥ 9♠ 9♦"]}
TWO_CANASTAS = {"Bo": ["6♦ 6♠ 6♥ 6♣ 6♦ 6♠ 6♥", "9♥ 9♠ 9♦ 9♣ 9♥ 9♠ 2♦"]}
STRAIGHT = "A♠ 2♣ 3♥ 4♦ 5♠ 6♣ 7♥ 8♦ 9♠ 10♣ J♥ Q♦ K♠ JK"


def table(tu: str = TU, **kw: Any) -> canasta.State:
    """An Americana situation, Tú (with Bo) to move, after the draw unless told otherwise."""
    hands = {**OTHERS, "Tú": tu}
    kw.setdefault("phase", "play")
    return situation("americana", hands=hands, **kw)


# (rule, allowed, situation kwargs, action, English message, Spanish fragment)
CASES: list[tuple[str, bool, dict[str, Any], str, str, str]] = [
    # threes: laid down before or after the draw, alone, each replaced from the stock
    ("meld.threes", True, dict(phase="draw"), "meld 3♥",
     "Tú lays down 3♥ and draws 1 replacement card(s); threes do not count for leaving the hoyo.",
     "roba 1 carta(s) de reposición"),
    ("meld.threes", True, dict(stock=1), "meld 3♥",
     "Tú lays down 3♥ and draws 1 replacement card(s); threes do not count for leaving the hoyo.",
     "Tú baja 3♥"),
    ("meld.threes", False, dict(), "meld 3♥ 7♥",
     "Tú cannot lay down 3♥ 7♥: threes are laid down on their own, never with other cards.",
     "los tres se bajan solos"),
    ("meld.threes", False, dict(phase="draw", stock=1), "meld 3♥",
     "Tú cannot lay down 3♥: the stock holds 1 card(s), and 2 are needed (one to replace each three, "
     "and one for the draw if it is still due).", "el mazo tiene 1 carta(s) y hacen falta 2"),
    ("turn.draw-first", False, dict(phase="draw"), "meld K♠ K♥ K♣",
     "Tú must first draw from the stock or take the pile before 'meld K♠ K♥ K♣'.", "debe robar"),
    # the pile
    ("pile.top-three", False, dict(phase="draw", pile="9♠ 3♦"), "take pile with 8♦ 8♠",
     "Tú cannot take the pile: its top card 3♦ is a three.", "la carta de arriba 3♦ es un tres"),
    ("pile.top-wild", False, dict(phase="draw", pile="9♠ 2♦"), "take pile with 8♦ 8♠",
     "Tú cannot take the pile: its top card 2♦ is wild and cannot be melded as the pile's card.",
     "es libre"),
    ("pile.use-top", False, dict(phase="draw", pile="5♥ 8♣", melds=OPEN), "take pile with 8♦ 2♣",
     "Tú cannot use the top card 8♣ with 8♦ 2♣: it must go down with at least two 8 from your hand "
     "(wild cards may join them).", "debe bajarse con al menos dos 8"),
    ("pile.use-top", False, dict(phase="draw", pile="5♥ 9♣", melds=OPEN), "take pile onto 9",
     "Tú cannot use the top card 9♣ with no card from the hand (onto the meld '9'): it must go down with at least two 9 from your hand "
     "(wild cards may join them).", "al menos dos 9"),
    ("pile.meld-full", False, dict(phase="draw", pile="5♥ 8♦", melds={"Bo": ["8♥ 8♥ 8♣ 8♣ 2♦"]}),
     "take pile with 8♦ 8♠",
     "Tú cannot take the pile with 8♦: the meld of 8 already has 5 cards, and only a meld of fewer "
     "than five may take the pile.", "solo con menos de cinco"),
    ("pile.take", True, dict(phase="draw", pile="5♥ 8♦", melds={"Bo": ["8♥ 8♥ 8♣ 8♣"]}),
     "take pile with 8♦ 8♠", "Tú takes the pile (2 cards) and melds 8♦ 8♦ 8♠ at once.",
     "se lleva el montón (2 cartas)"),
    ("pile.take", True, dict(phase="draw", pile="5♥ A♠"),
     "take pile with A♦ A♣ and meld K♠ K♥ K♣ / 8♦ 8♠ 2♣",
     "Tú takes the pile (2 cards) and melds A♠ A♦ A♣ at once.", "baja A♠ A♦ A♣"),
    ("pile.extra-only-opening", False, dict(phase="draw", pile="5♥ 8♣", melds=OPEN),
     "take pile with 8♦ 8♠ and meld K♠ K♥ K♣",
     "Tú's side has already opened: take the pile first, then meld in separate actions.",
     "ya ha bajado"),
    ("pile.depth", False, dict(phase="draw", pile="8♣ 5♥", melds=OPEN), "take pile at 2 with 8♦ 8♠",
     "Tú cannot take the pile at depth 2: only the top card can be used here (or the pile is not "
     "that deep).", "solo se usa la de arriba"),
    ("pile.empty", False, dict(phase="draw"), "take pile with 8♦ 8♠",
     "Tú cannot take the pile: it is empty.", "está vacío"),
    # melds
    ("meld.special", False, dict(melds=OPEN), "meld 7♥ 7♦ 2♣",
     "7♥ 7♦ 2♣ cannot be melded: sevens never take wild cards.", "los sietes nunca llevan comodines"),
    ("meld.special", False, dict(melds=OPEN), "meld A♦ A♣ 2♣",
     "A♦ A♣ 2♣ cannot be melded: a clean meld of aces takes no wild cards; aces go with wild cards "
     "only in the meld that takes the pair out of the hoyo.", "solo en el juego que saca"),
    ("meld.special", False, dict(melds={"Bo": ["A♠ A♠ A♥"]}), "add 2♣ to A",
     "A♥ A♠ A♠ 2♣ cannot be melded: a clean meld of aces takes no wild cards; aces go with wild "
     "cards only in the meld that takes the pair out of the hoyo.", "un juego de as limpio"),
    ("meld.ok", True, dict(), "meld A♦ A♣ A♥ 2♣ JK / K♠ K♥ K♣",
     "Tú melds A♣ A♦ A♥ 2♣ JK / K♣ K♥ K♠ (160 points in cards).", "160 puntos en cartas"),
    ("meld.ok", True, dict(melds=OPEN), "meld 7♥ 7♦ 7♣",
     "Tú melds 7♣ 7♦ 7♥ (15 points in cards).", "Tú baja 7♣ 7♦ 7♥"),
    ("meld.wilds", True, dict(tu="2♣ 2♦ JK 9♣ 5♥", melds=OPEN), "meld 2♣ 2♦ JK",
     "Tú melds 2♣ 2♦ JK (90 points in cards).", "90 puntos"),
    ("meld.wilds", False, dict(tu="2♣ 9♣ 5♥", melds={"Bo": ["2♥ 2♠ JK"]}), "add 9♣ to wilds",
     "9♣ cannot join a meld of wild cards: a meld of wild cards takes only 2s and jokers.",
     "solo lleva doses y comodines"),
    ("add.ok", True, dict(melds={"Bo": ["2♥ 2♠ JK"]}), "add 2♣ to wilds",
     "Tú adds 2♣ to the meld of wilds, which now has 4 cards.", "ahora tiene 4 cartas"),
    ("meld.max-size", False, dict(melds={"Bo": ["8♥ 8♥ 8♣ 8♣ 8♦ 2♦"]}), "add 8♠ 2♣ to 8",
     "8♣ 8♣ 8♦ 8♥ 8♥ 8♠ 2♦ 2♣ would be 8 cards: no meld may have more than 7.", "más de 7"),
    ("meld.wild-limit", False, dict(melds={"Bo": ["Q♦ Q♠ Q♥ 2♦ 2♥"]}), "add JK to Q",
     "Q♦ Q♥ Q♠ 2♦ 2♥ JK breaks the wild-card limit: 3 wild cards, more than the 2 allowed (at most "
     "2, never more wild than natural).", "más de las 2 permitidas"),
    ("meld.rank-exists", False, dict(melds={"Bo": ["K♦ K♦ K♠"]}), "meld K♠ K♥ K♣",
     "Tú's side already has (or is making) a meld of K: add the cards to it instead.",
     "añade las cartas a ella"),
    ("meld.rank-exists", False, dict(tu="2♣ 2♦ JK 9♣ 5♥", melds={"Bo": ["2♥ 2♠ JK"]}),
     "meld 2♣ 2♦ JK",
     "Tú's side already has (or is making) a meld of wilds: add the cards to it instead.",
     "ya tiene"),
    ("meld.one-at-a-time", False, dict(melds=OPEN), "meld K♠ K♥ K♣ / 7♥ 7♦ 7♣",
     "Tú's side has already opened: lay the 2 melds down one at a time.", "de una en una"),
    ("meld.min-cards", False, dict(melds=OPEN), "meld K♠ K♥",
     "K♠ K♥ is 2 card(s): a new meld needs at least 3.", "necesita al menos 3"),
    ("meld.same-rank", False, dict(melds=OPEN), "meld K♠ K♥ 8♦",
     "K♠ K♥ 8♦ mixes ranks 8, K: a meld is one rank only (there are no runs in Canasta).",
     "mezcla los valores"),
    ("hand.has-cards", False, dict(melds=OPEN), "meld 5♥ 5♥ 5♥",
     "Tú does not hold 5♥ 5♥ 5♥.", "no tiene 5♥ 5♥ 5♥"),
    ("add.target", False, dict(melds={"Bo": ["8♥ 8♣ 8♣"]}), "add K♠ to Q",
     "Tú's side has no meld 'Q' to add K♠ to.", "no tiene la combinación 'Q'"),
    ("add.ok", True, dict(melds={"Bo": ["8♥ 8♣ 8♣"]}), "add 8♦ 8♠ 2♣ to 8",
     "Tú adds 8♦ 8♠ 2♣ to the meld of 8, which now has 6 cards.", "que ahora tiene 6 cartas"),
    ("meld.canasta", True, dict(melds={"Bo": ["8♥ 8♥ 8♣ 8♣ 8♦"]}), "add 8♠ 2♣ to 8",
     "The meld of 8 now has 7 cards: a mixed canasta, worth 300 at the end of the hand.",
     "una canasta sucia, que vale 300"),
    ("meld.canasta", True, dict(melds={"Bo": ["7♠ 7♠ 7♥ 7♣"]}), "add 7♥ 7♦ 7♣ to 7",
     "The meld of 7 now has 7 cards: a special canasta, worth 2500 at the end of the hand.",
     "una canasta especial, que vale 2500"),
    ("meld.canasta", True, dict(tu="2♣ 2♦ JK 9♣ 5♥", melds={"Bo": ["2♥ 2♠ JK JK"]}),
     "add 2♣ 2♦ JK to wilds",
     "The meld of wilds now has 7 cards: a wild-card canasta, worth 2000 at the end of the hand.",
     "una canasta de comodines, que vale 2000"),
    # the hoyo: the melds that leave it reach 125 together; threes never count
    ("open.minimum", False, dict(), "meld K♠ K♥ K♣ / 8♦ 8♠ 2♣",
     "These melds count only 70: K♠ K♥ K♣ = 30, 8♦ 8♠ 2♣ = 40; Tú & Bo's side needs 125 to open.",
     "le hacen falta 125"),
    ("open.minimum", False, dict(melds={"Bo": ["3♣ 3♦"]}), "meld K♠ K♥ K♣",
     "These melds count only 30: K♠ K♥ K♣ = 30; Tú & Bo's side needs 125 to open.",
     "solo valen 30"),
    ("open.minimum", False, dict(phase="draw", pile="5♥ A♠"), "take pile with A♦ A♣ and meld K♠ K♥ K♣",
     "These melds count only 90: A♠ A♦ A♣ = 60, K♠ K♥ K♣ = 30; Tú & Bo's side needs 125 to open.",
     "solo valen 90"),
    # going out: two canastas, always with a final discard
    ("out.must-discard", False, dict(tu="K♠ K♥ K♣", melds=TWO_CANASTAS), "meld K♠ K♥ K♣",
     "Tú cannot empty the hand by melding: the last card must be discarded.",
     "la última carta debe descartarse"),
    ("out.needs-canasta", False, dict(tu="K♠ K♥ K♣ 5♥", melds=ONE_CANASTA), "meld K♠ K♥ K♣",
     "Tú cannot be left with 1 card(s): going out needs 2 canasta(s) and Tú & Bo's side has 1.",
     "hacen falta 2 canasta(s)"),
    ("out.needs-canasta", False, dict(tu="5♥", melds=ONE_CANASTA, pile="4♥"), "discard 5♥",
     "Tú cannot be left with 0 card(s): going out needs 2 canasta(s) and Tú & Bo's side has 1.",
     "no puede quedarse con 0"),
    ("discard.out", True, dict(tu="5♥", melds=TWO_CANASTAS, pile="4♥"), "discard 5♥",
     "Tú discards the last card, 5♥, and empties the hand.", "y se queda sin cartas"),
    # discards
    ("discard.three", False, dict(pile="4♥"), "discard 3♥",
     "Tú cannot discard the three 3♥: threes are discarded only to go out (lay it down instead).",
     "solo se descartan para cerrar"),
    ("discard.three", False, dict(tu="3♥ 3♠", pile="4♥"), "discard 3♥",
     "Tú cannot discard the three 3♥: threes are discarded only to go out (lay it down instead).",
     "bájalo en su lugar"),
    ("discard.ok", True, dict(tu="3♥ 3♠", pile="4♥", stock=0), "discard 3♥",
     "Tú discards 3♥; Ada plays next.", "juega Ada"),
    ("discard.three", True, dict(tu="3♥ 3♠", pile="4♥", stock=0), "discard 3♥",
     "Tú discards the three 3♥: the hand holds only threes and the stock cannot replace them.",
     "el mazo no puede reponerlos"),
    ("discard.out", True, dict(tu="3♥", pile="4♥", melds=TWO_CANASTAS), "discard 3♥",
     "Tú discards the last card, 3♥, and empties the hand.", "descarta la última carta, 3♥"),
    ("discard.wild", False, dict(pile="4♥"), "discard JK",
     "Tú cannot discard the wild JK: wild cards are discarded only to go out or from a hand of "
     "nothing but wild cards and threes.", "solo se descartan para cerrar"),
    ("discard.wild", True, dict(tu="JK 3♥ 2♣", pile="4♥"), "discard JK",
     "Tú discards the wild JK: the hand holds only wild cards and threes.",
     "la mano solo tiene comodines y tres"),
    ("discard.out", True, dict(tu="JK", pile="4♥", melds=TWO_CANASTAS), "discard JK",
     "Tú discards the last card, JK, and empties the hand.", "y se queda sin cartas"),
    ("discard.empty-pile", False, dict(), "discard A♦",
     "Tú cannot discard A♦ on the empty pile while holding 8♦ 8♠ K♣ K♥ K♠.",
     "al pozo vacío teniendo"),
    ("discard.empty-pile", True, dict(tu="A♦ 7♥ 2♣ 3♠"), "discard 7♥",
     "Tú discards 7♥ on the empty pile: aces and sevens are the only other naturals.",
     "son sus únicas cartas naturales"),
    ("discard.ok", True, dict(tu="A♦ 7♥ 2♣ 3♠"), "discard A♦", "Tú discards A♦; Ada plays next.",
     "Tú descarta A♦"),
    ("discard.ok", True, dict(pile="4♥"), "discard A♦", "Tú discards A♦; Ada plays next.",
     "juega Ada"),
    # special hands
    ("special.hand", True, dict(tu=STRAIGHT), f"meld {STRAIGHT}",
     "Tú lays down a special hand, straight (one card of each rank and a joker): 3000; the hand is "
     "over.", "la mano termina"),
    ("special.hand", False, dict(tu=STRAIGHT + " 5♥"), f"meld {STRAIGHT}",
     f"{STRAIGHT} is not a special hand: a special hand is the whole hand of 14 cards, laid down at "
     "once (the hand holds 15).", "la mano entera de 14 cartas"),
    # the turn
    ("turn.already-drew", False, dict(), "draw",
     "Tú has already drawn this turn: meld, add or discard now.", "ya ha robado"),
    ("draw.stock", True, dict(phase="draw", stock=10), "draw",
     "Tú draws 1 card(s) from the stock; 9 remain.", "quedan 9"),
    ("turn.order", False, dict(), "Ada: discard 5♣",
     "Ada cannot 'discard 5♣' now: it is Tú's turn, and only the player whose turn it is may act "
     "(the pile can be taken only by the player who plays next).", "es el turno de Tú"),
    ("out.ask-partner-none", False, dict(), "ask partner",
     "Tú has no partner to ask in this game.", "no tiene compañero"),
]


def _find(exp: canasta.Explanation, rule: str) -> canasta.Explanation:
    """The explanation itself or the sub-reason with ``rule``."""
    return next(e for e in exp.walk() if e.rule == rule)


@pytest.mark.parametrize(("rule", "allowed", "kw", "action", "en", "es"), CASES,
                         ids=[f"{c[0]}-{'ok' if c[1] else 'no'}-{i}" for i, c in enumerate(CASES)])
def test_rule_verdict_and_message(rule: str, allowed: bool, kw: dict[str, Any], action: str,
                                  en: str, es: str) -> None:
    state = table(**kw)
    before = state.to_dict()
    exp = state.check(action)
    found = _find(exp, rule)
    assert exp.allowed is allowed, exp.message()
    assert en in (exp.message("en"), found.message("en")), (exp.message("en"), found.message("en"))
    assert es in exp.message("es") or es in found.message("es")
    assert found.source is not None and found.source.ref
    assert state.to_dict() == before  # check never changes the state
    if not allowed:
        with pytest.raises(canasta.IllegalActionError):
            state.apply(action)
        assert state.to_dict() == before
    else:
        state.apply(action)
        assert state.conservation_errors() == []


def test_threes_laid_before_the_draw_are_replaced_and_merged() -> None:
    state = table(phase="draw", tu="3♥ 3♠ 9♣ 9♥", stock="5♠ 6♠ 8♣", melds={"Bo": ["3♦"]})
    state.apply("meld 3♥ 3♠")
    events = state.history[-1].events
    assert [e.rule for e in events] == ["threes.replaced"]
    # 85: the situation also sets the two alas (seven cards) aside, as a deal does
    assert events[0].message() == "Tú draws 2 card(s) from the stock to replace the threes; 85 remain."
    assert sorted(c.text for c in state.hands[0]) == sorted(["9♣", "9♥", "5♠", "6♠"])
    threes = [m for m in state.melds[0] if m.kind == "threes"]
    assert len(threes) == 1 and threes[0].text == "3♦ 3♥ 3♠"  # one meld of threes per pair
    assert state.phase == "draw" and state.opened[0] is False  # still to draw, still in the hoyo
    assert state.conservation_errors() == []


def test_the_pile_needs_two_naturals_even_with_a_meld_of_the_rank() -> None:
    state = table(phase="draw", tu="8♦ 2♣ 5♥", pile="4♥ 8♣", melds={"Bo": ["8♥ 8♥ 8♠"]})
    assert not state.check("take pile with 8♦ 2♣").allowed
    assert not state.check("take pile onto 8").allowed
    assert not state.check("take pile with 8♦").allowed
    assert state.legal_actions()[0].text == "draw"
    assert [a.text for a in state.legal_actions() if a.text.startswith("take")] == []
