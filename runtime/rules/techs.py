"""Completed techs in play: a one-shot tech that was used is spent. Dealing and researching techs
is the rules module runtime/modules/technology.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from runtime.table import Table


def spend(game: Table, seat: int, tech: int) -> None:
    """A one-shot tech that was used goes to the tech discard pile."""
    player = game.state.players[seat]
    if tech in player.completed:
        player.completed.remove(tech)
        game.state.tech_discard.append(tech)
