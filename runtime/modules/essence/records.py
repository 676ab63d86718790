"""What the essence module keeps in the state, as its slots (runtime/extension.py): each
player's essence cards (its face-down set, secret cache and face-up unavailable pile) and, for
the game, the essence cards laid before players; in, the state, a player or a seat; out, the
record to read and change."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from runtime.extension import Slot

if TYPE_CHECKING:
    from runtime.state import State
    from runtime.table import Table


@dataclass(slots=True)
class Essence:
    """An essence alien's cards that are not laid: its set (top last), cache and unavailable
    pile."""

    essence_set: list[int] = field(default_factory=list)
    cache: list[int] = field(default_factory=list)
    unavailable: list[int] = field(default_factory=list)


@dataclass(slots=True)
class Placed:
    """An essence card out of its owner's cache: before whom it lies, and which way up."""

    owner: int
    holder: int
    face_up: bool
    captive: int = -1  # the seat whose ship sits on the card as a captive, if any
    since: int = 0  # the turn the card was laid


@dataclass(slots=True)
class Laid:
    """The essence cards lying before players, by instance, in the order they were laid."""

    placed: dict[int, Placed] = field(default_factory=dict)


CARDS: Slot[Essence] = Slot("essence", "player", lambda players: Essence())
LAID: Slot[Laid] = Slot("essence", "game", lambda players: Laid())


def essence_of(game: Table, seat: int) -> Essence:
    return CARDS.of(game.state.players[seat])


def placed_of(state: State) -> dict[int, Placed]:
    return LAID.of(state).placed
