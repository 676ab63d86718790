"""What every compiled form shares: the switch between generated code and plain closures, the
error for IR the registry cannot place, and the small closures each form falls back on
(nothing in; the shared pieces out)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from runtime.effects.context import Ctx
from runtime.registry import NUMBER_RANGES, T

Fn = Callable[[Ctx], Any]


class CompileError(Exception):
    """IR that names something the registry lacks (a compiler/runtime version mismatch)."""


class PhraseError(RuntimeError):
    """A phrase the resolver refuses reached the runtime (an owner naming several players where
    an op wants one, ships in a place that holds none): the resolver and the runtime disagree."""


class _Fast:
    """Whether compiling uses the fast forms: generated code for numbers, players and
    conditions (codegen), and the fast paths ops own. Off, every node compiles to the plain
    closures below and every op runs its implementation: the reference behaviour, which a test
    compares with the fast forms on every bundled hook."""

    on = True


FAST = _Fast()


@contextmanager
def reference_forms() -> Iterator[None]:
    """Compile with the plain closures and op implementations only, while the block runs."""
    FAST.on = False
    try:
        yield
    finally:
        FAST.on = True


MAX_AMOUNT = NUMBER_RANGES[T.NUMBER.value][1]


def at_most(n: int, most: int) -> int:
    """A computed count bounded by what exists (the cards, the ships), so that no effect, however
    its numbers multiply, asks the engine for endless work."""
    # comparisons, not min() and max(): each builtin parses its keywords on every call
    if n > most:
        n = most
    return n if n > 0 else 0


def absent(ctx: Ctx) -> None:
    return None


def nobody(ctx: Ctx) -> int:
    return -1


def the_owner(ctx: Ctx) -> list[int]:
    return [ctx.you]
