"""The turn: second encounters, replacing hands without encounter cards, launching and alliances."""

from __future__ import annotations

import pytest
from engine_kit import (
    Recorder,
    deal,
    events,
    expect,
    hand,
    home,
    labels,
    new_game,
    set_ships,
    ships_of,
    stack,
    stack_destiny,
)

from runtime.cards import CardSet
from runtime.decisions import IllegalAnswer
from runtime.effects.link import Rules
from runtime.rules.turn import play_turn, run_encounter, wants_another

RED, BLUE, PURPLE, YELLOW, GREEN = 0, 1, 2, 3, 4


def one_ship_encounter(
    agent: Recorder, defense: str, planet: str, source: str, card: str, against: str
) -> None:
    """Script an encounter of red's with one ship and no allies (3 players)."""
    seat = {"blue": BLUE, "purple": PURPLE}[defense]
    expect(
        agent,
        (RED, "launch.planet", planet),
        (RED, "launch.ships", (source,)),
        (RED, "alliance.invite", ()),
        (seat, "alliance.invite", ()),
        (RED, "planning.select", card),
        (seat, "planning.select", against),
    )


# ---------------------------------------------------------------- second encounters


def test_a_win_allows_one_more_encounter_and_no_third(cards: CardSet, rules: Rules) -> None:
    game, agent = new_game(cards, rules, 3)
    deal(
        game,
        {
            RED: ["attack 30", "attack 20", "attack 04"],
            BLUE: ["attack 01", "attack 05"],
            PURPLE: ["attack 00", "attack 06"],
        },
    )
    stack_destiny(game, "blue", "purple")
    one_ship_encounter(agent, "blue", "blue planet 1", "red planet 1", "attack 30", "attack 01")
    expect(agent, (RED, "encounter.another", "yes"))
    one_ship_encounter(agent, "purple", "purple planet 1", "red planet 2", "attack 20", "attack 00")
    play_turn(game)
    assert agent.script == []
    assert game.state.encounters_this_turn == 2
    assert len(agent.of_kind("encounter.another")) == 1  # still holding attack 04, yet no third
    assert hand(game, RED) == ["attack 04"]
    assert ships_of(game, RED) == {
        **home("red", [3, 3, 4, 4, 4]),
        "blue planet 1": 1,
        "purple planet 1": 1,
    }
    assert game.state.foreign_colonies(RED) == 2


def test_a_loss_ends_the_turn(cards: CardSet, rules: Rules) -> None:
    game, agent = new_game(cards, rules, 3)
    deal(game, {RED: ["attack 04", "attack 30"], BLUE: ["attack 20", "attack 05"]})
    stack_destiny(game, "blue")
    one_ship_encounter(agent, "blue", "blue planet 1", "red planet 1", "attack 04", "attack 20")
    play_turn(game)
    assert agent.script == []
    assert game.state.encounters_this_turn == 1
    assert agent.of_kind("encounter.another") == []
    assert game.state.players[RED].warp == 1


def test_a_deal_allows_another_encounter_which_may_be_declined(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = new_game(cards, rules, 3)
    deal(game, {RED: ["Negotiate", "attack 30"], BLUE: ["Negotiate", "attack 05"]})
    stack_destiny(game, "blue")
    one_ship_encounter(agent, "blue", "blue planet 1", "red planet 1", "Negotiate", "Negotiate")
    expect(
        agent,
        (RED, "deal.offer", "propose terms"),
        (RED, "deal.colonies", "the offense gets a colony"),
        (RED, "deal.offense_cards", "0"),
        (RED, "deal.defense_cards", "0"),
        (BLUE, "deal.accept", "yes"),
        (RED, "deal.colony", "blue planet 2"),
        (RED, "encounter.another", "no"),
    )
    play_turn(game)
    assert agent.script == []
    assert game.state.encounters_this_turn == 1
    assert len(agent.of_kind("encounter.another")) == 1
    assert ships_of(game, RED) == {**home("red", [3, 4, 4, 4, 4]), "blue planet 2": 1}


def test_no_second_encounter_without_an_encounter_card(cards: CardSet, rules: Rules) -> None:
    game, agent = new_game(cards, rules, 3)
    deal(game, {RED: ["attack 30", "Reinforcement +2"], BLUE: ["attack 01", "attack 05"]})
    stack_destiny(game, "blue")
    expect(
        agent,
        (RED, "launch.planet", "blue planet 1"),
        (RED, "launch.ships", ("red planet 1",)),
        (RED, "alliance.invite", ()),
        (BLUE, "alliance.invite", ()),
        (BLUE, "planning.select", "attack 01"),  # red's only encounter card needs no choice
        (RED, "card.play", "pass"),  # the reinforcement may be played at the reveal
    )
    play_turn(game)
    assert agent.script == []
    assert game.last_encounter is not None and game.last_encounter.success
    assert game.state.encounters_this_turn == 1
    assert agent.of_kind("encounter.another") == []
    assert hand(game, RED) == ["Reinforcement +2"]


# ---------------------------------------------------------------- hands without encounter cards


def test_offense_without_encounter_cards_draws_a_new_hand_at_the_start_of_its_turn(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = new_game(cards, rules, 3)
    deal(game, {RED: ["Reinforcement +3"], BLUE: ["attack 00", "attack 01"]})
    fresh = [f"attack {v:02d}" for v in (4, 5, 6, 7, 8, 9, 10, 11)]
    stack(game, fresh)
    stack_destiny(game, "blue")
    one_ship_encounter(agent, "blue", "blue planet 1", "red planet 1", "attack 11", "attack 00")
    play_turn(game, encounters=1)
    assert agent.script == []
    assert events(game, "new_hand") == [(RED, 8)]
    assert labels(game, game.state.discard[:1]) == ["Reinforcement +3"]
    assert hand(game, RED) == sorted(fresh[:-1])


def test_defense_without_encounter_cards_draws_a_new_hand_at_planning(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = new_game(cards, rules, 3)
    deal(game, {RED: ["attack 10", "attack 04"], BLUE: ["Reinforcement +2", "Reinforcement +5"]})
    fresh = [f"attack {v:02d}" for v in (12, 13, 14, 15, 20, 23, 30, 40)]
    stack(game, fresh)
    stack_destiny(game, "blue")
    one_ship_encounter(agent, "blue", "blue planet 1", "red planet 1", "attack 10", "attack 15")
    play_turn(game, encounters=1)
    assert agent.script == []
    assert events(game, "new_hand") == [(BLUE, 8)]
    assert sorted(labels(game, game.state.discard[:2])) == ["Reinforcement +2", "Reinforcement +5"]
    assert hand(game, BLUE) == sorted(c for c in fresh if c != "attack 15")
    assert game.last_encounter is not None and game.last_encounter.outcome == "defense"


def test_offense_without_encounter_cards_at_planning_ends_its_turn(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = new_game(cards, rules, 3)
    deal(game, {RED: ["Reinforcement +2"], BLUE: ["Reinforcement +3"]})
    stack_destiny(game, "blue")
    expect(
        agent,
        (RED, "launch.planet", "blue planet 1"),
        (RED, "launch.ships", ("red planet 1", "red planet 1")),
        (RED, "alliance.invite", ()),
        (BLUE, "alliance.invite", ()),
        (RED, "ships.place", "red planet 3"),  # the gate ships go home
    )
    game.state.turn = 1
    enc = run_encounter(game, 1)
    assert agent.script == []
    assert enc.marks.get("turn over") is True
    assert enc.cards == [None, None]
    assert not wants_another(game, enc)
    assert ships_of(game, RED) == home("red", [2, 4, 6, 4, 4])
    assert hand(game, RED) == ["Reinforcement +2"]
    assert hand(game, BLUE) == ["Reinforcement +3"]  # the defense was never asked to plan
    assert events(game, "new_hand") == []


# ---------------------------------------------------------------- launch


def test_launch_offers_only_the_defense_planets_and_ships_from_any_colony(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = new_game(cards, rules, 3)
    deal(game, {RED: ["attack 40", "attack 04"], BLUE: ["attack 00", "attack 01"]})
    set_ships(game, RED, {**home("red", [4, 4, 4, 4, 2]), "purple planet 4": 2})
    stack_destiny(game, "blue")
    expect(
        agent,
        (RED, "launch.planet", "blue planet 5"),
        (RED, "launch.ships", ("purple planet 4", "purple planet 4", "red planet 5")),
        (RED, "alliance.invite", ()),
        (BLUE, "alliance.invite", ()),
        (RED, "planning.select", "attack 40"),
        (BLUE, "planning.select", "attack 00"),
    )
    play_turn(game, encounters=1)
    assert agent.script == []
    aim = agent.of_kind("launch.planet")[0]
    assert aim.labels == [f"blue planet {i}" for i in range(1, 6)]
    launch = agent.of_kind("launch.ships")[0]
    assert launch.labels == [*(f"red planet {i}" for i in range(1, 6)), "purple planet 4"]
    assert (launch.minimum, launch.maximum) == (1, 4)
    assert ships_of(game, RED) == {**home("red", [4, 4, 4, 4, 1]), "blue planet 5": 3}
    assert game.state.foreign_colonies(RED) == 1  # purple planet 4 was emptied


@pytest.mark.parametrize(
    ("kind", "answer"),
    [
        ("launch.planet", "purple planet 1"),
        ("launch.ships", ("red planet 1",) * 5),
        ("launch.ships", ()),
    ],
)
def test_launch_refuses_other_systems_and_bad_ship_counts(
    cards: CardSet, rules: Rules, kind: str, answer: str | tuple[str, ...]
) -> None:
    game, agent = new_game(cards, rules, 3)
    deal(game, {RED: ["attack 40"], BLUE: ["attack 00"]})
    stack_destiny(game, "blue")
    if kind == "launch.ships":
        expect(agent, (RED, "launch.planet", "blue planet 1"))
    expect(agent, (RED, kind, answer))
    with pytest.raises(IllegalAnswer):
        play_turn(game, encounters=1)


# ---------------------------------------------------------------- alliances


def test_invited_players_answer_clockwise_from_the_offense_left(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = new_game(cards, rules, 5, first=BLUE)
    deal(
        game,
        {BLUE: ["attack 20", "attack 04"], YELLOW: ["attack 04", "attack 05"]},
    )
    stack_destiny(game, "yellow")
    expect(
        agent,
        (BLUE, "launch.planet", "yellow planet 2"),
        (BLUE, "launch.ships", ("blue planet 1", "blue planet 1")),
        (BLUE, "alliance.invite", ("purple", "red")),
        (YELLOW, "alliance.invite", ("green", "red")),
        (PURPLE, "alliance.join", "offense"),
        (PURPLE, "alliance.ships", ("purple planet 1",) * 4),
        (GREEN, "alliance.join", "neither"),
        (RED, "alliance.join", "defense"),
        (RED, "alliance.ships", ("red planet 3",)),
        (BLUE, "planning.select", "attack 20"),
        (YELLOW, "planning.select", "attack 04"),
    )
    play_turn(game, encounters=1)
    assert agent.script == []
    invites = agent.of_kind("alliance.invite")
    assert [a.labels for a in invites] == [
        ["purple (no alien)", "green (no alien)", "red (no alien)"]
    ] * 2
    joins = agent.of_kind("alliance.join")
    assert [(a.player, a.labels) for a in joins] == [
        (PURPLE, ["neither", "offense"]),
        (GREEN, ["neither", "defense"]),
        (RED, ["neither", "offense", "defense"]),
    ]
    commit = agent.of_kind("alliance.ships")[0]
    assert (commit.minimum, commit.maximum) == (1, 4)
    enc = game.last_encounter
    assert enc is not None
    assert enc.allies == [[PURPLE], [RED]]
    assert events(game, "decline") == [(GREEN,)]
    # 20 + 2 + 4 (purple) against 4 + 4 + 1 (red)
    assert events(game, "totals") == [(26, 9)]
    assert ships_of(game, PURPLE) == {**home("purple", [0, 4, 4, 4, 4]), "yellow planet 2": 4}
    assert ships_of(game, RED) == home("red", [4, 4, 3, 4, 4])
    assert [p.warp for p in game.state.players] == [1, 0, 0, 4, 0]
    assert ships_of(game, GREEN) == home("green", [4, 4, 4, 4, 4])


def test_only_invited_players_may_ally(cards: CardSet, rules: Rules) -> None:
    game, agent = new_game(cards, rules, 4)
    deal(game, {RED: ["attack 20", "attack 04"], BLUE: ["attack 04", "attack 05"]})
    stack_destiny(game, "blue")
    expect(
        agent,
        (RED, "launch.planet", "blue planet 1"),
        (RED, "launch.ships", ("red planet 1",)),
        (RED, "alliance.invite", ()),
        (BLUE, "alliance.invite", ("purple",)),
        (PURPLE, "alliance.join", "neither"),
        (RED, "planning.select", "attack 20"),
        (BLUE, "planning.select", "attack 05"),
    )
    play_turn(game, encounters=1)
    assert agent.script == []
    assert YELLOW not in [a.player for a in agent.asked]
    enc = game.last_encounter
    assert enc is not None
    assert enc.allies == [[], []]
    assert events(game, "totals") == [(21, 9)]


def test_a_once_per_turn_limit_starts_again_each_turn(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules)
    dispatch = game.dispatch
    game.state.turn = 1
    dispatch.add_use("turn", "pirate:Raid:0")
    dispatch.add_use("game", "witch:Curse:0")
    assert dispatch.used("turn", "pirate:Raid:0") == 1
    game.state.turn = 2
    assert dispatch.used("turn", "pirate:Raid:0") == 0
    assert dispatch.used("game", "witch:Curse:0") == 1
