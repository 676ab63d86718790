"""Decisions by anyone: `if <players> accepts:` asks players in turn, the first to accept acts as
`they`, nobody else is asked after that, and `otherwise` runs when everyone refuses."""

from __future__ import annotations

import pytest

from compiler.pipeline.parser import parser
from compiler.pipeline.resolve import Resolver
from runtime import ir
from runtime.cards import CardSet, Hook
from runtime.effects import compile as c
from runtime.effects.context import Ctx
from runtime.effects.link import Rules
from runtime.game import Game
from tests.runtime.engine_kit import deal, expect, new_game

HOOK = Hook("test-card", "Test", "power", "turn.start", ir.Seq(()))


def resolved(text: str) -> tuple[ir.Node, list[str]]:
    resolver = Resolver("turn.start", text)
    node = resolver.effect(parser().effect(text))
    return node, [e.message for e in resolver.errors]


def run(game: Game, text: str, seat: int = 0) -> None:
    node, errors = resolved(text)
    assert not errors, errors
    c.guarded(c.statement(node))(Ctx(game, seat, HOOK))


def hand_sizes(game: Game) -> list[int]:
    return [len(p.hand) for p in game.state.players]


OPEN_OFFER = """
if any other player accepts starting with the player on your left:
  they draw 2 cards
otherwise:
  draw 1 card
"""


def test_an_open_offer_goes_round_from_the_named_player_and_the_first_to_accept_takes_it(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = new_game(cards, rules, players=4)
    deal(game, {0: [], 1: [], 2: [], 3: []})
    game.state.offense = 2  # encounter order would ask 3 first; the offer starts on seat 0's left
    expect(agent, (1, "effect.accept", "no"), (2, "effect.accept", "yes"))
    run(game, OPEN_OFFER)
    assert agent.kinds() == [(1, "effect.accept"), (2, "effect.accept")]  # seat 3 is not asked
    assert hand_sizes(game) == [0, 0, 2, 0]


def test_when_everyone_refuses_the_otherwise_block_runs_for_the_offerer(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = new_game(cards, rules, players=3)
    deal(game, {0: [], 1: [], 2: []})
    expect(agent, (1, "effect.accept", "no"), (2, "effect.accept", "no"))
    run(game, OPEN_OFFER)
    assert hand_sizes(game) == [1, 0, 0]


def test_an_offer_in_reverse_order_goes_round_the_other_way_from_the_named_player(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = new_game(cards, rules, players=4)
    deal(game, {0: [], 1: [], 2: [], 3: []})
    game.state.offense = 2  # encounter order would ask 2 first
    expect(agent, *[(seat, "effect.accept", "no") for seat in range(4)])
    offer = "if any player accepts starting with the player on your right in reverse order:"
    run(game, f"{offer}\n  they draw 1 card", seat=1)
    assert [seat for seat, _ in agent.kinds()] == [0, 3, 2, 1]


def test_an_offer_to_a_player_you_choose_asks_that_player_only(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = new_game(cards, rules, players=4)
    deal(game, {0: ["attack 08"], 1: [], 2: [], 3: []})
    expect(agent, (0, "effect.player", "purple"), (2, "effect.accept", "yes"))
    run(game, "if another player you choose accepts:\n  give them 1 card\n  draw 3 cards")
    assert agent.kinds() == [(0, "effect.player"), (2, "effect.accept")]
    assert hand_sizes(game) == [3, 0, 1, 0]


def test_another_player_accepting_asks_every_other_player_in_encounter_order(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = new_game(cards, rules, players=3)
    deal(game, {0: [], 1: [], 2: []})
    game.state.offense = 2
    expect(agent, (2, "effect.accept", "no"), (1, "effect.accept", "no"))
    run(game, "if another player accepts, they draw 1 card", seat=0)
    assert agent.kinds() == [(2, "effect.accept"), (1, "effect.accept")]
    assert hand_sizes(game) == [0, 0, 0]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("if 2 cards accepts:\n  draw 1 card", "only players accept an offer"),
        ("if any player accepts:\n  draw 1 card\notherwise:\n  they draw 1 card", "'they'"),
    ],
)
def test_an_offer_to_non_players_or_they_after_a_refusal_is_refused(
    text: str, message: str
) -> None:
    _, errors = resolved(text)
    assert any(message in e for e in errors), errors


# ---------------------------------------------------------------- how many players are chosen


def test_up_to_n_players_you_choose_may_be_nobody_and_each_chosen_player_picks_its_own_ships(
    cards: CardSet, rules: Rules
) -> None:
    game, agent = new_game(cards, rules, players=3)
    expect(agent, (0, "effect.players", ()))
    run(game, "up to 1 other player you choose loses 1 ship")
    assert [p.warp for p in game.state.players] == [0, 0, 0]
    expect(agent, (0, "effect.players", ("purple",)), (2, "effect.lose", "purple planet 4"))
    run(game, "up to 1 other player you choose loses 1 ship")
    assert [p.warp for p in game.state.players] == [0, 0, 1]
    assert agent.of_kind("effect.players")[-1].minimum == 0


def test_a_number_of_players_you_choose_is_exactly_that_many(cards: CardSet, rules: Rules) -> None:
    game, agent = new_game(cards, rules, players=4)
    deal(game, {0: [], 1: [], 2: [], 3: []})
    expect(agent, (0, "effect.players", ("blue", "yellow")))
    run(game, "2 other players you choose draw 1 card")
    asked = agent.of_kind("effect.players")[0]
    assert (asked.minimum, asked.maximum) == (2, 2)
    assert hand_sizes(game) == [0, 1, 0, 1]
