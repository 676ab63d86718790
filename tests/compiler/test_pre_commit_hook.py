"""The pre-commit hook: it selects YAML files (not hidden ones), runs `cosmic validate` from this
package's console script, and passes or fails in a repository of packs as the CLI does."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import click
import pytest
import yaml
from validate_kit import ROOT

from compiler.cli.main import cli


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


@pytest.mark.slow  # runs the hook in a subprocess
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
