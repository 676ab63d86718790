"""Effect texts read within one run, kept so that a text met again reads as it did the first time:
its parse, its resolution in the same scope, and the pieces of each of its lines."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from compiler.pipeline.parser import EffectParser
    from compiler.pipeline.resolve import ResolveError, Resolver
    from runtime import ir

# the card's marker kinds and its piles (None: unchecked)
Kinds = tuple[tuple[str, ...] | None, tuple[str, ...] | None]

# entries a store keeps at most: a project's distinct texts fit many times over, while a process
# that compiles texts one by one and never starts a run (the language server, a text per
# keystroke) does not keep every text it ever saw
MAX_KEPT = 10_000


class Store(dict[Any, Any]):
    """One of the run's stores, emptied when it is full (a text read again is then read anew)."""

    def __setitem__(self, key: Any, value: Any) -> None:
        if len(self) >= MAX_KEPT:
            self.clear()
        super().__setitem__(key, value)


# (start rule, text) -> the syntax tree, or the EffectSyntaxError it raised
PARSED = Store()
# (start rule, window, text, (the card's marker kinds, its piles)) -> (IR node, resolve errors)
RESOLVED = Store()
# a line of effect text -> (the vocabulary it was lexed with, its pieces): texts differ, but many
# of their lines do not ("otherwise:", "for each player:")
LINES = Store()


def forget() -> None:
    """Start a new run: texts read in earlier runs are read again. (Releasing them at the end of
    the run instead moves the cost into that run, and the collector then walks more objects in
    the next one: a cached run after a full compile took 4 ms longer.)"""
    PARSED.clear()
    RESOLVED.clear()
    LINES.clear()


@functools.cache
def _front_end() -> tuple[Callable[[], EffectParser], type[Resolver]]:
    """The effect parser and the resolver, imported when the first card is compiled, not with this
    module: a run whose every card comes from the compile cache never loads them (or Lark)."""
    from compiler.pipeline.parser import parser
    from compiler.pipeline.resolve import Resolver

    return parser, Resolver


def read_text(
    start: str, text: str, window: str | None, kinds: Kinds
) -> tuple[ir.Node | None, list[ResolveError]]:
    """`text` parsed from the rule `start` and resolved in `window`'s scope, with the card's
    marker kinds and piles: the node and the problems found. Raises EffectSyntaxError. A text
    met again in the same scope resolves as it did, into the same immutable IR."""
    key = (start, window, text, kinds)
    found = RESOLVED.get(key)
    if found is None:
        parser, resolver_of = _front_end()
        tree = parser().parse(text, start)
        resolver = resolver_of(window, text, *kinds)
        node: ir.Node | None
        if start == "start":
            node = resolver.effect(tree)
        elif start == "cond_start":
            node = resolver.condition(tree)
        else:
            node = resolver.players(tree)
        found = RESOLVED[key] = (node, resolver.errors)
    return found
