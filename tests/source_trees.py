"""The syntax tree of a source file of the project, parsed once per test session: several checks
walk every runtime module (the toolchain boundary, the layers), and parsing them is most of their
cost. Trees are only read, never changed."""

from __future__ import annotations

import ast
import functools
from pathlib import Path


@functools.cache
def _parsed(path: Path, text: str) -> ast.Module:
    return ast.parse(text, filename=str(path))


def source_tree(path: Path) -> ast.Module:
    """The tree of the file at `path` as it reads now (a changed file is parsed again)."""
    return _parsed(path.resolve(), path.read_text(encoding="utf-8"))
