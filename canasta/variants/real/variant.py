"""Canasta Real (seed 001, a Buraco): same-suit runs with wild 2s, and a muerto for each pair.

The seed's scoring section is cut off: card values and canasta bonuses are the standard Buraco
values (RULES_NOTES §1.3), and each such rule's source says so. The muertos live in
``state.extra``: ``muertos_piles`` (one pile per side), ``muerto_state`` per side (``waiting``,
``pending`` after an indirect close until its owner's next turn, ``taken``, or ``none`` where a
hand was set up without muertos) and ``muerto_holder`` (the seat that took it, or -1).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ...actions import Action, Add, TakePile
from ...actions import Meld as MeldAction
from ...cards import ACE, KING, Card, sorted_cards
from ...catalogue import Rule, register
from ...explain import Cite, Explanation, L, Source
from ...melds import Meld
from ...variant import STANDARD_CLASSIC, Variant
from . import runs
from .moves import MOVES, laid_off

if TYPE_CHECKING:
    from ...fastmoves import Generator
    from ...state import State

SEED = "001_cd0da76d343acfc1.txt"
STANDARD_BURACO = ("standard Buraco / Canastra rules (pagat.com/rummy/buraco.html; gamedesire.com "
                   "Buraco help; pt.wikipedia.org/wiki/Buraco_(jogo_de_cartas))")
SUBSTITUTE = "substitute value: the seed's scoring section is cut off (RULES_NOTES §1.3, B1, B10)"

WAITING, PENDING, TAKEN, NONE = "waiting", "pending", "taken", "none"
CLEAN_KINDS = ("natural", "de mil")
KIND_WORDS = {"natural": L("clean", "limpia"), "mixed": L("dirty", "sucia"),
              "de mil": L("de mil", "de mil")}


_CITE = Cite(SEED, STANDARD_BURACO, SUBSTITUTE)
_seed, _std, _engine = _CITE.seed, _CITE.std, _CITE.engine


_RUN = "Combinar cartas en una secuencia (Escalera) de tres o ms cartas, ordenadas, del mismo palo."
_TURN = ("Para poder bajar una combinacin de cartas es necesario comprar primero una carta del monte "
         "o comprar el pozo.")
_ADD = "u otras cartas pueden ser agregadas en el transcurrir de la partida"
_DIRECT = ("Cierre directo es aquel en que el jugador baja todas sus cartas sin descartar. Recibir el "
           "muerto y continuar a jugar, sin comprar carta.")
_INDIRECT = ("Cierre Indirecto es aquel en que el jugador termina sus cartas, descartando una. Coger el "
             "muerto, pero slo podr utilizarlo en la otra ronda, cuando sea su turno de jugar.")
_FINAL = ("Si quin ya ha recogido el muerto cierra, terminar la partida, pero para eso se necesita de "
          "por lo menos una canasta limpia.")
_VALUES = ("Each ace: 15 points. Each two: 10 points. K, Q, J, 10, 9, 8: 10 points each. "
           "7, 6, 5, 4, 3: 5 points each.")

SOURCES: dict[str, Source] = {
    "deal.hands": _seed("Distribucin - once cartas para cada participante y dos muertos.",
                        "two 52-card decks, no jokers ('Barajas - dos de 52 cartas.'); 4 players in "
                        "pairs; 2 players (each alone, with a muerto of his own) as the standard "
                        "rules allow (RULES_NOTES B2)"),
    "deal.muertos": _seed("Muerto – 2 montes de 11 cartas, siendo 1 para cada pareja."),
    "deal.no-upcard": _seed("Esa carta comienza el pozo, que es la pila de cartas que se forma con los "
                            "sucesivos descartes de los jugadores.",
                            "no card is turned up: the first player's discard starts the pile"),
    "turn.order": _seed("El turno pasa al jugador de la izquierda, siguiendo en sentido horario."),
    "turn.already-drew": _seed(_TURN),
    "turn.draw-first": _seed(_TURN),
    "draw.stock": _seed("El primer jugador de la mano compra una carta del monte (constituido por las "
                        "cartas que sobran despus de la distribucin)"),
    "pile.empty": _engine("there is nothing to take (the pile starts empty: no upcard)"),
    "pile.depth": _seed(_TURN, "'comprar el pozo' takes all of it (RULES_NOTES §2.2 #12)"),
    "pile.take-whole": _seed(_TURN, "GAP: the seed sets no condition; decided as RULES_NOTES §2.2 #12 "
                                    "(gamevelvet: 'draw a card from the pack or all cards at the "
                                    "discard pile'): the whole pile goes into the hand"),
    "hand.has-cards": _engine("a player plays only the cards in the hand"),
    "meld.min-cards": _seed("El nmero mnimo para una combinacin es de tres cartas"),
    "meld.one-at-a-time": _engine("one run per meld action; a turn may have any number of them "
                                  "(there is no opening minimum to reach together: RULES_NOTES §2.2 #11)"),
    "meld.ok": _seed("se pueden bajar escaleras de ms cartas simultneamente, u otras cartas pueden ser "
                     "agregadas en el transcurrir de la partida.",
                     "no initial-meld minimum (GAP, RULES_NOTES §2.2 #11)"),
    "run.one-suit": _seed(_RUN, "a 2 may come from any suit: 'Aunque se pueda colocar cualquier dos en "
                                "cualquier escalera'"),
    "run.no-sets": _seed("En este juego no existe el tro (pie o pierna), es decir, no se pueden bajar "
                         "grupos de cartas con el mismo valor."),
    "run.in-sequence": _seed(_RUN, "each place once; the ace is 'después del Rey y antes del dos', "
                                   "at one end only (RULES_NOTES B8); cards laid off keep the places "
                                   "of the cards already on the table"),
    "run.no-wrap": _seed("(El As puede ir despus del Rey y antes del dos.)",
                         "GAP: turning the corner K-A-2 is not mentioned; refused, as the standard "
                         "rules do (RULES_NOTES §2.2 #8, B8)"),
    "run.wild-limit": _seed("Si tienes siete y nueve, el dos puede sustituir al ocho (7 / 2 / 9) para "
                            "poder bajar la secuencia.",
                            "GAP: the seed sets no limit; one wild 2 per run as its example and the "
                            "standard rules (RULES_NOTES B3); a 2 of the run's suit in its own place "
                            "is natural (B4)"),
    "run.valid": _seed(_RUN),
    "run.wild-moves": _seed("Si la carta que el comodn est sustituyendo surgiera en jugadas siguientes, "
                            "sta ocupar su lugar y el comodn a su vez pasar a ocupar el puesto de la "
                            "siguiente carta, ya sea al principio o al final de la escalera.",
                            "the cards of a run keep their places: a 2 moves only when the card it "
                            "stands for arrives, to the end the player names, or by default home as "
                            "a natural 2 when a 2 of the run's suit has its own place next to the run "
                            "(RULES_NOTES B4), else after the top when there is room, else before the "
                            "bottom. Decided: a dirty run never turns clean by a 2 going home before "
                            "its card arrives, and a natural 2 in its own place never moves"),
    "run.wild-end": _seed("el comodn a su vez pasar a ocupar el puesto de la siguiente carta, ya sea "
                          "al principio o al final de la escalera. 2/ 7 / 8 / 9 <=> 7 / 8 / 9 / 2",
                          "the player says which end ('add 8♥ to #1, 2♣ to the start'); otherwise "
                          "the engine puts a 2 of the run's suit home as a natural 2 when its place "
                          "is next to the run, else after the top when there is room, else before "
                          "the bottom; only a 2 being placed (laid down, laid off, or moving because "
                          "its card arrived) goes to an end"),
    "run.de-mil": _seed("(de as a as y sin comodn)",
                        "14 cards, ace to ace, every 2 natural (RULES_NOTES B4)"),
    "meld.canasta": _seed("Canasta - Juego de siete cartas o ms en secuencia del mismo palo.",
                          "a 2 of another suit makes the canasta dirty for good: 'no ser posible "
                          "hacer canasta limpia en esa escalera'"),
    "add.target": _seed(_ADD, "melds belong to the pair, which may hold several runs of one suit: "
                              "name them '#N' (the side's meld number) or by label, e.g. '♥5-9'"),
    "add.ok": _seed(_ADD),
    "muerto.direct": _seed(_DIRECT, "only the first of a pair to empty the hand: 'Slo lo recibe el "
                                    "primero de la pareja a cerrar'"),
    "muerto.indirect": _seed(_INDIRECT),
    "muerto.picked-up": _seed(_INDIRECT, "the muerto joins the hand at the start of that player's next "
                                         "turn, before the draw"),
    "close.final": _seed(_FINAL, "the pair has taken its muerto (RULES_NOTES B5); a canasta de mil "
                                 "counts as clean; the hand may be emptied by melding or by the discard"),
    "close.muerto-pending": _seed(_INDIRECT, "GAP: until its owner plays it the pair has not 'recogido' "
                                             "the muerto, so the partner may not empty the hand"),
    "discard.ok": _seed("Cuando el jugador descarta significa que finaliz su jugada y est pasando la vez."),
    "discard.out": _seed("Cierre Indirecto es aquel en que el jugador termina sus cartas, descartando una."),
    "out.ask-partner-none": _engine("asking the partner is not part of this game"),
    "out.answer-first": _engine("asking the partner is not part of this game"),
    "end.went-out": _seed("Si quin ya ha recogido el muerto cierra, terminar la partida"),
    "end.stock-exhausted": Source(
        "standard", STANDARD_CLASSIC, "Play ends when a player must draw from an empty stock; nobody "
        "scores for going out.",
        "GAP in the seed; the standard end is used. The gamevelvet twin of this text moves an untaken "
        "muerto to the stock instead (RULES_NOTES §2.2 #17): not adopted, as the seed does not say it; "
        "an untaken muerto is paid as not taken"),
    "score.going-out": _seed("Para el jugador o pareja que cerr, se suman 100 puntos ms por el cierre.",
                             "the close that ends the hand; the first emptying earns the muerto "
                             "instead. +100 is also the standard value (RULES_NOTES §1.3)"),
    "score.canasta": _std("a canastra 'limpa' (sem curingas) vale 200 pontos, a 'suja' vale 100"),
    "score.canasta-de-mil": _std("real canasta (1000 points)",
                                 SUBSTITUTE + "; 1000 instead of, not on top of, the clean bonus; "
                                 "no 500 bonus for an ace-to-king run is read into the title "
                                 "'Canasta Real' (RULES_NOTES B9)"),
    "score.meld-cards": _std(_VALUES, SUBSTITUTE + "; the seed: 'se suman los puntos en la mesa, o sea "
                                                   "los valores de las cartas bajadas'"),
    "score.hand-cards": _std(_VALUES, SUBSTITUTE + "; the seed: 'Se restan despus los valores de las "
                                                   "cartas que sobraron en la mano.'"),
    "score.muerto": _seed("Si la otra pareja no ha conseguido recoger el muerto, como penalidad deber "
                          "descontar de sus puntos positivos los 100 puntos correspondientes al muerto",
                          "a plain −100, the score may go negative (RULES_NOTES B6); a muerto taken by "
                          "an indirect close and never played is paid the same and its cards do not "
                          "count: 'el muerto deber ser pagado, como si no lo hubiera recogido' (B7)"),
    "score.total": _seed("Al trmino de la partida, se suman los puntos en la mesa, o sea los valores de "
                         "las cartas bajadas, ms el valor extra de las canastas."),
    "game.end": Source("standard", STANDARD_BURACO, "até que se atinjam 3 000 ou 5 000 pontos",
                       "GAP in the seed: 3000 (RULES_NOTES §2.2 #18); a tie at the top plays another hand"),
    "game.over": _engine("no action follows the end of the game"),
    "hand.over": _engine("a finished hand waits for the next deal"),
    "hand.next": Source("standard", STANDARD_CLASSIC, "The deal passes to the left after each hand.",
                        "the seed is silent"),
    "hand.in-progress": _engine("a new hand is dealt only when the current one is over"),
}


@dataclass(frozen=True)
class Real(Variant):
    """Canasta Real: runs of one suit, wild 2s, muertos (seed 001)."""

    muerto_size: int = 11
    muerto_penalty: int = 100
    canasta_de_mil: int = 1000
    # an end-of-hand table says each side's muerto: taken, waiting (not taken, pays), pending
    # (taken with an indirect close and never played, pays), none (a hand without muertos)
    scenario_extra: ClassVar[dict[str, tuple[str, ...]]] = {
        "muerto_state": (TAKEN, WAITING, PENDING, NONE)}

    def house_max(self) -> dict[str, int]:
        return {}  # no opening: no first melds to list together, whatever the deal

    # ---- melds ---------------------------------------------------------------------------
    def make_meld(self, cards: Sequence[Card], *, going_out: bool = False
                  ) -> tuple[Meld | None, Explanation]:
        cache = self.__dict__.setdefault("_run_cache", {})
        if len(cache) > 100_000:  # keep memory flat over long simulations
            cache.clear()
        key = tuple(cards)
        found = cache.get(key)
        if found is None:
            found = cache[key] = runs.make_run(self, key)
        return found

    def extend_meld(self, meld: Meld, cards: Sequence[Card]) -> tuple[Meld | None, Explanation]:
        cache = self.__dict__.setdefault("_extend_run_cache", {})
        if len(cache) > 100_000:
            cache.clear()
        key = (meld, tuple(cards))
        found = cache.get(key)
        if found is None:
            found = cache[key] = runs.extend_run(self, meld, key[1])
        return found

    def laid_meld(self, cards: Sequence[Card], *, going_out: bool = False) -> Meld:
        # an allowed run laid out without the explanation that applying it would throw away
        made = runs.new_run(self, tuple(cards))
        assert made is not None, "laid_meld is for allowed melds"
        return made

    def grown_meld(self, meld: Meld, cards: Sequence[Card]) -> Meld:
        # an allowed lay-off laid out without the explanation that applying it would throw away
        grown = laid_off(meld, tuple(cards))
        assert grown is not None, "grown_meld is for allowed lay-offs"
        return grown

    def placed_meld(self, cards: Sequence[Card], place: tuple[Card, str], *, going_out: bool = False
                    ) -> tuple[Meld | None, Explanation]:
        cache = self.__dict__.setdefault("_placed_cache", {})
        if len(cache) > 100_000:
            cache.clear()
        key = (tuple(cards), place)
        found = cache.get(key)
        if found is None:
            found = cache[key] = runs.placed_run(self, key[0], place)
        return found

    def placed_extend(self, meld: Meld, cards: Sequence[Card], place: tuple[Card, str]
                      ) -> tuple[Meld | None, Explanation]:
        cache = self.__dict__.setdefault("_placed_cache", {})
        if len(cache) > 100_000:
            cache.clear()
        key = (meld, tuple(cards), place)
        found = cache.get(key)
        if found is None:
            found = cache[key] = runs.extend_run(self, meld, key[1], place)
        return found

    def _run_candidates(self, hand: Sequence[Card]) -> list[tuple[Card, ...]]:
        """The new runs a hand could make (the last hand's kept: asked twice a decision)."""
        key = tuple(hand)
        last = self.__dict__.get("_last_runs")
        if last is None or last[0] != key:
            last = self.__dict__["_last_runs"] = (key, runs.run_candidates(key))
        return last[1]  # type: ignore[no-any-return]

    def canonical_action(self, state: State, action: Action) -> Action:
        """A named end that is the engine's own choice anyway is left out of the text."""
        if not isinstance(action, (Add, MeldAction)) or action.place is None:
            return action
        place = action.place
        if isinstance(action, Add):
            loc = self.locate_meld(state, state.side_of(state.turn), action.target)
            if loc is None:
                return action
            meld = state.melds[loc[0]][loc[1]]
            plain, placed = self.extend_meld(meld, action.cards)[0], self.placed_extend(
                meld, action.cards, place)[0]
        else:
            if len(action.groups) != 1:
                return action
            plain, placed = self.make_meld(action.groups[0])[0], self.placed_meld(
                action.groups[0], place)[0]
        if plain is not None and placed == plain:
            return dataclasses.replace(action, moved=None, end="")
        return action

    def canasta_kind(self, meld: Meld) -> str | None:
        if meld.kind != "run" or meld.size < self.canasta_size:
            return None
        if meld.wilds:
            return "mixed"
        return "de mil" if meld.size == 14 else "natural"

    def canasta_bonus(self, meld: Meld) -> int:
        kind = self.canasta_kind(meld)
        return {"natural": self.canasta_natural, "mixed": self.canasta_mixed,
                "de mil": self.canasta_de_mil}.get(kind or "", 0)

    # ---- the deal and the muertos --------------------------------------------------------
    def deal_extra_piles(self, rest: list[Card], players: int) -> dict[str, Any]:
        n = self.muerto_size
        piles = [rest[:n], rest[n:2 * n]]
        del rest[:2 * n]
        return {"muertos_piles": piles}

    def after_deal(self, state: State) -> list[Explanation]:
        # no initial-meld minimum: every side may meld from its first turn
        state.opened = [True] * len(state.sides)
        piles = state.extra.setdefault("muertos_piles", [[] for _ in state.sides])
        state.extra["muerto_state"] = [WAITING if p else NONE for p in piles]
        state.extra["muerto_holder"] = [-1] * len(state.sides)
        labels = [state.side_label(s) for s in range(len(state.sides))]
        sides = L(" / ".join(x.en for x in labels), " / ".join(x.es for x in labels))
        return [self.explain(True, "deal.muertos", size=len(piles[0]) if piles else 0, sides=sides),
                self.explain(True, "deal.no-upcard", first=state.names[state.turn])]

    def on_turn_start(self, state: State) -> list[Explanation]:
        side = state.side_of(state.turn)
        if muerto_state(state, side) != PENDING or muerto_holder(state, side) != state.turn:
            return []
        if not state.stock:  # the hand ends now: the muerto was never played (paid as not taken)
            return []
        pile = state.extra["muertos_piles"][side]
        state.hands[state.turn].extend(pile)
        state.extra["muertos_piles"][side] = []
        state.extra["muerto_state"][side] = TAKEN
        return [self.explain(True, "muerto.picked-up", player=state.names[state.turn], count=len(pile),
                             side=state.side_label(side))]

    def check_going_out(self, state: State, side: int, hand_after: int, melds_after: Sequence[Meld],
                        discarding: bool) -> Explanation | None:
        if hand_after >= 2 or (hand_after == 1 and discarding):
            return None
        status = muerto_state(state, side)
        name = state.player
        if status == WAITING:
            if hand_after == 1:  # the last card may be discarded later: an indirect close
                return None
            return self.explain(True, "muerto.indirect" if discarding else "muerto.direct", player=name,
                                side=state.side_label(side), count=len(state.extra["muertos_piles"][side]))
        if status == PENDING:
            holder = muerto_holder(state, side)
            return self.explain(False, "close.muerto-pending", player=name, side=state.side_label(side),
                                holder=state.names[holder] if holder >= 0 else "?", left=hand_after)
        clean = sum(1 for m in melds_after if self.canasta_kind(m) in CLEAN_KINDS)
        if clean and hand_after == 1:  # allowed: the discard will end the hand
            return None
        return self.explain(clean > 0, "close.final", player=name, side=state.side_label(side),
                            clean=clean, left=hand_after)

    def on_hand_emptied(self, state: State, seat: int, discarded: bool) -> tuple[bool, list[Explanation]]:
        side = state.side_of(seat)
        if muerto_state(state, side) != WAITING:
            return True, []
        pile = state.extra["muertos_piles"][side]
        exp = self.explain(True, "muerto.indirect" if discarded else "muerto.direct",
                           player=state.names[seat], side=state.side_label(side), count=len(pile))
        state.extra["muerto_holder"][side] = seat
        if discarded:  # played from the player's next turn
            state.extra["muerto_state"][side] = PENDING
        else:  # into the hand at once; play goes on without a draw
            state.hands[seat].extend(pile)
            state.extra["muertos_piles"][side] = []
            state.extra["muerto_state"][side] = TAKEN
        return False, [exp]

    # ---- the pile --------------------------------------------------------------------------
    def check_take_pile(self, state: State, action: TakePile) -> Explanation:
        name = state.player
        # pile.empty
        if not state.pile:
            return self.explain(False, "pile.empty", player=name)
        if action.depth != 1:
            return self.explain(False, "pile.depth", player=name, depth=action.depth)
        # pile.take-whole: the whole pile into the hand, nothing named with it
        if action.with_cards or action.onto is not None or action.extra:
            return self.explain(False, "pile.take-whole", player=name, count=len(state.pile),
                                action=action.without_player().text)
        return self.explain(True, "pile.take-whole", player=name, count=len(state.pile),
                            action="take pile")

    # ---- scoring ---------------------------------------------------------------------------
    def score_side(self, state: State, side: int, went_out: int | None) -> list[tuple[int, Explanation]]:
        lines: list[tuple[int, Explanation]] = []
        if went_out is not None and state.side_of(went_out) == side:
            lines.append((self.going_out_bonus, self.explain(True, "score.going-out",
                                                             player=state.names[went_out],
                                                             points=self.going_out_bonus)))
        for m in state.melds[side]:
            kind = self.canasta_kind(m)
            if kind:
                pts = self.canasta_bonus(m)
                rule = "score.canasta-de-mil" if kind == "de mil" else "score.canasta"
                lines.append((pts, self.explain(True, rule, meld=m.label, size=m.size,
                                                kind=KIND_WORDS[kind], points=pts)))
        if state.melds[side]:
            per = [(m.label, sum(self.value(c) for c in m.cards)) for m in state.melds[side]]
            total = sum(p for _, p in per)
            lines.append((total, self.explain(True, "score.meld-cards", points=total,
                                              detail=", ".join(f"{lab} {p}" for lab, p in per))))
        for seat in state.sides[side]:
            hand = state.hands[seat]
            if hand:
                pts = -sum(self.value(c) for c in hand)
                lines.append((pts, self.explain(True, "score.hand-cards", player=state.names[seat],
                                                cards=tuple(sorted_cards(hand)), points=pts)))
        status = muerto_state(state, side)
        if status in (WAITING, PENDING):
            why = (L("taken with an indirect close but never played: paid as if not taken, and its "
                     "cards do not count",
                     "recogido con cierre indirecto pero nunca jugado: se paga como si no lo hubiera "
                     "recogido, y sus cartas no cuentan")
                   if status == PENDING else L("not taken", "no recogido"))
            pts = -self.muerto_penalty
            lines.append((pts, self.explain(True, "score.muerto", side=state.side_label(side),
                                            points=pts, why=why)))
        return lines

    # ---- move generation -------------------------------------------------------------------
    def fast_moves(self) -> Generator:
        return MOVES

    def candidate_melds(self, state: State, hand: Sequence[Card]) -> list[tuple[Card, ...]]:
        return self._run_candidates(hand)

    def take_candidates(self, state: State) -> list[Action]:
        return [TakePile()] if state.pile else []

    def add_candidates(self, state: State) -> list[Action]:
        """Lay-offs onto the side's runs (named '#N'), each also with its 2 put at the other end
        where that makes another run; and, first, new runs whose 2 goes to the other end."""
        side = state.side_of(state.turn)
        hand = state.hands[state.turn]
        out: list[Action] = []
        for g in self._run_candidates(hand):
            plain = self.make_meld(g)[0]
            if plain is None:
                continue
            for two in dict.fromkeys(c for c in g if c.rank == runs.TWO):
                for end in runs.ENDS:
                    placed = self.placed_meld(g, (two, end))[0]
                    if placed is not None and placed != plain:
                        out.append(MeldAction(groups=(g,), moved=two, end=end))
        for i, m in enumerate(state.melds[side]):
            if m.kind != "run":
                continue
            w = runs.wild_at(m)
            for c in runs.layoff_candidates(m, hand):
                target = f"#{i + 1}"
                out.append(Add(cards=c, target=target))
                plain = self.extend_meld(m, c)[0]
                if plain is None:
                    continue
                moving = [w[0]] if w is not None else []
                for two in dict.fromkeys([*moving, *(x for x in c if x.rank == runs.TWO)]):
                    for end in runs.ENDS:
                        placed = self.placed_extend(m, c, (two, end))[0]
                        if placed is not None and placed != plain:
                            out.append(Add(cards=c, target=target, moved=two, end=end))
        return out


def muerto_state(state: State, side: int) -> str:
    """``waiting`` / ``pending`` / ``taken`` / ``none`` for the side's muerto."""
    states = state.extra.get("muerto_state")
    if states is None:  # a hand set up by hand: a muerto only if a pile was laid out for it
        piles = state.extra.get("muertos_piles") or []
        return WAITING if side < len(piles) and piles[side] else NONE
    return str(states[side])


def muerto_holder(state: State, side: int) -> int:
    holders = state.extra.get("muerto_holder") or []
    return int(holders[side]) if side < len(holders) else -1


REAL = Real(
    name="real",
    title=L("Canasta Real", "Canasta Real"),
    seed_file=SEED,
    aliases=("canasta real", "buraco", "canastra", "001"),
    player_counts=(4, 2),
    default_players=4,
    jokers=0,
    cards_dealt=11,
    upcard=False,
    wild_ranks=(2,),
    max_wilds=1,
    min_naturals=2,
    one_meld_per_rank=False,
    opening=((-10**9, 0),),
    red_threes="none",
    black_threes_block=False,
    black_threes_meld_only_out=False,
    pile_frozen_by_wild=False,
    pile_frozen_before_opening=False,
    pile_take_onto_meld=False,
    canastas_to_go_out=1,
    going_out_bonus=100,
    concealed_bonus=0,
    canasta_natural=200,
    canasta_mixed=100,
    ask_partner=False,
    wild_ends=True,
    target=3000,
    card_values=((ACE, 15), (2, 10), (3, 5), (4, 5), (5, 5), (6, 5), (7, 5), (8, 10), (9, 10),
                 (10, 10), (11, 10), (12, 10), (KING, 10)),
    sources=SOURCES,
)


def _rule(id: str, group: str, name: tuple[str, str], text: tuple[str, str], ok: tuple[str, str],
          no: tuple[str, str] = ("", "")) -> None:
    register(Rule(id, group, name, text, ok, no))


# ---- the rules only Canasta Real uses (templates in English and Spanish) ---------------------
_rule("deal.muertos", "deal", ("Muertos", "Muertos"),
      ("After the deal two muertos of {muerto_size} cards are set aside, one for each pair (one for "
       "each player in a game of two).",
       "Tras el reparto se apartan dos muertos de {muerto_size} cartas, uno para cada pareja (uno "
       "para cada jugador en una partida de dos)."),
      ("Two muertos of {size} cards are set aside, one for each side: {sides}.",
       "Se apartan dos muertos de {size} cartas, uno para cada bando: {sides}."))
_rule("deal.no-upcard", "deal", ("No upcard", "Sin carta inicial"),
      ("No card is turned up: the first discard starts the pile.",
       "No se da vuelta ninguna carta: el primer descarte empieza el pozo."),
      ("No card is turned up: {first}'s first discard starts the pile.",
       "No se da vuelta ninguna carta: el primer descarte de {first} empieza el pozo."))
_rule("pile.take-whole", "pile", ("Take the whole pile", "Comprar el pozo"),
      ("Instead of drawing, a player may take the whole pile into the hand, with no condition; "
       "melds come afterwards.",
       "En lugar de robar se puede comprar el pozo entero, sin condiciones, a la mano; las "
       "combinaciones se bajan después."),
      ("{player} takes the whole pile ({count} cards) into the hand.",
       "{player} compra el pozo entero ({count} cartas) a la mano."),
      ("{player} cannot '{action}': the whole pile goes into the hand as it is (write 'take pile'), "
       "and melds come afterwards.",
       "{player} no puede '{action}': el pozo entero pasa a la mano tal cual (escribe 'take pile'), "
       "y las combinaciones se bajan después."))
_rule("run.one-suit", "meld", ("One suit", "Un solo palo"),
      ("A run is of one suit; only a 2 may come from another suit.",
       "Una escalera es de un solo palo; solo un 2 puede ser de otro palo."),
      ("The cards are of one suit.", "Las cartas son de un solo palo."),
      ("{cards} mixes the suits {suits}: a run is of one suit (only a 2 may come from another).",
       "{cards} mezcla los palos {suits}: una escalera es de un solo palo (solo un 2 puede ser de otro)."))
_rule("run.no-sets", "meld", ("No sets", "Sin tríos"),
      ("There are no sets of one rank (tríos) in this game: only runs of one suit.",
       "En este juego no hay tríos (grupos del mismo valor): solo escaleras de un palo."),
      ("The cards are not a set.", "Las cartas no son un trío."),
      ("{cards} is a set of {rank}s: there are no sets (tríos) in this game, only runs of one suit.",
       "{cards} es un trío de {rank}: en este juego no hay tríos, solo escaleras de un palo."))
_rule("run.in-sequence", "meld", ("In sequence", "En secuencia"),
      ("A run is three or more cards in order, each place once; the ace goes before the 2 or after "
       "the K.",
       "Una escalera son tres o más cartas ordenadas, cada lugar una vez; el as va antes del 2 o "
       "después del K."),
      ("The cards are in sequence.", "Las cartas están en secuencia."),
      ("{cards} is not a sequence: {why}.", "{cards} no es una secuencia: {why}."))
_rule("run.no-wrap", "meld", ("No turning the corner", "Sin dar la vuelta"),
      ("A run does not turn the corner: K-A-2 is not a sequence, the ace stays at one end.",
       "Una escalera no da la vuelta: K-A-2 no es secuencia, el as queda en un extremo."),
      ("The run does not turn the corner.", "La escalera no da la vuelta."),
      ("{cards} would turn the corner K-A-2: the ace goes after the K or before the 2, not between.",
       "{cards} daría la vuelta K-A-2: el as va después del K o antes del 2, no entre ellos."))
_rule("run.wild-limit", "meld", ("One wild 2 per run", "Un 2 comodín por escalera"),
      ("A run holds at most one wild 2; a 2 of the run's suit in its own place is natural.",
       "Una escalera lleva como mucho un 2 comodín; un 2 del palo en su propio lugar es natural."),
      ("The run has at most one wild card.", "La escalera tiene como mucho un comodín."),
      ("{cards} would need {wilds} 2s as wild cards: a run holds at most {most} (a 2 of the run's "
       "suit in its own place is natural).",
       "{cards} necesitaría {wilds} doses como comodín: una escalera lleva como mucho {most} (un 2 "
       "del palo en su propio lugar es natural)."))
_rule("run.valid", "meld", ("Valid run", "Escalera válida"),
      ("A run of one suit, in order, with at most one wild 2.",
       "Una escalera de un palo, ordenada, con como mucho un 2 comodín."),
      ("{cards} is a run of {suit} from {low} to {high}{wild}.",
       "{cards} es una escalera de {suit} del {low} al {high}{wild}."))
_rule("run.wild-moves", "meld", ("The 2 moves", "El 2 se mueve"),
      ("When the card a 2 stands for is laid off, it takes the 2's place and the 2 moves to an end "
       "of the run (2/7/8/9 ⇔ 7/8/9/2).",
       "Cuando llega la carta que un 2 sustituye, ocupa su lugar y el 2 pasa a un extremo de la "
       "escalera (2/7/8/9 ⇔ 7/8/9/2)."),
      ("{card} takes the place of {wild}, which stood for the {role} and moves to {where}.",
       "{card} ocupa el lugar del {wild}, que hacía de {role}, y este pasa {where}."))
_rule("run.wild-end", "meld", ("Which end the 2 goes to", "A qué extremo va el 2"),
      ("A 2 laid in a run, or moving because the card it stood for arrived, goes to the start or "
       "the end of the run; the player may say which ('add 8♥ to #1, 2♣ to the start').",
       "Un 2 que se coloca en una escalera, o que se mueve porque llegó la carta que sustituía, va "
       "al principio o al final de la escalera; el jugador puede decir a cuál ('añadir 8♥ a #1, 2♣ "
       "al principio')."),
      ("{card} goes to the {end} of the run.", "El {card} va al {end} de la escalera."),
      ("{card} cannot go to the {end}: {why}.", "El {card} no puede ir al {end}: {why}."))
_rule("run.de-mil", "meld", ("Canasta de mil", "Canasta de mil"),
      ("A run from ace to ace (14 cards) without a wild card is a canasta de mil, worth "
       "{canasta_de_mil}.",
       "Una escalera de as a as (14 cartas) sin comodín es una canasta de mil, que vale "
       "{canasta_de_mil}."),
      ("The run of {suit} ({meld}) now goes from ace to ace without a wild card: a canasta de mil, "
       "worth {bonus} at the end of the hand.",
       "La escalera de {suit} ({meld}) va ya de as a as sin comodín: una canasta de mil, que vale "
       "{bonus} al final de la mano."))
_rule("muerto.direct", "out", ("Direct close", "Cierre directo"),
      ("Direct close: the first player of a pair to empty the hand by melding, without a discard, "
       "takes the pair's muerto at once and plays on without drawing.",
       "Cierre directo: el primero de la pareja que se queda sin cartas bajándolas, sin descartar, "
       "recibe el muerto de la pareja en el acto y sigue jugando sin comprar."),
      ("{player} empties the hand without a discard (direct close) and takes the muerto of {side} "
       "({count} cards), playing on without drawing.",
       "{player} se queda sin cartas sin descartar (cierre directo) y recibe el muerto de {side} "
       "({count} cartas): sigue jugando sin comprar."))
_rule("muerto.indirect", "out", ("Indirect close", "Cierre indirecto"),
      ("Indirect close: the first player of a pair to empty the hand with the discard takes the "
       "pair's muerto, to play it from the next turn.",
       "Cierre indirecto: el primero de la pareja que se queda sin cartas al descartar coge el "
       "muerto de la pareja, para jugarlo desde su siguiente turno."),
      ("{player} empties the hand with the discard (indirect close) and takes the muerto of {side} "
       "({count} cards), to play it from the next turn.",
       "{player} se queda sin cartas al descartar (cierre indirecto) y coge el muerto de {side} "
       "({count} cartas), para jugarlo desde su siguiente turno."))
_rule("muerto.picked-up", "out", ("Muerto into play", "El muerto entra en juego"),
      ("A muerto taken with an indirect close joins the player's hand at the start of the player's "
       "next turn.",
       "El muerto cogido con cierre indirecto pasa a la mano al empezar el siguiente turno del "
       "jugador."),
      ("{player} picks up the muerto of {side} ({count} cards) and plays it from this turn.",
       "{player} recoge el muerto de {side} ({count} cartas) y lo juega desde este turno."))
_rule("close.final", "out", ("Ending the hand", "Cerrar la partida"),
      ("A player whose pair has already taken its muerto may end the hand by emptying the hand "
       "again, only with at least one clean canasta (limpia or de mil).",
       "Quien ya ha recogido el muerto de su pareja puede terminar la mano quedándose otra vez sin "
       "cartas, solo con al menos una canasta limpia (limpia o de mil)."),
      ("{player} ends the hand: {side} has taken its muerto and has {clean} clean canasta(s).",
       "{player} cierra: {side} ya recogió su muerto y tiene {clean} canasta(s) limpia(s)."),
      ("{player} cannot be left with {left} card(s): {side} has already taken its muerto, so that "
       "would end the hand, which needs a clean canasta (limpia or de mil); {side} has {clean}.",
       "{player} no puede quedarse con {left} carta(s): {side} ya recogió su muerto, así que eso "
       "terminaría la mano, y para ello hace falta una canasta limpia (limpia o de mil); {side} "
       "tiene {clean}."))
_rule("close.muerto-pending", "out", ("Muerto not yet played", "Muerto aún sin jugar"),
      ("While a pair's muerto, taken with an indirect close, waits for its owner's next turn, the "
       "partner may not empty the hand.",
       "Mientras el muerto cogido con cierre indirecto espera el siguiente turno de su dueño, el "
       "compañero no puede quedarse sin cartas."),
      ("The muerto of {side} is in play.", "El muerto de {side} está en juego."),
      ("{player} cannot be left with {left} card(s): the muerto of {side}, taken by {holder}, has "
       "not been played yet (it joins {holder}'s hand next turn).",
       "{player} no puede quedarse con {left} carta(s): el muerto de {side}, cogido por {holder}, "
       "aún no se ha jugado (pasa a la mano de {holder} en su siguiente turno)."))
_rule("score.canasta-de-mil", "score", ("Canasta de mil bonus", "Bono por canasta de mil"),
      ("A canasta de mil (ace to ace, 14 cards, no wild card) scores {canasta_de_mil}, instead of "
       "the clean canasta's bonus.",
       "Una canasta de mil (de as a as, 14 cartas, sin comodín) suma {canasta_de_mil}, en lugar del "
       "bono de canasta limpia."),
      ("Canasta de mil of {meld} ({size} cards, ace to ace without a wild card): {points}.",
       "Canasta de mil de {meld} ({size} cartas, de as a as sin comodín): {points}."))
_rule("score.muerto", "score", ("Muerto not taken", "Muerto no recogido"),
      ("A pair that did not take its muerto loses {muerto_penalty}; so does a pair whose muerto, "
       "taken with an indirect close, was never played (its cards then do not count).",
       "La pareja que no recogió su muerto pierde {muerto_penalty}; también la que lo cogió con "
       "cierre indirecto y no llegó a jugarlo (sus cartas entonces no cuentan)."),
      ("Muerto of {side}: {points} ({why}).", "Muerto de {side}: {points} ({why})."))
