"""The syntax tree of a source file of the project, and its import statements, read once per test
session: several checks walk every runtime module (the toolchain boundary, the layers), and
parsing and walking them is most of their cost. Trees are only read, never changed."""

from __future__ import annotations

import ast
import functools
from pathlib import Path


@functools.cache
def _parsed(path: Path, text: str) -> ast.Module:
    return ast.parse(text, filename=str(path))


@functools.cache
def _imports(tree: ast.Module) -> tuple[ast.Import | ast.ImportFrom, ...]:
    return tuple(n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom)))


def source_tree(path: Path) -> ast.Module:
    """The tree of the file at `path` as it reads now (a changed file is parsed again)."""
    return _parsed(path.resolve(), path.read_text(encoding="utf-8"))


def import_statements(path: Path) -> tuple[ast.Import | ast.ImportFrom, ...]:
    """Every import statement of the file at `path`, wherever it stands (inside functions and
    under TYPE_CHECKING too), in the order ast.walk meets them."""
    return _imports(source_tree(path))
