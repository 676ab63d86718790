"""Fixtures for the compiler tests: a command run in an empty folder."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Run in an empty folder, so printed paths are short and relative, with no compile cache."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COSMIC_CACHE_DIR", "")
    return tmp_path
