"""The quick test tier (`pytest -m "not slow"`): a long sweep's cases in, the same cases out, each
beyond its first few (or outside a sample) marked slow, so the quick tier still runs some of every
sweep and the full run runs them all; a property test's example count and a long loop's items,
cut in the quick tier."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

import pytest

T = TypeVar("T")

# set by tests/conftest.py before any test module is imported: whether this run leaves out the
# slow tests (`-m "not slow"`)
QUICK = False


def examples(full: int) -> int:
    """How many examples a property test tries: `full` in the full run, a quarter in the quick
    tier (hypothesis draws them from the same seed, so both runs are repeatable)."""
    return max(10, full // 4) if QUICK else full


def spread(items: Sequence[T], nth: int) -> Sequence[T]:
    """`items` in the full run; in the quick tier every `nth` one of them (the first, then each
    nth), a sample spread over the whole sorted sweep, the same in every quick run."""
    return items[::nth] if QUICK else items


def first_quick(cases: Iterable[T], quick: int, ids: Callable[[T], str] | None = None) -> list[Any]:
    """`cases` as pytest params, all but the first `quick` of them marked slow."""
    return sample_quick(cases, lambda i, _case: i < quick, ids)


def sample_quick(
    cases: Iterable[T], quick: Callable[[int, T], bool], ids: Callable[[T], str] | None = None
) -> list[Any]:
    """`cases` as pytest params, those for which `quick(index, case)` is false marked slow."""
    return [
        pytest.param(
            case,
            marks=() if quick(i, case) else (pytest.mark.slow,),
            id=ids(case) if ids is not None else None,
        )
        for i, case in enumerate(cases)
    ]
