"""The tree builder's parse rules of numbers: parse items of a number slot in (a literal, a count,
the total value of cards, halves with their rounding, twice, remainders, the smaller or larger
of two, a number's digits and the four operations), compiler.pipeline.ast expressions out."""

from __future__ import annotations

from typing import Any

from compiler.pipeline import ast
from compiler.pipeline.tokens import Token
from compiler.pipeline.tree_parts import span as _pos


class NumberBuilder:
    """Mixed into the Builder: one callback per number rule of the grammar."""

    def number(self, items: list[Any]) -> ast.Num:
        return ast.Num(int(items[0]), _pos(items[0]))

    def variable(self, items: list[Any]) -> ast.Var:
        return ast.Var(_pos(items[0]))

    def count(self, items: list[Any]) -> ast.Count:
        return ast.Count(items[1], _pos(*items))

    def total_value(self, items: list[Any]) -> ast.TotalValue:
        return ast.TotalValue(items[1], _pos(*items))

    def half(self, items: list[Any]) -> ast.HalfOf:
        value = next(i for i in items[1:] if not isinstance(i, Token) and not isinstance(i, bool))
        round_up = any(i is True for i in items)
        return ast.HalfOf(value, round_up, _pos(*[i for i in items if not isinstance(i, bool)]))

    def rounding(self, items: list[Any]) -> bool:
        return items[1].type == "UP"

    def twice(self, items: list[Any]) -> ast.Bin:
        return ast.Bin("*", ast.Num(2, _pos(items[0])), items[1], _pos(*items))

    def remainder(self, items: list[Any]) -> ast.Bin:
        return ast.Bin("%", items[1], items[3], _pos(*items))

    def smaller(self, items: list[Any]) -> ast.Bin:
        return ast.Bin("min", items[1], items[3], _pos(*items))

    def larger(self, items: list[Any]) -> ast.Bin:
        return ast.Bin("max", items[1], items[3], _pos(*items))

    def units_digit(self, items: list[Any]) -> ast.Bin:
        pos = _pos(*items)
        return ast.Bin("%", items[1], ast.Num(10, pos), pos)

    def tens_digit(self, items: list[Any]) -> ast.Bin:
        pos = _pos(*items)
        tens = ast.Bin("/", items[1], ast.Num(10, pos), pos)
        return ast.Bin("%", tens, ast.Num(10, pos), pos)

    def _bin(self, op: str, items: list[Any]) -> ast.Bin:
        return ast.Bin(op, items[0], items[2], _pos(items[0], items[2]))

    def add(self, items: list[Any]) -> ast.Bin:
        return self._bin("+", items)

    def sub(self, items: list[Any]) -> ast.Bin:
        return self._bin("-", items)

    def mul(self, items: list[Any]) -> ast.Bin:
        return self._bin("*", items)

    def div(self, items: list[Any]) -> ast.Bin:
        return self._bin("/", items)
