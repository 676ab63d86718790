"""A scenario's keys for what a rules module keeps (purses, techs, essence cards) reach the state
through that module's records; in a game whose packs name no such module the key is refused at
its line, with the module it needs."""

from __future__ import annotations

from pathlib import Path

from compiler.pipeline.project import Project
from compiler.scenarios.runner import Runner
from runtime.effects.link import Rules

PURSES = """\
name: purses set and checked through the lucre module
setup: {players: 3, aliens: [none, none, none], packs: [PACKS]}
start:
  offense: red
  lucre: {red: 7}
play: setup
expect:
  lucre: {red: 7}
"""


def test_a_purse_is_set_and_checked_through_the_lucre_module(
    project: Project, rules: Rules, tmp_path: Path
) -> None:
    path = tmp_path / "purses.yaml"
    path.write_text(PURSES.replace("PACKS", "base, lucre"), encoding="utf-8")
    result = Runner(project.cards, rules).run(path)
    assert result.passed, result.failures


def test_a_purse_in_a_game_without_the_lucre_module_is_refused_at_its_line(
    project: Project, rules: Rules, tmp_path: Path
) -> None:
    path = tmp_path / "purses.yaml"
    text = PURSES.replace("PACKS", "base")
    path.write_text(text, encoding="utf-8")
    result = Runner(project.cards, rules).run(path)
    line = text.splitlines().index("  lucre: {red: 7}") + 1
    assert not result.passed
    assert result.failures == [
        (line, "'lucre' needs the rules module 'lucre', which no pack of the game names")
    ]
