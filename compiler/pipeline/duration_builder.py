"""Parse callbacks for durations that end at a window: DURATION words and `until <window>` in,
compiler.pipeline.ast Duration nodes (scope "until", the window, whether it waits for "your"
next turn or encounter) out."""

from __future__ import annotations

from typing import Any

from compiler.pipeline import ast
from compiler.pipeline.tokens import Token
from compiler.pipeline.tree_parts import span as _pos


def duration_word(token: Token) -> ast.Duration:
    """A DURATION word: a scope, or "until <window>" with "yours" when it waits for the
    owner's next turn or encounter."""
    words = str(token).split()
    if words[0] == "until":
        return ast.Duration("until", 1, _pos(token), window=words[1], yours=len(words) > 2)
    return ast.Duration(str(token), 1, _pos(token))


class DurationBuilder:
    """The tree builder's callbacks for `until <window>`, before or after a statement."""

    def lasting_until(self, items: list[Any]) -> ast.LastingStmt:
        duration = ast.Duration("until", 1, _pos(*items[:2]), window=str(items[1]))
        return ast.LastingStmt(duration, items[-1], _pos(*items))

    def until_window(self, items: list[Any]) -> ast.Duration:
        return ast.Duration("until", 1, _pos(*items), window=str(items[1]))
