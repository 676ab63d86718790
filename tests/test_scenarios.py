"""Every card scenario under cards/*/scenarios passes, and every bundled card is covered by one."""

from __future__ import annotations

from pathlib import Path

import pytest

from cards import BUNDLED
from compiler.pipeline.load import load_yaml_file
from compiler.pipeline.project import Project
from compiler.scenarios.runner import Runner, discover
from runtime.effects.link import Rules
from tests.tiers import sample_quick

SCENARIOS: list[Path] = discover([BUNDLED])


def _name(path: Path) -> str:
    return f"{path.parent.parent.name}/{path.stem}"


# the quick tier plays the first scenario of each pack and every eighth one besides
FIRST_OF_EACH_PACK = {path.parent: path for path in reversed(SCENARIOS)}


def _in_quick_tier(index: int, path: Path) -> bool:
    return index % 8 == 0 or FIRST_OF_EACH_PACK[path.parent] == path


@pytest.fixture(scope="session")
def runner(project: Project, rules: Rules) -> Runner:
    return Runner(project.cards, rules)


def test_there_are_scenarios() -> None:
    assert SCENARIOS, f"no scenario files under {BUNDLED}/*/scenarios/"


@pytest.mark.parametrize("path", sample_quick(SCENARIOS, _in_quick_tier, _name))
def test_scenario(runner: Runner, path: Path) -> None:
    result = runner.run(path, packs=(path.parent.parent.name,))  # as `cosmic test` plays it
    if not result.passed:
        lines = [f"{result.path}:{line}: {message}" for line, message in result.failures]
        if result.log:
            lines += ["game log:", *(f"  {entry}" for entry in result.log)]
        pytest.fail("\n".join(lines), pytrace=False)


def covered_ids(paths: list[Path]) -> set[str]:
    """The card ids named in the `covers:` lists of these scenario files."""
    covered: set[str] = set()
    for path in paths:
        data = load_yaml_file(path).data
        if isinstance(data, dict):
            covered.update(str(card) for card in data.get("covers") or ())
    return covered


@pytest.mark.slow  # reads every bundled scenario
def test_every_bundled_card_is_covered(project: Project) -> None:
    covered = covered_ids(SCENARIOS)
    uncovered = sorted(
        f"{card.pack}/{card.kind}/{card.id}"
        for card in project.cards.cards.values()
        if card.id not in covered
    )
    assert not uncovered, f"{len(uncovered)} card(s) in no scenario's covers list: {uncovered}"


@pytest.mark.slow  # reads every bundled scenario
def test_covers_name_real_cards(project: Project) -> None:
    unknown = sorted(covered_ids(SCENARIOS) - set(project.cards.cards))
    assert not unknown, f"covers lists name unknown card ids: {unknown}"


REFUSING = """\
name: four ships are not refused
covers: [attack-08]
setup: {players: 3, aliens: [none, none, none]}
start:
  offense: red
  destiny: blue
  hands: {red: [attack-08, negotiate], blue: [attack-10], purple: []}
answers:
  - red launch.planet: blue planet 1
  - red launch.ships: [red planet 1]
  - red alliance.invite: []
  - blue alliance.invite: []
  - red planning.select: attack 08
auto: [card.play]
expect:
  refused:
    - red launch.ships: [red planet 1, red planet 1, red planet 2, red planet 2]
    - red launch.ships: [red planet 1, red planet 1, red planet 1, red planet 2, red planet 2]
"""


def test_a_refused_answer_that_fits_fails_the_scenario(runner: Runner, tmp_path: Path) -> None:
    path = tmp_path / "refusing.yaml"
    path.write_text(REFUSING, encoding="utf-8")
    result = runner.run(path)
    messages = [message for _, message in result.failures]
    # four ships fit the first launch; the five-ship refusal finds no second launch to test
    assert len(messages) == 2, messages
    assert messages[0].startswith(
        "[red planet 1, red planet 1, red planet 2, red planet 2] should be refused"
    )
    assert messages[1] == "no red launch.ships decision came, so nothing was refused"
