"""What the techs module keeps in the state, as its slots (runtime/extension.py): each player's
techs (face down with the ships researching them, and face up) and the game's tech deck and
discard pile; in, the state, a player or a seat; out, the record to read and change."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from runtime.extension import Slot
from runtime.plain_data import COPIERS

if TYPE_CHECKING:
    from runtime.state import State
    from runtime.table import Table


@dataclass(slots=True)
class Techs:
    """A player's techs."""

    techs: list[int] = field(default_factory=list)  # face down, being researched
    research: dict[int, int] = field(default_factory=dict)  # ships on each face-down tech
    completed: list[int] = field(default_factory=list)  # face up


@dataclass(slots=True)
class TechPiles:
    """The techs no player holds."""

    tech_deck: list[int] = field(default_factory=list)
    tech_discard: list[int] = field(default_factory=list)


def _copy_techs(techs: Techs) -> Techs:
    return Techs(techs.techs[:], techs.research.copy(), techs.completed[:])


def _copy_piles(piles: TechPiles) -> TechPiles:
    return TechPiles(piles.tech_deck[:], piles.tech_discard[:])


# copied field by field, as the state's own records (runtime/state.py): every copy of a state
# copies one of these a player and the game's piles, in every game the module is in
COPIERS.update({Techs: _copy_techs, TechPiles: _copy_piles})

HELD: Slot[Techs] = Slot("techs", "player", lambda players: Techs())
PILES: Slot[TechPiles] = Slot("techs", "game", lambda players: TechPiles())


def techs_of(game: Table, seat: int) -> Techs:
    return HELD.of(game.state.players[seat])


def piles(state: State) -> TechPiles:
    return PILES.of(state)
