"""The tests of who a player is that the code generator writes as a comparison of seats (a
selector naming at most one player, see ONE_SEAT_FORMS) hold exactly when the plain closures say
they do, and every such seat is the one its selector names."""

from __future__ import annotations

import pytest

from runtime import ir
from runtime.cards import CardSet, Hook
from runtime.effects import conditions
from runtime.effects import expressions as x
from runtime.effects.context import Ctx
from runtime.effects.link import Rules
from runtime.effects.selectors import ONE_SEAT_FORMS, SELECTORS
from runtime.game import Game
from runtime.registry import PREDICATES
from tests.runtime.engine_kit import new_game

HOOK = Hook("test", "test", "power", "turn.start", ir.Seq(()))


class Seated:
    def __init__(self, seat: int | None) -> None:
        self.seat = seat


class Seatless:
    pass


EVENTS = [Seated(0), Seated(2), Seated(None), Seatless(), None]


@pytest.fixture
def game(cards: CardSet, rules: Rules) -> Game:
    return new_game(cards, rules, 4)[0]


def is_player(who: str, other: str) -> ir.Node:
    return ir.Pred("is player", (ir.Players(who), ir.Players(other)))


@pytest.mark.parametrize("event", EVENTS)
@pytest.mark.parametrize(
    "phrase",
    [
        is_player("event player", "you"),
        ir.Not(is_player("event player", "you")),
        is_player("you", "you"),
    ],
)
def test_who_a_player_is_agrees_with_the_closures(
    game: Game, event: object, phrase: ir.Node
) -> None:
    generated = conditions.condition(phrase)
    with x.reference_forms():
        plain = conditions.condition(phrase)
    for seat in range(game.state.n):
        ctx = Ctx(game, seat, HOOK, event)
        assert generated(ctx) == plain(ctx), seat


@pytest.mark.parametrize("event", EVENTS)
@pytest.mark.parametrize("role", sorted(ONE_SEAT_FORMS))
def test_a_seat_written_out_is_the_one_its_selector_names(
    game: Game, event: object, role: str
) -> None:
    ctx = Ctx(game, 0, HOOK, event)
    named = SELECTORS[role](ctx, None)
    assert len(named) <= 1
    seat = eval(ONE_SEAT_FORMS[role], {"ctx": ctx})
    for s in range(game.state.n):
        assert (seat == s) == PREDICATES["is player"].test(ctx, named, [s])
