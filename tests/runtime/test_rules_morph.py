"""Encounter resolution with a morph: it copies the opposing card (an attack's value, a
negotiate), and morph against morph sends every ship in the encounter to the warp."""

from __future__ import annotations

import pytest
from engine_kit import (
    deal,
    events,
    expect,
    home,
    last_encounter,
    new_game,
    planet,
    set_ships,
    ships_of,
    stack_destiny,
    with_copies,
)

from runtime.cards import CardSet
from runtime.effects.link import Rules
from runtime.rules.turn import play_turn

RED, BLUE, PURPLE, YELLOW = 0, 1, 2, 3


def test_morph_copies_the_opposing_attack_value(cards: CardSet, rules: Rules) -> None:
    game, agent = new_game(cards, rules, 3)
    deal(game, {RED: ["Morph", "attack 30"], BLUE: ["attack 08", "attack 04"]})
    set_ships(game, BLUE, home("blue", [3, 4, 4, 4, 4]))
    stack_destiny(game, "blue")
    expect(
        agent,
        (RED, "launch.planet", "blue planet 1"),
        (RED, "launch.ships", ("red planet 1",) * 2 + ("red planet 2",) * 2),
        (RED, "alliance.invite", ()),
        (BLUE, "alliance.invite", ()),
        (RED, "planning.select", "Morph"),
        (BLUE, "planning.select", "attack 08"),
    )
    play_turn(game, encounters=1)
    assert agent.script == []
    enc = last_encounter(game)
    assert enc.types == ["attack", "attack"]
    assert enc.values == [8, 8]
    assert events(game, "totals") == [(12, 11)]  # 8 + 4 ships against 8 + 3 ships
    assert enc.outcome == "offense"
    assert ships_of(game, RED) == {**home("red", [2, 2, 4, 4, 4]), "blue planet 1": 4}
    assert game.state.players[BLUE].warp == 3


def test_morph_against_negotiate_becomes_a_negotiate(cards: CardSet, rules: Rules) -> None:
    game, agent = new_game(cards, rules, 3)
    deal(game, {RED: ["Negotiate", "attack 30"], BLUE: ["Morph", "attack 04"]})
    stack_destiny(game, "blue")
    expect(
        agent,
        (RED, "launch.planet", "blue planet 1"),
        (RED, "launch.ships", ("red planet 1", "red planet 1")),
        (RED, "alliance.invite", ()),
        (BLUE, "alliance.invite", ()),
        (RED, "planning.select", "Negotiate"),
        (BLUE, "planning.select", "Morph"),
        (RED, "deal.offer", "propose terms"),
        (RED, "deal.colonies", "the offense gets a colony"),
        (RED, "deal.offense_cards", "0"),
        (RED, "deal.defense_cards", "0"),
        (BLUE, "deal.accept", "yes"),
        (RED, "deal.colony", "blue planet 4"),
    )
    play_turn(game, encounters=1)
    assert agent.script == []
    enc = last_encounter(game)
    assert enc.types == ["negotiate", "negotiate"]
    assert (enc.outcome, enc.deal_made) == ("deal", True)
    assert ships_of(game, RED) == {**home("red", [2, 4, 4, 4, 4]), "blue planet 4": 2}
    assert [p.warp for p in game.state.players] == [0, 0, 0]


@pytest.mark.slow
def test_morph_against_morph_sends_every_ship_in_the_encounter_to_the_warp(
    cards: CardSet,
) -> None:
    two_morphs = with_copies(cards, "morph", 2)
    game, agent = new_game(two_morphs, Rules(two_morphs), 4)
    deal(
        game,
        {
            RED: ["Morph", "attack 30"],
            BLUE: ["Morph", "attack 04"],
            PURPLE: ["attack 05"],
            YELLOW: ["attack 06"],
        },
    )
    stack_destiny(game, "blue")
    expect(
        agent,
        (RED, "launch.planet", "blue planet 1"),
        (RED, "launch.ships", ("red planet 1", "red planet 1", "red planet 2")),
        (RED, "alliance.invite", ("purple", "yellow")),
        (BLUE, "alliance.invite", ("yellow",)),
        (PURPLE, "alliance.join", "offense"),
        (PURPLE, "alliance.ships", ("purple planet 1", "purple planet 1")),
        (YELLOW, "alliance.join", "defense"),
        (YELLOW, "alliance.ships", ("yellow planet 1",)),
        (RED, "planning.select", "Morph"),
        (BLUE, "planning.select", "Morph"),
    )
    play_turn(game, encounters=1)
    assert agent.script == []
    enc = last_encounter(game)
    assert (enc.outcome, enc.success) == ("both lose", False)
    assert [p.warp for p in game.state.players] == [3, 4, 2, 1]
    assert game.state.planets[planet(game, "blue planet 1")].ships == [0, 0, 0, 0]
    assert ships_of(game, RED) == home("red", [2, 3, 4, 4, 4])
    assert ships_of(game, YELLOW) == home("yellow", [3, 4, 4, 4, 4])
    assert events(game, "colony") == []
    assert events(game, "reward") == []
    assert events(game, "compensation") == []
