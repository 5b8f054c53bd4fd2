"""Individual Canasta (seed 002): each player for themselves, eleven cards, groups only, the
discard pile taken at any depth, lay-offs on anyone's melds, and host options.

Each rule names its source: the seed's sentence, or a standard rule with a note saying how a gap
or ambiguity was decided (RULES_NOTES §2.3 and §3, items C1–C10).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...actions import Action, Add, Swap, TakePile
from ...cards import ACE, JOKER, KING, RANK_TEXT, Card, sort_key, sorted_cards
from ...catalogue import Rule, register
from ...checks import (
    canasta_notes,
    going_out_check,
    has_cards,
    missing_cards,
    opening_check,
    remove_cards,
    with_cards_fault,
)
from ...explain import Cite, Explanation, L, P, Phrase, Source
from ...groups import laid_group
from ...melds import Meld as TableMeld
from ...variant import STANDARD_CLASSIC, Variant
from .moves import MOVES

if TYPE_CHECKING:
    from ...fastmoves import Generator
    from ...state import State

SEED = "002_18ed010283b66afb.txt"


_CITE = Cite(SEED, STANDARD_CLASSIC)
_seed, _std, _engine = _CITE.seed, _CITE.std, _CITE.engine


# ---- the rules only this variant uses (texts: canasta/locale/*.toml) --------------------------
for _id, _group in (("meld.wild-count", "meld"), ("pile.take-depth", "pile"), ("pile.entry", "pile"),
                    ("add.anyone", "meld"), ("swap.ok", "meld")):
    register(Rule(_id, _group))

# ---- where each rule comes from (notes: [notes] in canasta/locale/*.toml) ----------------------
SOURCES: dict[str, Source] = {
    "deal.hands": _seed("Se mezclan 2 barajas — 108 cartas, incluidos 4 comodines. Corta quien "
                        "está a la derecha de quien da, eligiendo a qué altura. Cada uno recibe "
                        "11 cartas.",
                        "individual.deal.hands",
                        also=("11 cartas para cada uno.", "2 barajas francesas — 108 cartas, 4 de ellas comodines.")),
    "turn.order": _seed("Aquí se juega cada uno por su cuenta, no en parejas, y el descarte es "
                        "más simple.",
                        "individual.turn.order"),
    "turn.already-drew": _seed("Roba una carta — del mazo boca abajo, o de arriba del descarte."),
    "turn.draw-first": _seed("Roba una carta — del mazo boca abajo, o de arriba del descarte.",
                             "",
                             also=("Descarta una carta para acabar tu turno. Arrástrala al "
                                   "descarte, o elígela y pulsa Descartar.",)),
    "draw.stock": _seed("Roba una carta — del mazo boca abajo, o de arriba del descarte."),
    "pile.empty": _engine("individual.pile.empty"),
    "pile.depth": _seed("Puedes coger el descarte a cualquier profundidad, bajando la carta por "
                        "la que entraste.",
                        "individual.pile.depth"),
    "pile.entry": _seed("Puedes coger el descarte a cualquier profundidad, bajando la carta por "
                        "la que entraste."),
    "pile.take-depth": _seed("Puedes coger el descarte a cualquier profundidad, bajando la "
                             "carta por la que entraste.",
                             "individual.pile.take-depth",
                             also=("Por lo demás, la carta cogida del descarte ha de jugarse "
                                   "ese turno.",)),
    "pile.extra-only-opening": _seed("Antes de poner nada en la mesa tienes que abrir: una "
                                     "bajada, que valga al menos 50 puntos.",
                                     "individual.pile.extra-only-opening",
                                     also=("Para ese total, el comodín cuenta como la carta que "
                                           "represente.", "Tu primera bajada ha de valer 50.")),
    "meld.min-cards": _seed("Solo grupos — sin escaleras. 3 cartas como mínimo.",
                            "",
                            also=("Aquí solo hay un tipo, y necesita al menos tres cartas.",)),
    "meld.same-rank": _seed("Solo grupos — sin escaleras. 3 cartas como mínimo.",
                            "individual.meld.same-rank",
                            also=("Grupo — el mismo valor, como 9♠ 9♥ 9♦.",)),
    "meld.wild-count": _seed("Como mucho 3 comodines en una misma combinación.",
                             "individual.meld.wild-count",
                             also=("Toda combinación necesita 2 cartas reales.", "Todo 2 es comodín.", "El comodín hace de cualquier carta, 3 por combinación como "
                                   "mucho.")),
    "meld.valid": _seed("Aquí el palo no importa y la misma carta puede repetirse, así que el "
                        "trío puede crecer todo lo que quieras."),
    "meld.rank-exists": _std("std.rank-once-player", "individual.meld.rank-exists"),
    "meld.one-at-a-time": _seed("Antes de poner nada en la mesa tienes que abrir: una bajada, "
                                "que valga al menos 50 puntos.",
                                "individual.meld.one-at-a-time"),
    "meld.ok": _seed("Baja lo que puedas — combinaciones nuevas, cartas añadidas a las que ya "
                     "están en la mesa, o un cambio por comodín."),
    "meld.canasta": _seed("Una combinación de 7 es canasta: 500 limpia, 300 con comodín.",
                          "individual.meld.canasta"),
    "add.anyone": _seed("Puedes añadir a las combinaciones de cualquiera.",
                        "individual.add.anyone",
                        also=("Hasta entonces no puedes bajar, añadir a las combinaciones de "
                              "otros, ni coger un comodín de la mesa.",)),
    "swap.off": _seed("El comodín que está en la mesa se queda ahí.", "individual.swap.off"),
    "swap.ok": _seed("Baja lo que puedas — combinaciones nuevas, cartas añadidas a las que ya "
                     "están en la mesa, o un cambio por comodín.",
                     "individual.swap.ok"),
    "hand.has-cards": _engine("individual.hand.has-cards"),
    "open.threshold": _seed("Antes de poner nada en la mesa tienes que abrir: una bajada, que "
                            "valga al menos 50 puntos.",
                            "individual.open.threshold",
                            also=("Para ese total, el comodín cuenta como la carta que "
                                  "represente.", "Tu primera bajada ha de valer 50.")),
    "open.minimum": _seed("Antes de poner nada en la mesa tienes que abrir: una bajada, que "
                          "valga al menos 50 puntos.",
                          "individual.open.minimum",
                          also=("Para ese total, el comodín cuenta como la carta que represente.", "Tu primera bajada ha de valer 50.")),
    "out.needs-canasta": _seed("Necesitas una combinación de 7 antes de poder cerrar.",
                               "individual.out.needs-canasta",
                               also=("Necesitas una combinación de 7 antes de poder cerrar.",)),
    "out.went-out": _seed("Puedes cerrar bajando tu última carta, sin descarte final.",
                          "individual.out.went-out"),
    "out.ask-partner-none": _engine("individual.out.ask-partner-none"),
    "out.answer-first": _engine("individual.out.answer-first"),
    "discard.ok": _seed("Descarta una carta para acabar tu turno."),
    "discard.out": _seed("Cierras deshaciéndote de todo. Eso te da 100."),
    "end.went-out": _seed("El primero en cerrar acaba la mano y a todos los demás se les "
                          "castiga por lo que aún tienen."),
    "end.stock-exhausted": _std("std.stock-empty-plain", "individual.end.stock-exhausted"),
    "turn.pass": _std("std.stock-empty-plain", "individual.end.stock-exhausted"),
    "draw.stock-empty": _std("std.stock-empty-plain", "individual.end.stock-exhausted"),
    "score.going-out": _seed("Cierras deshaciéndote de todo. Eso te da 100.",
                             "individual.score.going-out"),
    "score.canasta": _seed("Una combinación de 7 es canasta: 500 limpia, 300 con comodín."),
    "score.meld-cards": _seed("Tus combinaciones cuentan a tu favor; lo que te quede en la "
                              "mano, en contra.",
                              "individual.score.meld-cards"),
    "score.hand-cards": _seed("Los demás cuentan lo que les queda en la mano: su valor para los "
                              "números, 10 para las figuras, 20 para el as, 50 para el comodín.",
                              "individual.score.hand-cards",
                              also=("Si te queda en la mano al final, el comodín te cuesta 50 "
                                    "puntos — la carta más cara del juego.", "Un comodín que te queda en la mano cuesta 50.")),
    "score.total": _seed("Aquí la puntuación cuenta ganancias, así que mucha es buena."),
    "game.end": _seed("La partida acaba cuando alguien llega a 5000.", "individual.game.end"),
    "game.over": _engine("individual.game.over"),
    "hand.over": _engine("individual.hand.over"),
    "hand.next": _std("std.next-deal", "individual.hand.next"),
    "hand.in-progress": _engine("individual.hand.in-progress"),
}

# Host options of seed 002 ("el anfitrión puede cambiar cualquiera de ellas"), beyond the common ones
_OWN_RULE_IDS: dict[str, tuple[str, ...]] = {
    "top_card_only": ("pile.depth", "pile.take-depth"),
    "wild_in_hand_cost": ("score.hand-cards", "score.meld-cards"),
    "joker_swap": ("swap.off", "swap.ok"),
}


@dataclass(frozen=True)
class Individual(Variant):
    """Each player for themselves, as told in seed 002."""

    top_card_only: bool = False  # host option: the discard is taken only from the top
    joker_swap: bool = False  # host option; off as the seed's rule list says (RULES_NOTES C2)
    wild_in_hand_cost: int = 50  # value of a 2 (RULES_NOTES C4)

    # ---- house (host) options ---------------------------------------------------------------
    def house_rule_ids(self, option: str) -> tuple[str, ...]:
        return _OWN_RULE_IDS.get(option) or super().house_rule_ids(option)

    # ---- cards and melds ------------------------------------------------------------------
    def value(self, c: Card) -> int:
        return self.wild_in_hand_cost if c.rank == 2 else super().value(c)

    def meld_points(self, cards: Sequence[Card]) -> int:
        # for the opening, a wild card counts as the card it stands for
        rank = next((c.rank for c in cards if not self.is_wild(c)), None)
        stands_for = dict(self.card_values).get(rank, 0) if rank is not None else 0
        return sum(stands_for if self.is_wild(c) and rank is not None else self.value(c)
                   for c in cards)

    def make_meld(self, cards: Sequence[Card], *, going_out: bool = False
                  ) -> tuple[TableMeld | None, Explanation]:
        cache = self.__dict__.setdefault("_group_cache", {})
        key = tuple(cards)
        if key not in cache:
            if len(cache) > 100_000:  # keep memory flat over long simulations
                cache.clear()
            cache[key] = self._group(key, None)
        return cache[key]

    def extend_meld(self, meld: TableMeld, cards: Sequence[Card]
                    ) -> tuple[TableMeld | None, Explanation]:
        return self._group(tuple(cards), meld)

    # an allowed group or lay-off laid out directly (as _group lays it), without the explanation
    # that applying it would throw away
    def laid_meld(self, cards: Sequence[Card], *, going_out: bool = False) -> TableMeld:
        rank = next((c.rank for c in cards if not self.is_wild(c)), None)
        if rank is None:
            return super().laid_meld(cards, going_out=going_out)
        return laid_group(self, rank, cards)

    def grown_meld(self, meld: TableMeld, cards: Sequence[Card]) -> TableMeld:
        return laid_group(self, int(meld.key), meld.cards + tuple(cards))

    def _group(self, cards: tuple[Card, ...], on: TableMeld | None
               ) -> tuple[TableMeld | None, Explanation]:
        """meld.min-cards, meld.same-rank, meld.wild-count: a group of one rank (threes too)."""
        total = (on.cards if on else ()) + cards
        if on is None and len(total) < self.meld_min:
            return None, self.explain(False, "meld.min-cards", cards=total, count=len(total),
                                      need=self.meld_min)
        naturals = [c for c in total if not self.is_wild(c)]
        wilds = [c for c in total if self.is_wild(c)]
        ranks = sorted({c.rank for c in naturals})
        if len(ranks) > 1:
            return None, self.explain(False, "meld.same-rank", cards=total,
                                      ranks=tuple(RANK_TEXT[r] for r in ranks))
        if len(wilds) > self.max_wilds:
            why = P("why.too-many-wilds", wilds=len(wilds), most=self.max_wilds)
        elif len(naturals) < self.min_naturals:
            why = P("why.few-naturals", naturals=len(naturals), need=self.min_naturals)
        else:
            limit = self.explain(True, "meld.wild-count", cards=total, naturals=len(naturals),
                                 wilds=len(wilds))
            meld = TableMeld("group", ranks[0], tuple(sorted_cards(naturals) + sorted_cards(wilds)),
                             len(wilds))
            return meld, self.explain(True, "meld.valid", (limit,), cards=meld.cards,
                                      rank=RANK_TEXT[ranks[0]], naturals=len(naturals),
                                      wilds=len(wilds))
        return None, self.explain(False, "meld.wild-count", cards=total, naturals=len(naturals),
                                  wilds=len(wilds), why=why)

    def locate_meld(self, state: State, side: int, target: str) -> tuple[int, int] | None:
        """'9' or '#2' names one of the player's melds; 'Ada:9' one of Ada's."""
        owner = side
        if ":" in target:
            who, target = target.split(":", 1)
            seat = state.seat_of(who)
            if seat is None:
                return None
            owner = state.side_of(seat)
        idx = state.find_meld(owner, target)
        return None if idx is None else (owner, idx)

    # ---- the discard pile, taken at any depth ------------------------------------------------
    def pile_taken_count(self, state: State, depth: int) -> int:
        return depth

    @property
    def _top_only(self) -> bool:
        return self.top_card_only or not self.pile_any_depth

    def check_take_pile(self, state: State, a: TakePile) -> Explanation:
        name, seat = state.player, state.turn
        side = state.side_of(seat)
        if not state.pile:
            return self.explain(False, "pile.empty", player=name)
        # pile.depth: the host may allow only the top card
        if a.depth > len(state.pile) or (self._top_only and a.depth != 1):
            return self.explain(False, "pile.depth", player=name, depth=a.depth,
                                deep=a.depth > len(state.pile), size=len(state.pile))
        entry = state.pile[-a.depth]
        above = state.pile[len(state.pile) - a.depth + 1:]
        facts: dict[str, Any] = {"player": name, "card": entry, "depth": a.depth}
        # pile.entry: the card gone in for is melded at once
        if self.is_wild(entry):
            return self.explain(False, "pile.entry", **facts,
                                why=P("why.entry-wild"))
        opened = state.opened[side]
        if a.extra and opened:
            return self.explain(False, "pile.extra-only-opening", player=name,
                                side=state.side_label(side))
        used = list(a.with_cards) + [c for g in a.extra for c in g]
        # the cards above join the hand first: the card gone in for may be melded with them
        # (Rummy 500, the rule this take comes from: "the selected card, and any and all cards
        # to the right of it, are added to your hand; your next action must be to meld it")
        pool = [*state.hands[seat], *above]
        if missing_cards(pool, used):
            return has_cards(state, used)
        after = [list(m) for m in state.melds]
        subs: list[Explanation] = []
        if a.onto is not None:
            loc = self.locate_meld(state, side, a.onto)
            if not opened:
                return self.explain(False, "pile.entry", **facts,
                                    why=P("why.entry-not-opened", player=name))
            if loc is None or state.melds[loc[0]][loc[1]].key != entry.rank:
                return self.explain(False, "pile.entry", **facts,
                                    why=P("why.no-meld-called", rank=RANK_TEXT[entry.rank],
                                          meld=a.onto))
            owner, idx = loc
            meld, exp = self.extend_meld(state.melds[owner][idx], (entry,))
            if meld is None:
                return exp
            after[owner][idx] = meld
            entry_cards: tuple[Card, ...] = (entry,)
            how = P("how.on-meld-of", owner=state.side_label(owner), meld=meld.label)
        else:
            w = a.with_cards
            # the card gone in for goes down with two or more of its rank and wild cards (the
            # text names no number; the meld's own rules bound the wild cards)
            more = self.pile_meld_more
            if len(w) < 2 or (not more and len(w) != 2) or not any(
                    not self.is_wild(c) for c in w) or any(
                    not self.is_wild(c) and c.rank != entry.rank for c in w):
                why = with_cards_fault(self, w, entry.rank, None if more else 2,
                                       deep=a.depth > 1) or P(
                    "why.entry-two-cards", rank=RANK_TEXT[entry.rank], deep=a.depth > 1,
                    more=more)
                return self.explain(False, "pile.entry", **facts, why=why)
            entry_cards = (entry, *w)
            own = _own_group(state, side, entry.rank)
            if own is not None:  # the player's own meld of that rank grows
                meld, exp = self.extend_meld(state.melds[side][own], entry_cards)
            else:
                meld, exp = self.make_meld(entry_cards)
            if meld is None:
                return exp
            if own is not None:
                after[side][own] = meld
            else:
                after[side].append(meld)
            how = P("how.with-cards", cards=tuple(w))
        subs.append(self.explain(True, "pile.entry", **facts, how=how))
        ranks = {entry.rank}
        for g in a.extra:
            meld, exp = self.make_meld(g)
            if meld is None:
                return exp
            if meld.key in ranks or _own_group(state, side, meld.key) is not None:  # type: ignore[arg-type]
                return self.explain(False, "meld.rank-exists", player=name, side=state.side_label(side), rank=meld.label)
            ranks.add(meld.key)  # type: ignore[arg-type]
            after[side].append(meld)
            subs.append(exp)
        if not opened:
            op = opening_check(state, side, [entry_cards, *a.extra])
            if not op.allowed:
                return op
            subs.append(op)
        hand_after = remove_cards(pool, used)
        out = going_out_check(state, side, len(hand_after), after[side], discarding=False)
        if out is not None:
            if not out.allowed:
                return out
            subs.append(out)
        for s in range(len(after)):
            subs.extend(canasta_notes(state, state.melds[s], after[s]))
        return self.explain(True, "pile.take-depth", tuple(subs), player=name, count=a.depth,
                            card=entry, also=tuple(a.extra))

    # ---- melds, lay-offs and the discard -----------------------------------------------------
    def check_add(self, state: State, a: Add) -> Explanation:
        name, seat = state.player, state.turn
        side = state.side_of(seat)
        facts: dict[str, Any] = {"player": name, "cards": a.cards, "meld": a.target}
        # add.anyone: after opening, onto anyone's meld (a meld that is not there is said first:
        # "Bo:A" in a game without Bo is no meld, whether or not the player has opened)
        loc = self.locate_meld(state, side, a.target)
        if loc is None or not a.cards:
            return self.explain(False, "add.anyone", **facts, why=P("why.no-such-meld"))
        if not state.opened[side]:
            return self.explain(False, "add.anyone", **facts, why=P("why.not-opened", player=name))
        held = has_cards(state, a.cards)
        if not held.allowed:
            return held
        owner, idx = loc
        meld, exp = self.extend_meld(state.melds[owner][idx], a.cards)
        if meld is None:
            return exp
        after = [list(m) for m in state.melds]
        after[owner][idx] = meld
        hand_after = remove_cards(state.hands[seat], a.cards)
        subs = [exp]
        out = going_out_check(state, side, len(hand_after), after[side], discarding=False)
        if out is not None:
            if not out.allowed:
                return out
            subs.append(out)
        subs.extend(canasta_notes(state, state.melds[owner], after[owner]))
        return self.explain(True, "add.anyone", tuple(subs), player=name, cards=a.cards,
                            owner=state.side_label(owner), meld=meld.label, size=meld.size)

    # ---- swaps for a wild card on the table (host option joker_swap) ---------------------------
    def check_swap(self, state: State, a: Swap) -> Explanation:
        if not self.joker_swap:
            return super().check_swap(state, a)
        name, seat = state.player, state.turn
        side = state.side_of(seat)
        facts: dict[str, Any] = {"player": name, "card": a.card, "wild": a.wild, "meld": a.target}

        def no(why: Phrase, because: tuple[Explanation, ...] = ()) -> Explanation:
            return self.explain(False, "swap.ok", because, **facts, why=why)

        if a.card is None or a.wild is None:
            return no(P("why.swap-name-both"))
        if not state.opened[side]:  # 'Hasta entonces no puedes … coger un comodín de la mesa'
            return no(P("why.not-opened", player=name))
        loc = self.locate_meld(state, side, a.target)
        if loc is None:
            return no(P("why.no-such-meld"))
        held = has_cards(state, (a.card,))
        if not held.allowed:
            return held
        if self.is_wild(a.card):
            return no(P("why.swap-give-natural", card=a.card))
        owner, idx = loc
        meld = state.melds[owner][idx]
        if not self.is_wild(a.wild) or a.wild not in meld.cards:
            return no(P("why.swap-no-such-wild", meld=meld.label, wild=a.wild))
        new, exp = self.swap_meld(meld, a.card, a.wild)
        if new is None:
            return no(P("why.meld-would-break"), (exp,))
        return self.explain(True, "swap.ok", (exp,), player=name, card=a.card, wild=a.wild,
                            owner=state.side_label(owner), meld=new.label)

    def swap_candidates(self, state: State) -> list[Action]:
        seat = state.turn
        side = state.side_of(seat)
        if not self.joker_swap or not state.opened[side]:
            return []
        hand = set(state.hands[seat])
        return [Swap(card=c, wild=w, target=_target_name(state, side, owner, m.label))
                for owner, melds in enumerate(state.melds) for m in melds
                if m.kind == "group" and m.wilds
                for w in sorted({x for x in m.cards if self.is_wild(x)}, key=sort_key)
                for c in sorted(hand, key=sort_key) if not self.is_wild(c) and c.rank == m.key]

    # ---- move generation --------------------------------------------------------------------
    def fast_moves(self) -> Generator:
        return MOVES

    def take_candidates(self, state: State) -> list[Action]:
        from ...movegen import _combos, submultisets

        if not state.pile:
            return []
        seat = state.turn
        side = state.side_of(seat)
        hand = state.hands[seat]
        opened = state.opened[side]
        out: list[Action] = []
        depths = [1] if self._top_only else range(1, len(state.pile) + 1)
        for d in depths:
            entry = state.pile[-d]
            if self.is_wild(entry):
                continue
            # the cards above the one gone in for join the hand: they may go with it
            held = [*hand, *state.pile[len(state.pile) - d + 1:]]
            pool = Counter(c for c in held if self.is_wild(c) or c.rank == entry.rank)
            for p in submultisets(pool, 2, sum(pool.values()) if self.pile_meld_more else 2):
                if all(self.is_wild(c) for c in p):
                    continue
                out.append(TakePile(with_cards=p, depth=d))
                if not opened:  # extra melds toward the opening
                    rest = remove_cards(held, p)
                    groups = [g for g in self.candidate_melds(state, rest)
                              if all(self.is_wild(c) or c.rank != entry.rank for c in g)
                              and self.make_meld(g)[0] is not None]
                    out.extend(TakePile(with_cards=p, extra=c, depth=d)
                               for c in _combos(state, groups, rest, len(rest)))
            if opened:
                out.extend(TakePile(onto=t, depth=d) for t in _targets(state, side, entry.rank))
        return out

    def add_candidates(self, state: State) -> list[Action]:
        from ...movegen import submultisets

        seat = state.turn
        side = state.side_of(seat)
        if not state.opened[side]:
            return []
        hand = state.hands[seat]
        wilds = Counter(c for c in hand if self.is_wild(c))
        out: list[Action] = []
        for owner, melds in enumerate(state.melds):
            for m in melds:
                if m.kind != "group":
                    continue
                target = _target_name(state, side, owner, m.label)
                nats = Counter(c for c in hand if not self.is_wild(c) and c.rank == m.key)
                room = max(0, self.max_wilds - m.wilds)
                for nat in submultisets(nats, 0, sum(nats.values())):
                    for w in submultisets(wilds, 0, room):
                        if nat or w:
                            out.append(Add(cards=nat + w, target=target))
        return out


def _own_group(state: State, side: int, rank: int) -> int | None:
    return next((i for i, m in enumerate(state.melds[side]) if m.kind == "group" and m.key == rank),
                None)


def _target_name(state: State, side: int, owner: int, label: str) -> str:
    return label if owner == side else f"{state.names[state.sides[owner][0]]}:{label}"


def _targets(state: State, side: int, rank: int) -> list[str]:
    """Names of every meld of ``rank`` on the table, as seen by a player of ``side``."""
    return [_target_name(state, side, owner, m.label) for owner, melds in enumerate(state.melds)
            for m in melds if m.kind == "group" and m.key == rank]


INDIVIDUAL = Individual(
    name="individual",
    title=L("Individual Canasta", "Canasta individual"),
    seed_file=SEED,
    aliases=("cada uno", "cada uno por su cuenta", "each for themselves", "solo", "002"),
    player_counts=(2, 3, 4, 5, 6),
    default_players=4,
    partnerships=False,
    decks=2,
    jokers=4,
    cards_dealt=11,
    upcard=False,
    wilds_at_most_naturals=False,
    min_naturals=2,
    max_wilds=3,
    opening=((-10**9, 50), (0, 50)),
    red_threes="none",  # threes are ordinary cards here
    black_threes_block=False,
    black_threes_meld_only_out=False,
    pile_frozen_by_wild=False,
    pile_frozen_before_opening=False,
    pile_any_depth=True,
    entry_with_cards_above=True,
    pile_meld_more=True,
    concealed_bonus=0,
    ask_partner=False,
    card_values=((JOKER, 50), (ACE, 20), *((n, n) for n in range(2, 11)), (11, 10), (12, 10),
                 (KING, 10)),
    sources=SOURCES,
)
