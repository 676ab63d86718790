"""Places and cards an event or the encounter names: 'that planet' is where the ships of a
ships.to_warp event stand (or the planet of a colony event), and 'the destiny card' is the one
drawn this encounter, which may be tested for its kind ('a wild destiny card')."""

from __future__ import annotations

import pytest

from compiler.pipeline.parser import parser
from compiler.pipeline.resolve import Resolver
from runtime.cards import CardSet
from runtime.effects.link import Rules
from runtime.rules.ships import ShipsEvent
from tests.runtime.engine_kit import new_game
from tests.runtime.test_effect_meaning import run
from tests.runtime.test_ships_outside_encounter import attack_blue

RED, BLUE = 0, 1


def test_that_planet_is_where_the_ships_going_to_the_warp_stand(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules)
    st = game.state
    blue_planet = next(p.id for p in st.planets if p.system == BLUE and p.ships[BLUE])
    st.players[RED].warp = 2
    event = ShipsEvent(BLUE, {blue_planet: 1})
    assert event.planet == blue_planet
    run(game, "move 1 of your ships from the warp to that planet", RED, "ships.to_warp", event)
    assert st.planets[blue_planet].ships[RED] == 1
    assert st.players[RED].warp == 1


def test_that_planet_moves_nothing_when_the_ships_are_on_no_planet(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules)
    st = game.state
    st.players[RED].warp = 2
    event = ShipsEvent(BLUE, {"gate": 1})
    assert event.planet == -1
    run(game, "move 1 of your ships from the warp to that planet", RED, "ships.to_warp", event)
    assert st.players[RED].warp == 2


def test_that_planet_needs_an_event() -> None:
    text = "move 1 of your ships from the warp to that planet"
    r = Resolver("planning.start", text)
    r.effect(parser().effect(text))
    assert r.errors and "that planet" in r.errors[0].message


@pytest.mark.parametrize(("kind", "wild"), [("wild", 1), ("color", 0)])
def test_the_destiny_card_is_tested_for_its_kind(
    cards: CardSet, rules: Rules, kind: str, wild: int
) -> None:
    game, _ = new_game(cards, rules)
    attack_blue(game)
    st = game.state
    assert st.encounter is not None
    st.encounter.destiny = next(i for i, d in enumerate(game.defs) if d.type == kind)
    st.players[RED].tokens["markers"] = 0
    run(game, "if the destiny card is a wild destiny card:\n  add 1 to your markers", RED)
    assert st.players[RED].tokens["markers"] == wild
