"""The words of the effect language a compiled card uses: a CardDef in, the ops, measures,
predicates and counted amounts its hooks (and a destiny card's target) name out. The link stage
checks with them that a pack names the rules modules its cards need, and
`compiler/tools/op_users.py` lists every op with the cards that use it."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from operator import attrgetter
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

Parts = Callable[[Any], Iterable[object]]
# what a walk does with an object of each class met so far: how to get the parts of it to visit
# next (None: nothing to visit), and the word it names, if any
_VISITS: dict[type, tuple[Parts | None, tuple[str, str] | None]] = {}


def _same(items: Iterable[object]) -> Iterable[object]:
    return items


def _one_field(name: str) -> Parts:
    get = attrgetter(name)

    def parts(item: Any) -> tuple[object]:
        return (get(item),)

    return parts


def _visit(cls: type) -> tuple[Parts | None, tuple[str, str] | None]:
    """How a walk visits an object of `cls`. A record is visited through the fields that may hold
    IR, as its annotations say (the rest hold plain words, numbers and flags); a container through
    its items; anything else is a leaf."""
    parts: Parts | None = None
    if issubclass(cls, Record):
        hints: dict[str, str] = cls.__annotations__
        slots: tuple[str, ...] = cls.__slots__
        names = [n for n in slots if _NAMES_IR.search(str(hints[n]))]
        if len(names) == 1:
            parts = _one_field(names[0])
        elif names:
            parts = attrgetter(*names)  # a tuple of the fields' values
    elif issubclass(cls, _CONTAINERS):
        parts = _same
    found = _VISITS[cls] = (parts, _WORD_FIELDS.get(cls))
    return found


def words_of(card: CardDef) -> Words:
    found = Words()
    stack: list[object] = [card.target]
    for hook in card.hooks:
        stack += [hook.effect, hook.condition, hook.cost]
    # an explicit stack rather than recursion (a card's IR nests deep, and each level of recursive
    # generators would pass every record up); the words are sets, so the order is free
    visits = _VISITS
    while stack:
        item = stack.pop()
        if item is None:
            continue  # an absent field: the commonest leaf, settled before any look-up
        cls = type(item)
        parts, word = visits.get(cls) or _visit(cls)
        if word is not None:
            getattr(found, word[1]).add(getattr(item, word[0]))
        if parts is not None:
            stack.extend(parts(item))
    return found
