"""A built wheel carries the grammar, the schemas and the bundled cards (not only Python files)."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests import ROOT


@pytest.mark.slow
def test_wheel_contains_grammar_schemas_and_cards(tmp_path: Path) -> None:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path),
            str(ROOT),
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "grammar/effect.lark" in names
    assert "grammar/schemas/card.schema.json" in names
    assert "grammar/schemas/scenario.schema.json" in names
    assert "cards/base/pack.yaml" in names
    assert "cards/base/alien/virus.yaml" in names
    assert "runtime/game.py" in names and "compiler/cli/main.py" in names
    # the parser tables and quick schema checks ship; the bundled packs' compiled form does not
    assert "grammar/modules.json" in names and "grammar/language.json" in names
    assert "grammar/effect.tables.json" in names and "compiler/pipeline/checks/alien.py" in names
    assert not [n for n in names if n.startswith("cards/.compiled/")]
    assert "compiler/diagnostics.md" in names  # what SARIF rules link to
    assert any(n.endswith(".dist-info/licenses/LICENSE") or n.endswith("/LICENSE") for n in names)


def test_the_licence_file_matches_the_declared_licence() -> None:
    import tomllib

    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert declared["project"]["license"] == {"text": "MIT"}
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License\n")
