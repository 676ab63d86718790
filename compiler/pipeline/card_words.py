"""The words of the effect language a compiled card uses: a CardDef in, the ops, measures,
predicates and counted amounts its hooks (and a destiny card's target) name out. The link stage
checks with them that a pack names the rules modules its cards need, and
`compiler/tools/op_users.py` lists every op with the cards that use it."""

from __future__ import annotations

from collections.abc import Iterator
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


def nodes(value: object) -> Iterator[Record]:
    """Every IR record within `value`, itself included, depth first."""
    if isinstance(value, Record):
        yield value
        names: tuple[str, ...] = type(value).__slots__
        for name in names:
            yield from nodes(getattr(value, name))
    elif isinstance(value, (tuple, list, frozenset, set)):
        for item in value:
            yield from nodes(item)


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
