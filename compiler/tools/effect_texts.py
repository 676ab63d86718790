"""Card files in, every text the effect parser reads out: each `do`, `cost`, `setup`, `if` and
`target` string in them, with the start rule it is parsed with (for tools and tests that run the
parser over real cards). Files that do not load as YAML are skipped."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from compiler.pipeline.yaml_import import yaml

# the card keys whose text the parser reads, and the start rule it reads them with
STARTS = {
    "do": "start",
    "cost": "start",
    "setup": "start",
    "if": "cond_start",
    "target": "np_start",
}


def effect_texts(folders: Iterable[Path]) -> list[tuple[str, str]]:
    """(start rule, text) for every parsed text of the YAML files under `folders`, in file
    order; a text written twice is listed twice."""
    found: list[tuple[str, str]] = []
    seen: set[int] = set()  # YAML aliases share a node, and a hostile file may be recursive

    def collect(data: object) -> None:
        if isinstance(data, dict | list):
            if id(data) in seen:
                return
            seen.add(id(data))
        if isinstance(data, dict):
            for key, value in data.items():
                if key in STARTS and isinstance(value, str):
                    found.append((STARTS[key], value))
                else:
                    collect(value)
        elif isinstance(data, list):
            for item in data:
                collect(item)

    for folder in folders:
        for path in sorted(folder.rglob("*.yaml")):
            seen.clear()
            try:
                collect(yaml.load(path.read_bytes(), Loader=yaml.CSafeLoader))
            except (yaml.YAMLError, OSError, ValueError):
                continue
    return found
