"""The planets of each home system and each seat's colonies, indexed on the game table: a table
in, each seat's home planets (to aim at, to look for its colonies there first), the planets
holding its ships and how many home and foreign colonies it has out, without a loop over every
planet of the game.

The index is built from a state's planet list, and stays right while the state holds that
same list: a planet's home never changes, and a planet is added only through `add_planet`, its
ships change only through `add_ships` and it is destroyed only through `destroy`
(tests/runtime/test_systems_index.py checks that no other code does any of these), each of
which keeps the index built for the list it changes. A state copy (a checkpoint, a fork, a
replay) has a list of its own, and the index is built again for it.
"""

from __future__ import annotations

from bisect import insort
from dataclasses import dataclass
from typing import TYPE_CHECKING

from runtime.state import Planet

if TYPE_CHECKING:
    from runtime.table import Table


@dataclass(slots=True)
class Systems:
    """The planets of a planet list (`planets`) still in the game by the seat whose home system
    holds them (`homes`); and by seat, the planets still in the game holding
    its ships (`colonies`, ids in order: where its ships can be taken from or put), and how many
    planets holding its ships are in its home system (`home`) and how many are not (`foreign`),
    as State.home_colonies and State.foreign_colonies count them (a destroyed planet still
    holding ships counts as foreign)."""

    planets: list[Planet]
    homes: list[list[Planet]]
    colonies: list[list[int]]
    home: list[int]
    foreign: list[int]


def index(game: Table) -> Systems:
    """The index of the table's state, built afresh if it was built for another planet list."""
    st = game.state
    # the table keeps the index without knowing its type (the table is a layer below this)
    found: Systems | None = game.systems
    if found is None or found.planets is not st.planets:
        by_home: list[list[Planet]] = [[] for _ in st.players]
        colonies: list[list[int]] = [[] for _ in st.players]
        home = [0] * len(st.players)
        foreign = [0] * len(st.players)
        for p in st.planets:
            if p.system >= 0:
                by_home[p.system].append(p)
            for seat, count in enumerate(p.ships):
                if count:
                    if p.system >= 0:
                        colonies[seat].append(p.id)
                    (home if p.system == seat else foreign)[seat] += 1
        found = Systems(st.planets, by_home, colonies, home, foreign)
        game.systems = found
    return found


def add_ships(game: Table, planet: int, seat: int, count: int) -> None:
    """Put `count` of the seat's ships on a planet (take them off, if negative): the one way a
    planet's ships change, so that the planets holding the seat's ships and its colony counts
    follow."""
    st = game.state
    p = st.planets[planet]
    before = p.ships[seat]
    after = p.ships[seat] = before + count
    if (before and after) or before == after:
        return  # no colony founded or left: most moves
    found: Systems | None = game.systems
    # an index built for another planet list is built afresh when next asked
    if found is not None and found.planets is st.planets:
        system = p.system
        counts = found.home if system == seat else found.foreign
        if after:
            counts[seat] += 1
            if system >= 0:  # a destroyed planet is nobody's colony
                insort(found.colonies[seat], planet)
        else:
            counts[seat] -= 1
            if system >= 0:
                found.colonies[seat].remove(planet)


def add_planet(game: Table, seat: int) -> Planet:
    """A new planet, with no ships, put into the seat's home system: the one way a planet is
    added, so that the index has it among the seat's home planets."""
    st = game.state
    planet = Planet(len(st.planets), seat, [0] * len(st.players))
    st.planets.append(planet)
    found: Systems | None = game.systems
    if found is not None and found.planets is st.planets:
        found.homes[seat].append(planet)
    return planet


def destroy(game: Table, planet: int) -> None:
    """Take a planet out of the game (its `system` flips to ~home): the one way a planet is
    destroyed, so that it is no home planet nor anybody's colony any more, and ships of its home seat still on it
    count as foreign from then on."""
    st = game.state
    p = st.planets[planet]
    seat = p.system
    if seat < 0:
        return
    p.system = ~seat
    found: Systems | None = game.systems
    if found is None or found.planets is not st.planets:
        return
    found.homes[seat].remove(p)
    for owner, count in enumerate(p.ships):
        if count:
            found.colonies[owner].remove(planet)
    if p.ships[seat]:
        found.home[seat] -= 1
        found.foreign[seat] += 1


def home_planets(game: Table, seat: int) -> list[Planet]:
    """The seat's home planets still in the game, as State.home_planets."""
    return index(game).homes[seat].copy()


def colonies(game: Table, seat: int) -> list[int]:
    """The planets still in the game holding the seat's ships, in planet order: a list of the
    caller's own."""
    return index(game).colonies[seat].copy()


def has_colony(game: Table, seat: int) -> bool:
    """Whether the seat has ships on some planet, as State.has_colony."""
    found = index(game)
    return found.home[seat] + found.foreign[seat] > 0
