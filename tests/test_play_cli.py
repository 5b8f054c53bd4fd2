"""``canasta play`` in the terminal, driven in-process with typed lines: quitting asks first
(``salir`` is also a word of the game), ``help`` / ``ayuda`` says what can be typed, and the
pile's line names the marks the card table shows (the rioplatense pozo's *premiado*)."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from canasta.cli.play import Session
from canasta.game import new_game
from canasta.render.rich import pile_rich
from canasta.render.table_words import tw
from canasta.situation import situation


def session(lines: str, lang: str = "en", variant: str = "classic") -> tuple[Session, Console]:
    console = Console(record=True, width=1000, color_system=None)
    state = new_game(variant, seed=3)
    return Session(state, "greedy", 3, console, lang, io.StringIO(lines)), console


def run(lines: str, lang: str = "en") -> tuple[Session, str]:
    s, console = session(lines, lang)
    s.run()
    return s, console.export_text()


def test_salir_asks_before_quitting_and_a_no_plays_on() -> None:
    s, out = run("salir\nno\nrobar\nsalir\nsí\n", "es")
    assert out.count("¿Dejas la partida?") == 2
    assert "(Para salir, baja o descarta tu última carta.)" in out
    assert s.state.history and s.state.history[0].action.text == "draw"  # played on after the no
    assert out.rstrip().endswith("Adiós.")


def test_quit_asks_too_and_the_end_of_input_quits_at_once() -> None:
    s, out = run("quit\n")  # the question, then the end of input: quit, nothing played
    assert "Leave the game?" in out and out.rstrip().endswith("Bye.") and not s.state.history
    s, out = run("")
    assert "Leave the game?" not in out and out.rstrip().endswith("Bye.")


def test_help_and_ayuda_say_what_can_be_typed() -> None:
    _s, out = run("help\nquit\nyes\n")
    assert "Unknown action" not in out and "Not understood" not in out
    for word in ("hint", "undo", "why", "list", "quit", "discard 4♠"):
        assert word in out.split("Your move> help")[1]
    _s, out = run("ayuda\nsalir\nsí\n", "es")
    after = out.split("Tu jugada> ayuda")[1]
    for word in ("pista", "deshacer", "«por qué»", "lista", "salir", "descartar 4♠"):
        assert word in after


@pytest.mark.parametrize(("variant", "said"), [
    ("classic", ("(salir es bajar o descartar tu última carta)",
                 "(Para salir, baja o descarta tu última carta.)")),
    ("americana", ("(cerrar es descartar tu última carta)",
                   "(Para cerrar, descarta tu última carta.)")),
])
def test_help_says_how_to_go_out_as_the_variant_allows(variant: str, said: tuple[str, str]) -> None:
    """Canasta Americana's last card is always discarded (out.must-discard): the help and the
    quit question say so, where classic's say a player may meld it."""
    s, console = session("ayuda\nsalir\nsí\n", "es", variant)
    s.run()
    out = console.export_text()
    assert said[0] in out and said[1] in out
    assert s.state.variant.out_by_discard_only == (variant == "americana")


@pytest.mark.parametrize(("question", "lang"), [
    ("What can I do now?", "en"), ("what can i do", "en"), ("list", "en"),
    ("¿Qué puedo hacer ahora?", "es"), ("¿que puedo hacer?", "es"), ("lista", "es")])
def test_the_table_buttons_question_lists_every_action_as_list_does(question: str,
                                                                    lang: str) -> None:
    quit_ = "quit\nyes\n" if lang == "en" else "salir\nsí\n"
    s, out = run(f"draw\n{question}\n{quit_}" if lang == "en" else f"robar\n{question}\n{quit_}",
                 lang)
    after = out.split(f"> {question}")[1]
    # the whole listing: every discard of the hand, not the first six
    discards = [a for a in s.state.legal_actions() if a.text.startswith("discard")]
    assert len(discards) > 6
    for a in discards:
        assert (a.text if lang == "en" else a.text.replace("discard", "descartar")) in after
    assert "unknown action" not in after and "jugada desconocida" not in after


def test_why_is_understood_with_or_without_its_question_marks() -> None:
    for asked in ("¿Por qué?", "por qué?", "Por qué"):
        _s, out = run(f"{asked}\nsalir\nsí\n", "es")
        after = out.split(f"> {asked}")[1]
        assert "jugada desconocida" not in after
        assert "Ningún jugador automático ha jugado desde tu última jugada." in after


def test_the_pile_line_names_the_marks_the_table_shows() -> None:
    """Every mark the variant reads on its pile (madre, premiado, tapado, frozen, blocked) is on
    the terminal's pile line in its words, in both languages."""
    premiado = situation("rioplatense", hands={"Tú": "K♠ K♥ 5♣", "Ada": "4♦ 4♣ 9♠",
                                               "Bo": "7♦ 7♣ 9♥", "Cleo": "6♦ 6♣ 9♣"},
                         pile="4♠ 2♥ 8♦", melds={"Tú": ["Q♠ Q♥ Q♣"]}, turn="Tú")
    keys = [k for k, _why in premiado.variant.pile_marks(premiado, 0)]
    assert "premiado" in keys
    for lang in ("en", "es"):
        line = pile_rich(premiado, lang, seat=0).plain
        for key in keys:
            assert tw(f"mark.{key}", lang, "rioplatense") in line, (lang, key, line)


def test_players_chooses_two_or_four_where_the_variant_allows_and_refuses_otherwise(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from canasta.cli import main

    monkeypatch.setattr("sys.stdin", io.StringIO("salir\nsí\n"))
    code = main(["--lang", "es", "play", "rioplatense", "--players", "2", "--seed", "3"])
    out = capsys.readouterr().out
    assert code == 0 and "la máquina juega por Ada." in out  # one opponent, no partner
    assert "Bo" not in out.split("Ada ha sacado")[0]
    assert main(["play", "classic", "--players", "2"]) == 2
    err = capsys.readouterr().err
    assert "Canasta" in err and "4 players, not 2" in err and "Traceback" not in err


def test_the_next_hand_typed_at_the_end_of_a_hand_is_the_players_own_move() -> None:
    from canasta.bots import make_bot

    state = new_game("classic", seed=3)
    while not state.hand_over:
        state.play(make_bot("greedy", len(state.history)).choose(state))
    assert state.actor != 0  # the engine's actor is a bot's seat
    console = Console(record=True, width=1000, color_system=None)
    s = Session(state, "greedy", 3, console, "es", io.StringIO("1\nsalir\nsí\n"))
    s.run()
    out = console.export_text()
    assert "Tú ▸ siguiente mano" in out and "▸ siguiente mano" not in out.replace("Tú ▸", "")
    assert s.state.hand_no == 2


def test_the_terminal_and_the_card_table_give_the_same_advice_at_the_same_point() -> None:
    from canasta.widgets import PlayTable

    table = PlayTable("classic", seed=5, lang="es")
    choice = table.hint()
    assert choice is not None
    console = Console(record=True, width=1000, color_system=None)
    s = Session(new_game("classic", seed=5), "greedy", 5, console, "es", io.StringIO("pista\n"))
    s.run()
    out = " ".join(console.export_text().split())
    assert " ".join(table.hint_text("es").split()) in out


@pytest.mark.parametrize(("typed", "level"), [
    ("experto", "expert"), ("Prudente", "careful"), ("al  azar", "random"), ("codicioso", "greedy"),
    ("expert", "expert"), ("nadie", "nadie")])
def test_bot_levels_are_understood_by_their_spanish_names(typed: str, level: str) -> None:
    from canasta.cli.words import bot_level

    assert bot_level(typed) == level


def test_play_takes_a_spanish_bot_level(capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from canasta.cli import main

    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["--lang", "es", "play", "--bots", "prudente", "--coach", "experto", "--seed", "1"]) == 0
    assert "Adiós." in capsys.readouterr().out
