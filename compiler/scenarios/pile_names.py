"""The key of a player's own pile a scenario names: `hoard`, or a pile kept beside a planet,
`citadel of blue planet 1` (keyed `citadel@<planet>` in the game)."""

from __future__ import annotations

from runtime.game import Game


def pile_key(game: Game, name: str) -> str:
    """The key in a player's piles of the pile a scenario names (unchanged when it names no
    planet, or a planet the game does not have)."""
    base, of, planet = name.partition(" of ")
    if not of:
        return name
    for p in game.state.planets:
        if game.planet_name(p.id).removesuffix(" (destroyed)") == planet.strip():
            return f"{base.strip()}@{p.id}"
    return name
