"""The words of the effect language a compiled card uses: a CardDef in, the ops, measures,
predicates and counted amounts its hooks (and a destiny card's target) name out. The link stage
checks with them that a pack names the rules modules its cards need, and
`compiler/tools/op_users.py` lists every op with the cards that use it."""

from __future__ import annotations

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


def nodes(value: object) -> list[Record]:
    """Every IR record within `value`, itself included, depth first.

    An explicit stack rather than recursive generators: a generator nested d deep passes each
    record it yields up through d frames, and a card's IR is a few hundred values deep in all."""
    found: list[Record] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Record):
            found.append(item)
            names: tuple[str, ...] = type(item).__slots__
            stack.extend([getattr(item, name) for name in reversed(names)])
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
