"""The table's choose() fills in its decision field by field: what it asks must be the very
Decision the class call makes of the same arguments, defaults included."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from runtime.agents import RandomAgent
from runtime.cards import CardSet
from runtime.decisions import Answer, Decision
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.setup import Setup
from runtime.view import PlayerView


class Keeping:
    """Answers the last option, keeping each decision it is asked."""

    trusted = True

    def __init__(self) -> None:
        self.asked: list[Decision] = []

    def decide(self, decision: Decision, view: PlayerView) -> Answer:
        self.asked.append(decision)
        return (len(decision.options) - 1,)


def label(option: object) -> str:
    return f"<{option}>"


def test_choose_asks_what_the_class_makes_of_the_same_arguments(
    cards: CardSet, rules: Rules
) -> None:
    game = Game(cards, Setup(players=3), [RandomAgent(s) for s in range(3)], rules=rules)
    keeping = Keeping()
    game.agents[1] = keeping
    cases: list[tuple[str, list[object], Callable[[object], str] | None, int | None]] = [
        ("launch.planet", ["a", "b", "c"], None, None),
        ("card.play", [None, 7, 9], label, 0),
        ("power.use", ["no", "yes"], None, 0),
    ]
    for kind, options, labeler, passive in cases:
        assert game.choose(1, kind, "which?", options, labeler, passive) == options[-1]
        asked = keeping.asked[-1]
        made = Decision(1, kind, "which?", options, labeler=labeler, passive=passive)
        assert type(asked) is Decision
        assert asked == made
        for field in dataclasses.fields(Decision):  # each slot set, as the class sets it
            assert getattr(asked, field.name) == getattr(made, field.name)
