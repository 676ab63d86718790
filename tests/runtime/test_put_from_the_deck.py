"""Cards put from the top of the deck (`put 8 cards in the deck into your "hoard" pile`) are laid
where they go one by one: when the deck runs out partway and the discard pile is reshuffled, the
cards already taken are in their pile, not held nowhere while the reshuffle is reacted to."""

from __future__ import annotations

from typing import Any

from compiler.pipeline.parser import parser
from compiler.pipeline.resolve import Resolver
from runtime import ir
from runtime.cards import CardSet, Hook
from runtime.effects import compile as c
from runtime.effects.context import Ctx
from runtime.effects.link import Rules
from runtime.invariants import check
from runtime.windows import Window
from tests.runtime.engine_kit import deal, hand, new_game

HOOK = Hook("test-card", "Test", "power", "turn.start", ir.Seq(()))


def test_a_reshuffle_partway_through_finds_every_card_taken_so_far_in_its_place(
    cards: CardSet, rules: Rules
) -> None:
    game, _ = new_game(cards, rules, players=3)
    deal(game, {0: [], 1: [], 2: []})
    st = game.state
    st.discard.extend(st.deck[:-3])  # three cards left to draw before the reshuffle
    del st.deck[:-3]
    reshuffles: list[Window] = []
    real = game.dispatch.event

    def checking(window: Window, event: Any) -> Any:
        if window is Window.DECK_RESHUFFLED:
            check(game)  # raises if a card taken before the reshuffle is nowhere
            reshuffles.append(window)
        return real(window, event)

    game.dispatch.event = checking  # type: ignore[method-assign]
    text = "put 5 cards in the deck into your hand"
    resolver = Resolver("turn.start", text)
    node = resolver.effect(parser().effect(text))
    assert not resolver.errors
    c.guarded(c.statement(node))(Ctx(game, 0, HOOK))
    assert reshuffles == [Window.DECK_RESHUFFLED]
    assert len(hand(game, 0)) == 5
    check(game)
