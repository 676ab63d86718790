"""The bundled cards validate clean, and seeded random games with them finish and keep invariants."""

from __future__ import annotations

import pytest

from runtime.agents import RandomAgent
from runtime.game import Game
from runtime.invariants import check
from runtime.rules.turn import play_game
from runtime.setup import Setup
from tests.tiers import first_quick


def test_bundled_cards_have_no_problems(project) -> None:  # type: ignore[no-untyped-def]
    assert [f"{d.span}: {d.message}" for d in project.diagnostics] == []


# the quick tier plays the first three seeds: a game of three, of four and of five players
@pytest.mark.parametrize("seed", first_quick(range(40), 3))
def test_random_game_finishes_with_invariants(project, rules, seed: int) -> None:  # type: ignore[no-untyped-def]
    setup = Setup(players=3 + seed % 3, seed=seed)
    agents = [RandomAgent(seed * 10 + s) for s in range(setup.players)]
    game = Game(project.cards, setup, agents, rules=rules, observer=check)
    play_game(game)
    assert game.state.over, f"seed {seed} did not finish in {game.state.turn} turns"
    assert game.state.winners
    check(game)
