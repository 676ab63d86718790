"""Choices an effect or a power shapes: options offered once per cycle (`choose one not yet
chosen`), and negated decisions asked again with a different legal answer."""

from __future__ import annotations

import pytest

from compiler.pipeline.parser import parser
from compiler.pipeline.resolve import Resolver
from runtime import asking, ir
from runtime.cards import CardSet, Hook
from runtime.decisions import Decision
from runtime.effects import compile as c
from runtime.effects.compile import feasibility
from runtime.effects.context import Ctx
from runtime.effects.link import Rules
from runtime.game import different_answer
from runtime.modules.lucre.purses import purse_of
from runtime.table_events import DecisionMade
from tests.runtime.engine_kit import expect, new_game

CYCLE = """choose one not yet chosen:
  - "draw": draw 1 card
  - "lucre": gain 1 lucre
  - "markers": gain 1 marker
"""


def _effect(text: str) -> c.Callable[[Ctx], None]:
    resolver = Resolver("turn.start", text)
    node = resolver.effect(parser().effect(text))
    assert not resolver.errors, [e.message for e in resolver.errors]
    return c.statement(node)


def test_each_option_is_offered_once_until_all_are_chosen(cards: CardSet, rules: Rules) -> None:
    game, agent = new_game(cards, rules, packs=("base", "lucre"))
    run = _effect(CYCLE)
    hook = Hook("test-card", "Cycle", "power", "turn.start", None)  # type: ignore[arg-type]
    expect(
        agent,
        (0, "effect.choose", "lucre"),
        (0, "effect.choose", "draw"),
        (0, "effect.choose", "lucre"),
    )
    for _ in range(4):
        run(Ctx(game, 0, hook))
    offered = [a.labels for a in agent.of_kind("effect.choose")]
    # the third choice has one option left, so it makes itself and is never asked
    assert offered == [
        ["draw", "lucre", "markers"],
        ["draw", "markers"],
        ["draw", "lucre", "markers"],
    ]
    assert purse_of(game, 0).lucre == 2
    assert game.state.players[0].tokens["markers"] == 1
    # another player's cycle is their own
    expect(agent, (1, "effect.choose", "lucre"))
    run(Ctx(game, 1, hook))
    assert agent.of_kind("effect.choose")[-1].labels == ["draw", "lucre", "markers"]


def test_a_different_answer_exists_unless_the_choice_is_forced() -> None:
    pick_one = Decision(0, "launch.planet", "aim", ["a", "b", "c"])
    assert different_answer(pick_one, (1,)) == (2,)
    only = Decision(0, "launch.planet", "aim", ["a"])
    assert different_answer(only, (0,)) == (0,)
    ships = Decision(0, "launch.ships", "send", ["p1", "p2"], 1, 4, caps=[3, 1])
    assert different_answer(ships, (0, 0)) == (0,)
    all_of = Decision(0, "deal.cards", "give", ["x", "y"], 2, 2)
    assert different_answer(all_of, (0, 1)) == (0, 1)  # nothing else is legal
    swap = Decision(0, "deal.cards", "give", ["x", "y", "z"], 2, 2)
    other = different_answer(swap, (0, 1))
    assert other != (0, 1) and swap.check(other) == other


def test_a_cost_check_never_asks_anyone_to_choose() -> None:
    def node(text: str) -> ir.Node:
        resolver = Resolver("planning.start", text)
        found = resolver.effect(parser().effect(text))
        assert not resolver.errors, [e.message for e in resolver.errors]
        return found

    # checking a cost works its arguments out; one that names a chosen player would ask
    assert feasibility(node("give a player you choose 1 card")) is None
    assert feasibility(node("give the opponent 1 card")) is not None


def test_a_negated_pick_of_several_is_asked_again_until_it_differs_and_announced_once(
    cards: CardSet, rules: Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, agent = new_game(cards, rules)
    announced: list[tuple[int, ...]] = []

    def made(window: object, event: DecisionMade) -> None:
        announced.append(event.answer)
        event.negated = len(announced) == 1  # the first answer is negated

    monkeypatch.setattr(game.dispatch, "hears_choices", True)
    monkeypatch.setattr(game.dispatch, "listening", lambda window: True)
    monkeypatch.setattr(game.dispatch, "event", made)
    monkeypatch.setattr(asking, "negatable", lambda game, decision, answer: True)
    expect(agent, (0, "deal.cards", "x"), (0, "deal.cards", "x"), (0, "deal.cards", "y"))
    given = len(game.answers)
    picked = game.choose_many(0, "deal.cards", "give", ["x", "y", "z"], 1, 2)
    assert picked == ["y"]
    assert game.answers[given:] == [(0,), (0,), (1,)]  # every answer is recorded
    assert announced == [(0,)]  # the answers asked again are not announced again
