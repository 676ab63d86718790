"""Ops on alien sheets as game objects: players exchanging their aliens for good."""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime import extension
from runtime.effects.context import Ctx
from runtime.registry import T, op, pp

if TYPE_CHECKING:
    from runtime.table import Table


def _can_swap(ctx: Ctx, seat: int, partners: list[int]) -> bool:
    players = ctx.game.state.players
    return any(p != seat and players[p].alien != players[seat].alien for p in partners)


@op(
    "swap powers",
    "swap powers",
    pp("with", T.PLAYERS, "partner"),
    doc="Two players exchange alien sheets for the rest of the game, with whatever lies on them"
    " (markers, a rules module's cards kept with the sheet, a lost power stays lost).",
    feasible=_can_swap,
)
def swap_powers(ctx: Ctx, seat: int, partners: list[int]) -> None:
    game = ctx.game
    players = game.state.players
    for partner in partners[:1]:
        if partner == seat:
            continue
        a, b = players[seat], players[partner]
        game.log(
            "effect",
            seat,
            f"swaps alien sheets with {b.color}: gives {alien_name(ctx, a.alien)}"
            f" and takes {alien_name(ctx, b.alien)}",
        )
        exchange_sheets(game, seat, partner)
        game.dispatch.refresh_powers()


def exchange_sheets(game: Table, one: int, other: int) -> None:
    """Move each player's alien sheet, and everything kept on it, to the other player; the rules
    modules in play move what they keep with a sheet (runtime/extension.py: `alien.swap`)."""
    a, b = game.state.players[one], game.state.players[other]
    a.alien, b.alien = b.alien, a.alien
    a.power_lost, b.power_lost = b.power_lost, a.power_lost
    a.gained, b.gained = b.gained, a.gained  # powers gained for good go with the sheet
    a.tokens, b.tokens = b.tokens, a.tokens
    extension.run(game, "alien.swap", one, other)


def alien_name(ctx: Ctx, alien: str | None) -> str:
    return ctx.game.cards.cards[alien].name if alien else "no alien"
