"""The random agent: any legal answer, drawn from its own seeded RNG (never the game's)."""

from __future__ import annotations

import random

from runtime.decisions import Answer, Decision
from runtime.extension import RESTRAINED_KINDS
from runtime.view import PlayerView

# Decisions where the random agent leans towards doing nothing, so that a random game still
# plays like a game (cards are not thrown away the moment they become playable).
# The rules modules add their own (runtime/extension.py: RESTRAINED_KINDS).
RESTRAINED = frozenset({"card.play", "kicker.play", "flare.upgrade"})


class RandomAgent:
    """Random but not self-destructive: counts are random, yet ships are taken from the fullest
    colonies first, so random games keep their colonies and end with a winner."""

    trusted = True  # its answers are legal by construction, so the engine skips re-checking them

    def __init__(self, seed: int = 0, *, pass_bias: float = 0.5) -> None:
        self.rng = random.Random(seed)
        self.pass_bias = pass_bias  # how often to pass on a restrained decision

    def decide(self, decision: Decision, view: PlayerView) -> Answer:
        rng = self.rng
        if (
            decision.passive is not None
            and (decision.kind in RESTRAINED or decision.kind in RESTRAINED_KINDS)
            and rng.random() < self.pass_bias
        ):
            return (decision.passive,)
        caps = decision.caps
        if caps is None and decision.maximum == 1 and decision.minimum == 1:
            n = len(decision.options)
            if n <= 0:
                return (rng.randrange(n),)  # raises, as for any empty range
            # rng.randrange(n), inlined: the same draws from the RNG (Random._randbelow), two
            # Python calls fewer on the decision every game asks most
            k = n.bit_length()
            r = rng.getrandbits(k)
            while r >= n:
                r = rng.getrandbits(k)
            return (r,)
        if caps is not None:
            return fullest_first(rng, decision)
        return random_pick(rng, decision)


def fullest_first(rng: random.Random, decision: Decision) -> Answer:
    """A random number of picks from piles (ships on colonies), always from the biggest pile
    (the first of equal piles)."""
    caps = decision.caps
    assert caps is not None
    # `a if a < b else b` for min(a, b): the builtin parses its keywords on every call
    total = sum(caps)
    high = decision.maximum if decision.maximum < total else total
    count = randint(rng, decision.minimum if decision.minimum < high else high, high)
    if not count:
        return ()
    # Taking one at a time from the biggest pile brings the biggest piles down level by level:
    # at each level, every pile at least that big gives one, in pile order, before any pile
    # gives again. So walk the levels down from the biggest pile, without a max() per pick.
    picks: list[int] = []
    level = max(caps)
    while True:
        for i, cap in enumerate(caps):
            if cap >= level:
                picks.append(i)
                if len(picks) == count:
                    picks.sort()
                    return tuple(picks)
        level -= 1


def random_pick(rng: random.Random, decision: Decision) -> Answer:
    caps = decision.caps
    if caps is None:
        pool = list(range(len(decision.options)))
    else:
        pool = [i for i, cap in enumerate(caps) for _ in range(cap)]
    n = len(pool)
    high = decision.maximum if decision.maximum < n else n  # min(): see fullest_first
    count = randint(rng, decision.minimum if decision.minimum < high else high, high)
    picks = draw_from(rng, pool, count)
    picks.sort()
    return tuple(picks)


def draw_from(rng: random.Random, pool: list[int], count: int) -> list[int]:
    """rng.sample(pool, count) with the same draws from the RNG, taken from `pool` itself (its
    contents are spent: rng.sample() draws from a copy). Python 3.11's steps for a pool of at
    most 21, as a random pick has (an invitation, a few cards), without the checks rng.sample()
    makes of its arguments, which cost more than the pick; larger pools go to rng.sample()."""
    n = len(pool)
    if n > 21 or not 0 <= count <= 5 or count > n:
        return rng.sample(pool, count)
    result = []
    getrandbits = rng.getrandbits
    below = n
    while below > n - count:  # Random._randbelow(below), for below = n, n - 1, ...
        k = below.bit_length()
        j = getrandbits(k)
        while j >= below:
            j = getrandbits(k)
        result.append(pool[j])
        below -= 1
        pool[j] = pool[below]  # the pick's place goes to the last of those left
    return result


def randint(rng: random.Random, low: int, high: int) -> int:
    """rng.randint(low, high) with the same draws from the RNG (randrange's own steps, as
    Python 3.11 takes them), one Python call instead of three."""
    width = high + 1 - low
    if width <= 0:
        return rng.randint(low, high)  # raises, as for any empty range
    k = width.bit_length()
    r = rng.getrandbits(k)
    while r >= width:
        r = rng.getrandbits(k)
    return low + r
