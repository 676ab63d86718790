"""Benchmark: complete 5-player games per second on one core (random and heuristic agents)."""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import os
import pstats
import resource
import sys
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# Import the checkout this script is in, not whichever one is installed in the environment.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

# The benchmark compiles without the compile cache and writes no parser tables anywhere.
os.environ["COSMIC_CACHE_DIR"] = ""


@dataclass
class Run:
    label: str
    games: int
    seconds: float
    turns: int
    decisions: int
    finished: int
    times: list[float]  # seconds of each game, in seed order

    @property
    def rate(self) -> float:
        return self.games / self.seconds

    def rate_of_first(self, n: int) -> float:
        """Games per second over the first n seeds (to compare runs over the same games)."""
        return min(n, self.games) / sum(self.times[:n])


@dataclass
class Bench:
    """What every game is played with: the compiled cards, their linked rules, players, packs."""

    cards: Any
    rules: Any
    players: int
    packs: tuple[str, ...]
    clock: Callable[[], float] = time.perf_counter  # time.process_time with --cpu

    def setup(self, seed: int) -> Any:
        from compiler.tools.setups import build_setup

        return build_setup(self.cards, players=self.players, packs=self.packs, seed=seed)


def best_run(bench: Bench, agent: str, games: int, seed: int, *, log: bool, repeat: int) -> Run:
    """Play the same games `repeat` times and keep each game's fastest time (games are
    deterministic, so this filters out noise from other work on the machine)."""
    runs = [play(bench, agent, games, seed, log=log) for _ in range(max(1, repeat))]
    best = runs[0]
    for other in runs[1:]:
        if (other.turns, other.decisions) != (best.turns, best.decisions):
            raise RuntimeError("the same seeds played differently: the engine is not deterministic")
        best.times = [min(a, b) for a, b in zip(best.times, other.times, strict=True)]
    best.seconds = sum(best.times)
    return best


def play(bench: Bench, agent: str, games: int, seed: int, *, log: bool) -> Run:
    """Play `games` games (seeds seed..seed+games-1), each from setup to its end, and time them all."""
    from runtime.agents import AGENTS
    from runtime.game import Game
    from runtime.rules.turn import play_game

    make = AGENTS[agent]
    turns = decisions = finished = 0
    times: list[float] = []
    gc.collect()
    clock = bench.clock
    start = clock()
    for k in range(games):
        begin = clock()
        setup = bench.setup(seed + k)
        agents = [make(setup.seed * 101 + s) for s in range(setup.players)]
        game = Game(bench.cards, setup, agents, rules=bench.rules, log=log)
        play_game(game)
        st = game.state
        turns += st.turn
        decisions += len(game.answers)
        finished += st.over
        times.append(clock() - begin)
    seconds = clock() - start
    label = f"{agent}, log={'on' if log else 'off'}"
    return Run(label, games, seconds, turns, decisions, finished, times)


def one_game_peak(bench: Bench, seed: int) -> int:
    """tracemalloc's peak of Python allocations while one random game is set up and played."""
    from runtime.agents import RandomAgent
    from runtime.game import Game
    from runtime.rules.turn import play_game

    setup = bench.setup(seed)
    agents = [RandomAgent(seed * 101 + s) for s in range(setup.players)]
    gc.collect()
    tracemalloc.start()
    game = Game(bench.cards, setup, agents, rules=bench.rules, log=False)
    play_game(game)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak


def table(headers: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]

    def fmt(cells: list[str]) -> str:
        return "  ".join(
            c.ljust(w) if i == 0 else c.rjust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        )

    return "\n".join([fmt(headers), "  ".join("-" * w for w in widths), *(fmt(r) for r in rows)])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument(
        "--games", type=int, default=500, help="games with random agents, no log (default 500)"
    )
    ap.add_argument(
        "--compare-games",
        type=int,
        default=200,
        help="games for each comparison run: heuristic agents, logging on (default 200)",
    )
    ap.add_argument(
        "--repeat",
        type=int,
        default=3,
        help="play each run this many times, keeping each game's best time (default 3)",
    )
    ap.add_argument("--players", type=int, default=5, help="players per game (default 5)")
    ap.add_argument(
        "--packs", default="base", help="comma-separated packs to play with (default base)"
    )
    ap.add_argument(
        "--seed", type=int, default=1, help="seed of the first game; game k uses seed+k"
    )
    ap.add_argument("--target", type=float, default=150.0, help="games/s the random run must reach")
    ap.add_argument(
        "--profile",
        action="store_true",
        help="also profile the random run (its first 200 games) and print the top 25 functions",
    )
    ap.add_argument(
        "--cpu",
        action="store_true",
        help="time games in CPU time of this process (user+sys) instead of wall-clock time,"
        " which other work on a shared machine inflates less",
    )
    args = ap.parse_args(argv)

    from cards import BUNDLED
    from compiler.pipeline.project import load_project
    from runtime.effects.link import Rules
    from runtime.language import load

    project = load_project([BUNDLED], use_cache=False)
    if project.errors:
        print(
            f"the bundled cards have {project.errors} error(s); run `cosmic validate`",
            file=sys.stderr,
        )
        return 1
    cards = project.cards
    load()  # a fully cached compile registers no words
    rules = Rules(cards)
    from compiler.balance.play import settle

    settle()  # as `cosmic simulate` and `cosmic balance` do before their games

    # Warm-up (imports, first-call caches), not timed.
    packs_asked = tuple(p for p in args.packs.split(",") if p)
    clock = time.process_time if args.cpu else time.perf_counter
    bench = Bench(cards, rules, args.players, packs_asked, clock)
    play(bench, "random", 3, args.seed + 10_000, log=False)

    packs = bench.setup(args.seed).packs  # with the packs they require
    in_play = [c for c in cards.cards.values() if c.pack in packs]
    aliens = sum(1 for c in in_play if c.kind == "alien")
    peak = one_game_peak(bench, args.seed)
    r = args.repeat
    runs = [best_run(bench, "random", args.games, args.seed, log=False, repeat=r)]
    rss_after_random = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    if args.compare_games > 0:
        for agent, log in (("heuristic", False), ("random", True)):
            runs.append(best_run(bench, agent, args.compare_games, args.seed, log=log, repeat=r))
    rss_end = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

    base = runs[0]
    print(
        f"simulate benchmark: {args.players}-player games with pack(s) {', '.join(packs)} "
        f"({len(in_play)} cards, {aliens} aliens), one process, one thread, seeds from {args.seed}"
    )
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(
        f"  Python {sys.version.split()[0]}; setup + play of each game timed in {'CPU' if args.cpu else 'wall-clock'} time, best of {r} per game; cards compiled once, Rules() linked once"
    )
    print(
        f"  machine: {os.cpu_count()} CPU(s), load average {load} (other work on the machine skews the figures)"
    )
    print()
    rows = []
    for run in runs:
        rows.append(
            [
                run.label,
                str(run.games),
                f"{run.seconds:.2f}",
                f"{run.rate:.1f}",
                f"{1000 / run.rate:.2f}",
                f"{run.turns / run.games:.1f}",
                f"{run.decisions / run.games:.0f}",
                f"{run.decisions / run.seconds / 1000:.0f}",
                f"{run.finished}/{run.games}",
                f"{run.rate_of_first(run.games) / base.rate_of_first(run.games):.2f}x",
            ]
        )
    print(
        table(
            [
                "run",
                "games",
                "seconds",
                "games/s",
                "ms/game",
                "avg turns",
                "decisions/game",
                "k decisions/s",
                "finished",
                "speed vs random/off, same seeds",
            ],
            rows,
        )
    )
    print()
    verdict = "PASS" if base.rate >= args.target else "FAIL"
    print(
        f"  target: random, log off >= {args.target:.0f} games/s -> {base.rate:.1f} games/s ({base.rate / args.target:.2f}x of target) {verdict}"
    )
    print(f"  tracemalloc peak for one random game (setup + play): {peak / 1024:.0f} KiB")
    print(
        f"  resident memory peak (ru_maxrss): {rss_after_random / 1024:.1f} MiB after the random run, {rss_end / 1024:.1f} MiB at the end"
    )

    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        play(bench, "random", min(args.games, 200), args.seed, log=False)
        profiler.disable()
        out = io.StringIO()
        stats = pstats.Stats(profiler, stream=out)
        stats.sort_stats("tottime").print_stats(25)
        stats.sort_stats("cumulative").print_stats(15)
        print(
            f"\ncProfile of the random run's first {min(args.games, 200)} games, top 25 by total (own) time, then top 15 by cumulative:"
        )
        print(out.getvalue())
    return 0


if __name__ == "__main__":
    sys.exit(main())
