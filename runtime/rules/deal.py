"""Deals between two players: they take turns offering terms of any size (colonies, cards and
whatever the rules modules in play add, each way), each offer built one small question at a time;
accepted terms are carried out, then the deal.made window opens. The main players of an encounter
deal when both negotiate (a failed deal costs them the penalty); an effect may have any player
make a deal with another (`make a deal with PLAYERS`), with no penalty unless the card says one."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from runtime import card_events, extension
from runtime.extension import DealTerm
from runtime.rules import ships, systems
from runtime.rules.ships import GATE, GUARD
from runtime.state import DEFENSE, OFFENSE, Encounter
from runtime.windows import Window

if TYPE_CHECKING:
    from runtime.table import Table


@dataclass(frozen=True, slots=True)
class Parties:
    """The two players of a deal (index 0 offers first) and how its questions and log name them."""

    seats: tuple[int, int]
    roles: tuple[str, str]  # in decision kinds: deal.<role>_cards
    names: tuple[str, str]  # in prompts, option labels and the log
    # the encounter whose main players these are, making its deal; None for a deal an effect makes
    encounter: Encounter | None = None

    def founders_label(self, founders: tuple[int, ...]) -> str:
        """How an option of the colonies question (the seats that found a colony) reads."""
        if not founders:
            return "no colonies"
        if len(founders) == 2:
            return "each gets a colony"
        return f"{self.names[self.seats.index(founders[0])]} gets a colony"


# the roles of the two players of a deal an effect makes: the subject and the player it names
MAKER, PARTNER = "maker", "partner"


def of_encounter(enc: Encounter) -> Parties:
    return Parties(
        (enc.offense, enc.defense), ("offense", "defense"), ("the offense", "the defense"), enc
    )


def between(game: Table, maker: int, partner: int) -> Parties:
    colors = tuple(game.state.players[s].color for s in (maker, partner))
    return Parties((maker, partner), (MAKER, PARTNER), (colors[0], colors[1]))


@dataclass(frozen=True, slots=True)
class Terms:
    """What each party gets. Index 0 is the first party (the offense), 1 the second."""

    colony: tuple[bool, bool] = (False, False)
    cards: tuple[int, int] = (0, 0)  # cards each party GIVES the other
    # what else each party gives the other: a rules module's term, with the amount each way
    others: tuple[tuple[DealTerm, tuple[int, int]], ...] = ()

    def describe(self, names: tuple[str, str] = ("the offense", "the defense")) -> str:
        parts = []
        for side in (0, 1):
            if self.colony[side]:
                parts.append(f"{names[side]} gets a colony")
            if self.cards[side]:
                parts.append(f"{names[side]} gives {self.cards[side]} card(s)")
            for term, amounts in self.others:
                if amounts[side]:
                    parts.append(f"{names[side]} {term.phrase.format(count=amounts[side])}")
        return ", ".join(parts) or "nothing changes hands"


@dataclass(slots=True)
class DealEvent:
    terms: Terms
    seats: tuple[int, int]
    cancelled: bool = False


@dataclass(frozen=True, slots=True)
class DealMade:
    """The event of the deal.made window: a deal carried out, with its terms and two players."""

    terms: Terms
    seats: tuple[int, int]


def negotiate(game: Table, enc: Encounter) -> None:
    """The encounter's deal: allies go home, the main players bargain, and a failed deal costs
    each of them the penalty."""
    for side, pile in ((OFFENSE, enc.gate), (DEFENSE, enc.guard)):
        for ally in enc.allies[side]:
            ships.return_home(game, ally, pile[ally], GATE if side == OFFENSE else GUARD)
    parties = of_encounter(enc)
    terms = agree(game, parties)
    if terms is None:
        fail(game, enc)
    else:
        enc.deal_made = True
        enc.success = True
        carry_out(game, parties, terms)
    ships.return_home(game, enc.offense, enc.gate[enc.offense], GATE)


def make(game: Table, maker: int, partner: int) -> bool:
    """A deal an effect makes between two players, whatever their roles in an encounter; True if
    it is made. A failed one costs nothing (the effect says what follows)."""
    if maker == partner:
        return False
    parties = between(game, maker, partner)
    terms = agree(game, parties)
    if terms is None:
        game.log("no_deal")
        return False
    carry_out(game, parties, terms)
    return True


def agree(game: Table, parties: Parties) -> Terms | None:
    """The terms both parties accept, once they have stood the response.deal window (where the
    deal may be cancelled); None if there is no deal."""
    terms = bargain(game, parties)
    if terms is None:
        return None
    event = DealEvent(terms, parties.seats)
    game.dispatch.event(Window.RESPONSE_DEAL, event)
    return None if event.cancelled else terms


def can_colonize(game: Table, parties: Parties, side: int) -> bool:
    """Whether party `side` could found a colony on a planet where the other party has one."""
    st = game.state
    me, other = parties.seats[side], parties.seats[1 - side]
    enc = parties.encounter
    if enc is None:
        has_ships = ships.free_ships(game, me) > 0
    else:  # a main player may also land the ships it has in the gate
        has_ships = systems.has_colony(game, me) or (side == OFFENSE and enc.gate[me] > 0)
    if not has_ships:
        return False
    # a loop, not any() over a generator (which resumes it from C for each planet)
    for p in st.planets:  # noqa: SIM110
        if p.ships[other] > 0 and p.ships[me] == 0:
            return True
    return False


@dataclass(slots=True)
class Step:
    """One small question of an offer: how much of one thing changes hands."""

    kind: str
    prompt: str
    options: list[Any]
    labeler: Callable[[Any], str] | None = None
    what: str = "colonies"  # "colonies", "cards" or a module's deal term
    side: int = OFFENSE  # the party that gives (cards and module terms)


def steps(game: Table, parties: Parties) -> list[Step]:
    """The questions an offer is built from, in order: colonies, cards each way, then each rules
    module's term each way.

    Any number of cards up to the giver's hand (and of a module's term up to what the giver
    has) may be offered, each way; a question with nothing to choose from is left out. The
    options of the colonies question are the seats that found a colony."""
    st = game.state
    out: list[Step] = []
    first, second = can_colonize(game, parties, 0), can_colonize(game, parties, 1)
    if first or second:
        a, b = parties.seats
        colonies: list[tuple[int, ...]] = [()]
        if first:
            colonies.append((a,))
        if second:
            colonies.append((b,))
        if first and second:
            colonies.append((a, b))
        out.append(Step("deal.colonies", "who founds a colony?", colonies, parties.founders_label))
    for side, seat in enumerate(parties.seats):
        hand = len(st.players[seat].hand)
        if hand:
            prompt = f"how many cards does {parties.names[side]} give?"
            kind = f"deal.{parties.roles[side]}_cards"
            out.append(Step(kind, prompt, list(range(hand + 1)), None, "cards", side))
    for term in extension.deal_terms(game):
        for side, seat in enumerate(parties.seats):
            most = term.most(game, seat)
            if most:
                kind = f"deal.{parties.roles[side]}_{term.name}"
                prompt = term.question.format(giver=parties.names[side])
                out.append(Step(kind, prompt, list(range(most + 1)), None, term.name, side))
    return out


def build_offer(game: Table, proposer: int, parties: Parties, questions: list[Step]) -> Terms:
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
            colony = (parties.seats[0] in answer, parties.seats[1] in answer)
        else:
            given[step.what][step.side] = int(answer)
    cards = given["cards"]
    others = tuple((t, (given[t.name][0], given[t.name][1])) for t in terms)
    return Terms(colony, (cards[0], cards[1]), others)


def bargain(game: Table, parties: Parties) -> Terms | None:
    """Alternate offers (the first party first) until one is accepted or the offers run out.
    Each offer is built step by step, so every decision stays small whatever the size of the
    deal."""
    for turn in range(game.setup.option("deal_offers")):
        questions = steps(game, parties)
        if not questions:
            return None
        side = turn % 2
        proposer, responder = parties.seats[side], parties.seats[1 - side]
        offer = game.choose(
            proposer,
            "deal.offer",
            "propose a deal",
            ["make no offer", "propose terms"],
            passive=0,
        )
        if offer == "make no offer":
            continue
        terms = build_offer(game, proposer, parties, questions)
        said = terms.describe(parties.names)
        game.log("effect", proposer, f"offers: {said}")
        if game.yes_no(responder, "deal.accept", f"accept the deal: {said}?"):
            return terms
    return None


def carry_out(game: Table, parties: Parties, terms: Terms) -> None:
    game.log("deal", terms.describe(parties.names))
    pair = parties.seats
    for side in (0, 1):
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
    for side in (0, 1):
        if terms.colony[side]:
            found_colony(game, parties, side)
    game.dispatch.event(Window.DEAL_MADE, DealMade(terms, pair))


def found_colony(game: Table, parties: Parties, side: int) -> None:
    """Party `side` founds a colony on a planet where the other party has one: with the ships it
    has in the gate (the offense of an encounter's deal), else with 1 to 4 from its colonies."""
    st = game.state
    me, other = parties.seats[side], parties.seats[1 - side]
    planets = [p.id for p in st.planets if p.ships[other] > 0 and p.ships[me] == 0]
    if not planets:
        return
    planet = game.choose(me, "deal.colony", "found a colony on", planets, game.planet_name)
    enc = parties.encounter
    if enc is not None and side == OFFENSE and enc.gate[me] > 0:
        ships.land(game, me, planet, enc.gate[me], GATE)
        return
    picked = ships.pick_ships(game, me, 1, 4, "deal.colony_ships", "ships for the new colony")
    for src, k in picked.items():
        ships.land(game, me, planet, k, src)


def fail(game: Table, enc: Encounter) -> None:
    """The encounter's deal failed: each main player pays the penalty."""
    enc.outcome = "no deal"
    game.log("no_deal")
    game.dispatch.step(Window.RESOLUTION_DEAL_FAILED)
    ships.return_home(game, enc.offense, enc.gate[enc.offense], GATE)
    for side in (OFFENSE, DEFENSE):
        seat = (enc.offense, enc.defense)[side]
        loss = extension.fold(game, "deal.failed_loss", enc.deal_penalty[seat], enc, side)
        if loss > 0:
            ships.lose_ships(game, seat, loss, f"the deal failed: lose {loss} ship(s)")
        elif loss < 0:
            ships.retrieve(game, seat, -loss)
