"""The decision kinds scenario files may name are the ones the engine asks: every kind asked in
games of every bundled pack is declared, so a scenario is never refused for a real kind."""

from __future__ import annotations

import pytest

from compiler.pipeline.project import Project
from compiler.pipeline.scenario_files.file_check import DECISION_KINDS, known_decision_kind
from compiler.tools.setups import build_setup
from runtime.agents import AGENTS
from runtime.decisions import Answer, Decision
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.rules.turn import play_game
from runtime.view import PlayerView

GAMES = [
    (["base"], ["techs"]),
    (["set6"], []),
    (["eons"], ["hidden_alliances", "foreign_aid"]),
    (["set8", "incursion-rewards", "kickers-additive"], []),
    (["eons", "set6", "set8", "dominion-rewards"], []),
]


# a game for each: the quick tier plays the first (with techs) and the last (the most packs)
@pytest.mark.parametrize(
    ("packs", "options"),
    [
        pytest.param(*game, marks=() if game in (GAMES[0], GAMES[-1]) else pytest.mark.slow)
        for game in GAMES
    ],
    ids=lambda v: "+".join(v) or "-",
)
def test_every_decision_kind_the_engine_asks_is_declared(
    project: Project,
    rules: Rules,
    packs: list[str],
    options: list[str],
) -> None:
    asked: set[str] = set()

    class Recording:
        """A random agent that notes the kind of every decision it is asked."""

        trusted = True

        def __init__(self, seed: int) -> None:
            self.agent = AGENTS["random"](seed)

        def decide(self, decision: Decision, view: PlayerView) -> Answer:
            asked.add(decision.kind)
            return self.agent.decide(decision, view)

    for seed in (1, 2):
        setup = build_setup(project.cards, players=5, packs=packs, options=options, seed=seed)
        agents = [Recording(seed * 101 + s) for s in range(5)]
        play_game(Game(project.cards, setup, agents, rules=rules))
    assert asked
    assert sorted(k for k in asked if not known_decision_kind(k)) == []


def test_effect_kinds_are_open_and_other_kinds_closed() -> None:
    assert known_decision_kind("effect.reinforce with")
    assert known_decision_kind("launch.planet")
    assert not known_decision_kind("lanch.planet")
    assert not known_decision_kind("reveal.totals")  # a window, not a decision
    assert all("." in k for k in DECISION_KINDS)
