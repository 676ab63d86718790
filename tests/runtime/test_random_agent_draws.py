"""The random agent draws its picks with the RNG's own steps inlined: the same numbers as
Random.randrange and Random.randint, so a seeded game plays as it did with those calls."""

from __future__ import annotations

import random

import pytest

from runtime.agents.random import RandomAgent, draw_from, fullest_first, randint
from runtime.decisions import Decision
from tests.tiers import first_quick


@pytest.mark.parametrize("seed", first_quick(range(20), 1))
def test_single_pick_draws_as_randrange(seed: int) -> None:
    agent = RandomAgent(seed)
    reference = random.Random(seed)
    for n in [*range(1, 70), 1000, 2**20 + 3]:
        decision = Decision(0, "test.pick", "pick one", list(range(n)))
        assert agent.decide(decision, None) == (reference.randrange(n),)  # type: ignore[arg-type]
    assert agent.rng.getstate() == reference.getstate()


@pytest.mark.parametrize("seed", first_quick(range(20), 3))
def test_randint_draws_as_random_randint(seed: int) -> None:
    mine, reference = random.Random(seed), random.Random(seed)
    for low in range(-2, 6):
        for high in range(low, low + 40):
            assert randint(mine, low, high) == reference.randint(low, high)
    assert mine.getstate() == reference.getstate()


def test_empty_ranges_are_refused_as_random_refuses_them() -> None:
    with pytest.raises(ValueError):
        randint(random.Random(1), 3, 2)
    empty = Decision(0, "test.pick", "pick one", [])
    with pytest.raises(ValueError):
        RandomAgent(1).decide(empty, None)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", first_quick(range(20), 3))
def test_draw_from_draws_as_random_sample(seed: int) -> None:
    mine, reference = random.Random(seed), random.Random(seed)
    for n in range(0, 30):
        pool = [3 * i + 1 for i in range(n)]
        for count in range(0, min(n, 9) + 1):
            assert draw_from(mine, pool[:], count) == reference.sample(pool, count)
    assert mine.getstate() == reference.getstate()
    with pytest.raises(ValueError):
        draw_from(mine, [1, 2], 3)


def _fullest_first_one_at_a_time(caps: list[int], count: int) -> tuple[int, ...]:
    """The slow way: each pick from the first of the biggest piles left."""
    left = list(caps)
    picks = []
    for _ in range(count):
        i = left.index(max(left))
        left[i] -= 1
        picks.append(i)
    return tuple(sorted(picks))


@pytest.mark.parametrize("seed", first_quick(range(20), 3))
def test_fullest_first_takes_from_the_biggest_pile_each_time(seed: int) -> None:
    shapes = random.Random(seed)
    for _ in range(300):
        caps = [shapes.randint(0, 7) for _ in range(shapes.randint(1, 9))]
        if not any(caps):
            continue
        low = shapes.randint(0, 5)
        high = shapes.randint(max(low, 1), 8)
        decision = Decision(0, "test.ships", "ships", list(range(len(caps))), low, high, caps)
        mine, reference = random.Random(seed), random.Random(seed)
        picks = fullest_first(mine, decision)
        top = min(high, sum(caps))
        count = reference.randint(min(low, top), top)
        assert picks == _fullest_first_one_at_a_time(caps, count)
        assert mine.getstate() == reference.getstate()


def test_a_rules_modules_restrained_kind_is_passed_on_as_the_base_ones_are() -> None:
    """The leases module asks `lease.request`, a kind the random agent mostly passes on: as
    often as on a card it could play, and more often than on a kind nobody restrains."""
    from runtime.language import load

    load()  # registers the rules modules

    def passes(kind: str) -> int:
        agent = RandomAgent(7)
        offer = Decision(0, kind, "take it?", ("no", "yes"), passive=0)
        return [agent.decide(offer, None) for _ in range(200)].count((0,))  # type: ignore[arg-type]

    assert passes("lease.request") == passes("card.play")  # the same draws: half, then half
    assert 130 < passes("lease.request") < 170
    assert 80 < passes("test.unrestrained") < 120  # "no" half the time
