"""Deals: when both main players negotiate, a bounded exchange of offers; terms are carried out or
the failed-deal penalty is paid."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from runtime.rules import kickers, lucre, ships
from runtime.rules.ships import GATE, GUARD
from runtime.state import DEFENSE, OFFENSE, Encounter
from runtime.windows import Window

if TYPE_CHECKING:
    from runtime.game import Game


@dataclass(frozen=True, slots=True)
class Terms:
    """What each main player gets. Index 0 is the offense, 1 the defense."""

    colony: tuple[bool, bool] = (False, False)
    cards: tuple[int, int] = (0, 0)  # cards each side GIVES the other
    lucre: tuple[int, int] = (0, 0)  # lucre each side gives the other

    def describe(self) -> str:
        parts = []
        who = ("the offense", "the defense")
        for side in (OFFENSE, DEFENSE):
            if self.colony[side]:
                parts.append(f"{who[side]} gets a colony")
            if self.cards[side]:
                parts.append(f"{who[side]} gives {self.cards[side]} card(s)")
            if self.lucre[side]:
                parts.append(f"{who[side]} pays {self.lucre[side]} lucre")
        return ", ".join(parts) or "nothing changes hands"


@dataclass(slots=True)
class DealEvent:
    terms: Terms
    seats: tuple[int, int]
    cancelled: bool = False


def negotiate(game: Game, enc: Encounter) -> None:
    for side, pile in ((OFFENSE, enc.gate), (DEFENSE, enc.guard)):
        for ally in enc.allies[side]:
            ships.return_home(game, ally, pile[ally], GATE if side == OFFENSE else GUARD)
    terms = bargain(game, enc)
    if terms is not None:
        event = DealEvent(terms, (enc.offense, enc.defense))
        game.dispatch.event(Window.RESPONSE_DEAL, event)
        if event.cancelled:
            terms = None
    if terms is None:
        fail(game, enc)
    else:
        carry_out(game, enc, terms)
    ships.return_home(game, enc.offense, enc.gate[enc.offense], GATE)


def seats(enc: Encounter) -> tuple[int, int]:
    return enc.offense, enc.defense


def can_colonize(game: Game, enc: Encounter, side: int) -> bool:
    """Whether `side` could found a colony on a planet where the other main player has one."""
    st = game.state
    me, other = seats(enc)[side], seats(enc)[1 - side]
    has_ships = st.ships_in_play(me) > 0 or (side == OFFENSE and enc.gate[me] > 0)
    return has_ships and any(p.ships[other] > 0 and p.ships[me] == 0 for p in st.planets)


def possible_terms(game: Game, enc: Encounter) -> list[Terms]:
    st = game.state
    off, de = seats(enc)
    colonies = [(False, False)]
    can = (can_colonize(game, enc, OFFENSE), can_colonize(game, enc, DEFENSE))
    if can[0]:
        colonies.append((True, False))
    if can[1]:
        colonies.append((False, True))
    if can[0] and can[1]:
        colonies.append((True, True))
    give_off = range(min(2, len(st.players[off].hand)) + 1)
    give_def = range(min(2, len(st.players[de].hand)) + 1)
    purse = [(0, 0)]
    if lucre.enabled(game):
        purse += [(k, 0) for k in (1, 2) if st.players[off].lucre >= k]
        purse += [(0, k) for k in (1, 2) if st.players[de].lucre >= k]
    out = [
        Terms(c, (a, b), money)
        for c in colonies
        for a in give_off
        for b in give_def
        for money in purse
    ]
    return [t for t in out if t != Terms()]


def bargain(game: Game, enc: Encounter) -> Terms | None:
    """Alternate offers (offense first) until one is accepted or the offers run out."""
    candidates = possible_terms(game, enc)
    if not candidates:
        return None
    pair = seats(enc)
    labels = {t: t.describe() for t in candidates}
    for turn in range(game.setup.option("deal_offers")):
        side = turn % 2
        proposer, responder = pair[side], pair[1 - side]
        options: list[Terms | None] = [None, *candidates]
        offer = game.choose(
            proposer,
            "deal.offer",
            "propose a deal",
            options,
            labeler=lambda t: "make no offer" if t is None else labels[t],
        )
        if offer is None:
            continue
        if game.yes_no(responder, "deal.accept", f"accept the deal: {labels[offer]}?"):
            return offer
    return None


def carry_out(game: Game, enc: Encounter, terms: Terms) -> None:
    enc.deal_made = True
    enc.success = True
    game.log("deal", terms.describe())
    pair = seats(enc)
    for side in (OFFENSE, DEFENSE):
        giver, taker = pair[side], pair[1 - side]
        hand = game.state.players[giver].hand
        count = min(terms.cards[side], len(hand))
        if count:
            cards = game.choose_many(
                giver,
                "deal.cards",
                f"give {count} card(s)",
                list(hand),
                count,
                count,
                game.card_label,
            )
            for card in cards:
                game.from_hand(giver, card)
                game.to_hand(taker, card)
            game.log("give", giver, taker, count)
            game.gained(taker, cards, "deal")
        if terms.lucre[side]:
            lucre.pay(game, giver, terms.lucre[side], taker)
    for side in (OFFENSE, DEFENSE):
        if terms.colony[side]:
            found_colony(game, enc, side)


def found_colony(game: Game, enc: Encounter, side: int) -> None:
    st = game.state
    me, other = seats(enc)[side], seats(enc)[1 - side]
    planets = [p.id for p in st.planets if p.ships[other] > 0 and p.ships[me] == 0]
    if not planets:
        return
    planet = game.choose(me, "deal.colony", "found a colony on", planets, game.planet_name)
    if side == OFFENSE and enc.gate[me] > 0:
        ships.land(game, me, planet, enc.gate[me], GATE)
        return
    picked = ships.pick_ships(game, me, 1, 4, "deal.colony_ships", "ships for the new colony")
    for src, k in picked.items():
        ships.land(game, me, planet, k, src)


def fail(game: Game, enc: Encounter) -> None:
    enc.outcome = "no deal"
    game.log("no_deal")
    game.dispatch.step(Window.RESOLUTION_DEAL_FAILED)
    ships.return_home(game, enc.offense, enc.gate[enc.offense], GATE)
    for side in (OFFENSE, DEFENSE):
        seat = seats(enc)[side]
        loss = kickers.failed_deal_loss(game, enc, side, enc.deal_penalty[seat])
        if loss > 0:
            ships.lose_ships(game, seat, loss, f"the deal failed: lose {loss} ship(s)")
        elif loss < 0:
            ships.retrieve(game, seat, -loss)
