"""Words of the effect language for the board changing during play: a new planet put into a
home system, a planet destroyed, and an encounter had at once (registered in runtime/registry.py's
tables on import; nothing else in or out)."""

from __future__ import annotations

from runtime.effects import values as v
from runtime.effects.context import Ctx
from runtime.effects.planet_piles import discard_planet_piles
from runtime.effects.ship_places import NEW_PLANET, PLANET_LISTS, place_planets
from runtime.registry import BOARD, T, noun, obj, op, pp, ship_place, word
from runtime.rules import ships as moves
from runtime.rules import systems, turn
from runtime.rules.own_piles import has_encounter_card

noun(
    NEW_PLANET,
    "place",
    NEW_PLANET,
    "the planet the effect has just made (add a new planet to a system)",
)
ship_place(NEW_PLANET, BOARD)


def new_planet(ctx: Ctx) -> int:
    """The planet the effect made, or -1."""
    found = ctx.names.get(NEW_PLANET, -1)
    return found if isinstance(found, int) else -1


@op(
    "add planet",
    "add",
    word("a new planet"),
    pp("to", T.PLACE, "system", places=frozenset({"home planets"})),
    doc="Put a new planet into a player's home system (one of its home planets from then on);"
    " later lines call it the new planet.",
)
def make_planet(ctx: Ctx, seat: int, _planet: object, system: v.PlaceArg) -> None:
    home = system.owner if system.owner >= 0 else seat
    planet = systems.add_planet(ctx.game, home)
    ctx.names[NEW_PLANET] = planet.id
    ctx.game.log("effect", seat, f"puts a new planet, {ctx.game.planet_name(planet.id)}, in play")


def _destroyable(ctx: Ctx, seat: int, place: v.PlaceArg) -> list[int]:
    st = ctx.game.state
    enc = st.encounter
    target = enc.planet if enc is not None else -1
    owner = place.owner if place.owner >= 0 else seat
    found = place_planets(st, place.kind, owner)
    if place.kind == NEW_PLANET:
        found = [new_planet(ctx)]
    return [p for p in found or [] if p >= 0 and not st.planets[p].gone and p != target]


@op(
    "destroy planet",
    "destroy",
    obj(T.PLACE, "planet", places=PLANET_LISTS | {NEW_PLANET}),
    doc="Take a planet of the place named (the destroyer picks which; never the targeted planet)"
    " out of the game: every ship on it goes to the warp, and it is never again a colony or a"
    " target.",
    feasible=lambda ctx, seat, place: bool(_destroyable(ctx, seat, place)),
)
def destroy_planet(ctx: Ctx, seat: int, place: v.PlaceArg) -> None:
    game = ctx.game
    st = game.state
    planets = _destroyable(ctx, seat, place)
    if not planets:
        return
    planet = int(
        game.choose(seat, "effect.planet", "destroy which planet?", planets, game.planet_name)
    )
    game.log("effect", seat, f"destroys {game.planet_name(planet)}")
    gone = st.planets[planet]
    systems.destroy(game, planet)  # destroyed first: no ship may be put back on it
    discard_planet_piles(game, planet)
    for owner in range(st.n):
        moves.send_to_warp(game, owner, {planet: gone.ships[owner]})
    for owner in range(st.n):  # ships an effect kept from the warp cannot stay on it
        moves.return_home(game, owner, gone.ships[owner], planet)
    for owner in range(st.n):
        moves.update_powers(game, owner)


@op(
    "encounter now",
    "start",
    word("an encounter"),
    doc="The player has an encounter of its own at once, as the offense, if it holds an encounter"
    " card; the encounter it interrupts is set aside meanwhile, and play then goes back to where"
    " it stopped.",
    feasible=lambda ctx, seat, _word: has_encounter_card(ctx.game, seat),
)
def encounter_now(ctx: Ctx, seat: int, _word: object) -> None:
    game = ctx.game
    st = game.state
    if st.over or not has_encounter_card(game, seat):
        return
    outer, offense, number = st.encounter, st.offense, st.encounters_this_turn
    if outer is not None:
        st.suspended.append(outer)
    st.offense = seat
    game.log("effect", seat, "has an encounter at once, as the offense")
    try:
        turn.run_encounter(game, 1)
    finally:
        st.offense = offense
        st.encounters_this_turn = number
        st.encounter = st.suspended.pop() if outer is not None else None
