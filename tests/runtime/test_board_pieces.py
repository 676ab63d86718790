"""Planets made and destroyed during play: a new planet joins its owner's home system (a home
planet, a target) and takes ships; a destroyed planet sends its ships to the warp, keeps its
name, is offered nowhere again and stays destroyed in a copy of the state."""

from __future__ import annotations

from compiler.pipeline.parser import parser
from compiler.pipeline.resolve import Resolver
from runtime import ir
from runtime.cards import CardSet, Hook
from runtime.effects import compile as c
from runtime.effects.context import Ctx
from runtime.effects.link import Rules
from runtime.effects.ship_places import place_planets
from runtime.game import Game
from runtime.rules.systems import add_ships
from tests.runtime.engine_kit import expect, new_game

HOOK = Hook("test-card", "Test", "power", "regroup.start", ir.Seq(()))


def run(game: Game, text: str, seat: int = 0) -> Ctx:
    resolver = Resolver("regroup.start", text)
    node = resolver.effect(parser().effect(text))
    assert not resolver.errors, [e.message for e in resolver.errors]
    ctx = Ctx(game, seat, HOOK)
    c.guarded(c.statement(node))(ctx)
    return ctx


def test_a_new_planet_is_a_home_planet_of_its_system_and_takes_ships(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = new_game(cards, rules)
    st = game.state
    before = len(st.home_planets(1))
    expect(agent, (1, "effect.move", ("blue planet 1", "blue planet 1")))
    ctx = run(
        game,
        "add a new planet to your system\nmove 2 of your ships from your colonies to the new planet",
        seat=1,
    )
    made = ctx.names["new planet"]
    assert isinstance(made, int)
    assert len(st.home_planets(1)) == before + 1
    assert game.planet_name(made) == f"blue planet {before + 1}"
    assert st.planets[made].ships[1] == 2 and st.planets[0].ships[0] == 4
    assert st.home_colonies(1) == before + 1
    assert made in place_planets(st, "home planets", 1)


def test_a_destroyed_planet_sends_its_ships_to_the_warp_and_is_offered_nowhere_again(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = new_game(cards, rules)
    st = game.state
    target = next(p.id for p in st.planets if p.system == 1)
    add_ships(game, target, 0, 1 - st.planets[target].ships[0])
    st.players[0].removed -= 1
    expect(agent, (0, "effect.planet", "blue planet 1"))
    run(game, "destroy a planet")
    planet = st.planets[target]
    assert planet.gone and planet.home == 1 and not any(planet.ships)
    assert st.players[1].warp == 4 and st.players[0].warp == 1
    assert game.planet_name(target) == "blue planet 1 (destroyed)"
    assert game.planet_name(target + 1) == "blue planet 2"
    assert target not in place_planets(st, "planets", 0)
    assert target not in place_planets(st, "home planets", 1)
    assert len(st.home_planets(1)) == 4 and st.home_colonies(1) == 4
    copy = st.copy()
    assert copy.planets[target].gone and copy.digest() == st.digest()
