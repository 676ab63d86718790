"""Start-up stays small: each command imports only what it uses, `--version` loads no package
metadata, and a validation whose cards all come from the compile cache never loads Lark, the
effect parser, the game engine or jsonschema."""

from __future__ import annotations

import importlib.metadata
import json
import os
import subprocess
import sys
from pathlib import Path

from cards import BUNDLED
from compiler import __version__
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


def test_version_is_the_package_version_and_loads_nothing_else() -> None:
    assert __version__ == importlib.metadata.version("cosmic-rules")
    loaded = modules_after(["--version"], dict(os.environ))
    commands = {m for m in loaded if m.startswith("compiler.cli.")} - {"compiler.cli.main"}
    assert not commands and not {m for m in loaded if m.startswith(("runtime", "yaml"))}
    assert "importlib.metadata" not in loaded


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
