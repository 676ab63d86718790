"""Instructions per game: seeded random 5-player games counted by valgrind's callgrind, a figure
that other work on the machine does not move (CPU time on a shared machine varies by 20%).

    python bench/instructions.py               # 10 games from seed 1 (about a minute)
    python bench/instructions.py --games 30    # more games, a steadier average

The script runs itself again under callgrind with counting off, compiles and links the cards,
plays two warm-up games, then counts only while the seeded games are set up and played
(`callgrind_control -i on/off`). Needs valgrind (`apt-get install valgrind`).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

# Import the checkout this script is in, not whichever one is installed in the environment.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from random_games import random_games  # bench/random_games.py, beside this file

os.environ["COSMIC_CACHE_DIR"] = ""

INSIDE = "--inside-callgrind"


def play(games: int, seed: int) -> None:
    """Compile, warm up, then play `games` games with callgrind counting only those."""
    run = random_games(seed + 10_000)
    toggle = ["callgrind_control", "-i"]
    subprocess.run([*toggle, "on", str(os.getpid())], check=True, capture_output=True)
    run(games, seed)
    subprocess.run([*toggle, "off", str(os.getpid())], check=True, capture_output=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10, help="games to count (default 10)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    ap.add_argument(INSIDE, action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.inside_callgrind:
        play(args.games, args.seed)
        return 0
    if shutil.which("valgrind") is None or shutil.which("callgrind_control") is None:
        print("valgrind is not installed (apt-get install valgrind)", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        command = [
            "valgrind",
            "--tool=callgrind",
            "--instr-atstart=no",
            f"--callgrind-out-file={os.path.join(tmp, 'callgrind.out')}",
            sys.executable,
            os.path.abspath(__file__),
            INSIDE,
            f"--games={args.games}",
            f"--seed={args.seed}",
        ]
        done = subprocess.run(command, capture_output=True, text=True)
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if done.returncode != 0 or found is None:
        print(done.stderr[-2000:], file=sys.stderr)
        return 1
    total = int(found.group(1).replace(",", ""))
    print(
        f"{args.games} random 5-player base games from seed {args.seed}: "
        f"{total / args.games / 1e6:.2f}M instructions a game (callgrind, setup and play)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
