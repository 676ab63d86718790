"""The walk that lists a card's words visits only the IR fields whose annotations name IR: it must
still find every word a walk of every field finds, at any depth of a card's hooks."""

from __future__ import annotations

from typing import Any

from compiler.pipeline.card_words import Words, words_of
from runtime import ir
from runtime.cards import CardDef, Hook
from runtime.record import Record


def _every_record(value: object) -> list[Record]:
    """Every record within `value`, looking into every field (the walk the fast one must match)."""
    found: list[Record] = []
    if isinstance(value, Record):
        found.append(value)
        for name in type(value).__slots__:
            found += _every_record(getattr(value, name))
    elif isinstance(value, (tuple, list, frozenset, set)):
        for item in value:
            found += _every_record(item)
    return found


def _words_of_every_record(card: CardDef) -> Words:
    roots = [card.target] + [
        part for hook in card.hooks for part in (hook.effect, hook.condition, hook.cost)
    ]
    found = Words()
    for node in _every_record(tuple(roots)):
        if isinstance(node, ir.Do):
            found.ops.add(node.op)
        elif isinstance(node, ir.Measure):
            found.measures.add(node.name)
        elif isinstance(node, ir.Pred):
            found.predicates.add(node.name)
        elif isinstance(node, ir.Amount):
            found.amounts.add(node.what)
    return found


def test_the_walk_finds_every_word_of_every_bundled_card(project: Any) -> None:
    cards = list(project.cards.cards.values())
    assert len(cards) > 100
    for card in cards:
        assert words_of(card) == _words_of_every_record(card), card.id
    assert any(words_of(card).amounts for card in cards)


def test_words_are_read_from_every_depth_of_a_hook() -> None:
    condition = ir.AllOf(
        (
            ir.Compare(">=", ir.Measure("hand size", ir.Players("you")), ir.Num(3)),
            ir.Not(ir.Pred("is", (ir.Players("you"), ir.Word("offense")))),
        )
    )
    effect = ir.Seq(
        (
            ir.Do("draw", None, (ir.Cards(ir.Num(1), ir.CardFilter()),)),
            ir.ForEach(
                ir.Players("opponent"), ir.Do("gain", None, (ir.Amount("lucre", ir.Num(2)),))
            ),
        )
    )
    hook = Hook("deep", "play", "play", "turn.start", effect, condition=condition)
    words = words_of(CardDef("deep", "artifact", "Deep", "test", hooks=(hook,)))
    assert words.ops == {"draw", "gain"}
    assert words.measures == {"hand size"}
    assert words.predicates == {"is"}
    assert words.amounts == {"lucre"}


def test_words_are_read_from_ir_nested_deeper_than_python_recurses() -> None:
    import sys

    effect: ir.Node = ir.Do("draw", None, (ir.Amount("lucre", ir.Measure("hand size")),))
    for _ in range(sys.getrecursionlimit() + 100):
        effect = ir.If(ir.Pred("is", ()), ir.Seq((ir.Do("gain", None, ()), effect)))
    hook = Hook("deeper", "play", "play", "turn.start", effect)
    words = words_of(CardDef("deeper", "artifact", "Deeper", "test", hooks=(hook,)))
    assert words.ops == {"draw", "gain"}
    assert words.measures == {"hand size"}
    assert words.predicates == {"is"}
    assert words.amounts == {"lucre"}


# The annotations of IR fields that hold plain words, numbers and flags, never IR.
PLAIN_FIELD_TYPES = {
    "bool",
    "int",
    "int | None",
    "str",
    "str | None",
    "tuple[str, ...]",
    "frozenset[str] | None",
}


def test_every_ir_field_the_walk_skips_holds_plain_values() -> None:
    """A field typed `Any`, `object` or an alias would be skipped without a word: each IR field
    either names IR in its annotation or has one of the plain types."""
    from compiler.pipeline.card_words import _NAMES_IR

    unknown = [
        f"{cls.__name__}.{name}: {cls.__annotations__[name]}"
        for cls in vars(ir).values()
        if isinstance(cls, type) and issubclass(cls, Record) and cls is not Record
        for name in cls.__slots__
        if not _NAMES_IR.search(str(cls.__annotations__[name]))
        and str(cls.__annotations__[name]) not in PLAIN_FIELD_TYPES
    ]
    assert unknown == [], "name the IR in these annotations, or add a plain type here"
