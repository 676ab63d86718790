"""Random draws with the steps of Python 3.11's `random.Random` inlined: a list and an RNG in,
the list shuffled exactly as `rng.shuffle` shuffles it (the same numbers drawn) out. Setting up a
game shuffles a few hundred cards, and the method calls `_randbelow` once a card."""

from __future__ import annotations

import random
from typing import Any


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """rng.shuffle(items), drawing the same numbers from the RNG (Random._randbelow inlined)."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        below = i + 1
        k = below.bit_length()
        j = getrandbits(k)
        while j >= below:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
