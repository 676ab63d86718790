"""A hook's condition and cost check run in a context each game keeps from one test to the next
(link.Bound.allows): each test sees its own seat, event and card, a test made while another is
being made gets a context of its own, and nothing one test leaves is seen by the next."""

from __future__ import annotations

from runtime import ir
from runtime.cards import CardSet, Hook
from runtime.effects.context import Ctx
from runtime.effects.link import Bound, Rules
from tests.runtime.engine_kit import new_game

HOOK = Hook("test", "test", "power", "turn.start", ir.Seq(()))


def bound(test: object = None, can_pay: object = None) -> Bound:
    return Bound(HOOK, lambda ctx: None, test, None, can_pay, None)  # type: ignore[arg-type]


def test_each_test_sees_its_own_seat_event_and_card(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules, 3)
    seen: list[tuple[object, ...]] = []

    def test(ctx: Ctx) -> bool:
        seen.append((ctx.game, ctx.you, ctx.they, ctx.subject, ctx.event, ctx.card, ctx.hook))
        return ctx.you == 2

    b = bound(test)
    event = object()
    assert b.allows(game, 2, event, 7)
    assert not b.allows(game, 1, None)
    assert seen == [(game, 2, 2, 2, event, 7, HOOK), (game, 1, 1, 1, None, None, HOOK)]


def test_a_test_made_inside_a_test_has_a_context_of_its_own(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules, 3)
    inner = bound(lambda ctx: ctx.you == 1)

    def outer(ctx: Ctx) -> bool:
        held = inner.allows(game, 1, None)
        return held and ctx.you == 0 and ctx.subject == 0  # still its own seat afterwards

    assert bound(outer).allows(game, 0, None)


def test_the_cost_is_checked_only_when_the_condition_holds(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules, 3)
    checked: list[int] = []

    def can_pay(ctx: Ctx) -> bool:
        checked.append(ctx.you)
        return ctx.you == 0

    b = bound(lambda ctx: ctx.you != 2, can_pay)
    assert [b.allows(game, s, None) for s in range(3)] == [True, False, False]
    assert checked == [0, 1]


def test_nothing_a_test_leaves_reaches_the_next(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules, 3)

    def writes(ctx: Ctx) -> bool:
        ctx.names["player"] = 2
        ctx.moved.append(5)
        return True

    assert bound(writes).allows(game, 0, None)
    fresh: list[tuple[object, ...]] = []
    assert bound(lambda ctx: not fresh.append((dict(ctx.names), list(ctx.moved)))).allows(
        game, 1, None
    )
    assert fresh == [({}, [])]


def test_the_kept_context_holds_no_game(cards: CardSet, rules: Rules) -> None:
    game, _ = new_game(cards, rules, 3)
    assert bound(lambda ctx: True).allows(game, 0, object())
    kept = game.test_context
    assert kept is not None
    assert kept.game is None and kept.event is None


def test_each_game_keeps_its_own_context(cards: CardSet, rules: Rules) -> None:
    first, _ = new_game(cards, rules, 3)
    second, _ = new_game(cards, rules, 3)
    always = bound(lambda ctx: True)
    assert always.allows(first, 0, None) and always.allows(second, 0, None)
    assert first.test_context is not None and second.test_context is not None
    assert first.test_context is not second.test_context
