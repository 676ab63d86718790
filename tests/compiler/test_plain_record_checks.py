"""Stored fields that hold records are checked by their exact class: that decides as isinstance
would only while no record class derives from another, and a record of the wrong class is still
refused wherever it sits."""

from __future__ import annotations

import pytest

from compiler.pipeline import plain
from compiler.pipeline.plain_types import every_record
from runtime import ir

SPAN = '{"Span": ["x.yaml", 1, 1, null]}'


def test_no_record_class_derives_from_another() -> None:
    RECORDS = every_record().classes
    assert [(a, b) for a in RECORDS for b in RECORDS if a is not b and issubclass(a, b)] == []


@pytest.mark.parametrize(
    "text",
    [
        '{"Half": [' + SPAN + ", true]}",
        '{"Seq": [[{"Num": [1]}, ' + SPAN + "]]}",
        '{"Seq": [[{"Num": [1]}, null, 3]]}',
        '{"Half": [[1], true]}',
    ],
)
def test_a_record_field_holding_another_class_is_refused(text: str) -> None:
    with pytest.raises(plain.BadData):
        plain.decode_json(text)


def test_record_fields_of_the_right_class_decode() -> None:
    assert plain.decode_json('{"Seq": [[{"Num": [1]}, {"#": 0}]]}') == ir.Seq(
        (ir.Num(1), ir.Num(1))
    )
    assert plain.decode_json('{"Half": [{"Num": [3]}, true]}') == ir.Half(ir.Num(3), True)


def test_a_reader_decodes_each_document_on_its_own() -> None:
    """One reader decodes a store's rows in turn: a row names only its own shared records."""
    read = plain.Reader(heads=True).decode
    span = read(SPAN)
    assert read("[" + SPAN + ', {"#": 0}]') == [span, span]
    with pytest.raises(plain.BadData):
        read('{"#": 0}')  # the record of the row before is not this row's
    with pytest.raises(plain.BadData):
        read("[1,")
    assert read("[]") == []
