"""The language reference's examples come from bundled cards, compile as they are shown, and use
the op, number, condition or noun they stand beside."""

from __future__ import annotations

from dataclasses import fields

import pytest

from compiler.pipeline.lexer import EffectLexer, tokenize
from compiler.pipeline.parser import parser
from compiler.pipeline.project import Project
from compiler.pipeline.resolve import Resolver
from compiler.tools.examples import Example, Examples, collect
from runtime import ir
from runtime.record import Record
from runtime.registry import OPS, surface_nouns
from tests import ROOT


def resolved(example: Example) -> ir.Node:
    resolver = Resolver(example.window, example.text)
    if example.condition:
        node = resolver.condition(parser().condition(example.text))
    else:
        node = resolver.effect(parser().effect(example.text))
    assert not resolver.errors, (example, [e.message for e in resolver.errors])
    assert node is not None
    return node


def names(node: object) -> set[tuple[str, str]]:
    """(what, name) for every op, measure and condition an IR tree names."""
    out: set[tuple[str, str]] = set()
    if isinstance(node, ir.Do):
        out.add(("op", node.op))
    if isinstance(node, ir.Measure):
        out.add(("measure", node.name))
    if isinstance(node, ir.Extreme):
        out.add(("measure", node.measure))
    if isinstance(node, ir.Pred):
        out.add(("predicate", node.name))
    children = (
        node
        if isinstance(node, tuple)
        else [getattr(node, f.name) for f in fields(node)]
        if isinstance(node, Record)
        else []
    )
    for child in children:
        out |= names(child)
    return out


@pytest.fixture(scope="module")
def found(project: Project) -> Examples:
    """The examples the reference takes from the bundled cards (only read by the tests)."""
    return collect(project.cards)


@pytest.mark.slow  # compiles every example, as `cosmic docs` does in the quick tier
def test_each_example_compiles_and_uses_what_it_illustrates(
    project: Project, found: Examples
) -> None:
    assert len(found.ops) >= 60 and found.measures and found.predicates and found.nouns
    for what, table in (
        ("op", found.ops),
        ("measure", found.measures),
        ("predicate", found.predicates),
    ):
        for name, example in table.items():
            assert example.card in project.cards.cards
            assert (what, name) in names(resolved(example)), (what, name, example)
    parser()
    vocab = EffectLexer.vocabulary
    assert vocab is not None
    surface = surface_nouns()
    for word, example in found.nouns.items():
        resolved(example)
        written = {surface[str(t)].word for t in tokenize(example.text, vocab) if t.type == "NOUN"}
        assert word in written, (word, example)


@pytest.mark.slow  # collects every example
def test_the_reference_shows_each_example_beside_its_entry(found: Examples) -> None:
    reference = (ROOT / "docs" / "language.md").read_text(encoding="utf-8").splitlines()
    for name, example in found.ops.items():
        row = f"| `{OPS[name].frame()}` | {OPS[name].doc} | `{example.text}` ({example.card}) |"
        assert row in reference, name
    for name, op in OPS.items():
        if name not in found.ops:  # an op no bundled card uses says so
            assert f"| `{op.frame()}` | {op.doc} | — |" in reference, name
