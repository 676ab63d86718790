"""Lucre, the optional economy: a public purse per player, paid to the box unless a card redirects it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from runtime.windows import Window

if TYPE_CHECKING:
    from runtime.game import Game

BOX = -1


def enabled(game: Game) -> bool:
    return bool(game.state.options.get("lucre", False))


@dataclass(slots=True)
class LucreEvent:
    payer: int
    amount: int
    payee: int  # a seat, or BOX
    cancelled: bool = False


def pay(game: Game, payer: int, amount: int, payee: int = BOX) -> int:
    """Move lucre from a player to another player or the box; returns what was paid."""
    player = game.state.players[payer]
    amount = min(amount, player.lucre)
    if amount <= 0:
        return 0
    event = LucreEvent(payer, amount, payee)
    game.dispatch.event(Window.LUCRE_PAID, event)
    if event.cancelled:
        return 0
    player.lucre -= event.amount
    game.log("lucre", payer, -event.amount)
    if event.payee != BOX:
        game.state.players[event.payee].lucre += event.amount
        game.log("lucre", event.payee, event.amount)
    return event.amount


def gain(game: Game, seat: int, amount: int) -> None:
    if amount > 0:
        game.state.players[seat].lucre += amount
        game.log("lucre", seat, amount)
