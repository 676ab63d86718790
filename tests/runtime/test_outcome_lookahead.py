"""`would win` and `would lose` look at the result the encounter would have if it were decided
now: the totals worked out afresh, the comparison rules and any reversal as they stand."""

from __future__ import annotations

from runtime.cards import CardSet
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.rules.turn import blank_encounter
from tests.runtime.engine_kit import new_game, planet, set_ships
from tests.runtime.test_effect_meaning import run

ASK = (
    "if you would win the encounter, add 1 to your markers\n"
    "if you would lose the encounter, add 10 to your markers"
)


def encounter(game: Game, offense_card: int, defense_card: int) -> None:
    """Red (3 ships in the gate) attacks blue planet 1 (4 blue ships); both cards face up."""
    enc = blank_encounter(game, 1, 0)
    enc.defense = 1
    enc.planet = planet(game, "blue planet 1")
    set_ships(game, 1, {"blue planet 1": 4})
    enc.gate[0] = 3
    enc.types = ["attack", "attack"]
    enc.values = [offense_card, defense_card]
    enc.face_up = [True, True]
    game.state.encounter = enc


def answer(game: Game, seat: int) -> int:
    player = game.state.players[seat]
    player.tokens["markers"] = 0
    run(game, ASK, seat=seat, window="reveal.after_cards")
    return player.tokens["markers"]


def test_would_win_follows_the_totals_as_they_stand(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules)
    encounter(game, 10, 8)  # 13 against 12
    assert (answer(game, 0), answer(game, 1)) == (1, 10)
    run(game, "add 2 to the defense's total", window="reveal.after_cards")  # 13 against 14
    assert (answer(game, 0), answer(game, 1)) == (10, 1)


def test_would_win_follows_the_comparison_rules_and_a_reversal(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules)
    encounter(game, 10, 8)
    enc = game.state.encounter
    assert enc is not None
    enc.lower_wins = True
    assert answer(game, 0) == 10
    enc.reversed = True
    assert answer(game, 0) == 1


def test_the_offense_would_win_names_a_side_for_anyone(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules)
    encounter(game, 10, 8)
    bystander = game.state.players[2]
    bystander.tokens["markers"] = 0
    run(game, "if the offense would win, add 1 to your markers", seat=2)
    run(game, "if the defense would win, add 10 to your markers", seat=2)
    assert bystander.tokens["markers"] == 1


def test_nobody_would_win_before_both_cards_are_face_up(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules)
    encounter(game, 10, 8)
    enc = game.state.encounter
    assert enc is not None
    enc.face_up = [True, False]
    assert (answer(game, 0), answer(game, 1)) == (0, 0)
