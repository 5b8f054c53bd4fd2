"""House rules from Python and from TOML files: valid files, every kind of invalid one, and the
house rule named with its origin in the explanations that depend on it."""

from __future__ import annotations

from pathlib import Path

import pytest

import canasta
from canasta.houserules import house_options, house_variant, load_house_rules, parse_house_rules
from canasta.situation import situation

EXAMPLES = Path(__file__).parent.parent / "examples" / "house_rules"


def test_example_files_load() -> None:
    files = sorted(EXAMPLES.glob("*.toml"))
    assert [f.name for f in files] == ["familia_dos_canastas.toml", "family_two_canastas.toml",
                                       "individual_host.toml", "rioplatense_3000.toml"]
    familia, family, host, rio = (load_house_rules(f) for f in files)
    assert (family.name, family.title.en) == ("classic", "Family rules")
    assert (family.canastas_to_go_out, family.target) == (2, 3000)
    # the same family's rules written in Spanish, for the Spanish page of the variants
    assert (familia.name, familia.title.es) == ("classic", "Reglas de la familia")
    assert (familia.canastas_to_go_out, familia.target) == (2, 3000)
    assert (host.top_card_only, host.wild_in_hand_cost) == (True, 2)
    assert rio.target == 3000
    src = rio.source("game.end")
    assert src is not None and src.note == "house.table-option"


def test_family_rules_refuse_going_out_with_one_canasta_and_name_the_file() -> None:
    path = str(EXAMPLES / "family_two_canastas.toml")
    v = load_house_rules(path)
    s = situation(v, hands={"Tú": "Q♠ Q♥ Q♦"}, melds={"Tú": ["K♠ K♠ K♥ K♥ K♣ K♣ K♦"]}, phase="play")
    exp = s.check("meld Q♠ Q♥ Q♦")
    assert (exp.allowed, exp.rule) == (False, "out.needs-canasta")
    assert exp.message() == ("You cannot be left with no cards: going out needs 2 canastas and "
                             "your side has only one.")
    assert exp.source is not None
    assert exp.source.text() == (f"House rule ({path}): “canastas_to_go_out = 2” — Overrides the "
                                 "Classic Canasta rules.")
    # a rule that no option touches keeps its seed source
    assert s.check("meld Q♠ Q♥").source.kind == "seed"  # type: ignore[union-attr]
    # the same table under the plain rules goes out
    plain = situation("classic", hands={"Tú": "Q♠ Q♥ Q♦"}, melds={"Tú": ["K♠ K♠ K♥ K♥ K♣ K♣ K♦"]},
                      phase="play")
    assert plain.check("meld Q♠ Q♥ Q♦").allowed


def test_python_house_variant_and_a_whole_game() -> None:
    v = house_variant("classic", "kitchen table", target=300, going_out_bonus=0)
    assert v.source("score.going-out").ref == "kitchen table"  # type: ignore[union-attr]
    g = canasta.new_game(v, seed=3)
    assert g.variant.target == 300 and g.conservation_errors() == []


def test_house_options_listed_per_variant() -> None:
    names = {o.name for o in house_options("individual")}
    assert {"top_card_only", "wild_in_hand_cost", "joker_swap", "target"} <= names
    assert "top_card_only" not in {o.name for o in house_options("classic")}
    rio = {o.name: o for o in house_options("rioplatense")}
    assert rio["wild_canasta_bonus"].value == 1000 and rio["pile_madre"].kind == "true or false"


BAD = [
    ('base = "classic"\n[options]\ncanastas = 2\n',
     "unknown house-rule option 'canastas' for Classic Canasta; known:"),
    ('base = "classic"\n[options]\ntarget = "3000"\n',
     "house-rule option 'target' must be a whole number, not '3000'"),
    ('base = "classic"\n[options]\ntarget = 3000.0\n', "'target' must be a whole number"),
    ('base = "classic"\n[options]\nask_partner = 1\n', "'ask_partner' must be true or false, not 1"),
    ('base = "classic"\n[options]\ntarget = 50\n', "'target' must be at least 100, not 50"),
    ('base = "classic"\n[options]\ntop_card_only = true\n',
     "unknown house-rule option 'top_card_only' for Classic Canasta"),
    ('base = "clasico"\n', "unknown variant 'clasico'"),
    ('[options]\ntarget = 3000\n', "'base' names the variant"),
    ('base = "classic"\nbsae = 1\n', "unknown key bsae"),
    ('base = "classic"\noptions = 3\n', "[options] is a table"),
    ('base = "classic"\n[options]\norigin = "x"\n', "unknown house-rule option 'origin'"),
]


@pytest.mark.parametrize(("text", "message"), BAD, ids=[m[:30] for _, m in BAD])
def test_invalid_house_rules_name_the_option_and_the_file(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(canasta.VariantError) as err:
        load_house_rules(path)
    assert str(err.value).startswith(f"{path}: ")
    assert message in str(err.value)


def test_malformed_and_missing_files_are_record_errors(tmp_path: Path) -> None:
    with pytest.raises(canasta.RecordError, match=r"bad\.toml: malformed TOML: .*line 2"):
        parse_house_rules('base = "classic"\n[options\n', "bad.toml")
    with pytest.raises(canasta.RecordError) as err:  # in Spanish too, where it is
        parse_house_rules('base = "classic"\n[options\n', "bad.toml")
    assert err.value.message("es") == "bad.toml: TOML mal escrito en la línea 2, columna 9"
    with pytest.raises(canasta.RecordError, match="cannot read the house-rule file"):
        load_house_rules(tmp_path / "missing.toml")


def test_python_options_are_validated_too() -> None:
    with pytest.raises(canasta.VariantError, match="unknown house-rule option 'targte'"):
        house_variant("classic", targte=3000)
    with pytest.raises(canasta.VariantError, match="'canasta_size' must be at least 3, not 2"):
        house_variant("rioplatense", canasta_size=2)


def test_a_deal_larger_than_the_pack_is_refused() -> None:
    with pytest.raises(canasta.VariantError, match="'cards_dealt' = 27 deals 109 cards to 4 players, "
                                                   "and the pack has only 108"):
        house_variant("classic", cards_dealt=27)
    assert house_variant("individual", cards_dealt=13).cards_dealt == 13  # 6 × 13 = 78 of 108
    # 4 × 20 and two muertos of 11: 102 of 104 (25 a hand left the muertos short, then no stock)
    assert house_variant("real", cards_dealt=20).cards_dealt == 20


def test_a_deal_too_large_to_list_first_melds_is_refused() -> None:
    """A side that has not opened holds its whole deal: beyond 13 cards (the largest deal of the
    five variants) the first melds it could lay down together are too many to list, so the house
    rule stops there; Canasta Real has no opening, and no such limit."""
    assert house_variant("classic", cards_dealt=13).cards_dealt == 13
    with pytest.raises(canasta.VariantError, match="'cards_dealt' must be at most 13, not 14: a "
                                                   "side that has not opened holds its whole deal"):
        house_variant("classic", cards_dealt=14)
    with pytest.raises(canasta.VariantError, match="at most 13, not 20"):
        house_variant("americana", cards_dealt=20)
