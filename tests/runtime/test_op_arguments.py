"""Every op is called with arguments of the types its implementation declares.

Ops are called through the registry (`impl(ctx, seat, *values)`), out of mypy's sight, so an
annotation can drift from what the engine really passes. Here every op's implementation is
wrapped with a type check, the rules are linked again, and every bundled scenario plus a few
random games with every pack are played; each argument that does not match its annotation is
reported as op, parameter, value and annotation.
"""

from __future__ import annotations

import dataclasses
import inspect
import typing
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from typeguard import TypeCheckError, check_type

from cards import BUNDLED
from compiler.pipeline.project import Project
from compiler.scenarios.runner import Runner, discover
from compiler.tools.setups import build_setup
from runtime import registry
from runtime.agents import RandomAgent
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.rules.turn import play_game

pytestmark = pytest.mark.slow

Mismatch = tuple[str, str, str, str]  # op, parameter, value, annotation
Checked = tuple[Rules, set[Mismatch], set[str]]  # the rules, what mismatched, the ops called


def checked(
    name: str, impl: Callable[..., Any], found: set[Mismatch], called: set[str]
) -> Callable[..., Any]:
    """`impl`, recording that it was called and each argument its annotations do not admit."""
    signature = inspect.signature(impl)
    hints = typing.get_type_hints(impl)

    def call(*args: Any) -> Any:
        called.add(name)
        bound = signature.bind(*args)
        for parameter, value in bound.arguments.items():
            hint = hints.get(parameter)
            if hint is None:
                continue
            try:
                check_type(value, hint)
            except TypeCheckError:
                found.add((name, parameter, repr(value)[:60], str(hint)))
        return impl(*args)

    return call


@pytest.fixture
def checked_rules(project: Project, monkeypatch: pytest.MonkeyPatch) -> Iterator[Checked]:
    found: set[Mismatch] = set()
    called: set[str] = set()
    for name, definition in list(registry.OPS.items()):
        wrapped = dataclasses.replace(
            definition, impl=checked(name, definition.impl, found, called)
        )
        monkeypatch.setitem(registry.OPS, name, wrapped)
    yield Rules(project.cards), found, called


def test_every_op_gets_the_arguments_it_declares(project: Project, checked_rules: Checked) -> None:
    rules, found, called = checked_rules
    runner = Runner(project.cards, rules)
    scenarios: list[Path] = discover([BUNDLED])
    for path in scenarios:
        runner.run(path, packs=(path.parent.parent.name,))
    packs = tuple(sorted({card.pack for card in project.cards.cards.values()}))
    for seed in range(1, 6):
        setup = build_setup(project.cards, players=5, packs=packs, seed=seed)
        agents = [RandomAgent(seed * 101 + s) for s in range(setup.players)]
        play_game(Game(project.cards, setup, agents, rules=rules, log=False))
    report = "\n".join(f"{op}: {param}={value} is not {hint}" for op, param, value, hint in found)
    # the check saw the language at work (some ops run only through their fast path)
    assert len(called) >= 0.8 * len(registry.OPS), sorted(set(registry.OPS) - called)
    assert not found, f"{len(found)} argument(s) unlike their annotation:\n{report}"
