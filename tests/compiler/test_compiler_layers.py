"""The compiler's layout: the pipeline stages (compiler/pipeline) import none of the tools built
on them, and each folder imports only the folders below it (every import statement counts,
inside functions and under TYPE_CHECKING too)."""

from __future__ import annotations

import ast
import pathlib

import pytest

from tests.source_trees import import_statements

COMPILER = pathlib.Path(__file__).resolve().parents[2] / "compiler"

# Each folder of compiler/ and the compiler/ folders it may import. The modules at the top of
# compiler/ (diagnostics, the version) sit below them all.
MAY_IMPORT: dict[str, frozenset[str]] = {
    "pipeline": frozenset(),
    "tools": frozenset({"pipeline"}),
    "scenarios": frozenset({"pipeline", "tools"}),
    "lsp": frozenset({"pipeline", "tools", "scenarios"}),
    "balance": frozenset({"pipeline", "tools"}),
    "cli": frozenset({"pipeline", "tools", "scenarios", "lsp", "balance"}),
}


def compiler_folders_imported(path: pathlib.Path) -> set[str]:
    """The folders of compiler/ that a file's import statements name."""
    found = set()
    for statement in import_statements(path):
        if isinstance(statement, ast.ImportFrom):
            if statement.level or not statement.module:
                continue
            names = [statement.module]
            if statement.module == "compiler":
                names = [f"compiler.{alias.name}" for alias in statement.names]
        else:
            names = [alias.name for alias in statement.names]
        for name in names:
            parts = name.split(".")
            if parts[0] == "compiler" and len(parts) > 1 and parts[1] in MAY_IMPORT:
                found.add(parts[1])
    return found


def test_every_folder_of_the_compiler_has_its_place() -> None:
    folders = {p.name for p in COMPILER.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert folders == set(MAY_IMPORT)


@pytest.mark.parametrize("folder", sorted(MAY_IMPORT))
def test_a_folder_imports_only_the_folders_below_it(folder: str) -> None:
    wrong = {
        path.relative_to(COMPILER).as_posix(): sorted(above)
        for path in sorted((COMPILER / folder).rglob("*.py"))
        if (above := compiler_folders_imported(path) - MAY_IMPORT[folder] - {folder})
    }
    assert wrong == {}, f"imports from folders above {folder}/: {wrong}"


def test_an_upward_import_is_caught(tmp_path: pathlib.Path) -> None:
    module = tmp_path / "stage.py"
    module.write_text(
        "def later():\n    from compiler.tools.render import render\n    return render\n",
        encoding="utf-8",
    )
    assert compiler_folders_imported(module) - MAY_IMPORT["pipeline"] == {"tools"}
