"""`cosmic render` and `cosmic docs` in-process: a card's rules text written from its hooks, and the
references written from the registry, the bundled cards' examples and the codes, as committed."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from compiler.cli.main import cli
from compiler.pipeline.project import Project
from compiler.tools import langdoc
from compiler.tools.examples import collect
from tests import ROOT


def test_render_writes_a_cards_rules_text_from_its_hooks() -> None:
    result = CliRunner().invoke(cli, ["render", "virus"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[:3] == ["### Virus", "", "*alien*"]
    assert "- **Multiply**: As main player, at reveal.totals, if your card is an attack:" in (
        result.output
    )
    unknown = CliRunner().invoke(cli, ["render", "no-such-card"])
    assert (
        unknown.exit_code == 2 and "'no-such-card' is neither a card nor a pack" in unknown.output
    )


def test_docs_writes_the_committed_references(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, project: Project
) -> None:
    # the examples come from the bundled cards the session loaded, as the other commands' cards
    # do: the command's own load would check every bundled scenario file too
    monkeypatch.setattr(langdoc, "bundled_examples", lambda: collect(project.cards))
    out = tmp_path / "docs" / "language.md"
    result = CliRunner().invoke(cli, ["docs", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        f"wrote {out}",
        f"wrote {out.with_name('diagnostics.md')}",
    ]
    for name in ("language.md", "diagnostics.md"):
        committed = (ROOT / "docs" / name).read_text(encoding="utf-8")
        assert (out.parent / name).read_text(encoding="utf-8") == committed, (
            f"docs/{name} is stale: run `cosmic docs`"
        )
