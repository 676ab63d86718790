"""The words of the effect language a compiled card uses: a CardDef in, the ops, measures,
predicates and counted amounts its hooks (and a destiny card's target) name out. The link stage
checks with them that a pack names the rules modules its cards need, and
`compiler/tools/op_users.py` lists every op with the cards that use it."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

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
_IR_FIELDS: dict[type[Record], tuple[str, ...]] = {}
# the IR classes that name a word of the language: the field naming it, and the set it goes in
_WORD_FIELDS = {
    ir.Do: ("op", "ops"),
    ir.Measure: ("name", "measures"),
    ir.Pred: ("name", "predicates"),
    ir.Amount: ("what", "amounts"),
}


def _ir_fields(cls: type[Record]) -> tuple[str, ...]:
    """The fields of a record class that may hold IR, as its annotations say; the rest hold plain
    words, numbers and flags, which a walk need not visit."""
    names: tuple[str, ...] = cls.__slots__
    hints: dict[str, str] = cls.__annotations__
    found = tuple(n for n in names if _NAMES_IR.search(str(hints[n])))
    _IR_FIELDS[cls] = found
    return found


def words_of(card: CardDef) -> Words:
    found = Words()
    stack: list[object] = [card.target]
    for hook in card.hooks:
        stack += [hook.effect, hook.condition, hook.cost]
    # an explicit stack rather than recursion (a card's IR nests deep, and each level of recursive
    # generators would pass every record up); the words are sets, so the order is free
    while stack:
        item = stack.pop()
        if isinstance(item, Record):
            cls = type(item)
            word = _WORD_FIELDS.get(cls)
            if word is not None:
                getattr(found, word[1]).add(getattr(item, word[0]))
            names = _IR_FIELDS.get(cls)
            for name in names if names is not None else _ir_fields(cls):
                stack.append(getattr(item, name))
        elif isinstance(item, _CONTAINERS):
            stack.extend(item)
    return found
