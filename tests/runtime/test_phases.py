"""Conditions on the encounter's phase: the dispatcher keeps the phase of the step window opened
last, and "the encounter is in the resolution phase" reads it, so an event (ships going to the
warp) knows which phase it happens in."""

from __future__ import annotations

from compiler.pipeline.parser import parser
from compiler.pipeline.resolve import Resolver
from runtime.cards import CardSet
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.windows import Window
from tests.runtime.engine_kit import new_game
from tests.runtime.test_effect_meaning import resolved, run
from tests.runtime.test_ships_outside_encounter import attack_blue

RED, BLUE = 0, 1


def marks_if(game: Game, condition: str) -> int:
    player = game.state.players[RED]
    player.tokens["markers"] = 0
    run(game, f"if {condition}:\n  add 1 to your markers", seat=RED)
    return player.tokens["markers"]


def test_the_phase_follows_the_step_windows(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules)
    attack_blue(game)
    game.dispatch.step(Window.PLANNING_START)
    assert marks_if(game, "the encounter is in the planning phase") == 1
    assert marks_if(game, "the encounter is in the resolution phase") == 0
    game.dispatch.step(Window.RESOLUTION_START)
    assert marks_if(game, "the encounter is in the resolution phase") == 1
    # an event does not change the phase it happens in
    game.dispatch.event(Window.DECK_RESHUFFLED, None)
    assert marks_if(game, "the encounter is in the resolution phase") == 1
    game.dispatch.step(Window.ENCOUNTER_END)
    assert marks_if(game, "the encounter is in the resolution phase") == 0


def test_no_encounter_is_in_any_phase(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules)
    game.dispatch.step(Window.RESOLUTION_START)
    game.state.encounter = None
    assert marks_if(game, "the encounter is in the resolution phase") == 0


def test_every_phase_has_its_condition() -> None:
    for phase in ("regroup", "destiny", "launch", "alliance", "planning", "reveal", "resolution"):
        node = resolved(f"if the encounter is in the {phase} phase:\n  draw 1 card")
        assert f"in the {phase} phase" in repr(node)


def test_only_the_encounter_is_in_a_phase() -> None:
    text = "if the offense is in the resolution phase:\n  draw 1 card"
    r = Resolver("turn.start", text)
    r.effect(parser().effect(text))
    assert r.errors
    assert "the encounter" in r.errors[0].message
