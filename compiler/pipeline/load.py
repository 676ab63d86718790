"""YAML source loading: raw card bytes in, plain data with per-pointer positions and diagnostics out."""

from __future__ import annotations

import os
from pathlib import Path

from compiler.diagnostics import (
    ALIAS_BOMB,
    EMPTY_FILE,
    FILE_TOO_LARGE,
    FILE_UNREADABLE,
    INTERNAL,
    MULTIPLE_DOCUMENTS,
    NOT_A_MAPPING,
    NOT_UTF8,
    YAML_SYNTAX,
    Diagnostic,
    Span,
)
from compiler.pipeline.loaded import BOM, DEFAULT_MAX_BYTES, LINE_BREAK, Loaded, mark_span
from compiler.pipeline.yaml_import import MappingNode, Node, ScalarNode, SequenceNode, yaml
from compiler.pipeline.yaml_values import NODE_BUDGET, PLAIN_TAG, Builder, TaglessLoader, too_deep

# libyaml counts these as line breaks, so line numbers must be split the same way.


_SYNTAX_HINTS = {
    "mapping values are not allowed": "a plain value cannot contain ': '; put the value in quotes",
    "found undefined alias": "define the anchor (&name) before using it as *name",
    "found duplicate anchor": "give each anchor (&name) a distinct name",
}


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
    if raw.startswith(BOM):
        raw = raw[len(BOM) :]
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
    builder = Builder(loaded)
    loaded.data = builder.build(root)
    if expect_mapping and not isinstance(root, MappingNode):
        loaded.diagnostics.append(_not_a_mapping(loaded, root))
    return loaded


def _not_utf8(raw: bytes, bad_index: int, path: str) -> Diagnostic:
    before = LINE_BREAK.split(raw[:bad_index].decode("utf-8"))
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
        mark_span(loaded.path, root.start_mark),
        "a card file holds keys such as 'id: ...' at the top level",
    )


def _compose(loaded: Loaded) -> Node | None:
    """The first document's node graph, or None after reporting why there is none."""
    root: Node | None = None
    loader = None
    try:
        loader = TaglessLoader(loaded.text)  # the pure-Python reader already checks characters here
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
        loaded.diagnostics.append(too_deep(Span(loaded.path)))
    finally:
        if loader is not None:
            loader.dispose()
    return root


def _is_empty_scalar(node: Node) -> bool:
    return isinstance(node, ScalarNode) and node.tag == PLAIN_TAG and node.value == ""


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
    span = mark_span(loaded.path, mark) if mark is not None else Span(loaded.path)
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
    before = LINE_BREAK.split(loaded.text[:position])
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


def _alias_bomb(path: str, node: Node) -> Diagnostic:
    return Diagnostic(
        ALIAS_BOMB,
        f"anchors and aliases expand this value to more than {NODE_BUDGET} values",
        mark_span(path, node.start_mark),
        "anchors (&) and aliases (*) multiply the content; write the values out instead",
    )
