"""Tests for compiler.pipeline.load: YAML text in, plain data, positions and diagnostics out."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from compiler.diagnostics import Span
from compiler.pipeline.load import Loaded, load_yaml_bytes, load_yaml_file


def load(text: str, *, expect_mapping: bool = True) -> Loaded:
    return load_yaml_bytes(text.encode("utf-8"), "card.yaml", expect_mapping=expect_mapping)


def codes(loaded: Loaded) -> list[str]:
    return [d.code.id for d in loaded.diagnostics]


def where(loaded: Loaded) -> list[tuple[str, int, int]]:
    return [(d.code.id, d.span.line, d.span.column) for d in loaded.diagnostics]


def word_position(loaded: Loaded, pointer: str, value: str, word: str) -> tuple[int, int]:
    return loaded.locate(pointer, value.index(word))


CARD = """\
id: zombie
kind: alien
powers:
  - name: Undying
    window: [regroup, resolution]
    do: |
      return ship to colony
      draw 1 card
"""


# --- plain data -------------------------------------------------------------


def test_loads_plain_data_without_diagnostics() -> None:
    loaded = load(CARD)
    assert loaded.diagnostics == []
    assert loaded.data == {
        "id": "zombie",
        "kind": "alien",
        "powers": [
            {
                "name": "Undying",
                "window": ["regroup", "resolution"],
                "do": "return ship to colony\ndraw 1 card\n",
            }
        ],
    }
    assert loaded.path == "card.yaml"
    assert loaded.text == CARD


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("true", True),
        ("True", True),
        ("TRUE", True),
        ("false", False),
        ("FALSE", False),
        ("null", None),
        ("Null", None),
        ("NULL", None),
        ("~", None),
        ("", None),
        ("42", 42),
        ("-7", -7),
        ("+3", 3),
        ("0", 0),
        ("1.5", 1.5),
        ("-.5", -0.5),
        ("1e3", 1000.0),
        (".inf", math.inf),
        ("-.Inf", -math.inf),
        ("0x1F", 31),
        ("0o17", 15),
        ("tRUE", "tRUE"),
        ("12:30", "12:30"),
        ("2001-12-14", "2001-12-14"),
        ("2001-12-14t21:59:43.10-05:00", "2001-12-14t21:59:43.10-05:00"),
        ("1_000", "1_000"),
        ("0b101", "0b101"),
        ("'true'", "true"),
        ('"42"', "42"),
        ("'~'", "~"),
        ("''", ""),
        ("!!str 42", "42"),
        ("!!int 42", 42),
        ("!!float 2", 2.0),
        ("!!bool true", True),
        ("!!null ''", None),
    ],
)
def test_scalars_follow_the_yaml_1_2_core_schema(source: str, expected: object) -> None:
    loaded = load(f"value: {source}\n")
    assert loaded.diagnostics == []
    value = loaded.data["value"]
    assert value == expected
    assert type(value) is type(expected)


def test_nan_is_a_float() -> None:
    assert math.isnan(load("value: .nan\n").data["value"])


def test_anchors_and_aliases_expand_to_copies_of_plain_data() -> None:
    loaded = load("base: &b {cost: 2}\nother: *b\n")
    assert loaded.diagnostics == []
    assert loaded.data == {"base": {"cost": 2}, "other": {"cost": 2}}


def test_merge_key_is_an_ordinary_string_key() -> None:
    loaded = load("a: &a {x: 1}\nb:\n  <<: *a\n")
    assert loaded.data["b"] == {"<<": {"x": 1}}


# --- YAML 1.1 surprises ------------------------------------------------------


@pytest.mark.parametrize("word", ["yes", "No", "ON", "off", "y", "N", "yEs"])
def test_yaml11_boolean_words_stay_strings_with_a_warning(word: str) -> None:
    loaded = load(f"optional: {word}\n")
    assert loaded.data == {"optional": word}
    assert where(loaded) == [("W110", 1, 11)]
    warning = loaded.diagnostics[0]
    assert not warning.is_error
    assert warning.hint is not None and "quote" in warning.hint


def test_quoted_yaml11_word_is_silent() -> None:
    loaded = load("a: 'yes'\nb: \"off\"\nc: !!str on\n")
    assert loaded.diagnostics == []
    assert loaded.data == {"a": "yes", "b": "off", "c": "on"}


def test_yaml11_word_as_key_warns_but_stays_a_key() -> None:
    loaded = load("on: play\n")
    assert loaded.data == {"on": "play"}
    assert where(loaded) == [("W110", 1, 1)]


def test_leading_zero_keeps_the_decimal_value_and_warns() -> None:
    loaded = load("cost: 017\nother: -08\nzero: 0\nquoted: '017'\n")
    assert loaded.data == {"cost": 17, "other": -8, "zero": 0, "quoted": "017"}
    assert where(loaded) == [("W111", 1, 7), ("W111", 2, 8)]
    first = loaded.diagnostics[0]
    assert "octal 15" in first.message
    assert "the string '-08'" in loaded.diagnostics[1].message
    assert first.hint is not None and "17" in first.hint and '"017"' in first.hint


# --- error codes --------------------------------------------------------------


def test_invalid_utf8_points_at_the_first_bad_byte() -> None:
    loaded = load_yaml_bytes("id: x\nname: h\u00e9".encode() + b"\xff\xfe\n", "card.yaml")
    assert where(loaded) == [("E101", 2, 9)]
    assert loaded.data is None
    assert loaded.text == ""


def test_utf8_bom_is_skipped() -> None:
    loaded = load_yaml_bytes(b"\xef\xbb\xbfid: x\n", "card.yaml")
    assert loaded.diagnostics == []
    assert loaded.data == {"id": "x"}
    assert loaded.positions["/id"] == (1, 5)


def test_oversized_file_is_refused_before_parsing() -> None:
    loaded = load_yaml_bytes(b"id: [" + b"x, " * 50 + b"\n", "big.yaml", max_bytes=100)
    assert where(loaded) == [("E102", 1, 1)]
    assert "100" in loaded.diagnostics[0].message
    assert loaded.data is None


@pytest.mark.parametrize("text", ["", "\n\n", "# just a comment\n", "---\n", "  # indented\n"])
def test_empty_or_comment_only_file(text: str) -> None:
    loaded = load(text)
    assert codes(loaded) == ["E103"]
    assert loaded.data is None


def test_syntax_error_uses_the_problem_mark() -> None:
    loaded = load("id: x\nname: a: b\n")
    assert where(loaded) == [("E104", 2, 8)]
    diagnostic = loaded.diagnostics[0]
    assert diagnostic.message == "mapping values are not allowed in this context"
    assert diagnostic.hint is not None and "quote" in diagnostic.hint
    assert loaded.data is None


def test_syntax_error_context_goes_into_the_hint() -> None:
    loaded = load("id: x\nwindows: [a, b\nkind: alien\n")
    assert codes(loaded) == ["E104"]
    hint = loaded.diagnostics[0].hint
    assert hint is not None and "while parsing a flow sequence (line 2)" in hint


def test_tab_indentation_is_a_syntax_error_with_a_hint() -> None:
    loaded = load("powers:\n\tname: x\n")
    assert where(loaded) == [("E104", 2, 1)]
    hint = loaded.diagnostics[0].hint
    assert hint is not None and "tabs" in hint


def test_control_character_is_a_syntax_error_at_its_place() -> None:
    loaded = load("id: x\nname: \u00e9t\u00e9\x01\n")
    assert where(loaded) == [("E104", 2, 10)]


def test_duplicate_keys_are_all_reported_at_the_second_occurrence() -> None:
    loaded = load("id: a\nkind: alien\nid: b\npower:\n  x: 1\n  x: 2\n")
    assert where(loaded) == [("E105", 3, 1), ("E105", 6, 3)]
    hints = [d.hint or "" for d in loaded.diagnostics]
    assert "line 1" in hints[0]
    assert "line 5" in hints[1]
    assert loaded.data == {"id": "b", "kind": "alien", "power": {"x": 2}}


def test_alias_bomb_is_cut_off_by_the_expansion_budget() -> None:
    lines = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for level in range(1, 10):
        lines.append(f"a{level}: &a{level} [" + ", ".join([f"*a{level - 1}"] * 10) + "]")
    loaded = load("\n".join(lines) + "\n")
    assert codes(loaded) == ["E106"]
    assert loaded.data is None
    # a4 is the first level whose expansion (111 111 values) passes the budget
    assert where(loaded) == [("E106", 5, 5)]


def test_recursive_alias_is_reported_and_replaced_by_null() -> None:
    loaded = load("id: x\nloop: &l [1, *l]\n")
    assert where(loaded) == [("E106", 2, 7)]
    assert loaded.data == {"id": "x", "loop": [1, None]}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("- a\n- b\n", "a list"),
        ("just words\n", "a single value"),
        ("~\n", "a single value"),
    ],
)
def test_top_level_must_be_a_mapping(text: str, message: str) -> None:
    loaded = load(text)
    assert where(loaded) == [("E107", 1, 1)]
    assert message in loaded.diagnostics[0].message


def test_top_level_list_is_fine_when_no_mapping_is_expected() -> None:
    loaded = load("- a\n- b\n", expect_mapping=False)
    assert loaded.diagnostics == []
    assert loaded.data == ["a", "b"]


def test_python_tags_are_refused_and_never_constructed() -> None:
    loaded = load(
        "id: !!python/object/apply:os.system ['echo hi']\nx: !!python/name:os.system ''\n"
    )
    assert where(loaded) == [("E108", 1, 5), ("E108", 2, 4)]
    assert loaded.data == {"id": ["echo hi"], "x": ""}


@pytest.mark.parametrize(
    ("text", "column"),
    [
        ("value: !custom 3\n", 8),
        ("value: !!set {a, b}\n", 8),
        ("value: !!binary aGk=\n", 8),
        ("value: !!timestamp 2001-01-01\n", 8),
        ("value: !!str [a]\n", 8),
        ("value: !!int twelve\n", 8),
    ],
)
def test_non_standard_or_mismatched_tags_are_errors(text: str, column: int) -> None:
    assert where(load(text)) == [("E108", 1, column)]


def test_second_document_is_an_error_at_its_separator() -> None:
    loaded = load("id: a\n# comment\n---\nid: b\n")
    assert where(loaded) == [("E109", 3, 1)]
    assert loaded.data == {"id": "a"}


@pytest.mark.parametrize(
    ("text", "column"),
    [
        ("1: x\n", 1),
        ("true: x\n", 1),
        ("null: x\n", 1),
        ("~: x\n", 1),
        ("017: x\n", 1),
        ("[a, b]: x\n", 1),
        ("? {a: 1}\n: x\n", 3),
        ("!!int 5: x\n", 1),
    ],
)
def test_keys_must_be_strings(text: str, column: int) -> None:
    assert where(load(text)) == [("E112", 1, column)]


def test_number_key_is_kept_as_its_text() -> None:
    loaded = load("id: x\n2: two\n'3': three\n")
    assert loaded.data == {"id": "x", "2": "two", "3": "three"}
    assert codes(loaded) == ["E112"]


def test_all_problems_are_reported_together() -> None:
    loaded = load("id: a\nid: b\nopt: yes\ncost: 07\nx: !weird 1\n")
    assert codes(loaded) == ["E105", "W110", "W111", "E108"]


def test_deep_nesting_is_refused_without_a_traceback() -> None:
    loaded = load("a: " + "[" * 500 + "]" * 500 + "\n")
    assert codes(loaded) == ["E102"]


def test_unreadable_file_is_a_diagnostic(tmp_path: Path) -> None:
    loaded = load_yaml_file(tmp_path / "missing.yaml", "cards/missing.yaml")
    assert codes(loaded) == ["E100"]
    assert loaded.diagnostics[0].span == Span("cards/missing.yaml")


def test_load_yaml_file_reads_and_sizes_files(tmp_path: Path) -> None:
    card = tmp_path / "zombie.yaml"
    card.write_bytes(CARD.encode())
    assert load_yaml_file(card).data["id"] == "zombie"
    assert load_yaml_file(card, "z.yaml").path == "z.yaml"
    assert codes(load_yaml_file(card, max_bytes=10)) == ["E102"]


def test_internal_failure_becomes_e900(monkeypatch: pytest.MonkeyPatch) -> None:
    import compiler.pipeline.load as source

    def explode(*args: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(source, "_compose", explode)
    loaded = load("id: x\n")
    assert codes(loaded) == ["E900"]
    assert "card.yaml" in loaded.diagnostics[0].message


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
