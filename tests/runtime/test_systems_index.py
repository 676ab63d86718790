"""The table's index of planets by home system answers as the state's loops over every planet
do: on boards with ships scattered anywhere, planets destroyed and planets added, and after the
table takes a copy of its state."""

from __future__ import annotations

import random

from engine_kit import new_game

from runtime.cards import CardSet
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.rules import systems
from runtime.state import Planet


def scatter(game: Game, rng: random.Random) -> None:
    """Ships at random on every planet, some planets destroyed, some new ones put in systems."""
    st = game.state
    for _ in range(rng.randint(0, 3)):
        st.planets.append(Planet(len(st.planets), rng.randrange(st.n), [0] * st.n))
    for p in st.planets:
        for seat in range(st.n):
            p.ships[seat] = rng.choice((0, 0, 0, 1, 4))
        if rng.random() < 0.1 and not p.gone:
            p.system = ~p.system


def agrees(game: Game) -> None:
    st = game.state
    homes = systems.homes(game)
    for seat in range(st.n):
        assert systems.home_planets(game, seat) == st.home_planets(seat)
        assert systems.has_colony(game, seat) == st.has_colony(seat)
        for most in (-1, 1, 2, 3, 9):
            assert st.home_colonies(seat, most, homes[seat]) == st.home_colonies(seat, most)


def test_the_index_agrees_with_the_loops_over_every_planet(cards: CardSet, rules: Rules) -> None:
    rng = random.Random(3)
    for players in (2, 3, 5):
        game, _ = new_game(cards, rules, players)
        for _ in range(40):
            scatter(game, rng)
            agrees(game)


def test_a_planet_put_in_a_system_joins_its_home_planets(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules, 3)
    st = game.state
    before = len(systems.home_planets(game, 1))
    st.planets.append(Planet(len(st.planets), 1, [0] * st.n))
    assert [p.id for p in systems.home_planets(game, 1)][-1] == len(st.planets) - 1
    assert len(systems.home_planets(game, 1)) == before + 1


def test_the_index_follows_the_table_to_a_copy_of_its_state(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules, 3)
    first = game.state
    assert systems.has_colony(game, 2)  # indexed for the first state
    game.state = first.copy()
    for p in game.state.planets:  # the copy's ships only: the first state keeps its own
        p.ships[2] = 0
    assert first.has_colony(2)
    assert not systems.has_colony(game, 2)
    assert all(p is game.state.planets[p.id] for p in systems.homes(game)[2])
    agrees(game)
