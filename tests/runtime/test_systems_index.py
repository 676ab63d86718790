"""The table's index of planets by home system and of each seat's colonies answers as the
state's loops over every planet do: on boards with ships moved anywhere, planets destroyed and
planets added, after the table takes a copy of its state, and through random games; and no code
but the index's own writes a planet's ships or destroys a planet, which would leave it stale."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from engine_kit import new_game, play_checked

from runtime.agents import RandomAgent
from runtime.cards import CardSet
from runtime.effects.link import Rules
from runtime.game import Game, Snapshot
from runtime.rules import systems
from runtime.rules.turn import play_game
from runtime.setup import Setup
from runtime.table import Table

ROOT = Path(__file__).resolve().parents[2]


def scatter(game: Game, rng: random.Random) -> None:
    """Ships moved at random on every planet, some planets destroyed, some new ones put in
    systems."""
    st = game.state
    for _ in range(rng.randint(0, 3)):
        systems.add_planet(game, rng.randrange(st.n))
    for p in st.planets:
        for seat in range(st.n):
            systems.add_ships(game, p.id, seat, rng.choice((0, 0, 0, 1, 4)) - p.ships[seat])
        if rng.random() < 0.1:
            systems.destroy(game, p.id)


def agrees(game: Table) -> None:
    st = game.state
    for seat in range(st.n):
        assert systems.home_planets(game, seat) == st.home_planets(seat)
        assert systems.has_colony(game, seat) == st.has_colony(seat)
        assert systems.colonies(game, seat) == [p.id for p in st.colonies(seat) if not p.gone]
        assert systems.index(game).home[seat] == st.home_colonies(seat)
        assert systems.index(game).foreign[seat] == st.foreign_colonies(seat)


def test_the_index_agrees_with_the_loops_over_every_planet(cards: CardSet, rules: Rules) -> None:
    rng = random.Random(3)
    for players in (2, 3, 5):
        game, _ = new_game(cards, rules, players)
        for _ in range(40):
            scatter(game, rng)
            agrees(game)


def test_the_counts_follow_each_colony_founded_and_left(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules, 3)
    st = game.state
    abroad = next(p.id for p in st.planets if p.system == 1)
    before = systems.index(game).foreign[0]
    systems.add_ships(game, abroad, 0, 2)
    assert systems.index(game).foreign[0] == before + 1
    assert abroad in systems.colonies(game, 0)
    systems.add_ships(game, abroad, 0, -1)  # one ship stays: still a colony
    assert systems.index(game).foreign[0] == before + 1
    systems.add_ships(game, abroad, 0, -1)
    assert systems.index(game).foreign[0] == before
    assert abroad not in systems.colonies(game, 0)
    home = st.home_planets(0)[0].id
    systems.add_ships(game, home, 0, -st.planets[home].ships[0])
    assert systems.index(game).home[0] == st.home_colonies(0) == 4
    agrees(game)


def test_a_destroyed_home_planet_holding_ships_is_a_foreign_colony(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules, 3)
    st = game.state
    assert (systems.index(game).home[1], systems.index(game).foreign[1]) == (5, 0)
    doomed = st.home_planets(1)[0].id
    systems.destroy(game, doomed)
    assert (systems.index(game).home[1], systems.index(game).foreign[1]) == (4, 1)
    assert doomed not in systems.colonies(game, 1)  # no ship can be taken from it or put there
    assert doomed not in [p.id for p in systems.home_planets(game, 1)]  # nor aimed at
    agrees(game)
    systems.add_ships(game, doomed, 1, -st.planets[doomed].ships[1])  # sent to the warp
    assert (systems.index(game).home[1], systems.index(game).foreign[1]) == (4, 0)
    agrees(game)


def test_a_planet_put_in_a_system_joins_its_home_planets(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules, 3)
    st = game.state
    before = len(systems.home_planets(game, 1))
    systems.add_planet(game, 1)
    systems.add_ships(game, len(st.planets) - 1, 1, 1)
    assert [p.id for p in systems.home_planets(game, 1)][-1] == len(st.planets) - 1
    assert len(systems.home_planets(game, 1)) == before + 1
    assert systems.index(game).home[1] == st.home_colonies(1) == before + 1


def test_the_index_follows_the_table_to_a_copy_of_its_state(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules, 3)
    first = game.state
    assert systems.has_colony(game, 2)  # indexed for the first state
    game.state = first.copy()
    for p in game.state.planets:  # the copy's ships only: the first state keeps its own
        systems.add_ships(game, p.id, 2, -p.ships[2])
    assert first.has_colony(2)
    assert not systems.has_colony(game, 2)
    assert all(p is game.state.planets[p.id] for p in systems.index(game).homes[2])
    agrees(game)
    game.state = first  # back to the first state's planets: indexed afresh for them
    assert systems.has_colony(game, 2)
    agrees(game)


@pytest.mark.slow  # plays random games
def test_the_index_agrees_at_every_decision_of_random_games(cards: CardSet, rules: Rules) -> None:
    """With every pack (ship pieces, planets destroyed and added, captives, techs' ships)."""
    packs = tuple(sorted(cards.packs))
    setups = [
        Setup(players=3 + seed % 3, packs=packs, seed=seed, options={"techs": seed % 2 == 0})
        for seed in range(8)
    ]
    assert play_checked(cards, rules, setups, agrees) > 1000


def test_a_game_restored_from_a_snapshot_indexes_its_own_state(
    cards: CardSet, rules: Rules
) -> None:
    """The restored game's state is a copy of the checkpoint's: its index is its own, and the
    game plays on as the original did."""
    setup = Setup(players=4, packs=tuple(sorted(cards.packs)), seed=5)
    snaps: list[Snapshot] = []

    def snap_once(game: Game) -> None:
        if len(game.answers) == 80 and not snaps:
            snaps.append(game.snapshot())

    original = Game(cards, setup, [RandomAgent(s) for s in range(4)], rules=rules)
    original.observer = snap_once
    play_game(original)
    restored = Game.restore(snaps[0])
    restored.observer = agrees
    play_game(restored)
    assert restored.state.digest() == original.state.digest()


# a write to a planet's ships or to its system, a planet added: `.ships[seat] += 1`,
# `p.ships = ...`, `.system = ~...`, `st.planets.append(...)`
WRITES = re.compile(
    r"\.ships\[[^]]*\]\s*[-+*]?=[^=]|\.ships\s*[-+]?=[^=]|\.system\s*[-+]?=[^=]"
    r"|\.planets\.(append|extend|insert)\("
)


def test_only_the_index_writes_ships_on_planets_or_adds_or_destroys_planets() -> None:
    """Any other would leave the table's index stale (runtime/rules/systems.py)."""
    found = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for folder in ("runtime", "compiler")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if path != ROOT / "runtime" / "rules" / "systems.py"
        for n, line in enumerate(path.read_text().splitlines(), start=1)
        if WRITES.search(line)
    ]
    assert found == []
