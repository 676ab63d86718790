"""bench/sample.py still runs: a few sampled games give shares whose inclusive table has the game
loop on nearly every sample."""

from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

SCRIPT = pathlib.Path(__file__).resolve().parents[1] / "bench" / "sample.py"


@pytest.mark.slow
def test_the_sampling_bench_finds_the_game_loop_under_nearly_every_sample() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--games", "20", "--top", "60"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    out = done.stdout
    samples = int(out.split(" samples", 1)[0])
    assert samples > 20, out
    inclusive = out.split("inclusive time, by function", 1)[1]
    loop = next(line for line in inclusive.splitlines() if "rules/turn.py:play_game" in line)
    assert float(loop.split("%")[0]) > 80, out  # setup aside, the games are the game loop
    own = out.split("own time, by function", 1)[1].split("own time, by line", 1)[0]
    assert "runtime/" in own, out
