"""Tests of every stage; ROOT is the repository root, and yaml_data(text) the data of a YAML text
as yaml.safe_load reads it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def yaml_data(text: str) -> Any:
    """What yaml.safe_load(text) gives, read by the same safe loader built on libyaml (about ten
    times faster over the bundled cards) where PyYAML has it."""
    import yaml

    return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
