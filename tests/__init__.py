"""Tests of every stage; ROOT is the repository root, yaml_data(text) the data of a YAML text
as yaml.safe_load reads it, and fresh_python(script) what a script prints in a new interpreter."""

from __future__ import annotations

from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def yaml_data(text: str) -> Any:
    """What yaml.safe_load(text) gives, read by the same safe loader built on libyaml (about ten
    times faster over the bundled cards) where PyYAML has it."""
    import yaml

    return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def fresh_python(script: str) -> str:
    """What `script` prints when run from the repository root by a new interpreter, where
    nothing is imported yet; a script that fails fails the test with its error output."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    return done.stdout
