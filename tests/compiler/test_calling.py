"""Calling a word: a labelled `choose one:` option is a word the chooser calls, and `the chosen
option is "left"` tests it later; a test of a word no earlier option offers, or of anything but
the chosen option, is refused with a hint."""

from __future__ import annotations

import pytest

from compiler.pipeline.parser import parser
from compiler.pipeline.resolve import Resolver
from runtime import ir
from runtime.language import load

CALL = 'choose one:\n  - "left"\n  - "right"\n'


def resolve(text: str) -> tuple[ir.Node, list[str]]:
    load()
    resolver = Resolver("turn.start", text)
    node = resolver.effect(parser().effect(text))
    return node, [f"{e.message} | {e.hint}" for e in resolver.errors]


def test_a_called_word_is_tested_later_and_in_delayed_effects() -> None:
    node, errors = resolve(CALL + 'at encounter.end: if the chosen option is "right", draw 1 card')
    assert not errors
    assert isinstance(node, ir.Seq)
    choose, delayed = node.items
    assert isinstance(choose, ir.Choose) and choose.labels == ("left", "right")
    assert choose.options == (ir.Seq(()), ir.Seq(()))  # calling alone does nothing else
    assert isinstance(delayed, ir.Delayed) and isinstance(delayed.body, ir.If)
    assert delayed.body.cond == ir.Pred("chosen option is", (ir.Word("right"),))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            CALL + 'if the chosen option is "up":\n  draw 1 card',
            'offers "up" | the labels offered so far: "left", "right"',
        ),
        ('if the chosen option is "left":\n  draw 1 card', "label the options first"),
        (CALL + 'if your card is "left":\n  draw 1 card', "only the chosen option can be compared"),
    ],
    ids=["a word not offered", "no call before", "not the chosen option"],
)
def test_a_test_of_a_word_nobody_called_is_refused_with_a_hint(text: str, message: str) -> None:
    _, errors = resolve(text)
    assert len(errors) == 1 and message in errors[0], errors
