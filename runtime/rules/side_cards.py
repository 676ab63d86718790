"""A side's encounter cards as a list: the card its main player selected, then the cards put in
beside it (face down before the reveal, face up after); what the added cards bring to the total."""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.state import Encounter

if TYPE_CHECKING:
    from runtime.table import Table


def cards_of(enc: Encounter, side: int) -> list[int]:
    """Every encounter card on a side, the selected one first."""
    return enc.cards_on(side)


def added_value(enc: Encounter, side: int) -> int:
    """What the cards put in beside a side's selected card add to its total."""
    return sum(enc.extra_values[side])


def card_worth(game: Table, card: int) -> int:
    """What an added card brings to its side's total: an attack's value, nothing otherwise."""
    definition = game.defs[card]
    return (definition.value or 0) if definition.type == "attack" else 0


def add_card(game: Table, enc: Encounter, side: int, card: int) -> None:
    """Put a card in play beside a side's selected card (the card has left its hand or pile)."""
    game.state.in_play.append(card)
    enc.extra[side].append(card)
    enc.extra_values[side].append(card_worth(game, card) if enc.face_up[side] else 0)


def reveal_added(game: Table, enc: Encounter, side: int) -> None:
    """At the reveal, the cards put in face down count for what they are."""
    enc.extra_values[side] = [card_worth(game, c) for c in enc.extra[side]]


def swap_sides(enc: Encounter) -> None:
    """The two sides' added cards change places along with their selected cards."""
    enc.extra.reverse()
    enc.extra_values.reverse()
