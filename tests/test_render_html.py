"""HTML views: card pictures with text labels, escaping of every user string, and views that
show what the engine decided."""

from __future__ import annotations

import re

import canasta
from canasta.cards import parse_card
from canasta.render.html import (
    actions_html,
    breakdown_html,
    card_html,
    explanation_html,
    hand_html,
    melds_html,
    pile_html,
    state_html,
)
from canasta.render.svg import card_label
from canasta.situation import situation


def test_card_pictures_carry_a_text_label_and_the_suit_symbol() -> None:
    k = card_html(parse_card("K♠"))
    assert 'aria-label="king of spades"' in k and "<title>king of spades</title>" in k
    assert "♠" in k and 'role="img"' in k
    ten = card_html(parse_card("10♥"), lang="es")
    assert 'aria-label="10 de corazones"' in ten and ">10<" in ten and "#b71c1c" in ten
    jk = card_html(parse_card("JK"))
    assert 'aria-label="joker"' in jk and "★" in jk
    back = card_html(parse_card("A♦"), face_up=False)
    assert 'aria-label="face-down card"' in back
    assert "A♦" not in back and "diamonds" not in back  # a back gives nothing away
    assert card_label(parse_card("Q♣"), "es") == "reina de tréboles"


def test_card_repr_html_is_the_svg() -> None:
    c = parse_card("7♦")
    assert c._repr_html_() == card_html(c)


def test_hidden_hands_show_only_backs_and_the_count() -> None:
    g = canasta.new_game("classic", seed=3)
    html = state_html(g, viewpoint=0)
    seat0 = len(g.hands[0])
    labels = re.findall(r'aria-label="([^"]+)"', html)
    faces = [lab for lab in labels if lab not in ("face-down card",)]
    # seat 0's hand, the pile's top card and the red threes on the table are the faces shown
    shown = seat0 + 1 + sum(len(r) for r in g.red_threes)
    assert len(faces) == shown
    assert f"{len(g.hands[1])} cards" in html
    assert state_html(g).count('aria-label="face-down card"') == 1  # only the stock


def test_player_names_are_escaped_everywhere() -> None:
    g = canasta.new_game("classic", seed=1, names=["<b>x</b>", "Ada", "Bo&Co", "Cleo"])
    html = state_html(g, lang="en")
    assert "<b>x</b>" not in html and "&lt;b&gt;x&lt;/b&gt;" in html
    assert "Bo&amp;Co" in html
    exp = g.check("discard 4♠")
    eh = explanation_html(exp)
    assert "&lt;b&gt;x&lt;/b&gt; must draw" in eh and "<b>x</b>" not in eh
    g._repr_html_()  # the core reaches the same renderer


def test_explanation_shows_verdict_message_rule_source_and_sub_reasons() -> None:
    st = situation("classic", hands={"Tú": "K♠ K♥ 4♦ 9♣ 6♥"}, phase="play")
    exp = st.check("meld K♠ K♥ 4♦")
    html = explanation_html(exp, "en")
    assert "✘ refused" in html and 'data-rule="meld.same-rank"' in html
    assert "mixes the ranks 4 and K" in html
    assert "En la canasta no hay escaleras." in html  # the seed's sentence, quoted
    # the verdict and the reason in front, the rule id and the source behind "details"
    front, details = html.split("<details", 1)
    assert "mixes the ranks" in front and "meld.same-rank" not in front.split('data-rule=')[1][20:]
    assert "<summary" in details and "meld.same-rank" in details and "Reglas de Canasta" in details
    assert "003_e73885e20654a5c7.txt" not in html
    ok = st.check("discard 4♦")
    assert "✔ allowed" in explanation_html(ok) and "✔ permitido" in explanation_html(ok, "es")


def test_melds_and_pile_show_the_engines_status_in_both_languages() -> None:
    st = situation("classic", hands={"Tú": "9♣ A♦"},
                   melds={"Tú": ["K♠ K♥ K♣ K♦ K♠ K♥ JK", "8♦ 8♠ 2♣"]},
                   pile="5♥ 2♦ 7♠", phase="draw")
    en, es = melds_html(st, 0, "en"), melds_html(st, 0, "es")
    assert "mixed canasta" in en and "not a canasta yet (3/7)" in en
    assert "canasta mixta" in es and "aún no es canasta (3/7)" in es
    pile = pile_html(st)
    assert "3 cards" in pile and "frozen: it holds a wild card or a red three" in pile
    blocked = situation("classic", hands={"Tú": "9♣"}, pile="5♥ 3♠")
    assert "blocked: a black three is on top" in pile_html(blocked)
    assert "hidden" not in hand_html(st.hands[0])


def test_a_variants_own_canasta_kind_is_named_as_its_scoring_names_it() -> None:
    st = situation("rioplatense", names=["A", "B"], hands={"A": "9♣"},
                   melds={"A": ["2♣ 2♦ 2♥ 2♠ JK 2♣ 2♦"]}, phase="play")
    assert "★ wild-card canasta" in melds_html(st, 0, "en")
    assert "★ canasta de comodines" in melds_html(st, 0, "es")


def test_breakdown_lists_each_line_with_points_and_names_escaped() -> None:
    st = situation("classic", names=["<i>T</i>", "Ada", "Bo", "Cleo"], hands={"<i>T</i>": "9♣ A♦"},
                   melds={"Bo": ["K♠ K♥ K♣ K♦ K♠ K♥ JK"]}, phase="play", turn="Bo")
    st.hands[2] = [parse_card("A♠"), parse_card("A♣"), parse_card("A♥"), parse_card("5♥")]
    st.apply("meld A♠ A♣ A♥")
    st.apply("discard 5♥")
    res = st.last_result
    assert res is not None
    html = breakdown_html(res, st, "en")
    assert "&lt;i&gt;T&lt;/i&gt; &amp; Bo" in html and "<i>T</i>" not in html
    for rule in ("score.going-out", "score.canasta", "score.meld-cards", "score.hand-cards"):
        assert f'data-rule="{rule}"' in html
    assert f">{res.totals[0]}<" in html
    assert "Fin de la mano" in breakdown_html(res, ["A", "B"], "es")


def test_actions_are_grouped_by_kind() -> None:
    g = canasta.new_game("classic", seed=2)
    html = actions_html(g.legal_actions(), "es")
    assert "Robar del mazo" in html and "<code>robar</code>" in html  # in the learner's language
    assert "<code>draw</code>" in actions_html(g.legal_actions(), "en")


def test_actions_beyond_the_first_few_are_folded_not_lost() -> None:
    from canasta.situation import situation

    st = situation(hands={"Tú": "K♠ K♥ 8♦ 8♠ 4♦ 9♣ Q♥ 5♣"}, phase="play")
    discards = [a for a in st.legal_actions() if type(a).__name__ == "Discard"]
    html = actions_html(discards, "es")
    shown, folded = html.split("<details>")
    assert shown.count("<code>descartar") == 5 and folded.count("<code>descartar") == 3
    assert "<summary" in folded and "… y 3 más de este tipo</summary>" in folded
    for a in discards:  # every action, shown or folded, once
        assert html.count(f"<code>descartar {a.card.text}</code>") == 1
    assert "<details>" not in actions_html(discards[:5], "es")


def test_output_is_deterministic() -> None:
    a = canasta.new_game("classic", seed=5)
    b = canasta.new_game("classic", seed=5)
    assert state_html(a, 0, "es") == state_html(b, 0, "es")


def test_fresh_cards_are_highlighted_once_per_copy() -> None:
    """Of two K♠ (two packs) of which one has just arrived, one is highlighted."""
    from canasta.cards import parse_cards
    from canasta.render.html import cards_html

    html = cards_html(parse_cards("K♠ Q♥ K♠"), fresh=parse_cards("K♠"))
    assert html.count('class="canasta-fresh"') == 1 and html.count("<svg") == 3
    assert cards_html(parse_cards("K♠ Q♥"), fresh=()).count("canasta-fresh") == 0
