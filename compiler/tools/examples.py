"""Examples for the language reference: the bundled cards in, for each op, measure, noun and
condition word, one statement or condition from a real card that uses it (the first card by id)."""

from __future__ import annotations

from dataclasses import dataclass, fields

from compiler.tools import render
from runtime import ir
from runtime.cards import CardSet, Hook
from runtime.record import Record
from runtime.registry import surface_nouns


@dataclass(frozen=True, slots=True)
class Example:
    card: str
    window: str
    text: str  # one statement (as its author wrote it) or one condition (as rendered)
    condition: bool = False


@dataclass
class Examples:
    ops: dict[str, Example]
    measures: dict[str, Example]
    predicates: dict[str, Example]
    nouns: dict[str, Example]


def collect(cards: CardSet) -> Examples:
    found = Examples({}, {}, {}, {})
    statements: list[Example] = []
    for card in sorted(cards.cards.values(), key=lambda c: c.id):
        for hook in card.hooks:
            for node in (hook.effect, hook.cost):
                if node is not None:
                    _statements(card.id, hook, node, found, statements)
            if hook.condition is not None:
                text = render.condition(hook.condition)
                example = Example(card.id, hook.window, text, condition=True)
                if compiles(example):
                    _names(hook.condition, found, example)
                    statements.append(example)
    surface = surface_nouns()
    for example in statements:
        for word in _nouns_in(example.text):
            noun = surface.get(word)
            if noun is not None:
                found.nouns.setdefault(noun.word, example)
    return found


def _nouns_in(text: str) -> list[str]:
    from compiler.pipeline.lexer import EffectLexer, LexError, tokenize
    from compiler.pipeline.parser import parser

    parser()  # sets the lexer's vocabulary
    vocab = EffectLexer.vocabulary
    assert vocab is not None
    try:
        return [str(t) for t in tokenize(text, vocab) if t.type == "NOUN"]
    except LexError:
        return []


def _statements(card: str, hook: Hook, node: object, found: Examples, out: list[Example]) -> None:
    if isinstance(node, (ir.Do, ir.May)) and node.text:
        example = Example(card, hook.window, node.text)
        if compiles(example):  # a line that needs its block ('they' in a loop) is no example
            out.append(example)
            _names(node, found, example)
        return
    for child in _children(node):
        _statements(card, hook, child, found, out)


def compiles(example: Example) -> bool:
    """Whether the example parses and resolves on its own, in its hook's window."""
    from compiler.pipeline.parser import EffectSyntaxError, parser
    from compiler.pipeline.resolve import Resolver

    resolver = Resolver(example.window, example.text)
    try:
        if example.condition:
            resolver.condition(parser().condition(example.text))
        else:
            resolver.effect(parser().effect(example.text))
    except EffectSyntaxError:
        return False
    return not resolver.errors


def _names(node: object, found: Examples, example: Example) -> None:
    """Measures and conditions a statement or condition names, each credited to `example`."""
    if isinstance(node, ir.Measure):
        found.measures.setdefault(node.name, example)
    if isinstance(node, ir.Extreme):
        found.measures.setdefault(node.measure, example)
    if isinstance(node, ir.Pred):
        found.predicates.setdefault(node.name, example)
    if isinstance(node, ir.Do):
        found.ops.setdefault(node.op, example)
    for child in _children(node):
        _names(child, found, example)


def _children(node: object) -> list[object]:
    if isinstance(node, tuple):
        return list(node)
    if isinstance(node, Record):
        return [getattr(node, f.name) for f in fields(node)]  # type: ignore[arg-type]
    return []


def cell(example: Example | None) -> str:
    """A Markdown table cell: the example in code, and its card."""
    if example is None:
        return "—"
    return f"`{example.text}` ({example.card})"
