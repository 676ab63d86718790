"""Ops on ships: lose them to the warp, retrieve them, move them between places, found colonies;
every op that moves ships shares `relocate`, one path for each source (an event, the warp, a
place a rules module keeps, colonies), and runtime/ops/ship_arrivals.py for the destination."""

from __future__ import annotations

from runtime import extension
from runtime.effects import values as v
from runtime.effects.context import Ctx
from runtime.effects.forms import PhraseError
from runtime.effects.ship_places import (
    EVENT_SHIPS,
    NEW_PLANET,
    PLANET_LISTS,
    one_planet,
    planets_of,
)
from runtime.ops.ship_arrivals import ARRIVALS, arrive, empty_ones
from runtime.registry import ELSEWHERE, SHIP_PLACES, T, obj, op, pp
from runtime.rules import ship_pieces
from runtime.rules import ships as moves
from runtime.rules.origins import ORIGINS, send_back
from runtime.rules.outcome import landed_ships, ships_outside_encounter
from runtime.rules.ships import GATE, GUARD, ShipsEvent, Source


def _amount(arg: v.ShipsArg, available: int) -> int:
    return available if arg.count is None else min(arg.count, available)


# the places off the board the core keeps ships in (the others a rules module keeps)
CORE_OFF_BOARD = frozenset({"warp", "box", "game"})


def sources_at(
    ctx: Ctx, seat: int, place: v.PlaceArg | None, *, pick: bool = True
) -> dict[Source, int]:
    """Where a player's ships at a place on the board sit, as {source: count} (for `a colony`,
    the one the effect's owner picks, or every candidate when `pick` is off); a place of several
    players' planets is all of them."""
    st = ctx.game.state
    enc = st.encounter
    kind = place.kind if place else "colonies"
    if kind == "encounter" and enc is not None:
        if seat == enc.defense and enc.planet >= 0:
            return {enc.planet: st.planets[enc.planet].ships[seat]}
        out: dict[Source, int] = {}
        if enc.gate[seat]:
            out[GATE] = enc.gate[seat]
        if enc.guard[seat]:
            out[GUARD] = enc.guard[seat]
        landed = landed_ships(ctx.game, enc, seat)
        if landed:
            out[enc.planet] = landed
        return out
    if kind == "outside encounter":
        return {p: n for p, n in ships_outside_encounter(ctx.game, seat).items()}
    if kind in ("encounter", "gate", "target planet"):  # no ships there outside an encounter
        if kind == "gate":
            return {GATE: enc.gate[seat]} if enc is not None and enc.gate[seat] else {}
        if kind == "target planet" and enc is not None and enc.planet >= 0:
            n = st.planets[enc.planet].ships[seat]
            return {enc.planet: n} if n else {}
        return {}
    if kind == "a colony":
        colonies = [p.id for p in st.planets if p.ships[seat]]
        if not colonies or not pick:
            return {p: st.planets[p].ships[seat] for p in colonies}
        planet = ctx.game.choose(
            ctx.you, "effect.colony", "choose a colony", colonies, ctx.game.planet_name
        )
        return {planet: st.planets[planet].ships[seat]}
    if kind in ("new colony", "event planet", NEW_PLANET):
        planet = one_planet(ctx, kind)
        n = st.planets[planet].ships[seat] if planet >= 0 else 0
        return {planet: n} if n else {}
    found = planets_of(st, kind, place.owners if place is not None else (seat,))
    if found is None and kind not in CORE_OFF_BOARD and SHIP_PLACES.get(kind) == ELSEWHERE:
        return {}  # a place a rules module keeps, which has none of them (relocate asks it first)
    if found is None:
        raise PhraseError(f"an op cannot take ships from '{kind}': the resolver should refuse it")
    planets = st.planets
    return {p: planets[p].ships[seat] for p in found if planets[p].ships[seat]}


def choose_from(
    ctx: Ctx, seat: int, chooser: int, sources: dict[Source, int], count: int, verb: str
) -> dict[Source, int]:
    """Pick `count` ships among sources (the chooser decides when there is a choice, and says
    whether a ship piece is among them: runtime/rules/ship_pieces.py)."""
    total = sum(sources.values())
    if count >= total or len(sources) == 1:
        every = dict(sources) if count >= total else {next(iter(sources)): count}
        ship_pieces.decide(ctx.game, seat, every, chooser)
        return every
    game = ctx.game
    keys = list(sources)

    def label(src: Source) -> str:
        return game.planet_name(src) if isinstance(src, int) else str(src)

    picked = game.choose_many(
        chooser,
        f"effect.{verb}",
        f"choose {count} ship(s) to {verb}",
        keys,
        count,
        count,
        label,
        [sources[k] for k in keys],
    )
    out: dict[Source, int] = {}
    for src in picked:
        out[src] = out.get(src, 0) + 1
    ship_pieces.decide(game, seat, out, chooser)
    return out


def _can_lose(ctx: Ctx, seat: int, ships: v.ShipsArg, dest: v.PlaceArg | None) -> bool:
    owner = ships.owner if ships.owner >= 0 else seat
    return sum(sources_at(ctx, owner, ships.place, pick=False).values()) > 0


@op(
    "lose ships",
    "lose",
    obj(T.SHIPS),
    pp("to", T.PLACE, "destination", optional=True, places=frozenset({"warp"})),
    doc="Lose ships to the warp; their owner picks them unless the effect says where they come from.",
    feasible=_can_lose,
)
def lose_ships(ctx: Ctx, seat: int, ships: v.ShipsArg, dest: v.PlaceArg | None) -> None:
    owner = ships.owner if ships.owner >= 0 else seat
    sources = sources_at(ctx, owner, ships.place)
    count = _amount(ships, sum(sources.values()))
    picked = choose_from(ctx, owner, owner, sources, count, "lose")
    moves.send_to_warp(ctx.game, owner, picked)


@op(
    "retrieve",
    "retrieve",
    obj(T.SHIPS, places=frozenset()),
    pp("from", T.PLACE, "source", optional=True, places=frozenset({"warp"})),
    doc="Take ships out of the warp and put them on the owner's colonies ('those ships': the"
    " event's ships still in the warp, none if they are elsewhere).",
)
def retrieve(ctx: Ctx, seat: int, ships: v.ShipsArg, source: v.PlaceArg | None) -> None:
    event = ctx.event
    if ships.event:
        if isinstance(event, ShipsEvent):  # a reaction to the event may have moved some away
            warp = min(event.sources.get("warp", 0), ctx.game.state.players[event.seat].warp)
            moves.retrieve(ctx.game, event.seat, _amount(ships, warp))
        return
    owner = ships.owner if ships.owner >= 0 else seat
    warp = ctx.game.state.players[owner].warp
    moves.retrieve(ctx.game, owner, _amount(ships, warp))


@op(
    "move ships",
    "move",
    obj(T.SHIPS),
    pp("from", T.PLACE, "source", optional=True),
    pp("to", T.PLACE, "destination", places=ARRIVALS),
    doc="Move ships between places (colonies, the encounter, the warp); the mover picks which.",
)
def move_ships(
    ctx: Ctx, seat: int, ships: v.ShipsArg, source: v.PlaceArg | None, dest: v.PlaceArg
) -> None:
    owner = ships.owner if ships.owner >= 0 else seat
    relocate(ctx, seat, owner, ships, source or ships.place, dest)


@op(
    "ships go",
    "go",
    pp("to", T.PLACE, "destination", places=ARRIVALS),
    doc="The ships named go somewhere else (for example their owner's colonies instead of the warp).",
    subject=T.SHIPS,
)
def ships_go(ctx: Ctx, seat: int, ships: v.ShipsArg, dest: v.PlaceArg) -> None:
    owner = ships.owner if ships.owner >= 0 else seat
    relocate(ctx, owner, owner, ships, ships.place, dest)


@op(
    "ships stay",
    "stay",
    doc="The event's ships named ('those ships') stay where they are instead of going where the"
    " event sends them.",
    subject=T.SHIPS,
    subject_places=frozenset({EVENT_SHIPS}),
)
def ships_stay(ctx: Ctx, seat: int, ships: v.ShipsArg) -> None:
    event = ctx.event
    if not (ships.event and isinstance(event, ShipsEvent)):
        return
    count = min(ships.count if ships.count is not None else event.count, event.count)
    if count > 0:
        event.take(count)
        ctx.game.log("stay", event.seat, count)


def relocate(
    ctx: Ctx,
    chooser: int,
    owner: int,
    ships: v.ShipsArg,
    source: v.PlaceArg | None,
    dest: v.PlaceArg,
) -> None:
    """Move ships to a destination; every choice is made before any ship moves."""
    game = ctx.game
    st = game.state
    if ships.event and isinstance(ctx.event, ShipsEvent):
        event = ctx.event
        moves.still_there(ctx.game, event)  # a reaction to the event may have moved some away
        count = min(ships.count if ships.count is not None else event.count, event.count)
        if dest.kind == ORIGINS:
            send_back(game, owner, event.take(count), saved=True)
            return

        def lift_event() -> None:
            for src, k in event.take(count).items():
                if src == "warp":
                    ship_pieces.leaving(game, owner, ship_pieces.WARP, k, chooser)
                    st.players[owner].warp -= k
                else:
                    moves.remove_from(game, owner, src, k, chooser)

        arrive(ctx, owner, count, dest, lift_event, saved=True, chooser=chooser)
        return
    held = extension.answer(game, "ships.held", owner, source.kind, ctx.card) if source else None
    if held is not None:  # ships a rules module keeps on a place of its own
        available, take = held
        count = _amount(ships, available)
        if ships.up_to and count:
            count = how_many(ctx, chooser, 0, count)
        arrive(ctx, owner, count, dest, lambda: take(count, chooser), chooser=chooser)
        return
    if source is not None and source.kind == "warp":
        count = _amount(ships, st.players[owner].warp)
        if ships.up_to and count:
            count = how_many(ctx, chooser, 0, count)

        def lift_warp() -> None:
            ship_pieces.leaving(game, owner, ship_pieces.WARP, count, chooser)
            st.players[owner].warp -= count

        arrive(ctx, owner, count, dest, lift_warp, chooser=chooser)
        return
    sources = sources_at(ctx, owner, source)
    count = _amount(ships, sum(sources.values()))
    if ships.up_to:
        count = how_many(ctx, chooser, 0, count)
    picked = choose_from(ctx, owner, chooser, sources, count, "move")
    if dest.kind == "warp":
        moves.send_to_warp(game, owner, picked, chooser)
        return
    if dest.kind == ORIGINS:
        send_back(game, owner, picked, saved=False, chooser=chooser)
        return

    def lift_picked() -> None:
        for src, k in picked.items():
            moves.remove_from(game, owner, src, k, chooser)
        if dest.kind == "encounter" and st.encounter is not None:
            moves.sent_from(st.encounter, owner, picked)

    arrive(ctx, owner, sum(picked.values()), dest, lift_picked, chooser=chooser)


def how_many(ctx: Ctx, chooser: int, low: int, high: int) -> int:
    """The chooser's number of ships, from low to high (`up to 3 ships`)."""
    if high <= low:
        return high
    return int(
        ctx.game.choose(chooser, "effect.how_many", "how many ships?", list(range(low, high + 1)))
    )


# the planets ships can be placed on: some players' planets (one colony of theirs among them),
# the targeted planet, the planet of the window's event or the one the effect made
PLACED_ON = PLANET_LISTS | {"a colony", "target planet", "event planet", "new colony", NEW_PLANET}


def _placing(ctx: Ctx, owner: int, dest: v.PlaceArg) -> list[int]:
    """The planets of a place ships may be put on (an empty one: without a ship of the owner's,
    or for any planet, without any ship)."""
    st = ctx.game.state
    kind = dest.kind
    if kind == "target planet":
        enc = st.encounter
        planets = [enc.planet] if enc is not None and enc.planet >= 0 else []
    elif kind in (NEW_PLANET, "event planet", "new colony"):
        planets = [p for p in [one_planet(ctx, kind)] if p >= 0]
    else:
        planets = planets_of(st, "colonies" if kind == "a colony" else kind, dest.owners) or []
    return empty_ones(st, kind, owner, planets) if dest.empty else planets


@op(
    "place ships",
    "place",
    obj(T.SHIPS),
    pp("on", T.PLACE, "destination", places=PLACED_ON),
    doc="Put ships from the owner's colonies (or from where the effect says they are) on a planet"
    " of the place named, founding a colony there.",
)
def place_ships(ctx: Ctx, seat: int, ships: v.ShipsArg, dest: v.PlaceArg) -> None:
    game = ctx.game
    owner = ships.owner if ships.owner >= 0 else seat
    planets = _placing(ctx, owner, dest)
    if not planets:
        return
    planet = game.choose(seat, "effect.planet", "choose a planet", planets, game.planet_name)
    sources = sources_at(ctx, owner, ships.place)
    count = _amount(ships, sum(sources.values()))
    if ships.up_to:
        count = how_many(ctx, seat, 0, count)
    for src, k in choose_from(ctx, owner, owner, sources, count, "place").items():
        moves.land(game, owner, planet, k, src)
