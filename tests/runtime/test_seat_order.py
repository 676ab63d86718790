"""The seats in clockwise order from a seat: every seat once, going to the left."""

from __future__ import annotations

import random

from runtime.setup import MAX_PLAYERS
from runtime.state import Player, State


def table_of(n: int) -> State:
    players = [Player(seat, f"colour {seat}") for seat in range(n)]
    return State(seed=0, rng=random.Random(0), catalog=[], players=players, planets=[])


def test_clockwise_from_starts_at_the_seat_and_wraps_around() -> None:
    assert table_of(5).clockwise_from(3) == (3, 4, 0, 1, 2)
    assert table_of(5).clockwise_from(0) == (0, 1, 2, 3, 4)
    assert table_of(1).clockwise_from(0) == (0,)


def test_clockwise_from_counts_a_seat_beyond_the_table_around_it() -> None:
    for n in range(1, MAX_PLAYERS + 1):
        st = table_of(n)
        for seat in range(-2 * n, 2 * n):
            assert st.clockwise_from(seat) == tuple((seat + k) % n for k in range(n))
