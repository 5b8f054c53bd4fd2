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
     "Ada cannot 'discard 4♠' now: it is Tú's turn, and only the player whose turn it is may act "
     "(the pile can be taken only by the player who plays next).", "es el turno de Tú"),
    ("turn.already-drew", False, dict(phase="play"), "draw",
     "Tú has already drawn this turn: meld, add or discard now.", "ya ha robado"),
    ("turn.draw-first", False, dict(phase="draw"), "discard 4♠",
     "Tú must first draw from the stock or take the pile before 'discard 4♠'.", "debe robar"),
    ("draw.stock", True, dict(phase="draw"), "draw",
     "Tú draws 1 card(s) from the stock; 87 remain.", "roba 1 carta(s)"),
    ("pile.empty", False, dict(phase="draw"), "take pile with 8♦ 8♠",
     "Tú cannot take the pile: it is empty.", "está vacío"),
    ("pile.depth", False, dict(phase="draw", pile="8♣ 5♥", melds=OPENED), "take pile at 2 with 8♦ 8♠",
     "Tú cannot take the pile at depth 2: only the top card can be used here (or the pile is not that deep).",
     "solo se usa la de arriba"),
    ("pile.blocked", False, dict(phase="draw", pile="8♣ 3♠", melds=OPENED), "take pile with 8♦ 8♠",
     "Tú cannot take the pile: the black three 3♠ on top blocks it for this turn.", "lo bloquea"),
    ("pile.top-wild", False, dict(phase="draw", pile="8♣ 2♦", melds=OPENED), "take pile with 8♦ 8♠",
     "Tú cannot take the pile: its top card 2♦ is wild and cannot be melded as the pile's card.",
     "es libre"),
    ("pile.frozen", False, dict(phase="draw", pile="2♦ 5♥ 8♣", melds=OPENED), "take pile with 8♦ 2♣",
     "The pile is frozen for Tú because it holds a wild card or a red three: only a natural pair "
     "matching 8♣ from the hand takes it.", "contiene una carta libre"),
    ("pile.frozen", False, dict(phase="draw", pile="5♥ 8♣"), "take pile with 8♦ 2♣",
     "The pile is frozen for Tú because your side has not opened yet: only a natural pair matching 8♣ "
     "from the hand takes it.", "aún no ha bajado"),
    ("pile.use-top", False, dict(phase="draw", pile="5♥ 8♣", melds=OPENED), "take pile with 8♦ 6♥",
     "Tú cannot use the top card 8♣ with 8♦ 6♥: you need two cards of its rank (8) from your hand, "
     "or one and a wild card.", "necesitas dos cartas"),
    ("pile.use-top", False, dict(phase="draw", pile="5♥ 6♣", melds=OPENED), "take pile onto 6",
     "Tú cannot use the top card 6♣ with no card from the hand (onto the meld '6'): your side has "
     "no meld of 6s to add it to.",
     "no tiene combinación de 6"),
    ("pile.extra-only-opening", False, dict(phase="draw", pile="5♥ 8♣", melds=OPENED),
     "take pile with 8♦ 8♠ and meld K♠ K♥ K♣",
     "Tú's side has already opened: take the pile first, then meld in separate actions.",
     "ya ha bajado"),
    ("pile.take", True, dict(phase="draw", pile="5♥ 8♣", melds=OPENED), "take pile with 8♦ 2♣",
     "Tú takes the pile (2 cards) and melds 8♣ 8♦ 2♣ at once.", "se lleva el montón (2 cartas)"),
    ("pile.take", True, dict(phase="draw", pile="5♥ 9♣", melds=OPENED), "take pile onto 9",
     "Tú takes the pile (2 cards) and melds 9♣ at once.", "se lleva el montón"),
    ("meld.min-cards", False, dict(phase="play", melds=OPENED), "meld 8♦ 8♠",
     "8♦ 8♠ is 2 card(s): a new meld needs at least 3.", "necesita al menos 3"),
    ("meld.same-rank", False, dict(phase="play", melds=OPENED), "meld A♦ 8♦ 8♠",
     "A♦ 8♦ 8♠ mixes ranks 8, A: a meld is one rank only (there are no runs in Canasta).",
     "no hay escaleras"),
    ("meld.wild-limit", False, dict(phase="play", melds=OPENED), "meld A♦ 2♣ JK",
     "A♦ 2♣ JK breaks the wild-card limit: 2 wild cards but only 1 natural (at most 3, never more "
     "wild than natural).", "2 cartas libres pero solo 1 naturales"),
    ("meld.wild-limit", False,
     dict(phase="play", melds=OPENED, hands={"Tú": "A♦ A♠ A♣ 2♣ 2♦ 2♥ 2♠ 6♥"}), "meld A♦ A♠ A♣ 2♣ 2♦ 2♥ 2♠",
     "A♦ A♠ A♣ 2♣ 2♦ 2♥ 2♠ breaks the wild-card limit: 4 wild cards, more than the 3 allowed (at most "
     "3, never more wild than natural).", "más de las 3 permitidas"),
    ("meld.black-threes", False, dict(phase="play", melds=OPENED, hands={"Tú": "3♠ 3♣ 3♠ 6♥ 7♥"}),
     "meld 3♠ 3♣ 3♠", "3♠ 3♣ 3♠ cannot be melded: black threes are melded only when going out.",
     "solo se bajan al salir"),
    ("meld.black-threes", False, dict(phase="play", melds=OPENED, hands={"Tú": "3♠ 3♣ 2♠ 6♥"}),
     "meld 3♠ 3♣ 2♠", "3♠ 3♣ 2♠ cannot be melded: black threes cannot be melded with wild cards.",
     "con libres"),
    ("meld.rank-exists", False, dict(phase="play", melds={"Bo": ["K♦ K♠ K♥"]}), "meld K♠ K♥ K♣",
     "Tú's side already has (or is making) a meld of K: add the cards to it instead.",
     "ya tiene (o está bajando)"),
    ("meld.one-at-a-time", False, dict(phase="play", melds={"Bo": ["Q♦ Q♠ Q♥"]}),
     "meld K♠ K♥ K♣ / 8♦ 8♠ 2♣",
     "Tú's side has already opened: lay the 2 melds down one at a time.", "de una en una"),
    ("meld.ok", True, dict(phase="play"), "meld K♠ K♥ K♣ / 8♦ 8♠ 2♣",
     "Tú melds K♣ K♥ K♠ / 8♦ 8♠ 2♣ (70 points in cards).", "baja K♣ K♥ K♠ / 8♦ 8♠ 2♣ (70 puntos"),
    ("add.target", False, dict(phase="play", melds=OPENED), "add 6♥ to 6",
     "Tú's side has no meld '6' to add 6♥ to.", "no tiene la combinación '6'"),
    ("add.ok", True, dict(phase="play", melds=OPENED), "add K♠ K♣ to K",
     "Tú adds K♠ K♣ to the meld of K, which now has 5 cards.", "que ahora tiene 5 cartas"),
    ("hand.has-cards", False, dict(phase="play"), "discard Q♦",
     "Tú does not hold Q♦.", "no tiene Q♦ en la mano"),
    ("hand.has-cards", False, dict(phase="play"), "meld 6♥ 6♥ 6♠",
     "Tú does not hold 6♥ 6♠.", "no tiene 6♥ 6♠"),
    ("open.minimum", False, dict(phase="play"), "meld K♠ K♥ K♣",
     "These melds count only 30: K♠ K♥ K♣ = 30; Tú & Bo's side needs 50 to open.",
     "a la pareja de Tú y Bo le hacen falta 50 para abrir"),
    ("open.minimum", False, dict(phase="draw", pile="5♥ 8♣"), "take pile with 8♦ 8♠",
     "These melds count only 30: 8♣ 8♦ 8♠ = 30; Tú & Bo's side needs 50 to open.",
     "solo valen 30"),
    ("out.needs-canasta", False, dict(phase="play", melds=OPENED, hands={"Tú": "4♠"}), "discard 4♠",
     "Tú cannot be left with 0 card(s): going out needs 1 canasta(s) and Tú & Bo's side has 0.",
     "para salir hacen falta 1 canasta(s)"),
    ("out.needs-canasta", False, dict(phase="play", melds=OPENED, hands={"Tú": "K♠ K♣ 4♠"}),
     "add K♠ K♣ to K",
     "Tú cannot be left with 1 card(s): going out needs 1 canasta(s) and Tú & Bo's side has 0.",
     "no puede quedarse con 1 carta(s)"),
    ("out.went-out", True,
     dict(phase="play", melds={"Bo": ["K♦ K♠ K♥ K♣ K♦ K♠ K♥"]}, hands={"Tú": "4♠"}), "discard 4♠",
     "Tú discards the last card, 4♠, and empties the hand.", "descarta la última carta, 4♠, y se queda sin cartas"),
    ("out.ask", True, dict(phase="play", melds={"Bo": ["K♦ K♠ K♥ K♣ K♦ K♠ K♥"]},
                           hands={"Tú": "Q♠ Q♥ Q♣ 4♠"}), "ask partner", "Tú asks Bo: may I go out?",
     "pregunta a Bo"),
    ("out.answer-first", False, dict(phase="play"), "answer yes",
     "Tú must answer yes or no to Tú (and only after being asked).", "debe responder"),
    ("discard.ok", True, dict(phase="play"), "discard 4♠", "Tú discards 4♠; Ada plays next.",
     "juega Ada"),
    ("pile.freezes", True, dict(phase="play"), "discard 2♣", "Tú discards 2♣; Ada plays next.",
     "descarta 2♣"),
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
    assert blocks.message() == "Tú discards the black three 3♠: the next player cannot take the pile."
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
    assert went.message() == "Tú goes out: Tú & Bo's side has 1 canasta(s), 1 needed."
    state.apply("meld 3♠ 3♣ 3♠")
    assert state.phase == "hand-over"
    assert state.results[-1].ended.rule == "end.went-out"


def test_canasta_is_announced_when_a_meld_reaches_seven() -> None:
    state = table(phase="play", melds={"Bo": ["K♦ K♠ K♥ JK"]}, hands={"Tú": "K♠ K♣ K♦ 6♥ 9♣"})
    exp = state.check("add K♠ K♣ K♦ to K")
    note = next(e for e in exp.walk() if e.rule == "meld.canasta")
    assert note.message() == "The meld of K now has 7 cards: a mixed canasta, worth 300 at the end of the hand."
    assert note.message("es") == ("La combinación de K tiene ya 7 cartas: una canasta sucia, que vale 300 "
                                  "al final de la mano.")


def test_take_pile_with_extra_melds_reaches_the_opening() -> None:
    state = table(phase="draw", pile="5♥ 8♣", hands={"Tú": "8♦ 8♠ K♠ K♥ K♣ 4♠ 9♣"})
    exp = state.check("take pile with 8♦ 8♠ and meld K♠ K♥ K♣")
    assert exp.allowed, exp.message()
    op = next(e for e in exp.walk() if e.rule == "open.minimum")
    assert op.message() == ("These melds count 60: 8♣ 8♦ 8♠ = 30, K♠ K♥ K♣ = 30; Tú & Bo's side needs 50, "
                            "so they may go down.")
    state.apply("take pile with 8♦ 8♠ and meld K♠ K♥ K♣")
    assert sorted(c.text for c in state.hands[0]) == sorted(["4♠", "9♣", "5♥"])
    assert state.pile == [] and state.opened[0] and state.phase == "play"
    assert state.conservation_errors() == []


def test_red_three_drawn_is_laid_out_and_replaced() -> None:
    state = table(phase="draw", stock="3♦ 9♠")
    state.apply("draw")
    step = state.history[-1]
    assert [e.rule for e in step.events] == ["threes.red-laid-out"]
    assert step.events[0].message() == "Tú lays the red three 3♦ face up and draws a replacement (9♠)."
    assert state.red_threes[0] == [canasta.Card.parse("3♦")]
    assert canasta.Card.parse("9♠") in state.hands[0]
    assert state.conservation_errors() == []


@pytest.mark.parametrize("score,need", [(-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120)])
def test_opening_threshold_boundaries(score: int, need: int) -> None:
    state = table(phase="play", scores=[score, 0])
    exp = state.check("meld K♠ K♥ K♣")
    th = next(e for e in exp.walk() if e.rule == "open.threshold")
    assert th.facts["need"] == need
    band = {15: "is below 0", 50: "is from 0 to under 1500", 90: "is from 1500 to under 3000",
            120: "is 3000 or more"}[need]
    assert th.message() == f"Tú & Bo's side needs {need} to open because its score {canasta.explain.format_fact(score, 'en')} {band}."
    assert exp.allowed is (30 >= need)


def test_ask_partner_flow() -> None:
    state = table(phase="play", melds={"Bo": ["K♦ K♠ K♥ K♣ K♦ K♠ K♥"]}, hands={"Tú": "Q♠ Q♥ Q♣ 4♠"})
    state.apply("ask partner")
    assert state.player == "Bo" and state.phase == "answer"
    refused = state.check("discard 4♠")
    assert refused.rule == "out.answer-first"
    assert state.check("Tú: answer no").rule == "turn.order"
    exp = state.apply("answer no")
    assert exp.message() == "Bo answers Tú: no."
    assert exp.message("es") == "Bo responde a Tú: no."
    state.apply("discard 4♠")  # three cards left: not going out, allowed
    assert state.turn == 1
    state2 = table(phase="play", melds={"Bo": ["K♦ K♠ K♥ K♣ K♦ K♠ K♥"]}, hands={"Tú": "Q♠ Q♥ Q♣"})
    state2.apply("ask partner")
    state2.apply("answer no")
    no = state2.check("meld Q♠ Q♥ Q♣")
    assert (no.rule, no.allowed) == ("out.partner-said-no", False)
    assert no.message() == "Tú asked and the partner said no: no going out this turn."
    assert state2.check("ask partner").rule == "out.ask-once"
    assert state2.check("ask partner").message() == "Tú has already asked Bo this turn."


def test_ask_partner_refused_without_the_option() -> None:
    v = canasta.find_variant("classic").with_options(ask_partner=False, origin="test")
    state = situation(v, phase="play", hands={"Tú": FULL})
    exp = state.check("ask partner")
    assert (exp.rule, exp.allowed) == ("out.ask-partner-none", False)
    assert exp.message() == "Tú has no partner to ask in this game."


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
    assert (nxt.rule, nxt.allowed, nxt.message()) == ("hand.next", True, "Deal hand 2.")
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
    assert result.game_over.message() == "Tú & Bo's side wins with 5270 (target 5000)."
    refused = state.check("next hand")
    assert (refused.rule, refused.allowed) == ("game.over", False)
    assert refused.message() == "The game is over: 'next hand' cannot be played."
