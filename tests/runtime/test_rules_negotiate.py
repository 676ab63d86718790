"""Encounter resolution with a negotiate: attack against negotiate (the attack wins, the
negotiator takes compensation), and negotiate against negotiate (a deal of colonies and cards,
or no deal and three ships lost by each main player)."""

from __future__ import annotations

from engine_kit import (
    Recorder,
    deal,
    events,
    expect,
    hand,
    home,
    last_encounter,
    new_game,
    planet,
    ships_of,
    stack_destiny,
)

from runtime.cards import CardSet
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.rules.turn import play_turn

RED, BLUE, PURPLE, YELLOW = 0, 1, 2, 3


# ---------------------------------------------------------------- attack against negotiate


def attack_on_negotiate(cards: CardSet, rules: Rules, red_hand: list[str]) -> tuple[Game, Recorder]:
    """Red attacks blue planet 1 with 1 ship and attack 00 against blue's negotiate; purple
    defends beside blue with 2 ships."""
    game, agent = new_game(cards, rules, 3)
    deal(game, {RED: red_hand, BLUE: ["Negotiate", "attack 01"], PURPLE: ["attack 11"]})
    stack_destiny(game, "blue")
    expect(
        agent,
        (RED, "launch.planet", "blue planet 1"),
        (RED, "launch.ships", ("red planet 1",)),
        (RED, "alliance.invite", ()),
        (BLUE, "alliance.invite", ("purple",)),
        (PURPLE, "alliance.join", "defense"),
        (PURPLE, "alliance.ships", ("purple planet 1", "purple planet 1")),
        (RED, "planning.select", "attack 00"),
        (BLUE, "planning.select", "Negotiate"),
    )
    return game, agent


def test_attack_beats_negotiate_and_the_loser_takes_compensation(
    cards: CardSet, rules: Rules
) -> None:
    rest = ["attack 04", "attack 05", "attack 06", "attack 07", "attack 08", "attack 09"]
    game, agent = attack_on_negotiate(cards, rules, ["attack 00", *rest])
    play_turn(game, encounters=1)
    assert agent.script == []
    assert last_encounter(game).outcome == "offense"
    assert events(game, "totals") == []  # totals do not matter against a negotiate
    assert ships_of(game, RED) == {**home("red", [3, 4, 4, 4, 4]), "blue planet 1": 1}
    assert ships_of(game, BLUE) == home("blue", [0, 4, 4, 4, 4])
    assert ships_of(game, PURPLE) == home("purple", [2, 4, 4, 4, 4])
    assert [p.warp for p in game.state.players] == [0, 4, 2]
    # blue lost 4 ships of its own: 4 random cards from red's 6; purple's 2 do not count
    assert events(game, "compensation") == [(BLUE, RED, 4)]
    assert len(game.state.players[RED].hand) == 2
    taken = [c for c in hand(game, BLUE) if c != "attack 01"]
    assert len(taken) == 4
    assert sorted(hand(game, RED) + taken) == rest
    assert hand(game, PURPLE) == ["attack 11"]
    assert events(game, "reward") == []


def test_compensation_takes_the_whole_hand_when_it_is_short(cards: CardSet, rules: Rules) -> None:
    game, agent = attack_on_negotiate(cards, rules, ["attack 00", "attack 04", "attack 05"])
    play_turn(game, encounters=1)
    assert agent.script == []
    assert events(game, "compensation") == [(BLUE, RED, 2)]
    assert hand(game, RED) == []
    assert hand(game, BLUE) == ["attack 01", "attack 04", "attack 05"]


def test_negotiating_offense_loses_and_counts_only_its_own_ships(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = new_game(cards, rules, 3)
    blue_rest = ["attack 06", "attack 08", "attack 09", "attack 10", "attack 11", "attack 12"]
    deal(
        game,
        {RED: ["Negotiate", "attack 04"], BLUE: ["attack 01", *blue_rest], PURPLE: ["attack 13"]},
    )
    stack_destiny(game, "blue")
    expect(
        agent,
        (RED, "launch.planet", "blue planet 2"),
        (RED, "launch.ships", ("red planet 1", "red planet 1", "red planet 2")),
        (RED, "alliance.invite", ("purple",)),
        (BLUE, "alliance.invite", ()),
        (PURPLE, "alliance.join", "offense"),
        (PURPLE, "alliance.ships", ("purple planet 3", "purple planet 3")),
        (RED, "planning.select", "Negotiate"),
        (BLUE, "planning.select", "attack 01"),
    )
    play_turn(game, encounters=1)
    assert agent.script == []
    assert last_encounter(game).outcome == "defense"
    assert [p.warp for p in game.state.players] == [3, 0, 2]
    assert ships_of(game, BLUE) == home("blue", [4, 4, 4, 4, 4])
    assert events(game, "compensation") == [(RED, BLUE, 3)]
    taken = [c for c in hand(game, RED) if c != "attack 04"]
    assert len(taken) == 3
    assert sorted(hand(game, BLUE) + taken) == blue_rest
    assert hand(game, PURPLE) == ["attack 13"]


# ---------------------------------------------------------------- negotiate against negotiate


def both_negotiate(cards: CardSet, rules: Rules) -> tuple[Game, Recorder]:
    """Red (3 ships, purple allied with 2) and blue both reveal a negotiate."""
    game, agent = new_game(cards, rules, 3)
    deal(
        game,
        {
            RED: ["Negotiate", "attack 04"],
            BLUE: ["Negotiate", "attack 30", "attack 05"],
            PURPLE: ["attack 11"],
        },
    )
    stack_destiny(game, "blue")
    expect(
        agent,
        (RED, "launch.planet", "blue planet 1"),
        (RED, "launch.ships", ("red planet 1", "red planet 1", "red planet 2")),
        (RED, "alliance.invite", ("purple",)),
        (BLUE, "alliance.invite", ()),
        (PURPLE, "alliance.join", "offense"),
        (PURPLE, "alliance.ships", ("purple planet 1", "purple planet 1")),
        (RED, "planning.select", "Negotiate"),
        (BLUE, "planning.select", "Negotiate"),
        (PURPLE, "ships.place", "purple planet 2"),  # allies go home before any deal
    )
    return game, agent


def test_deal_gives_the_offense_a_colony_and_a_card(cards: CardSet, rules: Rules) -> None:
    game, agent = both_negotiate(cards, rules)
    expect(
        agent,
        (RED, "deal.offer", "propose terms"),
        (RED, "deal.colonies", "the offense gets a colony"),
        (RED, "deal.offense_cards", "0"),
        (RED, "deal.defense_cards", "1"),
        (BLUE, "deal.accept", "yes"),
        (BLUE, "deal.cards", "attack 30"),
        (RED, "deal.colony", "blue planet 3"),
    )
    play_turn(game, encounters=1)
    assert agent.script == []
    enc = last_encounter(game)
    assert (enc.outcome, enc.deal_made, enc.success) == ("deal", True, True)
    assert ships_of(game, RED) == {**home("red", [2, 3, 4, 4, 4]), "blue planet 3": 3}
    assert ships_of(game, BLUE) == home("blue", [4, 4, 4, 4, 4])
    assert ships_of(game, PURPLE) == home("purple", [2, 6, 4, 4, 4])
    assert [p.warp for p in game.state.players] == [0, 0, 0]
    assert hand(game, RED) == ["attack 04", "attack 30"]
    assert hand(game, BLUE) == ["attack 05"]
    assert hand(game, PURPLE) == ["attack 11"]
    assert events(game, "colony") == [(RED, planet(game, "blue planet 3"))]


def test_deal_gives_the_defense_a_colony_from_its_own_ships(cards: CardSet, rules: Rules) -> None:
    game, agent = both_negotiate(cards, rules)
    expect(
        agent,
        (RED, "deal.offer", "make no offer"),
        (BLUE, "deal.offer", "propose terms"),
        (BLUE, "deal.colonies", "the defense gets a colony"),
        (BLUE, "deal.offense_cards", "1"),
        (BLUE, "deal.defense_cards", "0"),
        (RED, "deal.accept", "yes"),
        (BLUE, "deal.colony", "red planet 2"),
        (BLUE, "deal.colony_ships", ("blue planet 2", "blue planet 2")),
        (RED, "ships.place", "red planet 1"),  # the gate ships go home
    )
    play_turn(game, encounters=1)
    assert agent.script == []
    assert last_encounter(game).success
    assert ships_of(game, RED) == home("red", [5, 3, 4, 4, 4])
    assert ships_of(game, BLUE) == {**home("blue", [4, 2, 4, 4, 4]), "red planet 2": 2}
    assert hand(game, RED) == []
    assert hand(game, BLUE) == ["attack 04", "attack 05", "attack 30"]
    assert [p.warp for p in game.state.players] == [0, 0, 0]


def test_an_offer_asks_for_any_number_of_cards_and_is_never_empty(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = both_negotiate(cards, rules)
    expect(
        agent,
        (RED, "deal.offer", "propose terms"),
        (RED, "deal.colonies", "no colonies"),
        (RED, "deal.offense_cards", "0"),
        (RED, "deal.defense_cards", "2"),
        (BLUE, "deal.accept", "yes"),
        (BLUE, "deal.cards", ("attack 30", "attack 05")),
        (RED, "ships.place", "red planet 1"),
    )
    play_turn(game, encounters=1)
    assert agent.script == []
    # blue's whole hand may be asked for; with nothing else offered, "0" is no longer an answer
    assert agent.of_kind("deal.offense_cards")[0].labels == ["0", "1"]
    assert agent.of_kind("deal.defense_cards")[0].labels == ["1", "2"]
    assert hand(game, RED) == ["attack 04", "attack 05", "attack 30"]
    assert hand(game, BLUE) == []


def test_no_deal_costs_each_main_player_three_ships(cards: CardSet, rules: Rules) -> None:
    game, agent = both_negotiate(cards, rules)
    expect(
        agent,
        (RED, "deal.offer", "make no offer"),
        (BLUE, "deal.offer", "propose terms"),
        (BLUE, "deal.colonies", "the offense gets a colony"),
        (BLUE, "deal.offense_cards", "0"),
        (BLUE, "deal.defense_cards", "0"),
        (RED, "deal.accept", "no"),
        (RED, "deal.offer", "make no offer"),
        (BLUE, "deal.offer", "make no offer"),
        (RED, "ships.place", "red planet 5"),
        (RED, "ships.lose", ("red planet 3", "red planet 3", "red planet 4")),
        (BLUE, "ships.lose", ("blue planet 1", "blue planet 1", "blue planet 1")),
    )
    play_turn(game, encounters=1)
    assert agent.script == []
    enc = last_encounter(game)
    assert (enc.outcome, enc.deal_made, enc.success) == ("no deal", False, False)
    assert ships_of(game, RED) == home("red", [2, 3, 2, 3, 7])
    assert ships_of(game, BLUE) == home("blue", [1, 4, 4, 4, 4])
    assert ships_of(game, PURPLE) == home("purple", [2, 6, 4, 4, 4])
    assert [p.warp for p in game.state.players] == [3, 3, 0]
    assert hand(game, RED) == ["attack 04"]
    assert hand(game, BLUE) == ["attack 05", "attack 30"]
