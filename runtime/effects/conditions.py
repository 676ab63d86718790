"""IR in, closures out, for an effect's conditions: predicates, comparisons of numbers, and
their combinations (the generated form comes from codegen.py)."""

from __future__ import annotations

from collections.abc import Callable

from runtime import ir
from runtime.effects import codegen
from runtime.effects.context import Ctx
from runtime.effects.expressions import arg, value
from runtime.effects.forms import FAST, CompileError
from runtime.registry import PREDICATES


def condition(node: ir.Node) -> Callable[[Ctx], bool]:
    return codegen.condition(node) if FAST.on else condition_closure(node)


def condition_closure(node: ir.Node) -> Callable[[Ctx], bool]:
    """The closure form, for conditions the code generator leaves to it."""
    if isinstance(node, ir.Pred):
        p = PREDICATES.get(node.name)
        if p is None:
            raise CompileError(f"unknown predicate '{node.name}'")
        test = p.test
        args = [arg(a, t) for a, t in zip(node.args, p.args, strict=True)]
        if len(args) == 1:
            only = args[0]
            return lambda ctx: bool(test(ctx, only(ctx)))
        return lambda ctx: bool(test(ctx, *[a(ctx) for a in args]))
    if isinstance(node, ir.Compare):
        a, b = value(node.left), value(node.right)
        compare = _COMPARE[node.op]
        return lambda ctx: compare(a(ctx), b(ctx))
    if isinstance(node, ir.AllOf):
        parts = [condition(n) for n in node.items]
        return lambda ctx: all(p(ctx) for p in parts)
    if isinstance(node, ir.AnyOf):
        parts = [condition(n) for n in node.items]
        return lambda ctx: any(p(ctx) for p in parts)
    if isinstance(node, ir.Not):
        inner = condition(node.item)
        return lambda ctx: not inner(ctx)
    raise CompileError(f"not a condition: {type(node).__name__}")


_COMPARE: dict[str, Callable[[int, int], bool]] = {
    ">=": lambda a, b: a >= b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    "<": lambda a, b: a < b,
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
}


codegen.CLOSURES.update(condition=condition_closure)
