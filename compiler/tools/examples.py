"""Examples for the language reference: for each op, measure, noun and condition word, a line of
the first bundled card (by id) that uses it, or else the example written on its registry entry."""

from __future__ import annotations

import html
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace

from compiler.pipeline.card_file import TARGET_WINDOW
from compiler.tools import render, render_phrases
from runtime import ir
from runtime.cards import CardSet, Hook
from runtime.record import Record, walk
from runtime.registry import (
    MEASURES,
    NOUNS,
    OPS,
    PREDICATES,
    Written,
    marker_name,
    surface_nouns,
)


@dataclass(frozen=True, slots=True)
class Example:
    card: str  # the bundled card it comes from; "" for one written on the registry entry
    window: str  # the window it is read in (a delayed line's own window)
    text: str  # as a card would hold it in `field` (a condition or a target as rendered)
    field: str = "do"  # "do" (statements), "if" (a condition) or "target" (a player phrase)


@dataclass
class Examples:
    ops: dict[str, Example]
    measures: dict[str, Example]
    predicates: dict[str, Example]
    nouns: dict[str, Example]

    def table(self, what: str) -> dict[str, Example]:
        """The examples of one kind of entry: "op", "measure", "predicate" or "noun"."""
        return {
            "op": self.ops,
            "measure": self.measures,
            "predicate": self.predicates,
            "noun": self.nouns,
        }[what]


# the registry's tables, by the kind of entry each holds
REGISTRY: dict[str, Mapping[str, object]] = {
    "op": OPS,
    "measure": MEASURES,
    "predicate": PREDICATES,
    "noun": NOUNS,
}
# the statements that hold blocks of statements
_BLOCK_STATEMENTS = (
    ir.If,
    ir.ForEach,
    ir.Offer,
    ir.Choose,
    ir.Repeat,
    ir.RepeatUntil,
    ir.Instead,
    ir.Lasting,
    ir.Delayed,
)
# the fields of a block statement that hold the statements of its blocks
_BLOCKS = ("items", "then", "otherwise", "body", "options")
# the block statements a line inside needs before it: `they` of a loop or offer, a later window
_OPENERS = (ir.ForEach, ir.Offer, ir.Delayed)


@dataclass(frozen=True, slots=True)
class _Around:
    """Where a line sits in its hook: the hook's window, the block statements it is inside that
    bind `they` or name a later window (outermost first), and the naming statements before it,
    each with how many of those block statements it is inside."""

    window: str
    openers: tuple[ir.Node, ...] = ()
    named: tuple[tuple[int, str], ...] = ()

    def window_inside(self, depth: int) -> str:
        """The window a line inside the first `depth` openers is read in."""
        inside = reversed(self.openers[:depth])
        return next((n.window for n in inside if isinstance(n, ir.Delayed)), self.window)


@dataclass(frozen=True, slots=True)
class _Line:
    """One line of a card that may illustrate something: a statement, a condition, or a block
    statement's opening words with the first statement of its block."""

    card: str
    node: object  # the IR the line holds (for the names it would show)
    text: str
    around: _Around
    field: str = "do"

    def alone(self) -> Example:
        window = self.around.window_inside(len(self.around.openers))
        return Example(self.card, window, self.text, self.field)

    def in_context(self) -> Iterator[Example]:
        """The line with what it needs from around it put before it, shortest first: the
        innermost openers (`for each other player: ...`, `at encounter.end: ...`), then the
        naming statements of the block the line now starts in (`choose a player; ...`)."""
        if self.field != "do":
            return  # a condition that cannot stand alone is shown by its `if` line
        for depth in range(len(self.around.openers), -1, -1):
            text = self.text
            for opener in reversed(self.around.openers[depth:]):
                text = f"{render.head(opener)}: {text}"
            window = self.around.window_inside(depth)
            if depth < len(self.around.openers):
                yield Example(self.card, window, text)
            named = [said for inside, said in self.around.named if inside == depth]
            if named:
                yield Example(self.card, window, "; ".join((*named, text)))


def collect(cards: CardSet) -> Examples:
    """The first line (cards by id) that shows an entry and reads alone; else the first that
    reads with what it needs from around it put before it; else the registry's own example."""
    found = Examples({}, {}, {}, {})
    alone: list[_Line] = []
    blocks: list[_Line] = []
    for card in sorted(cards.cards.values(), key=lambda c: c.id):
        if card.target is not None:
            text = render_phrases.players(card.target)
            alone.append(_Line(card.id, card.target, text, _Around(TARGET_WINDOW), "target"))
        for hook in card.hooks:
            for line in _hook_lines(card.id, hook):
                # a block's line after every plain one: a statement is shown without its block
                (blocks if _is_block_line(line) else alone).append(line)
    shown: list[Example] = []
    for line in (*alone, *blocks):
        _credit(line.alone(), found, shown)
    for line in (*alone, *blocks):
        if not _shows_more(line, found):
            continue
        for example in line.in_context():
            if _credit(example, found, shown):
                break
    surface = surface_nouns()
    for example in shown:
        for word in nouns_in(example.text):
            if word in surface:
                found.nouns.setdefault(surface[word].word, example)
    for what, entries in REGISTRY.items():
        for name, entry in entries.items():
            written: Written | None = getattr(entry, "example", None)
            if written is not None:
                found.table(what).setdefault(name, Example("", written.window, written.text))
    return found


def _is_block_line(line: _Line) -> bool:
    return line.field == "do" and not isinstance(line.node, (ir.Do, ir.May))


def _hook_lines(card: str, hook: Hook) -> Iterator[_Line]:
    for node in (hook.effect, hook.cost):
        if node is not None:
            yield from _lines(card, node, _Around(hook.window))
    if hook.condition is not None:
        text = render.condition(hook.condition)
        yield _Line(card, hook.condition, text, _Around(hook.window), "if")


def _lines(card: str, node: object, around: _Around) -> Iterator[_Line]:
    """The lines of a statement and of the statements in its blocks, in the order written."""
    if isinstance(node, ir.Seq):
        for item in node.items:
            yield from _lines(card, item, around)
            if isinstance(item, ir.Do) and item.text and _names_something(item):
                said = (len(around.openers), item.text)
                around = replace(around, named=(*around.named, said))
        return
    if isinstance(node, (ir.Do, ir.May)):
        if node.text:
            yield _Line(card, node, node.text, around)
        return
    if not isinstance(node, _BLOCK_STATEMENTS):
        return
    condition = _condition(node)
    if condition is not None:
        yield _Line(card, condition, render.condition(condition), around, "if")
    head, first = render.head(node), _first_statement(node)
    if head is not None and first is not None:
        joint = ", " if isinstance(node, ir.If) else ": "
        held = (*_head_parts(node), first)
        yield _Line(card, held, f"{head}{joint}{first.text}", around)
    for name in _blocks(node):
        inner = around
        if isinstance(node, _OPENERS) and name == "body":
            inner = replace(around, openers=(*around.openers, node))
        value = getattr(node, name)
        for child in value if isinstance(value, tuple) else (value,):
            yield from _lines(card, child, inner)


def _names_something(node: ir.Do) -> bool:
    """Whether the statement names something later lines refer back to (`choose a player`)."""
    return any(isinstance(arg, ir.Nameable) for arg in node.args)


def _blocks(node: Record) -> list[str]:
    return [name for name in _fields(node) if name in _BLOCKS]


def _fields(node: Record) -> tuple[str, ...]:
    slots: tuple[str, ...] = type(node).__slots__
    return slots


def _condition(node: Record) -> ir.Node | None:
    if isinstance(node, ir.If):
        return node.cond
    if isinstance(node, ir.RepeatUntil):
        return node.until
    if isinstance(node, ir.Lasting):
        return node.condition
    return None


def _first_statement(node: Record) -> ir.Do | ir.May | None:
    """The statement a block opens with, if it is one line of its own."""
    body = node.then if isinstance(node, ir.If) else getattr(node, "body", None)
    first = body.items[0] if isinstance(body, ir.Seq) and body.items else body
    return first if isinstance(first, (ir.Do, ir.May)) and first.text else None


def _head_parts(node: Record) -> tuple[object, ...]:
    return tuple(getattr(node, name) for name in _fields(node) if name not in _BLOCKS)


def _credit(example: Example, found: Examples, shown: list[Example]) -> bool:
    """Credit the example to each op, measure and condition it names, if it compiles."""
    node = resolve(example)
    if node is None:
        return False
    shown.append(example)
    for what, name in names(node):
        found.table(what).setdefault(name, example)
    return True


def _shows_more(line: _Line, found: Examples) -> bool:
    """Whether the line names something no example shows yet."""
    if any(name not in found.table(what) for what, name in names(line.node)):
        return True
    surface = surface_nouns()
    return any(
        surface[word].word not in found.nouns for word in nouns_in(line.text) if word in surface
    )


def names(node: object) -> set[tuple[str, str]]:
    """("op" / "measure" / "predicate", name) for each registry entry an IR tree names."""
    out: set[tuple[str, str]] = set()
    for part in walk(node):
        if isinstance(part, ir.Do):
            out.add(("op", part.op))
        if isinstance(part, (ir.Measure, ir.Extreme)):
            name = part.name if isinstance(part, ir.Measure) else part.measure
            out.add(("measure", "markers" if marker_name(name) is not None else name))
        if isinstance(part, ir.Pred):
            out.add(("predicate", part.name))
    return out


def nouns_in(text: str) -> list[str]:
    """The nouns a line is written with, as written."""
    from compiler.pipeline.lexer import EffectLexer, LexError, tokenize
    from compiler.pipeline.parser import parser

    parser()  # sets the lexer's vocabulary
    vocab = EffectLexer.vocabulary
    assert vocab is not None
    try:
        return [str(t) for t in tokenize(text, vocab) if t.type == "NOUN"]
    except LexError:
        return []


def resolve(example: Example) -> ir.Node | None:
    """The example's IR, parsed and resolved on its own in its window; None if it does not
    compile so."""
    from compiler.pipeline.parser import EffectSyntaxError, parser
    from compiler.pipeline.resolve import Resolver

    resolver = Resolver(example.window, example.text)
    try:
        if example.field == "if":
            node = resolver.condition(parser().condition(example.text))
        elif example.field == "target":
            node = resolver.players(parser().players(example.text))
        else:
            node = resolver.effect(parser().effect(example.text))
    except EffectSyntaxError:
        return None
    return None if resolver.errors else node


def cell(example: Example | None) -> str:
    """A Markdown table cell: the example in code, and its card (or that it is written here); an
    example of several lines keeps them, and their indents, in HTML."""
    if example is None:
        return "—"
    source = example.card or "written here: no bundled card uses it"
    if "\n" not in example.text:
        return f"`{example.text}` ({source})"
    lines = [html.escape(line, quote=False) for line in example.text.splitlines()]
    shown = "<br>".join(
        "&nbsp;" * (len(line) - len(line.lstrip())) + line.lstrip() for line in lines
    )
    return f"<code>{shown}</code> ({source})"
