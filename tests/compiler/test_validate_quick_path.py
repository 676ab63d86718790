"""`cosmic validate` with plain options is answered by the console script without click, and says
and exits exactly as the click command does; anything else (help, a bad or unknown option) still
goes to click."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cards import BUNDLED
from compiler.cli.main import cli
from compiler.cli.validate_run import ValidateOptions, quick_options
from tests import ROOT
from tests.tiers import first_quick

RUN_ENTRY = """
import json, sys
from compiler.cli.entry import main
try:
    main(sys.argv[1:])
except SystemExit as stop:
    code = stop.code
else:
    code = 0
sys.stdout.flush()
print(json.dumps([code, sorted(sys.modules)]), file=sys.stderr)
"""


def entry(args: list[str], env: dict[str, str]) -> tuple[str, int, set[str]]:
    done = subprocess.run(
        [sys.executable, "-c", RUN_ENTRY, *args], capture_output=True, text=True, env=env, cwd=ROOT
    )
    code, modules = json.loads(done.stderr.strip().splitlines()[-1])
    return done.stdout, code, set(modules)


@pytest.fixture
def packs(tmp_path: Path) -> Path:
    virus = (BUNDLED / "base" / "alien" / "virus.yaml").read_text(encoding="utf-8")
    for name, extra in (("clean", ""), ("broken", "flare: no\n")):
        pack = tmp_path / name
        (pack / "alien").mkdir(parents=True)
        (pack / "pack.yaml").write_text(
            f'id: {name}\nname: N\nversion: "1"\nrequires: [base]\n', "utf-8"
        )
        (pack / "alien" / "germ.yaml").write_text(
            virus.replace("id: virus", "id: germ") + extra, "utf-8"
        )
    return tmp_path


# each case runs the console script in a subprocess: the quick tier runs the first
@pytest.mark.parametrize(
    "options",
    first_quick(
        [
            ["clean"],
            ["--strict", "clean"],
            ["broken", "--format", "json"],
            ["--format=github", "--no-cache", "broken", "clean"],
            ["--color", "broken"],
            ["--skip-outside-packs", "--", "broken"],
        ],
        1,
    ),
)
def test_the_quick_path_prints_and_exits_as_click_does_without_loading_click(
    packs: Path, options: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ["validate", *(str(packs / a) if a in ("clean", "broken") else a for a in options)]
    env = {**os.environ, "COSMIC_CACHE_DIR": str(packs / "cache")}
    monkeypatch.setenv("COSMIC_CACHE_DIR", str(packs / "cache"))
    monkeypatch.chdir(ROOT)
    by_click = CliRunner().invoke(cli, args)
    out, code, modules = entry(args, env)
    assert (out, code) == (by_click.output, by_click.exit_code)
    assert code in (0, 1) and out
    assert not {m for m in modules if m == "click" or m.startswith("click.")}


@pytest.mark.slow  # runs the console script three times
def test_help_and_bad_options_are_answered_by_click(packs: Path) -> None:
    env = {**os.environ, "COSMIC_CACHE_DIR": str(packs / "cache")}
    out, code, modules = entry(["validate", "--help"], env)
    assert code == 0 and "Usage: cosmic validate" in out and "click" in modules
    out, code, modules = entry(["validate", "--format", "xml", str(packs / "clean")], env)
    assert code == 2 and out == "" and "click" in modules


def test_only_the_plain_option_forms_are_read_quickly() -> None:
    assert quick_options([]) == ValidateOptions()
    assert quick_options(["--format", "json", "a", "--strict", "--no-color", "b"]) == (
        ValidateOptions((Path("a"), Path("b")), "json", True, False, False, False)
    )
    assert quick_options(["--format=sarif", "--no-cache", "--", "--odd"]) == (
        ValidateOptions((Path("--odd"),), "sarif", False, True, None, False)
    )
    for args in (["-h"], ["--help"], ["--format"], ["--format", "xml"], ["--bogus"], [""], ["-"]):
        assert quick_options(args) is None, args
