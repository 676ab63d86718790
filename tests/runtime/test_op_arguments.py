"""Every op, measure and predicate is called with the arguments it declares, and every measure
and predicate returns what it declares.

The engine calls them through the registry (`impl(ctx, seat, *values)`, `read(ctx, seat)`,
`test(ctx, ...)`), out of mypy's sight, so an annotation can drift from what really passes. Here
each of them is wrapped with typeguard's type check, the rules are linked again, and every
bundled scenario plus a few random games with every pack are played; each value that its
annotation does not admit is reported as word, parameter, value and annotation.
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
from runtime.effects.context import COMPILED
from runtime.effects.link import Rules
from runtime.game import Game
from runtime.rules.turn import play_game

pytestmark = pytest.mark.slow

Mismatch = tuple[str, str, str, str]  # word, parameter (or "return"), value, annotation


@dataclasses.dataclass
class Watch:
    """What the wrapped functions saw: the values unlike their annotations, the words called."""

    found: set[Mismatch] = dataclasses.field(default_factory=set)
    called: set[str] = dataclasses.field(default_factory=set)

    def check(self, word: str, parameter: str, value: Any, hint: Any) -> None:
        try:
            check_type(value, hint)
        except TypeCheckError:
            self.found.add((word, parameter, repr(value)[:60], str(hint)))

    def wrap(self, word: str, function: Callable[..., Any]) -> Callable[..., Any]:
        """`function`, checking each call's arguments and its result against its annotations."""
        signature = inspect.signature(function)
        hints = typing.get_type_hints(function)

        def call(*args: Any) -> Any:
            self.called.add(word)
            for parameter, value in signature.bind(*args).arguments.items():
                if parameter in hints:
                    self.check(word, parameter, value, hints[parameter])
            result = function(*args)
            if "return" in hints:
                self.check(word, "return", result, hints["return"])
            return result

        return call


def watched(table: dict[str, Any], field: str, watch: Watch, mp: pytest.MonkeyPatch) -> None:
    """Replace each entry of a registry table by one whose `field` function is watched."""
    for name, entry in list(table.items()):
        function = getattr(entry, field)
        if function is not None:
            wrapped = watch.wrap(f"{name} ({field})", function)
            mp.setitem(table, name, dataclasses.replace(entry, **{field: wrapped}))


@pytest.fixture
def checked_rules(
    project: Project, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[Rules, Watch]]:
    watch = Watch()
    # code compiled from the session's card nodes is cached by node (runtime/effects/context.py):
    # the test starts that cache empty, so all of it is compiled with the wrappers, and puts the
    # session's back after, so no wrapper outlives the test
    for form in COMPILED:
        monkeypatch.setitem(COMPILED, form, {})
    watched(registry.OPS, "impl", watch, monkeypatch)
    watched(registry.MEASURES, "read", watch, monkeypatch)
    watched(registry.MEASURES, "write", watch, monkeypatch)
    watched(registry.PREDICATES, "test", watch, monkeypatch)
    yield Rules(project.cards), watch


def test_every_word_gets_and_gives_what_it_declares(
    project: Project, checked_rules: tuple[Rules, Watch]
) -> None:
    rules, watch = checked_rules
    runner = Runner(project.cards, rules)
    scenarios: list[Path] = discover([BUNDLED])
    for path in scenarios:
        runner.run(path, packs=(path.parent.parent.name,))
    packs = tuple(sorted({card.pack for card in project.cards.cards.values()}))
    for seed in range(1, 6):
        setup = build_setup(project.cards, players=5, packs=packs, seed=seed)
        agents = [RandomAgent(seed * 101 + s) for s in range(setup.players)]
        play_game(Game(project.cards, setup, agents, rules=rules, log=False))
    ops = {f"{name} (impl)" for name in registry.OPS}
    # the check saw the language at work (some ops run only through their fast path)
    assert len(watch.called & ops) >= 0.8 * len(ops), sorted(ops - watch.called)
    report = "\n".join(f"{w}: {p}={v} is not {h}" for w, p, v, h in sorted(watch.found))
    assert not watch.found, f"{len(watch.found)} value(s) unlike their annotation:\n{report}"
