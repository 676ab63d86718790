"""Start-up stays small: each command imports only what it uses, `--version` loads no package
metadata, a validation that compiles cards never loads Lark (the effect parser runs the shipped
tables itself) and reads the language from its generated table, loading none of the engine's code,
and one whose cards all come from the compile cache never loads the effect parser, the game engine,
jsonschema or even YAML (nor, without scenario files to check, the IR's classes)."""

from __future__ import annotations

import importlib.metadata
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cards import BUNDLED
from compiler import __version__
from compiler.cli.entry import VERSION_LINE, main
from compiler.cli.main import cli
from tests import ROOT

REPORT_MODULES = """
import json, sys
from compiler.cli.main import cli
try:
    cli(sys.argv[1:])
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""
HEAVY = (
    "lark",
    "jsonschema",
    "compiler.pipeline.parser",
    "compiler.pipeline.resolve",
    "runtime.game",
    "rich",
)


def modules_after(args: list[str], env: dict[str, str], cwd: Path = ROOT) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", REPORT_MODULES, *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
    )
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


@pytest.mark.slow  # a fresh interpreter
def test_version_is_the_package_version_and_loads_nothing_else() -> None:
    assert __version__ == importlib.metadata.version("cosmic-rules")
    loaded = modules_after(["--version"], dict(os.environ))
    commands = {m for m in loaded if m.startswith("compiler.cli.")} - {"compiler.cli.main"}
    assert not commands and not {m for m in loaded if m.startswith(("runtime", "yaml"))}
    assert "importlib.metadata" not in loaded


def test_the_cosmic_command_prints_the_version_line_click_would_without_loading_click() -> None:
    code = (
        "import json, sys\n"
        "from compiler.cli.entry import main\n"
        "main(['--version'])\n"
        "print(json.dumps(sorted(sys.modules)), file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    loaded = set(json.loads(done.stderr.strip().splitlines()[-1]))
    assert "click" not in loaded and "compiler.cli.main" not in loaded
    assert done.stdout == CliRunner().invoke(cli, ["--version"]).output


def test_the_cosmic_command_hands_every_other_call_to_the_command_group(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--version", "--help"])
    assert stopped.value.code == 0
    assert capsys.readouterr().out == VERSION_LINE.format(__version__)
    with pytest.raises(SystemExit) as stopped:
        main(["no-such-command"])
    assert stopped.value.code == 2
    assert "No such command 'no-such-command'" in capsys.readouterr().err


@pytest.mark.slow
def test_a_fully_cached_validation_loads_no_parser_engine_or_jsonschema(tmp_path: Path) -> None:
    pack = tmp_path / "outside"
    (pack / "alien").mkdir(parents=True)
    (pack / "pack.yaml").write_text(
        'id: outside\nname: Outside\nversion: "1"\nrequires: [base]\n', "utf-8"
    )
    virus = (BUNDLED / "base" / "alien" / "virus.yaml").read_text(encoding="utf-8")
    (pack / "alien" / "germ.yaml").write_text(virus.replace("id: virus", "id: germ"), "utf-8")
    env = {**os.environ, "COSMIC_CACHE_DIR": str(tmp_path / "cache")}
    args = ["validate", str(BUNDLED / "base"), str(pack)]
    first = modules_after(args, env)
    assert "compiler.pipeline.parser" in first, "the first run compiles the outside card"
    warm = modules_after(args, env)
    assert not {m for m in warm if m.startswith(HEAVY)}, sorted(warm)
    # An outside pack without scenario files: its manifest and base's come from the stores too,
    # so nothing is loaded as YAML or schema-checked, no card's IR is decoded, and the language
    # table is not read.
    modules_after(["validate", str(pack)], env)
    alone = modules_after(["validate", str(pack)], env)
    unread = ("yaml", "fastjsonschema", "runtime.ir", "compiler.pipeline.language_table")
    assert not {m for m in alone if m.startswith(unread)}, sorted(alone)


# What a cold validation may never load: the engine's vocabulary, state, rules, effects, ops and
# rules modules (the compiler reads the language from grammar/language.json instead)
ENGINE = (
    "runtime.vocabulary",
    "runtime.state",
    "runtime.rules",
    "runtime.effects",
    "runtime.ops",
    "runtime.modules",
    "runtime.registry",
    "runtime.language",
    "runtime.game",
)


def cold_validation(tmp_path: Path) -> set[str]:
    """The modules `cosmic validate` loads to compile one outside card (a pack requiring `base`)
    with an empty cache (a module the command refuses, such as interegular, is not counted)."""
    pack = tmp_path / "outside"
    (pack / "alien").mkdir(parents=True)
    (pack / "pack.yaml").write_text(
        'id: outside\nname: Outside\nversion: "1"\nrequires: [base]\n', "utf-8"
    )
    virus = (BUNDLED / "base" / "alien" / "virus.yaml").read_text(encoding="utf-8")
    (pack / "alien" / "germ.yaml").write_text(virus.replace("id: virus", "id: germ"), "utf-8")
    code = (
        "import json, sys\n"
        "from compiler.cli.entry import main\n"
        "sys.argv = ['cosmic', 'validate', sys.argv[1]]\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as exc:\n"
        "    loaded = sorted(m for m, found in sys.modules.items() if found is not None)\n"
        "    print(json.dumps([loaded, exc.code]), file=sys.stderr)\n"
    )
    env = {**os.environ, "COSMIC_CACHE_DIR": str(tmp_path / "cache")}
    done = subprocess.run(
        [sys.executable, "-c", code, str(pack)], capture_output=True, text=True, env=env, cwd=ROOT
    )
    loaded, status = json.loads(done.stderr.strip().splitlines()[-1])
    assert status == 0, done.stdout
    assert "compiler.pipeline.parser" in loaded, "the card was compiled"
    return set(loaded)


@pytest.mark.slow  # a fresh interpreter
def test_the_cosmic_command_compiles_cards_without_importing_lark_or_fastjsonschema(
    tmp_path: Path,
) -> None:
    # the effect parser runs the shipped tables itself: Lark (and the interegular check it runs
    # where interegular is installed, which the `cosmic` process refuses) only builds them
    loaded = cold_validation(tmp_path)
    assert "compiler.pipeline.lalr" in loaded
    # the schema's quick checks are generated code raising their own error
    assert "compiler.pipeline.checks.alien" in loaded
    heavy = {"lark", "interegular", "fastjsonschema", "decimal"}
    assert not heavy & {m.split(".")[0] for m in loaded}, sorted(loaded)


@pytest.mark.slow  # a fresh interpreter
def test_a_cold_validation_of_an_outside_card_loads_none_of_the_engine(tmp_path: Path) -> None:
    loaded = cold_validation(tmp_path)
    assert "compiler.pipeline.resolve.resolver" in loaded, "the card's effects were resolved"
    assert not {m for m in loaded if m.startswith(ENGINE)}, sorted(loaded)
