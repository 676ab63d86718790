"""Shared fixtures: the bundled cards compiled once per test session, with their linked rules."""

from __future__ import annotations

import os

import pytest

# Tests never touch the user's cache folder.
os.environ.setdefault("COSMIC_CACHE_DIR", "")


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
