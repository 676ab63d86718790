"""The effect compiler, one IR node at a time: numbers, conditions and statements built by hand
(no card text), run on a real game in both the generated and the plain closure forms."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from engine_kit import new_game

from runtime import ir
from runtime.cards import CardSet, Hook
from runtime.effects import compile as c
from runtime.effects import conditions
from runtime.effects import expressions as x
from runtime.effects.context import Ctx
from runtime.effects.link import Rules
from runtime.game import Game

PLAYERS = 4


@pytest.fixture(params=["generated", "plain closures"])
def form(request: pytest.FixtureRequest) -> Iterator[str]:
    if request.param == "generated":
        yield request.param
    else:
        with x.reference_forms():
            yield request.param


@pytest.fixture
def ctx(cards: CardSet, rules: Rules, form: str) -> Ctx:
    game, _ = new_game(cards, rules, PLAYERS)
    return Ctx(game, 0, Hook("test", "test", "power", "turn.start", ir.Seq(())))


def hands(game: Game) -> list[int]:
    return [len(p.hand) for p in game.state.players]


def draw(count: int, subject: ir.Node | None = None) -> ir.Do:
    return ir.Do("draw", subject, (ir.Cards(ir.Num(count), ir.CardFilter()), None))


@pytest.mark.parametrize(
    ("node", "expected"),
    [
        (ir.Num(7), 7),
        (ir.Arith("+", ir.Num(2), ir.Num(3)), 5),
        (ir.Arith("-", ir.Num(2), ir.Num(3)), -1),
        (ir.Arith("*", ir.Num(4), ir.Num(3)), 12),
        (ir.Arith("/", ir.Num(7), ir.Num(2)), 3),
        (ir.Arith("/", ir.Num(7), ir.Num(0)), 0),  # dividing by nothing gives nothing
        (ir.Half(ir.Num(7), round_up=True), 4),
        (ir.Half(ir.Num(7), round_up=False), 3),
        (ir.CountOf(ir.Players("player")), PLAYERS),
        (ir.CountOf(ir.Players("player", other=True)), PLAYERS - 1),
    ],
)
def test_numbers_work_out_to_what_they_say(ctx: Ctx, node: ir.Node, expected: int) -> None:
    assert x.value(node)(ctx) == expected


@pytest.mark.parametrize(
    ("node", "expected"),
    [
        (ir.Compare(">=", ir.Num(3), ir.Num(3)), True),
        (ir.Compare(">", ir.Num(3), ir.Num(3)), False),
        (ir.Compare("!=", ir.Num(1), ir.Num(2)), True),
        (
            ir.AllOf(
                (ir.Compare("==", ir.Num(1), ir.Num(1)), ir.Compare("<", ir.Num(2), ir.Num(1)))
            ),
            False,
        ),
        (
            ir.AnyOf(
                (ir.Compare("==", ir.Num(1), ir.Num(2)), ir.Compare("<", ir.Num(1), ir.Num(2)))
            ),
            True,
        ),
        (ir.Not(ir.Compare("==", ir.Num(1), ir.Num(1))), False),
    ],
)
def test_conditions_hold_exactly_when_they_say(ctx: Ctx, node: ir.Node, expected: bool) -> None:
    assert conditions.condition(node)(ctx) is expected


def test_a_sequence_runs_its_statements_in_order(ctx: Ctx) -> None:
    before = hands(ctx.game)
    c.statement(ir.Seq((draw(1), draw(2))))(ctx)
    assert hands(ctx.game) == [before[0] + 3, *before[1:]]


def test_an_if_runs_one_branch_only(ctx: Ctx) -> None:
    before = hands(ctx.game)
    no = ir.Compare("==", ir.Num(1), ir.Num(2))
    c.statement(ir.If(no, draw(1), draw(2)))(ctx)
    c.statement(ir.If(no, draw(1)))(ctx)  # no otherwise: nothing happens
    assert hands(ctx.game)[0] == before[0] + 2


def test_a_repeat_runs_its_body_that_many_times(ctx: Ctx) -> None:
    before = hands(ctx.game)
    c.statement(ir.Repeat(ir.Num(3), draw(1)))(ctx)
    assert hands(ctx.game)[0] == before[0] + 3


def test_for_each_player_binds_each_player_in_turn(ctx: Ctx) -> None:
    before = hands(ctx.game)
    c.statement(ir.ForEach(ir.Players("player", other=True), draw(1, ir.Players("they"))))(ctx)
    assert hands(ctx.game) == [before[0], *(n + 1 for n in before[1:])]
