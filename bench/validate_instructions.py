"""Instructions of cold validation: a cold `load_project` and a plain CSafeLoader load of the
same generated card files (those of `bench/validate.py`), each counted by valgrind's callgrind,
figures that other work on the machine does not move.

    python bench/validate_instructions.py             # about a minute and a half

The script runs itself again under callgrind with counting off, generates the files, warms up
(imports, parser tables, one cold load), then counts one plain load and one cold load in turn
(`callgrind_control -i on/off`, with a dump between them). Needs valgrind
(`apt-get install valgrind`). The ratio in instructions is not the ratio in time that
`bench/validate.py` reports (libyaml's C runs more instructions a second than Python does), but
it moves with it and is steady enough to judge a change by.
"""

from __future__ import annotations

import argparse
import glob
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

# Import the checkout this script is in, not whichever one is installed in the environment.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from validate import generate, plain_load  # bench/validate.py, beside this file

INSIDE = "--inside-callgrind"


def count(files: int) -> None:
    """Generate, warm up, then count a plain load and a cold load, dumping after each."""
    from cards import BUNDLED
    from compiler.pipeline.parser import parser
    from compiler.pipeline.project import load_project

    work = Path(tempfile.mkdtemp(prefix="cosmic-bench-"))
    try:
        os.environ["COSMIC_CACHE_DIR"] = ""
        root = work / "packs"
        paths = generate(BUNDLED / "base", root, files, 1)
        parser()
        load_project([root], use_cache=False)
        pid = str(os.getpid())
        for run in (lambda: plain_load(paths), lambda: load_project([root], use_cache=False)):
            subprocess.run(["callgrind_control", "-i", "on", pid], check=True, capture_output=True)
            run()
            subprocess.run(["callgrind_control", "-i", "off", pid], check=True, capture_output=True)
            subprocess.run(["callgrind_control", "-d", pid], check=True, capture_output=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _total(path: str) -> int:
    with open(path, encoding="utf-8", errors="replace") as stream:
        for line in stream:
            if line.startswith("totals:"):
                return int(line.split()[1])
    raise ValueError(f"no totals in {path}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--files", type=int, default=1000, help="card files to generate, at least")
    ap.add_argument(INSIDE, action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.inside_callgrind:
        count(args.files)
        return 0
    if shutil.which("valgrind") is None or shutil.which("callgrind_control") is None:
        print("valgrind is not installed (apt-get install valgrind)", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        command = [
            "valgrind",
            "--tool=callgrind",
            "--instr-atstart=no",
            f"--callgrind-out-file={out}",
            sys.executable,
            os.path.abspath(__file__),
            INSIDE,
            f"--files={args.files}",
        ]
        done = subprocess.run(command, capture_output=True, text=True)
        # one file per dump (out.1, out.2), then `out` itself with what came after them
        dumps = sorted(glob.glob(out + ".*"), key=lambda p: int(p.rsplit(".", 1)[1]))
        if done.returncode != 0 or len(dumps) < 2:
            print(done.stderr[-2000:], file=sys.stderr)
            return 1
        plain, cold = _total(dumps[0]), _total(dumps[1])
    print(
        f"cold validation of {args.files}+ generated card files: plain CSafeLoader load "
        f"{plain / 1e6:.1f}M instructions, cold load_project {cold / 1e6:.1f}M "
        f"= {cold / plain:.2f}x (callgrind)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
