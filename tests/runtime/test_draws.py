"""The game's inlined shuffle draws the same numbers as random.Random.shuffle, so a seeded game
deals the cards it dealt with the method."""

from __future__ import annotations

import random

import pytest

from runtime.draws import shuffle


@pytest.mark.parametrize("seed", range(20))
def test_shuffle_orders_a_list_as_random_shuffle(seed: int) -> None:
    mine, reference = random.Random(seed), random.Random(seed)
    for n in [0, 1, 2, 3, 5, 8, 31, 64, 65, 200, 1025]:
        ours, theirs = list(range(n)), list(range(n))
        shuffle(mine, ours)
        reference.shuffle(theirs)
        assert ours == theirs
    assert mine.getstate() == reference.getstate()
