"""The tests on cards that the code generator writes out without building argument records
(cards counted where they lie, the kind of the event's card or of this card) hold exactly when
the plain closures say they do, on hands, piles and events where the answer matters."""

from __future__ import annotations

import pytest

from runtime import ir
from runtime.cards import CardSet, Hook
from runtime.decisions import Answer, Decision
from runtime.effects import conditions
from runtime.effects import expressions as x
from runtime.effects.context import Ctx
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.table_events import CardsGained
from tests.runtime.engine_kit import deal, new_game, take_from_deck

HOOK = Hook("test", "test", "power", "turn.start", ir.Seq(()))
ATTACKS = ir.CardFilter(types=frozenset({"attack"}))
ARTIFACTS = ir.CardFilter(types=frozenset({"artifact"}))


def both_ways(node: ir.Node, ctx: Ctx) -> tuple[bool, bool]:
    generated = conditions.condition(node)
    with x.reference_forms():
        plain = conditions.condition(node)
    return generated(ctx), plain(ctx)


def at_least(n: int, cards: ir.Node) -> ir.Node:
    return ir.Compare(">=", ir.CountOf(cards), ir.Num(n))


def card_is(which: str, kind: str) -> ir.Node:
    return ir.Pred("card is", (ir.CardRef(which), ir.Word(kind)))


def first_option(decision: Decision) -> Answer | None:
    return (0,)


@pytest.fixture
def game(cards: CardSet, rules: Rules) -> Game:
    game, _ = new_game(cards, rules, 4, fallback=first_option)
    deal(game, {0: ["attack 04", "attack 08", "Card Zap"], 1: ["Negotiate"], 2: [], 3: []})
    return game


@pytest.mark.parametrize(
    ("phrase", "n", "expected"),
    [
        (ir.Cards(None, ATTACKS), 2, True),  # the subject's hand: two attacks
        (ir.Cards(None, ATTACKS), 3, False),
        (ir.Cards(ir.Num(1), ATTACKS), 2, True),  # how many a phrase asks for counts for nothing
        (ir.Cards(None, ARTIFACTS, ir.Players("you")), 1, True),
        (ir.Cards(None, ATTACKS, ir.Players("left")), 1, False),  # seat 1 holds a negotiate
        (ir.Cards(None, ir.CardFilter(), ir.Players("left")), 1, True),
        (ir.Cards(None, ATTACKS, ir.Players("player", other=True)), 1, False),  # seat 1 first
        (ir.Cards(None, ir.CardFilter(min_value=5), ir.Players("you")), 1, True),
        (ir.Cards(None, ir.CardFilter(max_value=3), ir.Players("you")), 1, False),
    ],
)
def test_cards_counted_where_they_lie_agree_with_the_closures(
    game: Game, phrase: ir.Node, n: int, expected: bool
) -> None:
    assert both_ways(at_least(n, phrase), Ctx(game, 0, HOOK)) == (expected, expected)


def test_those_cards_of_an_event_are_counted_whoever_holds_them(game: Game) -> None:
    zap, attack = take_from_deck(game, "Card Zap"), take_from_deck(game, "attack 08")
    event = CardsGained(1, [zap, attack], "discard")
    ctx = Ctx(game, 0, HOOK, event)
    those = ir.Cards(None, ARTIFACTS, zone="those")
    assert both_ways(at_least(1, those), ctx) == (True, True)
    assert both_ways(at_least(2, those), ctx) == (False, False)
    nothing = Ctx(game, 0, HOOK)  # no event: the cards the effect last moved, none yet
    assert both_ways(at_least(1, those), nothing) == (False, False)


@pytest.mark.parametrize(
    ("kind", "expected"),
    [("artifact", True), ("flare", False), ("attack", False), ("encounter", False)],
)
def test_the_kind_of_the_event_card_agrees_with_the_closures(
    game: Game, kind: str, expected: bool
) -> None:
    zap = take_from_deck(game, "Card Zap")

    class Played:
        instance = zap

    assert both_ways(card_is("event", kind), Ctx(game, 0, HOOK, Played())) == (expected,) * 2
    # with no card in the event, the card being played stands for it
    assert both_ways(card_is("event", kind), Ctx(game, 0, HOOK, None, zap)) == (expected,) * 2
    assert both_ways(card_is("this", kind), Ctx(game, 0, HOOK, None, zap)) == (expected,) * 2


def test_a_card_of_a_type_is_that_type_and_its_kind(game: Game) -> None:
    attack = take_from_deck(game, "attack 08")
    for kind, expected in (("attack", True), ("encounter", True), ("negotiate", False)):
        ctx = Ctx(game, 0, HOOK, None, attack)
        assert both_ways(card_is("this", kind), ctx) == (expected, expected), kind


def test_no_card_is_of_any_kind(game: Game) -> None:
    ctx = Ctx(game, 0, HOOK)
    assert both_ways(card_is("this", "artifact"), ctx) == (False, False)
    assert both_ways(card_is("event", "artifact"), ctx) == (False, False)
