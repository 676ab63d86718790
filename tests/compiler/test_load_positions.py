"""The loader's positions (compiler.pipeline.load): the line and column of every key and value,
and of a character inside a string however it is quoted or folded, so an effect's diagnostics
point into the YAML file."""

from __future__ import annotations

import pytest
from load_kit import CARD, load, word_position

from compiler.diagnostics import Span

# --- positions ----------------------------------------------------------------


def test_positions_of_nested_keys_and_values() -> None:
    loaded = load(CARD)
    assert loaded.positions[""] == (1, 1)
    assert loaded.positions["/id"] == (1, 5)
    assert loaded.positions["/powers"] == (4, 3)
    assert loaded.positions["/powers/0"] == (4, 5)
    assert loaded.positions["/powers/0/name"] == (4, 11)
    assert loaded.positions["/powers/0/window/1"] == (5, 23)
    assert loaded.positions["/powers/0/do"] == (6, 9)
    assert loaded.key_positions["/powers"] == (3, 1)
    assert loaded.key_positions["/powers/0/window"] == (5, 5)
    assert "/powers/0" not in loaded.key_positions


def test_pointers_list_every_value_in_document_order() -> None:
    loaded = load("a: [x, {b: 1}]\nc: 2\n")
    assert list(loaded.pointers()) == ["", "/a", "/a/0", "/a/1", "/a/1/b", "/c"]
    assert list(loaded.positions) == list(loaded.pointers())
    assert loaded.span("/a/1/b") == Span(loaded.path, 1, 12)


def test_pointers_escape_tilde_and_slash() -> None:
    loaded = load("a/b: 1\nc~d: {e: 2}\n")
    assert loaded.positions["/a~1b"] == (1, 6)
    assert loaded.positions["/c~0d/e"] == (2, 10)


def test_span_walks_up_to_the_nearest_known_pointer() -> None:
    loaded = load(CARD)
    assert loaded.span("/powers/0/name") == Span("card.yaml", 4, 11, 18)
    assert loaded.span("/powers/0/name", key=True) == Span("card.yaml", 4, 5, 9)
    assert loaded.span("/powers/0/missing") == Span("card.yaml", 4, 5)
    assert loaded.span("/powers/0/missing", key=True) == Span("card.yaml", 4, 5)
    assert loaded.span("/nothing/here", key=True) == Span("card.yaml", 1, 1)
    assert loaded.span("/kind", key=True) == Span("card.yaml", 2, 1, 5)


def test_crlf_line_endings_keep_positions_right() -> None:
    loaded = load(CARD.replace("\n", "\r\n"))
    assert loaded.diagnostics == []
    assert loaded.data == load(CARD).data
    assert loaded.positions == load(CARD).positions
    assert loaded.lines[3] == "  - name: Undying"
    value = loaded.data["powers"][0]["do"]
    assert word_position(loaded, "/powers/0/do", value, "card") == (8, 14)


def test_tabs_inside_values_count_as_one_column() -> None:
    loaded = load("a:\tx\tb\nc: 'd\te'\n")
    assert loaded.data == {"a": "x\tb", "c": "d\te"}
    assert loaded.positions["/a"] == (1, 4)
    assert loaded.locate("/a", 2) == (1, 6)
    assert loaded.locate("/c", 2) == (2, 7)


def test_columns_count_characters_not_bytes() -> None:
    loaded = load("name: \u00e9t\u00e9\nnext: x\n")
    assert loaded.positions["/next"] == (2, 7)
    assert loaded.span("/name").end_column == 10


# --- locate -----------------------------------------------------------------


def test_locate_in_a_plain_scalar() -> None:
    loaded = load("power: gain one reward\n")
    assert word_position(loaded, "/power", "gain one reward", "reward") == (1, 17)


def test_locate_in_single_quoted_scalars_with_doubled_quotes() -> None:
    loaded = load("name: 'it''s a trap'\n")
    value = loaded.data["name"]
    assert value == "it's a trap"
    assert word_position(loaded, "/name", value, "it") == (1, 8)
    assert word_position(loaded, "/name", value, "s a") == (1, 12)
    assert word_position(loaded, "/name", value, "trap") == (1, 16)


def test_locate_in_double_quoted_scalars_with_escapes() -> None:
    loaded = load('text: "say \\"hi\\" to \\u00e9mile"\n')
    value = loaded.data["text"]
    assert value == 'say "hi" to \u00e9mile'
    assert word_position(loaded, "/text", value, "say") == (1, 8)
    assert word_position(loaded, "/text", value, "hi") == (1, 14)
    assert word_position(loaded, "/text", value, "to") == (1, 19)
    assert word_position(loaded, "/text", value, "mile") == (1, 28)


@pytest.mark.parametrize(
    ("indicator", "content_indent"), [("|", 4), ("|-", 4), ("|+", 4), ("|2", 4), ("|1", 3)]
)
def test_locate_in_literal_blocks(indicator: str, content_indent: int) -> None:
    text = f"id: x\npowers:\n  do: {indicator}\n    draw two cards\n      then discard one\n"
    loaded = load(text)
    assert loaded.diagnostics == []
    value = loaded.data["powers"]["do"]
    assert word_position(loaded, "/powers/do", value, "two") == (4, 10)
    assert word_position(loaded, "/powers/do", value, "discard") == (5, 12)
    assert loaded.locate("/powers/do", 0) == (4, content_indent + 1)


def test_locate_in_a_literal_block_with_a_leading_blank_line() -> None:
    loaded = load("do: |\n\n   first\n   second word\n")
    value = loaded.data["do"]
    assert value == "\nfirst\nsecond word\n"
    assert word_position(loaded, "/do", value, "word") == (4, 11)


def test_locate_in_folded_block() -> None:
    loaded = load("lore: >\n  one two\n  three four\n\n  five\n")
    value = loaded.data["lore"]
    assert value == "one two three four\nfive\n"
    assert word_position(loaded, "/lore", value, "four") == (3, 9)
    assert word_position(loaded, "/lore", value, "five") == (5, 3)


def test_locate_in_multi_line_plain_and_quoted_scalars() -> None:
    loaded = load('a: alpha beta\n  gamma delta\nb: "one\n  two three"\n')
    assert word_position(loaded, "/a", loaded.data["a"], "delta") == (2, 9)
    assert word_position(loaded, "/b", loaded.data["b"], "three") == (4, 7)
    assert word_position(loaded, "/b", loaded.data["b"], "one") == (3, 5)


def test_locate_outside_a_string_falls_back_to_the_value() -> None:
    loaded = load("cost: 3\n")
    assert loaded.locate("/cost", 0) == (1, 7)
    assert loaded.locate("/nothing", 4) == (1, 1)


def test_lines_split_like_libyaml() -> None:
    loaded = load("a: 1\rb: 2\r\nc: 3\n")
    assert loaded.lines == ["a: 1", "b: 2", "c: 3", ""]
    assert loaded.positions["/c"] == (3, 4)
