"""The colony counts the rules ask after ship moves (home colonies up to a threshold, foreign
colonies, the colonies ships can leave from) agree with a count made afresh from the planets, at
every decision of random games."""

from __future__ import annotations

from typing import Any

import pytest

from compiler.tools.setups import build_setup
from runtime.agents import AGENTS
from runtime.cards import CardSet
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.rules.ships import colony_sources
from runtime.rules.turn import play_game


def check_counts(game: Any) -> None:
    st = game.state
    for seat in range(st.n):
        holding = [p for p in st.planets if p.ships[seat] > 0]
        home = sum(1 for p in holding if p.system == seat)
        assert st.home_colonies(seat) == home
        for most in range(1, 6):
            assert st.home_colonies(seat, most) == min(home, most)
        assert st.home_colonies(seat, 0) == home  # no limit: a threshold of 0 is always met
        assert st.foreign_colonies(seat) == sum(1 for p in holding if p.system != seat)
        assert colony_sources(game, seat) == [p.id for p in holding if not p.gone]


@pytest.mark.parametrize("seed", range(3))
def test_colony_counts_agree_with_a_fresh_count_throughout_random_games(
    cards: CardSet, rules: Rules, seed: int
) -> None:
    setup = build_setup(cards, players=5, packs=("base",), seed=seed)
    agents = [AGENTS["random"](seed * 101 + s) for s in range(setup.players)]
    game = Game(cards, setup, agents, rules=rules, log=False, observer=check_counts)
    play_game(game)
    assert game.answers  # the observer saw the game's decisions
