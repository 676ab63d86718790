"""A loaded YAML file: its text, plain data and diagnostics, and the spans of its values: a JSON
pointer (and an offset into a string value) in, file, line and column out."""

from __future__ import annotations

import re
from collections.abc import KeysView
from dataclasses import dataclass, field
from typing import Any

from compiler.diagnostics import Diagnostic, Span

LINE_BREAK = re.compile("\r\n|[\n\r\x85\u2028\u2029]")
BOM = b"\xef\xbb\xbf"
DEFAULT_MAX_BYTES = 256 * 1024  # larger files are reported, not loaded
_ESCAPE_WIDTHS = {"x": 4, "u": 6, "U": 10}
_WORD = re.compile(r"\S+")


def lines_of(raw: bytes) -> list[str]:
    """A file's lines as the loader numbers them (BOM dropped, libyaml's line breaks); [] if the
    bytes are not UTF-8 (no source line is shown then)."""
    try:
        text = raw.removeprefix(BOM).decode("utf-8")
    except UnicodeDecodeError:
        return []
    return LINE_BREAK.split(text) if text else []


# A string scalar as it sits in the source: style, start and end (1-based), and its value.
_StringInfo = tuple[str, int, int, int, int, str]


@dataclass
class Loaded:
    """One loaded file: its text, plain data, where every value sits, and what went wrong."""

    path: str
    text: str = ""
    data: Any = None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    # By pointer, the loader's node of each value, mark of each key and node of each string value:
    # a valid card's compile asks where only a few values sit, so lines and columns are worked out
    # on demand.
    # (nodes compare by identity, so two loads of one text compare by their positions instead)
    _value_nodes: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)
    _key_marks: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)
    _string_nodes: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)
    _positions: dict[str, tuple[int, int]] | None = field(default=None, repr=False, compare=False)
    _key_positions: dict[str, tuple[int, int]] | None = field(
        default=None, repr=False, compare=False
    )
    _lines: list[str] | None = field(default=None, repr=False)

    @property
    def positions(self) -> dict[str, tuple[int, int]]:
        """Where each value starts (line, column), by its pointer."""
        if self._positions is None:
            nodes = self._value_nodes.items()
            self._positions = {p: _line_column(node.start_mark) for p, node in nodes}
        return self._positions

    def pointers(self) -> KeysView[str]:
        """The pointer of every value loaded."""
        return self._value_nodes.keys()

    @property
    def key_positions(self) -> dict[str, tuple[int, int]]:
        """Where each mapping key sits (line, column), by the pointer of the value it names."""
        if self._key_positions is None:
            marks = self._key_marks.items()
            self._key_positions = {p: _line_column(mark) for p, mark in marks}
        return self._key_positions

    @property
    def lines(self) -> list[str]:
        """The source lines, split at the same line breaks libyaml counts."""
        if self._lines is None:
            self._lines = LINE_BREAK.split(self.text) if self.text else []
        return self._lines

    def span(self, pointer: str, *, key: bool = False) -> Span:
        """The span of the value (or key) at `pointer`, or of its nearest known ancestor."""
        found = _nearest(self._value_nodes, pointer)
        if key:
            key_found = _nearest(self._key_marks, pointer)
            # A key wins unless the value table knows a deeper pointer (e.g. a list item).
            if key_found is not None and (found is None or len(key_found[0]) >= len(found[0])):
                line, column = _line_column(key_found[1])
                return Span(self.path, line, column, self._key_end(key_found[0], line, column))
        if found is None:
            return Span(self.path, 1, 1)
        line, column = _line_column(found[1].start_mark)
        info = self._string(found[0])
        end = info[4] if info is not None and info[3] == line else None
        return Span(self.path, line, column, end)

    def locate(self, pointer: str, offset: int) -> tuple[int, int]:
        """The file (line, column) of character `offset` inside the string value at `pointer`."""
        info = self._string(pointer)
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

    def _string(self, pointer: str) -> _StringInfo | None:
        node = self._string_nodes.get(pointer)
        if node is None:
            return None
        start, end = node.start_mark, node.end_mark
        style = node.style or ""
        return style, start.line + 1, start.column + 1, end.line + 1, end.column + 1, node.value

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


def escape_pointer(key: str) -> str:
    if "~" in key or "/" in key:
        return key.replace("~", "~0").replace("/", "~1")
    return key


def _unescape(segment: str) -> str:
    if "~" in segment:
        return segment.replace("~1", "/").replace("~0", "~")
    return segment


def _nearest(table: dict[str, Any], pointer: str) -> tuple[str, Any] | None:
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


def _line_column(mark: Any) -> tuple[int, int]:
    return mark.line + 1, mark.column + 1


def mark_span(path: str, mark: Any) -> Span:
    return Span(path, *_line_column(mark))
