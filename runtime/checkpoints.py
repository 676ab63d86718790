"""Checkpoints of a game (runtime/state.Checkpoint): a copy of its state kept at the start of a
step of the game loop; and a game table taking a state as its own (a table and a state in, the
table's bookkeeping out)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.state import Checkpoint, State

if TYPE_CHECKING:
    from runtime.table import Table


def checkpoint(game: Table, every: int = 0) -> None:
    """Keep a copy of the game's state as it is now, unless fewer than `every` answers were given
    since the last one (or since the setup, which a game without a copy is set up again from)."""
    mark = game.mark
    if len(game.answers) - (mark.answers if mark is not None else 0) < every:
        return
    events = len(game.events) if game.events is not None else 0
    game.mark = Checkpoint(game.state.copy(), len(game.answers), events)


def adopt(game: Table, state: State) -> None:
    """Make `state` the state of a game table that has none yet, with the tables kept beside it
    (which card each instance is, who holds it, which cards in hands can be played where)."""
    game.state = state
    for card_id in state.catalog:
        card = game.cards.cards[card_id]
        game.defs.append(card)
        game.holder.append(-1)
        game.windows_of.append(game.rules.play_windows.get(card.id, ()))
        game.instances_of[card.id] = (*game.instances_of.get(card.id, ()), len(game.defs) - 1)
    for player in state.players:
        for instance in player.hand:
            game.holder[instance] = player.seat
            for window in game.windows_of[instance]:
                game.held[window] += 1
    game.dispatch.forget_plays()
