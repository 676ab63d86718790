"""`repeat until <condition>:` (draw until you have N cards of a kind) played on a real game: the
condition is checked before each round, and no loop runs more than the repeat range allows."""

from __future__ import annotations

from compiler.pipeline.parser import parser
from compiler.pipeline.resolve import Resolver
from runtime import ir
from runtime.cards import CardSet, Hook
from runtime.effects import compile as c
from runtime.effects.context import Ctx
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.registry import NUMBER_RANGES
from tests.runtime.engine_kit import deal, hand, new_game, stack

HOOK = Hook("test-card", "Test", "power", "turn.start", ir.Seq(()))


def run(game: Game, text: str) -> None:
    resolver = Resolver("turn.start", text)
    node = resolver.effect(parser().effect(text))
    assert not resolver.errors, [e.message for e in resolver.errors]
    c.statement(node)(Ctx(game, 0, HOOK))


def test_drawing_until_two_attack_cards_are_held_stops_at_the_second(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules)
    deal(game, {0: ["attack 04"]})
    stack(game, ["Negotiate", "Morph", "attack 10", "attack 20"])
    run(game, "repeat until you have 2 attack cards:\n  draw 1 card")
    assert hand(game, 0) == ["Morph", "Negotiate", "attack 04", "attack 10"]


def test_a_condition_that_already_holds_runs_no_round(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules)
    deal(game, {0: ["attack 04", "attack 08"]})
    run(game, "repeat until you have 2 cards:\n  draw 1 card")
    assert hand(game, 0) == ["attack 04", "attack 08"]


def test_a_condition_that_never_holds_stops_at_the_repeat_range(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules)
    deal(game, {0: []})
    run(game, "repeat until you have 100 cards:\n  draw 1 card")
    assert len(game.state.players[0].hand) == NUMBER_RANGES["repeat"][1]


def test_an_until_loop_inside_a_repeat_counts_as_its_most_rounds() -> None:
    text = "repeat 2 times:\n  repeat until you have 8 cards:\n    draw 1 card"
    resolver = Resolver("turn.start", text)
    resolver.effect(parser().effect(text))
    assert [e.message for e in resolver.errors] == [
        "repeating up to 20 times inside repeats makes 40 repeats in all"
    ]
