"""Each classic rule: verdict and message (English and Spanish) for allowed and refused cases."""

from __future__ import annotations

import pytest

import canasta
from canasta.situation import situation

FULL = "K♠ K♥ K♣ 8♦ 8♠ 2♣ JK A♦ 6♥ 4♠ 9♣"


def table(**kw):  # a classic situation with North-South (Tú & Bo) to move by default
    kw.setdefault("hands", {"Tú": FULL, "Ada": "5♣ 5♦ 9♦", "Bo": "Q♣ Q♦ J♠", "Cleo": "10♣ 10♦ 4♦"})
    return situation("classic", **kw)


OPENED = {"Bo": ["K♦ K♠ K♥", "9♥ 9♠ 9♦"]}

# (rule, allowed, situation kwargs, action, English message, Spanish fragment)
CASES = [
    ("turn.order", False, dict(phase="play"), "Ada: discard 4♠",
     "Ada cannot 'discard 4♠' now: it is your turn.",
     "Ada no puede hacer «descartar 4♠» ahora: te toca a ti."),
    ("turn.already-drew", False, dict(phase="play"), "draw",
     "You have already drawn this turn: now meld, add or discard.",
     "Ya has robado en este turno: ahora toca bajar, añadir o descartar."),
    ("turn.draw-first", False, dict(phase="draw"), "discard 4♠",
     "Before 'discard 4♠', you must draw from the stock or take the pile.",
     "Antes de «descartar 4♠», tienes que robar del mazo o llevarte el montón."),
    ("draw.stock", True, dict(phase="draw"), "draw",
     "You draw a card from the stock; 87 remain.", "Robas una carta del mazo; quedan 87."),
    ("pile.empty", False, dict(phase="draw"), "take pile with 8♦ 8♠",
     "You cannot take the pile: it is empty.", "No puedes llevarte el montón: está vacío."),
    ("pile.depth", False, dict(phase="draw", pile="8♣ 5♥", melds=OPENED), "take pile at 2 with 8♦ 8♠",
     "You cannot go in for card 2 of the pile: only its top card counts.",
     "No puedes entrar por la 2.ª carta del montón: solo cuenta la carta de arriba."),
    ("pile.blocked", False, dict(phase="draw", pile="8♣ 3♠", melds=OPENED), "take pile with 8♦ 8♠",
     "You cannot take the pile: the black three 3♠ on top blocks it for this turn.",
     "No puedes llevarte el montón: el tres negro 3♠ de arriba lo bloquea en este turno."),
    ("pile.top-wild", False, dict(phase="draw", pile="8♣ 2♦", melds=OPENED), "take pile with 8♦ 8♠",
     "You cannot take the pile: its top card, 2♦, is a wild card and cannot be melded as the "
     "pile's card.",
     "No puedes llevarte el montón: la carta de arriba, 2♦, es una carta libre y no se puede "
     "bajar como carta del montón."),
    ("pile.frozen", False, dict(phase="draw", pile="2♦ 5♥ 8♣", melds=OPENED), "take pile with 8♦ 2♣",
     "For you, the pile is frozen because it holds 2♦: only a natural "
     "pair from the hand matching 8♣ takes it.",
     "Para ti, el montón está congelado porque tiene dentro el 2♦: solo se "
     "lo lleva una pareja natural de la mano igual a 8♣."),
    ("pile.frozen", False, dict(phase="draw", pile="5♥ 8♣"), "take pile with 8♦ 2♣",
     "For you, the pile is frozen because your side has not opened yet this hand: only a "
     "natural pair from the hand matching 8♣ takes it.",
     "Para ti, el montón está congelado porque tu pareja aún no ha bajado en esta mano: solo "
     "se lo lleva una pareja natural de la mano igual a 8♣."),
    ("pile.use-top", False, dict(phase="draw", pile="5♥ 8♣", melds=OPENED), "take pile with 8♦",
     "You cannot use the top card, 8♣, with 8♦: it needs two cards of its rank (8) from the "
     "hand, or one and a wild card.",
     "No puedes usar la carta de arriba, 8♣, con 8♦: hacen falta dos cartas de su valor (8) "
     "de la mano, o una y una carta libre."),
    ("pile.use-top", False, dict(phase="draw", pile="5♥ 6♣", melds=OPENED), "take pile onto 6",
     "You cannot use the top card, 6♣, on the meld of sixes: your side has no meld of sixes to add it to.",
     "No puedes usar la carta de arriba, 6♣, en la combinación de seises: tu pareja no tiene una "
     "combinación de seises a la que añadirla."),
    ("pile.extra-only-opening", False, dict(phase="draw", pile="5♥ 8♣", melds=OPENED),
     "take pile with 8♦ 8♠ and meld K♠ K♥ K♣",
     "Your side has already opened: you must take the pile first, then meld in separate actions.",
     "Tu pareja ya ha bajado: primero tienes que llevarte el montón, y luego bajar en jugadas "
     "aparte."),
    ("pile.take", True, dict(phase="draw", pile="5♥ 8♣", melds=OPENED), "take pile with 8♦ 2♣",
     "You take the pile (2 cards) and meld 8♣ 8♦ 2♣ at once.",
     "Te llevas el montón (2 cartas) y bajas 8♣ 8♦ 2♣ en el acto."),
    ("pile.take", True, dict(phase="draw", pile="5♥ 9♣", melds=OPENED), "take pile onto 9",
     "You take the pile (2 cards) and add 9♣ to the meld of nines at once.",
     "Te llevas el montón (2 cartas) y añades 9♣ a la combinación de nueves en el acto."),
    ("meld.min-cards", False, dict(phase="play", melds=OPENED), "meld 8♦ 8♠",
     "8♦ 8♠ are 2 cards: a new meld needs at least 3.",
     "8♦ 8♠ son 2 cartas: una combinación nueva necesita al menos 3."),
    ("meld.same-rank", False, dict(phase="play", melds=OPENED), "meld A♦ 8♦ 8♠",
     "A♦ 8♦ 8♠ mixes the ranks 8 and A: a meld is of one rank only (there are no runs in "
     "Canasta).",
     "A♦ 8♦ 8♠ mezcla los valores 8 y A: una combinación es de un solo valor (en la canasta no "
     "hay escaleras)."),
    ("meld.wild-limit", False, dict(phase="play", melds=OPENED), "meld A♦ 2♣ JK",
     "A♦ 2♣ JK breaks the wild-card limit: it has 2 wild cards and only one natural card, and "
     "there may never be more wild cards than natural cards.",
     "A♦ 2♣ JK no cumple el límite de cartas libres: tiene 2 cartas libres y solo una carta "
     "natural, y nunca puede haber más cartas libres que naturales."),
    ("meld.wild-limit", False,
     dict(phase="play", melds=OPENED, hands={"Tú": "A♦ A♠ A♣ 2♣ 2♦ 2♥ 2♠ 6♥"}), "meld A♦ A♠ A♣ 2♣ 2♦ 2♥ 2♠",
     "A♦ A♠ A♣ 2♣ 2♦ 2♥ 2♠ breaks the wild-card limit: it has 4 wild cards and at most 3 are "
     "allowed.",
     "A♦ A♠ A♣ 2♣ 2♦ 2♥ 2♠ no cumple el límite de cartas libres: tiene 4 cartas libres y el "
     "máximo es 3."),
    ("meld.black-threes", False, dict(phase="play", melds=OPENED, hands={"Tú": "3♠ 3♣ 3♠ 6♥ 7♥"}),
     "meld 3♠ 3♣ 3♠", "3♠ 3♣ 3♠ cannot be melded: black threes are melded only when going out.",
     "3♠ 3♣ 3♠ no se pueden bajar: los treses negros solo se bajan al salir."),
    ("meld.black-threes", False, dict(phase="play", melds=OPENED, hands={"Tú": "3♠ 3♣ 2♠ 6♥"}),
     "meld 3♠ 3♣ 2♠", "3♠ 3♣ 2♠ cannot be melded: black threes are not melded with wild cards.",
     "3♠ 3♣ 2♠ no se pueden bajar: los treses negros no se bajan con cartas libres."),
    ("meld.rank-exists", False, dict(phase="play", melds={"Bo": ["K♦ K♠ K♥"]}), "meld K♠ K♥ K♣",
     "Your side already has (or is making) a meld of kings: add the cards to it instead.",
     "Tu pareja ya tiene (o está bajando) una combinación de reyes: hay que añadir las cartas a ella."),
    ("meld.one-at-a-time", False, dict(phase="play", melds={"Bo": ["Q♦ Q♠ Q♥"]}),
     "meld K♠ K♥ K♣ / 8♦ 8♠ 2♣",
     "Your side has already opened: the 2 melds go down one at a time.",
     "Tu pareja ya ha bajado: las 2 combinaciones se bajan de una en una."),
    ("meld.ok", True, dict(phase="play"), "meld K♠ K♥ K♣ / 8♦ 8♠ 2♣",
     "You meld K♣ K♥ K♠ and 8♦ 8♠ 2♣ (70 points in cards).",
     "Bajas K♣ K♥ K♠ y 8♦ 8♠ 2♣ (70 puntos en cartas)."),
    ("add.target", False, dict(phase="play", melds=OPENED), "add 6♥ to 6",
     "Your side has no meld of sixes to add 6♥ to.",
     "Tu pareja no tiene una combinación de seises a la que añadir 6♥."),
    ("add.ok", True, dict(phase="play", melds=OPENED), "add K♠ K♣ to K",
     "You add K♠ K♣ to the meld of kings, which now has 5 cards.",
     "Añades el K♠ y el K♣ a la combinación de reyes, que ahora tiene 5 cartas."),
    ("hand.has-cards", False, dict(phase="play"), "discard Q♦",
     "You do not hold Q♦.", "No tienes Q♦ en la mano."),
    ("hand.has-cards", False, dict(phase="play"), "meld 6♥ 6♥ 6♠",
     "You do not hold 6♥ 6♠.", "No tienes 6♥ 6♠ en la mano."),
    ("open.minimum", False, dict(phase="play"), "meld K♠ K♥ K♣",
     "This meld counts only 30 (K♠ K♥ K♣: 30), and your side needs 50 to open.",
     "Esta combinación solo vale 30 (K♠ K♥ K♣: 30), y a tu pareja le hacen falta 50 para "
     "bajar por primera vez."),
    ("open.minimum", False, dict(phase="draw", pile="5♥ 8♣"), "take pile with 8♦ 8♠",
     "This meld counts only 30 (8♣ 8♦ 8♠: 30), and your side needs 50 to open.",
     "Esta combinación solo vale 30 (8♣ 8♦ 8♠: 30), y a tu pareja le hacen falta 50 para "
     "bajar por primera vez."),
    ("out.needs-canasta", False, dict(phase="play", melds=OPENED, hands={"Tú": "4♠"}), "discard 4♠",
     "You cannot be left with no cards: going out needs a canasta and your side has none.",
     "No puedes quedarte sin cartas: para salir hace falta una canasta, y tu pareja no tiene "
     "ninguna."),
    ("out.needs-canasta", False, dict(phase="play", melds=OPENED, hands={"Tú": "K♠ K♣ 4♠"}),
     "add K♠ K♣ to K",
     "You cannot be left with one card: going out needs a canasta and your side has none.",
     "No puedes quedarte con una carta: para salir hace falta una canasta, y tu pareja no "
     "tiene ninguna."),
    ("out.went-out", True,
     dict(phase="play", melds={"Bo": ["K♦ K♠ K♥ K♣ K♦ K♠ K♥"]}, hands={"Tú": "4♠"}), "discard 4♠",
     "You go out: your side has a canasta, and one is needed.",
     "Sales: tu pareja tiene una canasta, y hace falta una."),
    ("out.ask", True, dict(phase="play", melds={"Bo": ["K♦ K♠ K♥ K♣ K♦ K♠ K♥"]},
                           hands={"Tú": "Q♠ Q♥ Q♣ 4♠"}), "ask partner",
     "You ask Bo: 'May I go out?'", "Le preguntas a Bo: «¿Puedo salir?»."),
    ("out.answer-first", False, dict(phase="play"), "answer yes",
     "You may answer only when asked, and nobody has asked you.",
     "Solo puedes responder cuando te preguntan, y nadie te ha preguntado."),
    ("discard.ok", True, dict(phase="play"), "discard 4♠", "You discard 4♠; Ada plays next.",
     "Descartas el 4♠; le toca a Ada."),
    # "la Q♥" (la reina), and the reader's own turn next
    ("discard.ok", True, dict(phase="play", turn="Cleo", hands={"Cleo": "Q♥ 4♦", "Tú": "4♠"}),
     "discard Q♥", "Cleo discards Q♥; your turn next.", "Cleo descarta la Q♥; te toca a ti."),
    ("pile.freezes", True, dict(phase="play"), "discard 2♣",
     "You discard the wild card 2♣: the pile is now frozen, and only a natural pair matching "
     "its top card will take it.",
     "Descartas la carta libre 2♣: el montón queda congelado, y solo se lo llevará una pareja "
     "natural igual a la carta de arriba."),
]


def _case_id(case: tuple) -> str:
    return f"{case[0]}-{'ok' if case[1] else 'no'}-{case[3]}"


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_rule_verdict_and_message(case: tuple) -> None:
    rule, allowed, kw, action, en, es = case
    state = table(**kw)
    before = state.to_dict()
    exp = state.check(action)
    assert exp.allowed is allowed, exp.message()
    found = exp if exp.rule == rule else next((e for e in exp.walk() if e.rule == rule), None)
    assert found is not None, f"{rule} not in {[e.rule for e in exp.walk()]}"
    if found is exp:
        assert exp.message("en") == en
    else:
        assert en in {exp.message("en"), found.message("en")}
    assert es in exp.message("es") or es in found.message("es")
    assert found.source is not None
    assert state.to_dict() == before  # check never changes the state


def test_illegal_apply_raises_and_leaves_state_identical() -> None:
    state = table(phase="play")
    before = state.to_dict()
    with pytest.raises(canasta.IllegalActionError) as info:
        state.apply("meld K♠ K♥ K♣")
    assert info.value.explanation.rule == "open.minimum"
    assert isinstance(info.value, ValueError)
    assert state.to_dict() == before


def test_frozen_and_blocking_discards_explain_the_consequence() -> None:
    state = table(phase="play", hands={"Tú": "3♠ 2♣ 6♥ 7♥"})
    subs = [e.rule for e in state.check("discard 3♠").walk()]
    assert "pile.blocks" in subs
    blocks = next(e for e in state.check("discard 3♠").walk() if e.rule == "pile.blocks")
    assert blocks.message() == ("You discard the black three 3♠: the next player cannot take the "
                                "pile.")
    freezes = next(e for e in state.check("discard 2♣").walk() if e.rule == "pile.freezes")
    assert "the pile is now frozen" in freezes.message()
    state.apply("discard 2♣")
    assert state.pile_frozen == 1


def test_black_threes_meld_when_going_out_with_a_canasta() -> None:
    state = table(phase="play", melds={"Bo": ["K♦ K♠ K♥ K♣ K♦ K♠ K♥"]}, hands={"Tú": "3♠ 3♣ 3♠"})
    exp = state.check("meld 3♠ 3♣ 3♠")
    assert exp.allowed
    rules = [e.rule for e in exp.walk()]
    assert "meld.black-threes" in rules and "out.went-out" in rules
    went = next(e for e in exp.walk() if e.rule == "out.went-out")
    assert went.message() == "You go out: your side has a canasta, and one is needed."
    state.apply("meld 3♠ 3♣ 3♠")
    assert state.phase == "hand-over"
    assert state.results[-1].ended.rule == "end.went-out"


def test_canasta_is_announced_when_a_meld_reaches_seven() -> None:
    state = table(phase="play", melds={"Bo": ["K♦ K♠ K♥ JK"]}, hands={"Tú": "K♠ K♣ K♦ 6♥ 9♣"})
    exp = state.check("add K♠ K♣ K♦ to K")
    note = next(e for e in exp.walk() if e.rule == "meld.canasta")
    assert note.message() == "The meld of kings now has 7 cards: a mixed canasta, worth 300 at the end of the hand."
    assert note.message("es") == ("La combinación de reyes ya tiene 7 cartas: una canasta mixta, "
                                  "que vale 300 al final de la mano.")


def test_take_pile_with_extra_melds_reaches_the_opening() -> None:
    state = table(phase="draw", pile="5♥ 8♣", hands={"Tú": "8♦ 8♠ K♠ K♥ K♣ 4♠ 9♣"})
    exp = state.check("take pile with 8♦ 8♠ and meld K♠ K♥ K♣")
    assert exp.allowed, exp.message()
    op = next(e for e in exp.walk() if e.rule == "open.minimum")
    assert op.message() == ("These melds count 60 (8♣ 8♦ 8♠: 30 and K♠ K♥ K♣: 30) and your side "
                            "needs 50: they may go down.")
    state.apply("take pile with 8♦ 8♠ and meld K♠ K♥ K♣")
    assert sorted(c.text for c in state.hands[0]) == sorted(["4♠", "9♣", "5♥"])
    assert state.pile == [] and state.opened[0] and state.phase == "play"
    assert state.conservation_errors() == []


def test_red_three_drawn_is_laid_out_and_replaced() -> None:
    state = table(phase="draw", stock="3♦ 9♠")
    state.apply("draw")
    step = state.history[-1]
    assert [e.rule for e in step.events] == ["threes.red-laid-out"]
    assert step.events[0].message() == "You lay the red three 3♦ face up and draw 9♠ in its place."
    assert state.red_threes[0] == [canasta.Card.parse("3♦")]
    assert canasta.Card.parse("9♠") in state.hands[0]
    assert state.conservation_errors() == []


@pytest.mark.parametrize("score,need", [(-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120)])
def test_opening_threshold_boundaries(score: int, need: int) -> None:
    state = table(phase="play", scores=[score, 0])
    exp = state.check("meld K♠ K♥ K♣")
    th = next(e for e in exp.walk() if e.rule == "open.threshold")
    assert th.facts["need"] == need
    band = {15: "is below 0", 50: "is between 0 and 1495", 90: "is between 1500 and 2995",
            120: "is 3000 or more"}[need]
    shown = canasta.explain.format_fact(score, "en")
    assert th.message() == f"Your side needs {need} to open because its score, {shown}, {band}."
    assert exp.allowed is (30 >= need)


def test_ask_partner_flow() -> None:
    state = table(phase="play", melds={"Bo": ["K♦ K♠ K♥ K♣ K♦ K♠ K♥"]}, hands={"Tú": "Q♠ Q♥ Q♣ 4♠"})
    state.apply("ask partner")
    assert state.player == "Bo" and state.phase == "answer"
    refused = state.check("discard 4♠")
    assert refused.rule == "out.answer-first"
    assert refused.message() == "Bo must answer you yes or no first."
    assert refused.message("es") == "Primero Bo tiene que responderte, sí o no."
    # the player who asked waits for the answer (not "it is Bo's turn")
    waiting = state.check("Tú: discard 4♠")
    assert (waiting.rule, waiting.allowed) == ("out.answer-first", False)
    assert waiting.message() == "You asked Bo: Bo must answer yes or no first."
    assert waiting.message("es") == ("Le has preguntado a Bo: primero tiene que responder Bo, "
                                     "sí o no.")
    assert state.check("Tú: answer no").rule == "out.answer-first"
    exp = state.apply("answer no")
    assert exp.message() == "Bo answers you: 'no'."
    assert exp.message("es") == "Bo te responde: «no»."
    state.apply("discard 4♠")  # three cards left: not going out, allowed
    assert state.turn == 1
    state2 = table(phase="play", melds={"Bo": ["K♦ K♠ K♥ K♣ K♦ K♠ K♥"]}, hands={"Tú": "Q♠ Q♥ Q♣"})
    state2.apply("ask partner")
    state2.apply("answer no")
    no = state2.check("meld Q♠ Q♥ Q♣")
    assert (no.rule, no.allowed) == ("out.partner-said-no", False)
    assert no.message() == "You asked and the partner said no: no going out this turn."
    assert state2.check("ask partner").rule == "out.ask-once"
    assert state2.check("ask partner").message() == "You have already asked Bo this turn."


def test_ask_partner_refused_without_the_option() -> None:
    v = canasta.find_variant("classic").with_options(ask_partner=False, origin="test")
    state = situation(v, phase="play", hands={"Tú": FULL})
    exp = state.check("ask partner")
    assert (exp.rule, exp.allowed) == ("out.ask-partner-none", False)
    assert exp.message() == "These rules do not provide for asking the partner."


def test_hand_and_game_phase_rules() -> None:
    state = table(phase="play", melds={"Bo": ["K♦ K♠ K♥ K♣ K♦ K♠ K♥"]}, hands={"Tú": "4♠"})
    assert state.check("next hand").rule == "hand.in-progress"
    assert state.check("next hand").message() == "Hand 1 is still being played."
    state.apply("discard 4♠")
    assert state.phase == "hand-over"
    over = state.check("draw")
    assert (over.rule, over.allowed) == ("hand.over", False)
    assert over.message() == "Hand 1 is over: 'draw' cannot be played; deal the next hand."
    nxt = state.check("next hand")
    assert (nxt.rule, nxt.allowed, nxt.message()) == ("hand.next", True, "Hand 2 is dealt.")
    state.apply("next hand")
    assert state.hand_no == 2 and state.dealer == 0 and state.turn == 1
    assert state.conservation_errors() == []


def test_game_end_and_game_over() -> None:
    state = table(phase="play", melds={"Bo": ["K♦ K♠ K♥ K♣ K♦ K♠ K♥"]}, hands={"Tú": "4♠"},
                  scores=[4600, 100])
    state.apply("discard 4♠")
    assert state.phase == "game-over"
    result = state.results[-1]
    assert result.winner == 0
    assert result.game_over is not None and result.game_over.rule == "game.end"
    assert result.game_over.message() == "Your side wins with 5270 (target 5000)."
    refused = state.check("next hand")
    assert (refused.rule, refused.allowed) == ("game.over", False)
    assert refused.message() == "The game is over: 'next hand' cannot be played."


def test_a_take_onto_the_sides_meld_of_its_rank_is_said_as_a_lay_off() -> None:
    # the side's eights grow: not "you meld 8♣ 8♦ 2♣", a second meld of eights it may not make
    s = situation("classic", hands={"Tú": "8♦ 2♣ 4♣ 9♠ K♦"}, pile="5♥ 6♣ 8♣",
                  melds={"Tú": ["8♥ 8♣ 8♥"]}, phase="draw")
    exp = s.check("take pile with 8♦ 2♣")
    assert exp.message("es") == ("Te llevas el montón (3 cartas) y añades 8♣ 8♦ 2♣ a la "
                                 "combinación de ochos en el acto.")
    assert exp.message() == "You take the pile (3 cards) and add 8♣ 8♦ 2♣ to the meld of eights at once."
    s.apply("take pile with 8♦ 2♣")
    assert [m.text for m in s.melds[0]] == ["8♣ 8♣ 8♦ 8♥ 8♥ 2♣"]


@pytest.mark.parametrize(("score", "said"), [
    (2995, "está entre 1500 y 2995"), (2999, "está entre 1500 y 2999"),
    (1500, "está entre 1500 y 2995")])
def test_the_score_band_holds_the_score(score: int, said: str) -> None:
    st = situation("classic", hands={"Tú": "A♠ A♦ A♥ 4♠ 4♦ 4♥ 9♣"}, phase="play",
                   scores=[score, 0])
    exp = st.check("meld A♠ A♦ A♥ / 4♠ 4♦ 4♥")
    band = next(e for e in exp.walk() if e.rule == "open.threshold")
    assert said in band.message("es"), band.message("es")
