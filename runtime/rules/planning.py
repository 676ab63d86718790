"""The planning phase: each main player selects an encounter card (a new hand drawn when it
holds none, a card it was made to play standing unless negated); the encounter in, its chosen
cards out."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from runtime import extension
from runtime.cards import fits
from runtime.decisions import Decision
from runtime.rules.own_piles import hand_pile_cards, has_encounter_card
from runtime.state import Encounter
from runtime.table_events import EncounterEnded
from runtime.windows import Windows

if TYPE_CHECKING:
    from runtime.ir import CardFilter
    from runtime.table import Table


@dataclass(slots=True)
class NoCards:
    """The event of planning.no_cards: a main player holds no encounter card."""

    seat: int
    cancelled: bool = False


def out_of_cards(game: Table, seat: int) -> bool:
    """Open planning.no_cards for a main player without encounter cards; True if a card's
    effect replaced the usual consequence and the player now holds one."""
    event = NoCards(seat)
    game.dispatch.event(Windows.PLANNING_NO_CARDS, event)
    return event.cancelled and has_encounter_card(game, seat)


def planning(game: Table, enc: Encounter) -> bool:
    """Select encounter cards; False when the offense has none (its turn ends)."""
    extension.run(game, "planning.start", enc)
    if not has_encounter_card(game, enc.offense) and not out_of_cards(game, enc.offense):
        enc.marks["turn over"] = True
        return False
    if not has_encounter_card(game, enc.defense) and not out_of_cards(game, enc.defense):
        for _ in range(3):
            game.new_hand(enc.defense)
            if has_encounter_card(game, enc.defense):
                break
    game.dispatch.step(Windows.PLANNING_START)
    extension.run(game, "planning.kickers", enc)
    game.dispatch.step(Windows.PLANNING_KICKERS)
    if enc.first_selector is not None:
        first = enc.first_selector
        select_card(game, enc, first)
        enc.face_up[first] = True
        game.dispatch.step(Windows.PLANNING_FIRST_SHOWN)
        select_card(game, enc, 1 - first)
    else:
        select_card(game, enc, 0)
        select_card(game, enc, 1)
    game.dispatch.step(Windows.PLANNING_AFTER_SELECTION)
    return True


def select_card(game: Table, enc: Encounter, side: int) -> None:
    seat = enc.offense if side == 0 else enc.defense
    if enc.cards[side] is not None:
        return
    while True:
        card = game.choose(
            seat,
            "planning.select",
            "select an encounter card",
            selectable(game, enc, side),
            game.card_label,
        )
        if game.holder[card] == seat or card in hand_pile_cards(game, seat):
            break  # else it left the hand while the choice was in the air (a negation): again
    required = enc.required[side]
    if required is not None:  # the player was made to select a card: that may be prevented
        card = prevent_forced(game, seat, required, card)
    if game.holder[card] == seat:
        game.from_hand(seat, card)
    else:  # played from one of the player's own piles, in place of its hand
        for cards in game.state.players[seat].piles.values():
            if card in cards:
                cards.remove(card)
        game.log("effect", seat, "selects from its own pile, not its hand")
    game.state.in_play.append(card)
    enc.cards[side] = card
    if game.events is not None:
        game.log("select", seat)


def prevent_forced(game: Table, seat: int, required: CardFilter, card: int) -> int:
    """A card a main player was made to select (one that fits `required`, a named card it must
    play) stands unless another player prevents it. Negating that selection prevents it: the
    player then selects one of its other encounter cards instead."""
    hand = [
        c
        for c in (*game.state.players[seat].hand, *hand_pile_cards(game, seat))
        if game.defs[c].kind == "encounter"
    ]
    others = [c for c in hand if not fits(game.defs[c], required)]
    if not others or len(others) == len(hand):
        return card  # nothing was forced, or nothing else could be selected
    decision = Decision(
        seat, "planning.select", "select an encounter card", hand, labeler=game.card_label
    )
    if not game.negated(decision, (hand.index(card),)):
        return card
    game.log("effect", seat, "must choose again: select an encounter card")
    return game.choose(
        seat, "planning.select", "select another encounter card", others, game.card_label
    )


def selectable(game: Table, enc: Encounter, side: int) -> list[int]:
    """The encounter cards a main player may select (drawing a new hand if it holds none)."""
    seat = enc.offense if side == 0 else enc.defense
    defs = game.defs
    options: list[int] = []
    # a loop, not a comprehension (a function made and called before Python 3.12): asked twice
    # an encounter
    for c in (*game.state.players[seat].hand, *hand_pile_cards(game, seat)):
        if defs[c].kind == "encounter":
            options.append(c)
    if not options:
        game.new_hand(seat)
        options = [c for c in game.state.players[seat].hand if game.defs[c].kind == "encounter"]
        if not options:
            raise EncounterEnded(False)
    required = enc.required[side]
    if required is not None:
        fitting = [c for c in options if fits(game.defs[c], required)]
        options = fitting or options
    return options
