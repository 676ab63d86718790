"""Fuzz the toolchain with mutated bundled card files and count what happens to them: refused with
diagnostics, accepted, accepted and played (aliens: three short games each, invariants checked),
or a failure (an internal error, a game that raised or ran too long). Every failing mutant is
saved with what went wrong, to replay by hand with `cosmic validate`.

    python bench/fuzz.py                       # 2000 mutants, seed 1
    python bench/fuzz.py --mutants 5000 --seed 7 --out fuzz-output/

Half the mutants start from an alien (so that many accepted mutants are played), half from any
card file. Exit status: 0 with no failure, 1 otherwise; Ctrl-C stops early with the counts so far.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # for tests.card_mutations


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--mutants", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1, help="seed of the first mutant")
    parser.add_argument(
        "--out", type=Path, default=Path("fuzz-output"), help="where failing mutants go"
    )
    args = parser.parse_args(argv)

    from compiler.pipeline.project import bundled_project
    from tests.card_mutations import judge, mutate, sources, vocabulary

    project = bundled_project(use_cache=False)
    if project.errors:
        print("the bundled cards have errors; run `cosmic validate`", file=sys.stderr)
        return 2
    found = sources(project)
    aliens = [s for s in found if s.kind == "alien"]
    donors = [s.text for s in found]
    words = vocabulary(donors)
    counts: Counter[str] = Counter()
    codes: Counter[str] = Counter()
    started = time.perf_counter()
    done = 0
    try:
        for k in range(args.mutants):
            seed = args.seed + k
            rnd = random.Random(seed)
            source = rnd.choice(aliens if rnd.random() < 0.5 else found)
            text = mutate(source.text, rnd, words, donors)
            verdict = judge(project, source, text, seed=seed % 1000)
            counts[verdict.outcome] += 1
            if verdict.outcome == "refused":
                codes[verdict.detail] += 1
            elif verdict.outcome in ("internal error", "game failed"):
                args.out.mkdir(parents=True, exist_ok=True)
                where = args.out / f"mutant-{seed}-{source.rel.name}"
                where.write_text(text, encoding="utf-8", errors="surrogateescape")
                where.with_suffix(".txt").write_text(verdict.detail + "\n", encoding="utf-8")
                print(f"seed {seed} ({source.rel}): {verdict.outcome}: {verdict.detail[:200]}")
            done = k + 1
    except KeyboardInterrupt:
        print(f"interrupted after {done} of {args.mutants} mutants")
    elapsed = time.perf_counter() - started
    failures = counts["internal error"] + counts["game failed"]
    print(f"{done} mutants in {elapsed:.0f}s ({done / max(elapsed, 1e-9):.1f}/s)")
    for outcome in ("refused", "accepted", "played", "internal error", "game failed"):
        print(f"  {outcome:15} {counts[outcome]:6}")
    top = ", ".join(f"{code} {n}" for code, n in codes.most_common(8))
    print(f"  refusals by first code: {top}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
