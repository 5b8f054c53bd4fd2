"""Rioplatense Canasta (seed 004): each rule with verdict and message, scoring, the draw for mano,
and random games of two and four players without a lost card."""

from __future__ import annotations

import pytest

import canasta
from canasta.actions import Add, Meld
from canasta.simulate import SimResult, play_game
from canasta.situation import situation

HANDS = {"Tú": "9♠ 9♦ JK 5♥ 6♦ 7♣ Q♠ 3♣ 3♠ 3♣", "Ada": "5♣ 5♦ 9♥", "Bo": "Q♣ Q♦ J♠",
         "Cleo": "10♣ 10♦ 4♦"}
OPEN = {"Tú": ["K♠ K♥ K♣"]}
SEVENS = {"Tú": ["K♠ K♥ K♣"], "Ada": ["7♣ 7♣ 7♥ 7♦ 7♠ JK 2♦"]}  # Ada & Cleo: a canasta of 7s


def table(**kw):  # Tú & Bo against Ada & Cleo, Tú to move
    kw.setdefault("hands", HANDS)
    return situation("rioplatense", **kw)


# (rule, allowed, situation kwargs, action, English message, Spanish fragment)
CASES = [
    ("pile.madre", False, dict(phase="draw", pile="4♣ 9♥", melds=OPEN), "take pile with 9♠ JK",
     "The pile is still madre for your side (not taken yet this hand): you need two natural "
     "cards matching 9♥, not 9♠ JK: JK is a wild card.",
     "El pozo todavía es madre para tu pareja (aún no lo ha levantado en esta mano): necesitas dos "
     "cartas puras iguales a 9♥, no 9♠ JK: JK es un comodín."),
    ("pile.madre", False, dict(phase="draw", pile="4♣ K♦", melds=OPEN), "take pile onto K",
     "The pile is still madre for your side (not taken yet this hand): you need two natural "
     "cards matching K♦, not laying it on the meld of kings.",
     "El pozo todavía es madre para tu pareja (aún no lo ha levantado en esta mano): necesitas dos "
     "cartas puras iguales a K♦, no ponerla en el juego de reyes."),
    ("pile.premiado", False, dict(phase="draw", pile="2♣ 4♣ 9♥", melds=OPEN), "take pile with 9♠ JK",
     "The pile is premiado (it holds 2♣): you need two natural cards matching 9♥, not 9♠ JK: "
     "JK is a wild card.",
     "El pozo está premiado (tiene 2♣): necesitas dos cartas puras iguales a 9♥, no 9♠ JK: "
     "JK es un comodín."),
    ("pile.tapado", False, dict(phase="draw", hands={**HANDS, "Tú": "7♠ 7♦ 5♥ 6♦"}, pile="4♣ 7♥",
                                melds=SEVENS), "take pile with 7♠ 7♦",
     "You cannot take the pile: Ada and Cleo's side has already made a canasta of sevens, so the 7♥ "
     "on top covers it (pozo tapado).",
     "No puedes levantar el pozo: la pareja de Ada y Cleo ya ha hecho canasta de sietes, así que el 7♥ "
     "de arriba lo tapa (pozo tapado)."),
    ("pile.top-wild", False, dict(phase="draw", pile="4♣ JK", melds=OPEN), "take pile with 9♠ 9♦",
     "You cannot take the pile: its top card, JK, is a wild card and cannot be melded as the "
     "pile's card.",
     "No puedes levantar el pozo: la carta de arriba, JK, es un comodín y no se puede bajar "
     "como carta del pozo."),
    ("pile.blocked", False, dict(phase="draw", pile="4♣ 3♠", melds=OPEN), "take pile with 3♣ 3♠",
     "You cannot take the pile: the black three 3♠ on top covers it for this turn.",
     "No puedes levantar el pozo: el tres negro 3♠ de arriba lo tapa en este turno."),
    ("open.minimum", False, dict(phase="draw", pile="4♣ 9♥"), "take pile with 9♠ 9♦",
     "This meld counts only 30 (9♥ 9♠ 9♦: 30), and your side needs 50 to open.",
     "Este juego solo vale 30 (9♥ 9♠ 9♦: 30), y a tu pareja le hacen falta 50 para bajar "
     "por primera vez."),
    ("open.minimum", False, dict(phase="play", scores=[1600, 0]), "meld 9♠ 9♦ JK",
     "This meld counts only 70 (9♠ 9♦ JK: 70), and your side needs 90 to open.",
     "Este juego solo vale 70 (9♠ 9♦ JK: 70), y a tu pareja le hacen falta 90 para bajar "
     "por primera vez."),
    ("meld.ok", True, dict(phase="play", scores=[-200, 0]), "meld 9♠ 9♦ JK",
     "You meld 9♦ 9♠ JK (70 points in cards).", "Bajas 9♦ 9♠ JK (70 puntos en cartas)."),
    ("meld.black-threes", False, dict(phase="play", melds=OPEN), "meld 3♣ 3♠ 3♣",
     "3♣ 3♠ 3♣ cannot be melded: black threes are melded only when going out.",
     "3♣ 3♠ 3♣ no se pueden bajar: los tres negros solo se bajan al cortar."),
    ("meld.wild-limit", False, dict(phase="play", hands={**HANDS, "Tú": "8♠ 8♦ 2♥ 2♦ 2♠ 4♦ 5♠"},
                                    melds=OPEN), "meld 8♠ 8♦ 2♥ 2♦ 2♠",
     "8♠ 8♦ 2♥ 2♦ 2♠ breaks the wild-card limit: it has 3 wild cards and only 2 natural cards, "
     "and there may never be more wild cards than natural cards.",
     "8♠ 8♦ 2♥ 2♦ 2♠ no cumple el límite de comodines: tiene 3 comodines y solo 2 naturales, y "
     "nunca puede haber más comodines que naturales."),
    ("meld.wild-canasta", False, dict(phase="play", hands={**HANDS, "Tú": "2♣ 2♦ 2♥ 4♦ 5♠"}, melds=OPEN),
     "meld 2♣ 2♦ 2♥",
     "2♣ 2♦ 2♥ cannot go down as wild cards alone: there are only 3, and a meld of wild cards "
     "alone must be a whole canasta of 7.",
     "2♣ 2♦ 2♥ no se pueden bajar solo con comodines: son solo 3, y un juego de solo comodines "
     "tiene que ser una canasta entera, de 7."),
    ("out.ask-partner-none", False, dict(phase="play", melds=OPEN), "ask partner",
     "Rioplatense Canasta has no asking the partner: each player decides alone whether to go out.",
     "En la canasta rioplatense no se pide permiso al compañero: cada uno decide solo si cortas."),
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


def test_madre_taken_with_a_natural_pair_then_not_madre_for_the_partner() -> None:
    s = table(phase="draw", pile="4♣ 9♥", melds=OPEN, stock="6♣ 10♠ 10♥",
              hands={"Tú": "9♠ 9♦ 5♥ 7♣", "Ada": "5♣ JK 8♣", "Bo": "6♠ JK Q♦", "Cleo": "10♣"})
    exp = s.apply("take pile with 9♠ 9♦")
    assert exp.rule == "pile.take"
    assert exp.message() == "You take the pile (2 cards) and meld 9♥ 9♠ 9♦ at once."
    assert _sub(exp, "pile.madre").message() == ("The pile is madre for your side: you take it "
                                                 "with the natural pair 9♠ 9♦.")
    assert all(e.rule != "pile.frozen" for e in exp.walk())
    s.apply("discard 5♥")
    # still madre for Ada & Cleo, who have never taken it
    assert s.check("take pile with 5♣ JK").rule == "pile.madre"
    s.apply("draw")
    s.apply("discard 6♣")
    # no longer madre for Bo: Tú took it for the pair
    exp = s.check("take pile with 6♠ JK")
    assert (exp.allowed, exp.rule) == (True, "pile.take")
    assert exp.message() == "Bo takes the pile (2 cards) and melds 6♣ 6♠ JK at once."


def test_premiado_taken_with_a_natural_pair() -> None:
    exp = table(phase="draw", pile="2♣ 4♣ 9♥", melds=OPEN).check("take pile with 9♠ 9♦")
    assert (exp.allowed, exp.rule) == (True, "pile.take")
    assert _sub(exp, "pile.premiado").message() == ("The pile is premiado (it holds 2♣): you "
                                                    "take it with the natural pair 9♠ 9♦.")


def test_once_taken_one_natural_and_a_wild_serve_but_never_two_wilds() -> None:
    s = table(phase="draw", pile="4♣ 9♥", melds=OPEN, hands={**HANDS, "Tú": "9♠ 2♠ JK 5♥"})
    s.extra["pozo_taken"] = [0]  # Tú & Bo took the pozo earlier this hand: no longer madre
    exp = s.check("take pile with 9♠ JK")
    assert (exp.allowed, exp.rule) == (True, "pile.take")
    assert all(e.rule not in ("pile.madre", "pile.premiado", "pile.frozen") for e in exp.walk())
    assert s.check("take pile onto K").rule == "pile.use-top"  # the top card is not a king
    exp = s.check("take pile with 2♠ JK")
    assert (exp.allowed, exp.rule) == (False, "pile.use-top")
    assert exp.message() == ("You cannot use the top card, 9♥, with 2♠ JK: it needs two cards "
                             "of its rank (9) from the hand, or one and a wild card.")


def test_discards_that_cover_the_pozo() -> None:
    exp = table(phase="play", melds=OPEN).check("discard JK")
    assert (exp.allowed, exp.rule) == (True, "discard.ok")
    assert _sub(exp, "pile.premia").message() == ("You discard the wild card JK: the pile is "
                                                  "tapado (covered) for the next player and "
                                                  "premiado until someone takes it.")
    exp = table(phase="play", hands={**HANDS, "Tú": "7♠ 7♦ 5♥ 6♦"}, melds=SEVENS).check("discard 7♠")
    assert _sub(exp, "pile.tapa").message() == ("You discard 7♠, a rank Ada and Cleo's side has "
                                                "made into a canasta: the next player cannot "
                                                "take the pile.")
    assert _sub(exp, "pile.tapa").message("es") == ("Tiras el 7♠, de un número con el que la "
                                                    "pareja de Ada y Cleo ha hecho canasta: el "
                                                    "siguiente no puede levantar el pozo.")
    exp = table(phase="play", melds=OPEN).check("discard 3♣")
    assert _sub(exp, "pile.blocks").allowed


def test_wild_limits_half_and_three() -> None:
    ok = table(phase="play", hands={**HANDS, "Tú": "8♠ 8♦ 8♥ 2♦ 2♠ 4♦ 5♠"}, melds=OPEN)
    assert ok.check("meld 8♠ 8♦ 8♥ 2♦ 2♠").allowed  # the seed's own example of the most wilds
    four = table(phase="play", hands={**HANDS, "Tú": "2♥ 2♦ 2♠ 4♦"},
                 melds={"Tú": ["K♠ K♥ K♣ K♦ K♠ 2♣"]})
    exp = four.check("add 2♥ 2♦ 2♠ to K")
    assert (exp.allowed, exp.rule) == (False, "meld.wild-limit")
    assert "it has 4 wild cards and at most 3 are allowed" in exp.message()


def test_canasta_of_wild_cards_goes_down_whole_and_grows() -> None:
    s = table(phase="play", hands={**HANDS, "Tú": "2♣ 2♦ 2♥ 2♠ 2♣ 2♦ JK 4♦ 5♠"}, melds=OPEN)
    exp = s.check("meld 2♣ 2♦ 2♥ 2♠ 2♣ 2♦ JK")
    assert (exp.allowed, exp.rule) == (True, "meld.ok")
    assert _sub(exp, "meld.wild-canasta").message() == ("2♣ 2♣ 2♦ 2♦ 2♥ 2♠ JK: a canasta of 7 wild "
                                                         "cards, worth 1000.")
    assert "a wild-card canasta, worth 1000" in _sub(exp, "meld.canasta").message()
    assert "una canasta de comodines" in _sub(exp, "meld.canasta").message("es")
    assert Meld(groups=(tuple(canasta.parse_cards("2♣ 2♣ 2♦ 2♦ 2♥ 2♠ JK")),)) in s.legal_actions()
    grown = table(phase="play", hands={**HANDS, "Tú": "2♥ 4♦ 5♠"},
                  melds={"Tú": ["2♣ 2♦ 2♠ 2♣ 2♦ 2♠ JK"]})
    exp = grown.check("add 2♥ to JK")
    assert (exp.allowed, exp.message()) == (True, "You add 2♥ to the meld of wild cards, which now has 8 cards.")
    assert Add(cards=(canasta.parse_card("2♥"),), target="JK") in grown.legal_actions()
    grown.apply("add 2♥ to JK")
    assert grown.melds[0][0].size == 8 and grown.conservation_errors() == []


def test_black_threes_meld_when_going_out_and_are_legal_actions() -> None:
    s = table(phase="play", hands={**HANDS, "Tú": "3♣ 3♠ 3♣ 5♥"},
              melds={"Tú": ["K♠ K♠ K♥ K♥ K♣ K♣ K♦"]})
    exp = s.check("meld 3♣ 3♠ 3♣")
    assert (exp.allowed, exp.rule) == (True, "meld.ok")
    assert _sub(exp, "meld.black-threes").message() == "3♣ 3♠ 3♣: black threes melded while going out."
    assert any(isinstance(a, Meld) and a.groups[0][0].rank == 3 for a in s.legal_actions())


def test_going_out_without_a_discard_scores_canastas_wild_canasta_and_red_threes() -> None:
    s = table(hands={"Tú": "Q♠ Q♥ Q♦", "Ada": "4♣ 4♦", "Bo": "5♣ 9♦", "Cleo": "A♠"},
              melds={"Tú": ["K♠ K♠ K♥ K♥ K♣ K♣ K♦", "2♣ 2♦ 2♥ 2♠ 2♣ 2♦ JK"], "Ada": ["8♠ 8♦ 8♥"]},
              red_threes={"Tú": "3♥ 3♦", "Ada": "3♥"}, phase="play")
    exp = s.apply("meld Q♠ Q♥ Q♦")
    assert _sub(exp, "out.went-out").allowed
    r = s.results[-1]
    assert r.ended.rule == "end.went-out"
    assert [(p, e.rule) for p, e in r.side_lines(0)] == [
        (100, "score.going-out"), (500, "score.canasta"), (1000, "score.canasta"),
        (200, "score.red-threes"), (270, "score.meld-cards"), (-15, "score.hand-cards")]
    # the kind of a canasta of wild cards says what it is made of: no "of wild cards" again
    assert r.side_lines(0)[2][1].message() == "Wild-card canasta (7 cards): 1000."
    assert r.side_lines(0)[2][1].message("es") == "Canasta de comodines (7 cartas): 1000."
    assert r.side_lines(0)[1][1].message("es") == "Canasta limpia de reyes (7 cartas): 500."
    assert r.side_lines(1)[0][1].message() == ("One red three (3♥): −100, because Ada and Cleo's "
                                               "side has no canasta.")
    assert r.totals == [2055, -100]


def test_going_out_needs_a_canasta() -> None:
    exp = table(phase="play", hands={**HANDS, "Tú": "Q♠ Q♥ Q♦"}, melds=OPEN).check("meld Q♠ Q♥ Q♦")
    assert (exp.allowed, exp.rule) == (False, "out.needs-canasta")
    assert exp.message() == ("You cannot be left with no cards: going out needs a canasta and "
                             "your side has none.")


def test_stock_exhausted_ends_the_hand_without_a_going_out_bonus() -> None:
    s = table(hands={"Tú": "9♠ 9♦ 4♣ 5♥", "Ada": "5♣"}, stock=0, phase="play")
    s.apply("discard 4♣")
    r = s.results[-1]
    assert r.ended.rule == "end.stock-exhausted"
    assert r.ended.message() == ("Ada must draw but the stock is empty: the hand is over, with no "
                                 "going-out bonus.")
    assert all(e.rule != "score.going-out" for _, _, e in r.lines)
    assert r.totals == [-25, -5]


def test_two_players_draw_two_cards_four_players_one() -> None:
    two = situation("rioplatense", names=("Tú", "Ada"), hands={"Tú": "9♠ 9♦ 4♣", "Ada": "5♣"},
                    stock="5♦ 6♦ 7♦", phase="draw")
    exp = two.apply("draw")
    assert exp.message() == "You draw the 5♦ and the 6♦ from the stock; 100 remain."
    assert canasta.cards.cards_text(two.hands[0]) == "9♠ 9♦ 4♣ 5♦ 6♦"
    assert two.sides == ((0,), (1,))
    four = table(stock="5♦ 6♦", phase="draw")
    assert four.check("draw").facts["count"] == 1


def test_first_player_drawn_by_the_engine() -> None:
    g = canasta.new_game("rioplatense", seed=1)
    first = g.deal_events[0]
    assert first.rule == "deal.first-player"
    assert first.message() == ("Draw for mano: you JK, Ada J♥, Bo 3♣ and Cleo A♦. You drew the "
                               "highest card and play first; Cleo deals.")
    assert (g.turn, g.dealer) == (0, 3)
    tie = canasta.new_game("rioplatense", seed=7)  # two aces: Tú and Ada draw again
    assert tie.deal_events[0].message() == ("Draw for mano: you A♠, Ada A♥, Bo K♠ and Cleo 3♥; "
                                            "in the tie-break, you 2♠ and Ada J♠. Ada drew the "
                                            "highest card and plays first; you deal.")
    assert (tie.turn, tie.dealer) == (1, 0)
    plain = canasta.new_game(canasta.find_variant("rioplatense").with_options(first_player_draw=False))
    assert plain.deal_events[0].rule == "deal.hands" and plain.turn == 0


def test_target_chosen_at_table_creation() -> None:
    v = canasta.find_variant("argentina").with_options(origin="table", target=3000)
    src = v.source("game.end")
    assert src is not None and src.kind == "house" and src.ref == "table"
    assert src.note == "house.table-option"
    assert v.target == 3000 and canasta.find_variant("rioplatense").target == 5000


def test_deal_thirteen_cards_from_106() -> None:
    g = canasta.new_game("rioplatense", seed=2, players=2)
    assert [len(h) for h in g.hands] == [13, 13]
    assert g.variant.pack_size == 106 and g.conservation_errors() == []
    with pytest.raises(canasta.VariantError):
        canasta.new_game("rioplatense", players=3)


@pytest.mark.parametrize("players", [2, 4])
def test_random_games_keep_every_card(players: int) -> None:
    res = SimResult("rioplatense")
    for seed in range(2):
        play_game("rioplatense", seed, players=players, max_hands=1, result=res)
    assert res.violations == []
    assert res.hands == 2 and res.decisions > 50


def test_canasta_score_counts_a_rioplatense_table(tmp_path, capsys) -> None:
    import json

    from canasta.cli import main

    table_file = tmp_path / "rio.json"
    table_file.write_text(json.dumps({
        "format": "canasta-scenario", "version": 1, "variant": "rioplatense",
        "players": ["Tú", "Ada", "Bo", "Cleo"],
        "melds": {"Tú & Bo": ["K♠ K♠ K♥ K♥ K♣ K♣ K♦", "2♣ 2♦ 2♥ 2♠ 2♣ 2♦ JK", "Q♠ Q♥ Q♦"],
                  "Ada & Cleo": ["8♠ 8♦ 8♥"]},
        "red_threes": {"Tú & Bo": "3♥ 3♦", "Ada & Cleo": "3♥"},
        "hands": {"Tú": "", "Ada": "4♣ 4♦", "Bo": "5♣ 9♦", "Cleo": "A♠"}, "went_out": "Tú"},
        ensure_ascii=False), encoding="utf-8")
    assert main(["score", str(table_file), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [s["total"] for s in data["sides"]] == [2055, -100]
    assert [line["points"] for line in data["sides"][0]["lines"]] == [100, 500, 1000, 200, 270, -15]


def test_play_table_runs_a_rioplatense_hand() -> None:
    from canasta.widgets import PlayTable

    table = PlayTable("rioplatense", seed=5)
    for _ in range(40):
        if table.state.hand_over:
            break
        offered = [a.text for a in table.state.legal_actions()]
        assert offered, "no legal action offered"
        assert table.play(offered[-1])  # the action text, through the parser
    assert table.state.conservation_errors() == []


def test_a_two_card_draw_names_the_cards_drawn_not_the_red_threes_replacements() -> None:
    # two players draw two cards: the first is a red three, replaced at once by the next card
    # (K♠), so the second draw is the 3♦, itself replaced (by a 3♥, replaced by the 2♣)
    s = situation("rioplatense", names=("Tú", "Ada"), hands={"Tú": "9♠ 9♦ 4♣", "Ada": "5♥ 6♥"},
                  pile="8♣", stock="3♥ K♠ 3♦ 3♥ 2♣ 7♦", turn="Tú")
    before = len(s.stock)
    exp = s.apply("draw")
    assert exp.message("es") == f"Robas el 3♥ y el 3♦ del mazo; quedan {before - 2}."
    assert exp.message() == f"You draw the 3♥ and the 3♦ from the stock; {before - 2} remain."
    events = s.history[-1].events
    assert [e.message("es") for e in events] == [
        "Pones el tres rojo 3♥ boca arriba y robas el K♠ en su lugar.",
        "Pones el tres rojo 3♦ boca arriba y robas el 3♥ en su lugar.",
        "Pones el tres rojo 3♥ boca arriba y robas el 2♣ en su lugar.",
    ]
    assert [c.text for c in s.hands[0][3:]] == ["K♠", "2♣"]
    assert len(s.stock) == before - 5


@pytest.mark.parametrize(("seed", "es", "en"), [
    (6, "El pozo empieza con la Q♦ boca arriba, sobre el 2♠ y el 2♦, y queda premiado por los "
        "comodines que cubre.",
     "The pile starts with Q♦ face up, covering 2♠ 2♦, and the covered wild cards make it "
     "premiado."),
    # a red three and one wild card covered: one wild card makes it premiado
    (4, "El pozo empieza con el 9♥ boca arriba, sobre el 3♦ y el 2♣, y queda premiado por el "
        "comodín que cubre.",
     "The pile starts with 9♥ face up, covering 3♦ 2♣, and the covered wild card makes it "
     "premiado."),
])
def test_the_upcard_says_how_many_wild_cards_it_covers(seed: int, es: str, en: str) -> None:
    state = canasta.new_game("rioplatense", seed=seed)
    exp = next(e for e in state.deal_events if e.rule == "deal.upcard")
    assert (exp.message("es"), exp.message()) == (es, en)
