"""Committing ships to an encounter, and the alliance events: an invited player turning the
invitation down, or joining a side as an ally."""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.rules import ship_pieces, ships
from runtime.rules.ships import GATE, GUARD, ShipsEvent
from runtime.windows import Windows

if TYPE_CHECKING:
    from runtime.state import Encounter
    from runtime.table import Table

SIDES = ("offense", "defense")


def commit(
    game: Table,
    enc: Encounter,
    seat: int,
    side: int,
    kind: str,
    prompt: str,
    low: int = 1,
    high: int | None = None,
) -> int:
    """Move low..high ships (up to the seat's ship limit) of `seat` from its colonies into the
    encounter on `side`; returns how many went."""
    top = enc.ship_limit[seat] if high is None else high
    picked = ships.pick_ships(game, seat, low, top, kind, prompt)
    count = 0
    for src, k in picked.items():
        ships.remove_from(game, seat, src, k)
        count += k
    ships.sent_from(enc, seat, picked)
    if side == 0:
        enc.gate[seat] += count
    else:
        enc.guard[seat] += count
    if game.state.pieces:  # as in runtime/rules/ships.py: most games have none
        ship_pieces.arrived(game, seat, GATE if side == 0 else GUARD)
    ships.update_powers(game, seat)
    return count


def enlist(
    game: Table, enc: Encounter, seat: int, side: int, low: int = 1, high: int | None = None
) -> None:
    """A player joins a side as an ally with low..high ships."""
    name = SIDES[side]
    count = commit(
        game, enc, seat, side, "alliance.ships", f"commit ships to the {name}", low, high
    )
    if not count:
        return
    enc.allies[side].append(seat)
    if game.events is not None:
        game.log("ally", seat, name, count)
    joined(game, seat, side, count)


def most_ships(game: Table, enc: Encounter, seat: int) -> int:
    """The most ships a player could commit now: its ship limit, as far as its ships go."""
    return min(enc.ship_limit[seat], ships.free_ships(game, seat))


def declined(game: Table, seat: int) -> None:
    if game.events is not None:
        game.log("decline", seat)
    if game.dispatch.listening(Windows.ALLIANCE_DECLINED):
        game.dispatch.event(Windows.ALLIANCE_DECLINED, ShipsEvent(seat, {}))


def joined(game: Table, seat: int, side: int, count: int) -> None:
    if game.dispatch.listening(Windows.ALLIANCE_JOINED):
        where = GATE if side == 0 else GUARD
        game.dispatch.event(Windows.ALLIANCE_JOINED, ShipsEvent(seat, {where: count}))
