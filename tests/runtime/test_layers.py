"""The runtime's layout: every import in runtime/ (inside functions and under TYPE_CHECKING too)
goes to its own layer or one below, and no group of modules imports itself round in a cycle
(tests/test_module_size.py keeps every module short)."""

from __future__ import annotations

import ast
import functools
import pathlib

import pytest

from tests.source_trees import import_statements

RUNTIME = pathlib.Path(__file__).resolve().parents[2] / "runtime"

# Lowest first. A module belongs to the first layer with a prefix matching its dotted name.
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    (
        "plain data",
        (
            "runtime.state",
            "runtime.plain_data",
            "runtime.lasting_data",
            "runtime.cards",
            "runtime.windows",
            "runtime.decisions",
            "runtime.draws",
            "runtime.ir",
            "runtime.record",
            "runtime.registry",
            "runtime.roles",
            "runtime.setup",
            "runtime.log",
            "runtime.interfaces",
            "runtime.table_events",
            "runtime.extension",
        ),
    ),
    (
        "game services",
        (
            "runtime.view",
            "runtime.asking",
            "runtime.table",
            "runtime.card_events",
            "runtime.checkpoints",
        ),
    ),
    ("rules of play", ("runtime.rules", "runtime.invariants")),
    ("effects and dispatch", ("runtime.effects", "runtime.dispatch")),
    (
        "ops and vocabulary",
        ("runtime.vocabulary", "runtime.ops"),
    ),
    ("rules modules of packs", ("runtime.modules",)),
    ("the language", ("runtime.language",)),
    ("a game put together", ("runtime.game",)),
    ("players and traces", ("runtime.agents", "runtime.trace", "runtime.rehearsal")),
]


def module_name(path: pathlib.Path) -> str:
    parts = path.relative_to(RUNTIME.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer_of(module: str) -> int:
    for index, (_, prefixes) in enumerate(LAYERS):
        if any(module == p or module.startswith(p + ".") for p in prefixes):
            return index
    if module in ("runtime", "runtime.effects", "runtime.ops", "runtime.rules", "runtime.agents"):
        return -1  # a package's own __init__ names no layer of its own
    raise AssertionError(f"{module} belongs to no layer: add it to LAYERS in {__file__}")


def imports(path: pathlib.Path, module: str, known: set[str]) -> set[str]:
    """Every runtime module that `module` imports, wherever the import statement stands."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in import_statements(path):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*parts, base] if base else parts)
            names = [base, *(f"{base}.{a.name}" for a in node.names)]
        else:
            continue
        for name in names:
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name.startswith("runtime") and name != module:
                found.add(name)
    return found


@functools.cache
def graph() -> dict[str, set[str]]:
    """Each runtime module's imports of other runtime modules (read once: the tests only read it)."""
    paths = {module_name(p): p for p in RUNTIME.rglob("*.py")}
    known = set(paths)
    return {m: imports(p, m, known) for m, p in paths.items()}


@pytest.mark.slow  # reads every runtime module
def test_every_runtime_module_has_a_layer() -> None:
    for module in graph():
        layer_of(module)


def upward_imports(g: dict[str, set[str]]) -> set[tuple[str, str]]:
    return {(m, t) for m, targets in g.items() for t in targets if layer_of(t) > layer_of(m) >= 0}


def cycles_in(g: dict[str, set[str]]) -> list[list[str]]:
    """Every group of two or more modules that import each other round, each sorted."""
    # a package __init__ that only re-exports is no module of the cycle
    g = {m: set() if layer_of(m) < 0 else set(targets) for m, targets in g.items()}
    cycles = []
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []

    def visit(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in g[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                cycles.append(sorted(comp))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return cycles


@pytest.mark.slow  # reads every runtime module
def test_no_runtime_module_imports_from_a_higher_layer() -> None:
    upward = upward_imports(graph())
    assert upward == set(), "reach a higher layer through an interface the lower layer declares"


@pytest.mark.slow  # reads every runtime module
def test_no_import_cycle_in_runtime() -> None:
    assert cycles_in(graph()) == []


def test_imports_inside_functions_under_type_checking_and_relative_ones_are_read(
    tmp_path: pathlib.Path,
) -> None:
    source = tmp_path / "state.py"
    source.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from runtime.game import Game\n"
        "def later() -> None:\n"
        "    import runtime.table\n"
        "    from .rules import turn\n"
        "    from runtime.ops.planets import make_planet\n",
        encoding="utf-8",
    )
    known = {"runtime.state", "runtime.game", "runtime.table", "runtime.rules.turn", "runtime.ops"}
    found = imports(source, "runtime.state", known)
    assert found == {"runtime.game", "runtime.table", "runtime.rules.turn", "runtime.ops"}


def test_an_upward_import_and_a_cycle_are_caught() -> None:
    g = {
        "runtime.state": {"runtime.game"},  # plain data reaching up to the game
        "runtime.game": {"runtime.state"},
        "runtime.rules.turn": {"runtime.state"},
    }
    assert upward_imports(g) == {("runtime.state", "runtime.game")}
    assert cycles_in(g) == [["runtime.game", "runtime.state"]]
