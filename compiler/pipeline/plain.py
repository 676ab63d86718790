"""Compiled card files (CardFile, with their CardDef, IR, diagnostics and spans) to plain JSON data
and back. Decoding checks every field against its declared type and builds only the known
record classes, so stored data can never create anything else; bad data raises BadData.

Encoding: JSON scalars and lists stand for themselves; every JSON object is a one-key tag:
`{"<Class>": [field, ...]}` a record with its fields in declaration order, `{"#": n}` the n-th
record written so far in the same document (cards repeat phrases, so one document shares each
distinct sub-tree), and, inside free-form data, `{"t": [...]}` a tuple, `{"f": [...]}` a
frozenset, `{"m": [[key, value], ...]}` a mapping. A record field whose declared type says more
than JSON can is written plainly and rebuilt by that type: a tuple or frozenset as a list, a
mapping as [key, value] pairs, a diagnostic code by its id, a severity by its name, and a card
file's spans as [pointer, line, column, end column] (with a path only when not the file's own).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from typing import Any

from compiler import diagnostics as d
from compiler.pipeline.compiled import CardFile
from compiler.pipeline.manifest import Manifest
from compiler.pipeline.plain_types import (
    AS_IS,
    CODE,
    PAIRS,
    PLACES,
    SEQUENCE,
    SET,
    SEVERITY,
    Records,
    every_record,
    exact,
    field_names,
    head_records,
)


class BadData(ValueError):
    """Stored data that is not a faithful encoding of a compiled card file."""


# Records that hold mutable parts are written out each time rather than shared.
UNSHARED = frozenset({"CardFile", "CardDef", "Manifest"})


class Encoder:
    """Turns values into JSON-ready data, sharing repeated records within one document."""

    def __init__(self) -> None:
        self.seen: dict[str, int] = {}
        self.count = 0
        self.owner = ""  # the path of the card file being written
        self.layouts = _layouts(every_record())

    def encode(self, value: Any) -> Any:
        """A compiled value as JSON-ready data (raises TypeError on anything it cannot store)."""
        cls = value.__class__
        if cls in SCALARS:
            return value
        layout = self.layouts.get(cls)
        if layout is not None and cls is not d.Code:
            return self.record(value, *layout)
        if value is None or isinstance(value, str | bool | int | float):
            return value
        if isinstance(value, list):
            return [self.encode(v) for v in value]
        if isinstance(value, tuple):
            return {"t": [self.encode(v) for v in value]}
        if isinstance(value, frozenset):
            return {"f": [self.encode(v) for v in sorted(value, key=repr)]}
        if isinstance(value, Mapping):
            return {"m": [[self.encode(k), self.encode(v)] for k, v in value.items()]}
        if isinstance(value, d.Severity):
            return {"S": value.value}
        if isinstance(value, d.Code) and d.CODES.get(value.id) == value:
            return {"E": value.id}
        name = type(value).__name__
        if layout is None:
            raise TypeError(f"cannot store a {name}")
        return self.record(value, *layout)

    def record(self, value: Any, name: str, fields_forms: Any, shared: bool) -> Any:
        if isinstance(value, CardFile | Manifest):
            self.owner = value.path
        fields = [self.field(getattr(value, f), form) for f, form in fields_forms]
        if shared:
            # repr tells JSON-ready values apart as their JSON text would, and costs less
            key = name + repr(fields)
            found = self.seen.get(key)
            if found is not None:
                return {"#": found}
            self.seen[key] = self.count
        self.count += 1
        return {name: fields}

    def field(self, value: Any, form: int) -> Any:
        if value is None or form == AS_IS:
            return self.encode(value)
        if form == SEQUENCE:
            return [self.encode(v) for v in value]
        if form == SET:
            return sorted(value)
        if form == PAIRS:
            return [[k, self.encode(v)] for k, v in value.items()]
        if form == PLACES:
            return [
                [k, v.line, v.column, v.end_column, *([] if v.path == self.owner else [v.path])]
                for k, v in value.items()
            ]
        return value.id if form == CODE else value.value


SCALARS = frozenset({str, int, bool, float, type(None)})


@functools.cache
def _layouts(records: Records) -> dict[type, tuple[str, tuple[tuple[str, int], ...], bool]]:
    """Per record class: its name, its fields with the form each is written in, and whether a
    repeat of it is written as a reference to the first."""
    return {
        cls: (
            name,
            tuple(zip(field_names(cls), records.forms[name], strict=True)),
            name not in UNSHARED,
        )
        for name, cls in records.by_name.items()
    }


def encode(value: Any) -> Any:
    return Encoder().encode(value)


def dumps(value: Any) -> str:
    return json.dumps(encode(value), separators=(",", ":"), ensure_ascii=False)


# ---------------------------------------------------------------- decoding


def _sequence(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise BadData("a tag must hold a list")
    return value


def _pairs(value: Any) -> dict[Any, Any]:
    out: dict[Any, Any] = {}
    for pair in _sequence(value):
        if not isinstance(pair, list) or len(pair) != 2:
            raise BadData("a mapping entry must be a [key, value] pair")
        key, item = pair
        try:
            out[key] = item
        except TypeError:
            raise BadData("a mapping key must be hashable") from None
    return out


class Decoder:
    """Builds values back from one document, keeping every record for `{"#": n}` to name. With
    `heads`, only the records of a store's heads are known (and the IR is not loaded)."""

    def __init__(self, heads: bool = False) -> None:
        self.records: list[Any] = []
        self.plans = _plans(head_records() if heads else every_record())

    def object(self, pairs: list[tuple[str, Any]]) -> Any:
        if len(pairs) != 1:
            raise BadData("an object must be a one-key tag")
        ((tag, value),) = pairs
        if tag == "#":  # a shared record, the commonest object by far: checked first
            if value.__class__ is not int or not 0 <= value < len(self.records):
                raise BadData("a reference to no record")
            return self.records[value]
        plan = self.plans.get(tag)
        if plan is None:
            return self.other(tag, value)
        cls, size, converted, kinds, classes, tests = plan
        if value.__class__ is not list or len(value) != size:
            raise BadData(f"{tag} takes {size} fields")
        for i, form in converted:
            field = value[i]
            if field.__class__ is list and form == SEQUENCE:
                value[i] = tuple(field)
            elif form == PLACES:
                value[i] = _places(field, value[0])
            elif field is not None:
                value[i] = _convert(field, form)
        for i, allowed in kinds:
            if value[i].__class__ not in allowed:
                raise BadData(f"a field of {tag} has the wrong type")
        for i, spec in classes:
            if not isinstance(value[i], spec):
                raise BadData(f"a field of {tag} has the wrong type")
        for i, test in tests:
            if not test(value[i]):
                raise BadData(f"a field of {tag} has the wrong type")
        made = cls(*value)
        self.records.append(made)
        return made

    def other(self, tag: str, value: Any) -> Any:
        if tag == "t":
            return tuple(_sequence(value))
        if tag == "m":
            return _pairs(value)
        if tag == "f":
            return _convert(value, SET)
        if tag == "E":
            return _convert(value, CODE)
        if tag == "S":
            return _convert(value, SEVERITY)
        raise BadData(f"unknown tag {tag!r}")


Plan = tuple[type, int, Any, Any, Any, Any]


@functools.cache
def _plans(records: Records) -> dict[str, Plan]:
    """Per record: its class, field count, the fields to convert, and its checks: by exact class
    (a field that holds records or None, such as any IR node: one set look-up instead of an
    isinstance over some thirty classes), by class, and by test."""
    plans: dict[str, Plan] = {}
    for name, (cls, specs) in records.specs.items():
        converted = tuple((i, form) for i, form in enumerate(records.forms[name]) if form != AS_IS)
        plans[name] = (
            cls,
            len(specs),
            converted,
            tuple((i, exact(spec)) for i, spec in enumerate(specs) if exact(spec)),
            tuple(
                (i, spec)
                for i, spec in enumerate(specs)
                if isinstance(spec, tuple) and not exact(spec)
            ),
            tuple((i, spec) for i, spec in enumerate(specs) if not isinstance(spec, tuple)),
        )
    return plans


def _places(items: Any, owner: Any) -> dict[str, d.Span]:
    out: dict[str, d.Span] = {}
    for item in _sequence(items):
        if item.__class__ is not list or len(item) not in (4, 5):
            raise BadData("a span must be [pointer, line, column, end column, path?]")
        key, line, column, end = item[:4]
        path = item[4] if len(item) == 5 else owner
        if not (
            isinstance(key, str)
            and isinstance(path, str)
            and line.__class__ is int
            and column.__class__ is int
            and (end is None or end.__class__ is int)
        ):
            raise BadData("a span has fields of the wrong type")
        out[key] = d.Span(path, line, column, end)
    return out


def _convert(value: Any, form: int) -> Any:
    if form == SEQUENCE:
        return tuple(_sequence(value))
    if form == PAIRS:
        return _pairs(value)
    if form == SET:
        try:
            return frozenset(_sequence(value))
        except TypeError:
            raise BadData("a set may hold only hashable values") from None
    if form == CODE:
        code = d.CODES.get(value) if isinstance(value, str) else None
        if code is None:
            raise BadData(f"unknown diagnostic code {value!r}")
        return code
    try:
        return d.Severity(value)
    except ValueError:
        raise BadData(f"unknown severity {value!r}") from None


def decode_json(text: str | bytes, heads: bool = False) -> Any:
    """Parse and decode stored data; raises BadData on anything malformed. With `heads`, only a
    store's heads may be in it (card files without their cards, manifests)."""
    try:
        return json.loads(text, object_pairs_hook=Decoder(heads).object)
    except BadData:
        raise
    except (ValueError, TypeError, RecursionError) as exc:
        raise BadData(f"unreadable data: {type(exc).__name__}") from None


class Reader:
    """Decodes stored documents one after another with one JSON decoder: for the thousands of
    small documents of a store's rows, making a decoder for each costs more than the decoding."""

    def __init__(self, heads: bool = False) -> None:
        self._decoder = Decoder(heads)
        self._json = json.JSONDecoder(object_pairs_hook=self._decoder.object)

    def decode(self, text: str) -> Any:
        """As decode_json(text, heads) does."""
        self._decoder.records.clear()  # each document names its own records
        try:
            return self._json.decode(text)
        except BadData:
            raise
        except (ValueError, TypeError, RecursionError) as exc:
            raise BadData(f"unreadable data: {type(exc).__name__}") from None


def loads_card_file(text: str | bytes) -> CardFile:
    found = decode_json(text)
    if not isinstance(found, CardFile):
        raise BadData("not a compiled card file")
    return found
