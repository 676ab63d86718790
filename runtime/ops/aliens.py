"""Ops on alien sheets as game objects: players exchanging their aliens for good."""

from __future__ import annotations

from runtime.effects.context import Ctx
from runtime.registry import T, op, pp
from runtime.state import State


def _can_swap(ctx: Ctx, seat: int, partners: list[int]) -> bool:
    players = ctx.game.state.players
    return any(p != seat and players[p].alien != players[seat].alien for p in partners)


@op(
    "swap powers",
    "swap powers",
    pp("with", T.PLAYERS, "partner"),
    doc="Two players exchange alien sheets for the rest of the game, with whatever lies on them"
    " (markers, essence cards, a lost power stays lost).",
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
        exchange_sheets(game.state, seat, partner)
        game.dispatch.refresh_powers()


def exchange_sheets(st: State, one: int, other: int) -> None:
    """Move each player's alien sheet, and everything kept on it or laid from it (essence cards
    before players stay where they lie but change owner), to the other player."""
    a, b = st.players[one], st.players[other]
    a.alien, b.alien = b.alien, a.alien
    a.power_lost, b.power_lost = b.power_lost, a.power_lost
    a.gained, b.gained = b.gained, a.gained  # sheets held beside it go with it (Reincarnator)
    a.tokens, b.tokens = b.tokens, a.tokens
    a.essence_set, b.essence_set = b.essence_set, a.essence_set
    a.cache, b.cache = b.cache, a.cache
    a.unavailable, b.unavailable = b.unavailable, a.unavailable
    for placed in st.placed.values():
        if placed.owner in (one, other):
            placed.owner = other if placed.owner == one else one


def alien_name(ctx: Ctx, alien: str | None) -> str:
    return ctx.game.cards.cards[alien].name if alien else "no alien"
