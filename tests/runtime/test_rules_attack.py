"""Encounter resolution, attack against attack: the higher total wins with allies' ships counted,
a tie goes to the defense, allies collect rewards, ships of others on the target planet stay out
of the encounter, reinforcements add to the side they are played for."""

from __future__ import annotations

from engine_kit import (
    Recorder,
    deal,
    events,
    expect,
    hand,
    home,
    labels,
    last_encounter,
    new_game,
    planet,
    set_ships,
    ships_of,
    stack,
    stack_destiny,
)

from runtime.cards import CardSet
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.rules.turn import play_turn

RED, BLUE, PURPLE, YELLOW = 0, 1, 2, 3


def four_player_attack(cards: CardSet, rules: Rules, defense_card: str) -> tuple[Game, Recorder]:
    """Red attacks blue planet 1 with 3 ships and attack 10, purple allies with red (2 ships),
    yellow with blue (4 ships); blue has 4 ships there. Yellow starts with one ship in the warp."""
    game, agent = new_game(cards, rules, 4)
    deal(
        game,
        {
            RED: ["attack 10", "attack 04"],
            BLUE: [defense_card, "Negotiate"],
            PURPLE: ["attack 05"],
            YELLOW: ["attack 01"],
        },
    )
    set_ships(game, YELLOW, home("yellow", [4, 4, 4, 4, 3]), warp=1)
    stack_destiny(game, "blue")
    expect(
        agent,
        (RED, "launch.planet", "blue planet 1"),
        (RED, "launch.ships", ("red planet 1", "red planet 1", "red planet 2")),
        (RED, "alliance.invite", ("purple",)),
        (BLUE, "alliance.invite", ("yellow",)),
        (PURPLE, "alliance.join", "offense"),
        (PURPLE, "alliance.ships", ("purple planet 1", "purple planet 1")),
        (YELLOW, "alliance.join", "defense"),
        (YELLOW, "alliance.ships", ("yellow planet 2",) * 2 + ("yellow planet 3",) * 2),
        (RED, "planning.select", "attack 10"),
        (BLUE, "planning.select", defense_card),
    )
    return game, agent


def test_offense_wins_on_higher_total_with_allies_counted(cards: CardSet, rules: Rules) -> None:
    game, agent = four_player_attack(cards, rules, "attack 06")
    play_turn(game, encounters=1)
    assert agent.script == []
    # offense 10 + 3 + 2 (purple) = 15, defense 6 + 4 + 4 (yellow) = 14
    assert events(game, "totals") == [(15, 14)]
    assert last_encounter(game).outcome == "offense"
    assert ships_of(game, RED) == {**home("red", [2, 3, 4, 4, 4]), "blue planet 1": 3}
    assert ships_of(game, PURPLE) == {**home("purple", [2, 4, 4, 4, 4]), "blue planet 1": 2}
    assert ships_of(game, BLUE) == home("blue", [0, 4, 4, 4, 4])
    assert ships_of(game, YELLOW) == home("yellow", [4, 2, 2, 4, 3])
    assert [p.warp for p in game.state.players] == [0, 4, 0, 5]
    target = planet(game, "blue planet 1")
    assert events(game, "colony") == [(RED, target), (PURPLE, target)]
    assert [game.state.foreign_colonies(s) for s in range(4)] == [1, 0, 1, 0]
    # the losing defensive ally collects nothing
    assert hand(game, YELLOW) == ["attack 01"]
    assert events(game, "reward") == []
    assert hand(game, RED) == ["attack 04"]
    assert sorted(labels(game, game.state.discard[-2:])) == ["attack 06", "attack 10"]


def test_tie_goes_to_the_defense_and_allies_collect_rewards(cards: CardSet, rules: Rules) -> None:
    game, agent = four_player_attack(cards, rules, "attack 07")
    stack(game, ["attack 12", "attack 13", "attack 14"])
    expect(
        agent,
        (YELLOW, "rewards.ships", "1"),
        (YELLOW, "ships.place", "yellow planet 5"),  # the ship from the warp
        (YELLOW, "ships.place", "yellow planet 4"),  # the four committed ships go home
    )
    play_turn(game, encounters=1)
    assert agent.script == []
    assert events(game, "totals") == [(15, 15)]
    enc = last_encounter(game)
    assert enc.outcome == "defense"
    assert not enc.success
    assert ships_of(game, RED) == home("red", [2, 3, 4, 4, 4])
    assert ships_of(game, PURPLE) == home("purple", [2, 4, 4, 4, 4])
    assert ships_of(game, BLUE) == home("blue", [4, 4, 4, 4, 4])
    assert ships_of(game, YELLOW) == home("yellow", [4, 2, 2, 8, 4])
    assert [p.warp for p in game.state.players] == [3, 0, 2, 0]
    # four ships committed: one ship back from the warp and three cards
    assert events(game, "reward") == [(YELLOW, 3, 1)]
    assert hand(game, YELLOW) == ["attack 01", "attack 12", "attack 13", "attack 14"]
    assert events(game, "colony") == []
    offered = agent.of_kind("rewards.ships")[0]
    assert offered.labels == ["0", "1"]  # no more ships than the warp holds


def test_defensive_ally_may_take_every_reward_as_cards(cards: CardSet, rules: Rules) -> None:
    game, agent = four_player_attack(cards, rules, "attack 30")
    stack(game, ["attack 12", "attack 13", "attack 14", "attack 15"])
    expect(
        agent,
        (YELLOW, "rewards.ships", "0"),
        (YELLOW, "ships.place", "yellow planet 2"),
    )
    play_turn(game, encounters=1)
    assert agent.script == []
    assert events(game, "totals") == [(15, 38)]
    assert ships_of(game, YELLOW) == home("yellow", [4, 6, 2, 4, 3])
    assert game.state.players[YELLOW].warp == 1
    assert hand(game, YELLOW) == ["attack 01", "attack 12", "attack 13", "attack 14", "attack 15"]


def test_other_colonies_on_the_target_planet_are_not_in_the_encounter(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = new_game(cards, rules, 4)
    deal(game, {RED: ["attack 06", "attack 04"], BLUE: ["attack 05", "attack 01"]})
    set_ships(game, YELLOW, {**home("yellow", [4, 4, 4, 4, 2]), "blue planet 1": 2})
    set_ships(game, BLUE, home("blue", [1, 4, 4, 4, 4]))
    stack_destiny(game, "blue")
    expect(
        agent,
        (RED, "launch.planet", "blue planet 1"),
        (RED, "launch.ships", ("red planet 1",)),
        (RED, "alliance.invite", ()),
        (BLUE, "alliance.invite", ()),
        (RED, "planning.select", "attack 06"),
        (BLUE, "planning.select", "attack 05"),
    )
    play_turn(game, encounters=1)
    assert agent.script == []
    assert events(game, "totals") == [(7, 6)]  # yellow's 2 ships there do not defend
    assert game.state.planets[planet(game, "blue planet 1")].ships == [1, 0, 0, 2]
    assert [p.warp for p in game.state.players] == [0, 1, 0, 0]


def test_reinforcements_add_to_the_chosen_side_total(cards: CardSet, rules: Rules) -> None:
    game, agent = new_game(cards, rules, 3)
    deal(
        game,
        {
            RED: ["attack 10", "Reinforcement +3"],
            BLUE: ["attack 12", "Reinforcement +5"],
            PURPLE: ["Reinforcement +2"],  # not in the encounter: never asked
        },
    )
    stack_destiny(game, "blue")
    expect(
        agent,
        (RED, "launch.planet", "blue planet 1"),
        (RED, "launch.ships", ("red planet 1", "red planet 1", "red planet 2")),
        (RED, "alliance.invite", ()),
        (BLUE, "alliance.invite", ()),
        (RED, "card.play", "Reinforcement +3"),
        (RED, "effect.side", "the offense"),
        (BLUE, "card.play", "Reinforcement +5"),
        (BLUE, "effect.side", "the offense"),  # either side: blue helps red
    )
    play_turn(game, encounters=1)
    assert agent.script == []
    assert PURPLE not in [a.player for a in agent.asked]
    # 10 + 3 ships + 3 + 5 against 12 + 4 ships
    assert events(game, "totals") == [(21, 16)]
    assert last_encounter(game).outcome == "offense"
    assert hand(game, PURPLE) == ["Reinforcement +2"]
    assert hand(game, RED) == []
    assert sorted(labels(game, game.state.discard)) == [
        "Reinforcement +3",
        "Reinforcement +5",
        "attack 10",
        "attack 12",
    ]
