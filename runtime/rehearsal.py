"""Rehearsals: from one player's seat, play the game on from the current decision with a given
answer, over hidden information dealt anew (determinised), and say who won. The engine is
deterministic, so a rehearsal replays the answers so far from the setup, then redeals what the
player cannot see (other hands and the deck, sizes kept) and reseeds the future before going on."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from runtime.decisions import Answer, Decision

if TYPE_CHECKING:
    from runtime.game import Agent, Game
    from runtime.view import PlayerView


class RehearsalFailed(RuntimeError):
    """The replayed game did not reach the same decision (it cannot happen in a sound engine)."""


class Rehearser:
    """Gives the real game's answers back in order, then, at the decision being studied,
    redeals the hidden cards and answers as asked; later decisions go to the playout agents."""

    trusted = True

    def __init__(
        self,
        prefix: Sequence[Answer],
        decision: Decision,
        answer: Answer,
        seat: int,
        rng: random.Random,
        playout: Sequence[Agent],
    ) -> None:
        self.prefix = prefix
        self.decision = decision
        self.answer = answer
        self.seat = seat
        self.rng = rng
        self.playout = playout
        self.asked = 0

    def decide(self, decision: Decision, view: PlayerView) -> Answer:
        from runtime.view import table_of

        k = self.asked
        self.asked += 1
        if k < len(self.prefix):
            return self.prefix[k]
        if k > len(self.prefix):
            return self.playout[decision.player].decide(decision, view)
        if decision.kind != self.decision.kind or decision.player != self.seat:
            raise RehearsalFailed(f"reached {decision.kind}, not {self.decision.kind}")
        redeal(table_of(view), self.seat, self.rng)
        return self.answer


def redeal(game: Game, seat: int, rng: random.Random) -> None:
    """Shuffle the cards `seat` cannot see (other players' hands and the cosmic deck) and deal
    them back in the same counts; the RNG that decides the rest of the game is reseeded."""
    st = game.state
    others = [p for p in st.players if p.seat != seat]
    pool = [c for p in others for c in p.hand] + list(st.deck)
    rng.shuffle(pool)
    counts = [len(p.hand) for p in others]
    for p in others:
        for card in list(p.hand):
            game.from_hand(p.seat, card)
    for p, count in zip(others, counts, strict=True):
        for card in pool[:count]:
            game.to_hand(p.seat, card)
        del pool[:count]
    st.deck[:] = pool
    st.rng.seed(rng.getrandbits(64))


@dataclass(frozen=True)
class Rehearsed:
    """How a rehearsal ended: the winners (none if it stopped at its horizon) and each seat's
    foreign colonies then (public board facts, nothing hidden)."""

    winners: tuple[int, ...]
    colonies: tuple[int, ...]


def rehearse(
    game: Game,
    decision: Decision,
    answer: Answer,
    seed: int,
    playout: Callable[[int], Agent],
    horizon: int | None = None,
) -> Rehearsed:
    """One rehearsal of `answer` to `decision`, to the end of the game or `horizon` turns on
    (the real game is untouched)."""
    from runtime.game import Game as Fork
    from runtime.rules.turn import play_game

    rng = random.Random(seed)
    agents = [playout(rng.getrandbits(32) + s) for s in range(game.setup.players)]
    rehearser = Rehearser(list(game.answers), decision, answer, decision.player, rng, agents)
    setup = game.setup
    if horizon is not None:
        limit = min(setup.option("max_turns"), game.state.turn + horizon)
        setup = replace(setup, options={**setup.options, "max_turns": limit})
    fork = Fork(game.cards, setup, [rehearser] * setup.players, rules=game.rules, log=False)
    play_game(fork)
    if rehearser.asked <= len(rehearser.prefix):
        raise RehearsalFailed("the replayed game ended before the decision")
    st = fork.state
    return Rehearsed(tuple(st.winners), tuple(st.foreign_colonies(s) for s in range(st.n)))


def rehearse_view(
    view: PlayerView, decision: Decision, answer: Answer, seed: int, horizon: int | None = None
) -> Rehearsed:
    """How the game goes on if the view's player answers `decision` with `answer` and every
    player then plays as the heuristic agent, over one random redeal of the cards this player
    cannot see, to the end or `horizon` turns on. Only the winners and the colonies come back,
    never the cards that were dealt."""
    from runtime.agents.heuristic import HeuristicAgent
    from runtime.view import table_of

    return rehearse(table_of(view), decision, answer, seed, HeuristicAgent, horizon)
