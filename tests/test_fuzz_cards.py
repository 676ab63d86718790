"""Mutated bundled card files never make the toolchain fail: every mutant is refused with
diagnostics or accepted, and every accepted alien plays three short games to the end (with the
invariants checked). Derandomized, with a fixed budget, so CI runs the same examples every time;
bench/fuzz.py runs thousands."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler.pipeline.project import Project
from tests.card_mutations import Source, judge, mutate, sources, vocabulary


@pytest.fixture(scope="module")
def corpus(project: Project) -> tuple[list[Source], list[str]]:
    found = sources(project)
    return found, vocabulary([s.text for s in found])


@pytest.mark.slow
@settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(seed=st.integers(0, 2**32), alien=st.booleans())
def test_no_mutant_of_a_bundled_card_breaks_the_toolchain(
    project: Project, corpus: tuple[list[Source], list[str]], seed: int, alien: bool
) -> None:
    found, words = corpus
    rnd = random.Random(seed)
    pool = [s for s in found if s.kind == "alien"] if alien else found
    source = rnd.choice(pool)
    text = mutate(source.text, rnd, words, [s.text for s in found])
    verdict = judge(project, source, text, seed=seed % 1000)
    assert verdict.outcome in ("refused", "accepted", "played"), (source.rel, text, verdict)


@pytest.mark.slow  # compiles and plays every alien
def test_the_unmutated_aliens_are_accepted_and_play(
    project: Project, corpus: tuple[list[Source], list[str]]
) -> None:
    """The harness itself works: a bundled alien, unchanged, plays its games."""
    found, _ = corpus
    virus = next(s for s in found if s.rel.name == "virus.yaml")
    assert judge(project, virus, virus.text).outcome == "played"
