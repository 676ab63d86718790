"""A game ready to play: a Table wired to its card set's linked rules, its hook dispatcher and its
starting state (cards, setup and agents in, a Game whose rules run from runtime/rules/turn.py out).

This is the one place the layers are put together: the table below calls nothing above it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from runtime.cards import CardSet
from runtime.dispatch import Dispatcher
from runtime.effects.link import Rules
from runtime.language import load
from runtime.rules.start import build_state
from runtime.setup import Setup
from runtime.table import Agent, Table, different_answer
from runtime.table_events import EncounterEnded, GameOver
from runtime.view import PlayerView

__all__ = ["Agent", "EncounterEnded", "Game", "GameOver", "PlayerView", "different_answer"]


class Game(Table):
    rules: Rules
    dispatch: Dispatcher

    def __init__(
        self,
        cards: CardSet,
        setup: Setup,
        agents: Sequence[Agent],
        *,
        rules: Rules | None = None,
        log: bool = True,
        observer: Callable[[Game], None] | None = None,
    ) -> None:
        load()  # the words, and the runners pack modules add to the dispatcher
        if rules is None:
            rules = Rules(cards)
        super().__init__(cards, setup, agents, rules=rules, log=log, observer=observer)
        self.dispatch = Dispatcher(self, rules)
        self.state = build_state(self)
        self.dispatch.refresh_powers()
