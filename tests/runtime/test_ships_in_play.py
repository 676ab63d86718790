"""Counts of a player's ships: in play (planets, the gate, beside the planet, in any encounter
an interruption suspended) and in the game (in play or in the warp), read by effects."""

from __future__ import annotations

from compiler.pipeline.parser import parser
from compiler.pipeline.resolve import Resolver
from runtime import ir
from runtime.cards import CardSet, Hook
from runtime.effects import conditions
from runtime.effects import expressions as x
from runtime.effects.context import Ctx
from runtime.effects.link import Rules
from runtime.rules.turn import blank_encounter
from tests.runtime.engine_kit import new_game, set_ships

HOOK = Hook("test-card", "Test", "power", "turn.start", ir.Seq(()))


def number(text: str) -> ir.Node:
    resolver = Resolver("turn.start", text)
    node = resolver.effect(parser().effect(f"draw ({text}) cards"))
    assert not resolver.errors, [e.message for e in resolver.errors]
    assert isinstance(node, ir.Do)
    cards = node.args[0]
    assert isinstance(cards, ir.Cards) and cards.count is not None
    return cards.count


def test_ships_in_play_count_planets_gate_and_guard_but_not_the_warp(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules)
    set_ships(game, 2, {"purple planet 1": 3}, warp=4)
    enc = blank_encounter(game, 1, 0)
    enc.gate[2], enc.guard[2] = 2, 1
    game.state.encounter = enc
    read = x.value(number("the number of your ships in play"))
    assert read(Ctx(game, 2, HOOK)) == 3 + 2 + 1
    in_game = x.value(number("the number of your ships in the game"))
    assert in_game(Ctx(game, 2, HOOK)) == 3 + 2 + 1 + 4


def test_ships_of_an_encounter_an_interruption_suspended_stay_in_play(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules)
    set_ships(game, 2, {}, warp=0)
    suspended = blank_encounter(game, 1, 2)
    suspended.gate[2] = 3
    game.state.suspended.append(suspended)
    game.state.encounter = blank_encounter(game, 1, 0)
    read = x.value(number("your ships in play"))
    assert read(Ctx(game, 2, HOOK)) == 3


def test_a_player_with_every_ship_in_the_warp_has_none_in_play(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules)
    set_ships(game, 1, {}, warp=20)
    resolver = Resolver("regroup.start", "you have no ships in play")
    cond = resolver.condition(parser().condition("you have no ships in play"))
    assert cond is not None and not resolver.errors
    assert conditions.condition(cond)(Ctx(game, 1, HOOK))
    assert not conditions.condition(cond)(Ctx(game, 0, HOOK))
