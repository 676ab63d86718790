"""Ship movement: committing ships from colonies, losing them to the warp, landing, retrieving.

Ships sit on planets (by seat), in the gate (offense side), beside the target planet (defensive
allies), in the warp, or out of the game. Every loss to the warp goes through `send_to_warp`,
which opens the replaceable `ships.to_warp` event.

Only some cards bring ship pieces into play (runtime/rules/ship_pieces.py): the moves here call
its bookkeeping only while `State.pieces` holds a piece, a call saved on each of the ~600 moves
of a game without any.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from runtime import extension
from runtime.rules import ship_pieces, systems
from runtime.windows import Windows

if TYPE_CHECKING:
    from runtime.state import Encounter
    from runtime.table import Table

GATE = "gate"
GUARD = "guard"
Source = int | str  # a planet id, GATE or GUARD


@dataclass(slots=True)
class ShipsEvent:
    """Ships of one player about to move (to the warp, or retrieved from it)."""

    seat: int
    sources: dict[Source, int]
    cancelled: bool = False
    removed: bool = False  # leave the game instead of going to the warp
    moved: list[tuple[Source, int]] = field(default_factory=list)
    diverted: int = 0  # ships an effect took out of the event (they went elsewhere)

    @property
    def count(self) -> int:
        return sum(self.sources.values())

    @property
    def planet(self) -> int:
        """The planet the ships are on (the first, if several), -1 if none is: 'that planet'."""
        return next((src for src in self.sources if isinstance(src, int)), -1)

    @property
    def named(self) -> int:
        """How many ships the event named, including those an effect has since sent elsewhere:
        what "those ships" and "that many" count in every line of the effect."""
        return self.count + self.diverted

    def take(self, count: int) -> dict[Source, int]:
        """Take up to `count` ships out of the event (they no longer go where it sends them)."""
        taken: dict[Source, int] = {}
        for src in list(self.sources):
            if count <= 0:
                break
            k = min(count, self.sources[src])
            self.sources[src] -= k
            if self.sources[src] == 0:
                del self.sources[src]
            taken[src] = taken.get(src, 0) + k
            count -= k
            self.diverted += k
        return taken


def sent_from(enc: Encounter, seat: int, sources: dict[Source, int]) -> None:
    """Record the planets ships joining the encounter (gate or guard) were sent from (the
    defense's ships join it on the target planet: they come from there)."""
    if seat == enc.defense:
        return
    while len(enc.origins) <= seat:
        enc.origins.append({})
    mine = enc.origins[seat]
    for src, k in sources.items():
        if isinstance(src, int) and k > 0:
            mine[src] = mine.get(src, 0) + k


def _forget_origins(enc: Encounter, seat: int) -> None:
    """Ships have left the gate or guard: drop origins beyond the ships still there, the latest
    sent first (an op that sends ships back where they came from takes its own origins first)."""
    if seat >= len(enc.origins):
        return
    mine = enc.origins[seat]
    left = enc.gate[seat] + enc.guard[seat]
    if not left:  # the usual case: all of them have left, and no origin stays
        mine.clear()
        return
    excess = sum(mine.values()) - left
    for planet in reversed(list(mine)):
        if excess <= 0:
            break
        k = min(excess, mine[planet])
        mine[planet] -= k
        excess -= k
        if mine[planet] == 0:
            del mine[planet]


def present(game: Table, seat: int, src: Source) -> int:
    """How many of the player's ships are at a source now."""
    enc = game.state.encounter
    if src == GATE:
        return enc.gate[seat] if enc is not None else 0
    if src == GUARD:
        return enc.guard[seat] if enc is not None else 0
    assert isinstance(src, int)
    return game.state.planets[src].ships[seat]


def still_there(game: Table, event: ShipsEvent) -> None:
    """Drop from an event the ships that have left their source while it was being answered (an
    effect reacting to it moved them elsewhere): only ships still there can be moved."""
    for src, count in list(event.sources.items()):
        here = present(game, event.seat, src)
        if count > here:
            if here > 0:
                event.sources[src] = here
            else:
                del event.sources[src]


def remove_from(game: Table, seat: int, src: Source, count: int, chooser: int = -1) -> None:
    """Lift ships from a source (a ship piece there may go with them: runtime/rules/ship_pieces.py;
    `chooser`, by default the owner, is the player picking which ships move)."""
    st = game.state
    if st.pieces:
        ship_pieces.leaving(game, seat, src, count, chooser)
    enc = st.encounter
    if isinstance(src, int):  # a planet: most moves
        systems.add_ships(game, src, seat, -count)
        if enc is not None and src == enc.planet and seat < len(enc.landed) and enc.landed[seat]:
            # ships leaving the target planet are the ones that landed there first
            enc.landed[seat] -= min(count, enc.landed[seat])
        return
    assert enc is not None
    if src == GATE:
        enc.gate[seat] -= count
    else:
        assert src == GUARD
        enc.guard[seat] -= count
    _forget_origins(enc, seat)


def colony_sources(game: Table, seat: int) -> list[int]:
    """The planets holding the seat's ships, in planet order."""
    return systems.colonies(game, seat)


def colonies(game: Table, seat: int) -> tuple[list[int], list[int]]:
    """The planets holding the seat's ships, in planet order, and its ships on each: asked
    before most ship moves, so among the planets the table's index has holding them
    (runtime/rules/systems.py), not every planet."""
    planets = systems.colonies(game, seat)
    counts: list[int] = []
    everywhere = game.state.planets
    for planet in planets:
        counts.append(everywhere[planet].ships[seat])
    return planets, counts


def pick_ships(
    game: Table, seat: int, minimum: int, maximum: int, kind: str, prompt: str
) -> dict[Source, int]:
    """The owner picks ships from its colonies (each colony a pile with its count)."""
    st = game.state
    planets, caps = colonies(game, seat)
    available = sum(caps)
    # comparisons, not min(): asked before most ship moves
    if maximum > available:
        maximum = available
    if minimum > maximum:
        minimum = maximum
    if maximum <= 0:
        return {}
    out: dict[Source, int] = {}
    if len(planets) == 1:
        out[planets[0]] = (
            maximum if minimum == maximum else _count(game, seat, minimum, maximum, kind, prompt)
        )
    else:
        picked = game.choose_many(
            seat, kind, prompt, planets, minimum, maximum, labeler=game.planet_name, caps=caps
        )
        for p in picked:
            out[p] = out.get(p, 0) + 1
    if st.pieces:
        ship_pieces.decide(game, seat, out)
    return out


def _count(game: Table, seat: int, minimum: int, maximum: int, kind: str, prompt: str) -> int:
    options = list(range(minimum, maximum + 1))
    return int(game.choose(seat, kind, prompt, options))


def send_to_warp(game: Table, seat: int, sources: dict[Source, int], chooser: int = -1) -> int:
    """Send ships to the warp through the replaceable event; returns how many arrived (`chooser`,
    by default the owner, picked which ships go)."""
    sources = {k: v for k, v in sources.items() if v > 0}
    if not sources:
        return 0
    event = ShipsEvent(seat, sources)  # `sources` is this function's own copy (made above)
    game.dispatch.event(Windows.SHIPS_TO_WARP, event)
    still_there(game, event)
    if game.dispatch.listening(Windows.COLONY_LOSING):
        keep_colonies(game, event)
    st = game.state
    if st.pieces:
        ship_pieces.decide(game, seat, event.sources, chooser, fill=True)
    arrived = 0
    for src, count in event.sources.items():
        remove_from(game, seat, src, count, chooser)
        arrived += count
    if arrived:
        if event.removed:
            st.players[seat].removed += arrived
            if st.pieces:
                ship_pieces.arrived(game, seat, ship_pieces.BOX)
            if game.events is not None:
                game.log("removed", seat, arrived)
        else:
            st.players[seat].warp += arrived
            if st.pieces:
                ship_pieces.arrived(game, seat, ship_pieces.WARP)
            if game.events is not None:
                game.log("warp", seat, arrived)
            enc = st.encounter
            if enc is not None:
                enc.lost_ships[seat] += arrived
            if game.dispatch.listening(Windows.SHIPS_IN_WARP):
                game.dispatch.event(Windows.SHIPS_IN_WARP, ShipsEvent(seat, {"warp": arrived}))
    update_powers(game, seat)
    return arrived


def keep_colonies(game: Table, event: ShipsEvent) -> None:
    """Each colony the ships going to the warp would empty opens colony.losing for its ships: an
    effect may keep some there (`1 of those ships stays`) or all (`instead, ...`)."""
    planets = game.state.planets
    for src, count in list(event.sources.items()):
        if not isinstance(src, int) or count < planets[src].ships[event.seat]:
            continue
        losing = ShipsEvent(event.seat, {src: count})
        game.dispatch.event(Windows.COLONY_LOSING, losing)
        kept = count if losing.cancelled else count - losing.count
        if kept >= count:
            del event.sources[src]
        elif kept > 0:
            event.sources[src] = count - kept


def lose_ships(game: Table, seat: int, count: int, prompt: str = "") -> int:
    """The owner loses `count` ships of its choosing from its colonies (as many as it can)."""
    if count <= 0:
        return 0
    picked = pick_ships(
        game, seat, count, count, "ships.lose", prompt or f"choose {count} ship(s) to lose"
    )
    return send_to_warp(game, seat, picked)


def return_home(game: Table, seat: int, count: int, source: Source | None = None) -> None:
    """Put ships back on one colony of the owner's choosing (chosen before they move)."""
    if count <= 0:
        return
    planet = choose_colony(game, seat, count)
    if source is not None:
        remove_from(game, seat, source, count)
    systems.add_ships(game, planet, seat, count)
    if game.state.pieces:
        ship_pieces.arrived(game, seat, planet)
    update_powers(game, seat)
    if game.events is not None:
        game.log("home", seat, count)


def return_hostages(game: Table) -> None:
    """Ships held hostage for the turn go back to their owners' colonies."""
    st = game.state
    while st.hostages:
        _, owner, count = st.hostages[-1]
        planet = choose_colony(game, owner, count)  # chosen while they are still held
        ship_pieces.leaving(game, owner, ship_pieces.HOSTAGE, count)
        st.hostages.pop()
        systems.add_ships(game, planet, owner, count)
        ship_pieces.arrived(game, owner, planet)
        update_powers(game, owner)
        game.log("effect", owner, f"gets {count} hostage ship(s) back")


def free_ships(game: Table, seat: int) -> int:
    """Ships a player could send off its colonies now."""
    return sum(colonies(game, seat)[1])


def choose_colony(game: Table, seat: int, count: int) -> int:
    """Where arriving ships go: a colony of the owner's choosing (a home planet if it has none)."""
    st = game.state
    places = systems.colonies(game, seat)
    if not places:
        places = [p.id for p in st.planets if p.system == seat]
    return int(
        game.choose(
            seat, "ships.place", f"place {count} ship(s) on a colony", places, game.planet_name
        )
    )


def retrieve(game: Table, seat: int, count: int) -> int:
    """Take up to `count` of the player's ships out of the warp onto its colonies."""
    st = game.state
    player = st.players[seat]
    count = min(count, player.warp)
    if count <= 0 or game.dispatch.forbidden("retrieve", seat):
        return 0
    planet = choose_colony(game, seat, count)
    if st.pieces:
        ship_pieces.leaving(game, seat, ship_pieces.WARP, count)
    player.warp -= count
    systems.add_ships(game, planet, seat, count)
    if st.pieces:
        ship_pieces.arrived(game, seat, planet)
    update_powers(game, seat)
    if game.events is not None:
        game.log("retrieve", seat, count)
    if game.dispatch.listening(Windows.SHIPS_RETRIEVED):
        game.dispatch.event(Windows.SHIPS_RETRIEVED, ShipsEvent(seat, {"warp": count}))
    return count


def land(game: Table, seat: int, planet: int, count: int, source: Source) -> None:
    """Move committed ships onto a planet, establishing (or growing) a colony there."""
    if count <= 0:
        return
    st = game.state
    remove_from(game, seat, source, count)
    had = st.planets[planet].ships[seat] > 0
    systems.add_ships(game, planet, seat, count)
    if st.pieces:
        ship_pieces.arrived(game, seat, planet)
    if game.events is not None:
        game.log("land", seat, planet, count)
    if not had:
        if game.events is not None:
            game.log("colony", seat, planet)
        game.dispatch.event(Windows.COLONY_GAINED, ColonyEvent(seat, planet))
    update_powers(game, seat)


@dataclass(slots=True)
class ColonyEvent:
    seat: int
    planet: int


def update_powers(game: Table, seat: int | None = None) -> None:
    """Switch powers off (and on) as players drop below (or regain) the home-colony threshold.

    Only the owner's home colonies change when its ships move, so callers name that seat (asked
    after every move: one seat looked at, not a loop); with none, every seat is looked at.
    """
    st = game.state
    if seat is None:
        for each in range(len(st.players)):
            update_powers(game, each)
        return
    if st.pieces:
        ship_pieces.settle(st, seat)  # the move is over
    p = st.players[seat]
    if p.alien is None:
        return
    # counted as ships move (runtime/rules/systems.py), not over the planets
    powered = systems.index(game).home[seat] >= game.power_threshold or game.rules.keeps_power(
        p.alien
    )
    if powered != p.powered:
        p.powered = powered
        if powered:
            game.log("power_on", seat)
        else:
            game.log("power_off", seat)
            extension.run(game, "power.lost", seat)
            game.dispatch.event(Windows.POWER_LOST, ColonyEvent(seat, -1))
