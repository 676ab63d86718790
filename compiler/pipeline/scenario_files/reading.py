"""Finding and reading scenario files: paths given to `cosmic test` in (pack folders, folders of
packs, scenario folders of any name, single files); each scenario file out with the pack it
belongs to; and a pack's scenario files read and checked for `cosmic validate`."""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from compiler import diagnostics as d
from compiler.pipeline.loaded import Loaded
from compiler.pipeline.pack_folders import MANIFEST, display
from runtime.cards import CardSet
from runtime.record import record

if TYPE_CHECKING:
    from compiler.pipeline.project import Sources


@record
class ScenarioFile:
    path: Path
    shown: str  # relative to the working folder when inside it
    pack_folder: Path | None  # the nearest folder above with a pack.yaml


def scenario_entries(folder: Path) -> list[tuple[Path, str]]:
    """The scenario files of a pack folder (every .yaml under a `scenarios` folder), sorted, each
    with its display path."""
    found: list[Path] = []
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = sorted(n for n in dirnames if not n.startswith("."))
        if "scenarios" in Path(dirpath).relative_to(folder).parts:
            found.extend(
                Path(dirpath, n)
                for n in filenames
                if n.endswith((".yaml", ".yml")) and not n.startswith(".")
            )
    return [(path, display(path)) for path in sorted(found)]


def read_scenario(path: Path, shown: str, sources: Sources) -> Loaded:
    """A scenario file loaded (an unreadable one becomes a diagnostic)."""
    from compiler.pipeline.load import load_yaml_file

    loaded = load_yaml_file(path, shown)
    if loaded.text:
        sources[shown] = loaded.lines
    return loaded


def setup_packs(loaded: Loaded) -> list[str]:
    data = loaded.data
    setup = data.get("setup") if isinstance(data, dict) else None
    packs = setup.get("packs") if isinstance(setup, dict) else None
    return [p for p in packs if isinstance(p, str)] if isinstance(packs, list) else []


def check_scenario_file(
    loaded: Loaded, cards: CardSet | None, broken: Iterable[str] = ()
) -> list[d.Diagnostic]:
    """One loaded scenario checked against the scenario schema and the cards."""
    from compiler.pipeline.scenario_files.file_check import check_scenario

    # an answer of yes or no is a label, kept as a string: no YAML 1.1 boolean warning here
    read = [x for x in loaded.diagnostics if x.code is not d.YAML11_BOOLEAN]
    return read + check_scenario(loaded, cards, broken)


def owning_pack(path: Path) -> Path | None:
    return next((p for p in path.parents if (p / MANIFEST).is_file()), None)


def find_scenarios(paths: Sequence[Path]) -> tuple[list[ScenarioFile], list[str]]:
    """The scenario files the paths name, and a message for each path that names none.

    A folder holding packs gives the scenarios of those packs (their `scenarios/` folders); any
    other folder gives every YAML file under it; a file is taken as a scenario."""
    found: list[Path] = []
    problems: list[str] = []
    for raw in paths:
        path = raw.resolve()
        if path.is_file():
            found.append(path)
            continue
        if not path.is_dir():
            problems.append(f"no such file or folder: {raw}")
            continue
        packs = sorted({m.parent for m in _manifests(path)})
        if packs:
            here = [p for folder in packs for p, _ in scenario_entries(folder)]
            hint = "a pack's scenarios live in its scenarios/ folder"
        else:
            here = sorted(
                Path(d, n)
                for d, _, names in os.walk(path)
                for n in names
                if n.endswith((".yaml", ".yml"))
            )
            hint = "a scenario is a .yaml file"
        if not here:
            problems.append(f"no scenario files in {raw} ({hint})")
        found.extend(here)
    unique = [ScenarioFile(p, display(p), owning_pack(p)) for p in dict.fromkeys(found)]
    for s in unique:
        if s.pack_folder is not None and "scenarios" not in s.path.relative_to(s.pack_folder).parts:
            problems.append(
                f"{s.shown} lies in the pack {display(s.pack_folder)} outside its scenarios/ folder,"
                " so it is read as a card; move it under scenarios/"
            )
    return unique, problems


def _manifests(folder: Path) -> list[Path]:
    if (folder / MANIFEST).is_file():
        return [folder / MANIFEST]
    return sorted(folder.rglob(MANIFEST))
