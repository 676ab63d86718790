"""Players made to ally (`enlist`) and the players a main player invited (`invited player`): the
enlisted player joins the acting main player's side with what it can spare and keeps a ship on
each colony (The Qax's scenarios show it then answers no invitation)."""

from __future__ import annotations

from compiler.pipeline.parser import parser
from compiler.pipeline.resolve import Resolver
from runtime import ir
from runtime.cards import CardSet, Hook
from runtime.effects import compile as c
from runtime.effects.context import Ctx
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.state import Encounter
from tests.runtime.engine_kit import expect, new_game, set_ships

HOOK = Hook("test-card", "Test", "power", "alliance.after_invites", ir.Seq(()))


def run(game: Game, text: str, seat: int) -> None:
    resolver = Resolver("alliance.after_invites", text)
    node = resolver.effect(parser().effect(text))
    assert not resolver.errors, [e.message for e in resolver.errors]
    c.guarded(c.statement(node))(Ctx(game, seat, HOOK))


def encounter(game: Game, players: int) -> Encounter:
    st = game.state
    planet = next(p.id for p in st.planets if p.system == 1)
    enc = Encounter(1, 0, 1, planet, players=players)
    enc.invited = [[False] * players for _ in range(2)]
    enc.ship_limit = [4] * players
    st.encounter = enc
    return enc


def test_an_enlisted_player_allies_with_the_acting_side_keeping_a_ship_on_each_colony(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = new_game(cards, rules, players=4)
    enc = encounter(game, 4)
    enc.invited[1][2] = True
    set_ships(game, 2, {"purple planet 1": 3, "purple planet 2": 1})
    expect(agent, (2, "alliance.ships", ("purple planet 1", "purple planet 1")))
    run(game, "choose an invited player\nenlist the chosen player", seat=1)
    assert enc.allies == [[], [2]]
    assert enc.guard[2] == 2
    assert game.state.planets[enc.planet].ships[1] == 4
    ships = {game.planet_name(p.id): p.ships[2] for p in game.state.planets if p.ships[2]}
    assert ships == {"purple planet 1": 1, "purple planet 2": 1}


def test_invited_players_are_those_the_acting_side_invited(cards: CardSet, rules: Rules) -> None:
    game, agent = new_game(cards, rules, players=4)
    enc = encounter(game, 4)
    enc.invited[0][3] = True  # invited by the offense only
    run(game, "enlist each invited player", seat=1)
    assert enc.allies == [[], []]
    expect(agent, (3, "alliance.ships", ("yellow planet 1",) * 3 + ("yellow planet 2",)))
    run(game, "enlist each invited player", seat=0)
    assert enc.allies == [[3], []] and enc.gate[3] == 4


def test_a_player_with_no_ship_to_spare_is_not_enlisted(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules, players=3)
    enc = encounter(game, 3)
    set_ships(game, 2, {"purple planet 1": 1, "purple planet 2": 1})
    run(game, "enlist the player on your left", seat=1)
    assert enc.allies == [[], []] and enc.guard == [0, 0, 0]
