"""Only an effect that a player may pay to stop runs guarded (link.bind): its rest is skipped
quietly when the player pays; an effect with no way to stop itself runs as it is compiled."""

from __future__ import annotations

import pytest

from runtime import ir
from runtime.cards import CardSet, Hook
from runtime.effects import compile as c
from runtime.effects import link
from runtime.effects.context import Ctx
from runtime.effects.link import Rules
from tests.runtime.engine_kit import expect, new_game


def draw(count: int, subject: ir.Node | None = None, *, prevent: bool = False) -> ir.Do:
    cards = ir.Cards(ir.Num(count), ir.CardFilter())
    return ir.Do("draw", subject, (cards, None), may=prevent, prevent=prevent)


STOPPABLE = ir.Seq((draw(1, ir.Players("left"), prevent=True), draw(2)))
PLAIN = ir.Seq((draw(1, ir.Players("left")), draw(2)))


def test_an_effect_is_stoppable_where_any_of_its_statements_prevents_the_rest() -> None:
    assert c.prevents(STOPPABLE)
    assert c.prevents(ir.If(ir.Compare("==", ir.Num(1), ir.Num(1)), STOPPABLE))
    assert not c.prevents(PLAIN)
    assert not c.prevents(draw(2))


@pytest.mark.parametrize(("pays", "drawn"), [("yes", 0), ("no", 2)])
def test_a_player_who_pays_stops_the_rest_of_a_bound_effect(
    cards: CardSet, rules: Rules, pays: str, drawn: int
) -> None:
    game, agent = new_game(cards, rules, 3)
    hook = Hook("test", "test", "power", "turn.start", STOPPABLE)
    before = len(game.state.players[0].hand)
    expect(agent, (1, "effect.may", pays))
    link.bind(hook).run(Ctx(game, 0, hook))  # no Stop escapes
    assert len(game.state.players[0].hand) - before == drawn


def test_an_effect_that_cannot_stop_runs_as_compiled(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules, 3)
    hook = Hook("test", "test", "power", "turn.start", PLAIN)
    hands = [len(p.hand) for p in game.state.players]
    link.bind(hook).run(Ctx(game, 0, hook))
    assert [len(p.hand) - n for p, n in zip(game.state.players, hands, strict=True)] == [2, 1, 0]
