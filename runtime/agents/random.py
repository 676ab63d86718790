"""The random agent: any legal answer, drawn from its own seeded RNG (never the game's)."""

from __future__ import annotations

import random

from runtime.decisions import Answer, Decision
from runtime.game import PlayerView


class RandomAgent:
    def __init__(self, seed: int = 0, *, pass_bias: float = 0.5) -> None:
        self.rng = random.Random(seed)
        self.pass_bias = pass_bias  # how often to take the do-nothing option when there is one

    def decide(self, decision: Decision, view: PlayerView) -> Answer:
        rng = self.rng
        n = len(decision.options)
        if decision.passive is not None and rng.random() < self.pass_bias:
            return (decision.passive,)
        if decision.single:
            return (rng.randrange(n),)
        return random_pick(rng, decision)


def random_pick(rng: random.Random, decision: Decision) -> Answer:
    caps = decision.caps if decision.caps is not None else [1] * len(decision.options)
    pool = [i for i, cap in enumerate(caps) for _ in range(cap)]
    high = min(decision.maximum, len(pool))
    low = min(decision.minimum, high)
    count = rng.randint(low, high)
    return tuple(sorted(rng.sample(pool, count)))
