"""Where ships are: the planets a place names for its owners (one player's, or several players'
together: the union of theirs), and how many of a player's ships are at a place. In: the state, a
place kind and its owners; out: planet ids and counts. Every place ships can be in is counted
here; any other place is an error of the resolver's making, never every ship in play."""

from __future__ import annotations

from collections.abc import Sequence

from runtime import extension
from runtime.effects import values as v
from runtime.effects.context import Ctx
from runtime.effects.forms import PhraseError
from runtime.registry import ELSEWHERE, SHIP_PLACES
from runtime.rules.outcome import ships_in_encounter, ships_outside_encounter
from runtime.state import State

# the place a card's own effect names: the planet it has just made (runtime/ops/planets.py)
NEW_PLANET = "new planet"
# among an op's ship places: it acts on the window's event's ships alone (`those ships stay`)
EVENT_SHIPS = "event ships"


def event_count(event: object) -> int:
    """The number an event carries ("that many"): for ships, all it named, even those an
    `instead` line has already sent elsewhere."""
    named = getattr(event, "named", None)
    return int(named if named is not None else getattr(event, "count", 0) or 0)


def ships_in_the_encounter(ctx: Ctx, seat: int) -> int:
    enc = ctx.game.state.encounter
    return 0 if enc is None else ships_in_encounter(ctx.game, enc, seat)


def ships_in_the_warp(ctx: Ctx, seat: int) -> int:
    return ctx.game.state.players[seat].warp


# Direct counters for the places phrases name most often (generated code binds these).
SHIP_COUNTERS = {"encounter": ships_in_the_encounter, "warp": ships_in_the_warp}


def ships_in_play(st: State, seat: int) -> int:
    """A player's ships on planets, in the gate and beside the targeted planet (of the encounter
    and of any it interrupted); never those in the warp, out of the game or held captive."""
    count = st.ships_in_play(seat)
    for enc in (st.encounter, *st.suspended):
        if enc is not None and enc.gate:
            count += enc.gate[seat] + enc.guard[seat]
    return count


def place_planets(st: State, kind: str, owner: int) -> list[int] | None:
    """The planets a place owned by `owner` names: the planets of its home system, or those where
    it has a colony (at home, abroad, or anywhere); None for a place that is not planets."""
    planets = st.planets
    if kind == "home planets":
        return [p.id for p in planets if p.system == owner]
    if kind == "home colonies":
        return [p.id for p in planets if p.system == owner and p.ships[owner]]
    if kind == "foreign colonies":
        return [p.id for p in planets if p.system != owner and p.ships[owner]]
    if kind == "colonies":
        return [p.id for p in planets if p.ships[owner]]
    if kind == "home planets or colonies":
        return [p.id for p in planets if p.system == owner or p.ships[owner]]
    if kind == "planets":
        return [p.id for p in planets if not p.gone]
    return None


# the places place_planets names, each some planets of its owner's
PLANET_PLACES = frozenset(
    {"home planets", "home colonies", "foreign colonies", "colonies", "home planets or colonies"}
)
# the places place_planets gives planets for: some players' planets, or any planet
PLANET_LISTS = PLANET_PLACES | {"planets"}
# the places of the board whose ships are on planets (where an op taking a captive or hostages
# finds them): some planets, one colony the effect's owner picks, the planet the encounter
# targets, of the window's event or the effect made, and every planet outside the encounter
ON_PLANETS = PLANET_LISTS | {
    "a colony",
    "target planet",
    "new colony",
    "event planet",
    NEW_PLANET,
    "outside encounter",
}


def planets_of(st: State, kind: str, owners: Sequence[int]) -> list[int] | None:
    """The planets a place of some players names, in planet order: each one's planets of that
    kind, together (a planet two of them have colonies on counts once; none when the phrase names
    nobody now); None for a place that is not some player's planets."""
    if kind not in PLANET_PLACES:
        return place_planets(st, kind, -1)  # "planets": every planet, or None: not planets
    if len(owners) == 1:
        return place_planets(st, kind, owners[0])
    found: set[int] = set()
    for owner in owners:
        found.update(place_planets(st, kind, owner) or ())
    return sorted(found)


def one_planet(ctx: Ctx, kind: str) -> int:
    """The one planet a place names: the planet of the window's event (`the new colony`, `that
    planet`), or the planet the effect made; -1 when there is none."""
    if kind == NEW_PLANET:
        made = ctx.names.get(NEW_PLANET, -1)
        return made if isinstance(made, int) else -1
    return int(getattr(ctx.event, "planet", -1))


def ships_at(ctx: Ctx, seat: int, kind: str, owners: Sequence[int] | None = None) -> int:
    """How many of `seat`'s ships are at a place; a place of planets belongs to `owners` (by
    default the ships' owner): "your ships in the other players' home colonies"."""
    st = ctx.game.state
    if owners is not None and (len(owners) != 1 or owners[0] != seat):
        found = planets_of(st, kind, owners)
        if found is not None:
            planets = st.planets
            return sum(planets[p].ships[seat] for p in found)
    enc = st.encounter
    if kind == "warp":
        return st.players[seat].warp
    if kind == "encounter":
        return 0 if enc is None else ships_in_encounter(ctx.game, enc, seat)
    if kind == "gate":
        return 0 if enc is None else enc.gate[seat]
    if kind == "outside encounter":
        return sum(ships_outside_encounter(ctx.game, seat).values())
    if kind == "target planet":
        return 0 if enc is None or enc.planet < 0 else st.planets[enc.planet].ships[seat]
    if kind in ("home colonies", "home planets"):
        return sum(p.ships[seat] for p in st.planets if p.system == seat)
    if kind == "foreign colonies":
        return sum(p.ships[seat] for p in st.planets if p.system != seat)
    if kind in ("colonies", "planets", "home planets or colonies"):
        return st.ships_in_play(seat)  # every planet of the player's is a colony of its own
    if kind in ("new colony", "event planet", NEW_PLANET):
        planet = one_planet(ctx, kind)
        return st.planets[planet].ships[seat] if planet >= 0 else 0
    if kind == "game":  # every ship still in the game: in play or in the warp
        return ships_in_play(st, seat) + st.players[seat].warp
    if kind == "box":
        return st.players[seat].removed
    if SHIP_PLACES.get(kind) == ELSEWHERE:  # a place a rules module keeps (ships.held answers)
        held = extension.answer(ctx.game, "ships.held", seat, kind, ctx.card)
        return int(held[0]) if held is not None else 0
    raise PhraseError(f"ships are never in '{kind}': the resolver should have refused it")


def count_ships(ctx: Ctx, arg: v.ShipsArg) -> int:
    if arg.event:
        return event_count(ctx.event)
    place = arg.place
    if place is None:
        return ships_at(ctx, arg.owner, "colonies")
    return ships_at(ctx, arg.owner, place.kind, place.owners)
