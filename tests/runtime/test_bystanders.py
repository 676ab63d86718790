"""`bystander`: every player but the offense and the defense (allies included), in turn order
from the offense."""

from __future__ import annotations

from runtime import ir
from runtime.cards import CardSet, Hook
from runtime.effects.context import Ctx
from runtime.effects.link import Rules
from runtime.effects.selectors import SELECTORS
from runtime.state import Encounter
from tests.runtime.engine_kit import new_game

HOOK = Hook("test-card", "Test", "power", "turn.start", ir.Seq(()))


def test_bystanders_are_the_players_outside_the_main_two(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules, players=5)
    n = game.state.n
    enc = Encounter(1, 1, 3, 15, players=n)
    enc.allies = [[4], []]
    game.state.encounter = enc
    ctx = Ctx(game, 0, HOOK)
    assert SELECTORS["not main"](ctx, None) == [2, 4, 0]
