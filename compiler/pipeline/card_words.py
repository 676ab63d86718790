"""The words of the effect language a compiled card uses: a CardDef in, the ops, measures,
predicates and counted amounts its hooks (and a destiny card's target) name out. The link stage
checks with them that a pack names the rules modules its cards need, and
`compiler/tools/op_users.py` lists every op with the cards that use it."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from runtime import ir
from runtime.cards import CardDef
from runtime.record import Record


@dataclass(slots=True)
class Words:
    """The names a card's IR uses, by what they name."""

    ops: set[str] = field(default_factory=set)
    measures: set[str] = field(default_factory=set)
    predicates: set[str] = field(default_factory=set)
    amounts: set[str] = field(default_factory=set)  # what an amount counts: "lucre", "rewards"

    def all(self) -> set[str]:
        return self.ops | self.measures | self.predicates | self.amounts


_CONTAINERS = (tuple, list, frozenset, set)
# an annotation that names the IR: `Node`, `Node | None`, `tuple[Node, ...]`, `CardFilter`
_NAMES_IR = re.compile(
    r"\b(?:Node|"
    + "|".join(
        name
        for name, value in vars(ir).items()
        if isinstance(value, type) and issubclass(value, Record) and value is not Record
    )
    + r")\b"
)
# the IR classes that name a word of the language: the field naming it, and the set it goes in
_WORD_FIELDS = {
    ir.Do: ("op", "ops"),
    ir.Measure: ("name", "measures"),
    ir.Pred: ("name", "predicates"),
    ir.Amount: ("what", "amounts"),
}

Visitor = Callable[[Any, Words, list[object], int], None]

# How a visitor goes on to one part (a field's value or a container's item): absent ones and
# leaves are settled at once, the rest visited by their class's visitor, or left on the stack
# once the visitors' calls nest `_DEEPEST` deep (a card's IR may nest deeper than Python
# recurses). The record visitors and the container visitor are compiled from this one text.
_VISIT_PART = """
    if part is not None:
        visit = _get(part.__class__) or _visitor(part.__class__)
        if visit is not _leaf:
            if depth < _DEEPEST:
                visit(part, found, stack, depth + 1)
            else:
                stack.append(part)"""
_DEEPEST = 50


def _leaf(item: object, found: Words, stack: list[object], depth: int) -> None:
    """The visitor of a class whose objects hold no IR and name no word."""


def _compiled(name: str, lines: list[str]) -> Visitor:
    made: dict[str, Any] = {
        "_get": _VISITORS.get,
        "_visitor": _visitor,
        "_leaf": _leaf,
        "_DEEPEST": _DEEPEST,
    }
    exec(f"def {name}(item, found, stack, depth):" + "".join(lines), made)
    visitor: Visitor = made[name]
    return visitor


def _visitor(cls: type) -> Visitor:
    """How a walk visits an object of `cls`, compiled when the walk first meets the class. A
    record names its word (if its class names one) and goes on to the fields that may hold IR,
    as its annotations say (the rest hold plain words, numbers and flags); a container to its
    items; anything else is a leaf."""
    found: Visitor = _leaf
    if issubclass(cls, Record):
        hints: dict[str, str] = cls.__annotations__
        slots: tuple[str, ...] = cls.__slots__
        lines = [
            f"\n    part = item.{n}" + _VISIT_PART for n in slots if _NAMES_IR.search(str(hints[n]))
        ]
        word = _WORD_FIELDS.get(cls)
        if word is not None:
            lines.insert(0, f"\n    found.{word[1]}.add(item.{word[0]})")
        if lines:
            found = _compiled(f"visit_{cls.__name__}", lines)
    elif issubclass(cls, _CONTAINERS):
        found = _visit_items
    _VISITORS[cls] = found
    return found


# the visitor of each class met so far
_VISITORS: dict[type, Visitor] = {}
# a container's visitor: on to each of its items
_visit_items = _compiled(
    "visit_items", ["\n    for part in item:" + _VISIT_PART.replace("\n", "\n    ")]
)


def words_of(card: CardDef) -> Words:
    found = Words()
    roots = [card.target]
    for hook in card.hooks:
        roots += [hook.effect, hook.condition, hook.cost]
    stack: list[object] = [roots]
    # each object left on the stack has its visitor (met when it was left); the words are sets,
    # so the order is free
    visitors = _VISITORS
    while stack:
        item = stack.pop()
        (visitors.get(item.__class__) or _visitor(item.__class__))(item, found, stack, 0)
    return found
