"""The compile's garbage-collection thresholds: raised while a project compiles, the caller's put
back after, also when the compile fails or compiles nest."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from compiler.pipeline import project
from compiler.pipeline.gc_thresholds import COMPILE_THRESHOLD, fewer_collections


@pytest.fixture(autouse=True)
def callers_thresholds() -> Iterator[None]:
    saved = gc.get_threshold()
    gc.set_threshold(700, 11, 12)
    yield
    gc.set_threshold(*saved)


def test_the_first_threshold_is_raised_inside_and_put_back_after() -> None:
    with fewer_collections():
        assert gc.get_threshold() == (COMPILE_THRESHOLD, 11, 12)
    assert gc.get_threshold() == (700, 11, 12)


def test_nested_uses_put_the_callers_thresholds_back_only_at_the_end() -> None:
    with fewer_collections():
        with fewer_collections():
            pass
        assert gc.get_threshold()[0] == COMPILE_THRESHOLD
    assert gc.get_threshold() == (700, 11, 12)


def test_a_failing_compile_still_puts_them_back() -> None:
    with pytest.raises(ValueError), fewer_collections():
        raise ValueError("boom")
    assert gc.get_threshold() == (700, 11, 12)


def test_a_higher_threshold_or_collection_turned_off_is_left_alone() -> None:
    gc.set_threshold(COMPILE_THRESHOLD * 2, 11, 12)
    with fewer_collections():
        assert gc.get_threshold()[0] == COMPILE_THRESHOLD * 2
    gc.set_threshold(0, 11, 12)
    with fewer_collections():
        assert gc.get_threshold()[0] == 0
    assert gc.get_threshold() == (0, 11, 12)


def test_load_project_compiles_with_the_raised_threshold(
    tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[int] = []
    real = project.find_pack_folders

    def spy(paths):  # type: ignore[no-untyped-def]
        seen.append(gc.get_threshold()[0])
        return real(paths)

    monkeypatch.setattr(project, "find_pack_folders", spy)
    project.load_project([tmp_path], use_cache=False)
    assert seen == [COMPILE_THRESHOLD]
    assert gc.get_threshold() == (700, 11, 12)
