"""Where a random game's time goes, by sampling: seeded random 5-player games in, the share of
samples each function and line was running (own) or on the stack (inclusive) out.

    python bench/sample.py                  # 400 games from seed 1 (about 10 seconds)
    python bench/sample.py --games 1000 --top 40

cProfile traces every call and adds the same cost to each, so it inflates small functions called
often (a dispatcher step, a decision) against long ones; callgrind counts the interpreter's C
functions, not the game's Python ones. A timer signal (SIGPROF, every `--interval` ms of CPU
time, or as often as the kernel's timer ticks: about every 4 ms on a 250 Hz kernel) notes the
Python frame running and the frames under it, at no cost per call. The shares are estimates:
about 1,500 samples (400 games) give each figure to within a percent or so.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from collections import Counter
from pathlib import Path
from types import FrameType

# Import the checkout this script is in, not whichever one is installed in the environment.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from random_games import random_games  # bench/random_games.py, beside this file

os.environ["COSMIC_CACHE_DIR"] = ""

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep


class Sampler:
    """Counts, at each tick, the running frame's function and line and every function on the stack."""

    def __init__(self) -> None:
        self.samples = 0
        self.own: Counter[str] = Counter()
        self.lines: Counter[str] = Counter()
        self.inclusive: Counter[str] = Counter()

    def tick(self, signum: int, frame: FrameType | None) -> None:
        if frame is None:
            return
        self.samples += 1
        self.own[where(frame)] += 1
        self.lines[f"{where(frame)}:{frame.f_lineno or '?'}"] += 1
        seen = set()
        while frame is not None:
            name = where(frame)
            if name not in seen:  # a recursive function counts once a sample
                seen.add(name)
                self.inclusive[name] += 1
            frame = frame.f_back

    def report(self, top: int) -> str:
        out = [f"{self.samples} samples"]
        for title, counts in (
            ("own time, by function", self.own),
            ("own time, by line", self.lines),
            ("inclusive time, by function", self.inclusive),
        ):
            out += ["", title]
            out += [f"{n / self.samples:7.1%}  {name}" for name, n in counts.most_common(top)]
        return "\n".join(out)


def where(frame: FrameType) -> str:
    code = frame.f_code
    path = code.co_filename
    return f"{path[len(ROOT) :] if path.startswith(ROOT) else path}:{code.co_name}"


def play(games: int, seed: int, interval: float) -> Sampler:
    """Compile and warm up as bench/instructions.py does, then sample while the games play."""
    run = random_games(seed + 10_000)
    sampler = Sampler()
    signal.signal(signal.SIGPROF, sampler.tick)
    signal.setitimer(signal.ITIMER_PROF, interval / 1000, interval / 1000)
    try:
        run(games, seed)
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0, 0)
    return sampler


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400, help="games to sample (default 400)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    ap.add_argument("--interval", type=float, default=0.5, help="ms of CPU time between samples")
    ap.add_argument("--top", type=int, default=30, help="rows in each table (default 30)")
    args = ap.parse_args(argv)
    if not hasattr(signal, "setitimer"):
        print(
            "sampling needs a POSIX timer signal (setitimer): not on this system", file=sys.stderr
        )
        return 1
    sampler = play(args.games, args.seed, args.interval)
    if not sampler.samples:
        print("no samples were taken: play more games (--games)", file=sys.stderr)
        return 1
    print(sampler.report(args.top))
    return 0


if __name__ == "__main__":
    sys.exit(main())
