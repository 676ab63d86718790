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


def _ir_fields(cls: type[Record]) -> tuple[str, ...]:
    """The fields of a record class that may hold IR, as its annotations say, last field first;
    the rest hold plain words, numbers and flags, which a walk need not visit."""
    found = _IR_FIELDS.get(cls)
    if found is None:
        names: tuple[str, ...] = cls.__slots__
        hints: dict[str, str] = cls.__annotations__
        found = tuple(n for n in reversed(names) if _NAMES_IR.search(str(hints[n])))
        _IR_FIELDS[cls] = found
    return found


def nodes(value: object) -> list[Record]:
    """Every IR record within `value`, itself included, depth first.

    An explicit stack rather than recursive generators: a generator nested d deep passes each
    record it yields up through d frames."""
    found: list[Record] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Record):
            found.append(item)
            stack.extend([getattr(item, name) for name in _ir_fields(type(item))])
        elif isinstance(item, _CONTAINERS):
            stack.extend(reversed(tuple(item)))
    return found


def words_of(card: CardDef) -> Words:
    found = Words()
    roots: list[object] = [card.target]
    for hook in card.hooks:
        roots += [hook.effect, hook.condition, hook.cost]
    for node in nodes(tuple(roots)):
        if isinstance(node, ir.Do):
            found.ops.add(node.op)
        elif isinstance(node, ir.Measure):
            found.measures.add(node.name)
        elif isinstance(node, ir.Pred):
            found.predicates.add(node.name)
        elif isinstance(node, ir.Amount):
            found.amounts.add(node.what)
    return found
