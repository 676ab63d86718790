"""Decisions by anyone, beyond offers: an amount another player picks (`the defense names a
number ...`, then `the named number`), and a claim made without looking (`name an encounter
card`) that a later condition checks (`your card is the named card`)."""

from __future__ import annotations

from compiler.pipeline.parser import parser
from compiler.pipeline.resolve import Resolver
from runtime import ir
from runtime.cards import CardSet, Hook
from runtime.effects import compile as c
from runtime.effects.context import Ctx
from runtime.effects.link import Rules
from runtime.game import Game
from tests.runtime.engine_kit import deal, expect, hand, new_game

HOOK = Hook("test-card", "Test", "power", "turn.start", ir.Seq(()))


def run(game: Game, text: str, seat: int = 0) -> None:
    resolver = Resolver("turn.start", text)
    node = resolver.effect(parser().effect(text))
    assert not resolver.errors, [e.message for e in resolver.errors]
    c.guarded(c.statement(node))(Ctx(game, seat, HOOK))


GIVES_UP_TO_HALF = """
the player on your left names a number from 0 to (half of their cards in hand)
take (the named number) random cards from the player on your left
"""


def test_the_player_who_gives_picks_how_many_and_the_taker_reads_that_number(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = new_game(cards, rules, players=3)
    deal(game, {0: [], 1: ["attack 04", "attack 05", "attack 06", "attack 07", "attack 08"]})
    expect(agent, (1, "effect.name", "1"))
    run(game, GIVES_UP_TO_HALF)
    named = agent.of_kind("effect.name")[0]
    assert named.player == 1  # the giver decides, not the effect's owner
    assert named.labels == ["0", "1", "2"]  # half of five, rounded down
    assert len(hand(game, 0)) == 1 and len(hand(game, 1)) == 4


def test_a_card_named_without_looking_is_one_of_each_encounter_card_of_the_game(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = new_game(cards, rules, players=3)
    deal(game, {0: ["attack 08"], 1: [], 2: []})
    expect(agent, (0, "effect.name", "attack 30"))
    run(game, "name an encounter card\ndraw 1 card")
    offered = agent.of_kind("effect.name")[0].labels
    assert len(offered) == len(set(offered))  # one of each: fifteen negotiates offered once
    assert {"attack 00", "attack 40", "Negotiate", "Morph"} <= set(offered)
    assert not any(label.endswith("Flare") for label in offered)
