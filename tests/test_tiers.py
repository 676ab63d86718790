"""The quick tier's samples: a sweep's cases beyond the first few (or outside a sample) are marked
slow, and a long loop or a property test is cut only when the run leaves out the slow tests."""

from __future__ import annotations

import pytest

from tests import tiers


def _slow(param: object) -> bool:
    return any(mark.name == "slow" for mark in getattr(param, "marks", ()))


def test_first_quick_marks_every_case_after_the_first_ones_slow() -> None:
    params = tiers.first_quick(range(5), 2)
    assert [p.values for p in params] == [(0,), (1,), (2,), (3,), (4,)]
    assert [_slow(p) for p in params] == [False, False, True, True, True]


def test_a_sample_keeps_its_ids_and_marks_the_rest_slow() -> None:
    params = tiers.sample_quick(["a", "bb", "c"], lambda _i, case: len(case) == 1, str.upper)
    assert [(p.id, _slow(p)) for p in params] == [("A", False), ("BB", True), ("C", False)]


def test_loops_and_examples_are_cut_in_the_quick_tier_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tiers, "QUICK", False)
    assert list(tiers.spread(range(10), 4)) == list(range(10))
    assert tiers.examples(120) == 120
    monkeypatch.setattr(tiers, "QUICK", True)
    assert list(tiers.spread(range(10), 4)) == [0, 4, 8]
    assert tiers.examples(120) == 30
    assert tiers.examples(20) == 10


def test_the_quick_tier_is_known_from_the_mark_expression(pytestconfig: pytest.Config) -> None:
    quick = "not slow" in (pytestconfig.getoption("markexpr", "") or "")
    assert tiers.QUICK is quick
