"""A game ready to play: a Table wired to its card set's linked rules, its hook dispatcher and its
starting state (cards, setup and agents in, a Game whose rules run from runtime/rules/turn.py out);
and a game copied, to be played on apart from the original (snapshot, fork).

This is the one place the layers are put together: the table below calls nothing above it.

How a game is copied: a game in progress also lives in the Python call stack (turn, encounter,
hook, decision), which cannot be copied. So the game loop keeps a copy of the state at the start
of a turn now and then (runtime/rules/turn.py), and a snapshot is the last such checkpoint (none:
the setup), the answers given since and copies of the agents as they are now. A game restored from
it starts at the checkpoint, gives the answers again in order, and asks its agents from there:
being deterministic, it reaches the decision the snapshot was taken at and goes on as the original
would.
"""

from __future__ import annotations

import copy
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from runtime.asking import Agent
from runtime.cards import CardSet
from runtime.checkpoints import adopt
from runtime.decisions import Answer, Decision, different_answer
from runtime.dispatch import Dispatcher
from runtime.effects.link import Rules
from runtime.language import load
from runtime.log import Event
from runtime.rules.start import build_state
from runtime.setup import Setup
from runtime.state import Checkpoint, State
from runtime.table import Table
from runtime.table_events import EncounterEnded, GameOver
from runtime.view import PlayerView

__all__ = [
    "Agent",
    "EncounterEnded",
    "Game",
    "GameOver",
    "PlayerView",
    "Snapshot",
    "different_answer",
]


class Replaying:
    """An agent that gives the answers given before (in order, whoever is asked: the queue is
    shared by every seat), then leaves the decisions to its own agent."""

    def __init__(self, given: deque[Answer], agent: Agent) -> None:
        self.given, self.agent = given, agent
        self.trusted = bool(getattr(agent, "trusted", False))

    def decide(self, decision: Decision, view: PlayerView) -> Answer:
        if self.given:
            return self.given.popleft()
        return self.agent.decide(decision, view)


@dataclass(frozen=True)
class Snapshot:
    """A game as it stands, to be played on any number of times (Game.restore): its last
    checkpoint (None: none kept yet, the game is set up again), every answer given so far, the
    log up to the checkpoint and copies of the agents. It shares nothing mutable with the game."""

    cards: CardSet
    setup: Setup
    rules: Rules
    checkpoint: Checkpoint | None
    answers: tuple[Answer, ...]
    events: tuple[Event, ...] | None
    agents: tuple[Agent, ...]


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
        state: State | None = None,
        replay: Sequence[Answer] = (),
    ) -> None:
        """A new game; with `state`, one that plays on from that state (taken as it is), and
        with `replay`, one that gives those answers again before asking its agents."""
        load()  # the words, and the runners pack modules add to the dispatcher
        if rules is None:
            rules = Rules(cards)
        super().__init__(cards, setup, agents, rules=rules, log=log, observer=observer)
        self.dispatch = Dispatcher(self, rules)
        if replay:
            given = deque(replay)
            self.agents = [Replaying(given, agent) for agent in self.agents]
        if state is None:
            self.state = build_state(self)
        else:
            adopt(self, state)
        self.dispatch.refresh_powers()

    def snapshot(self) -> Snapshot:
        """This game as it stands now (at a decision, or between games), to play on elsewhere."""
        mark = self.mark
        events = None
        if self.events is not None:
            events = tuple(copy.deepcopy(self.events[: mark.events if mark else 0]))
        return Snapshot(
            self.cards,
            self.setup,
            self.rules,
            None if mark is None else Checkpoint(mark.state.copy(), mark.answers, mark.events),
            tuple(self.answers),
            events,
            tuple(copy.deepcopy(self.agents)),
        )

    @classmethod
    def restore(cls, snap: Snapshot, agents: Sequence[Agent] | None = None) -> Game:
        """A game that plays on from a snapshot with copies of its agents (or with `agents`,
        from the decision the snapshot was taken at). Play it with runtime.rules.turn.play_game."""
        chosen = list(copy.deepcopy(snap.agents)) if agents is None else list(agents)
        log = snap.events is not None
        mark = snap.checkpoint
        if mark is None:  # taken while the game was being set up: set it up again
            return cls(
                snap.cards, snap.setup, chosen, rules=snap.rules, log=log, replay=snap.answers
            )
        game = cls(
            snap.cards,
            snap.setup,
            chosen,
            rules=snap.rules,
            log=log,
            state=mark.state.copy(),
            replay=snap.answers[mark.answers :],
        )
        game.answers = list(snap.answers[: mark.answers])
        if snap.events is not None:
            game.events = list(copy.deepcopy(snap.events))
        game.mark = Checkpoint(mark.state.copy(), mark.answers, mark.events)
        return game

    def fork(self, agents: Sequence[Agent] | None = None) -> Game:
        """An independent copy of this game, to be played on with play_game: it goes on from the
        decision being asked now as this game will (given the same answers)."""
        return Game.restore(self.snapshot(), agents)
