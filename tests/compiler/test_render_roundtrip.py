"""Rules text written from a definition reads back as the same definition: for every bundled hook,
the effect, condition and cost `cosmic render` writes parse and resolve to the IR they came from."""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

import pytest

from compiler.pipeline.parser import parser
from compiler.pipeline.project import Project
from compiler.pipeline.resolve import Resolver
from compiler.tools import render
from runtime import ir
from runtime.cards import Hook
from runtime.record import Record
from tests.tiers import spread


def without_wording(node: Any) -> Any:
    """The IR with the author's own wording left out (a statement keeps its text for prompts)."""
    if isinstance(node, tuple):
        return tuple(without_wording(n) for n in node)
    if isinstance(node, (ir.Do, ir.May, ir.Offer)):
        node = replace(node, text="")
    if isinstance(node, Record):
        return replace(
            node, **{f.name: without_wording(getattr(node, f.name)) for f in fields(node)}
        )
    return node


def read_back(text: str, window: str, *, condition: bool = False) -> ir.Node | None:
    resolver = Resolver(window, text)
    node = (
        resolver.condition(parser().condition(text))
        if condition
        else resolver.effect(parser().effect(text))
    )
    assert not resolver.errors, (text, [e.message for e in resolver.errors])
    return node


def every_hook(project: Project) -> list[Hook]:
    return [h for card in project.cards.cards.values() for h in card.hooks]


@pytest.mark.slow  # every hook of the bundled cards
def test_every_bundled_hook_reads_back_as_itself(project: Project) -> None:
    hooks = every_hook(project)
    assert len(hooks) >= 199
    for hook in spread(hooks, 4):  # a quarter of them in the quick tier
        where = f"{hook.card} {hook.name} ({hook.window})"
        text = render.statement(hook.effect)
        got = read_back(text, hook.window)
        assert without_wording(got) == without_wording(hook.effect), f"{where}:\n{text}"
        if hook.condition is not None:
            cond = render.condition(hook.condition)
            got = read_back(cond, hook.window, condition=True)
            assert got == hook.condition, f"{where}: if: {cond}"
        if hook.cost is not None:
            cost = render.statement(hook.cost)
            got = read_back(cost, hook.window)
            assert without_wording(got) == without_wording(hook.cost), f"{where}: cost: {cost}"


@pytest.mark.parametrize(
    "text",
    [
        "you may discard 1 card and draw 2 cards",
        "each ally may discard 1 card and draw 1 card",
        "for each player starting with the offense in reverse order:\n  they draw 1 card",
        "gain (your ships in the defense's home colonies) rewards",
        "gain (the number of each player's ships in your system) lucre",
        "gain 1 reward",
        "draw (the number of your allies' ships in the encounter) cards",
        "reveal 1 attack card\ndiscard those cards",
        "take 1 highest attack card from the opponent",
        "set your card value to (the units digit of your card value * 10 + the tens digit of your card value)",
        "gain (the remainder of (your ships in the encounter + 3) divided by 4) lucre",
        "draw (the smaller of 3 and the larger of (your colonies) and 1) cards",
        "repeat (the number of your colonies - 1) times:\n  draw 1 card",
        "if you would win the encounter and the offense would lose, draw 1 card",
        "if any other player accepts starting with the offense:\n  they draw 1 card\notherwise:\n  draw 1 card",
        "if another player you choose accepts, give them 1 card",
        "up to 1 other player you choose loses 1 ship",
        "2 players you choose draw 1 card",
    ],
)
def test_new_phrases_read_back_as_themselves(text: str) -> None:
    window = "reveal.after_cards"
    node = read_back(text, window)
    assert node is not None
    again = render.statement(node)
    assert without_wording(read_back(again, window)) == without_wording(node), again


@pytest.mark.slow  # a fresh interpreter, where nothing has loaded the language yet
def test_rules_text_renders_in_a_process_that_loaded_nothing_else() -> None:
    from tests import fresh_python

    script = (
        "from compiler.pipeline.parser import parser\n"
        "from compiler.pipeline.resolve import Resolver\n"
        "from compiler.tools import render\n"
        "text = 'draw 1 card'\n"
        "node = Resolver('reveal.after_cards', text).effect(parser().effect(text))\n"
        "print(render.statement(node))\n"
    )
    assert fresh_python(script).strip() == "draw 1 card"
