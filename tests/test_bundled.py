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


@pytest.mark.slow  # checks the hundreds of bundled scenario files against the cards
def test_bundled_cards_and_scenarios_have_no_problems() -> None:
    from compiler.pipeline.project import bundled_project

    loaded = bundled_project(use_cache=False)
    assert loaded.files > len(loaded.cards.cards) + 100  # the scenario files were read
    assert [f"{d.span}: {d.message}" for d in loaded.diagnostics] == []


# the quick tier plays the first two seeds: a game of three and one of four players
@pytest.mark.parametrize("seed", first_quick(range(40), 2))
def test_random_game_finishes_with_invariants(project, rules, seed: int) -> None:  # type: ignore[no-untyped-def]
    setup = Setup(players=3 + seed % 3, seed=seed)
    agents = [RandomAgent(seed * 10 + s) for s in range(setup.players)]
    game = Game(project.cards, setup, agents, rules=rules, observer=check)
    play_game(game)
    assert game.state.over, f"seed {seed} did not finish in {game.state.turn} turns"
    assert game.state.winners
    check(game)
