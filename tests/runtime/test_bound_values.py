"""An effect's context kept as data and rebuilt: bindings, formulas, rebuilt contexts and copies
each carry every bound value across, slot by slot."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from runtime import ir
from runtime.cards import Hook
from runtime.effects.context import (
    Ctx,
    bindings_of,
    context,
    formula_context,
    formula_of,
)
from runtime.lasting_data import Bindings, Formula, Period

HOOK = Hook("virus", "Multiply", "power", "reveal.totals", ir.Num(1), ("main player",))
BOUND = [f.name for f in fields(Bindings)]


def distinct_context() -> Ctx:
    """A context whose every slot holds a value no other slot holds."""
    ctx = Ctx(game=object(), you=3, hook=HOOK, event=object(), card=41)  # type: ignore[arg-type]
    ctx.they, ctx.subject, ctx.nudge = 4, 2, 1
    ctx.moved, ctx.names = [7, 8], {"number": 5}
    ctx.period = Period("turn")
    return ctx


def same_bound_values(a: Any, b: Any) -> list[str]:
    """The bound slots whose values differ (lists and names are shared, not copied)."""
    return [name for name in BOUND if getattr(a, name) is not getattr(b, name)]


def test_bindings_are_exactly_the_context_less_its_game_and_event() -> None:
    assert set(BOUND) == set(Ctx.__slots__) - {"game", "event"}


def test_bindings_and_formulas_keep_every_bound_value() -> None:
    ctx = distinct_context()
    node = ir.Num(4)
    assert same_bound_values(bindings_of(ctx), ctx) == []
    formula = formula_of(ctx, node)
    assert isinstance(formula, Formula) and formula.node is node
    assert same_bound_values(formula, ctx) == []


def test_contexts_rebuilt_from_bindings_and_formulas_match_the_original() -> None:
    ctx = distinct_context()
    event = object()
    rebuilt = context(ctx.game, bindings_of(ctx), event)
    assert same_bound_values(rebuilt, ctx) == []
    assert rebuilt.game is ctx.game and rebuilt.event is event
    spare = Ctx(game=object(), you=0, hook=HOOK)  # type: ignore[arg-type]
    again = formula_context(ctx.game, formula_of(ctx, ir.Num(4)), spare)
    assert again is spare  # the spare context is refilled, not replaced
    assert same_bound_values(again, ctx) == []
    assert again.game is ctx.game and again.event is None


def test_a_copy_keeps_every_slot_and_changes_apart_from_the_original() -> None:
    ctx = distinct_context()
    other = ctx.copy()
    assert all(getattr(other, name) is getattr(ctx, name) for name in Ctx.__slots__)
    other.they = 0
    assert ctx.they == 4
