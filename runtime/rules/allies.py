"""Alliance events: an invited player turning the invitation down, or committing ships as an ally."""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.rules.ships import GATE, GUARD, ShipsEvent
from runtime.windows import Window

if TYPE_CHECKING:
    from runtime.game import Game


def declined(game: Game, seat: int) -> None:
    game.log("decline", seat)
    if game.dispatch.listening(Window.ALLIANCE_DECLINED):
        game.dispatch.event(Window.ALLIANCE_DECLINED, ShipsEvent(seat, {}))


def joined(game: Game, seat: int, side: int, count: int) -> None:
    if game.dispatch.listening(Window.ALLIANCE_JOINED):
        where = GATE if side == 0 else GUARD
        game.dispatch.event(Window.ALLIANCE_JOINED, ShipsEvent(seat, {where: count}))
