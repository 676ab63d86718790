"""`your ships in the encounter` once the offense's side has won: the ships that landed on the
target planet from the gate are still the ships it had in the encounter, counted and moved as such
(and no longer once they have left that planet)."""

from __future__ import annotations

from runtime.cards import CardSet
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.rules.outcome import offense_wins
from runtime.rules.turn import blank_encounter
from tests.runtime.engine_kit import new_game, planet, set_ships, ships_of
from tests.runtime.test_effect_meaning import run

COUNT = "add (your ships in the encounter) to your markers"


def won_encounter(game: Game) -> None:
    """Red (3 ships in the gate) and its ally purple (2) beat blue on blue planet 1 and land."""
    enc = blank_encounter(game, 1, 0)
    enc.defense = 1
    enc.planet = planet(game, "blue planet 1")
    enc.allies[0].append(2)
    set_ships(game, 0, {"red planet 1": 1, "blue planet 1": 1})  # a colony there already
    set_ships(game, 1, {"blue planet 1": 4, "blue planet 2": 4})
    enc.gate[0], enc.gate[2] = 3, 2
    game.state.encounter = enc
    offense_wins(game, enc)


def markers(game: Game, seat: int, text: str = COUNT) -> int:
    player = game.state.players[seat]
    player.tokens["markers"] = 0
    run(game, text, seat=seat, window="resolution.after_outcome")
    return player.tokens.get("markers", 0)


def test_landed_ships_are_still_in_the_encounter(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules)
    won_encounter(game)
    assert ships_of(game, 0)["blue planet 1"] == 4  # 3 landed beside the one already there
    assert (markers(game, 0), markers(game, 2), markers(game, 1)) == (3, 2, 0)
    assert markers(game, 0, "add (your allies' ships in the encounter) to your markers") == 2


def test_landed_ships_can_be_moved_as_ships_in_the_encounter(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules)
    won_encounter(game)
    run(
        game,
        "move all of your ships in the encounter to the warp",
        seat=0,
        window="resolution.after_outcome",
    )
    # the ship that was there before the encounter stays; the three that landed go
    assert ships_of(game, 0)["blue planet 1"] == 1
    assert game.state.players[0].warp == 3
    assert markers(game, 0) == 0
