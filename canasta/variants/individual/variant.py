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
    opening_check,
    remove_cards,
)
from ...explain import Cite, Explanation, L, Source
from ...melds import Meld as TableMeld
from ...variant import STANDARD_CLASSIC, Variant

if TYPE_CHECKING:
    from ...state import State

SEED = "002_18ed010283b66afb.txt"


_CITE = Cite(SEED, STANDARD_CLASSIC)
_seed, _std, _engine = _CITE.seed, _CITE.std, _CITE.engine


# ---- the rules only this variant uses ------------------------------------------------------
for _rule in (
    Rule("meld.wild-count", "meld", ("Wild cards in a meld", "Comodines por combinación"),
         ("A meld holds at most {max_wilds} wild cards and at least {min_naturals} natural cards; "
          "wild cards may outnumber natural ones.",
          "Una combinación lleva como mucho {max_wilds} comodines y al menos {min_naturals} cartas "
          "reales; los comodines pueden ser más que las reales."),
         ("{cards}: {naturals} natural and {wilds} wild card(s), within the limit.",
          "{cards}: {naturals} reales y {wilds} comodín(es), dentro del límite."),
         ("{cards} breaks the wild-card limit: {why}.",
          "{cards} rompe el límite de comodines: {why}.")),
    Rule("pile.take-depth", "pile", ("Take from the discard", "Coger del descarte"),
         ("Instead of drawing, take the discard pile down to any card (the top card alone, or "
          "deeper) and meld that card at once; the cards above it join the hand.",
          "En lugar de robar, coge el descarte hasta cualquier carta (solo la de arriba, o más "
          "abajo) y baja esa carta en el acto; las de encima pasan a la mano."),
         ("{player} takes {count} card(s) from the pile, down to {card}, and melds it at once.",
          "{player} coge {count} carta(s) del descarte, hasta {card}, y la baja en el acto.")),
    Rule("pile.entry", "pile", ("The card you go in for", "La carta por la que entras"),
         ("The deepest card taken from the pile is melded at once: with two cards from the hand "
          "(two of its rank, or one and a wild card) or on a meld of its rank on the table.",
          "La carta más honda que coges del descarte se baja en el acto: con dos cartas de la mano "
          "(dos de su valor, o una y un comodín) o en una combinación de su valor en la mesa."),
         ("{player} melds {card} (card {depth} of the pile) {how}.",
          "{player} baja {card} (carta {depth} del descarte) {how}."),
         ("{player} cannot go in for {card} (card {depth} of the pile): {why}.",
          "{player} no puede entrar por {card} (carta {depth} del descarte): {why}.")),
    Rule("add.anyone", "meld", ("Add to anyone's melds", "Añadir a cualquier combinación"),
         ("After opening, a player may add cards to anyone's melds; the meld stays its owner's.",
          "Después de abrir se pueden añadir cartas a las combinaciones de cualquiera; la "
          "combinación sigue siendo de su dueño."),
         ("{player} adds {cards} to {owner}'s meld of {meld}, which now has {size} cards.",
          "{player} añade {cards} a la combinación de {meld} de {owner}, que ahora tiene {size} "
          "cartas."),
         ("{player} cannot add {cards} to '{meld}': {why}.",
          "{player} no puede añadir {cards} a '{meld}': {why}.")),
    Rule("swap.ok", "meld", ("Swap for a wild card", "Cambio por comodín"),
         ("After opening, a player may give a natural card of a group's rank from the hand and "
          "take one wild card of that group into the hand; the group must still be a valid meld.",
          "Después de abrir se puede dar una carta real del valor de un grupo y coger a la mano un "
          "comodín de ese grupo; el grupo ha de seguir siendo una combinación válida."),
         ("{player} gives {card} to {owner}'s meld of {meld} and takes {wild} into the hand.",
          "{player} da {card} a la combinación de {meld} de {owner} y coge {wild} a la mano."),
         ("{player} cannot swap {card} for {wild} in '{meld}': {why}.",
          "{player} no puede cambiar {card} por {wild} en '{meld}': {why}.")),
):
    register(_rule)

# ---- where each rule comes from --------------------------------------------------------------
_TURN = _seed("Roba una carta — del mazo boca abajo, o de arriba del descarte.")
_DEPTH = _seed("Puedes coger el descarte a cualquier profundidad, bajando la carta por la que "
               "entraste.",
               "taking at depth n takes that card and every card above it; depth 1 is the top card "
               "alone (RULES_NOTES C1); the card gone in for must be a natural card (gap)")
_OPEN = _seed("Antes de poner nada en la mesa tienes que abrir: una bajada, que valga al menos 50 "
              "puntos.",
              "the same 50 at any score; a wild card counts as the card it stands for ('Para ese "
              "total, el comodín cuenta como la carta que represente'); a card taken from the pile "
              "counts, since it goes down in the same bajada")
_NO_ASK = _engine("there are no partners in seed 002: 'ask partner' is never allowed")
_OUT = _seed("Necesitas una combinación de 7 antes de poder cerrar.",
             "a canasta of the player's own; going out by melding the last card or by discarding "
             "it (RULES_NOTES C9)")

SOURCES: dict[str, Source] = {
    "deal.hands": _seed("Se mezclan 2 barajas — 108 cartas, incluidos 4 comodines. Corta quien está "
                        "a la derecha de quien da, eligiendo a qué altura. Cada uno recibe 11 cartas.",
                        "2 to 6 players, each on their own (the seed gives no number, RULES_NOTES "
                        "§2.3: 6 × 11 still leaves 42 cards); no card is turned up (gap): the "
                        "discard pile starts with the first discard"),
    "turn.order": _seed("Aquí se juega cada uno por su cuenta, no en parejas, y el descarte es más "
                        "simple.", "only the player whose turn it is may act"),
    "turn.already-drew": _TURN,
    "turn.draw-first": _seed("Roba una carta — del mazo boca abajo, o de arriba del descarte. Pulsa "
                             "el mazo para robar."),
    "draw.stock": _TURN,
    "pile.empty": _engine("there is nothing to take"),
    "pile.depth": _DEPTH,
    "pile.entry": _DEPTH,
    "pile.take-depth": _seed("Puedes coger el descarte a cualquier profundidad, bajando la carta por la "
                             "que entraste. Por lo demás, la carta cogida del descarte ha de jugarse "
                             "ese turno.",
                             "decided: only the card gone in for must be played, and at once; the "
                             "cards above it join the hand with no duty to play them. 'la carta "
                             "cogida' is one card, the one gone in for (RULES_NOTES C1), and the "
                             "deep pickup of the rummy games the rule comes from (Rummy 500, "
                             "Michigan rummy) keeps only the bottom card's duty"),
    "pile.extra-only-opening": _OPEN,
    "meld.min-cards": _seed("Solo grupos — sin escaleras. 3 cartas como mínimo."),
    "meld.same-rank": _seed("Solo grupos — sin escaleras. 3 cartas como mínimo.",
                            "threes are ordinary cards; the ace's 'extremo de la escalera' clause "
                            "is a template leftover (RULES_NOTES C3)"),
    "meld.wild-count": _seed("Como mucho 3 comodines en una misma combinación.",
                             "and 'Toda combinación necesita 2 cartas reales'; wild cards may "
                             "outnumber natural ones (RULES_NOTES C5)"),
    "meld.valid": _seed("Grupo — el mismo valor, como 9♠ 9♥ 9♦. Aquí el palo no importa y la misma "
                        "carta puede repetirse, así que el trío puede crecer todo lo que quieras."),
    "meld.rank-exists": _std("A player may not have two melds of the same rank: further cards of "
                             "that rank are added to the existing meld.",
                             "the seed is silent; the standard rule per player"),
    "meld.one-at-a-time": _OPEN,
    "meld.ok": _seed("Baja lo que puedas — combinaciones nuevas, cartas añadidas a las que ya están "
                     "en la mesa, o un cambio por comodín."),
    "meld.canasta": _seed("Una combinación de 7 es canasta: 500 limpia, 300 con comodín.",
                          "seven or more, one bonus however long (RULES_NOTES C6)"),
    "add.anyone": _seed("Puedes añadir a las combinaciones de cualquiera.",
                        "only after opening ('Hasta entonces no puedes bajar, añadir a las "
                        "combinaciones de otros'); the meld and its points stay with its owner "
                        "(RULES_NOTES C7, decided)"),
    "swap.off": _seed("El comodín que está en la mesa se queda ahí.",
                      "the seed's rule list, which the table starts with; the host may allow swaps "
                      "with the option joker_swap (RULES_NOTES C2)"),
    "swap.ok": _seed("Baja lo que puedas — combinaciones nuevas, cartas añadidas a las que ya están "
                     "en la mesa, o un cambio por comodín.",
                     "only with the host option joker_swap (off by default, RULES_NOTES C2), read "
                     "as the standard joker exchange of rummy games: a player who has opened may, "
                     "in the play phase, give a natural card of a group's rank from the hand and "
                     "take one wild card from that group into the hand, and the group must still "
                     "satisfy the meld rules; not before opening ('Hasta entonces no puedes bajar, "
                     "añadir a las combinaciones de otros, ni coger un comodín de la mesa'); the "
                     "meld stays its owner's, and a mixed canasta left without wild cards counts "
                     "as natural (gap)"),
    "hand.has-cards": _engine("a player plays only the cards in the hand"),
    "open.threshold": _OPEN,
    "open.minimum": _OPEN,
    "out.needs-canasta": _OUT,
    "out.went-out": _seed("Puedes cerrar bajando tu última carta, sin descarte final.",
                          "or by discarding it (RULES_NOTES C9)"),
    "out.ask-partner-none": _NO_ASK,
    "out.answer-first": _NO_ASK,
    "discard.ok": _seed("Descarta una carta para acabar tu turno."),
    "discard.out": _seed("Cierras deshaciéndote de todo. Eso te da 100."),
    "end.went-out": _seed("El primero en cerrar acaba la mano y a todos los demás se les castiga por "
                          "lo que aún tienen."),
    "end.stock-exhausted": _std("Play ends when a player must draw from an empty stock; nobody "
                                "scores for going out.", "the seed is silent"),
    "score.going-out": _seed("Cierras deshaciéndote de todo. Eso te da 100.",
                             "no extra bonus for going out at once (the seed gives none)"),
    "score.canasta": _seed("Una combinación de 7 es canasta: 500 limpia, 300 con comodín."),
    "score.meld-cards": _seed("Tus combinaciones cuentan a tu favor; lo que te quede en la mano, en "
                              "contra.",
                              "each card at its value: numbers their face, J Q K 10, ace 20, joker "
                              "50, a 2 the wild_in_hand_cost (50 by default, RULES_NOTES C4, C8)"),
    "score.hand-cards": _seed("Los demás cuentan lo que les queda en la mano: su valor para los "
                              "números, 10 para las figuras, 20 para el as, 50 para el comodín.",
                              "a 2 left in hand costs wild_in_hand_cost, 50 by default: 'Todo 2 es "
                              "comodín' and 'Un comodín que te queda en la mano cuesta 50' "
                              "(RULES_NOTES C4; the host may set 2)"),
    "score.total": _seed("Aquí la puntuación cuenta ganancias, así que mucha es buena."),
    "game.end": _seed("La partida acaba cuando alguien llega a 5000.",
                      "the highest total wins; a tie at the top plays another hand (gap)"),
    "game.over": _engine("no action follows the end of the game"),
    "hand.over": _engine("a finished hand waits for the next deal"),
    "hand.next": _std("The deal passes to the left after each hand.", "the seed is silent"),
    "hand.in-progress": _engine("a new hand is dealt only when the current one is over"),
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
            why = L(f"{len(wilds)} wild cards, more than {self.max_wilds}",
                    f"{len(wilds)} comodines, más de {self.max_wilds}")
        elif len(naturals) < self.min_naturals:
            why = L(f"only {len(naturals)} natural card(s), and every meld needs {self.min_naturals}",
                    f"solo {len(naturals)} carta(s) real(es), y toda combinación necesita "
                    f"{self.min_naturals}")
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
            return self.explain(False, "pile.depth", player=name, depth=a.depth)
        entry = state.pile[-a.depth]
        above = state.pile[len(state.pile) - a.depth + 1:]
        facts: dict[str, Any] = {"player": name, "card": entry, "depth": a.depth}
        # pile.entry: the card gone in for is melded at once
        if self.is_wild(entry):
            return self.explain(False, "pile.entry", **facts,
                                why=L("a wild card cannot be the card you go in for",
                                      "no se puede entrar por un comodín"))
        opened = state.opened[side]
        if a.extra and opened:
            return self.explain(False, "pile.extra-only-opening", player=name)
        used = list(a.with_cards) + [c for g in a.extra for c in g]
        held = has_cards(state, used)
        if not held.allowed:
            return held
        after = [list(m) for m in state.melds]
        subs: list[Explanation] = []
        if a.onto is not None:
            loc = self.locate_meld(state, side, a.onto)
            if not opened:
                return self.explain(False, "pile.entry", **facts,
                                    why=L("you have not opened, so you cannot lay it on a meld",
                                          "no has abierto, así que no puedes ponerla en una combinación"))
            if loc is None or state.melds[loc[0]][loc[1]].key != entry.rank:
                return self.explain(False, "pile.entry", **facts,
                                    why=L(f"there is no meld of {RANK_TEXT[entry.rank]} called "
                                          f"'{a.onto}' on the table",
                                          f"no hay en la mesa una combinación de {RANK_TEXT[entry.rank]} "
                                          f"llamada '{a.onto}'"))
            owner, idx = loc
            meld, exp = self.extend_meld(state.melds[owner][idx], (entry,))
            if meld is None:
                return exp
            after[owner][idx] = meld
            entry_cards: tuple[Card, ...] = (entry,)
            how = L(f"on {state.side_label(owner).en}'s meld of {meld.label}",
                    f"en la combinación de {meld.label} de {state.side_label(owner).es}")
        else:
            w = a.with_cards
            if len(w) != 2 or not any(not self.is_wild(c) for c in w) or any(
                    not self.is_wild(c) and c.rank != entry.rank for c in w):
                return self.explain(False, "pile.entry", **facts,
                                    why=L(f"it needs two cards from your hand: two of "
                                          f"{RANK_TEXT[entry.rank]}, or one and a wild card",
                                          f"hacen falta dos cartas de tu mano: dos de "
                                          f"{RANK_TEXT[entry.rank]}, o una y un comodín"))
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
            how = L(f"with {' '.join(c.text for c in w)}", f"con {' '.join(c.text for c in w)}")
        subs.append(self.explain(True, "pile.entry", **facts, how=how))
        ranks = {entry.rank}
        for g in a.extra:
            meld, exp = self.make_meld(g)
            if meld is None:
                return exp
            if meld.key in ranks or _own_group(state, side, meld.key) is not None:  # type: ignore[arg-type]
                return self.explain(False, "meld.rank-exists", player=name, rank=meld.label)
            ranks.add(meld.key)  # type: ignore[arg-type]
            after[side].append(meld)
            subs.append(exp)
        if not opened:
            op = opening_check(state, side, [entry_cards, *a.extra])
            if not op.allowed:
                return op
            subs.append(op)
        hand_after = remove_cards(state.hands[seat], used) + list(above)
        out = going_out_check(state, side, len(hand_after), after[side], discarding=False)
        if out is not None:
            if not out.allowed:
                return out
            subs.append(out)
        for s in range(len(after)):
            subs.extend(canasta_notes(state, state.melds[s], after[s]))
        return self.explain(True, "pile.take-depth", tuple(subs), player=name, count=a.depth,
                            card=entry)

    # ---- melds, lay-offs and the discard -----------------------------------------------------
    def check_add(self, state: State, a: Add) -> Explanation:
        name, seat = state.player, state.turn
        side = state.side_of(seat)
        facts: dict[str, Any] = {"player": name, "cards": a.cards, "meld": a.target}
        # add.anyone: after opening, onto anyone's meld
        if not state.opened[side]:
            return self.explain(False, "add.anyone", **facts, why=L(
                "you have not opened yet", "aún no has abierto"))
        loc = self.locate_meld(state, side, a.target)
        if loc is None or not a.cards:
            return self.explain(False, "add.anyone", **facts, why=L(
                "there is no such meld on the table", "no hay esa combinación en la mesa"))
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

        def no(en: str, es: str, because: tuple[Explanation, ...] = ()) -> Explanation:
            return self.explain(False, "swap.ok", because, **facts, why=L(en, es))

        if a.card is None or a.wild is None:
            return no("name the card you give and the wild card you take",
                      "nombra la carta que das y el comodín que coges")
        if not state.opened[side]:  # 'Hasta entonces no puedes … coger un comodín de la mesa'
            return no("you have not opened yet", "aún no has abierto")
        loc = self.locate_meld(state, side, a.target)
        if loc is None:
            return no("there is no such meld on the table", "no hay esa combinación en la mesa")
        held = has_cards(state, (a.card,))
        if not held.allowed:
            return held
        if self.is_wild(a.card):
            return no(f"{a.card.text} is a wild card; the card you give must be a natural one",
                      f"{a.card.text} es un comodín; la carta que das ha de ser real")
        owner, idx = loc
        meld = state.melds[owner][idx]
        if not self.is_wild(a.wild) or a.wild not in meld.cards:
            return no(f"the meld of {meld.label} holds no wild card {a.wild.text}",
                      f"la combinación de {meld.label} no tiene el comodín {a.wild.text}")
        new, exp = self.swap_meld(meld, a.card, a.wild)
        if new is None:
            return no("the meld would break its rules", "la combinación rompería sus reglas",
                      (exp,))
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
            pool = Counter(c for c in hand if self.is_wild(c) or c.rank == entry.rank)
            for p in submultisets(pool, 2, 2):
                if all(self.is_wild(c) for c in p):
                    continue
                out.append(TakePile(with_cards=p, depth=d))
                if not opened:  # extra melds toward the opening
                    rest = remove_cards(hand, p)
                    groups = [g for g in self.candidate_melds(state, rest)
                              if all(self.is_wild(c) or c.rank != entry.rank for c in g)
                              and self.make_meld(g)[0] is not None]
                    out.extend(TakePile(with_cards=p, extra=c, depth=d)
                               for c in _combos(state, groups, rest, 3))
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
    concealed_bonus=0,
    ask_partner=False,
    card_values=((JOKER, 50), (ACE, 20), *((n, n) for n in range(2, 11)), (11, 10), (12, 10),
                 (KING, 10)),
    sources=SOURCES,
)
