"""Individual Canasta (seed 002): each rule with verdict and message, the pile at any depth with
the cards taken with it, lay-offs on anyone's melds, scoring, host options, and random games of
two, three and four players without a lost card."""

from __future__ import annotations

import pytest

import canasta
from canasta.actions import Add, TakePile
from canasta.movegen import canonical
from canasta.simulate import SimResult, play_game
from canasta.situation import situation

HANDS = {"Tú": "9♠ 9♦ JK 5♥ 5♠ 7♣ Q♠ 3♥ 3♦ 3♣ K♦", "Ada": "5♣ 5♦ 8♥", "Bo": "Q♣ Q♦ J♠",
         "Cleo": "10♣ 10♦ 4♦"}
OPEN = {"Tú": ["K♠ K♥ K♣"]}
EIGHTS = {"Tú": ["K♠ K♥ K♣"], "Ada": ["8♠ 8♦ 8♥"]}


def table(variant: str | canasta.Variant = "individual", **kw):  # four players, Tú to move
    kw.setdefault("hands", HANDS)
    return situation(variant, **kw)


# (rule, allowed, situation kwargs, action, English message, Spanish fragment)
CASES = [
    ("open.minimum", False, dict(phase="play"), "meld 9♠ 9♦ JK",
     "This meld counts only 27 (9♠ 9♦ JK: 27), and you need 50 to open.",
     "Esta combinación solo vale 27 (9♠ 9♦ JK: 27), y te hacen falta 50 para abrir."),
    ("meld.ok", True, dict(phase="play", hands={**HANDS, "Tú": "K♦ K♣ JK 2♣ 2♦ 4♠ 5♠"},
                           melds={"Ada": ["K♠ K♥ K♠"]}), "meld K♦ K♣ JK 2♣ 2♦",
     "You meld K♣ K♦ 2♣ 2♦ JK (170 points in cards).",
     "Bajas K♣ K♦ 2♣ 2♦ JK (170 puntos en cartas)."),
    ("meld.wild-count", False, dict(phase="play", hands={**HANDS, "Tú": "K♦ K♣ JK 2♣ 2♦ 4♠ 5♠"},
                                    melds=OPEN), "meld K♦ JK 2♣ 2♦",
     "K♦ JK 2♣ 2♦ breaks the wild-card limit: it has only one natural card, and at least 2 are "
     "needed.",
     "K♦ JK 2♣ 2♦ no cumple el límite de comodines: solo tiene una carta natural, y hacen "
     "falta al menos 2."),
    ("meld.wild-count", False, dict(phase="play", hands={**HANDS, "Tú": "K♦ K♣ JK 2♣ 2♦ 2♠ 4♠ 5♠"},
                                    melds={"Ada": ["K♠ K♥ K♠"]}), "meld K♦ K♣ JK 2♣ 2♦ 2♠",
     "K♦ K♣ JK 2♣ 2♦ 2♠ breaks the wild-card limit: it has 4 wild cards and at most 3 are "
     "allowed.",
     "K♦ K♣ JK 2♣ 2♦ 2♠ no cumple el límite de comodines: tiene 4 comodines y el máximo es 3."),
    ("meld.same-rank", False, dict(phase="play", melds=OPEN), "meld 9♠ 9♦ 7♣",
     "9♠ 9♦ 7♣ mixes the ranks 7 and 9: a meld is of one rank only (there are no runs in "
     "Canasta).",
     "9♠ 9♦ 7♣ mezcla los valores 7 y 9: una combinación es de un solo valor (en la canasta no "
     "hay escaleras)."),
    ("meld.ok", True, dict(phase="play", melds=OPEN), "meld 3♥ 3♦ 3♣",
     "You meld 3♣ 3♦ 3♥ (9 points in cards).", "Bajas 3♣ 3♦ 3♥ (9 puntos en cartas)."),
    ("pile.take-depth", True, dict(phase="draw", pile="8♣ 9♥ 5♣ K♥", melds=OPEN),
     "take pile at 3 with 9♠ 9♦",
     "You take 3 cards from the discard pile, down to 9♥, and meld that last one at once.",
     "Te llevas 3 cartas del descarte, hasta el 9♥, y bajas esa última en el acto."),
    ("pile.depth", False, dict(phase="draw", pile="8♣ 9♥ 4♣ K♥", melds=OPEN), "take pile at 5 with 9♠ 9♦",
     "You cannot go in for card 5 of the discard pile: it has only 4 cards.", "No puedes entrar por la 5.ª carta del descarte: solo tiene 4 cartas."),
    ("pile.entry", False, dict(phase="draw", pile="8♣ JK", melds=OPEN), "take pile with 9♠ 9♦",
     "You cannot go in for JK (the discard pile's top card): a wild card cannot be the card "
     "gone in for.",
     "No puedes entrar por el JK (la carta de arriba del descarte): no se puede entrar por un comodín."),
    ("pile.entry", False, dict(phase="draw", pile="8♣ 9♥", melds=OPEN), "take pile with 9♠",
     "You cannot go in for 9♥ (the discard pile's top card): it needs at least two cards from the hand: "
     "two nines, or one and a wild card.",
     "No puedes entrar por el 9♥ (la carta de arriba del descarte): hacen falta al menos dos cartas de la mano: "
     "dos nueves, o una y un comodín."),
    ("pile.entry", False, dict(phase="draw", pile="4♣ 8♣", melds={"Ada": ["8♠ 8♦ 8♥"]},
                               hands={**HANDS, "Ada": "5♣"}), "take pile onto Ada:8",
     "You cannot go in for 8♣ (the discard pile's top card): you have not opened yet, so you "
     "cannot lay it on a meld.",
     "No puedes entrar por el 8♣ (la carta de arriba del descarte): aún no has abierto, así que no puedes "
     "ponerla en una combinación."),
    ("pile.take-depth", True, dict(phase="draw", pile="4♣ 8♣", melds=EIGHTS, hands={**HANDS, "Ada": "5♣"}),
     "take pile onto Ada:8",
     "You take 8♣ from the discard pile and meld it at once.",
     "Te llevas el 8♣ del descarte y bajas esa carta en el acto."),
    ("pile.take-depth", True, dict(phase="draw", pile="4♣ 3♠", melds=OPEN), "take pile with 3♥ 3♦",
     "You take 3♠ from the discard pile and meld it at once.",
     "Te llevas el 3♠ del descarte y bajas esa carta en el acto."),
    ("add.anyone", True, dict(phase="play", melds=EIGHTS, hands={**HANDS, "Tú": "8♣ 4♦ 5♦", "Ada": "5♣"}),
     "add 8♣ to Ada:8", "You add 8♣ to Ada's meld of eights, which now has 4 cards.",
     "Añades el 8♣ a la combinación de ochos de Ada, que ahora tiene 4 cartas."),
    ("add.anyone", False, dict(phase="play", melds={"Ada": ["8♠ 8♦ 8♥"]},
                               hands={**HANDS, "Tú": "8♣ 4♦ 5♦", "Ada": "5♣"}), "add 8♣ to Ada:8",
     "You cannot add 8♣ to the meld of Ada's eights: you have not opened yet.",
     "No puedes añadir 8♣ a la combinación de ochos de Ada: aún no has abierto."),
    ("add.anyone", False, dict(phase="play", melds=EIGHTS, hands={**HANDS, "Tú": "8♣ 4♦ 5♦", "Ada": "5♣"}),
     "add 8♣ to Bo:8", "You cannot add 8♣ to the meld of Bo's eights: there is no such meld on the table.",
     "No puedes añadir 8♣ a la combinación de ochos de Bo: no hay en la mesa una combinación con ese nombre."),
    ("out.needs-canasta", False, dict(phase="play", melds=OPEN, hands={**HANDS, "Tú": "Q♠ Q♥ Q♦", "Bo": "J♠"}),
     "meld Q♠ Q♥ Q♦",
     "You cannot be left with no cards: going out needs a canasta and you have none.",
     "No puedes quedarte sin cartas: para cerrar hace falta una canasta, y no tienes ninguna."),
    ("out.ask-partner-none", False, dict(phase="play"), "ask partner",
     "You have no partner to ask: you play alone.",
     "No tienes compañero a quien preguntar: juegas por tu cuenta."),
]


@pytest.mark.parametrize(("rule", "allowed", "kw", "action", "en", "es"), CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_rule_verdict_and_message(rule, allowed, kw, action, en, es) -> None:
    exp = table(**kw).check(action)
    assert (exp.allowed, exp.rule) == (allowed, rule)
    assert exp.message("en") == en
    assert es in exp.message("es")
    assert exp.source is not None and exp.source.ref


def _sub(exp: canasta.Explanation, rule: str) -> canasta.Explanation:
    return next(e for e in exp.walk() if e.rule == rule)


def test_cards_taken_above_the_entry_card_join_the_hand() -> None:
    s = table(phase="draw", pile="8♣ 9♥ 5♣ K♥", melds=OPEN)
    exp = s.apply("take pile at 3 with 9♠ 9♦")
    assert _sub(exp, "pile.entry").message() == ("You meld 9♥ (card 3 of the discard pile) with "
                                                 "9♠ 9♦.")
    assert canasta.cards.cards_text(s.pile) == "8♣" and s.conservation_errors() == []
    assert s.check("discard 7♣").allowed  # 5♣ K♥ from the pile need not be played
    assert s.check("discard K♥").allowed
    s.apply("add K♥ to K")
    s.apply("meld 5♣ 5♥ 5♠")
    assert s.check("discard 7♣").allowed


def test_lay_off_on_another_players_meld_scores_for_its_owner_and_going_out_without_discard() -> None:
    s = table(hands={"Tú": "8♣ Q♠ Q♥ Q♦", "Ada": "2♣ 7♥ K♠ A♦ JK", "Bo": "3♠", "Cleo": "10♣"},
              melds={"Tú": ["K♦ K♦ K♥ K♥ K♣ K♣ 2♠"], "Ada": ["8♠ 8♦ 8♥"]}, phase="play")
    assert Add(cards=(canasta.parse_card("8♣"),), target="Ada:8") in s.legal_actions()
    s.apply("add 8♣ to Ada:8")
    exp = s.apply("meld Q♠ Q♥ Q♦")
    assert _sub(exp, "out.went-out").message() == ("You go out: you have a canasta, and one is "
                                                   "needed.")
    r = s.results[-1]
    assert r.ended.rule == "end.went-out"
    assert [(p, e.rule) for p, e in r.side_lines(0)] == [
        (100, "score.going-out"), (300, "score.canasta"), (140, "score.meld-cards")]
    # Ada's meld holds the 8♣ that Tú laid off: it counts for Ada (RULES_NOTES C7)
    assert r.side_lines(1)[0][1].message() == "Cards in melds: 32 (eights: 32)."
    # a 2 left in hand costs 50, the joker 50, the ace 20, a 7 its face
    assert r.side_lines(1)[1][1].message() == "Ada was left with 2♣ 7♥ K♠ A♦ JK: −137."
    assert r.totals == [540, -105, -3, -10]


def test_host_option_wild_in_hand_cost_is_named_as_a_house_rule() -> None:
    v = canasta.find_variant("individual").with_options(origin="host", wild_in_hand_cost=2)
    s = table(v, hands={"Tú": "8♣ Q♠ Q♥ Q♦", "Ada": "2♣ 7♥ K♠ A♦ JK", "Bo": "3♠", "Cleo": "10♣"},
              melds={"Tú": ["K♦ K♦ K♥ K♥ K♣ K♣ 2♠"], "Ada": ["8♠ 8♦ 8♥"]}, phase="play")
    s.apply("add 8♣ to Ada:8")
    s.apply("meld Q♠ Q♥ Q♦")
    points, line = s.results[-1].side_lines(1)[1]
    assert (points, line.message()) == (-89, "Ada was left with 2♣ 7♥ K♠ A♦ JK: −89.")
    assert line.source is not None and line.source.text() == (
        "House rule (host): “wild_in_hand_cost = 2” — Overrides the Individual Canasta rules.")


def test_host_option_top_card_only() -> None:
    v = canasta.find_variant("individual").with_options(origin="host", top_card_only=True)
    s = table(v, phase="draw", pile="8♣ 9♥ 5♣ K♥", melds=OPEN)
    exp = s.check("take pile at 3 with 9♠ 9♦")
    assert (exp.allowed, exp.rule) == (False, "pile.depth")
    assert exp.source is not None and exp.source.kind == "house" and exp.source.ref == "host"
    assert all(a.depth == 1 for a in s.legal_actions() if isinstance(a, TakePile))


def test_joker_swap_is_off_by_default_and_a_host_option() -> None:
    assert canasta.find_variant("individual").joker_swap is False
    assert canasta.find_variant("individual").with_options(joker_swap=True).joker_swap is True


def test_any_depth_takes_are_legal_actions() -> None:
    s = table(phase="draw", pile="8♣ 9♥ 5♣ K♥", melds=OPEN)
    legal = {canonical(a, s).text for a in s.legal_actions()}
    assert "take pile at 3 with 9♦ 9♠" in legal
    assert "take pile onto K" in legal  # the K♥ on top, laid on Tú's kings
    assert "take pile at 4 with 9♦ 9♠" not in legal  # the 8♣ is the fourth card


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_player_range_and_deal(players: int) -> None:
    g = canasta.new_game("individual", seed=1, players=players)
    assert [len(h) for h in g.hands] == [11] * players
    assert g.sides == tuple((i,) for i in range(players))
    assert g.pile == [] and g.variant.pack_size == 108 and g.conservation_errors() == []


@pytest.mark.parametrize("players", [1, 7])
def test_players_outside_the_range_are_refused(players: int) -> None:
    with pytest.raises(canasta.VariantError, match="Individual Canasta is played by 2, 3, 4, 5 or 6 players"):
        canasta.new_game("individual", players=players)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_card(players: int) -> None:
    res = SimResult("individual")
    for seed in range(2):
        play_game("individual", seed, players=players, max_hands=1, result=res)
    assert res.violations == []
    assert res.hands == 2 and res.decisions > 50


def test_canasta_score_counts_an_individual_table(tmp_path, capsys) -> None:
    import json

    from canasta.cli import main

    table_file = tmp_path / "individual.json"
    table_file.write_text(json.dumps({
        "format": "canasta-scenario", "version": 1, "variant": "individual",
        "players": ["Tú", "Ada", "Bo", "Cleo"],
        "melds": {"Tú": ["K♦ K♦ K♥ K♥ K♣ K♣ 2♠", "Q♠ Q♥ Q♦"], "Ada": ["8♠ 8♦ 8♥ 8♣"]},
        "hands": {"Tú": "", "Ada": "2♣ 7♥ K♠ A♦ JK", "Bo": "3♠", "Cleo": "10♣"}, "went_out": "Tú"},
        ensure_ascii=False), encoding="utf-8")
    assert main(["score", str(table_file), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [s["total"] for s in data["sides"]] == [540, -105, -3, -10]


def test_play_table_runs_an_individual_hand() -> None:
    from canasta.widgets import PlayTable

    table = PlayTable("individual", seed=5)
    for _ in range(40):
        if table.state.hand_over:
            break
        offered = [a.text for a in table.state.legal_actions()]
        assert offered, "no legal action offered"
        assert table.play(offered[-1])  # the action text, through the parser
    assert table.state.conservation_errors() == []



@pytest.mark.parametrize(("score", "es", "en"), [
    (2000, "Te hacen falta 50 para abrir, con cualquier puntuación (la tuya es 2000).",
     "You need 50 to open at any score (yours is 2000)."),
    (-40, "Te hacen falta 50 para abrir, con cualquier puntuación (la tuya es −40).",
     "You need 50 to open at any score (yours is −40)."),
])
def test_the_opening_minimum_is_not_said_to_come_from_a_score_band(score: int, es: str,
                                                                   en: str) -> None:
    # «Tu primera bajada ha de valer 50»: the same 50 at every score, so no "because your
    # score is 0 or more"
    st = situation("individual", hands={"Tú": "K♠ K♥ K♣ Q♠ Q♥ Q♣ 4♦ 5♦ 6♣"}, phase="play",
                   scores=[score, 0, 0, 0])
    opening = next(b for b in st.check("meld K♠ K♥ K♣ / Q♠ Q♥ Q♣").because
                   if b.rule == "open.minimum")
    threshold = next(b for b in opening.because if b.rule == "open.threshold")
    assert (threshold.message("es"), threshold.message()) == (es, en)
