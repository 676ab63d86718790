"""The loader's diagnostics (compiler.pipeline.load): each way a YAML file can be unreadable,
malformed or hostile gives its error code at its line and column, all of them together, never a
traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from load_kit import CARD, codes, load, where

from compiler.diagnostics import Span
from compiler.pipeline.load import load_yaml_bytes, load_yaml_file


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
