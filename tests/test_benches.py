"""The benchmark scripts still run on today's engine: each is started as a user would start it,
with the smallest workload it takes, and must finish with its checks passing (its figures are
not judged here; targets are met in the benchmarks themselves)."""

from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

BENCH = pathlib.Path(__file__).resolve().parents[1] / "bench"


def run(script: str, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, str(BENCH / script), *args], capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return done.stdout


@pytest.mark.slow
def test_the_hooks_bench_times_versions_that_leave_the_same_state() -> None:
    out = run("hooks.py", "--number", "5", "--repeat", "1")
    assert "WARNING" not in out
    rows = [line for line in out.splitlines() if line.endswith((" yes", " NO"))]
    assert len(rows) == 3 and all(line.endswith(" yes") for line in rows), out
    assert "hand-written, state as data (baseline)" in out
