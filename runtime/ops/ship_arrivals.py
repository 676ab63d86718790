"""Where moved ships arrive: the places an op moving ships can send them to (the registry's
`places` of its destination slot), the planet of a place they land on, and the arrival itself,
once the ships are lifted from where they were. In: the context, the ships' owner and count, the
destination; out: the ships on the board, in the warp or out of the game."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from runtime.effects import values as v
from runtime.effects.context import Ctx
from runtime.effects.forms import PhraseError
from runtime.effects.selectors import side_of
from runtime.effects.ship_places import NEW_PLANET, PLANET_LISTS, one_planet, planets_of
from runtime.rules import ship_pieces, systems
from runtime.rules import ships as moves
from runtime.rules.origins import ORIGINS
from runtime.state import State
from runtime.windows import Window

if TYPE_CHECKING:
    from runtime.table import Table

# the places ships can be sent to: the warp, out of the game, the encounter, the targeted
# planet, a planet the window's event or the effect names, the planets they came from, and a
# planet of some players' (one colony of theirs, their colonies, their home planets, any planet)
ARRIVALS = PLANET_LISTS | {
    "warp",
    "box",
    "encounter",
    "target planet",
    "event planet",
    "new colony",
    NEW_PLANET,
    ORIGINS,
    "a colony",
}


def landing(game: Table, chooser: int, owner: int, count: int, dest: v.PlaceArg) -> int | None:
    """The planet arriving ships go to: one of the destination's planets picked by the mover (an
    empty planet is one without any ship; an empty home planet or colony, one without a ship of
    the ships' owner), or None when none qualifies. The owner's own colonies, and the planets
    ships with no planet recorded came from, are a colony the owner picks (a home planet when it
    has none)."""
    st = game.state
    owners = dest.owners  # whose place it is: one player's, or several players' together
    kind = "colonies" if dest.kind == "a colony" else dest.kind
    if kind == ORIGINS or (kind == "colonies" and owners == (owner,) and not dest.empty):
        return moves.choose_colony(game, owner, count)
    planets = planets_of(st, kind, owners)
    if planets is None:
        raise PhraseError(f"ships cannot land on '{dest.kind}': the resolver should refuse it")
    if dest.empty:
        planets = empty_ones(st, kind, owner, planets)
    if not planets:
        return None
    prompt = f"place {count} ship(s) on which planet?"
    return int(game.choose(chooser, "ships.place", prompt, planets, game.planet_name))


def empty_ones(st: State, kind: str, owner: int, planets: list[int]) -> list[int]:
    """The empty planets among those of a place: for any planet, one without any ship; for some
    player's planets, one without a ship of the arriving ships' owner."""
    every = st.planets
    if kind == "planets":
        return [p for p in planets if not any(every[p].ships)]
    return [p for p in planets if not every[p].ships[owner]]


def arrival_planet(ctx: Ctx, owner: int, count: int, dest: v.PlaceArg) -> int | None:
    """The planet ships sent to a destination land on; -1 for a place that is no planet (the
    warp, the box, the encounter); None when the destination names nothing now (no encounter,
    no planet targeted, no planet of the window's event, no planet the place allows)."""
    kind = dest.kind
    if kind in ("warp", "box"):
        return -1
    enc = ctx.game.state.encounter
    if kind == "encounter":
        return -1 if enc is not None else None
    if kind == "target planet":
        return -1 if enc is not None and enc.planet >= 0 else None
    if kind in (NEW_PLANET, "event planet", "new colony"):
        planet = one_planet(ctx, kind)
        return planet if planet >= 0 else None
    return landing(ctx.game, ctx.subject, owner, count, dest)


def arrive(
    ctx: Ctx,
    owner: int,
    count: int,
    dest: v.PlaceArg,
    lift: Callable[[], None],
    *,
    saved: bool = False,
    chooser: int = -1,
) -> None:
    """Lift `count` ships from where they are (via `lift`) and put them at a destination (a
    ship piece lifted with them arrives there too; `chooser` picked which ships move)."""
    if count <= 0:
        return
    game = ctx.game
    st = game.state
    enc = st.encounter
    planet = arrival_planet(ctx, owner, count, dest)
    if planet is None:  # no place the card allows: nothing moves
        ship_pieces.settle(st, owner)  # the answer about a ship piece goes with the move
        return
    lift()
    if dest.kind == "warp":
        st.players[owner].warp += count
        ship_pieces.arrived(game, owner, ship_pieces.WARP)
        game.log("warp", owner, count)
    elif dest.kind == "box":
        st.players[owner].removed += count
        ship_pieces.arrived(game, owner, ship_pieces.BOX)
        game.log("removed", owner, count)
    elif dest.kind == "encounter" and enc is not None:
        side = side_of(ctx, owner)
        if owner == enc.defense and enc.planet >= 0:
            systems.add_ships(game, enc.planet, owner, count)
            ship_pieces.arrived(game, owner, enc.planet)
        elif side == 1:
            enc.guard[owner] += count
            ship_pieces.arrived(game, owner, ship_pieces.GUARD)
        else:
            enc.gate[owner] += count
            ship_pieces.arrived(game, owner, ship_pieces.GATE)
        game.log("effect", owner, f"adds {count} ship(s) to the encounter")
    elif dest.kind == "target planet" and enc is not None:
        _found(ctx, owner, enc.planet, count)
    elif dest.kind == NEW_PLANET:
        _found(ctx, owner, planet, count)
    else:
        systems.add_ships(game, planet, owner, count)
        ship_pieces.arrived(game, owner, planet)
        # "saved": ships an event was sending to the warp; any other move is a plain return home
        game.log("saved" if saved else "home", owner, count)
    moves.update_powers(game, owner)


def _found(ctx: Ctx, owner: int, planet: int, count: int) -> None:
    """Ships land on a planet, founding a colony there if the owner had none."""
    game = ctx.game
    founded = game.state.planets[planet].ships[owner] == 0
    systems.add_ships(game, planet, owner, count)
    ship_pieces.arrived(game, owner, planet)
    game.log("land", owner, planet, count)
    if founded:
        game.log("colony", owner, planet)
        game.dispatch.event(Window.COLONY_GAINED, moves.ColonyEvent(owner, planet))
