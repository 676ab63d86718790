"""The walk that lists a card's words visits only the IR fields whose annotations name IR: it must
still reach every record a walk of every field reaches, and list the words the IR names."""

from __future__ import annotations

from typing import Any

from compiler.pipeline.card_words import nodes, words_of
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


def test_the_walk_reaches_every_record_of_every_bundled_card(project: Any) -> None:
    checked = 0
    for card in project.cards.cards.values():
        roots = [card.target] + [
            part for hook in card.hooks for part in (hook.effect, hook.condition, hook.cost)
        ]
        assert nodes(tuple(roots)) == _every_record(tuple(roots)), card.id
        checked += 1
    assert checked > 100


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
