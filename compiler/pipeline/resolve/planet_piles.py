"""Piles kept beside a planet: the planet an `of` phrase names on a card's own pile (`your
"citadel" pile of the target planet`), into the suffix of the pile's place kind."""

from __future__ import annotations

from compiler import diagnostics as d
from compiler.pipeline import ast
from compiler.pipeline.resolve.base import ResolveError
from compiler.pipeline.resolve.text import np_text
from runtime import ir

# the planets a pile may be kept beside, by the place kind they resolve to, and the suffix the
# runtime reads (runtime/effects/planet_piles.py): the targeted planet, or one the player picks
PLANETS = {"target planet": "@target planet", "planets": "@a planet"}


def pile_planet(planet: ir.Node, np: ast.NP, *, picked: bool = True) -> str:
    """The suffix of a pile kept beside the planet `np` names; `picked`: the planet may be one
    the player picks (where cards are put), else only the targeted planet (cards looked at)."""
    where = planet.kind if isinstance(planet, ir.Place) and planet.owner is None else None
    if where == "planets" and (np.det != "a" or np.modifiers or not picked):
        where = None
    if where not in PLANETS:
        raise ResolveError(
            d.BAD_PHRASE,
            f"a pile cannot be kept beside '{np_text(np)}' here",
            np.pos,
            "cards go into a pile beside 'the target planet' or 'a planet' (the player picks"
            " one); cards are taken from a pile beside 'the target planet'",
        )
    return PLANETS[where]
