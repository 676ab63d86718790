"""CLI tests for `cosmic validate` and `cosmic schema`, plus the pre-commit hook that runs them."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import click
import jsonschema
import pytest
import yaml
from click.testing import CliRunner, Result

from cards import BUNDLED
from compiler.cli.main import cli
from compiler.diagnostics import CODES
from compiler.pipeline.load import load_yaml_file
from compiler.pipeline.pack_folders import card_files

ROOT = Path(__file__).resolve().parents[2]
JSON_KEYS = [
    "path",
    "line",
    "column",
    "end_column",
    "severity",
    "code",
    "name",
    "message",
    "hint",
]

MANIFEST = 'id: {id}\nname: Test pack {id}\nversion: "1.0"\n'
UNKNOWN_KEY_CARD = """\
id: late-arrival
kind: reinforcement
name: Late Arrival
text: Add 3 to either side.
play:
  when: reveal.reinforcements
  wehn: later
  do: add 3 to either side's total
"""
LEADING_ZERO_CARD = "id: attack-08\nkind: encounter\nname: Attack 08\ntype: attack\nvalue: 08\n"
BAD_EFFECT_CARD = """\
id: supply-drop
kind: artifact
name: Supply Drop
text: The offense draws two cards.
play:
  when: regroup.start
  as: offense
  do: drow 2 cards
"""
CLEAN_CARD = "id: negotiate\nkind: encounter\nname: Negotiate\ntype: negotiate\n"


def write_pack(folder: Path, cards: dict[str, str | bytes]) -> Path:
    """A pack folder named after its id, with a manifest and the given card files."""
    folder.mkdir(parents=True)
    (folder / "pack.yaml").write_text(MANIFEST.format(id=folder.name), encoding="utf-8")
    for name, text in cards.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")
    return folder


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Run in an empty folder, so printed paths are short and relative, with no compile cache."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COSMIC_CACHE_DIR", "")
    return tmp_path


def run(*args: str) -> Result:
    result = CliRunner().invoke(cli, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


# --- exit codes ---------------------------------------------------------------


def test_bundled_cards_are_clean_and_exit_zero(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COSMIC_CACHE_DIR", "")
    monkeypatch.chdir(ROOT)
    default = run("validate", "--no-cache", "--no-color")
    explicit = run("validate", "--no-cache", "--no-color", str(BUNDLED))
    for result in (default, explicit):
        assert result.exit_code == 0, result.output
        assert re.fullmatch(r"no problems in \d+ files\n", result.output), result.output
    assert default.output == explicit.output


def test_errors_exit_one(in_tmp: Path) -> None:
    write_pack(in_tmp / "broken", {"reinforcement/late-arrival.yaml": UNKNOWN_KEY_CARD})
    result = run("validate", "--no-cache", "--no-color", "broken")
    assert result.exit_code == 1
    assert result.output.startswith(
        "broken/reinforcement/late-arrival.yaml:7:3: error[E200]: unknown key 'wehn'\n"
    )
    assert result.output.endswith("\n1 error in 2 files\n")


def test_warnings_fail_only_under_strict(in_tmp: Path) -> None:
    write_pack(in_tmp / "zeros", {"encounter/attack-08.yaml": LEADING_ZERO_CARD})
    lenient = run("validate", "--no-cache", "--no-color", "zeros")
    strict = run("validate", "--no-cache", "--no-color", "--strict", "zeros")
    assert lenient.exit_code == 0
    assert strict.exit_code == 1
    assert lenient.output == strict.output
    assert "zeros/encounter/attack-08.yaml:5:8: warning[W111]: " in lenient.output
    assert lenient.output.endswith("\n1 warning in 2 files\n")


def test_strict_on_a_clean_pack_still_exits_zero(in_tmp: Path) -> None:
    write_pack(in_tmp / "fine", {"encounter/negotiate.yaml": CLEAN_CARD})
    result = run("validate", "--no-cache", "--strict", "fine")
    assert (result.exit_code, result.output) == (0, "no problems in 2 files\n")


def test_a_path_that_does_not_exist_exits_two(in_tmp: Path) -> None:
    result = run("validate", "--no-cache", "--no-color", "no/such/pack")
    assert result.exit_code == 2
    assert result.output.startswith(
        "no/such/pack:1:1: error[E901]: no such file or folder: no/such/pack\n"
    )


# --- formats ------------------------------------------------------------------


def test_json_format_is_a_list_of_records_with_the_documented_keys(in_tmp: Path) -> None:
    write_pack(
        in_tmp / "mixed",
        {
            "reinforcement/late-arrival.yaml": UNKNOWN_KEY_CARD,
            "encounter/attack-08.yaml": LEADING_ZERO_CARD,
        },
    )
    result = run("validate", "--no-cache", "--format", "json", "mixed")
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert (report["format"], report["files"], report["errors"], report["warnings"]) == (1, 3, 1, 1)
    records = report["diagnostics"]
    assert [list(r) for r in records] == [JSON_KEYS, JSON_KEYS]
    assert records[0] == {
        "path": "mixed/encounter/attack-08.yaml",
        "line": 5,
        "column": 8,
        "end_column": None,
        "severity": "warning",
        "code": "W111",
        "name": "leading-zero",
        "message": "08 is read as 8, but YAML 1.1 tools read it as the string '08'",
        "hint": 'write 8 without the leading zero, or quote it ("08") to keep the text',
    }
    assert records[1] == {
        "path": "mixed/reinforcement/late-arrival.yaml",
        "line": 7,
        "column": 3,
        "end_column": 7,
        "severity": "error",
        "code": "E200",
        "name": "unknown-key",
        "message": "unknown key 'wehn'",
        "hint": "did you mean 'when'?",
    }


def test_json_format_of_a_clean_pack_is_an_empty_list(in_tmp: Path) -> None:
    write_pack(in_tmp / "fine", {"encounter/negotiate.yaml": CLEAN_CARD})
    result = run("validate", "--no-cache", "--format", "json", "fine")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["diagnostics"] == []


def test_github_format_escapes_percent_colon_and_comma_in_properties(in_tmp: Path) -> None:
    odd = in_tmp / "odd%dir:a,b"
    odd.mkdir()
    write_pack(
        odd / "mixed",
        {
            "reinforcement/late-arrival.yaml": UNKNOWN_KEY_CARD,
            "encounter/attack-08.yaml": LEADING_ZERO_CARD,
        },
    )
    result = run("validate", "--no-cache", "--format", "github", "odd%dir:a,b/mixed")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines == [
        "::warning file=odd%25dir%3Aa%2Cb/mixed/encounter/attack-08.yaml,line=5,col=8,"
        "title=W111 leading-zero::08 is read as 8, but YAML 1.1 tools read it as the string "
        "'08' (hint: write 8 without the leading zero, or quote it (\"08\") to keep the text)",
        "::error file=odd%25dir%3Aa%2Cb/mixed/reinforcement/late-arrival.yaml,line=7,col=3,"
        "title=E200 unknown-key::unknown key 'wehn' (hint: did you mean 'when'?)",
    ]


def test_github_format_error_lines_start_with_error_file(in_tmp: Path) -> None:
    write_pack(
        in_tmp / "broken",
        {
            "reinforcement/late-arrival.yaml": UNKNOWN_KEY_CARD,
            "artifact/supply-drop.yaml": BAD_EFFECT_CARD,
        },
    )
    result = run("validate", "--no-cache", "--format", "github", "broken")
    lines = result.stdout.splitlines()
    assert len(lines) == 2
    assert all(line.startswith("::error file=broken/") for line in lines), lines


def test_sarif_format_is_sarif_2_1_0_with_rules_and_relative_uris(in_tmp: Path) -> None:
    write_pack(in_tmp / "broken", {"artifact/supply-drop.yaml": BAD_EFFECT_CARD})
    result = run("validate", "--no-cache", "--format", "sarif", "broken")
    assert result.exit_code == 1
    log = json.loads(result.stdout)
    assert log["version"] == "2.1.0"
    assert log["$schema"] == "https://json.schemastore.org/sarif-2.1.0.json"
    (sarif_run,) = log["runs"]
    rules = sarif_run["tool"]["driver"]["rules"]
    assert [rule["id"] for rule in rules] == list(CODES)
    (sarif_result,) = sarif_run["results"]
    assert sarif_result["ruleId"] == "E300"
    assert rules[sarif_result["ruleIndex"]]["id"] == "E300"
    assert sarif_result["level"] == "error"
    location = sarif_result["locations"][0]["physicalLocation"]
    assert location["artifactLocation"] == {
        "uri": "broken/artifact/supply-drop.yaml",
        "uriBaseId": "%SRCROOT%",
    }
    assert location["region"] == {"startLine": 8, "startColumn": 7, "endColumn": 11}
    assert sarif_run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == in_tmp.resolve().as_uri() + "/"


# --- what is validated --------------------------------------------------------


def test_a_single_file_reports_only_that_files_problems(in_tmp: Path) -> None:
    write_pack(
        in_tmp / "mixed",
        {
            "reinforcement/late-arrival.yaml": UNKNOWN_KEY_CARD,
            "artifact/supply-drop.yaml": BAD_EFFECT_CARD,
            "encounter/negotiate.yaml": CLEAN_CARD,
        },
    )
    whole = json.loads(run("validate", "--no-cache", "--format", "json", "mixed").stdout)[
        "diagnostics"
    ]
    assert sorted({r["path"] for r in whole}) == [
        "mixed/artifact/supply-drop.yaml",
        "mixed/reinforcement/late-arrival.yaml",
    ]
    one = run("validate", "--no-cache", "--format", "json", "mixed/artifact/supply-drop.yaml")
    assert one.exit_code == 1
    assert [(r["path"], r["code"]) for r in json.loads(one.stdout)["diagnostics"]] == [
        ("mixed/artifact/supply-drop.yaml", "E300")
    ]
    clean = run("validate", "--no-cache", "--format", "json", "mixed/encounter/negotiate.yaml")
    assert (clean.exit_code, json.loads(clean.stdout)["diagnostics"]) == (0, [])


def _cached_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, target: str) -> list[Result]:
    cache = tmp_path / "cache"
    monkeypatch.setenv("COSMIC_CACHE_DIR", str(cache))
    first = run("validate", "--no-color", target)
    assert list(cache.glob("cards-*.json")), "the first run should fill the compile cache"

    import compiler.pipeline.project

    def no_compiling(*args: object, **kwargs: object) -> None:
        raise AssertionError("a cached card was compiled again")

    monkeypatch.setattr(compiler.pipeline.project, "compile_bytes", no_compiling)
    second = run("validate", "--no-color", target)
    return [first, second]


def test_the_compile_cache_gives_identical_output(
    in_tmp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_pack(
        in_tmp / "mixed",
        {
            "reinforcement/late-arrival.yaml": UNKNOWN_KEY_CARD,
            "artifact/supply-drop.yaml": BAD_EFFECT_CARD,
            "encounter/attack-08.yaml": LEADING_ZERO_CARD,
            "encounter/negotiate.yaml": CLEAN_CARD,
        },
    )
    first, second = _cached_runs(in_tmp, monkeypatch, "mixed")
    assert first.exit_code == second.exit_code == 1
    assert "error[E300]" in first.output
    assert second.output == first.output


def test_the_compile_cache_gives_identical_output_for_awkward_files(
    in_tmp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The source lines shown under a diagnostic must not depend on whether the card came from
    # the cache: a byte-order mark, bytes that are not UTF-8, and an error past the last line.
    write_pack(
        in_tmp / "awkward",
        {
            "encounter/bom.yaml": b"\xef\xbb\xbfid: Bom\nkind: encounter\nname: Bom\ntype: morph\n",
            "encounter/latin.yaml": b"id: latin\nkind: encounter\nname: Caf\xe9\ntype: morph\n",
            "encounter/open-quote.yaml": b'id: open-quote\nkind: encounter\nname: "Open\n',
        },
    )
    first, second = _cached_runs(in_tmp, monkeypatch, "awkward")
    assert first.output.count("error[") == 4
    assert second.output == first.output


# --- cosmic schema ------------------------------------------------------------


def test_schema_writes_valid_json_schemas_that_bundled_cards_satisfy(tmp_path: Path) -> None:
    out = tmp_path / "schemas"
    result = run("schema", "--out", str(out))
    assert result.exit_code == 0
    names = ("card", "pack", "scenario", "trace")
    assert result.output == "".join(f"wrote {out / f'{n}.schema.json'}\n" for n in names)
    jsonschema.Draft202012Validator.check_schema(
        json.loads((out / "trace.schema.json").read_text(encoding="utf-8"))
    )
    card_schema = json.loads((out / "card.schema.json").read_text(encoding="utf-8"))
    pack_schema = json.loads((out / "pack.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(card_schema)
    jsonschema.Draft202012Validator.check_schema(pack_schema)

    cards = jsonschema.Draft202012Validator(card_schema)
    packs = jsonschema.Draft202012Validator(pack_schema)
    pack_folders = sorted(p.parent for p in BUNDLED.rglob("pack.yaml"))
    assert pack_folders
    for folder in pack_folders:
        manifest = yaml.safe_load((folder / "pack.yaml").read_text(encoding="utf-8"))
        assert [e.message for e in packs.iter_errors(manifest)] == [], folder
        files = card_files(folder)  # the card files `cosmic validate` checks (no scenarios)
        assert files or manifest.get("options"), folder  # a pack of rules alone adds options
        for path in files:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
            assert [e.message for e in cards.iter_errors(data)] == [], path

    # Scenario files (read as the runner reads them: YAML 1.2, so `yes` stays a word) satisfy
    # the scenario schema an editor is given.
    scenario_schema = json.loads((out / "scenario.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(scenario_schema)
    scenarios = jsonschema.Draft202012Validator(scenario_schema)
    scenario_paths = sorted(BUNDLED.glob("*/scenarios/*.yaml"))
    assert len(scenario_paths) > 100
    for path in scenario_paths:
        data = load_yaml_file(path).data
        assert [e.message for e in scenarios.iter_errors(data)] == [], path

    # The schema is not vacuous: a misspelt hook key and a missing kind are both rejected.
    broken = yaml.safe_load(UNKNOWN_KEY_CARD)
    assert not cards.is_valid(broken)
    assert not cards.is_valid({"id": "x", "name": "X"})
    assert not packs.is_valid({"id": "x", "name": "X"})


# --- pre-commit hook ----------------------------------------------------------


def _hook() -> dict[str, Any]:
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert [hook["id"] for hook in hooks] == ["cosmic-validate"]
    (hook,) = hooks
    return dict(hook)


def test_pre_commit_hook_selects_yaml_files_but_not_hidden_ones() -> None:
    hook = _hook()
    assert hook["language"] == "python"
    assert hook["pass_filenames"] is True
    files, exclude = re.compile(hook["files"]), re.compile(hook["exclude"])
    for path in ("pack.yaml", "alien/mirage.yaml", "mods/eon/flare/mirage-flare.yml"):
        assert files.search(path) and not exclude.search(path), path
    for path in (".pre-commit-config.yaml", ".github/workflows/ci.yml", "README.md"):
        assert not files.search(path) or exclude.search(path), path
    # The entry names a console script of this package and one of its subcommands.
    (script,) = [e for e in entry_points(group="console_scripts") if e.name == "cosmic"]
    assert script.value == "compiler.cli.entry:main"
    assert cli.get_command(click.Context(cli), "validate") is not None
    assert hook["entry"].split()[:2] == ["cosmic", "validate"]
    # the config `cosmic new pack` writes runs the same command on the same files
    from compiler.tools.scaffold import PRE_COMMIT_CONFIG

    (local,) = yaml.safe_load(PRE_COMMIT_CONFIG)["repos"][0]["hooks"]
    for key in ("entry", "files", "exclude", "pass_filenames"):
        assert local[key] == hook[key], key


def _run_hook(repo: Path) -> subprocess.CompletedProcess[str]:
    """Run the hook's entry as pre-commit does: in the repository, with every tracked file that
    the hook's `files` pattern selects and `exclude` does not, as arguments."""
    hook = _hook()
    files, exclude = re.compile(hook["files"]), re.compile(hook["exclude"])
    names = sorted(p.relative_to(repo).as_posix() for p in repo.rglob("*") if p.is_file())
    chosen = [n for n in names if files.search(n) and not exclude.search(n)]
    command = shlex.split(hook["entry"])
    command[0] = str(Path(sys.executable).with_name(command[0]))
    env = {**os.environ, "COSMIC_CACHE_DIR": ""}
    return subprocess.run(
        [*command, *chosen], cwd=repo, capture_output=True, text=True, env=env, timeout=120
    )


def test_pre_commit_hook_passes_in_a_repository_of_packs_with_any_folder_names(
    tmp_path: Path,
) -> None:
    from compiler.tools.scaffold import PRE_COMMIT_CONFIG, pack_files

    repo = tmp_path / "my cosmic cards"  # a clone's folder is named anything
    for folder, pack_id in (("first", "grues"), ("second-try", "night-pack")):
        for name, text in pack_files(pack_id, f"{pack_id}-alien").items():
            (repo / folder / name).parent.mkdir(parents=True, exist_ok=True)
            (repo / folder / name).write_text(text, encoding="utf-8")
    (repo / ".pre-commit-config.yaml").write_text(PRE_COMMIT_CONFIG, encoding="utf-8")
    (repo / "mkdocs.yml").write_text("site_name: Our cards\n", encoding="utf-8")  # in no pack
    clean = _run_hook(repo)
    assert clean.returncode == 0, clean.stdout + clean.stderr
    assert "no problems" in clean.stdout

    alien = repo / "second-try" / "alien" / "night-pack-alien.yaml"
    alien.write_text(alien.read_text().replace("add 3 to", "ad 3 to"), encoding="utf-8")
    broken = _run_hook(repo)
    assert broken.returncode == 1
    assert "second-try/alien/night-pack-alien.yaml:12:9: error[E300]" in broken.stdout
    assert "Traceback" not in broken.stderr
