"""Chance events: cards taken at random from a pile or a hand (a pool, a count and the players the
pick touches in; the cards taken out). A rules module may decide such a pick instead of chance;
the core asks it through the extension point `chance.pick`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from runtime import card_events, extension

if TYPE_CHECKING:
    from runtime.table import Table


def pick(
    game: Table, pool: Sequence[int], count: int, involved: Sequence[int], what: str
) -> list[int] | None:
    """Cards to take `count` of at random from `pool`, when a rules module decides them (the
    players in `involved` are those the pick touches); None leaves the pick to chance."""
    count = min(count, len(pool))
    if count <= 0:
        return None
    chosen: list[int] | None = extension.answer(
        game, "chance.pick", pool, count, tuple(involved), what
    )
    return chosen


def take_random(game: Table, taker: int, victim: int, count: int, why: str = "take") -> list[int]:
    """Move `count` cards at random from the victim's hand to the taker's (unless a rules module
    decides which), through the cards.leaving event (`why`: what the taking is for)."""
    hand = game.state.players[victim].hand
    count = min(count, len(hand))
    picked = pick(game, hand, count, (taker, victim), "cards to take")
    if picked is None:
        picked = game.state.rng.sample(hand, count) if count else []
    picked = card_events.leaving(game, victim, picked, taker, why)
    for card in picked:
        game.from_hand(victim, card)
        game.to_hand(taker, card)
    return picked
