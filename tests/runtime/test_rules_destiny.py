"""The destiny phase: colour, own colour (its three options), wild and special cards, reshuffling."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from engine_kit import (
    deal,
    events,
    expect,
    hand,
    home,
    new_game,
    planet,
    set_ships,
    ships_of,
    stack_destiny,
)

from runtime.cards import CardSet
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.rules import destiny
from runtime.rules.turn import new_encounter, play_turn
from runtime.state import Encounter

RED, BLUE, PURPLE, YELLOW, GREEN = 0, 1, 2, 3, 4


def draw(game: Game) -> Encounter:
    """Open an encounter and run only its destiny phase."""
    game.state.turn = 1
    enc = new_encounter(game, 1)
    destiny.draw_destiny(game, enc)
    return enc


def test_colour_card_makes_its_player_the_defense(cards: CardSet, rules: Rules) -> None:
    game, agent = new_game(cards, rules, 4)
    stack_destiny(game, "purple")
    enc = draw(game)
    assert agent.asked == []
    assert enc.defense == PURPLE
    assert enc.planet == -1  # the offense still aims the gate
    assert game.defs[enc.destiny or 0].id == "purple"


def test_own_colour_draw_again_discards_it_and_draws_the_next(cards: CardSet, rules: Rules) -> None:
    game, agent = new_game(cards, rules, 3)
    set_ships(game, RED, home("red", [4, 4, 4, 4, 0]))  # so that there is a real choice
    stack_destiny(game, "red", "blue")
    red_card = game.state.destiny_deck[-1]
    expect(agent, (RED, "destiny.own_color", "draw again"))
    enc = draw(game)
    assert agent.script == []
    assert agent.of_kind("destiny.own_color")[0].labels == [
        "draw again",
        "re-establish a home colony",
    ]
    assert enc.defense == BLUE
    assert game.state.destiny_discard == [red_card]
    assert game.defs[enc.destiny or 0].id == "blue"


def test_own_colour_re_establishes_a_home_colony_as_a_success(cards: CardSet, rules: Rules) -> None:
    game, agent = new_game(cards, rules, 3)
    deal(game, {RED: ["attack 10", "attack 04"]})
    set_ships(game, RED, home("red", [6, 4, 4, 4, 0]))
    stack_destiny(game, "red")
    expect(
        agent,
        (RED, "destiny.own_color", "re-establish a home colony"),
        (RED, "destiny.home_ships", ("red planet 1", "red planet 1")),
        (RED, "encounter.another", "no"),
    )
    play_turn(game)
    assert agent.script == []
    assert agent.of_kind("destiny.own_color")[0].labels == [
        "draw again",
        "re-establish a home colony",
    ]
    enc = game.last_encounter
    assert enc is not None
    assert (enc.outcome, enc.success) == ("ended", True)
    assert ships_of(game, RED) == home("red", [4, 4, 4, 4, 2])
    assert game.state.home_colonies(RED) == 5
    assert events(game, "launch") == []
    assert [game.defs[c].id for c in game.state.destiny_discard] == ["red"]
    assert hand(game, RED) == ["attack 04", "attack 10"]  # no card was played


def test_own_colour_attacks_a_foreign_colony_in_the_home_system(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = new_game(cards, rules, 3)
    deal(game, {RED: ["attack 20", "attack 04"], BLUE: ["attack 04", "attack 05"]})
    set_ships(game, BLUE, {**home("blue", [4, 4, 4, 4, 2]), "red planet 3": 2})
    stack_destiny(game, "red")
    expect(
        agent,
        (RED, "destiny.own_color", "attack a colony in your system"),
        (RED, "launch.ships", ("red planet 1", "red planet 1")),
        (RED, "alliance.invite", ()),
        (BLUE, "alliance.invite", ()),
        (RED, "planning.select", "attack 20"),
        (BLUE, "planning.select", "attack 04"),
    )
    play_turn(game, encounters=1)
    assert agent.script == []
    assert agent.of_kind("destiny.own_color")[0].labels == [
        "draw again",
        "attack a colony in your system",
    ]
    assert agent.of_kind("launch.planet") == []  # the gate already points at the colony
    enc = game.last_encounter
    assert enc is not None
    assert (enc.defense, enc.planet) == (BLUE, planet(game, "red planet 3"))
    assert events(game, "totals") == [(22, 6)]
    assert ships_of(game, RED) == home("red", [2, 4, 6, 4, 4])
    assert ships_of(game, BLUE) == home("blue", [4, 4, 4, 4, 2])
    assert game.state.players[BLUE].warp == 2


def test_wild_lets_the_offense_choose_any_other_player(cards: CardSet, rules: Rules) -> None:
    game, agent = new_game(cards, rules, 4)
    stack_destiny(game, "wild")
    expect(agent, (RED, "destiny.wild", "yellow"))
    enc = draw(game)
    assert agent.script == []
    assert agent.of_kind("destiny.wild")[0].labels == [
        "blue (no alien)",
        "purple (no alien)",
        "yellow (no alien)",
    ]
    assert enc.defense == YELLOW


def foreign_colonies_tie(game: Game) -> None:
    """Red and yellow both have 2 foreign colonies, purple 1."""
    set_ships(
        game, RED, {**home("red", [4, 4, 4, 3, 3]), "purple planet 1": 1, "green planet 1": 1}
    )
    set_ships(
        game,
        YELLOW,
        {**home("yellow", [4, 4, 4, 3, 3]), "red planet 1": 1, "green planet 2": 1},
    )
    set_ships(game, PURPLE, {**home("purple", [4, 4, 4, 4, 3]), "green planet 3": 1})


def hand_sizes_tie(game: Game) -> None:
    """Blue (the offense) holds 9 cards; red and yellow 5; purple 3; green 2."""
    deal(game, {})
    for seat, n in ((BLUE, 9), (RED, 5), (YELLOW, 5), (PURPLE, 3), (GREEN, 2)):
        game.draw(seat, n)


def warp_tie(game: Game) -> None:
    """Blue has none in the warp; red and yellow 1; purple 2; green 3."""
    for seat, color, n in ((RED, "red", 1), (YELLOW, "yellow", 1), (PURPLE, "purple", 2)):
        set_ships(game, seat, home(color, [4, 4, 4, 4, 4 - n]), warp=n)
    set_ships(game, GREEN, home("green", [4, 4, 4, 4, 1]), warp=3)


def nothing(game: Game) -> None:
    """Nobody has a foreign colony."""


@pytest.mark.parametrize(
    ("card_id", "arrange", "defense"),
    [
        ("most-foreign-colonies", foreign_colonies_tie, YELLOW),
        ("most-cards", hand_sizes_tie, YELLOW),
        ("fewest-ships-in-warp", warp_tie, YELLOW),
        ("most-foreign-colonies", nothing, PURPLE),
        ("fewest-ships-in-warp", nothing, PURPLE),
    ],
)
def test_special_cards_point_at_the_best_player_ties_clockwise_from_the_offense(
    cards: CardSet,
    rules: Rules,
    card_id: str,
    arrange: Callable[[Game], None],
    defense: int,
) -> None:
    game, agent = new_game(cards, rules, 5, first=BLUE)
    arrange(game)
    stack_destiny(game, card_id)
    enc = draw(game)
    assert agent.asked == []
    assert enc.defense == defense


def test_an_exhausted_destiny_deck_reshuffles_its_discards(cards: CardSet, rules: Rules) -> None:
    game, agent = new_game(cards, rules, 3)
    st = game.state
    blues = [c for c in st.destiny_deck if game.defs[c].id == "blue"]
    st.aside = [c for c in st.destiny_deck if c not in blues]
    st.destiny_deck = []
    st.destiny_discard = list(blues)
    enc = draw(game)
    assert agent.asked == []
    assert enc.defense == BLUE
    assert st.destiny_discard == []
    assert sorted([*st.destiny_deck, enc.destiny]) == sorted(blues)
    assert len(st.destiny_deck) == 2
