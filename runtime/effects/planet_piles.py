"""Piles kept beside a planet (`your "tower" pile of the target planet`): the key of a
player's own pile a place names once its planet is known, and the piles a planet takes with it
when it is destroyed.

A pile beside a planet is one of its owner's own piles, keyed `name@planet`: it goes with the
alien sheet like any own pile, and a destroyed planet's piles go to the discard pile."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from runtime.effects.context import Ctx
    from runtime.table import Table


def pile_key(ctx: Ctx, name: str, seat: int, *, pick: bool = False) -> str | None:
    """The key, in a player's piles, of the pile `name` stands for: itself for a pile on the
    sheet; beside the targeted planet; beside a planet the acting player picks (`pick`), else
    None (no encounter, or nothing to pick)."""
    base, at, where = name.partition("@")
    if not at:
        return name
    game = ctx.game
    st = game.state
    if where == "target planet":
        enc = st.encounter
        return f"{base}@{enc.planet}" if enc is not None and enc.planet >= 0 else None
    if not pick:
        return None
    planets = [p.id for p in st.planets if not p.gone]
    if not planets:
        return None
    planet = int(
        game.choose(
            seat,
            "effect.planet",
            f'keep the "{base}" pile beside which planet?',
            planets,
            game.planet_name,
        )
    )
    return f"{base}@{planet}"


def pile_cards(ctx: Ctx, name: str, owner: int) -> list[int]:
    """The cards of the pile `name` of a player, as a live list (empty when none is named)."""
    key = pile_key(ctx, name, owner)
    return ctx.game.state.players[owner].piles.get(key, []) if key is not None else []


def discard_planet_piles(game: Table, planet: int) -> None:
    """A destroyed planet's piles go to the discard pile with it."""
    for p in game.state.players:
        for key in [k for k in p.piles if k.endswith(f"@{planet}")]:
            for card in p.piles.pop(key):
                game.discard(card)
