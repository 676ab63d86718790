"""What plain card data may hold: the record classes a compiled card file is made of, and for each
record field a check of the values it accepts and the form JSON writes it in (compiler.pipeline.plain
encodes and decodes with them)."""

from __future__ import annotations

import dataclasses
import functools
import sys
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any

from compiler import diagnostics as d
from compiler.pipeline.compiled import CardFile
from compiler.pipeline.manifest import Manifest
from runtime import cards

Check = Callable[[Any], bool]

# What a store's heads are made of (a card file without its card, a checked manifest): reading
# them back needs neither the IR's classes nor a card's, so a validation from the cache never
# loads the IR.
HEADS: tuple[type, ...] = (
    d.Span,
    d.Code,
    d.Diagnostic,
    CardFile,
    cards.OptionDef,
    cards.PackDef,
    Manifest,
)
# The record classes fields may name: the IR's node classes join when every record is asked for.
KNOWN: set[type] = {*HEADS, cards.Hook, cards.CardDef}


def _is_plain(value: Any) -> bool:
    """YAML-like data: scalars, lists, tuples and mappings of them (what `attrs` holds)."""
    if value is None or isinstance(value, str | bool | int | float):
        return True
    if isinstance(value, list | tuple):
        return all(_is_plain(v) for v in value)
    if isinstance(value, dict):
        return all(_is_plain(k) and _is_plain(v) for k, v in value.items())
    return False


is_plain = _is_plain


def is_json_data(value: Any) -> bool:
    """Data JSON reads back as it was: strings, numbers, booleans, None, and lists and mappings
    with string keys of them (no tuples, no other keys)."""
    if value is None or value.__class__ in (str, bool, int, float):
        return True
    if value.__class__ is list:
        return all(is_json_data(v) for v in value)
    if value.__class__ is dict:
        return all(k.__class__ is str and is_json_data(v) for k, v in value.items())
    return False


# A field's check: the classes its value may be an instance of, or a test for it.
Spec = tuple[type, ...] | Check


def _fits(spec: Spec, value: Any) -> bool:
    return isinstance(value, spec) if isinstance(spec, tuple) else spec(value)


@functools.cache
def _spec(tp: Any) -> Spec:
    """How to check that a decoded value fits the type annotation `tp`."""
    if tp is Any:
        return _is_plain
    if tp is type(None) or tp in (int, str, bool, float, d.Severity) or tp in KNOWN:
        return (tp,)
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        specs = [_spec(a) for a in args]
        classes = tuple(c for s in specs if isinstance(s, tuple) for c in s)
        tests = [s for s in specs if not isinstance(s, tuple)]
        if not tests:
            return classes
        return lambda v: isinstance(v, classes) or any(t(v) for t in tests)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return _container(tuple, _spec(args[0]))
    if origin is list:
        return _container(list, _spec(args[0]))
    if origin is frozenset:
        return _container(frozenset, _spec(args[0]))
    if origin in (dict, Mapping, typing.Mapping):
        return _mapping(_spec(args[0]), _spec(args[1]))
    raise TypeError(f"no check for the type {tp!r}")


def _mapping(key: Spec, value: Spec) -> Check:
    def mapping(v: Any) -> bool:
        if v.__class__ is not dict:
            return False
        for k, x in v.items():  # noqa: SIM110 (a plain loop is faster than all() here)
            if not (_fits(key, k) and _fits(value, x)):
                return False
        return True

    return mapping


def exact(spec: Spec) -> frozenset[type] | None:
    """The classes of a check by class, as a set to test a value's own class against, when they
    are all record classes (or None's): decoding builds exactly those classes and never a
    subclass, so membership decides as isinstance does, much faster over a long union."""
    if isinstance(spec, tuple) and spec and all(c in KNOWN or c is type(None) for c in spec):
        return frozenset(spec)
    return None


def _container(kind: type[Any], item: Spec) -> Check:
    allowed = exact(item)
    if allowed is not None:

        def of_records(v: Any) -> bool:
            if v.__class__ is not kind:
                return False
            for x in v:  # noqa: SIM110 (a plain loop is faster than all() here)
                if x.__class__ not in allowed:
                    return False
            return True

        return of_records
    if isinstance(item, tuple):
        classes = item

        def of_classes(v: Any) -> bool:
            if v.__class__ is not kind:
                return False
            for x in v:  # noqa: SIM110 (a plain loop is faster than all() here)
                if not isinstance(x, classes):
                    return False
            return True

        return of_classes
    test = item

    def passing(v: Any) -> bool:
        if v.__class__ is not kind:
            return False
        for x in v:  # noqa: SIM110 (a plain loop is faster than all() here)
            if not test(x):
                return False
        return True

    return passing


def field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


@functools.cache
def _hint(module: str, annotation: str) -> Any:
    namespace = vars(sys.modules[module])
    if "ir" not in namespace and "runtime.ir" in sys.modules:
        # the card records name the IR only in annotations (runtime.cards imports it for types)
        namespace = {**namespace, "ir": sys.modules["runtime.ir"]}
    return eval(annotation, namespace)  # our own classes' annotations


@functools.cache
def _hints(cls: type) -> list[Any]:
    """The fields' declared types, evaluated in the class's module (they are strings there)."""
    return [
        _hint(cls.__module__, f.type) if isinstance(f.type, str) else f.type
        for f in dataclasses.fields(cls)
    ]


def _field_specs(cls: type) -> tuple[Spec, ...]:
    return tuple(_spec(hint) for hint in _hints(cls))


# How a record field is written when its declared type says more than JSON can: a tuple or a
# frozenset as a plain list, a mapping as a list of pairs, a code by its id, a severity by name,
# and a card file's spans as [pointer, line, column, end column] (plus the path when it is not
# the file's own), as there is one of them for every card file.
AS_IS, SEQUENCE, SET, PAIRS, CODE, SEVERITY, PLACES = range(7)


def _form(hint: Any) -> int:
    if hint == dict[str, d.Span]:
        return PLACES
    origin = typing.get_origin(hint)
    if origin is tuple:
        return SEQUENCE
    if origin in (dict, Mapping, typing.Mapping):
        return PAIRS
    if hint == frozenset[str] | None:
        return SET
    if hint is d.Code:
        return CODE
    if hint == d.Severity | None:
        return SEVERITY
    return AS_IS


class Records:
    """One set of record classes by name, with each field's check and the form JSON writes it in."""

    def __init__(self, classes: tuple[type, ...]) -> None:
        self.classes = classes
        self.by_name: dict[str, type] = {cls.__name__: cls for cls in classes}
        self.specs: dict[str, tuple[type, tuple[Spec, ...]]] = {
            name: (cls, _field_specs(cls)) for name, cls in self.by_name.items()
        }
        self.forms: dict[str, tuple[int, ...]] = {
            name: tuple(map(_form, _hints(cls))) for name, cls in self.by_name.items()
        }


@functools.cache
def head_records() -> Records:
    """The records of a store's heads alone (loads no IR)."""
    return Records(HEADS)


@functools.cache
def every_record() -> Records:
    """Every record a compiled card file is made of: the IR's nodes, hooks, cards and the heads."""
    from runtime import ir

    nodes = typing.get_args(ir.Node)
    KNOWN.update(nodes)
    return Records((*nodes, cards.Hook, cards.CardDef, *HEADS))
