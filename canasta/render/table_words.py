"""The words of the card table, its coach and its one-line turn summaries, in English and Spanish.

They live in the ``[table]`` section of ``canasta/locale/en.toml`` and ``es.toml`` and are
rendered by :mod:`canasta.words`, so each variant reads in its own words (``{@pile}``: *el montón*
in the classic rules, *el pozo* in Canasta Americana, Real and rioplatense). Keys ending in
``.you`` are the second-person forms (your own turn: "You draw" / "Robas"); the others speak of a
named player in the third person.
"""

from __future__ import annotations

from ..cards import RANK_TEXT
from ..words import Ctx, catalogue, render

# The fact ``player`` of a table word, when the caller names nobody: the reader in a ``.you``
# form (a name the words machinery reads as the reader), someone else in the others. The fact
# ``you`` is always the reader ("{@take:you}": "llevarte el montón").
_READER, _OTHER = "you", ""


def table_template(key: str, lang: str = "en") -> str:
    """The template of the table word ``key`` in ``lang`` (English when the language lacks it)."""
    table = catalogue(lang).get("table", {})
    text = table.get(key)
    if text is None:
        text = catalogue("en")["table"][key]
    return str(text)


def has_word(key: str) -> bool:
    return key in catalogue("en").get("table", {})


def tw(key: str, lang: str = "en", variant: str = "", **fill: object) -> str:
    """The table word ``key`` in ``lang`` in ``variant``'s words (its vocabulary: montón or
    pozo, robar or comprar), with its ``{fields}`` filled."""
    facts = {"player": _READER if key.endswith(".you") else _OTHER, "you": _READER, **fill}
    return render(table_template(key, lang), facts, Ctx(lang, variant))


def cards_n(n: int, lang: str = "en") -> str:
    """'1 card' / '9 cards' ('1 carta' / '9 cartas')."""
    return tw("one_card", lang) if n == 1 else tw("n_cards", lang, n=n)


def rank_plural(rank: int, lang: str = "en") -> str:
    """'sevens' / 'sietes'."""
    return tw(f"rank.{RANK_TEXT[rank]}", lang)


def pile_title(variant_name: str, lang: str = "en") -> str:
    """The pile's heading in the variant's word: 'Pile' / 'Montón', 'Pozo', 'Descarte'."""
    return render("{@Pile}", {}, Ctx(lang, variant_name))


def extra_pile_title(name: str, lang: str = "en", variant: str = "") -> str:
    """The heading of a variant's extra piles ('alas', 'muertos')."""
    key = f"extra.{name}"
    return tw(key, lang, variant) if has_word(key) else name


def extra_pile_label(name: str, n: int, side: str, lang: str = "en", variant: str = "",
                     whose: str = "other") -> str:
    """One of the extra piles: 'ala of 5 cards', "your side's muerto: 11 cards" (``whose``: the
    viewer's own, "yours", their side's, "ours", or ``side``'s, "other")."""
    key = f"extra.{name}.one"
    return tw(key if has_word(key) else "hand_n", lang, variant, n=n, side=side, whose=whose)
