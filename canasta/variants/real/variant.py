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
from ...explain import Cite, Explanation, L, P, Source
from ...melds import Meld
from ...scoring import meld_points_detail
from ...variant import STANDARD_CLASSIC, Variant
from . import runs
from .moves import MOVES, laid_off

if TYPE_CHECKING:
    from ...fastmoves import Generator
    from ...state import State

SEED = "001_cd0da76d343acfc1.txt"
STANDARD_BURACO = ("standard Buraco / Canastra rules (pagat.com/rummy/buraco.html; gamedesire.com "
                   "Buraco help; pt.wikipedia.org/wiki/Buraco_(jogo_de_cartas))")

WAITING, PENDING, TAKEN, NONE = "waiting", "pending", "taken", "none"
CLEAN_KINDS = ("natural", "de mil")

_CITE = Cite(SEED, STANDARD_BURACO)
_seed, _std, _engine = _CITE.seed, _CITE.std, _CITE.engine
_cstd = Cite(SEED, STANDARD_CLASSIC).std


SOURCES: dict[str, Source] = {
    "deal.hands": _seed("Distribución - once cartas para cada participante y dos muertos.",
                        "real.deal.hands",
                        also=("Barajas - dos de 52 cartas.", "Este juego se juega con cuatro participantes, formando dos "
                              "parejas, situadas en posiciones alternadas.", "Jugadores - 4")),
    "deal.muertos": _seed("Muerto – 2 montes de 11 cartas, siendo 1 para cada pareja.",
                          "",
                          also=("En el juego de parejas, cada muerto corresponde a una pareja.",)),
    "deal.no-upcard": _seed("Esa carta comienza el pozo, que es la pila de cartas que se forma "
                            "con los sucesivos descartes de los jugadores.",
                            "real.deal.no-upcard"),
    "turn.order": _seed("El turno pasa al jugador de la izquierda, siguiendo en sentido horario."),
    "turn.already-drew": _seed("Para poder bajar una combinación de cartas es necesario comprar "
                               "primero una carta del monte o comprar el pozo."),
    "turn.draw-first": _seed("Para poder bajar una combinación de cartas es necesario comprar "
                             "primero una carta del monte o comprar el pozo."),
    "draw.stock": _seed("El primer jugador de la mano compra una carta del monte (constituido "
                        "por las cartas que sobran después de la distribución)"),
    "pile.empty": _engine("real.pile.empty"),
    "pile.depth": _seed("Para poder bajar una combinación de cartas es necesario comprar "
                        "primero una carta del monte o comprar el pozo.",
                        "real.pile.depth"),
    "pile.take-whole": _seed("Para poder bajar una combinación de cartas es necesario comprar "
                             "primero una carta del monte o comprar el pozo.",
                             "real.pile.take-whole"),
    "hand.has-cards": _engine("real.hand.has-cards"),
    "meld.min-cards": _seed("El número mínimo para una combinación es de tres cartas"),
    "meld.one-at-a-time": _engine("real.meld.one-at-a-time"),
    "meld.ok": _seed("se pueden bajar escaleras de más cartas simultáneamente, u otras cartas "
                     "pueden ser agregadas en el transcurrir de la partida.",
                     "real.meld.ok"),
    "run.one-suit": _seed("Combinar cartas en una secuencia (Escalera) de tres o más cartas, "
                          "ordenadas, del mismo palo.",
                          "real.run.one-suit",
                          also=("Aunque se pueda colocar cualquier dos en cualquier escalera, "
                                "hay que tener en cuenta que al colocar un dos de diferente "
                                "palo que el que sigue la escalera, no será posible hacer "
                                "canasta limpia en esa escalera.",)),
    "run.no-sets": _seed("En este juego no existe el trío (pie o pierna), es decir, no se "
                         "pueden bajar grupos de cartas con el mismo valor."),
    "run.in-sequence": _seed("Combinar cartas en una secuencia (Escalera) de tres o más cartas, "
                             "ordenadas, del mismo palo.",
                             "real.run.in-sequence",
                             also=("(El As puede ir después del Rey y antes del dos.)",)),
    "run.no-wrap": _seed("(El As puede ir después del Rey y antes del dos.)", "real.run.no-wrap"),
    "run.wild-limit": _seed("Las cartas con valor 2 son utilizadas como comodines, pudiendo "
                            "sustituir cualquier carta.",
                            "real.run.wild-limit",
                            also=("Si tienes siete y nueve, el dos puede sustituir al ocho (7 / "
                                  "2 / 9) para poder bajar la secuencia.",)),
    "run.valid": _seed("Combinar cartas en una secuencia (Escalera) de tres o más cartas, "
                       "ordenadas, del mismo palo."),
    "run.wild-moves": _seed("Si la carta que el comodín está sustituyendo surgiera en jugadas "
                            "siguientes, ésta ocupará su lugar y el comodín a su vez pasará a "
                            "ocupar el puesto de la siguiente carta, ya sea al principio o al "
                            "final de la escalera.",
                            "real.run.wild-moves",
                            also=("2/ 7 / 8 / 9 <=> 7 / 8 / 9 / 2",)),
    "run.wild-end": _seed("el comodín a su vez pasará a ocupar el puesto de la siguiente carta, "
                          "ya sea al principio o al final de la escalera.",
                          "real.run.wild-end",
                          also=("2/ 7 / 8 / 9 <=> 7 / 8 / 9 / 2",)),
    "run.de-mil": _seed("Canasta - Juego de siete cartas o más en secuencia del mismo palo. Hay "
                        "tres tipos de canasta:",
                        "real.run.de-mil"),
    "meld.canasta": _seed("Canasta - Juego de siete cartas o más en secuencia del mismo palo.",
                          "real.meld.canasta",
                          also=("\" Limpia\" (sin comodín)", "\" Sucia\" (con comodín)", "\" De mil\" (de as a as y sin comodín).")),
    "add.target": _seed("u otras cartas pueden ser agregadas en el transcurrir de la partida",
                        "real.add.target"),
    "add.ok": _seed("u otras cartas pueden ser agregadas en el transcurrir de la partida"),
    "muerto.direct": _seed("Cierre directo es aquel en que el jugador baja todas sus cartas sin "
                           "descartar. Recibir el muerto y continuar a jugar, sin comprar "
                           "carta.",
                           "",
                           also=("Sólo lo recibe el primero de la pareja a cerrar.",)),
    "muerto.indirect": _seed("Cierre Indirecto es aquel en que el jugador termina sus cartas, "
                             "descartando una. Coger el muerto, pero sólo podrá utilizarlo en "
                             "la otra ronda, cuando sea su turno de jugar."),
    "muerto.picked-up": _seed("Cierre Indirecto es aquel en que el jugador termina sus cartas, "
                              "descartando una. Coger el muerto, pero sólo podrá utilizarlo en "
                              "la otra ronda, cuando sea su turno de jugar.",
                              "real.muerto.picked-up"),
    "close.final": _seed("Si quién ya ha recogido el muerto cierra, terminará la partida, pero "
                         "para eso se necesita de por lo menos una canasta limpia.",
                         "real.close.final",
                         also=("El jugador que cierre con las once cartas iniciales, recibirá "
                               "las once cartas del muerto y el juego continuará como antes.",)),
    "close.muerto-pending": _seed("Cierre Indirecto es aquel en que el jugador termina sus "
                                  "cartas, descartando una. Coger el muerto, pero sólo podrá "
                                  "utilizarlo en la otra ronda, cuando sea su turno de jugar.",
                                  "real.close.muerto-pending"),
    "discard.ok": _seed("Cuando el jugador descarta significa que finalizó su jugada y está "
                        "pasando la vez.",
                        "",
                        also=("El jugador no puede volver atrás.",)),
    "discard.out": _seed("Cierre Indirecto es aquel en que el jugador termina sus cartas, "
                         "descartando una."),
    "out.ask-partner-none": _engine("real.out.ask-partner-none"),
    "out.answer-first": _engine("real.out.answer-first"),
    "end.went-out": _seed("Si quién ya ha recogido el muerto cierra, terminará la partida",
                          "",
                          also=("Cerrar – es acabar las cartas de la mano.",)),
    "end.stock-exhausted": _cstd("std.stock-empty-plain", "real.end.stock-exhausted"),
    "turn.pass": _cstd("std.stock-empty-plain", "real.end.stock-exhausted"),
    "draw.stock-empty": _cstd("std.stock-empty-plain", "real.end.stock-exhausted"),
    "score.going-out": _seed("Para el jugador o pareja que cerró, se suman 100 puntos más por "
                             "el cierre.",
                             "real.score.going-out"),
    "score.canasta": _std("std.buraco.canasta", "real.score.canasta"),
    "score.canasta-de-mil": _std("std.buraco.de-mil", "real.score.canasta-de-mil"),
    "score.meld-cards": _std("std.buraco.values", "real.score.meld-cards"),
    "score.hand-cards": _std("std.buraco.values", "real.score.hand-cards"),
    "score.muerto": _seed("Si la otra pareja no ha conseguido recoger el muerto, como penalidad "
                          "deberá descontar de sus puntos positivos los 100 puntos "
                          "correspondientes al muerto",
                          "real.score.muerto",
                          also=("Detalle: Si un jugador recoge el muerto por cierre indirecto y "
                                "el adversario termina la partida antes que llegue su turno de "
                                "jugar, el muerto deberá ser pagado, como si no lo hubiera "
                                "recogido.",)),
    "score.total": _seed("Al término de la partida, se suman los puntos en la mesa, o sea los "
                         "valores de las cartas bajadas, más el valor extra de las canastas.",
                         "",
                         also=("Se restan después los valores de las cartas que sobraron en la "
                               "mano.",)),
    "game.end": _std("std.buraco.target", "real.game.end"),
    "game.over": _engine("real.game.over"),
    "hand.over": _engine("real.hand.over"),
    "hand.next": _cstd("std.next-deal", "real.hand.next"),
    "hand.in-progress": _engine("real.hand.in-progress"),
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
        alone = all(len(seats) == 1 for seats in state.sides)
        return [self.explain(True, "deal.muertos", size=len(piles[0]) if piles else 0, alone=alone),
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
        # the clean canastas before the move too: a wild card added to one makes it dirty
        before = sum(1 for m in state.melds[side] if self.canasta_kind(m) in CLEAN_KINDS)
        return self.explain(clean > 0, "close.final", player=name, side=state.side_label(side),
                            clean=clean, left=hand_after, before=before)

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
            return self.explain(False, "pile.depth", player=name, depth=action.depth,
                                deep=action.depth > len(state.pile), size=len(state.pile))
        # pile.take-whole: the whole pile into the hand, nothing named with it
        if action.with_cards or action.onto is not None or action.extra:
            return self.explain(False, "pile.take-whole", player=name, count=len(state.pile),
                                action=action.without_player(), whole=TakePile())
        return self.explain(True, "pile.take-whole", player=name, count=len(state.pile),
                            action=TakePile(), whole=TakePile())

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
                                                kind=self.canasta_word(kind), points=pts)))
        if state.melds[side]:
            per = [(m.label, sum(self.value(c) for c in m.cards)) for m in state.melds[side]]
            total = sum(p for _, p in per)
            lines.append((total, self.explain(True, "score.meld-cards", points=total,
                                              detail=meld_points_detail(per))))
        for seat in state.sides[side]:
            hand = state.hands[seat]
            if hand:
                pts = -sum(self.value(c) for c in hand)
                lines.append((pts, self.explain(True, "score.hand-cards", player=state.names[seat],
                                                cards=tuple(sorted_cards(hand)), points=pts)))
        status = muerto_state(state, side)
        if status in (WAITING, PENDING):
            why = P("why.muerto-unplayed" if status == PENDING else "why.muerto-not-taken")
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


# ---- the rules only Canasta Real uses (texts: canasta/locale/*.toml) ------------------------
for _id, _group in (("deal.muertos", "deal"), ("deal.no-upcard", "deal"), ("pile.take-whole", "pile"),
                    ("run.one-suit", "meld"), ("run.no-sets", "meld"), ("run.in-sequence", "meld"),
                    ("run.no-wrap", "meld"), ("run.wild-limit", "meld"), ("run.valid", "meld"),
                    ("run.wild-moves", "meld"), ("run.wild-end", "meld"), ("run.de-mil", "meld"),
                    ("muerto.direct", "out"),
                    ("muerto.indirect", "out"), ("muerto.picked-up", "out"), ("close.final", "out"),
                    ("close.muerto-pending", "out"), ("score.canasta-de-mil", "score"),
                    ("score.muerto", "score")):
    register(Rule(_id, _group))
