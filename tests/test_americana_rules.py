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
     "You lay down 3♥ and draw a replacement card; threes do not count for leaving the hoyo.",
     "Bajas 3♥ y compras una carta para reponerlo; los tres no cuentan para salir del hoyo."),
    ("meld.threes", True, dict(stock=1), "meld 3♥",
     "You lay down 3♥ and draw a replacement card; threes do not count for leaving the hoyo.",
     "Bajas 3♥ y compras una carta para reponerlo; los tres no cuentan para salir del hoyo."),
    ("meld.threes", False, dict(), "meld 3♥ 7♥",
     "You cannot lay down 3♥ 7♥: threes are laid down on their own, never with other cards.",
     "No puedes bajar 3♥ 7♥: los tres se bajan solos, nunca con otras cartas."),
    ("meld.threes", False, dict(phase="draw", stock=1), "meld 3♥",
     "You cannot lay down 3♥: the stock holds one card and 2 are needed (one to replace each "
     "three, and one for the draw if it is still due).",
     "No puedes bajar 3♥: el mazo tiene una carta y hacen falta 2 (una para reponer cada tres, "
     "y otra para la compra si todavía no se ha hecho)."),
    ("turn.draw-first", False, dict(phase="draw"), "meld K♠ K♥ K♣",
     "Before 'meld K♠ K♥ K♣', you must draw from the stock or take the pile.",
     "Antes de «bajar K♠ K♥ K♣», tienes que comprar del mazo o comprar el pozo."),
    # the pile
    ("pile.top-three", False, dict(phase="draw", pile="9♠ 3♦"), "take pile with 8♦ 8♠",
     "You cannot take the pile: its top card, 3♦, is a three.",
     "No puedes comprar el pozo: la carta de arriba, 3♦, es un tres."),
    ("pile.top-wild", False, dict(phase="draw", pile="9♠ 2♦"), "take pile with 8♦ 8♠",
     "You cannot take the pile: its top card, 2♦, is a wild card and cannot be melded as the "
     "pile's card.",
     "No puedes comprar el pozo: la carta de arriba, 2♦, es un comodín y no se puede bajar "
     "como carta del pozo."),
    ("pile.use-top", False, dict(phase="draw", pile="5♥ 8♣", melds=OPEN), "take pile with 8♦ 2♣",
     "You cannot use the top card, 8♣, with 8♦ 2♣: it must go down with at least two eights from "
     "the hand (wild cards may join them).",
     "No puedes usar la carta de arriba, 8♣, con 8♦ 2♣: tiene que bajarse con al menos dos ochos "
     "de la mano; también pueden ir comodines."),
    ("pile.use-top", False, dict(phase="draw", pile="5♥ 9♣", melds=OPEN), "take pile onto 9",
     "You cannot use the top card, 9♣, on the meld of nines: it must go down with at least two nines "
     "from the hand (wild cards may join them).",
     "No puedes usar la carta de arriba, 9♣, en el juego de nueves: tiene que bajarse con al menos "
     "dos nueves de la mano; también pueden ir comodines."),
    ("pile.meld-full", False, dict(phase="draw", pile="5♥ 8♦", melds={"Bo": ["8♥ 8♥ 8♣ 8♣ 2♦"]}),
     "take pile with 8♦ 8♠",
     "You cannot take the pile with 8♦: the meld of eights already has 5 cards, and only a meld of "
     "fewer than five may take the pile.",
     "No puedes comprar el pozo por el 8♦: el juego de ochos ya tiene 5 cartas, y solo se compra el "
     "pozo con un juego de menos de cinco."),
    ("pile.take", True, dict(phase="draw", pile="5♥ 8♦", melds={"Bo": ["8♥ 8♥ 8♣ 8♣"]}),
     "take pile with 8♦ 8♠", "You take the pile (2 cards) and meld 8♦ 8♦ 8♠ at once.",
     "Compras el pozo (2 cartas) y bajas 8♦ 8♦ 8♠ en el acto."),
    ("pile.take", True, dict(phase="draw", pile="5♥ A♠"),
     "take pile with A♦ A♣ and meld K♠ K♥ K♣ / 8♦ 8♠ 2♣",
     "You take the pile (2 cards) and meld A♠ A♦ A♣ at once, and also K♠ K♥ K♣ and 8♦ 8♠ 2♣.",
     "Compras el pozo (2 cartas) y bajas A♠ A♦ A♣ en el acto, y además K♠ K♥ K♣ y 8♦ 8♠ 2♣."),
    ("pile.extra-only-opening", False, dict(phase="draw", pile="5♥ 8♣", melds=OPEN),
     "take pile with 8♦ 8♠ and meld K♠ K♥ K♣",
     "Your side has already opened: you must take the pile first, then meld in separate actions.",
     "Tu pareja ya ha bajado: primero tienes que comprar el pozo, y luego bajar en jugadas "
     "aparte."),
    ("pile.depth", False, dict(phase="draw", pile="8♣ 5♥", melds=OPEN), "take pile at 2 with 8♦ 8♠",
     "You cannot go in for card 2 of the pile: only its top card counts.", "No puedes entrar por la 2.ª carta del pozo: solo cuenta la carta de arriba."),
    ("pile.empty", False, dict(phase="draw"), "take pile with 8♦ 8♠",
     "You cannot take the pile: it is empty.", "No puedes comprar el pozo: está vacío."),
    # melds
    ("meld.special", False, dict(melds=OPEN), "meld 7♥ 7♦ 2♣",
     "7♥ 7♦ 2♣ cannot be melded: sevens never take wild cards.",
     "7♥ 7♦ 2♣ no se pueden bajar: los sietes nunca llevan comodines."),
    ("meld.special", False, dict(melds=OPEN), "meld A♦ A♣ 2♣",
     "A♦ A♣ 2♣ cannot be melded: a clean meld of aces takes no wild cards; aces go with wild "
     "cards only in the meld that takes the pair out of the hoyo.",
     "A♦ A♣ 2♣ no se pueden bajar: un juego de as limpio no lleva comodines; los ases solo van "
     "con comodines en el juego que saca a la pareja del hoyo."),
    ("meld.special", False, dict(melds={"Bo": ["A♠ A♠ A♥"]}), "add 2♣ to A",
     "A♥ A♠ A♠ 2♣ cannot be melded: a clean meld of aces takes no wild cards; aces go with "
     "wild cards only in the meld that takes the pair out of the hoyo.",
     "A♥ A♠ A♠ 2♣ no se pueden bajar: un juego de as limpio no lleva comodines; los ases solo "
     "van con comodines en el juego que saca a la pareja del hoyo."),
    ("meld.ok", True, dict(), "meld A♦ A♣ A♥ 2♣ JK / K♠ K♥ K♣",
     "You meld A♣ A♦ A♥ 2♣ JK and K♣ K♥ K♠ (160 points in cards).",
     "Bajas A♣ A♦ A♥ 2♣ JK y K♣ K♥ K♠ (160 puntos en cartas)."),
    ("meld.ok", True, dict(melds=OPEN), "meld 7♥ 7♦ 7♣",
     "You meld 7♣ 7♦ 7♥ (15 points in cards).", "Bajas 7♣ 7♦ 7♥ (15 puntos en cartas)."),
    ("meld.wilds", True, dict(tu="2♣ 2♦ JK 9♣ 5♥", melds=OPEN), "meld 2♣ 2♦ JK",
     "2♣ 2♦ JK: a meld of 3 wild cards.", "2♣ 2♦ JK: un juego de 3 comodines."),
    ("meld.wilds", False, dict(tu="2♣ 9♣ 5♥", melds={"Bo": ["2♥ 2♠ JK"]}), "add 9♣ to wilds",
     "9♣ cannot join a meld of wild cards: a meld of wild cards takes only 2s and jokers.",
     "9♣ no puede ir en un juego de comodines: un juego de comodines no lleva ninguna carta natural, solo doses y comodines."),
    ("add.ok", True, dict(melds={"Bo": ["2♥ 2♠ JK"]}), "add 2♣ to wilds",
     "You add 2♣ to the meld of wild cards, which now has 4 cards.",
     "Agregas el 2♣ al juego de comodines, que ahora tiene 4 cartas."),
    ("meld.max-size", False, dict(melds={"Bo": ["8♥ 8♥ 8♣ 8♣ 8♦ 2♦"]}), "add 8♠ 2♣ to 8",
     "8♣ 8♣ 8♦ 8♥ 8♥ 8♠ 2♦ 2♣ would make 8 cards: no meld may hold more than 7.",
     "8♣ 8♣ 8♦ 8♥ 8♥ 8♠ 2♦ 2♣ tendría 8 cartas: ningún juego puede tener más de 7."),
    ("meld.wild-limit", False, dict(melds={"Bo": ["Q♦ Q♠ Q♥ 2♦ 2♥"]}), "add JK to Q",
     "Q♦ Q♥ Q♠ 2♦ 2♥ JK breaks the wild-card limit: it has 3 wild cards and at most 2 are "
     "allowed.",
     "Q♦ Q♥ Q♠ 2♦ 2♥ JK no cumple el límite de comodines: tiene 3 comodines y el máximo es 2."),
    ("meld.rank-exists", False, dict(melds={"Bo": ["K♦ K♦ K♠"]}), "meld K♠ K♥ K♣",
     "Your side already has (or is making) a meld of kings: add the cards to it instead.",
     "Tu pareja ya tiene (o está bajando) un juego de reyes: hay que agregar las cartas a él."),
    ("meld.rank-exists", False, dict(tu="2♣ 2♦ JK 9♣ 5♥", melds={"Bo": ["2♥ 2♠ JK"]}),
     "meld 2♣ 2♦ JK",
     "Your side already has (or is making) a meld of wilds: add the cards to it instead.",
     "Tu pareja ya tiene (o está bajando) un juego de wilds: hay que agregar las cartas a él."),
    ("meld.one-at-a-time", False, dict(melds=OPEN), "meld K♠ K♥ K♣ / 7♥ 7♦ 7♣",
     "Your side has already opened: the 2 melds go down one at a time.",
     "Tu pareja ya ha bajado: los 2 juegos se bajan de uno en uno."),
    ("meld.min-cards", False, dict(melds=OPEN), "meld K♠ K♥",
     "K♠ K♥ are 2 cards: a new meld needs at least 3.",
     "K♠ K♥ son 2 cartas: un juego nuevo necesita al menos 3."),
    ("meld.same-rank", False, dict(melds=OPEN), "meld K♠ K♥ 8♦",
     "K♠ K♥ 8♦ mixes the ranks 8 and K: a meld is of one rank only (there are no runs in "
     "Canasta).",
     "K♠ K♥ 8♦ mezcla los valores 8 y K: un juego es de un solo valor (en la canasta no hay "
     "escaleras)."),
    ("hand.has-cards", False, dict(melds=OPEN), "meld 5♥ 5♥ 5♥",
     "You do not hold 5♥ 5♥ 5♥.", "No tienes 5♥ 5♥ 5♥ en la mano."),
    ("add.target", False, dict(melds={"Bo": ["8♥ 8♣ 8♣"]}), "add K♠ to Q",
     "Your side has no meld of queens to add K♠ to.",
     "Tu pareja no tiene un juego de reinas al que agregar K♠."),
    ("add.ok", True, dict(melds={"Bo": ["8♥ 8♣ 8♣"]}), "add 8♦ 8♠ 2♣ to 8",
     "You add 8♦ 8♠ 2♣ to the meld of eights, which now has 6 cards.",
     "Agregas el 8♦, el 8♠ y el 2♣ al juego de ochos, que ahora tiene 6 cartas."),
    ("meld.canasta", True, dict(melds={"Bo": ["8♥ 8♥ 8♣ 8♣ 8♦"]}), "add 8♠ 2♣ to 8",
     "The meld of eights now has 7 cards: a dirty canasta, worth 300 at the end of the hand.",
     "El juego de ochos ya tiene 7 cartas: una canasta sucia, que vale 300 al final de la mano."),
    ("meld.canasta", True, dict(melds={"Bo": ["7♠ 7♠ 7♥ 7♣"]}), "add 7♥ 7♦ 7♣ to 7",
     "The meld of sevens now has 7 cards: a special canasta, worth 2500 at the end of the hand.",
     "El juego de sietes ya tiene 7 cartas: una canasta especial, que vale 2500 al final de la mano."),
    ("meld.canasta", True, dict(tu="2♣ 2♦ JK 9♣ 5♥", melds={"Bo": ["2♥ 2♠ JK JK"]}),
     "add 2♣ 2♦ JK to wilds",
     "The meld of wild cards now has 7 cards: a wild-card canasta, worth 2000 at the end of "
     "the hand.",
     "El juego de comodines ya tiene 7 cartas: una canasta de comodines, que vale 2000 al "
     "final de la mano."),
    # the hoyo: the melds that leave it reach 125 together; threes never count
    ("open.minimum", False, dict(), "meld K♠ K♥ K♣ / 8♦ 8♠ 2♣",
     "These melds count only 70 (K♠ K♥ K♣: 30 and 8♦ 8♠ 2♣: 40), and your side needs 125 to leave the hoyo.",
     "Estos juegos solo valen 70 (K♠ K♥ K♣: 30 y 8♦ 8♠ 2♣: 40), y a tu pareja le hacen falta "
     "125 para salir del hoyo."),
    ("open.minimum", False, dict(melds={"Bo": ["3♣ 3♦"]}), "meld K♠ K♥ K♣",
     "This meld counts only 30 (K♠ K♥ K♣: 30), and your side needs 125 to leave the hoyo.",
     "Este juego solo vale 30 (K♠ K♥ K♣: 30), y a tu pareja le hacen falta 125 para salir "
     "del hoyo."),
    ("open.minimum", False, dict(phase="draw", pile="5♥ A♠"), "take pile with A♦ A♣ and meld K♠ K♥ K♣",
     "These melds count only 90 (A♠ A♦ A♣: 60 and K♠ K♥ K♣: 30), and your side needs 125 to leave the hoyo.",
     "Estos juegos solo valen 90 (A♠ A♦ A♣: 60 y K♠ K♥ K♣: 30), y a tu pareja le hacen falta "
     "125 para salir del hoyo."),
    # going out: two canastas, always with a final discard
    ("out.must-discard", False, dict(tu="K♠ K♥ K♣", melds=TWO_CANASTAS), "meld K♠ K♥ K♣",
     "You cannot empty the hand by melding: the last card must be discarded.",
     "No puedes quedarte sin cartas bajando: la última carta tiene que descartarse."),
    ("out.needs-canasta", False, dict(tu="K♠ K♥ K♣ 5♥", melds=ONE_CANASTA), "meld K♠ K♥ K♣",
     "You cannot be left with one card: going out needs 2 canastas and your side has only one.",
     "No puedes quedarte con una carta: para cerrar hacen falta 2 canastas, y tu pareja solo "
     "tiene una."),
    ("out.needs-canasta", False, dict(tu="5♥", melds=ONE_CANASTA, pile="4♥"), "discard 5♥",
     "You cannot be left with no cards: going out needs 2 canastas and your side has only one.",
     "No puedes quedarte sin cartas: para cerrar hacen falta 2 canastas, y tu pareja solo "
     "tiene una."),
    ("discard.out", True, dict(tu="5♥", melds=TWO_CANASTAS, pile="4♥"), "discard 5♥",
     "You discard the last card, 5♥, and empty the hand.",
     "Descartas la última carta, el 5♥, y te quedas sin cartas."),
    # discards
    ("discard.three", False, dict(pile="4♥"), "discard 3♥",
     "You cannot discard the three 3♥: threes are discarded only to go out (lay it down instead).",
     "No puedes descartar el tres 3♥: los tres solo se descartan para cerrar (bájalo en su lugar)."),
    ("discard.three", False, dict(tu="3♥ 3♠", pile="4♥"), "discard 3♥",
     "You cannot discard the three 3♥: threes are discarded only to go out (lay it down instead).",
     "No puedes descartar el tres 3♥: los tres solo se descartan para cerrar (bájalo en su lugar)."),
    ("discard.ok", True, dict(tu="3♥ 3♠", pile="4♥", stock=0), "discard 3♥",
     "You discard 3♥; Ada plays next.", "Descartas el 3♥; le toca a Ada."),
    ("discard.three", True, dict(tu="3♥ 3♠", pile="4♥", stock=0), "discard 3♥",
     "You discard the three 3♥: the hand holds only threes and the stock can no longer replace "
     "them.",
     "Descartas el tres 3♥: la mano solo tiene tres y el mazo ya no puede reponerlos."),
    ("discard.out", True, dict(tu="3♥", pile="4♥", melds=TWO_CANASTAS), "discard 3♥",
     "You discard the last card, 3♥, and empty the hand.",
     "Descartas la última carta, el 3♥, y te quedas sin cartas."),
    ("discard.wild", False, dict(pile="4♥"), "discard JK",
     "You cannot discard the wild card JK: wild cards are discarded only to go out or from a "
     "hand of nothing but wild cards and threes.",
     "No puedes descartar el comodín JK: los comodines solo se descartan para cerrar o cuando "
     "la mano solo tiene comodines y tres."),
    ("discard.wild", True, dict(tu="JK 3♥ 2♣", pile="4♥"), "discard JK",
     "You discard the wild card JK: the hand holds only wild cards and threes.",
     "Descartas el comodín JK: la mano solo tiene comodines y tres."),
    ("discard.out", True, dict(tu="JK", pile="4♥", melds=TWO_CANASTAS), "discard JK",
     "You discard the last card, JK, and empty the hand.",
     "Descartas la última carta, el JK, y te quedas sin cartas."),
    ("discard.empty-pile", False, dict(), "discard A♦",
     "You cannot discard A♦ on the empty pile while holding 8♦ 8♠ K♣ K♥ K♠.",
     "No puedes descartar el A♦ en el pozo vacío teniendo 8♦ 8♠ K♣ K♥ K♠."),
    ("discard.empty-pile", True, dict(tu="A♦ 7♥ 2♣ 3♠"), "discard 7♥",
     "You discard 7♥ on the empty pile: aces and sevens are the only natural cards left.",
     "Descartas el 7♥ en el pozo vacío: ases y sietes son las únicas cartas naturales que quedan."),
    ("discard.ok", True, dict(tu="A♦ 7♥ 2♣ 3♠"), "discard A♦", "You discard A♦; Ada plays next.",
     "Descartas el A♦; le toca a Ada."),
    ("discard.ok", True, dict(pile="4♥"), "discard A♦", "You discard A♦; Ada plays next.",
     "Descartas el A♦; le toca a Ada."),
    # special hands
    ("special.hand", True, dict(tu=STRAIGHT), f"meld {STRAIGHT}",
     "You lay down a special hand, straight (one card of each rank and a joker): 3000; the "
     "hand is over.",
     "Bajas una mano especial, escalera (una carta de cada número y un comodín): 3000; la mano "
     "termina."),
    ("special.hand", False, dict(tu=STRAIGHT + " 5♥", melds={"Bo": ["6♦ 6♠ 6♥"]}), f"meld {STRAIGHT}",
     "A♠ 2♣ 3♥ 4♦ 5♠ 6♣ 7♥ 8♦ 9♠ 10♣ J♥ Q♦ K♠ JK is not a special hand: a special hand is the "
     "whole hand of 14 cards, laid down at once (the hand holds 15).",
     "A♠ 2♣ 3♥ 4♦ 5♠ 6♣ 7♥ 8♦ 9♠ 10♣ J♥ Q♦ K♠ JK no es una mano especial: una mano especial es "
     "la mano entera, de 14 cartas, bajada de una vez (y la mano tiene 15)."),
    # the turn
    ("turn.already-drew", False, dict(), "draw",
     "You have already drawn this turn: now meld, add or discard.",
     "Ya has comprado en este turno: ahora toca bajar, agregar o descartar."),
    ("draw.stock", True, dict(phase="draw", stock=10), "draw",
     "You draw a card from the stock; 9 remain.", "Compras una carta del mazo; quedan 9."),
    ("turn.order", False, dict(), "Ada: discard 5♣",
     "Ada cannot 'discard 5♣' now: it is your turn.",
     "Ada no puede hacer «descartar 5♣» ahora: te toca a ti."),
    ("out.ask-partner-none", False, dict(), "ask partner",
     "These rules do not provide for asking the partner.",
     "Estas reglas no prevén pedir permiso al compañero."),
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
    assert events[0].message() == ("You draw 2 cards from the stock to replace the threes; 85 "
                                   "remain.")
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
