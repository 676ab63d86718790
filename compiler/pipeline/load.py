"""YAML source loading: raw card bytes in, plain data with per-pointer positions and diagnostics out."""

from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from compiler.diagnostics import (
    ALIAS_BOMB,
    DUPLICATE_KEY,
    EMPTY_FILE,
    FILE_TOO_LARGE,
    FILE_UNREADABLE,
    INTERNAL,
    LEADING_ZERO,
    MULTIPLE_DOCUMENTS,
    NON_STRING_KEY,
    NOT_A_MAPPING,
    NOT_UTF8,
    NUMBER_TOO_LONG,
    YAML11_BOOLEAN,
    YAML_SYNTAX,
    YAML_TAG,
    Code,
    Diagnostic,
    Span,
)

DEFAULT_MAX_BYTES = 256 * 1024
NODE_BUDGET = 100_000
MAX_DEPTH = 200

_BOM = b"\xef\xbb\xbf"
# libyaml counts these as line breaks, so line numbers must be split the same way.
_LINE_BREAK = re.compile("\r\n|[\n\r\x85\u2028\u2029]")
_WORD = re.compile(r"\S+")

_TAG_PREFIX = "tag:yaml.org,2002:"
_STR = _TAG_PREFIX + "str"
_INT = _TAG_PREFIX + "int"
_FLOAT = _TAG_PREFIX + "float"
_BOOL = _TAG_PREFIX + "bool"
_NULL = _TAG_PREFIX + "null"
_MAP = _TAG_PREFIX + "map"
_SEQ = _TAG_PREFIX + "seq"
# Marks an untagged plain scalar: resolution is left to the core-schema rules below.
_PLAIN = "?plain"
_SCALAR_TAGS = frozenset({_STR, _INT, _FLOAT, _BOOL, _NULL})

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
_ESCAPE_WIDTHS = {"x": 4, "u": 6, "U": 10}

_SYNTAX_HINTS = {
    "mapping values are not allowed": "a plain value cannot contain ': '; put the value in quotes",
    "found undefined alias": "define the anchor (&name) before using it as *name",
    "found duplicate anchor": "give each anchor (&name) a distinct name",
}


# A string scalar as it sits in the source: style, start and end (1-based), and its value.
_StringInfo = tuple[str, int, int, int, int, str]


@dataclass
class Loaded:
    """One loaded file: its text, plain data, where every value sits, and what went wrong."""

    path: str
    text: str = ""
    data: Any = None
    positions: dict[str, tuple[int, int]] = field(default_factory=dict)
    key_positions: dict[str, tuple[int, int]] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    _strings: dict[str, _StringInfo] = field(default_factory=dict, repr=False)
    _lines: list[str] | None = field(default=None, repr=False)

    @property
    def lines(self) -> list[str]:
        """The source lines, split at the same line breaks libyaml counts."""
        if self._lines is None:
            self._lines = _LINE_BREAK.split(self.text) if self.text else []
        return self._lines

    def span(self, pointer: str, *, key: bool = False) -> Span:
        """The span of the value (or key) at `pointer`, or of its nearest known ancestor."""
        found = _nearest(self.positions, pointer)
        if key:
            key_found = _nearest(self.key_positions, pointer)
            # A key wins unless the value table knows a deeper pointer (e.g. a list item).
            if key_found is not None and (found is None or len(key_found[0]) >= len(found[0])):
                line, column = key_found[1]
                return Span(self.path, line, column, self._key_end(key_found[0], line, column))
        if found is None:
            return Span(self.path, 1, 1)
        line, column = found[1]
        info = self._strings.get(found[0])
        end = info[4] if info is not None and info[3] == line else None
        return Span(self.path, line, column, end)

    def locate(self, pointer: str, offset: int) -> tuple[int, int]:
        """The file (line, column) of character `offset` inside the string value at `pointer`."""
        info = self._strings.get(pointer)
        if info is None:
            span = self.span(pointer)
            return span.line, span.column
        style, line, column, end_line, _, value = info
        offset = max(0, min(offset, len(value)))
        if style == "|":
            return self._locate_literal(line, value, offset)
        if line == end_line and style in ("", "'", '"'):
            return line, self._locate_one_line(style, line, column, value, offset)
        return self._locate_by_words(info, offset)

    def _key_end(self, pointer: str, line: int, column: int) -> int | None:
        key = _unescape(pointer[pointer.rfind("/") + 1 :])
        lines = self.lines
        if key and line <= len(lines) and lines[line - 1].startswith(key, column - 1):
            return column + len(key)
        return None

    def _locate_one_line(self, style: str, line: int, column: int, value: str, offset: int) -> int:
        if style == "":
            return column + offset
        source = self.lines[line - 1] if line <= len(self.lines) else ""
        position = column  # 0-based index of the first character after the opening quote
        for _ in range(offset):
            if position >= len(source):
                break
            char = source[position]
            if style == "'" and char == "'":
                position += 2
            elif style == '"' and char == "\\":
                escape = source[position + 1] if position + 1 < len(source) else ""
                position += _ESCAPE_WIDTHS.get(escape, 2)
            else:
                position += 1
        return position + 1

    def _locate_literal(self, header_line: int, value: str, offset: int) -> tuple[int, int]:
        breaks_before = value.count("\n", 0, offset)
        column_in_line = offset - (value.rfind("\n", 0, offset) + 1)
        indent = self._literal_indent(header_line, value)
        return header_line + 1 + breaks_before, indent + column_in_line + 1

    def _literal_indent(self, header_line: int, value: str) -> int:
        lines = self.lines
        for number, value_line in enumerate(value.split("\n")):
            source_index = header_line + number  # 0-based index of the 1-based line after header
            if not value_line.strip() or source_index >= len(lines):
                continue
            source_line = lines[source_index]
            source_lead = len(source_line) - len(source_line.lstrip(" "))
            value_lead = len(value_line) - len(value_line.lstrip(" "))
            return max(0, source_lead - value_lead)
        return 0

    def _locate_by_words(self, info: _StringInfo, offset: int) -> tuple[int, int]:
        """Folding changes only whitespace, so the n-th word of the value is the n-th in the file."""
        source_words = self._source_words(info)
        if not source_words:
            return info[1], info[2]
        index, inside = _word_at(info[5], offset)
        if index >= len(source_words):
            word_line, word_column, word = source_words[-1]
            return word_line, word_column + len(word)
        word_line, word_column, word = source_words[index]
        return word_line, word_column + min(inside, len(word))

    def _source_words(self, info: _StringInfo) -> list[tuple[int, int, str]]:
        style, line, column, end_line, end_column, _ = info
        lines = self.lines
        quoted = style in ("'", '"')
        if style == ">":
            first_line, first_column = line + 1, 1  # content starts below the header
        else:
            first_line, first_column = line, column + (1 if quoted else 0)
        words: list[tuple[int, int, str]] = []
        for number in range(first_line, min(end_line, len(lines)) + 1):
            text = lines[number - 1]
            start = first_column - 1 if number == first_line else 0
            stop = end_column - 1 - (1 if quoted else 0) if number == end_line else len(text)
            for match in _WORD.finditer(text, start, max(start, stop)):
                words.append((number, match.start() + 1, match.group()))
        return words


def lines_of(raw: bytes) -> list[str]:
    """A file's lines as the loader numbers them (BOM dropped, libyaml's line breaks); [] if the
    bytes are not UTF-8 (no source line is shown then)."""
    try:
        text = raw.removeprefix(_BOM).decode("utf-8")
    except UnicodeDecodeError:
        return []
    return _LINE_BREAK.split(text) if text else []


def load_yaml_file(
    path: str | Path,
    display_path: str | None = None,
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
    expect_mapping: bool = True,
) -> Loaded:
    """Read and load one YAML file; unreadable or oversized files become diagnostics."""
    shown = display_path if display_path is not None else str(path)
    try:
        with open(path, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            if size > max_bytes:
                return _failed(shown, _too_large(shown, size, max_bytes))
            raw = handle.read(max_bytes + 1)
    except OSError as error:
        reason = error.strerror or str(error)
        diagnostic = Diagnostic(FILE_UNREADABLE, f"cannot read {shown}: {reason}", Span(shown))
        return _failed(shown, diagnostic)
    return load_yaml_bytes(raw, shown, max_bytes=max_bytes, expect_mapping=expect_mapping)


def load_yaml_bytes(
    raw: bytes,
    path: str,
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
    expect_mapping: bool = True,
) -> Loaded:
    """Load YAML bytes strictly into plain data, recording positions and every problem found."""
    if len(raw) > max_bytes:
        return _failed(path, _too_large(path, len(raw), max_bytes))
    try:
        return _load(raw, path, expect_mapping)
    except Exception as error:  # a loader bug must still surface as a diagnostic, not a traceback
        message = f"internal error while loading {path}: {type(error).__name__}: {error}"
        return _failed(path, Diagnostic(INTERNAL, message, Span(path)))


def _failed(path: str, diagnostic: Diagnostic) -> Loaded:
    return Loaded(path, diagnostics=[diagnostic])


def _too_large(path: str, size: int, max_bytes: int) -> Diagnostic:
    return Diagnostic(
        FILE_TOO_LARGE,
        f"the file is {size} bytes, over the limit of {max_bytes} bytes",
        Span(path),
        "split the card into smaller files",
    )


def _load(raw: bytes, path: str, expect_mapping: bool) -> Loaded:
    if raw.startswith(_BOM):
        raw = raw[len(_BOM) :]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        return _failed(path, _not_utf8(raw, error.start, path))
    loaded = Loaded(path, text)
    root = _compose(loaded)
    if root is None:
        return loaded
    if "&" in text and "*" in text:  # without anchors and aliases nothing can expand
        blown = _first_oversized(root, NODE_BUDGET)
        if blown is not None:
            loaded.diagnostics.append(_alias_bomb(path, blown))
            return loaded
    builder = _Builder(loaded)
    loaded.data = builder.build(root)
    if expect_mapping and not isinstance(root, MappingNode):
        loaded.diagnostics.append(_not_a_mapping(loaded, root))
    return loaded


def _not_utf8(raw: bytes, bad_index: int, path: str) -> Diagnostic:
    before = _LINE_BREAK.split(raw[:bad_index].decode("utf-8"))
    span = Span(path, len(before), len(before[-1]) + 1)
    return Diagnostic(
        NOT_UTF8,
        f"byte 0x{raw[bad_index]:02x} is not valid UTF-8",
        span,
        "save the file with UTF-8 encoding",
    )


def _not_a_mapping(loaded: Loaded, root: Node) -> Diagnostic:
    kind = "a list" if isinstance(root, SequenceNode) else "a single value"
    return Diagnostic(
        NOT_A_MAPPING,
        f"the document is {kind}, not a mapping of keys to values",
        _mark_span(loaded.path, root.start_mark),
        "a card file holds keys such as 'id: ...' at the top level",
    )


class _Loader(yaml.CSafeLoader if hasattr(yaml, "CSafeLoader") else yaml.SafeLoader):  # type: ignore[misc]
    """The safe composer with tag resolution switched off: scalars are resolved by our own rules."""

    def resolve(self, kind: type[Node], value: Any, implicit: Any) -> str:
        if kind is ScalarNode:
            return _PLAIN if implicit[0] else _STR
        return _SEQ if kind is SequenceNode else _MAP


def _compose(loaded: Loaded) -> Node | None:
    """The first document's node graph, or None after reporting why there is none."""
    root: Node | None = None
    loader = None
    try:
        loader = _Loader(loaded.text)  # the pure-Python reader already checks characters here
        root = loader.get_node() if loader.check_node() else None
        if root is None or _is_empty_scalar(root):
            loaded.diagnostics.append(_empty(loaded.path))
            root = None
        if loader.check_node():
            loaded.diagnostics.append(_second_document(loaded, root))
    except yaml.MarkedYAMLError as error:
        loaded.diagnostics.append(_syntax_error(loaded, error))
    except yaml.reader.ReaderError as error:
        loaded.diagnostics.append(_reader_error(loaded, error))
    except RecursionError:  # only the pure-Python composer recurses; libyaml caps depth itself
        loaded.diagnostics.append(_too_deep(Span(loaded.path)))
    finally:
        if loader is not None:
            loader.dispose()
    return root


def _is_empty_scalar(node: Node) -> bool:
    return isinstance(node, ScalarNode) and node.tag == _PLAIN and node.value == ""


def _empty(path: str) -> Diagnostic:
    return Diagnostic(
        EMPTY_FILE,
        "the file holds no YAML content",
        Span(path),
        "a card file needs at least its 'id' and 'kind' keys",
    )


def _second_document(loaded: Loaded, root: Node | None) -> Diagnostic:
    after = root.end_mark.line if root is not None else 0
    line = after + 1
    for index in range(after, len(loaded.lines)):
        if loaded.lines[index].startswith(("---", "...")):
            line = index + 1
            if loaded.lines[index].startswith("---"):
                break
    return Diagnostic(
        MULTIPLE_DOCUMENTS,
        "the file holds more than one YAML document",
        Span(loaded.path, line, 1),
        "put each card in its own file, or remove the '---' separator",
    )


def _syntax_error(loaded: Loaded, error: yaml.MarkedYAMLError) -> Diagnostic:
    mark = error.problem_mark or error.context_mark
    span = _mark_span(loaded.path, mark) if mark is not None else Span(loaded.path)
    problem = error.problem or "the YAML cannot be parsed"
    hints = []
    if error.context:
        where = f" (line {error.context_mark.line + 1})" if error.context_mark else ""
        hints.append(error.context + where)
    if _char_at(loaded, span) == "\t":
        hints.append("indent with spaces; YAML does not allow tabs there")
    hints.extend(hint for phrase, hint in _SYNTAX_HINTS.items() if phrase in problem)
    return Diagnostic(YAML_SYNTAX, problem, span, "; ".join(hints) or None)


def _reader_error(loaded: Loaded, error: yaml.reader.ReaderError) -> Diagnostic:
    # The C reader reports a byte offset into the UTF-8 text; the pure one a character index.
    position = error.position
    if getattr(error, "encoding", None) == "?":
        position = len(loaded.text.encode("utf-8")[:position].decode("utf-8", "ignore"))
    before = _LINE_BREAK.split(loaded.text[:position])
    character = error.character
    shown = f"U+{character:04X}" if isinstance(character, int) else repr(character)
    return Diagnostic(
        YAML_SYNTAX,
        f"{error.reason}: character {shown}",
        Span(loaded.path, len(before), len(before[-1]) + 1),
        "remove the control character, or write it as an escape inside double quotes",
    )


def _char_at(loaded: Loaded, span: Span) -> str:
    lines = loaded.lines
    if span.line > len(lines):
        return ""
    line = lines[span.line - 1]
    return line[span.column - 1] if span.column <= len(line) else ""


def _mark_span(path: str, mark: Any) -> Span:
    return Span(path, mark.line + 1, mark.column + 1)


def _escape(key: str) -> str:
    if "~" in key or "/" in key:
        return key.replace("~", "~0").replace("/", "~1")
    return key


def _unescape(segment: str) -> str:
    if "~" in segment:
        return segment.replace("~1", "/").replace("~0", "~")
    return segment


def _nearest(table: dict[str, tuple[int, int]], pointer: str) -> tuple[str, tuple[int, int]] | None:
    while True:
        found = table.get(pointer)
        if found is not None:
            return pointer, found
        if not pointer:
            return None
        pointer = pointer[: pointer.rfind("/")]


def _word_at(text: str, offset: int) -> tuple[int, int]:
    """Which word of `text` holds `offset` (or follows it), and how far into that word it is."""
    index = 0
    for index, match in enumerate(_WORD.finditer(text)):
        if offset < match.end():
            return index, max(0, offset - match.start())
    return index + 1, 0


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


def _children(node: Node) -> list[Node]:
    if node.__class__ is MappingNode:
        return [part for pair in node.value for part in pair]
    if node.__class__ is SequenceNode:
        return list(node.value)
    return []


def _first_oversized(root: Node, limit: int) -> Node | None:
    """The smallest subtree whose alias-expanded size passes `limit`, found without expanding.

    Sizes are memoised per node, so shared (aliased) nodes are counted once each: the walk is
    linear in the composed graph however large the expansion. A node met again while it is still
    being walked is a recursive alias; it counts as one here and is reported while building.
    """
    sizes: dict[int, int] = {}
    open_nodes: set[int] = set()
    stack: list[tuple[Node, bool]] = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        node_id = id(node)
        if children_done:
            open_nodes.discard(node_id)
            size = 1 + sum(sizes.get(id(child), 1) for child in _children(node))
            if size > limit:
                return node
            sizes[node_id] = size
        elif node_id not in sizes and node_id not in open_nodes:
            if node.__class__ is ScalarNode:
                sizes[node_id] = 1
                continue
            open_nodes.add(node_id)
            stack.append((node, True))
            stack.extend((child, False) for child in _children(node))
    return None


def _too_deep(span: Span) -> Diagnostic:
    return Diagnostic(
        FILE_TOO_LARGE,
        f"the data nests deeper than {MAX_DEPTH} levels",
        span,
        "flatten the structure",
    )


def _alias_bomb(path: str, node: Node) -> Diagnostic:
    return Diagnostic(
        ALIAS_BOMB,
        f"anchors and aliases expand this value to more than {NODE_BUDGET} values",
        _mark_span(path, node.start_mark),
        "anchors (&) and aliases (*) multiply the content; write the values out instead",
    )


class _Abort(Exception):
    """Raised to stop construction once the node budget is spent."""


class _Builder:
    """Walks a composed node graph into plain data, filling positions and diagnostics on the way."""

    def __init__(self, loaded: Loaded) -> None:
        self.path = loaded.path
        self.positions = loaded.positions
        self.key_positions = loaded.key_positions
        self.strings = loaded._strings
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
        mark = node.start_mark
        self.positions[pointer] = (mark.line + 1, mark.column + 1)
        if type(node) is ScalarNode:
            return self.scalar(node, pointer)
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
            self.diagnostics.append(_too_deep(_mark_span(self.path, node.start_mark)))

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
        if node.tag != _SEQ:
            self.bad_tag(node, "a list")
        prefix = pointer + "/"
        value = self.value
        return [
            value(item, prefix + str(index), depth + 1) for index, item in enumerate(node.value)
        ]

    def mapping(self, node: Node, pointer: str, depth: int) -> dict[str, Any]:
        if node.tag != _MAP:
            self.bad_tag(node, "a mapping")
        result: dict[str, Any] = {}
        prefix = pointer + "/"
        key_positions = self.key_positions
        for key_node, value_node in node.value:
            key = self.key(key_node)
            if key is None:
                continue
            child = prefix + _escape(key)
            mark = key_node.start_mark
            if key in result:
                self.duplicate(key, key_node, key_positions[child][0])
            key_positions[child] = (mark.line + 1, mark.column + 1)
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
        self.visits += 1
        if node.__class__ is not ScalarNode:
            kind = "a list" if node.__class__ is SequenceNode else "a mapping"
            self.report(NON_STRING_KEY, f"a mapping key is {kind}, not a string", node)
            return None
        text: str = node.value
        tag = node.tag
        if tag == _STR:
            return text
        if tag == _PLAIN:
            value = self.plain(node, text, in_key=True)
            if value.__class__ is str:
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

    def scalar(self, node: ScalarNode, pointer: str) -> Any:
        tag = node.tag
        text: str = node.value
        if tag == _PLAIN:
            value = self.plain(node, text)
            if value.__class__ is not str:
                return value
        elif tag != _STR:
            return self.tagged(node, tag, text)
        start, end = node.start_mark, node.end_mark
        self.strings[pointer] = (
            node.style or "",
            start.line + 1,
            start.column + 1,
            end.line + 1,
            end.column + 1,
            text,
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
