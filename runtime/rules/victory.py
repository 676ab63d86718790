"""The victory check after each encounter: the seats with the foreign colonies they need (the
victory.check event may change how many) in, the game ended with them as winners out."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from runtime.rules import systems
from runtime.windows import Windows

if TYPE_CHECKING:
    from runtime.table import Table


@dataclass(slots=True)
class VictoryCheck:
    """The event of victory.check: how many foreign colonies each seat needs to win."""

    need: list[int]


def victors(game: Table, need: list[int]) -> list[int]:
    """The players with at least the foreign colonies they need (at least one)."""
    # asked after every encounter: the counts kept on the table as ships move
    # (runtime/rules/systems.py), not a loop over every planet
    foreign = systems.index(game).foreign
    found = []
    for seat in range(len(need)):
        colonies = foreign[seat]
        if colonies and colonies >= need[seat]:
            found.append(seat)
    return found


def check_victory(game: Table) -> None:
    st = game.state
    need = [game.setup.option("colonies_to_win")] * len(st.players)
    if game.dispatch.listening(Windows.VICTORY_CHECK):
        game.dispatch.event(Windows.VICTORY_CHECK, VictoryCheck(need))
    winners = victors(game, need)
    if winners:
        game.end(winners)
