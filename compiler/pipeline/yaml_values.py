"""Strict YAML values: a composed node graph in, plain data out by YAML 1.2 core rules (no YAML 1.1
booleans, no implicit dates, no leading-zero numbers, no tags, no duplicate keys), each value's
position recorded and each refusal reported."""

from __future__ import annotations

import itertools
import math
import operator
import re
from typing import Any

from compiler.diagnostics import (
    ALIAS_BOMB,
    DUPLICATE_KEY,
    FILE_TOO_LARGE,
    LEADING_ZERO,
    NON_STRING_KEY,
    NUMBER_TOO_LONG,
    YAML11_BOOLEAN,
    YAML_TAG,
    Code,
    Diagnostic,
    Span,
)
from compiler.pipeline.loaded import Loaded, escape_pointer, mark_span
from compiler.pipeline.yaml_import import MappingNode, Node, ScalarNode, SequenceNode, yaml

NODE_BUDGET = 100_000
MAX_DEPTH = 200


_TAG_PREFIX = "tag:yaml.org,2002:"
STR_TAG = _TAG_PREFIX + "str"
_INT = _TAG_PREFIX + "int"
_FLOAT = _TAG_PREFIX + "float"
_BOOL = _TAG_PREFIX + "bool"
_NULL = _TAG_PREFIX + "null"
MAP_TAG = _TAG_PREFIX + "map"
SEQ_TAG = _TAG_PREFIX + "seq"
# Marks an untagged plain scalar: resolution is left to the core-schema rules below.
PLAIN_TAG = "?plain"
_SCALAR_TAGS = frozenset({STR_TAG, _INT, _FLOAT, _BOOL, _NULL})

_MISSING = object()
_CORE_WORDS: dict[str, Any] = {
    "true": True,
    "True": True,
    "TRUE": True,
    "false": False,
    "False": False,
    "FALSE": False,
    "null": None,
    "Null": None,
    "NULL": None,
    "~": None,
}
_YAML11_WORDS = frozenset({"yes", "no", "on", "off", "y", "n"})
_NUMBER_START = frozenset("0123456789+-.")


def _every_case(word: str) -> set[str]:
    return {"".join(letters) for letters in itertools.product(*((c, c.upper()) for c in word))}


# The texts a plain scalar is not simply kept as, but for those starting like a number: the empty
# one, the core words, and YAML 1.1's boolean words in every case (no other character has one of
# their letters as its lowercase).
_NOT_KEPT = frozenset({"", *_CORE_WORDS, *(t for w in _YAML11_WORDS for t in _every_case(w))})
_NUMBER_CHARS = frozenset("0123456789+-._eExXoOabcdefABCDEF")
MAX_NUMBER_DIGITS = 30  # refused before conversion: Python's int() stops at 4,300 digits
_CORE_FLOAT = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?")
_SPECIAL_FLOATS = {
    ".inf": math.inf,
    ".Inf": math.inf,
    ".INF": math.inf,
    "+.inf": math.inf,
    "+.Inf": math.inf,
    "+.INF": math.inf,
    "-.inf": -math.inf,
    "-.Inf": -math.inf,
    "-.INF": -math.inf,
    ".nan": math.nan,
    ".NaN": math.nan,
    ".NAN": math.nan,
}


def _core_number(text: str) -> int | float | None:
    """The YAML 1.2 core-schema number `text` denotes, or None when it is no number."""
    if text.isdigit():
        return int(text) if text.isascii() else None
    sign = text[0]
    if sign in "+-" and text[1:].isdigit() and text.isascii():
        return int(text)
    special = _SPECIAL_FLOATS.get(text)
    if special is not None:
        return special
    if text.startswith(("0x", "0o")) and len(text) > 2 and text.isascii() and "_" not in text:
        try:
            return int(text[2:], 16 if text[1] == "x" else 8)
        except ValueError:
            return None
    if _CORE_FLOAT.fullmatch(text):
        return float(text)
    return None


def _has_leading_zero(text: str) -> bool:
    digits = text[1:] if text[0] in "+-" else text
    return len(digits) > 1 and digits[0] == "0" and digits.isdigit()


def too_deep(span: Span) -> Diagnostic:
    return Diagnostic(
        FILE_TOO_LARGE,
        f"the data nests deeper than {MAX_DEPTH} levels",
        span,
        "flatten the structure",
    )


# libyaml's composer alone when PyYAML has it: the constructor and resolver a CSafeLoader adds
# are never used here, and their setup per file and their place in every method look-up cost.
_COMPOSER: type = yaml.cyaml.CParser if yaml.__with_libyaml__ else yaml.SafeLoader  # type: ignore[attr-defined]


class TaglessLoader(_COMPOSER):
    """The safe composer with tag resolution switched off: scalars are resolved by our own rules."""

    __slots__ = ()

    # The composer tells path resolvers about every node it enters and leaves. There are none
    # here, so both hooks take their arguments and do nothing, in C: PyYAML's own no-ops are
    # Python functions, two calls per node.
    descend_resolver = staticmethod(operator.is_)  # (parent, index), ignored
    ascend_resolver = staticmethod(tuple)  # (), ignored

    def resolve(self, kind: type[Node], value: Any, implicit: Any) -> str:
        if kind is ScalarNode:
            if not implicit[0]:  # quoted, or tagged '!'
                return STR_TAG
            # Most plain scalars are words or text that only the string reading fits: they are
            # strings from here on, and only the others are left to the core-schema rules.
            if value not in _NOT_KEPT and value[0] not in _NUMBER_START:
                return STR_TAG
            return PLAIN_TAG
        return SEQ_TAG if kind is SequenceNode else MAP_TAG


class _Abort(Exception):
    """Raised to stop construction once the node budget is spent."""


class Builder:
    """Walks a composed node graph into plain data, filling positions and diagnostics on the way."""

    def __init__(self, loaded: Loaded) -> None:
        self.path = loaded.path
        self.value_nodes = loaded._value_nodes
        self.key_marks = loaded._key_marks
        self.string_nodes = loaded._string_nodes
        self.diagnostics = loaded.diagnostics
        self.visits = 0
        self.active: set[int] = set()
        self.reported: set[int] = set()
        self.reported_depth = False

    def build(self, root: Node) -> Any:
        try:
            return self.value(root, "", 0)
        except _Abort as abort:
            self.report(
                ALIAS_BOMB,
                f"the document holds more than {NODE_BUDGET} values",
                abort.args[0],
                "a card is far smaller than this; split the data or drop repeated aliases",
            )
            return None

    def report(self, code: Code, message: str, node: Node, hint: str | None = None) -> None:
        mark = node.start_mark
        span = Span(self.path, mark.line + 1, mark.column + 1)
        self.diagnostics.append(Diagnostic(code, message, span, hint))

    def value(self, node: Node, pointer: str, depth: int) -> Any:
        self.visits += 1
        if self.visits > NODE_BUDGET:
            raise _Abort(node)
        self.value_nodes[pointer] = node
        if node.__class__ is ScalarNode:
            tag = node.tag
            text: str = node.value
            if tag != STR_TAG:
                if tag != PLAIN_TAG:
                    return self.tagged(node, tag, text)
                value = self.plain(node, text)
                if value.__class__ is not str:
                    return value
            self.string_nodes[pointer] = node
            return text
        if depth >= MAX_DEPTH:
            self.too_deep(node)
            return None
        node_id = id(node)
        if node_id in self.active:
            self.recursive(node, node_id)
            return None
        self.active.add(node_id)
        try:
            if type(node) is MappingNode:
                return self.mapping(node, pointer, depth)
            return self.sequence(node, pointer, depth)
        finally:
            self.active.discard(node_id)

    def too_deep(self, node: Node) -> None:
        if not self.reported_depth:
            self.reported_depth = True
            self.diagnostics.append(too_deep(mark_span(self.path, node.start_mark)))

    def recursive(self, node: Node, node_id: int) -> None:
        if node_id not in self.reported:
            self.reported.add(node_id)
            self.report(
                ALIAS_BOMB,
                "an alias refers to a node that contains it, so it never ends",
                node,
                "an alias (*name) may only point to an anchor outside itself",
            )

    def sequence(self, node: Node, pointer: str, depth: int) -> list[Any]:
        if node.tag != SEQ_TAG:
            self.bad_tag(node, "a list")
        prefix = pointer + "/"
        value = self.value
        return [
            value(item, prefix + str(index), depth + 1) for index, item in enumerate(node.value)
        ]

    def mapping(self, node: Node, pointer: str, depth: int) -> dict[str, Any]:
        if node.tag != MAP_TAG:
            self.bad_tag(node, "a mapping")
        result: dict[str, Any] = {}
        prefix = pointer + "/"
        key_marks = self.key_marks
        for key_node, value_node in node.value:
            self.visits += 1
            if key_node.__class__ is ScalarNode and key_node.tag == STR_TAG:
                key = key_node.value  # nearly every key: a word, known as a string when composed
            else:
                key = self.key(key_node)
                if key is None:
                    continue
            child = prefix + escape_pointer(key)
            if key in result:
                self.duplicate(key, key_node, key_marks[child].line + 1)
            key_marks[child] = key_node.start_mark
            result[key] = self.value(value_node, child, depth + 1)
        return result

    def duplicate(self, key: str, key_node: Node, first_line: int) -> None:
        self.report(
            DUPLICATE_KEY,
            f"the key '{key}' appears twice in this mapping",
            key_node,
            f"it was first given on line {first_line}; keep one of them",
        )

    def key(self, node: Node) -> str | None:
        """The key as a string, or None when the entry cannot be kept."""
        if node.__class__ is not ScalarNode:
            kind = "a list" if node.__class__ is SequenceNode else "a mapping"
            self.report(NON_STRING_KEY, f"a mapping key is {kind}, not a string", node)
            return None
        text: str = node.value
        tag = node.tag
        if tag == STR_TAG:
            return text
        if tag == PLAIN_TAG:
            if self.plain(node, text, in_key=True).__class__ is str:
                return text
        elif tag not in _SCALAR_TAGS:
            self.bad_tag(node, "a key")
            return text
        if not text:
            self.report(NON_STRING_KEY, "a mapping key is empty", node, "write a key before ':'")
            return None
        self.report(
            NON_STRING_KEY,
            f"the key {text} is read as {_describe(text)}, not a string",
            node,
            f'quote it if it is meant as a name: "{text}":',
        )
        return text

    def plain(self, node: Node, text: str, in_key: bool = False) -> Any:
        """Resolve an untagged plain scalar by the YAML 1.2 core schema, flagging 1.1 surprises."""
        if not text:
            return None
        word = _CORE_WORDS.get(text, _MISSING)
        if word is not _MISSING:
            return word
        if len(text) <= 3 and text.lower() in _YAML11_WORDS:
            self.report(
                YAML11_BOOLEAN,
                f"'{text}' is kept as a string, but YAML 1.1 tools read it as a boolean",
                node,
                f'quote it ("{text}") to keep the word, or write true/false for a boolean',
            )
            return text
        if text[0] in _NUMBER_START:
            if self.too_long(node, text):
                return text
            number = _core_number(text)
            if number is not None:
                if not in_key and number.__class__ is int and _has_leading_zero(text):
                    self.leading_zero(node, text, number)
                return number
        return text

    def too_long(self, node: Node, text: str) -> bool:
        """A number too long for any card (and for Python to convert) is refused, located."""
        digits = sum(c.isdigit() for c in text)
        if digits <= MAX_NUMBER_DIGITS or not set(text) <= _NUMBER_CHARS:
            return False
        self.report(
            NUMBER_TOO_LONG,
            f"a number of {digits} digits is far larger than any card needs",
            node,
            f"numbers on cards have at most {MAX_NUMBER_DIGITS} digits",
        )
        return True

    def leading_zero(self, node: Node, text: str, number: Any) -> None:
        digits = text.lstrip("+-")
        octal = set(digits) <= set("01234567")
        elsewhere = f"octal {int(text, 8)}" if octal else f"the string '{text}'"
        self.report(
            LEADING_ZERO,
            f"{text} is read as {number}, but YAML 1.1 tools read it as {elsewhere}",
            node,
            f'write {number} without the leading zero, or quote it ("{text}") to keep the text',
        )

    def tagged(self, node: Node, tag: str, text: str) -> Any:
        if tag not in _SCALAR_TAGS:
            self.bad_tag(node, "a value")
            return text
        value: Any = _CORE_WORDS.get(text, _MISSING) if text else None
        if value is _MISSING:
            if text[0] in _NUMBER_START and self.too_long(node, text):
                return text
            value = _core_number(text) if text[0] in _NUMBER_START else None
        fits = {
            _NULL: value is None and (not text or text in _CORE_WORDS),
            _BOOL: value is True or value is False,
            _INT: value.__class__ is int,
            _FLOAT: value.__class__ in (int, float),
        }
        if not fits[tag]:
            short = "!!" + tag[len(_TAG_PREFIX) :]
            self.report(YAML_TAG, f"'{text}' is not a valid {short} value", node)
            return text
        return float(value) if tag == _FLOAT else value

    def bad_tag(self, node: Node, what: str) -> None:
        tag: str = node.tag
        shown = "!!" + tag[len(_TAG_PREFIX) :] if tag.startswith(_TAG_PREFIX) else tag
        self.report(
            YAML_TAG,
            f"the tag {shown} is not allowed on {what}",
            node,
            "remove the tag; cards use plain YAML values",
        )


def _describe(text: str) -> str:
    if not text or text in _CORE_WORDS:
        word = _CORE_WORDS.get(text)
        return "null" if word is None else "a boolean"
    return "a number"
