"""Home colonies and alien power, victory (shared wins included) and the cosmic quake."""

from __future__ import annotations

import pytest
from engine_kit import (
    Recorder,
    deal,
    events,
    expect,
    home,
    new_game,
    pass_on_plays,
    set_ships,
    ships_of,
    stack_destiny,
    with_plain_alien,
)

from runtime.cards import CardSet
from runtime.effects.link import Rules
from runtime.game import Game, GameOver
from runtime.invariants import check
from runtime.rules import ships, victory
from runtime.rules.systems import add_ships
from runtime.rules.turn import play_turn

RED, BLUE, PURPLE, YELLOW = 0, 1, 2, 3


# ---------------------------------------------------------------- power and home colonies


@pytest.mark.slow  # plays encounters until the colonies fall
def test_power_is_lost_below_three_home_colonies_and_regained_at_three(cards: CardSet) -> None:
    plain = with_plain_alien(cards)
    game, agent = new_game(plain, Rules(plain), 3, first=BLUE, aliens=("plain", "none", "none"))
    st = game.state
    deal(game, {RED: ["attack 00", "attack 01"], BLUE: ["attack 30", "attack 04"]})
    set_ships(game, RED, home("red", [4, 4, 4, 0, 0]))
    assert st.home_colonies(RED) == 3
    assert game.has_power(RED)
    assert not game.has_power(BLUE)  # no alien, no power
    stack_destiny(game, "red", "red")

    # blue takes red planet 1: red is down to two home colonies
    expect(
        agent,
        (BLUE, "launch.planet", "red planet 1"),
        (BLUE, "launch.ships", ("blue planet 1",)),
        (BLUE, "alliance.invite", ()),
        (RED, "alliance.invite", ()),
        (BLUE, "planning.select", "attack 30"),
        (RED, "planning.select", "attack 00"),
    )
    play_turn(game, encounters=1)
    assert agent.script == []
    assert st.home_colonies(RED) == 2
    assert st.players[RED].powered is False
    assert not game.has_power(RED)
    assert events(game, "power_off") == [(RED,)]

    # red's own colour: it re-establishes red planet 4 and has its power again
    st.offense = RED
    expect(
        agent,
        (RED, "ships.place", "red planet 2"),  # the regroup ship
        (RED, "destiny.own_color", "re-establish a home colony"),
        (RED, "destiny.home_planet", "red planet 4"),
        (RED, "destiny.home_ships", ("red planet 2", "red planet 2", "red planet 3")),
    )
    play_turn(game, encounters=1)
    assert agent.script == []
    own = agent.of_kind("destiny.own_color")[0]
    assert own.labels == [
        "draw again",
        "attack a colony in your system",
        "re-establish a home colony",
    ]
    assert ships_of(game, RED) == home("red", [0, 3, 3, 3, 0])
    assert st.home_colonies(RED) == 3
    assert st.players[RED].powered is True
    assert game.has_power(RED)
    assert events(game, "power_on") == [(RED,)]


@pytest.mark.slow
def test_update_powers_follows_the_threshold_option(cards: CardSet) -> None:
    plain = with_plain_alien(cards)
    game, _ = new_game(
        plain,
        Rules(plain),
        3,
        aliens=("plain", "none", "none"),
        options={"power_threshold": 2},
    )
    st = game.state
    for p in st.planets[1:5]:
        add_ships(game, p.id, RED, -p.ships[RED])
    p0 = st.players[RED]
    p0.removed += 16
    ships.update_powers(game)
    assert (st.home_colonies(RED), p0.powered) == (1, False)
    add_ships(game, 1, RED, 1)
    p0.removed -= 1
    ships.update_powers(game)
    assert (st.home_colonies(RED), p0.powered, game.has_power(RED)) == (2, True, True)


def test_a_real_alien_loses_and_regains_its_power_with_home_colonies(
    cards: CardSet, rules: Rules
) -> None:
    if "virus" not in cards.cards:
        pytest.skip("the Virus is not in the bundled cards")
    game, agent = new_game(cards, rules, 3, aliens=("virus", "none", "none"))
    st = game.state
    assert game.has_power(RED)
    moved = 0
    for p in st.home_planets(RED)[2:]:  # empty three of red's five home planets
        moved += p.ships[RED]
        add_ships(game, p.id, RED, -p.ships[RED])
    st.players[RED].warp += moved
    ships.update_powers(game)
    check(game)
    assert (st.home_colonies(RED), game.has_power(RED)) == (2, False)
    expect(agent, (RED, "ships.place", "red planet 1"))
    ships.retrieve(game, RED, 1)  # a ship back onto an existing colony changes nothing
    assert (st.home_colonies(RED), game.has_power(RED)) == (2, False)
    add_ships(game, 2, RED, 1)
    st.players[RED].warp -= 1
    ships.update_powers(game)
    check(game)
    assert (st.home_colonies(RED), game.has_power(RED)) == (3, True)
    assert events(game, "power_off") == [(RED,)]
    assert events(game, "power_on") == [(RED,)]


# ---------------------------------------------------------------- victory


def five_colony_race(cards: CardSet, rules: Rules, purple_foreign: int) -> tuple[Game, Recorder]:
    """Red has 4 foreign colonies and purple `purple_foreign`; red attacks blue planet 1 with
    purple as its ally and wins."""
    game, agent = new_game(cards, rules, 4)
    deal(game, {RED: ["attack 40", "attack 04"], BLUE: ["attack 00", "attack 01"]})
    set_ships(
        game,
        RED,
        {
            **home("red", [4, 4, 4, 2, 2]),
            "purple planet 1": 1,
            "purple planet 2": 1,
            "yellow planet 1": 1,
            "yellow planet 2": 1,
        },
    )
    foreign = ["red planet 1", "red planet 2", "yellow planet 3", "yellow planet 4"]
    set_ships(
        game,
        PURPLE,
        {
            **home("purple", [4, 4, 4, 4, 4 - purple_foreign]),
            **dict.fromkeys(foreign[:purple_foreign], 1),
        },
    )
    stack_destiny(game, "blue")
    expect(
        agent,
        (RED, "launch.planet", "blue planet 1"),
        (RED, "launch.ships", ("red planet 1",)),
        (RED, "alliance.invite", ("purple",)),
        (BLUE, "alliance.invite", ()),
        (PURPLE, "alliance.join", "offense"),
        (PURPLE, "alliance.ships", ("purple planet 3",)),
        (RED, "planning.select", "attack 40"),
        (BLUE, "planning.select", "attack 00"),
    )
    return game, agent


def test_offense_and_ally_reaching_five_colonies_together_share_the_win(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = five_colony_race(cards, rules, 4)
    with pytest.raises(GameOver):
        play_turn(game)
    assert agent.script == []
    st = game.state
    assert st.over
    assert st.winners == [RED, PURPLE]
    assert [st.foreign_colonies(s) for s in range(4)] == [5, 0, 5, 0]
    assert events(game, "win") == [([RED, PURPLE],)]
    assert agent.of_kind("encounter.another") == []


def test_four_foreign_colonies_do_not_win(cards: CardSet, rules: Rules) -> None:
    game, agent = five_colony_race(cards, rules, 3)
    with pytest.raises(GameOver):
        play_turn(game)
    assert agent.script == []
    st = game.state
    assert [st.foreign_colonies(s) for s in range(4)] == [5, 0, 4, 0]
    assert st.winners == [RED]


def test_the_victors_need_at_least_one_foreign_colony_whatever_they_are_told_they_need(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules, 4)
    set_ships(game, RED, {**home("red", [4, 4, 4, 4, 4])})
    set_ships(game, BLUE, {**home("blue", [4, 4, 4, 4]), "red planet 1": 1})
    set_ships(game, PURPLE, {**home("purple", [4, 4, 4]), "red planet 2": 1, "blue planet 1": 1})
    assert victory.victors(game, [0, 0, 0, 5]) == [BLUE, PURPLE]  # RED has none abroad
    assert victory.victors(game, [1, 2, 2, 0]) == [PURPLE]
    assert victory.victors(game, [5, 5, 5, 5]) == []


# ---------------------------------------------------------------- cosmic quake


def test_cosmic_quake_redeals_every_hand_when_deck_and_discard_are_empty(
    cards: CardSet, rules: Rules
) -> None:
    # hands are random after the quake: pass on any card that becomes playable
    game, agent = new_game(cards, rules, 4, fallback=pass_on_plays)
    st = game.state
    deal(
        game,
        {
            RED: ["attack 04", "attack 05"],
            BLUE: ["attack 30", "attack 06"],
            PURPLE: ["attack 07"],
        },
    )
    total = len(st.deck) + sum(len(p.hand) for p in st.players)
    for card in list(st.deck):  # yellow, out of the encounter, holds everything else
        st.deck.remove(card)
        game.to_hand(YELLOW, card)
    assert st.deck == [] and st.discard == []
    stack_destiny(game, "blue")
    expect(
        agent,
        (RED, "launch.planet", "blue planet 1"),
        (RED, "launch.ships", ("red planet 1",)),
        (RED, "alliance.invite", ()),
        (BLUE, "alliance.invite", ("purple",)),
        (PURPLE, "alliance.join", "defense"),
        (PURPLE, "alliance.ships", ("purple planet 1",)),
        (RED, "planning.select", "attack 04"),
        (BLUE, "planning.select", "attack 30"),
        # purple's reward card sets off the quake; then its ship goes home
        (PURPLE, "ships.place", "purple planet 2"),
    )
    play_turn(game, encounters=1)
    assert agent.script == []
    assert events(game, "quake") == [()]
    assert events(game, "reward") == [(PURPLE, 1, 0)]
    # every hand went back and 8 were dealt to each; purple then drew its reward
    assert [len(p.hand) for p in st.players] == [8, 8, 9, 8]
    assert sorted(game.card_label(c) for c in st.discard) == ["attack 04", "attack 30"]
    assert len(st.deck) == total - 2 - 33
    assert ships_of(game, PURPLE) == home("purple", [3, 5, 4, 4, 4])


def test_quake_on_a_plain_draw(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules, 3)
    st = game.state
    deal(game, {RED: ["attack 04"]})
    for card in list(st.deck):
        st.deck.remove(card)
        game.to_hand(BLUE, card)
    total = len(st.players[BLUE].hand) + 1
    drawn = game.draw(PURPLE, 2)
    assert len(drawn) == 2
    assert events(game, "quake") == [()]
    assert [len(p.hand) for p in st.players] == [8, 8, 10]
    assert len(st.deck) == total - 26
