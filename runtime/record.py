"""Record: a base for frozen, slotted dataclasses (IR nodes, hooks, card definitions), and
`record`, a decorator that makes a class such a dataclass at a small part of the cost.

Copying or pickling them goes through (class, field values), about three times faster than the
default state-restoring path of slotted dataclasses.

`@dataclass(frozen=True, slots=True)` writes and compiles five or six methods for every class it
decorates; for the hundred-odd syntax and IR node classes that is most of what importing them
costs, paid by every `cosmic` process. `@record` gives the same class (fields, defaults, init,
equality, hashing, repr, frozenness, slots, and `dataclasses.fields`/`replace`/`is_dataclass`)
with shared methods and one compiled constructor per distinct list of field names; a test holds
its classes to what `@dataclass(frozen=True, slots=True)` makes of the same definitions."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from operator import attrgetter
from types import FunctionType
from typing import Any, TypeVar, dataclass_transform

_T = TypeVar("_T", bound=type)


class Record:
    __slots__ = ()

    def __deepcopy__(self, memo: dict[int, Any]) -> Record:
        return self  # frozen: a copy of what holds it may share it

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        names: tuple[str, ...] = type(self).__slots__
        return (type(self), tuple(getattr(self, name) for name in names))


@dataclasses.dataclass(frozen=True, slots=True)
class _Probe:
    """What `dataclasses` records for a frozen slotted class and for one plain field of it,
    read here rather than built from the module's private names."""

    field: int


_PARAMS = _Probe.__dataclass_params__  # type: ignore[attr-defined]
_FIELD_KIND = dataclasses.fields(_Probe)[0]._field_type  # type: ignore[attr-defined]
# compiled constructor bodies by method and field names: node classes share a few dozen shapes
_CODE: dict[tuple[str, tuple[str, ...]], Any] = {}
# Up to this many fields, `__init__` stores each through its slot's setter; a record with more is
# built by `__new__` as a mutable twin and then given its class (the switch costs about as much
# as three setter calls, each further field a twentieth of one).
_SETTERS_UP_TO = 3


@dataclass_transform(frozen_default=True)
def record(cls: _T) -> _T:
    """The frozen, slotted dataclass of `cls`'s annotated fields (plain defaults only; no
    `__post_init__`, class variables or fields inherited from a dataclass)."""
    own = cls.__dict__
    types: dict[str, Any] = own.get("__annotations__", {})
    names = tuple(types)
    inherited = any(dataclasses.is_dataclass(base) for base in cls.__mro__[1:])
    if "__post_init__" in own or inherited or any("ClassVar" in str(t) for t in types.values()):
        raise TypeError(f"{cls.__qualname__}: use @dataclass for what a record does not make")
    body = {k: v for k, v in own.items() if k not in ("__dict__", "__weakref__")}
    fields: dict[str, dataclasses.Field[Any]] = {}
    defaults: list[Any] = []
    for name in names:
        default = body.pop(name, dataclasses.MISSING)
        if isinstance(default, dataclasses.Field) or (default is dataclasses.MISSING and defaults):
            raise TypeError(
                f"{cls.__qualname__}.{name}: a record field takes a plain default, after every field without one"
            )
        if type(default) in (list, dict, set):
            raise TypeError(
                f"{cls.__qualname__}.{name}: a mutable default would be shared by every record"
            )
        if default is not dataclasses.MISSING:
            defaults.append(default)
        fields[name] = _field(name, types[name], default)
    body.update(
        __slots__=names,
        __match_args__=names,
        __dataclass_fields__=fields,
        __dataclass_params__=_PARAMS,
        _values=staticmethod(attrgetter(*names) if names else _no_values),
    )
    for name, method in _METHODS.items():
        if name not in own:
            body[name] = method
    # A record of few fields stores each through its slot's own setter (the class's
    # `__setattr__` refuses); one of more is built as an instance of a mutable twin with the same
    # slots, whose plain stores cost a fraction of a setter's call, then turned into this class.
    # Setters and twin go in the method's globals once the class, and so its slots, exist.
    maker = "__init__" if len(names) <= _SETTERS_UP_TO else "__new__"
    made_globals: dict[str, Any] = {"__builtins__": __builtins__, "_new": object.__new__}
    build = FunctionType(_code(maker, names), made_globals, maker, tuple(defaults) or None)
    build.__qualname__ = f"{cls.__qualname__}.{maker}"
    build.__module__ = cls.__module__
    build.__annotations__ = {**types, "return": None}  # as the dataclass's `__init__` has it
    body[maker] = build if maker == "__init__" else staticmethod(build)
    made = type(cls)(cls.__name__, cls.__bases__, body)
    if maker == "__init__":
        made_globals.update((f"_set_{i}", made.__dict__[n].__set__) for i, n in enumerate(names))
    else:
        made_globals["_twin"] = type(cls)(
            f"{cls.__name__}Builder", cls.__bases__, {"__slots__": names}
        )
    made.__qualname__ = cls.__qualname__
    return made


def _field(name: str, kind: Any, default: Any) -> dataclasses.Field[Any]:
    made: dataclasses.Field[Any] = dataclasses.field(default=default)
    made.name, made.type, made.kw_only = name, kind, False
    made._field_type = _FIELD_KIND  # type: ignore[attr-defined]
    return made


def _code(method: str, names: tuple[str, ...]) -> Any:
    """The compiled body of a record's `__init__` (slot setters) or `__new__` (a twin's stores)."""
    code = _CODE.get((method, names))
    if code is None:
        if method == "__init__":
            first = "self"
            body = (
                "".join(f"\n    _set_{i}(self, {n})" for i, n in enumerate(names)) or "\n    pass"
            )
        else:
            first = "cls"
            sets = "".join(f"\n    self.{n} = {n}" for n in names)
            body = f"\n    self = _new(_twin){sets}\n    self.__class__ = cls\n    return self"
        made: dict[str, Any] = {}
        exec(f"def {method}({', '.join((first, *names))}):{body}", {}, made)
        code = _CODE[method, names] = made[method].__code__
    return code


def _no_values(_: Any) -> tuple[()]:
    return ()


def _eq(self: Any, other: Any) -> Any:
    if other.__class__ is self.__class__:
        return self._values(self) == self._values(other)
    return NotImplemented


def _hash(self: Any) -> int:
    return hash(self._values(self))


def _repr(self: Any) -> str:
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__match_args__)
    return f"{self.__class__.__qualname__}({shown})"


def _setattr(self: Any, name: str, value: Any) -> None:
    raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")


def _delattr(self: Any, name: str) -> None:
    raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")


_METHODS: dict[str, Callable[..., Any]] = {
    "__eq__": _eq,
    "__hash__": _hash,
    "__repr__": _repr,
    "__setattr__": _setattr,
    "__delattr__": _delattr,
}


def walk(node: object) -> Iterator[Record]:
    """Every record of a tree of them (an effect's IR), `node` first, then the records in its
    fields and in tuples of them, depth first."""
    if isinstance(node, Record):
        yield node
        fields: tuple[str, ...] = type(node).__slots__
        for name in fields:
            yield from walk(getattr(node, name))
    elif isinstance(node, tuple):
        for item in node:
            yield from walk(item)
