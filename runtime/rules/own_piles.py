"""What a player may play from its own piles (a card's `piles:`): the cards of the piles its
alien names in `hand piles:`, offered in place of its hand while its power works."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from runtime.table import Table


def hand_pile_cards(game: Table, seat: int) -> list[int]:
    """The cards of a player's own piles that its alien may play in place of its hand's."""
    p = game.state.players[seat]
    if not p.piles or p.alien is None or not game.has_power(seat):
        return []
    names = game.cards.cards[p.alien].attrs.get("hand piles") or ()
    return [card for name in names for card in p.piles.get(name, [])]


def has_encounter_card(game: Table, seat: int) -> bool:
    """Whether the player holds an encounter card it may play: in its hand, or in an own pile
    its alien plays from."""
    defs = game.defs
    for c in game.state.players[seat].hand:  # the hand first: its own piles are seldom needed
        if defs[c].kind == "encounter":
            return True
    return any(defs[c].kind == "encounter" for c in hand_pile_cards(game, seat))
