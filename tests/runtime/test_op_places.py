"""The places ops on ships are given, honoured on a real board: ships moved or placed land on the
planets of the place named (only those are offered), ships sent to the encounter or the targeted
planet when there is none stay where they are, ships go to the planet of the window's event, and
the Alien's captives and hostages come from where the ships are named."""

from __future__ import annotations

import pytest

from compiler.pipeline.parser import parser
from compiler.pipeline.resolve import Resolver
from runtime import ir
from runtime.cards import CardSet, Hook
from runtime.effects import compile as c
from runtime.effects.context import Ctx
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.rules.ships import ColonyEvent
from runtime.rules.turn import blank_encounter
from tests.runtime.engine_kit import Recorder, new_game, planet, set_ships, ships_of

YOU, DEFENSE = 0, 1


def board(
    cards: CardSet, rules: Rules, *, encounter: bool = True, **setup: object
) -> tuple[Game, Recorder]:
    """Three players, the first answer always picked: you (red) with a home colony of 4, a
    colony of 2 on blue planet 2 and 3 ships in the warp; blue, the defense, at home on blue
    planet 1 (3 ships) and abroad on red planet 5 (2) and purple planet 2 (1); purple at home.
    With an encounter, you are the offense with 2 ships in the gate, blue planet 1 targeted."""
    game, agent = new_game(
        cards,
        rules,
        fallback=lambda d: (0,) * max(d.minimum, 1),
        **setup,  # type: ignore[arg-type]
    )
    set_ships(game, YOU, {"red planet 1": 4, "blue planet 2": 2}, warp=3)
    set_ships(game, DEFENSE, {"blue planet 1": 3, "red planet 5": 2, "purple planet 2": 1}, warp=2)
    set_ships(game, 2, {"purple planet 1": 3})
    st = game.state
    if encounter:
        st.encounter = enc = blank_encounter(game, 1, YOU)
        enc.defense, enc.planet = DEFENSE, planet(game, "blue planet 1")
        enc.gate[YOU] = 2
        st.players[YOU].removed -= 2
    return game, agent


def play(game: Game, text: str, window: str = "turn.start", event: object = None) -> None:
    resolver = Resolver(window, text)
    node = resolver.effect(parser().effect(text))
    assert not resolver.errors, [e.message for e in resolver.errors]
    hook = Hook("test-card", "Test", "power", window, ir.Seq(()))
    c.guarded(c.statement(node))(Ctx(game, YOU, hook, event))


def offered(agent: Recorder, *kinds: str) -> list[list[str]]:
    return [a.labels for a in agent.asked if a.kind in kinds]


# effect -> (the planets offered for the ships, where your ships are after it, your warp); a
# place of one planet is no choice, and asks nothing
LANDINGS = {
    # your foreign colonies are blue planet 2 alone (both of your colonies were offered before)
    "move 1 of your ships from the warp to your foreign colonies": (
        [],
        {"red planet 1": 4, "blue planet 2": 3},
        2,
    ),
    "move 1 of your ships from the warp to your home colonies": (
        [],
        {"red planet 1": 5, "blue planet 2": 2},
        2,
    ),
    # one of the defense's colonies (one of yours was picked before)
    "move 1 of your ships from the warp to a colony of the defense": (
        [["red planet 5", "blue planet 1", "purple planet 2"]],
        {"red planet 1": 4, "red planet 5": 1, "blue planet 2": 2},
        2,
    ),
    # the defense's foreign colonies (its home planets were offered before)
    "place 1 of your ships on the defense's foreign colonies": (
        [["red planet 5", "purple planet 2"]],
        {"red planet 1": 3, "red planet 5": 1, "blue planet 2": 2},
        3,
    ),
}


@pytest.mark.parametrize("text", sorted(LANDINGS))
def test_ships_land_only_on_the_planets_of_the_place_named(
    cards: CardSet, rules: Rules, text: str
) -> None:
    game, agent = board(cards, rules)
    play(game, text)
    planets, yours, warp = LANDINGS[text]
    assert offered(agent, "ships.place", "effect.planet") == planets
    assert ships_of(game, YOU) == yours
    assert game.state.players[YOU].warp == warp


def test_ships_placed_from_the_encounter_leave_it_for_the_planet(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = board(cards, rules)
    play(game, "place 1 of your ships in the encounter on the defense's home planets")
    enc = game.state.encounter
    assert enc is not None and enc.gate[YOU] == 1  # the ship named in the encounter, not a colony
    assert ships_of(game, YOU) == {"red planet 1": 4, "blue planet 1": 1, "blue planet 2": 2}


@pytest.mark.parametrize(
    "text",
    [
        "move 1 of your ships from the warp to the encounter",
        "move 1 of your ships from the warp to the target planet",
        "place 1 of your ships on the target planet",
    ],
)
def test_ships_sent_to_an_encounter_or_planet_that_is_not_there_stay_where_they_are(
    cards: CardSet, rules: Rules, text: str
) -> None:
    # no encounter for the encounter; for the target planet, one whose gate is not yet aimed
    game, _ = board(cards, rules, encounter="target" in text)
    if game.state.encounter is not None:
        game.state.encounter.planet = -1
    before = [(ships_of(game, p.seat), p.warp) for p in game.state.players]
    play(game, text)  # they landed on the last planet of the board, whoever's it was
    assert [(ships_of(game, p.seat), p.warp) for p in game.state.players] == before


def test_ships_sent_to_the_new_colony_land_on_the_planet_of_the_event(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = board(cards, rules)
    gained = ColonyEvent(DEFENSE, planet(game, "purple planet 2"))
    play(game, "move 1 of your ships from the warp to the new colony", "colony.gained", gained)
    assert ships_of(game, YOU) == {"red planet 1": 4, "blue planet 2": 2, "purple planet 2": 1}


def test_hostages_are_seized_from_the_place_their_ships_are_named_in(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = board(cards, rules)
    play(game, "seize 2 of the defense's ships in the defense's home colonies")
    assert game.state.hostages == [[YOU, DEFENSE, 2]]
    # from blue planet 1, its one home colony (its first colony, red planet 5, before)
    assert ships_of(game, DEFENSE) == {"blue planet 1": 1, "red planet 5": 2, "purple planet 2": 1}
    assert offered(agent, "effect.seize", "ships.hostage") == []  # one place: nothing to choose


def test_a_captive_is_taken_from_the_place_its_ship_is_named_in(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = board(cards, rules, packs=("base", "eons"), aliens=("alien", "none", "none"))
    play(game, "capture 1 of the defense's ships in the defense's home colonies")
    # blue planet 1 alone, no choice (red planet 5, where it has 2 too, was offered first before)
    assert offered(agent, "essence.capture") == []
    assert ships_of(game, DEFENSE) == {"blue planet 1": 2, "red planet 5": 2, "purple planet 2": 1}
