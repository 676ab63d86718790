"""The state's colony queries (whether a player has a colony, its home colonies up to a threshold,
its foreign colonies, the colonies its ships can leave from and its ships on each) agree with a
count made afresh from the planets at every decision of random games."""

from __future__ import annotations

import pytest
from engine_kit import play_checked

from runtime.agents import RandomAgent
from runtime.cards import CardSet
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.rules.ships import colonies, colony_sources, free_ships
from runtime.setup import Setup
from runtime.table import Table


def colonies_agree(game: Table) -> None:
    st = game.state
    for seat in range(st.n):
        held = [p for p in st.planets if p.ships[seat] > 0]
        assert st.has_colony(seat) == bool(held), (seat, [p.ships for p in st.planets])
        foreign = [p for p in held if p.system != seat]
        assert st.foreign_colonies(seat) == len(foreign)
        home = len(held) - len(foreign)
        assert st.home_colonies(seat) == home
        for most in range(1, 6):
            assert st.home_colonies(seat, most) == min(home, most)
        assert st.home_colonies(seat, 0) == home  # no limit: a threshold of 0 is always met
        assert colony_sources(game, seat) == [p.id for p in held if not p.gone]
        counts = [p.ships[seat] for p in held if not p.gone]
        assert colonies(game, seat) == (colony_sources(game, seat), counts)
        assert free_ships(game, seat) == sum(counts)


@pytest.mark.slow  # plays random games
def test_colony_queries_match_the_planets_throughout_random_games(
    cards: CardSet, rules: Rules
) -> None:
    setups = [Setup(players=4 + seed % 2, seed=seed) for seed in range(6)]
    checked = play_checked(cards, rules, setups, colonies_agree)
    assert checked > 500  # the checks ran at many decisions, not at a handful


def test_a_player_with_no_ships_on_any_planet_has_no_colony(cards: CardSet, rules: Rules) -> None:
    game = Game(cards, Setup(players=3, seed=1), [RandomAgent(s) for s in range(3)], rules=rules)
    st = game.state
    for planet in st.planets:
        planet.ships[2] = 0
    assert not st.has_colony(2)
    abroad = next(p for p in st.planets if p.system == 0)
    abroad.ships[2] = 1  # on a planet of seat 0's system: a foreign colony of seat 2
    assert st.has_colony(2) and st.foreign_colonies(2) == 1
