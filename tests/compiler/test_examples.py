"""The language reference's examples: every op, measure, condition and noun has one; each compiles
as shown, in its window, and uses the entry it stands beside; an entry a bundled card uses shows a
line of a bundled card, and only an entry no bundled card uses shows one written on its registry
definition."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import fields

import pytest

from compiler.pipeline.lexer import EffectLexer, tokenize
from compiler.pipeline.parser import parser
from compiler.pipeline.project import Project
from compiler.pipeline.resolve import Resolver
from compiler.tools.examples import Example, Examples, cell, collect
from compiler.tools.langdoc import places_note
from runtime import ir
from runtime.cards import CardSet
from runtime.record import Record
from runtime.registry import MEASURES, NOUNS, OPS, PREDICATES, marker_name, surface_nouns
from runtime.windows import BY_NAME
from tests import ROOT

REGISTRY = {"op": OPS, "measure": MEASURES, "predicate": PREDICATES, "noun": NOUNS}


def resolved(example: Example) -> object:
    """The example's IR, read as a card reads that field, in the example's window."""
    assert example.window in BY_NAME, example
    resolver = Resolver(example.window, example.text)
    node: object
    if example.field == "if":
        node = resolver.condition(parser().condition(example.text))
    elif example.field == "target":
        node = resolver.players(parser().players(example.text))
    else:
        assert example.field == "do", example
        node = resolver.effect(parser().effect(example.text))
    assert not resolver.errors, (example, [e.message for e in resolver.errors])
    assert node is not None
    return node


def names(node: object) -> set[tuple[str, str]]:
    """(what, name) for every op, measure and condition an IR tree names."""
    out: set[tuple[str, str]] = set()
    if isinstance(node, ir.Do):
        out.add(("op", node.op))
    if isinstance(node, (ir.Measure, ir.Extreme)):
        name = node.name if isinstance(node, ir.Measure) else node.measure
        out.add(("measure", "markers" if marker_name(name) else name))  # `your "lit" markers`
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


def nouns_written(text: str) -> set[str]:
    parser()
    vocab = EffectLexer.vocabulary
    assert vocab is not None
    surface = surface_nouns()
    return {surface[str(t)].word for t in tokenize(text, vocab) if t.type == "NOUN"}


def used_by_cards(cards: CardSet) -> Iterator[tuple[str, str]]:
    """(what, name) for each op, measure, condition and noun the bundled cards' IR holds (nouns:
    those their statements are written with)."""
    for card in cards.cards.values():
        trees = [card.target] + [n for h in card.hooks for n in (h.effect, h.cost, h.condition)]
        for tree in trees:
            yield from names(tree)
            yield from (("noun", word) for text in statements(tree) for word in nouns_written(text))


def statements(node: object) -> Iterator[str]:
    if isinstance(node, (ir.Do, ir.May)) and node.text:
        yield node.text
    children = node if isinstance(node, tuple) else []
    if isinstance(node, Record):
        children = [getattr(node, f.name) for f in fields(node)]
    for child in children:
        yield from statements(child)


def shown(found: Examples) -> Iterator[tuple[str, str, Example]]:
    for what in REGISTRY:
        for name, example in found.table(what).items():
            yield what, name, example


@pytest.fixture(scope="module")
def found(project: Project) -> Examples:
    """The examples the reference shows (only read by the tests)."""
    return collect(project.cards)


@pytest.mark.slow  # collects every example
def test_every_entry_has_an_example(found: Examples) -> None:
    for what, entries in REGISTRY.items():
        missing = sorted(set(entries) - set(found.table(what)))
        assert not missing, f"{what}s with no example (give each one on its registry entry)"


@pytest.mark.slow  # compiles every example, as `cosmic docs` does in the quick tier
def test_each_example_compiles_and_uses_what_it_illustrates(
    project: Project, found: Examples
) -> None:
    for what, name, example in shown(found):
        assert not example.card or example.card in project.cards.cards, example
        node = resolved(example)
        if what == "noun":
            assert name in nouns_written(example.text), (name, example)
        else:
            assert (what, name) in names(node), (what, name, example)


@pytest.mark.slow  # collects every example
def test_an_entry_a_bundled_card_uses_shows_a_bundled_line(
    project: Project, found: Examples
) -> None:
    for what, name in set(used_by_cards(project.cards)):
        example = found.table(what).get(name)
        assert example is not None and example.card, f"{what} '{name}': a bundled card uses it"


@pytest.mark.slow  # collects every example
def test_only_an_entry_no_bundled_card_uses_carries_a_written_example(found: Examples) -> None:
    for what, entries in REGISTRY.items():
        for name, entry in entries.items():
            example = found.table(what)[name]
            if getattr(entry, "example", None) is not None:
                assert not example.card, f"{what} '{name}': {example.card} uses it; drop its own"


@pytest.mark.slow  # collects every example
def test_the_reference_shows_each_example_beside_its_entry(found: Examples) -> None:
    reference = (ROOT / "docs" / "language.md").read_text(encoding="utf-8").splitlines()
    for name, op in OPS.items():
        row = f"| `{op.frame()}` | {op.doc}{places_note(op)} | {cell(found.ops[name])} |"
        assert row in reference, name
    for name, measure in MEASURES.items():
        changed = " (can be changed)" if measure.write else ""
        row = f"| {name} | {measure.doc}{changed} | {cell(found.measures[name])} |"
        assert row in reference, name
    for name, predicate in PREDICATES.items():
        written = f"`{' / '.join(predicate.forms)}`" if predicate.forms else name
        row = f"| {written} | {predicate.doc} | {cell(found.predicates[name])} |"
        assert row in reference, name
    for word, n in NOUNS.items():
        meaning = n.doc or n.meaning
        row = f"| {word} | {n.plural} | {n.category} | {meaning} | {cell(found.nouns[word])} |"
        assert row in reference, word
    assert not [row for row in reference if row.endswith(" | — |")]
