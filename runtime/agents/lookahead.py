"""The look-ahead agent: the heuristic agent, except that for the decisions that matter most it
rehearses each candidate answer a few turns on over redealt hidden cards (Monte Carlo over
determinised hidden information) and keeps the one that ends best, within a playout budget per
decision."""

from __future__ import annotations

import random

from runtime.agents.heuristic import HeuristicAgent
from runtime.decisions import Answer, Decision
from runtime.rehearsal import Rehearsed, rehearse_view
from runtime.view import PlayerView

# Decisions it rehearses: which encounter card to play, and which planet to attack.
STUDIED = frozenset({"planning.select", "launch.planet"})


class LookaheadAgent:
    trusted = True

    def __init__(
        self, seed: int = 0, *, playouts: int = 12, candidates: int = 4, horizon: int | None = 3
    ) -> None:
        self.rng = random.Random(seed)
        self.heuristic = HeuristicAgent(seed)
        self.playouts = playouts  # rehearsals per decision, shared among the candidates
        self.candidates = candidates  # answers rehearsed: the heuristic's and a few others
        self.horizon = horizon  # turns a rehearsal looks ahead (None: to the end of the game)

    def decide(self, decision: Decision, view: PlayerView) -> Answer:
        default = self.heuristic.decide(decision, view)
        if decision.kind not in STUDIED or not decision.single or len(decision.options) < 2:
            return default
        others = [(i,) for i in range(len(decision.options)) if (i,) != default]
        self.rng.shuffle(others)
        answers = [default, *others[: self.candidates - 1]]
        each = max(1, self.playouts // len(answers))
        best, best_score = default, -1.0
        for answer in answers:  # the heuristic's answer first: it keeps ties
            score = 0.0
            for _ in range(each):
                seed = self.rng.getrandbits(32)
                score += self.worth(
                    rehearse_view(view, decision, answer, seed, self.horizon), view.seat
                )
            if score > best_score:
                best, best_score = answer, score
        return best

    @staticmethod
    def worth(end: Rehearsed, me: int) -> float:
        """A win counts most (shared among the winners); short of one, the lead in foreign
        colonies over the best other player."""
        if end.winners:
            return 10.0 / len(end.winners) if me in end.winners else -10.0
        others = max(c for seat, c in enumerate(end.colonies) if seat != me)
        return float(end.colonies[me] - others)
