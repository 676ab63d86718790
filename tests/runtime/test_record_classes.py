"""`@record` classes behave as `@dataclass(frozen=True, slots=True)` makes the same definitions."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle

import pytest

from compiler import diagnostics
from compiler.pipeline import ast, language_table, lexer, module_needs, tree_builder
from compiler.pipeline.scenario_files import reading as scenario_files
from runtime import cards, ir
from runtime.record import Record, record
from tests.tiers import sample_quick


def twin(node_class: type) -> type:
    """The class `@dataclass(frozen=True, slots=True)` makes of the same definition."""
    names = node_class.__slots__
    fields = dataclasses.fields(node_class)
    body: dict[str, object] = {"__annotations__": {f.name: f.type for f in fields}}
    body.update({f.name: f.default for f in fields if f.default is not dataclasses.MISSING})
    made = type(node_class.__name__, node_class.__bases__, body)
    made.__qualname__ = node_class.__qualname__
    made = dataclasses.dataclass(frozen=True, slots=True)(made)
    assert made.__slots__ == names
    return made


def records_of(*modules: object) -> list[type]:
    return sorted(
        (
            c
            for module in modules
            for c in vars(module).values()
            if isinstance(c, type) and c.__module__ == module.__name__ and "_values" in vars(c)
        ),
        key=lambda c: (c.__module__, c.__name__),
    )


NODE_CLASSES = records_of(ir, ast)
RECORD_CLASSES = records_of(
    ir, ast, diagnostics, lexer, tree_builder, cards, language_table, module_needs, scenario_files
)


def test_every_node_class_is_a_record() -> None:
    dataclass_made = [
        c
        for module in (ir, ast)
        for c in vars(module).values()
        if isinstance(c, type)
        and c.__module__ == module.__name__
        and dataclasses.is_dataclass(c)
        and c not in NODE_CLASSES
    ]
    assert dataclass_made == []
    assert len(NODE_CLASSES) > 60


# the quick tier compares every fourth class with its twin (each twin is a dataclass to build)
@pytest.mark.parametrize(
    "node_class",
    sample_quick(
        RECORD_CLASSES, lambda i, _c: i % 4 == 0, lambda c: f"{c.__module__}.{c.__name__}"
    ),
)
def test_node_class_matches_its_dataclass_twin(node_class: type) -> None:
    other = twin(node_class)
    assert inspect.signature(node_class) == inspect.signature(other)
    assert node_class.__match_args__ == other.__match_args__
    for mine, theirs in zip(dataclasses.fields(node_class), dataclasses.fields(other), strict=True):
        for attribute in ("name", "type", "default", "default_factory", "init", "repr"):
            assert getattr(mine, attribute) == getattr(theirs, attribute)
        assert (mine.hash, mine.compare, mine.kw_only) == (theirs.hash, theirs.compare, False)
    assert node_class.__dataclass_params__.frozen


@record
class Pair(Record):
    left: int
    right: tuple[int, ...] = ()


@dataclasses.dataclass(frozen=True, slots=True)
class PairTwin(Record):
    left: int
    right: tuple[int, ...] = ()


def test_record_instances_behave_as_dataclass_instances() -> None:
    a, b, c = Pair(1, (2,)), Pair(left=1, right=(2,)), Pair(1)
    assert a == b and hash(a) == hash(b) and a != c and c.right == ()
    assert a != PairTwin(1, (2,)) and a != (1, (2,))
    assert repr(a) == repr(PairTwin(1, (2,))).replace("PairTwin", "Pair")
    assert dataclasses.replace(a, right=(3,)) == Pair(1, (3,))
    assert dataclasses.asdict(a) == {"left": 1, "right": (2,)}
    assert copy.deepcopy(a) is a and pickle.loads(pickle.dumps(a)) == a
    assert not hasattr(a, "__dict__")
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.left = 2  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del a.left  # type: ignore[misc]
    with pytest.raises(TypeError):
        Pair()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Pair(1, (2,), 3)  # type: ignore[call-arg]


def test_record_refuses_what_it_does_not_make() -> None:
    with pytest.raises(TypeError, match="plain default"):

        @record
        class Listed:
            items: list[int] = dataclasses.field(default_factory=list)

    with pytest.raises(TypeError, match="shared by every record"):

        @record
        class Shared:
            items: list[int] = []

    with pytest.raises(TypeError, match="plain default"):

        @record
        class Misordered:
            first: int = 0
            second: int

    with pytest.raises(TypeError, match="use @dataclass"):

        @record
        class Checked:
            value: int

            def __post_init__(self) -> None:
                pass

    with pytest.raises(TypeError, match="use @dataclass"):

        @record
        class Extended(PairTwin):
            more: int = 0


def test_records_with_the_same_field_names_each_fill_their_own_slots() -> None:
    @record
    class First:
        a: int
        b: str = "b"

    @record
    class Second:
        a: int
        b: str = "other"

    first, second = First(1), Second(2, "two")
    assert (first.a, first.b, second.a, second.b) == (1, "b", 2, "two")
    assert type(first).__init__.__code__ is type(second).__init__.__code__
    with pytest.raises(dataclasses.FrozenInstanceError):
        first.a = 3  # type: ignore[misc]


@record
class Wide(Record):
    """More fields than a record stores through slot setters: built as a mutable twin."""

    a: int
    b: int
    c: int
    d: tuple[int, ...] = ()
    e: str | None = None


def test_a_record_built_through_its_twin_is_of_its_own_class_and_frozen() -> None:
    wide = Wide(1, 2, 3, e="e")
    assert type(wide) is Wide and (wide.a, wide.b, wide.c, wide.d, wide.e) == (1, 2, 3, (), "e")
    assert not hasattr(wide, "__dict__")
    assert wide == Wide(1, 2, 3, (), "e") and hash(wide) == hash(Wide(1, 2, 3, (), "e"))
    assert dataclasses.replace(wide, d=(4,)) == Wide(1, 2, 3, (4,), "e")
    assert pickle.loads(pickle.dumps(wide)) == wide
    with pytest.raises(dataclasses.FrozenInstanceError):
        wide.a = 5  # type: ignore[misc]
    with pytest.raises(TypeError):
        Wide(1, 2)  # type: ignore[call-arg]
    assert "__new__" in vars(Wide) and "__init__" not in vars(Wide)
    assert "__init__" in vars(Pair), "a record of few fields keeps its setter-based __init__"
