"""Fixtures for the engine tests: the bundled card set (compiled once per session by tests/conftest.py)."""

from __future__ import annotations

import pytest

from compiler.pipeline.project import Project
from runtime.cards import CardSet


@pytest.fixture(scope="session")
def cards(project: Project) -> CardSet:
    return project.cards
