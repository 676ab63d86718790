"""Shared fixtures: the bundled cards compiled once per test session, with their linked rules; the
commands run in-process with the bundled cards alone load and link them once per session too; and
whether this run is the quick tier (`-m "not slow"`), which tests/tiers.py reads."""

from __future__ import annotations

import importlib
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

# Tests never touch the user's cache folder.
os.environ.setdefault("COSMIC_CACHE_DIR", "")


def pytest_configure(config: pytest.Config) -> None:
    from tests import tiers

    tiers.QUICK = "not slow" in (config.getoption("markexpr", "") or "")


@pytest.fixture(scope="session")
def project():  # type: ignore[no-untyped-def]
    from compiler.pipeline.project import bundled_project

    loaded = bundled_project(use_cache=False)
    assert loaded.errors == 0, [f"{d.span}: {d.message}" for d in loaded.diagnostics if d.is_error]
    return loaded


@pytest.fixture(scope="session")
def rules(project):  # type: ignore[no-untyped-def]
    from runtime.effects.link import Rules
    from runtime.language import load

    load()
    return Rules(project.cards)


def commands_loading_cards() -> list[str]:
    """The command modules that load the cards through compiler.cli.common.load_cards."""
    folder = Path(__file__).resolve().parent.parent / "compiler" / "cli"
    uses = re.compile(r"^from compiler\.cli\.common import .*\bload_cards\b", re.MULTILINE)
    return sorted(
        f"compiler.cli.{path.stem}"
        for path in folder.glob("*.py")
        if uses.search(path.read_text(encoding="utf-8"))
    )


@pytest.fixture(scope="session", autouse=True)
def bundled_cards_loaded_once() -> Iterator[None]:
    """A command run in-process with the bundled cards alone (no --pack, no COSMIC_PACKS) gets
    the cards and rules the first such command loaded and linked: they are never changed, and
    loading and linking them again in each of the many command tests cost seconds. A command
    given outside packs loads everything itself, as it always does."""
    from compiler.cli import common
    from compiler.pipeline.language_export import stale
    from compiler.pipeline.project import outside_pack_paths
    from runtime.language import load

    original = common.load_cards
    kept: list[tuple[Any, Any, str]] = []

    def load_cards(pack_paths: Any = ()) -> tuple[Any, Any, str]:
        if outside_pack_paths(pack_paths):
            return original(pack_paths)
        if not kept:
            kept.append(original(pack_paths))
        load()  # as the command does: every word of the language registered
        out_of_date = stale()  # as the command does: a test may have made the table stale
        if out_of_date:
            common.fail(out_of_date)
        return kept[0]

    patch = pytest.MonkeyPatch()
    for name in commands_loading_cards():
        patch.setattr(importlib.import_module(name), "load_cards", load_cards)
    yield
    patch.undo()
