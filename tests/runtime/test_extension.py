"""The extension interface: rules modules register only at known points and under unique names, a
game runs only the modules its packs name (and of those only the switched-on ones), and the
core's calls (run, first, answer, fold) reach the modules in registration order."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from compiler.pipeline.module_needs import named_with_requirements
from runtime import extension
from runtime.agents import RandomAgent
from runtime.cards import CardSet
from runtime.effects.link import Rules
from runtime.extension import MODULES, ExtensionError, RulesModule, register
from runtime.game import Game
from runtime.language import load
from runtime.modules import __file__ as modules_init
from runtime.modules.lucre.purses import purse
from runtime.rules.turn import start_game
from runtime.setup import Setup

load()


@dataclass
class FakeGame:
    modules: tuple[RulesModule, ...]
    options: dict[str, Any] = field(default_factory=dict)
    module_steps: extension.ActiveSteps = field(init=False)

    def __post_init__(self) -> None:
        self.module_steps = extension.ActiveSteps(self)

    def option(self, name: str) -> Any:
        return self.options.get(name)


@pytest.fixture
def scratch() -> Iterator[list[str]]:
    """Names of modules a test registers; they are removed afterwards."""
    names: list[str] = []
    yield names
    for name in names:
        MODULES.pop(name, None)


def test_a_module_with_a_step_at_an_unknown_point_is_refused(scratch: list[str]) -> None:
    module = RulesModule("scratch", "", steps={"turn.begin": lambda game: None})
    with pytest.raises(ExtensionError, match=r"unknown point\(s\) turn.begin .*turn.start"):
        register(module)
    assert "scratch" not in MODULES


def test_two_modules_may_not_share_a_name(scratch: list[str]) -> None:
    scratch.append("scratch")
    first = register(RulesModule("scratch", "", steps={}))
    assert register(first) is first  # registering the same module again is harmless
    with pytest.raises(ExtensionError, match="two rules modules are named 'scratch'"):
        register(RulesModule("scratch", "", steps={}))


def test_the_core_calls_reach_the_switched_on_modules_in_order() -> None:
    calls: list[str] = []
    a = RulesModule(
        "a",
        "",
        steps={
            "turn.start": lambda game, seat: calls.append(f"a{seat}"),
            "total": lambda game, enc, side, total: total * 10,
            "chance.pick": lambda game, *args: None,
            "alliance.answers": lambda game, enc, seats: False,
        },
    )
    b = RulesModule(
        "b",
        "",
        steps={
            "turn.start": lambda game, seat: calls.append(f"b{seat}"),
            "total": lambda game, enc, side, total: total + 1,
            "chance.pick": lambda game, *args: [7],
            "alliance.answers": lambda game, enc, seats: True,
        },
    )
    off = RulesModule(
        "off",
        "",
        option="off_switch",
        steps={"turn.start": lambda game, seat: calls.append("off"), "total": lambda *a: 0},
    )
    game = FakeGame((a, off, b))
    extension.run(game, "turn.start", 3)
    assert calls == ["a3", "b3"]
    assert extension.fold(game, "total", 2, None, 0) == 21
    assert extension.answer(game, "chance.pick", [1, 7], 1, (), "a card") == [7]
    assert extension.first(game, "alliance.answers", None, [])
    assert not extension.first(FakeGame((a,)), "alliance.answers", None, [])
    switched_on = FakeGame((a, off, b), {"off_switch": True})
    assert extension.fold(switched_on, "total", 2, None, 0) == 1


def test_a_game_whose_modules_are_replaced_opens_the_points_of_the_new_ones(
    cards: CardSet, rules: Rules
) -> None:
    """The table's index of the modules' steps is found at the first point opened, and found
    again once its modules are replaced; a restored game finds its own."""
    calls: list[int] = []
    counting = RulesModule("counting", "", steps={"turn.start": lambda g, seat: calls.append(seat)})
    game = Game(cards, Setup(players=3), [RandomAgent(s) for s in range(3)], rules=rules)
    extension.run(game, "turn.start", 0)
    assert calls == [] and game.module_steps["turn.start"] == ()
    game.modules = (*game.modules, counting)
    extension.run(game, "turn.start", 1)
    assert calls == [1]
    assert extension.steps(game, "turn.start") == [(counting, counting.steps["turn.start"])]
    restored = Game.restore(game.snapshot())
    assert restored.module_steps is not game.module_steps
    assert [m.name for m in restored.modules] == ["techs"]
    extension.run(restored, "turn.start", 2)
    assert calls == [1]


def test_a_pack_naming_an_unknown_module_cannot_be_played() -> None:
    @dataclass
    class Pack:
        modules: tuple[str, ...]

    with pytest.raises(ExtensionError, match=r"unknown rules module\(s\) pirates \(known: "):
        extension.named_by({"p": Pack(("lucre", "pirates"))}, ["p"])


def test_a_game_uses_only_the_modules_its_packs_name(cards: CardSet, rules: Rules) -> None:
    base = Game(cards, Setup(players=3), [RandomAgent(s) for s in range(3)], rules=rules)
    assert [m.name for m in base.modules] == ["techs"]
    setup = Setup(players=3, packs=("base", "lucre", "set6"))
    economy = Game(cards, setup, [RandomAgent(s) for s in range(3)], rules=rules)
    named = [m.name for m in economy.modules]
    assert named == ["techs", "lucre", "hired_help", "insurance", "leases", "raids"]


def test_a_named_module_whose_option_is_off_does_nothing(cards: CardSet, rules: Rules) -> None:
    setup = Setup(players=3, packs=("base", "lucre"))
    on = Game(cards, setup, [RandomAgent(s) for s in range(3)], rules=rules)
    start_game(on)
    assert [purse(p).lucre for p in on.state.players] == [4, 4, 4]
    setup = Setup(players=3, packs=("base", "lucre"), options={"lucre": False})
    off = Game(cards, setup, [RandomAgent(s) for s in range(3)], rules=rules)
    start_game(off)
    assert [purse(p).lucre for p in off.state.players] == [0, 0, 0]


def test_a_module_lists_exactly_the_words_its_file_registers() -> None:
    from runtime.registry import MEASURES, OPS

    for module in MODULES.values():
        mod = f"runtime.modules.{module.name}"

        def of_module(where: str, mod: str = mod) -> bool:  # a module may be a package
            return where == mod or where.startswith(mod + ".")

        owned = {n for n, o in OPS.items() if of_module(o.impl.__module__)}
        owned |= {n for n, m in MEASURES.items() if of_module(m.read.__module__)}
        assert set(module.words) == owned, module.name
    assert set(MODULES["raids"].words) == {"raid"}
    assert {"lay essence", "essence uses"} <= set(MODULES["essence"].words)


def modules_imported(name: str) -> set[str]:
    """The other rules modules whose code the module `name` imports (its file, or its package)."""
    path = Path(modules_init).parent / name
    files = sorted(path.rglob("*.py")) if path.is_dir() else [path.with_suffix(".py")]
    text = "".join(f.read_text(encoding="utf-8") for f in files)
    found = re.findall(r"from runtime\.modules\.(\w+)|from runtime\.modules import (\w+)", text)
    return {a or b for a, b in found} - {name}


def test_a_module_built_on_another_is_named_only_with_it(cards: CardSet) -> None:
    """A module using another's services (a raid pays from lucre's purses) reads that module's
    records, so every pack naming it names the other too, itself or through a pack it requires
    (`set6` requires the `lucre` pack)."""
    built_on = {name: modules_imported(name) for name in MODULES}
    assert built_on["raids"] == built_on["leases"] == {"lucre"}
    assert built_on["lucre"] == set()
    for pack_id, named in named_with_requirements(cards.packs).items():
        for module in named:
            missing = built_on[module] - named
            assert not missing, f"pack '{pack_id}' names '{module}' but not {missing}"
