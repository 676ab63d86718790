"""Benchmark of `cosmic balance`: games/s with --jobs 1 and --jobs 2, the overhead of a Dask
LocalCluster against as many local processes, and the parent's peak memory for a large study
against a small one (rows are streamed to disk, so it should not grow with the game count).

Rates are timed in this process once a backend's workers hold the compiled cards. Memory runs
`cosmic balance` in a fresh process and reads the parent's own peak RSS (RUSAGE_SELF, so worker
processes are not counted).

    python bench/balance.py                      # 3,000 games a rate, 2,000 vs 20,000 for memory
    python bench/balance.py --games 300 --small 500 --large 5000   # on a busy machine
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

MEASURE = """
import resource, sys, time
from compiler.cli.main import cli
started = time.perf_counter()
try:
    cli.main(args=sys.argv[1:], standalone_mode=False)
finally:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"BENCH {time.perf_counter() - started:.3f} {peak}", file=sys.stderr)
"""


def study(games: int, extra: list[str], players: int) -> tuple[float, float, float]:
    """(wall seconds, games/s, parent peak MiB) of one study in a fresh process."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "study"
        args = ["--games", str(games), "--players", str(players), "--out", str(out), *extra]
        started = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-c", MEASURE, "balance", *args],
            capture_output=True,
            text=True,
            check=False,
        )
        wall = time.perf_counter() - started
        line = next((x for x in done.stderr.splitlines() if x.startswith("BENCH ")), None)
        if done.returncode != 0 or line is None:
            sys.exit(f"cosmic balance {' '.join(args)} failed:\n{done.stderr[-2000:]}")
        played = json.loads((out / "summary.json").read_text())["games"]
        _, _, peak_kib = line.split()
        return wall, played / wall, int(peak_kib) / 1024


def cpu_seconds() -> float:
    """CPU time (user + system) of this process and every process below it (pool workers, a
    Dask cluster's nannies and workers): unlike wall time, other work on the machine does not
    add to it."""
    import psutil

    me = psutil.Process()
    total = 0.0
    for proc in (me, *me.children(recursive=True)):
        try:
            t = proc.cpu_times()
        except psutil.Error:  # a process that ended meanwhile
            continue
        total += t.user + t.system
    return total


def steady_rate(games: int, players: int, jobs: int, scheduler: str | None) -> tuple[float, float]:
    """(games per wall second, games per CPU second of all processes) of a backend playing
    batches, timed once its workers hold the compiled cards (start-up is the same few seconds
    whatever the size of the study)."""
    from compiler.balance.backends import DaskCluster, backend_for
    from compiler.balance.play import deck_for, warm
    from compiler.balance.spec import Study, batch_size, batches

    plan = Study(games=games, first_seed=1, players=players)
    deck_for(plan)  # compiled here: local workers are forked with it
    with backend_for(jobs, scheduler) as backend:
        if isinstance(backend, DaskCluster):
            backend.client.run(warm, plan)
        cpu = cpu_seconds()
        started = time.perf_counter()
        size = batch_size(games, backend.workers)
        played = sum(len(rows) for rows in backend.run(plan, batches(plan.seeds(), size)))
        wall = time.perf_counter() - started
        cpu = cpu_seconds() - cpu
        return played / wall, played / cpu


BACKENDS = (("jobs1", 1, None), ("jobs2", 2, None), ("dask2", 2, "local"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", type=int, default=3000, help="games for each rate (shorter runs are noisy)"
    )
    parser.add_argument(
        "--rounds", type=int, default=1, help="rounds of the three backends in turn (medians kept)"
    )
    parser.add_argument("--small", type=int, default=2000, help="games of the small study")
    parser.add_argument(
        "--large", type=int, default=20000, help="games of the large study (0: skip memory)"
    )
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    a = parser.parse_args()

    figures: dict[str, float] = {}
    walls: dict[str, list[float]] = {label: [] for label, _, _ in BACKENDS}
    cpus: dict[str, list[float]] = {label: [] for label, _, _ in BACKENDS}
    for _ in range(max(1, a.rounds)):  # in turn, so the machine's other work hits all alike
        for label, jobs, scheduler in BACKENDS:
            wall, cpu = steady_rate(a.games, a.players, jobs, scheduler)
            walls[label].append(wall)
            cpus[label].append(cpu)
            print(f"{label:6} {a.games} games: {wall:6.1f} games/s, {cpu:6.1f} games/CPU-s")
    for label, _, _ in BACKENDS:
        figures[f"{label}_games_per_s"] = round(statistics.median(walls[label]), 1)
        figures[f"{label}_games_per_cpu_s"] = round(statistics.median(cpus[label]), 1)
    figures["speedup_jobs2"] = round(figures["jobs2_games_per_s"] / figures["jobs1_games_per_s"], 2)
    figures["dask_overhead"] = round(
        figures["jobs2_games_per_s"] / figures["dask2_games_per_s"] - 1, 3
    )
    # CPU time is what the other work on a shared machine cannot inflate much: a backend that
    # spends no more CPU per game than one process would reach `jobs` times its rate on idle cores
    figures["cpu_efficiency_jobs2"] = round(
        figures["jobs2_games_per_cpu_s"] / figures["jobs1_games_per_cpu_s"], 3
    )
    figures["dask_cpu_overhead"] = round(
        figures["jobs2_games_per_cpu_s"] / figures["dask2_games_per_cpu_s"] - 1, 3
    )
    rounds = f"median of {a.rounds} round(s)"
    print(f"steady speed-up --jobs 2 / --jobs 1: {figures['speedup_jobs2']:.2f}x wall ({rounds})")
    print(f"--scheduler local against --jobs 2: {figures['dask_overhead']:+.1%} wall time per game")
    print(
        f"CPU per game, --jobs 2 against --jobs 1: x{1 / figures['cpu_efficiency_jobs2']:.3f} "
        f"(idle 2-core speed-up at most {2 * figures['cpu_efficiency_jobs2']:.2f}x)"
    )
    print(f"CPU per game, --scheduler local against --jobs 2: {figures['dask_cpu_overhead']:+.1%}")
    print(f"load average now: {os.getloadavg()[0]:.1f} (the machine's other work shares the cores)")

    if a.large > 0:  # --large 0: rates only
        for label, games in (("small", a.small), ("large", a.large)):
            wall, rate, peak = study(games, ["--jobs", "2"], a.players)
            figures[f"{label}_games"] = games
            figures[f"{label}_peak_mib"] = round(peak, 1)
            print(f"{games:6} games: parent peak {peak:6.1f} MiB ({wall:.0f}s, {rate:.0f} games/s)")
        figures["memory_ratio"] = round(figures["large_peak_mib"] / figures["small_peak_mib"], 3)
        print(f"peak memory, large / small: {figures['memory_ratio']:.2f}x")
    if a.json:
        print(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
