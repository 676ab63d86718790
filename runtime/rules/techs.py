"""Completed techs in play: a one-shot tech that was used is spent. Dealing and researching techs
is the rules module runtime/modules/technology.py."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from runtime.rules import ships

if TYPE_CHECKING:
    from runtime.table import Table


@dataclass(slots=True)
class TechEvent:
    """The event of the tech.completed window (who completed which tech) and of the
    response.tech window (who is using which tech; a response may cancel the use)."""

    seat: int
    tech: int
    cancelled: bool = False


def spend(game: Table, seat: int, tech: int) -> None:
    """A one-shot tech that was used goes to the tech discard pile."""
    player = game.state.players[seat]
    if tech in player.completed:
        player.completed.remove(tech)
        game.state.tech_discard.append(tech)


def release(game: Table, seat: int, tech: int) -> None:
    """A hidden tech has been used from face down: the ships still researching it go back to
    its owner's colonies, and the tech is face up until it is spent."""
    player = game.state.players[seat]
    back = player.research.get(tech, 0)
    planet = ships.choose_colony(game, seat, back) if back else -1
    player.research.pop(tech, None)
    if tech in player.techs:
        player.techs.remove(tech)
        player.completed.append(tech)
    if back:
        game.state.planets[planet].ships[seat] += back
        ships.update_powers(game, seat)
        game.log("home", seat, back)
