"""Deals: when both main players negotiate, they take turns offering terms of any size (colonies,
cards and whatever the rules modules in play add, each way), each offer built one small question
at a time; accepted terms are carried out, else the failed-deal penalty is paid."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from runtime import card_events, extension
from runtime.extension import DealTerm
from runtime.rules import ships
from runtime.rules.ships import GATE, GUARD
from runtime.state import DEFENSE, OFFENSE, Encounter
from runtime.windows import Window

if TYPE_CHECKING:
    from runtime.table import Table


@dataclass(frozen=True, slots=True)
class Terms:
    """What each main player gets. Index 0 is the offense, 1 the defense."""

    colony: tuple[bool, bool] = (False, False)
    cards: tuple[int, int] = (0, 0)  # cards each side GIVES the other
    # what else each side gives the other: a rules module's term, with the amount each way
    others: tuple[tuple[DealTerm, tuple[int, int]], ...] = ()

    def describe(self) -> str:
        parts = []
        who = ("the offense", "the defense")
        for side in (OFFENSE, DEFENSE):
            if self.colony[side]:
                parts.append(f"{who[side]} gets a colony")
            if self.cards[side]:
                parts.append(f"{who[side]} gives {self.cards[side]} card(s)")
            for term, amounts in self.others:
                if amounts[side]:
                    parts.append(f"{who[side]} {term.phrase.format(count=amounts[side])}")
        return ", ".join(parts) or "nothing changes hands"


@dataclass(slots=True)
class DealEvent:
    terms: Terms
    seats: tuple[int, int]
    cancelled: bool = False


def negotiate(game: Table, enc: Encounter) -> None:
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


def can_colonize(game: Table, enc: Encounter, side: int) -> bool:
    """Whether `side` could found a colony on a planet where the other main player has one."""
    st = game.state
    me, other = seats(enc)[side], seats(enc)[1 - side]
    has_ships = st.ships_in_play(me) > 0 or (side == OFFENSE and enc.gate[me] > 0)
    return has_ships and any(p.ships[other] > 0 and p.ships[me] == 0 for p in st.planets)


COLONY_CHOICES = {
    (False, False): "no colonies",
    (True, False): "the offense gets a colony",
    (False, True): "the defense gets a colony",
    (True, True): "each gets a colony",
}


@dataclass(slots=True)
class Step:
    """One small question of an offer: how much of one thing changes hands."""

    kind: str
    prompt: str
    options: list[Any]
    labeler: Callable[[Any], str] | None = None
    what: str = "colonies"  # "colonies", "cards" or a module's deal term
    side: int = OFFENSE  # the side that gives (cards and module terms)


def steps(game: Table, enc: Encounter) -> list[Step]:
    """The questions an offer is built from, in order: colonies, cards each way, then each rules
    module's term each way.

    Any number of cards up to the giver's hand (and of a module's term up to what the giver
    has) may be offered, each way; a question with nothing to choose from is left out."""
    st = game.state
    out: list[Step] = []
    can = (can_colonize(game, enc, OFFENSE), can_colonize(game, enc, DEFENSE))
    colonies = [c for c in COLONY_CHOICES if (not c[0] or can[0]) and (not c[1] or can[1])]
    if len(colonies) > 1:
        out.append(
            Step("deal.colonies", "who founds a colony?", colonies, lambda c: COLONY_CHOICES[c])
        )
    names = ("offense", "defense")
    for side, seat in enumerate(seats(enc)):
        hand = len(st.players[seat].hand)
        if hand:
            prompt = f"how many cards does the {names[side]} give?"
            kind = f"deal.{names[side]}_cards"
            out.append(Step(kind, prompt, list(range(hand + 1)), None, "cards", side))
    for term in extension.deal_terms(game):
        for side, seat in enumerate(seats(enc)):
            most = term.most(game, seat)
            if most:
                kind = f"deal.{names[side]}_{term.name}"
                prompt = term.question.format(side=names[side])
                out.append(Step(kind, prompt, list(range(most + 1)), None, term.name, side))
    return out


def build_offer(game: Table, proposer: int, questions: list[Step]) -> Terms:
    """The proposer answers each question in turn; the last one asked may not leave the offer
    empty (an offer always has something change hands)."""
    terms = extension.deal_terms(game)
    colony = (False, False)
    given: dict[str, list[int]] = {"cards": [0, 0], **{t.name: [0, 0] for t in terms}}
    for i, step in enumerate(questions):
        options = step.options
        empty = colony == (False, False) and all(g == [0, 0] for g in given.values())
        if empty and i == len(questions) - 1:
            options = options[1:]  # the "nothing" answer comes first in every question
        nothing = 0 if options is step.options else None  # answering "nothing" passes
        answer = game.choose(proposer, step.kind, step.prompt, options, step.labeler, nothing)
        if step.what == "colonies":
            colony = answer
        else:
            given[step.what][step.side] = int(answer)
    cards = given["cards"]
    others = tuple((t, (given[t.name][0], given[t.name][1])) for t in terms)
    return Terms(colony, (cards[0], cards[1]), others)


def bargain(game: Table, enc: Encounter) -> Terms | None:
    """Alternate offers (offense first) until one is accepted or the offers run out. Each offer
    is built step by step, so every decision stays small whatever the size of the deal."""
    pair = seats(enc)
    for turn in range(game.setup.option("deal_offers")):
        questions = steps(game, enc)
        if not questions:
            return None
        side = turn % 2
        proposer, responder = pair[side], pair[1 - side]
        offer = game.choose(
            proposer,
            "deal.offer",
            "propose a deal",
            ["make no offer", "propose terms"],
            passive=0,
        )
        if offer == "make no offer":
            continue
        terms = build_offer(game, proposer, questions)
        game.log("effect", proposer, f"offers: {terms.describe()}")
        if game.yes_no(responder, "deal.accept", f"accept the deal: {terms.describe()}?"):
            return terms
    return None


def carry_out(game: Table, enc: Encounter, terms: Terms) -> None:
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
            cards = card_events.leaving(game, giver, cards, taker, "deal")
            for card in cards:
                game.from_hand(giver, card)
                game.to_hand(taker, card)
            game.log("give", giver, taker, len(cards))
            game.gained(taker, cards, "deal")
        for term, amounts in terms.others:
            if amounts[side]:
                term.give(game, giver, taker, amounts[side])
    for side in (OFFENSE, DEFENSE):
        if terms.colony[side]:
            found_colony(game, enc, side)


def found_colony(game: Table, enc: Encounter, side: int) -> None:
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


def fail(game: Table, enc: Encounter) -> None:
    enc.outcome = "no deal"
    game.log("no_deal")
    game.dispatch.step(Window.RESOLUTION_DEAL_FAILED)
    ships.return_home(game, enc.offense, enc.gate[enc.offense], GATE)
    for side in (OFFENSE, DEFENSE):
        seat = seats(enc)[side]
        loss = extension.fold(game, "deal.failed_loss", enc.deal_penalty[seat], enc, side)
        if loss > 0:
            ships.lose_ships(game, seat, loss, f"the deal failed: lose {loss} ship(s)")
        elif loss < 0:
            ships.retrieve(game, seat, -loss)
