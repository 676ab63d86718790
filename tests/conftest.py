"""Shared fixtures: the bundled cards loaded once per test session (from their compile store), with
their linked rules, which the commands run in-process share (they load and link the cards once
per session for each set of inputs); whether this run is the quick tier (`-m "not slow"`), which
tests/tiers.py reads; and rarer full passes of the garbage collector."""

from __future__ import annotations

import gc
import hashlib
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
    # A run keeps much alive (the modules, the collected tests, the compiled cards), and each of
    # the collector's full passes walks it all: with the default thresholds a quick run made a
    # score of them, a fifth of its time. Young objects are still collected as often.
    gen0, gen1, _ = gc.get_threshold()
    gc.set_threshold(gen0, gen1, 100)


# the cards, linked rules and fingerprint loaded from each set of inputs (see loading_inputs)
KEPT: dict[str, tuple[Any, Any, str]] = {}


@pytest.fixture(scope="session")
def project():  # type: ignore[no-untyped-def]
    """The bundled packs' cards, loaded and linked as a command loads them (from the bundled
    packs' compile store when it is current; their scenario files, which would double the cost,
    are checked by tests/test_bundled.py, which compiles everything afresh): the same objects the
    commands run in-process from this folder get."""
    return _bundled()[0]


@pytest.fixture(scope="session")
def rules(project):  # type: ignore[no-untyped-def]
    return _bundled()[1]


def _bundled() -> tuple[Any, Any, str]:
    from compiler.cli.common import load_cards

    with pytest.MonkeyPatch.context() as env:
        env.delenv("COSMIC_PACKS", raising=False)  # the bundled packs alone, whatever the shell
        key = loading_inputs(())
        assert key is not None
        if key not in KEPT:
            KEPT[key] = load_cards()
    return KEPT[key]


def commands_loading_cards() -> list[str]:
    """The command modules that load the cards through compiler.cli.common.load_cards."""
    folder = Path(__file__).resolve().parent.parent / "compiler" / "cli"
    uses = re.compile(r"^from compiler\.cli\.common import .*\bload_cards\b", re.MULTILINE)
    return sorted(
        f"compiler.cli.{path.stem}"
        for path in folder.glob("*.py")
        if uses.search(path.read_text(encoding="utf-8"))
    )


def loading_inputs(pack_paths: Any) -> str | None:
    """What a command's card loading reads besides the bundled cards: the working folder (shown
    paths are relative to it) and the path and bytes of every file of the outside packs given;
    None when a pack folder is missing (the command fails on it)."""
    from compiler.pipeline.project import outside_pack_paths

    digest = hashlib.sha256(os.getcwd().encode())
    for given in outside_pack_paths(pack_paths):
        if not given.exists():
            return None
        digest.update(b"\0pack\0" + str(given).encode())
        for path in sorted(given.rglob("*")) if given.is_dir() else [given]:
            digest.update(b"\0" + str(path).encode())
            if path.is_file():
                digest.update(b"\0" + path.read_bytes())
    return digest.hexdigest()


@pytest.fixture(scope="session", autouse=True)
def cards_loaded_once() -> Iterator[None]:
    """A command run in-process gets the cards and rules an earlier command (or the project
    fixture) loaded and linked from the same inputs (the bundled cards, the same outside pack
    files, the same working folder): they are never changed, and loading and linking them again
    in each of the many command tests cost seconds. A load that fails is never kept, so each
    failing command loads and reports for itself."""
    from compiler.cli import common
    from compiler.pipeline.language_export import stale
    from runtime.language import load

    original = common.load_cards

    def load_cards(pack_paths: Any = ()) -> tuple[Any, Any, str]:
        key = loading_inputs(pack_paths)
        if key is None:
            return original(pack_paths)
        if key not in KEPT:
            KEPT[key] = original(pack_paths)
        load()  # as the command does: every word of the language registered
        out_of_date = stale()  # as the command does: a test may have made the table stale
        if out_of_date:
            common.fail(out_of_date)
        return KEPT[key]

    patch = pytest.MonkeyPatch()
    for name in commands_loading_cards():
        patch.setattr(importlib.import_module(name), "load_cards", load_cards)
    yield
    patch.undo()
