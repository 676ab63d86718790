"""Scenario files are checked like cards: `cosmic validate` and `cosmic test` give located
diagnostics with hints for malformed scenarios, a bad scenario fails alone, and `cosmic test`
finds scenarios wherever they are given, filters them and writes JUnit XML."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from compiler.cli.main import cli
from compiler.tools.scaffold import pack_files

GOOD = "alien-grue.yaml"

# Malformed scenarios that once stopped `cosmic test` with a traceback: each must fail alone, at
# its line, with the validator's diagnostic.
MALFORMED: dict[str, tuple[str, str]] = {
    "setup-string.yaml": (
        "name: setup as a string\nsetup: three players\n",
        ":2:8: error[E202]: 'setup' must be a mapping, not a string",
    ),
    "setup-list.yaml": (
        "name: setup as a list\nsetup: [3, base]\n",
        ":2:8: error[E202]: 'setup' must be a mapping, not a list",
    ),
    "start-not-mapping.yaml": (
        "name: start as a word\nstart: red\n",
        ":2:8: error[E202]: 'start' must be a mapping, not a string",
    ),
    "bad-lucre.yaml": (
        "name: a purse of words\nstart:\n  lucre: {red: lots}\n",
        ":3:16: error[E202]: 'red' must be an integer, not a string",
    ),
    "integer-covers.yaml": (
        "name: covers as a number\ncovers: 7\n",
        ":2:9: error[E202]: 'covers' must be a list, not a number",
    ),
    "expect-list.yaml": (
        "name: expect as a list\nexpect: [outcome, offense]\n",
        ":2:9: error[E202]: 'expect' must be a mapping, not a list",
    ),
    "huge-players.yaml": (
        "name: too many players\nsetup: {players: 100000000000000000000}\n",
        ":2:18: error[E205]: 100000000000000000000 is greater than the maximum of 8",
    ),
    "negative-players.yaml": (
        "name: fewer than none\nsetup: {players: -1}\n",
        ":2:18: error[E205]: -1 is less than the minimum of 2",
    ),
    "integer-auto.yaml": (
        "name: auto as a number\nauto: 3\n",
        ":2:7: error[E202]: 'auto' must be a list, not a number",
    ),
    "not-a-mapping.yaml": ("- just\n- a list\n", ":1:1: error[E107]"),
}

TYPOS = """\
name: typos everywhere
covers: [grue, attack-8]
setup: {players: 3, aliens: [grue, none, none], pakcs: [base]}
start:
  offense: red
  hands: {red: [attack-08, negotate], blu: [attack-06]}
answers:
  - red lanch.planet: blue planet 1
auto: [card.ply]
expect:
  wrap: {red: 1}
"""


@pytest.fixture
def pack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A pack made from the `cosmic new pack` templates, the working folder set to hold it."""
    folder = tmp_path / "grues"
    for name, text in pack_files("grues", "grue").items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    yield folder


# the tests that run the pack's scenarios or check them against the cards compile the pack and
# link it with base (about half a second each): the full run has them, the quick tier runs
# `cosmic test` on such a pack in tests/compiler/test_outside_packs.py
def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


@pytest.mark.slow
def test_each_malformed_scenario_fails_alone_with_its_located_diagnostic(pack: Path) -> None:
    for name, (text, _) in MALFORMED.items():
        (pack / "scenarios" / name).write_text(text, encoding="utf-8")
    result = run("test", "grues")
    assert result.exit_code == 1
    assert f"2 passed, {len(MALFORMED)} failed" in result.output  # the good ones still ran
    for name, (_, expected) in MALFORMED.items():
        assert f"grues/scenarios/{name}{expected}" in result.output, name
    validated = run("validate", "grues")
    assert validated.exit_code == 1
    for name, (_, expected) in MALFORMED.items():
        assert f"grues/scenarios/{name}{expected}" in validated.output, name


@pytest.mark.slow
def test_scenario_typos_are_located_with_did_you_mean_hints(pack: Path) -> None:
    (pack / "scenarios" / "typos.yaml").write_text(TYPOS, encoding="utf-8")
    shape = run("validate", "grues/scenarios/typos.yaml")
    assert shape.exit_code == 1
    out = shape.output
    assert "typos.yaml:3:49: error[E200]: unknown key 'pakcs'" in out
    assert "did you mean 'packs'?" in out
    assert "typos.yaml:6:39: error[E203]: 'blu' is not a player colour" in out
    assert "typos.yaml:11:3: error[E200]: unknown key 'wrap'" in out
    assert "did you mean 'warp'?" in out
    # with the shape right, names are checked against the cards
    fixed = TYPOS.replace("pakcs", "packs").replace("blu:", "blue:").replace("wrap", "warp")
    (pack / "scenarios" / "typos.yaml").write_text(fixed, encoding="utf-8")
    names = run("validate", "grues/scenarios/typos.yaml").output
    assert "typos.yaml:2:16: error[E305]: unknown card 'attack-8'" in names
    assert "did you mean 'attack-08'" in names
    assert "typos.yaml:6:28: error[E305]: unknown card 'negotate'" in names
    assert "typos.yaml:8:5: error[E305]: unknown decision kind 'lanch.planet'" in names
    assert "did you mean 'launch.planet'?" in names
    assert "typos.yaml:9:8: error[E305]: unknown decision kind 'card.ply'" in names
    tested = run("test", "grues/scenarios/typos.yaml")
    assert tested.exit_code == 1
    assert "unknown decision kind 'lanch.planet'" in tested.output


@pytest.mark.slow
def test_a_word_where_a_list_belongs_is_a_type_error_not_letters(pack: Path) -> None:
    scenario = (pack / "scenarios" / GOOD).read_text()
    (pack / "scenarios" / GOOD).write_text(
        scenario.replace("setup: {players: 3,", "setup: {packs: base, players: 3,")
    )
    result = run("test", "grues")
    assert result.exit_code == 1
    assert "error[E202]: 'packs' must be a list, not a string" in result.output
    assert "unknown pack 'b'" not in result.output


@pytest.mark.slow
def test_a_scenario_folder_of_any_name_runs_with_the_given_pack(pack: Path) -> None:
    checks = pack.parent / "my checks"
    checks.mkdir()
    (pack / "scenarios" / GOOD).rename(checks / GOOD)
    alone = run("test", "my checks")  # the alien is unknown without its pack
    assert alone.exit_code == 1 and "unknown alien 'grue'" in alone.output
    result = run("test", "my checks", "--pack", "grues", "-v")
    assert result.exit_code == 0, result.output
    assert f"PASS  my checks/{GOOD}" in result.output


def test_a_path_with_no_scenarios_is_a_usage_error_with_a_hint(pack: Path) -> None:
    (pack.parent / "empty").mkdir()
    result = run("test", "empty")
    assert result.exit_code == 2
    assert "no scenario files in empty" in result.output
    for folder in (pack / "scenarios").iterdir():
        folder.unlink()
    no_scenarios = run("test", "grues")
    assert no_scenarios.exit_code == 2
    assert "a pack's scenarios live in its scenarios/ folder" in no_scenarios.output


def test_a_scenario_among_the_cards_of_a_pack_is_refused_with_a_hint(pack: Path) -> None:
    (pack / "tests").mkdir()
    (pack / "scenarios" / GOOD).rename(pack / "tests" / GOOD)
    result = run("test", "grues/tests")
    assert result.exit_code == 2
    assert "outside its scenarios/ folder, so it is read as a card" in result.output


def test_k_selects_scenarios_by_name_or_file(pack: Path) -> None:
    by_file = run("test", "grues", "-k", "FLARE-grue", "-v")
    assert by_file.exit_code == 0
    assert "1 passed" in by_file.output and "flare-grue.yaml" in by_file.output
    by_name = run("test", "grues", "-k", "adds 3 to its total", "-v")
    assert "1 passed" in by_name.output and GOOD in by_name.output
    none = run("test", "grues", "-k", "no such thing")
    assert none.exit_code == 1 and "no scenario matches -k 'no such thing'" in none.output


def test_junit_xml_records_every_scenario_and_its_failure(pack: Path) -> None:
    (pack / "scenarios" / "broken.yaml").write_text("name: broken\nexpect: [x]\n")
    result = run("test", "grues", "--junit-xml", "report.xml")
    assert result.exit_code == 1
    suites = ET.parse(pack.parent / "report.xml").getroot()
    (suite,) = suites
    assert (suite.get("tests"), suite.get("failures")) == ("3", "1")
    cases = {case.get("file"): case for case in suite}
    assert set(cases) == {
        "grues/scenarios/alien-grue.yaml",
        "grues/scenarios/broken.yaml",
        "grues/scenarios/flare-grue.yaml",
    }
    failure = cases["grues/scenarios/broken.yaml"].find("failure")
    assert failure is not None
    assert failure.get("message") == "'expect' must be a mapping, not a list"
    assert cases["grues/scenarios/alien-grue.yaml"].find("failure") is None
