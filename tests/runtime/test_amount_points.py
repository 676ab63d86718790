"""The core's ops `gain` and `spend` keep rewards and markers themselves and hand any other amount
to the rules modules (the points `amount.gain` and `amount.spend`): lucre reaches the lucre
module's purses and the box, a module that does not keep the amount's word lets it pass, and a
game where no module takes it stops with an error naming the card, the amount and the modules."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from compiler.pipeline.parser import parser
from compiler.pipeline.resolve import Resolver
from runtime import extension, ir
from runtime.cards import CardSet, Hook
from runtime.effects import compile as c
from runtime.effects.context import Ctx
from runtime.effects.link import Rules
from runtime.extension import ExtensionError, RulesModule, register
from runtime.game import Game
from runtime.modules.lucre.purses import THE_BOX, purse_of
from tests.runtime.engine_kit import new_game

HOOK = Hook("test-card", "Test", "power", "turn.start", ir.Seq(()))


def run(game: Game, text: str, seat: int = 0) -> None:
    resolver = Resolver("turn.start", text)
    node = resolver.effect(parser().effect(text))
    assert not resolver.errors, [e.message for e in resolver.errors]
    c.guarded(c.statement(node))(Ctx(game, seat, HOOK))


def lucre_game(cards: CardSet, rules: Rules, **options: Any) -> Game:
    game, _ = new_game(cards, rules, packs=("base", "lucre"), options=options)
    return game


def test_lucre_gained_comes_from_the_box_and_lucre_spent_goes_back(
    cards: CardSet, rules: Rules
) -> None:
    game = lucre_game(cards, rules)
    run(game, "gain 5 lucre", seat=1)
    assert purse_of(game, 1).lucre == 5 and THE_BOX.of(game.state).lucre_out == 5
    run(game, "spend 2 lucre", seat=1)
    assert purse_of(game, 1).lucre == 3 and THE_BOX.of(game.state).lucre_out == 3
    run(game, "spend 9 lucre", seat=1)  # no more than the purse holds
    assert purse_of(game, 1).lucre == 0 and THE_BOX.of(game.state).lucre_out == 0
    assert purse_of(game, 0).lucre == 0


def test_rewards_and_markers_stay_with_the_core(cards: CardSet, rules: Rules) -> None:
    game = lucre_game(cards, rules)
    hand = len(game.state.players[0].hand)
    run(game, "gain 2 rewards")  # no ship in the warp: two cards from the deck
    assert len(game.state.players[0].hand) == hand + 2
    assert THE_BOX.of(game.state).lucre_out == 0 and purse_of(game, 0).lucre == 0


@pytest.fixture
def passing_module() -> Iterator[RulesModule]:
    """A module at both points that keeps no amount of its own: it lets every amount pass."""
    module = register(
        RulesModule(
            "amount_passer",
            "",
            steps={"amount.gain": lambda *_: False, "amount.spend": lambda *_: False},
        )
    )
    yield module
    extension.MODULES.pop(module.name)


def test_a_module_not_keeping_the_word_lets_it_reach_the_one_that_does(
    cards: CardSet, rules: Rules, passing_module: RulesModule
) -> None:
    game = lucre_game(cards, rules)
    game.modules = (passing_module, *game.modules)
    run(game, "gain 3 lucre", seat=2)
    assert purse_of(game, 2).lucre == 3


def test_an_amount_no_module_takes_stops_the_game_with_what_and_where(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules)  # the base game: no pack names the lucre module
    with pytest.raises(ExtensionError) as gained:
        run(game, "gain 2 lucre")
    assert str(gained.value) == (
        "'test-card' would gain 2 lucre, but no rules module of this game takes 'lucre' at "
        "amount.gain (modules on: none)"
    )
    with pytest.raises(ExtensionError, match=r"'test-card' would spend 1 lucre, .* amount\.spend"):
        run(game, "spend 1 lucre")


def test_a_switched_off_module_takes_no_amount(cards: CardSet, rules: Rules) -> None:
    game = lucre_game(cards, rules, lucre=False)
    with pytest.raises(ExtensionError, match=r"takes 'lucre' at amount\.gain \(modules on: "):
        run(game, "gain 1 lucre")
    assert purse_of(game, 0).lucre == 0
