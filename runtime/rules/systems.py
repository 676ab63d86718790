"""The planets of each home system, indexed once per game on the table: a game table in, each
seat's home planets out (to count its home colonies among, to aim at, to look for its colonies
there first), without a loop over every planet of the game.

A planet's home never changes (destroying it flips its `system` to ~home) and planets are only
ever appended, so an index built from a state's planet list stays right while the state holds
that same list at the same length; a state copy (a checkpoint, a fork, a replay) has a list of
its own, and the index is built again for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from runtime.state import Planet
    from runtime.table import Table


@dataclass(slots=True)
class Systems:
    """The planets of a planet list (`planets`, `count` long when indexed) by the seat whose
    home system holds or held them, destroyed ones included."""

    planets: list[Planet]
    count: int
    homes: list[list[Planet]]


def homes(game: Table) -> list[list[Planet]]:
    """Each seat's home planets, destroyed ones included (State.home_planets leaves them out)."""
    st = game.state
    # the table keeps the index without knowing its type (the table is a layer below this)
    index: Systems | None = game.systems
    if index is None or index.planets is not st.planets or index.count != len(st.planets):
        by_home: list[list[Planet]] = [[] for _ in st.players]
        for p in st.planets:
            by_home[p.home].append(p)
        index = game.systems = Systems(st.planets, len(st.planets), by_home)
    return index.homes


def home_planets(game: Table, seat: int) -> list[Planet]:
    """The seat's home planets still in the game, as State.home_planets."""
    return [p for p in homes(game)[seat] if p.system == seat]


def has_colony(game: Table, seat: int) -> bool:
    """Whether the seat has ships on some planet, as State.has_colony: its home planets, where
    they mostly are, looked at first."""
    for p in homes(game)[seat]:
        if p.ships[seat]:
            return True
    return game.state.has_colony(seat)
