"""Small statistics for win rates: Wilson score intervals and the games a test needs."""

from __future__ import annotations

import math

Z95 = 1.959963984540054  # two-sided 95%
Z80 = 0.8416212335729143  # one-sided 80% power


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate; (0, 1) when nothing was played."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def games_to_detect(rate: float, difference: float = 0.02) -> int:
    """Games needed to tell a win rate `difference` away from `rate` (5% two-sided test, 80%
    power, one sample against a known rate): n = (z95 + z80)^2 * p(1 - p) / d^2."""
    p = min(max(rate, 0.01), 0.99)
    return math.ceil((Z95 + Z80) ** 2 * p * (1 - p) / difference**2)
