"""The card table's own help, "How to play by clicks": each row it chooses for a variant is held to
what the engine allows in played hands, and every form of every row reads whole in both languages."""

from __future__ import annotations

import itertools
import random
import re

import pytest

import canasta
from canasta.actions import AskPartner, Meld, TakePile
from canasta.registry import variant_names
from canasta.render.clicks import take_text
from canasta.render.howto import howto_view, take_mode
from canasta.render.tableview import Notes, table_view
from canasta.state import State

GAMES = [("classic", 4), ("americana", 4), ("real", 4), ("real", 2), ("individual", 2),
         ("individual", 3), ("rioplatense", 2), ("rioplatense", 4)]


def played(variant: str, players: int, hands: int = 12) -> list[tuple[State, list]]:
    """(state, legal actions) at every decision of uniformly random hands."""
    out = []
    for seed in range(hands):
        s = canasta.new_game(variant, seed=seed, players=players)
        rng = random.Random(seed)
        while not s.hand_over:
            legal = s.legal_actions()
            out.append((s.copy(), legal))
            s.play(legal[rng.randrange(len(legal))])
    return out


@pytest.fixture(scope="module", params=GAMES, ids=[f"{v}-{n}" for v, n in GAMES])
def game(request: pytest.FixtureRequest) -> tuple[str, int, list[tuple[State, list]]]:
    variant, players = request.param
    return variant, players, played(variant, players)


def test_the_take_row_says_how_the_engine_lets_the_pile_be_taken(game) -> None:
    variant, players, seen = game
    mode = take_mode(canasta.new_game(variant, players=players).variant)
    takes = [(s, a) for s, legal in seen for a in legal if isinstance(a, TakePile)]
    assert takes, variant
    if mode == "whole":
        assert all(not a.with_cards and not a.extra and a.onto is None and a.depth == 1
                   for _s, a in takes)
        # a click on the pile with nothing selected is that take
        s, a = takes[0]
        assert s.check(take_text(s, [])).allowed
    else:
        assert any(a.with_cards for _s, a in takes)
        assert all(a.with_cards or a.onto is not None for _s, a in takes)  # never the bare pile
        assert any(a.depth > 1 for _s, a in takes) == (mode == "depth")
        assert any(a.onto is not None for _s, a in takes) == (mode in ("pair_onto", "depth"))
        if mode == "pair":  # at least two naturals of the top card's rank
            for s, a in takes:
                top = s.pile[-1]
                assert sum(1 for c in a.with_cards if c.rank == top.rank) >= 2, a.text


def test_the_meld_row_speaks_of_runs_and_first_melds_together_where_the_engine_has_them(game) -> None:
    variant, players, seen = game
    view = howto_view(seen[0][0], 0, "en")
    meld = next(r for r in view["rows"] if r["key"] == "meld")["click"]
    melds = [a for _s, legal in seen for a in legal if isinstance(a, Meld)]
    v = seen[0][0].variant
    runs = any(len({c.suit for c in g}) == 1 and len({c.rank for c in g if not v.is_wild(c)}) > 1
               for a in melds for g in a.groups)
    assert ("a run" in meld) == runs == (variant == "real")
    together = any(len(a.groups) > 1 for a in melds)
    assert ("go down together" in meld) == together


def test_the_ask_row_is_there_exactly_where_a_partner_may_be_asked(game) -> None:
    variant, players, seen = game
    keys = [r["key"] for r in howto_view(seen[0][0], 0, "en")["rows"]]
    asked = any(isinstance(a, AskPartner) for _s, legal in seen for a in legal)
    assert ("ask" in keys) == asked


def test_rows_by_variant() -> None:
    def keys(v: str, n: int) -> list[str]:
        return [r["key"] for r in howto_view(canasta.new_game(v, players=n), 0, "es")["rows"]]
    base = ["draw", "take", "meld", "add", "discard"]
    assert keys("classic", 4) == [*base, "ask"]
    assert keys("real", 4) == keys("real", 2) == [*base, "muertos"]
    assert keys("americana", 4) == [*base, "alas"]
    assert keys("individual", 3) == keys("rioplatense", 2) == base


def test_spanish_rows_in_each_variants_words() -> None:
    def rows(v: str, n: int) -> dict[str, tuple[str, str]]:
        view = howto_view(canasta.new_game(v, players=n), 0, "es")
        return {r["key"]: (r["to"], r["click"]) for r in view["rows"]}
    assert rows("rioplatense", 2)["draw"] == ("robar", "el mazo (las cartas boca abajo): robas 2 cartas")
    assert rows("rioplatense", 4)["draw"] == ("robar", "el mazo (las cartas boca abajo)")
    real = rows("real", 4)
    assert real["draw"] == ("comprar", "el monte (las cartas boca abajo)")
    assert real["take"][0] == "comprar el pozo"
    assert real["take"][1].startswith("el pozo sin elegir ninguna carta, o el botón «Comprar todo el pozo»")
    assert "el primero de tu pareja que se queda sin cartas recibe el muerto" in real["muertos"][1]
    assert "recibes tu muerto: en el acto si te has quedado" in rows("real", 2)["muertos"][1]
    ame = rows("americana", 4)
    assert ame["meld"][1].endswith("los primeros juegos de tu pareja pueden bajarse juntos: elígelos todos")
    assert ame["discard"][1].endswith("cierras, siempre que tu pareja tenga 2 canastas")
    ind = rows("individual", 3)
    assert ind["take"][0] == "llevarte cartas del descarte"
    assert ind["meld"][1].endswith("tus primeras combinaciones pueden bajarse juntas: elígelas todas")
    assert ind["add"][1] == "las cartas, y después, en la mesa, la combinación donde van"
    assert rows("classic", 4)["ask"][1] == \
        "el botón «Pedir permiso al compañero para salir»: tu compañero contesta que sí o que no"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_form_of_every_row_reads_whole(lang: str) -> None:
    from canasta.render.table_words import tw
    seen = set()
    for variant in variant_names():
        base = canasta.new_game(variant).variant.base_name()
        for key in ("howto.draw", "howto.take.pair_onto", "howto.take.pair", "howto.take.whole",
                    "howto.take.depth", "howto.meld", "howto.add", "howto.discard", "howto.ask",
                    "howto.muertos", "howto.alas"):
            for alone, runs, together, muerto, n in itertools.product(
                    (True, False), (True, False), (True, False), (True, False), (1, 2, 3)):
                fill = {"alone": alone, "runs": runs, "together": together, "muerto": muerto,
                        "n": n, "button": "B"}
                for k in (key, "howto.take.to" if key.startswith("howto.take") else f"{key}.to"):
                    text = tw(k, lang, base, **fill)
                    seen.add(text)
                    assert text and not re.search(r"[{}]|\s[,;:.]|\s\s|^\s|\s$", text), (k, text)
    assert len(seen) > 40  # the forms differ: the check above read each of them


def test_the_table_carries_the_help_only_when_playing() -> None:
    s = canasta.new_game("real", seed=3)
    view = table_view(s, 0, "es")
    assert view["howto"]["title"] == "Cómo se juega con clics: Canasta Real"
    assert view["howto"]["to"] == "para…" and view["howto"]["click"] == "haz clic en"
    assert table_view(s, 0, "es", Notes(mode="sandbox"))["howto"] is None
