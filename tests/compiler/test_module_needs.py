"""The link stage's rules-module check: a card of a kind a module deals or plays, or using a word
a module owns, needs its pack to name that module (directly or through a required pack), also
when the card comes from the compile cache; a card using the words of a module an option switches
on requires that option."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from compiler.cli.main import cli
from compiler.pipeline.module_needs import named_with_requirements, need, owned, words_used
from compiler.pipeline.stored import summary_of
from runtime.cards import PackDef

CASE = Path(__file__).resolve().parents[1] / "corpus" / "pack-module-not-named"


def pack(pack_id: str, modules: tuple[str, ...] = (), requires: tuple[str, ...] = ()) -> PackDef:
    return PackDef(pack_id, pack_id, "1.0", requires=requires, modules=modules)


def test_a_pack_has_the_modules_of_the_packs_it_requires() -> None:
    defs = {
        "a": pack("a", ("lucre",)),
        "b": pack("b", ("raids",), ("a",)),
        "c": pack("c", (), ("b",)),
        "loop": pack("loop", ("kickers",), ("loop",)),
    }
    named = named_with_requirements(defs)
    assert named["c"] == {"lucre", "raids"}
    assert named["a"] == {"lucre"}
    assert named["loop"] == {"kickers"}


def test_a_card_needs_the_module_of_its_kind_or_of_a_word_it_uses(project: Any) -> None:
    cards = project.cards.cards
    assert [(m.name, why, word) for m, why, word in need(cards["pirate"], owned())] == [
        ("raids", "uses 'raid'", True)
    ]
    assert [(m.name, word) for m, _, word in need(cards["kicker-2"], owned())] == [
        ("kickers", False)
    ]
    assert need(cards["virus"], owned()) == []


def test_a_stored_card_keeps_the_words_it_uses(project: Any) -> None:
    pirate = project.cards.cards["pirate"]
    stored = summary_of(pirate)
    assert "raid" in stored.attrs["uses"]
    assert words_used(stored) == words_used(pirate)


@pytest.mark.slow
def test_the_check_finds_the_same_cards_from_the_cache(tmp_path: Path, monkeypatch: Any) -> None:
    case = tmp_path / CASE.name
    shutil.copytree(CASE, case, ignore=shutil.ignore_patterns("expected.txt"))
    monkeypatch.setenv("COSMIC_CACHE_DIR", str(tmp_path / "cache"))
    runs = [
        CliRunner().invoke(cli, ["validate", "--format", "text", "--no-color", str(case)])
        for _ in range(2)
    ]
    assert all(r.exit_code == 1 for r in runs)
    assert runs[0].output == runs[1].output
    assert runs[1].output.count("E408") == 3


def test_a_card_using_a_switched_module_must_require_its_option(tmp_path: Path) -> None:
    case = Path(__file__).resolve().parents[1] / "corpus" / "e409-module-option-not-required"
    shutil.copytree(case, tmp_path / case.name, ignore=shutil.ignore_patterns("expected.txt"))
    card = tmp_path / case.name / "alien" / "spendthrift.yaml"
    # the case's own files are compiled afresh every time (no user cache in tests); the bundled
    # packs it requires come from their compiled store, as in any validation
    args = ["validate", "--no-color", str(tmp_path / case.name)]
    assert "E409" in CliRunner().invoke(cli, args).output
    card.write_text(card.read_text().replace("flare: false", "flare: false\nrequires: [lucre]"))
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0 and "E409" not in result.output, result.output
