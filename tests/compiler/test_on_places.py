"""`on` after a phrase says where, as `in` does ("the offense's ships on the defense's planets"),
and an op written with `on PLACE` still takes its place from it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from compiler.pipeline.parser import parser
from compiler.pipeline.resolve import Resolver
from runtime import ir


def resolved(text: str, *, condition: bool = False) -> ir.Node:
    resolver = Resolver("reveal.after_cards", text)
    node = (
        resolver.condition(parser().condition(text))
        if condition
        else resolver.effect(parser().effect(text))
    )
    assert not resolver.errors, [e.message for e in resolver.errors]
    return replace(node, text="") if isinstance(node, ir.Do) else node


@pytest.mark.parametrize(
    "written",
    [
        "draw (the number of the offense's ships in the defense's planets) cards",
        "lose all of your ships in the target planet to the warp",
        "gain (your ships in your colonies) markers",
        "gain (the number of the defense's ships in a planet) markers",
        "for each of your ships in the target planet:\n  draw 1 card",
        "move 1 of your ships in the encounter to the warp",
    ],
)
def test_on_gives_the_same_effect_as_in(written: str) -> None:
    assert resolved(written.replace(" in ", " on ")) == resolved(written)


@pytest.mark.parametrize(
    "written",
    [
        "the offense's ships in the defense's planets is at least 2",
        "the number of your ships in a planet is at least 2",
    ],
)
def test_on_gives_the_same_condition_as_in(written: str) -> None:
    on = written.replace(" in ", " on ")
    assert resolved(on, condition=True) == resolved(written, condition=True)


def test_the_issues_example_counts_the_offenses_ships_on_the_defenses_home_planets() -> None:
    node = resolved("draw (the number of the offense's ships on the defense's planets) cards")
    assert isinstance(node, ir.Do) and isinstance(node.args[0], ir.Cards)
    assert node.args[0].count == ir.CountOf(
        ir.Ships(None, ir.Players("offense"), ir.Place("home planets", ir.Players("defense")))
    )


@pytest.mark.parametrize(
    ("text", "ships", "place"),
    [
        (
            "place 1 of your ships on a home planet of the offense",
            ir.Ships(ir.Num(1), ir.Players("you")),
            ir.Place("home planets", ir.Players("offense")),
        ),
        (
            "place 1 of your ships in your foreign colonies on a home planet of the offense",
            ir.Ships(ir.Num(1), ir.Players("you"), ir.Place("foreign colonies", ir.Players("you"))),
            ir.Place("home planets", ir.Players("offense")),
        ),
    ],
)
def test_an_op_written_with_on_takes_its_place_from_the_last_on(
    text: str, ships: ir.Node, place: ir.Node
) -> None:
    assert resolved(text) == ir.Do("place ships", None, (ships, place))


def test_an_op_written_with_on_still_says_when_it_has_no_place() -> None:
    resolver = Resolver("reveal.after_cards", "place 1 of your ships in your colonies")
    resolver.effect(parser().effect("place 1 of your ships in your colonies"))
    assert [(e.message, e.hint) for e in resolver.errors] == [
        ("'place' is missing 'on place'", "'place' is written: place SHIPS on PLACE")
    ]
