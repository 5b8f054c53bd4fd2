"""Seed 003's sample game, reconstructed card by card: the replay, its checkpoints at their steps,
the two slips of the told text refused by the engine, the documented changes, and the count."""

from __future__ import annotations

from pathlib import Path

import pytest

from canasta.cards import cards_text, parse_cards, sorted_cards
from canasta.explain import Phrase
from canasta.records import Record, ReplayStep, load_record
from canasta.words import note_text, sentence

GAME = Path(__file__).resolve().parents[1] / "examples" / "classic_sample_game.json"


@pytest.fixture(scope="module")
def record() -> Record:
    return load_record(GAME)


@pytest.fixture(scope="module")
def steps(record: Record) -> list[ReplayStep]:
    return list(record.replay())


def said(checks: tuple[Phrase, ...], lang: str = "en") -> tuple[str, ...]:
    """The facts a step checked, as a player reads them."""
    return tuple(sentence(c.get(lang, None, "classic")) for c in checks)


def at(steps: list[ReplayStep], action: str, nth: int = 0) -> ReplayStep:
    """The step of the ``nth`` action with this text."""
    return [s for s in steps if s.entry.action == action][nth]


def hand(step: ReplayStep, who: str) -> str:
    st = step.state
    return cards_text(sorted_cards(st.hands[st.seat_of(who)]))


def meld(step: ReplayStep, side: int, label: str) -> str:
    st = step.state
    idx = st.find_meld(side, label)
    assert idx is not None, label
    return cards_text(sorted_cards(st.melds[side][idx].cards))


def told(text: str) -> str:
    """Cards as told, in hand order (to compare as multisets)."""
    return cards_text(sorted_cards(parse_cards(text)))


def test_the_deal_keeps_your_eleven_cards_the_red_three_and_its_replacement(record: Record) -> None:
    st = record.new_state()
    assert st.names == ("Tú", "Ada", "Bo", "Cleo") and st.dealer == 3 and st.player == "Tú"
    assert [[st.names[s] for s in side] for side in st.sides] == [["Tú", "Bo"], ["Ada", "Cleo"]]
    assert cards_text(sorted_cards(st.hands[0])) == told("K♥ K♣ 8♦ 8♠ 2♣ JK A♦ 6♥ 4♠ 7♣ 9♣")
    assert cards_text(st.red_threes[0]) == "3♥" and st.red_threes[1] == []
    assert [e.message() for e in st.deal_events] == [
        "Hand 1: Cleo deals 11 cards to each of the 4 players; you play first.",
        "The pile starts with 4♦ face up.",
        "You lay the red three 3♥ face up and draw 9♣ in its place.",
    ]
    assert st.conservation_errors() == []


def test_every_action_is_legal_and_every_card_is_accounted_for(record: Record,
                                                              steps: list[ReplayStep]) -> None:
    assert len(steps) == len(record.entries) == 56
    assert all(s.explanation.allowed for s in steps)
    assert all(s.state.conservation_errors() == [] for s in steps)
    assert [s.index for s in steps] == list(range(56))


def test_first_meld_of_70_checked_at_its_step(steps: list[ReplayStep]) -> None:
    s = at(steps, "Tú: meld K♠ K♥ K♣ / 8♦ 8♠ 2♣")
    assert s.index == 1 and s.explanation.rule == "meld.ok"
    assert s.explanation.message() == "You meld K♣ K♥ K♠ and 8♦ 8♠ 2♣ (70 points in cards)."
    opening = next(e for e in s.explanation.walk() if e.rule == "open.minimum")
    assert opening.message() == ("These melds count 70 (K♠ K♥ K♣: 30 and 8♦ 8♠ 2♣: 40) and your "
                                 "side needs 50: they may go down.")
    assert said(s.checks) == ("You hold JK A♦ 6♥ 4♠ 9♣ 7♣", "The meld of kings (your side): K♠ K♥ K♣",
                              "The meld of eights (your side): 8♦ 8♠ 2♣")
    assert said(s.checks, "es") == ("Tienes JK A♦ 6♥ 4♠ 9♣ 7♣",
                                    "La combinación de reyes (tu pareja): K♠ K♥ K♣",
                                    "La combinación de ochos (tu pareja): 8♦ 8♠ 2♣")
    assert hand(s, "Tú") == told("JK A♦ 6♥ 4♠ 9♣ 7♣")
    after = at(steps, "Tú: discard 4♠")
    assert hand(after, "Tú") == told("JK A♦ 6♥ 9♣ 7♣") and after.state.top.text == "4♠"


def test_adas_black_three_blocks_bo_and_bo_adds_two_kings(steps: list[ReplayStep]) -> None:
    s = at(steps, "Ada: discard 3♠")
    blocks = [e for e in s.explanation.walk() if e.rule == "pile.blocks"]
    assert blocks and blocks[0].message() == (
        "Ada discards the black three 3♠: the next player cannot take the pile.")
    refused = s.state.check("Bo: take pile with K♠ K♠")
    assert (refused.allowed, refused.rule) == (False, "pile.blocked")
    assert refused.message() == "Bo cannot take the pile: the black three 3♠ on top blocks it for this turn."
    added = at(steps, "Bo: add K♦ K♠ to K")
    assert meld(added, 0, "K") == told("K♠ K♥ K♣ K♦ K♠")
    assert said(added.checks) == ("The meld of kings (your side): K♠ K♥ K♣ K♦ K♠",)


def test_cleos_two_of_diamonds_freezes_the_pile(steps: list[ReplayStep]) -> None:
    s = at(steps, "Cleo: discard 2♦")
    assert s.state.pile_frozen == 1 and len(s.state.pile) == 5
    freezes = next(e for e in s.explanation.walk() if e.rule == "pile.freezes")
    assert freezes.message("es") == ("Cleo descarta la carta libre 2♦: el montón queda "
                                     "congelado, y solo se lo llevará una pareja natural igual "
                                     "a la carta de arriba.")
    assert said(s.checks) == ("The pile is frozen", "The top card of the pile is 2♦",
                              "The pile has 5 cards")


def test_ada_opens_with_sixes_and_queens_by_taking_the_frozen_pile(steps: list[ReplayStep]) -> None:
    s = at(steps, "Ada: take pile with 6♠ 6♣ and meld Q♠ Q♥ Q♦ Q♣")
    assert s.explanation.message() == ("Ada takes the pile (6 cards) and melds 6♥ 6♠ 6♣ at once, and "
                                     "also Q♠ Q♥ Q♦ Q♣.")
    assert s.state.pile == [] and meld(s, 1, "Q") == told("Q♠ Q♥ Q♦ Q♣")
    sixes = at(steps, "Cleo: add 6♦ 6♠ to 6")
    st = sixes.state
    assert sum(sum(st.variant.value(c) for c in m.cards) for m in st.melds[1]) == 65


def test_the_frozen_pile_of_ten_and_the_seven_of_spades(steps: list[ReplayStep]) -> None:
    ten = at(steps, "Bo: discard 6♣")
    assert len(ten.state.pile) == 10 and ten.state.pile_frozen
    assert said(ten.checks) == ("The pile has 10 cards", "The pile is frozen")
    s = at(steps, "Cleo: discard 7♠")
    assert s.state.top.text == "7♠" and s.state.player == "Tú"
    assert hand(at(steps, "Tú: discard 7♣"), "Tú") == told("JK A♦ 9♣ 7♥ 7♦")


def test_pile_taken_with_a_natural_pair_then_the_seven_of_clubs_and_an_eight(
        steps: list[ReplayStep]) -> None:
    s = at(steps, "Tú: take pile with 7♥ 7♦")
    assert s.explanation.rule == "pile.take"
    assert s.explanation.message() == "You take the pile (11 cards) and meld 7♠ 7♥ 7♦ at once."
    assert s.explanation.message("es") == ("Te llevas el montón (11 cartas) y bajas 7♠ 7♥ 7♦ en "
                                           "el acto.")
    assert s.state.pile == [] and meld(s, 0, "7") == told("7♠ 7♥ 7♦")
    assert said(s.checks) == ("The meld of sevens (your side): 7♠ 7♥ 7♦", "The pile has no cards",
                              "The pile is not frozen", "You hold 13 cards")
    assert meld(at(steps, "Tú: add 7♣ JK to 7"), 0, "7") == told("7♠ 7♥ 7♦ 7♣ JK")
    assert meld(at(steps, "Tú: add 8♣ to 8"), 0, "8") == told("8♦ 8♠ 2♣ 8♣")


def test_bos_mixed_canasta_of_kings(steps: list[ReplayStep]) -> None:
    s = at(steps, "Bo: add K♥ JK to K")
    assert meld(s, 0, "K") == told("K♠ K♥ K♣ K♦ K♠ K♥ JK")
    note = next(e for e in s.explanation.walk() if e.rule == "meld.canasta")
    assert note.message() == "The meld of kings now has 7 cards: a mixed canasta, worth 300 at the end of the hand."
    assert note.message("es") == ("La combinación de reyes ya tiene 7 cartas: una canasta mixta, "
                                  "que vale 300 al final de la mano.")
    assert said(s.checks)[-1] == "Your side has one canasta"


def test_bo_goes_out_with_three_aces_after_asking(steps: list[ReplayStep]) -> None:
    asked = at(steps, "Bo: ask partner")
    assert asked.explanation.message() == "Bo asks you: 'May I go out?'"
    aces = at(steps, "Bo: meld A♠ A♣ A♥")
    assert hand(aces, "Bo") == told("J♣ J♦ J♥ J♠ 10♥")
    last = steps[-1]
    assert last.entry.action == "Bo: discard 10♥" and last.explanation.rule == "discard.out"
    assert [e.rule for e in last.events][:1] == ["end.went-out"]
    assert last.state.phase == "hand-over" and last.state.hands[2] == []


def test_the_final_count_is_the_engines_own(steps: list[ReplayStep]) -> None:
    result = steps[-1].state.last_result
    assert result is not None and result.totals == [740, -40]
    ns = [(e.rule, p, e.message()) for p, e in result.side_lines(0)]
    assert ns == [
        ("score.going-out", 100, "Bo went out: +100."),
        ("score.canasta", 300, "Mixed canasta of kings (7 cards): 300."),
        ("score.red-threes", 100, "One red three (3♥): 100, because your side has melded."),
        ("score.meld-cards", 330, "Cards in melds: 330 (kings: 110, eights: 50, sevens: 70, aces: 60 and jacks: 40)."),
        ("score.hand-cards", -90, "You were left with 6♣ 6♦ 9♣ 9♦ 10♣ 10♠ J♦ Q♥ A♦: −90."),
    ]
    ew = [(e.rule, p) for p, e in result.side_lines(1)]
    assert ew == [("score.meld-cards", 65), ("score.hand-cards", -50), ("score.hand-cards", -55)]
    assert said(steps[-1].checks)[-2:] == ("The score of your side is 740",
                                           "The score of Ada and Cleo's side is −40")


def test_the_two_slips_of_the_told_text_are_refused_with_their_rules(record: Record,
                                                                     steps: list[ReplayStep]) -> None:
    slipped = [(s.index, slip, exp) for s in steps for slip, exp in s.slips]
    assert [(i, slip.action, exp.rule) for i, slip, exp in slipped] == [
        (30, "Tú: take pile with 7♥ 7♦", "turn.order"),
        (53, "next hand", "hand.in-progress"),
    ]
    _, _, turn = slipped[0]
    assert steps[30].entry.action == "Ada: discard 10♣" and not turn.allowed
    assert turn.message() == ("You cannot 'take pile with 7♥ 7♦' now: it is Bo's turn, and only "
                              "the player whose turn it is may take the pile.")
    assert turn.message("es") == ("No puedes hacer «llevarse el montón con 7♥ 7♦» ahora: es el turno de Bo, "
                                  "y solo quien tiene el turno puede llevarse el montón.")
    # a rule's source is never a sentence of the sample story, which the note names instead
    assert turn.source is not None and turn.source.kind == "standard"
    assert "«tú, Ada, Bo, Cleo»" in note_text(turn.source.note, "es")
    _, slip, out = slipped[1]
    assert steps[53].entry.action == "Bo: meld A♠ A♣ A♥" and len(steps[53].state.hands[2]) == 5
    assert out.message() == "Hand 1 is still being played." and not out.allowed
    assert "cinco cartas" in slip.comment.es and "five cards" in slip.comment.en  # type: ignore[union-attr]
    # a refused slip leaves the game exactly as it was
    before = steps[53].state.to_dict()
    assert not steps[53].state.check(slip.action).allowed
    assert steps[53].state.to_dict() == before
    assert record.states()[54].to_dict() == before


def test_changes_are_documented_in_both_languages(record: Record) -> None:
    assert len(record.changes) == 5
    for c in record.changes:
        for text in (c.fact, c.change, c.why):
            assert text.en and text.es and text.en != text.es
    whys = " ".join(c.why.en for c in record.changes)
    # the reasoning in words, for a learner (no references to the project's notes)
    assert "only the player whose turn it is may take the pile" in whys and "RULES_NOTES" not in whys
    assert "missing from the story" in whys
    assert "turn.order" in whys and "hand.in-progress" in whys
    assert "740" in record.changes[-1].change.en and "760" in record.changes[-1].why.en


def test_every_action_of_the_told_story_has_its_motive(record: Record) -> None:
    commented = [e for e in record.entries if e.comment is not None]
    assert len(commented) >= 35
    assert all(e.comment.en and e.comment.es for e in commented)  # type: ignore[union-attr]
    checkpoints = [e for e in record.entries if e.checkpoint]
    assert len(checkpoints) >= 15
