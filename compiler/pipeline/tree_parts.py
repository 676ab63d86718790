"""Parts of the tree builder: positions of parse items, and the parse rules of the value bounds
of card filters, `choose a player`, `repeat until` and `outside` (parse items in, syntax tree
pieces out)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from compiler.pipeline import ast
from compiler.pipeline.tokens import Token

# a card filter's value bounds as the parse hands them on: lowest, highest and where written
WorthRange = tuple[str, ast.Expr | None, ast.Expr | None, ast.Pos]


def span(*items: Any) -> ast.Pos:
    """Where parse items sit in the effect text: from the first start to the last end."""
    start: int | None = None
    end = 0
    for item in items:
        if isinstance(item, Token):
            first = item.start_pos
            if first is None:
                continue
            last = item.end_pos
            if last is None:
                last = first + len(item)
        elif hasattr(item, "pos"):
            first, last = item.pos
        elif isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], int):
            first, last = item
        elif isinstance(item, (list, tuple)):
            placed = [part for part in map(span, item) if part != (0, 0)]
            if not placed:
                continue
            first, last = span(*placed)
        else:
            continue
        if start is None:
            start, end = first, last
        else:
            if first < start:
                start = first
            if last > end:
                end = last
    return (0, 0) if start is None else (start, end)


def with_worth(np: ast.NP, worth: tuple[Any, ...]) -> ast.NP:
    """A noun phrase with the value bounds written after its noun ("worth 06", "between ...")."""
    if worth[0] == "worth":
        return replace(np, worth=worth[1], pos=span(np, worth))
    return replace(np, worth_range=(worth[1], worth[2]), pos=span(np, worth))


def _values(items: list[Any]) -> list[Any]:
    return [i for i in items if not isinstance(i, Token)]


class PartsBuilder:
    """Parse rules the tree builder takes in (its methods are found by rule name)."""

    def choose_phrase(self, items: list[Any]) -> ast.VerbPhrase:
        # "choose a player" names the player, as "name a player" does
        verb: Token = items[0]
        return ast.VerbPhrase("name", verb.value, tuple(items[1:]), span(*items))

    def repeat_until(self, items: list[Any]) -> ast.RepeatUntilStmt:
        return ast.RepeatUntilStmt(items[2], items[3], span(*items))

    def worth_at_most(self, items: list[Any]) -> WorthRange:
        return ("worth range", None, _values(items)[0], span(*items))

    def worth_at_least(self, items: list[Any]) -> WorthRange:
        return ("worth range", _values(items)[0], None, span(*items))

    def worth_between(self, items: list[Any]) -> WorthRange:
        low, high = _values(items)
        return ("worth range", low, high, span(*items))

    # where ships come from: "your ships outside the encounter", "from outside the encounter"
    def tail_outside(self, items: list[Any]) -> ast.Tail:
        return ast.Tail("outside", items[1], None, span(*items))

    def pp_outside(self, items: list[Any]) -> ast.PP:
        where = ast.NP("outside", span(*items[1:]), inner=items[2])
        return ast.PP(str(items[0]).lower(), where, span(*items))
