"""Benchmark: the effect parser's time on every effect, condition and target text of the bundled
cards, parsed by the project's own LALR driver over the shipped tables and by Lark's parser built
from the same grammar, in interleaved rounds; each text is parsed afresh (no memo), into the same
syntax trees. Times are CPU seconds of this process (steadier than wall time on a shared machine)."""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


from cards import BUNDLED
from compiler.pipeline import tables
from compiler.pipeline.parser import parser
from compiler.pipeline.tree_builder import Builder
from compiler.tools.effect_texts import effect_texts
from grammar import GRAMMAR_FILE


def run(parse: Callable[[str, str], Any], work: list[tuple[str, str]]) -> float:
    began = time.process_time()
    for start, text in work:
        parse(text, start)
    return time.process_time() - began


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__)
    options.add_argument("--rounds", type=int, default=15, help="interleaved rounds (15)")
    args = options.parse_args()
    work = effect_texts([BUNDLED])
    ours = parser().lalr
    larks = tables.build(GRAMMAR_FILE.read_text(encoding="utf-8"), type(ours.lexer), Builder())
    engines: dict[str, Callable[[str, str], Any]] = {
        "own driver": ours.parse,
        "Lark": lambda text, start: larks.parse(text, start=start),
    }
    for start, text in work:  # the same trees, and every state the texts reach is read
        assert engines["own driver"](text, start) == engines["Lark"](text, start), text
    seconds: dict[str, list[float]] = {name: [] for name in engines}
    for _ in range(args.rounds):
        for name, parse in engines.items():
            seconds[name].append(run(parse, work))
    print(
        f"{len(work)} texts ({len({t for _, t in work})} distinct), {args.rounds} rounds, "
        f"load average {os.getloadavg()[0]:.2f}"
    )
    print(f"{'parser':<12} {'best ms':>8} {'median ms':>10} {'µs/text':>8}")
    for name, times in seconds.items():
        best, median = min(times), statistics.median(times)
        print(
            f"{name:<12} {best * 1e3:>8.1f} {median * 1e3:>10.1f} {median / len(work) * 1e6:>8.1f}"
        )
    ratio = statistics.median(seconds["Lark"]) / statistics.median(seconds["own driver"])
    print(f"own driver is {ratio:.2f}x Lark's speed (median over median)")


if __name__ == "__main__":
    main()
