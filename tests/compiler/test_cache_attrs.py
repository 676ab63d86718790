"""A stored card summary's attributes: written as JSON data when they are JSON's own kinds of
value (read back with no second parse), else as plain encoding in JSON text; both read back equal,
and a row whose attributes are neither is refused."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from compiler.pipeline.cache import PackStore, document
from compiler.pipeline.compiled import CardFile
from compiler.pipeline.stored import StoredCardFile
from runtime.cards import CardDef

FINGERPRINT = "f" * 64


def _stored(tmp_path: Path, attrs: dict[Any, Any]) -> tuple[Any, dict[str, Any]]:
    card = CardDef("x", "flare", "X", "p", attrs=attrs)
    body = document(FINGERPRINT, "p", {"k": CardFile("p/flare/x.yaml", card, [], "flare", {}, "x")})
    path = tmp_path / "store.json"
    path.write_text(json.dumps(body), encoding="utf-8")
    return body[4][0][6][7], PackStore(path, FINGERPRINT, "p").entries


@pytest.mark.parametrize(
    "attrs",
    [
        {"aliens": ["a", "b"], "essence": {"name": "dreams", "count": 3}},
        {"flare": None},
        {},
    ],
)
def test_json_data_is_written_as_it_is(tmp_path: Path, attrs: dict[str, Any]) -> None:
    written, entries = _stored(tmp_path, attrs)
    assert isinstance(written, dict)
    stored = entries["k"]
    assert isinstance(stored, StoredCardFile)
    assert stored.summary.attrs == {**attrs, "uses": []}
    assert stored.card is not None and stored.card.attrs == attrs


@pytest.mark.parametrize("attrs", [{"aliens": ("a", "b")}, {"essence": {1: "one"}}])
def test_other_data_is_written_in_plain_encoding(tmp_path: Path, attrs: dict[str, Any]) -> None:
    written, entries = _stored(tmp_path, attrs)
    assert isinstance(written, str)
    stored = entries["k"]
    assert isinstance(stored, StoredCardFile)
    assert stored.summary.attrs == {**attrs, "uses": []}
    assert stored.card is not None and stored.card.attrs == attrs


def test_attributes_of_another_kind_are_refused(tmp_path: Path) -> None:
    card = CardDef("x", "flare", "X", "p")
    body = document(FINGERPRINT, "p", {"k": CardFile("p/flare/x.yaml", card, [], "flare", {}, "x")})
    body[4][0][6][7] = ["uses"]
    path = tmp_path / "store.json"
    path.write_text(json.dumps(body), encoding="utf-8")
    assert PackStore(path, FINGERPRINT, "p").entries == {}
