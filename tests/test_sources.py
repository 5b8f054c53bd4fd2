"""Explanations written for a learner: a source quotes the sentence that STATES the rule (never a
sentence of the sample story about one card), names a text by its title (its file name only where
a developer looks), and says its reasoning in words (no "RULES_NOTES"); checked facts read as a
player's words; the HTML view shows the verdict and the reason first, the rule and the facts in a
"details" disclosure."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import canasta
from canasta.cli import main
from canasta.render.html import explanation_html
from canasta.render.text import source_text
from canasta.situation import situation
from canasta.variants import VARIANTS
from canasta.words import source_line

SEED_FILE = re.compile(r"\d{3}_[0-9a-f]{16}\.txt")
DEVELOPER_WORDS = re.compile(r"RULES_NOTES|§\s*\d|\b[A-E]\d{1,2}\b\)")
SUITS = set("♠♥♦♣")
# where the seed of classic Canasta (003) stops stating rules and tells its sample game
STORY_START = "Canasta: una partida de ejemplo"
# sentences that state a rule in general with an example of cards (not about one card of a story)
EXAMPLES = {"Grupo — el mismo valor, como 9♠ 9♥ 9♦."}


def seeds_dir() -> Path | None:
    here = Path(__file__).resolve()
    for base in (here.parents[1], *here.parents[2:4]):
        d = base / "shared" / "seeds"
        if d.is_dir():
            return d
    return None


def sources():
    for v in VARIANTS:
        for rid in v.rule_ids():
            yield v, rid, v.source(rid)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_learner_sources_name_texts_by_title_and_reason_in_words(lang: str) -> None:
    for v, rid, src in sources():
        line = source_line(src, lang)
        assert line, (v.name, rid)
        assert not SEED_FILE.search(line), (v.name, rid, line)
        assert not DEVELOPER_WORDS.search(line), (v.name, rid, line)
        if src.kind == "seed":
            assert SEED_FILE.search(source_line(src, lang, developer=True))  # for a developer


def test_no_source_quotes_a_sentence_about_one_card() -> None:
    for v, rid, src in sources():
        for quote in (src.quote, *src.also):
            if src.kind == "seed" and quote not in EXAMPLES:
                assert not SUITS & set(quote), (v.name, rid, quote)


def test_no_classic_source_quotes_the_sample_story() -> None:
    d = seeds_dir()
    if d is None:
        pytest.skip("the seed files are not here")
    text = " ".join(next(d.glob("003_*.txt")).read_text("utf-8").split())
    story = text[text.index(STORY_START):]
    for rid in canasta.find_variant("classic").rule_ids():
        src = canasta.find_variant("classic").source(rid)
        if src is not None and src.kind == "seed":
            for quote in (src.quote, *src.also):
                assert " ".join(quote.split()) not in story, (rid, quote)


@pytest.mark.parametrize("variant", [v.name for v in VARIANTS])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_canasta_rules_shows_titles_and_verbose_shows_files(variant: str, lang: str,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", variant, "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert not SEED_FILE.search(out) and "RULES_NOTES" not in out
    title = {"en": "Source", "es": "Fuente"}[lang]
    assert title in out
    assert main(["rules", variant, "--lang", lang, "--verbose"]) == 0
    assert SEED_FILE.search(capsys.readouterr().out)


def test_rules_in_spanish_are_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    for v in VARIANTS:
        assert main(["rules", v.name, "--lang", "es"]) == 0
        out = re.sub(r"\b[a-z]+(\.[a-z0-9-]+)+\b", "", capsys.readouterr().out.lower())  # ids
        for english in (" the ", " pile ", " meld", " wild card", " source", " rule ", " side "):
            assert english not in out, (v.name, english)


def test_the_html_view_shows_the_reason_first_and_the_rule_behind_details() -> None:
    st = situation(phase="play", hands={"Tú": "K♠ K♥ K♣ 4♠"})
    exp = st.check("meld K♠ K♥")
    html = explanation_html(exp, "es")
    front, _, behind = html.partition("<details")
    shown = re.sub(r"<[^>]+>", "", front)  # what the reader sees before opening the details
    assert exp.message("es") in shown and "✘" in shown
    assert exp.rule not in shown and exp.rule in behind
    assert "Reglas de Canasta" in behind and not SEED_FILE.search(html)


def test_messages_and_their_html_have_no_file_names_or_notes() -> None:
    from canasta.bots import GreedyBot

    for v in VARIANTS:
        st = canasta.new_game(v.name, seed=5)
        bot = GreedyBot(5)
        for _ in range(60):
            if st.hand_over:
                break
            st.apply(bot.choose(st))
        for step in st.history:
            for lang in ("en", "es"):
                html = explanation_html(step.explanation, lang)
                assert not SEED_FILE.search(html) and "RULES_NOTES" not in html, v.name
                assert not SEED_FILE.search(source_text(step.explanation.source, lang))


def test_the_draw_names_the_card_for_its_player_only() -> None:
    st = canasta.new_game("classic", seed=11)
    exp = st.apply("draw")
    drawn = st.hands[0][-1].text
    assert drawn in exp.message("en")  # you drew it: you see it
    assert drawn not in exp.message("en", viewer="Ada") or drawn in " ".join(
        c.text for c in st.hands[0][:-1])


def test_checked_facts_read_as_a_players_words() -> None:
    from canasta.records import verify_checkpoint

    st = canasta.new_game("classic", seed=2)
    checked = verify_checkpoint(st, {"pile_size": len(st.pile),
                                     "hand": {"Tú": " ".join(c.text for c in st.hands[0])}})
    for lang in ("en", "es"):
        text = " · ".join(p.get(lang) for p in checked)
        assert "pile_size" not in text and "hand[" not in text, text
    assert "The pile has" in checked[0].get("en").capitalize() or any(
        "pile has" in p.get("en") for p in checked)
