"""Benchmark of `cosmic balance`: games/s with --jobs 1 and --jobs 2, the overhead of a Dask
LocalCluster against as many local processes, and the parent's peak memory for a large study
against a small one (rows are streamed to disk, so it should not grow with the game count).

Rates are timed in this process once a backend's workers hold the compiled cards, with the
batches a study would use. Beside games/s, each backend's CPU time per game is split between
this (the parent) process and its workers: other work on a busy machine inflates wall time
much more than CPU time. Memory runs `cosmic balance` in a fresh process and reads the
parent's own peak RSS (RUSAGE_SELF, so worker processes are not counted) and its CPU time
against its children's (RUSAGE_CHILDREN: the workers, reaped at the end).

    python bench/balance.py                      # 3,000 games a rate, 2,000 vs 20,000 for memory
    python bench/balance.py --games 300 --small 500 --large 5000   # on a busy machine

The --jobs 2 speed-up (target 1.8x on 2 cores) needs two idle cores: on a quiet machine (load
average under 0.5) run

    python bench/balance.py --games 3000 --rounds 3 --large 0
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

MEASURE = """
import resource, sys, time
from compiler.cli.main import cli
started = time.perf_counter()
try:
    cli.main(args=sys.argv[1:], standalone_mode=False)
finally:
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(
        f"BENCH {time.perf_counter() - started:.3f} {me.ru_maxrss} "
        f"{me.ru_utime + me.ru_stime:.3f} {kids.ru_utime + kids.ru_stime:.3f}",
        file=sys.stderr,
    )
"""


@dataclass
class Run:
    """One `cosmic balance` in a fresh process: the figures its parent reads from itself."""

    wall: float  # seconds, start-up and report included
    rate: float  # games per wall second
    peak_mib: float  # the parent's peak RSS
    parent_cpu: float  # seconds: start-up, storing rows, tallying, the report
    workers_cpu: float  # seconds: the games


def study(games: int, extra: list[str], players: int) -> Run:
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
        _, _, peak_kib, parent, workers = line.split()
        return Run(wall, played / wall, int(peak_kib) / 1024, float(parent), float(workers))


def cpu_seconds() -> tuple[float, float]:
    """CPU time (user + system) of this process, and of every process below it (pool workers, a
    Dask cluster's nannies and workers): unlike wall time, other work on the machine does not
    add much to it."""
    import psutil

    me = psutil.Process()
    mine = me.cpu_times()
    below = 0.0
    for proc in me.children(recursive=True):
        try:
            t = proc.cpu_times()
        except psutil.Error:  # a process that ended meanwhile
            continue
        below += t.user + t.system
    return mine.user + mine.system, below


def worker_memory() -> tuple[float, float]:
    """The largest RSS and USS (pages no other process shares) of the processes below this
    one, in MiB: forked workers share the cards compiled before the fork."""
    import psutil

    rss = uss = 0.0
    for proc in psutil.Process().children(recursive=True):
        try:
            info = proc.memory_full_info()
        except psutil.Error:
            continue
        rss, uss = max(rss, info.rss / 2**20), max(uss, info.uss / 2**20)
    return rss, uss


@dataclass
class Rate:
    wall: float  # games per wall second
    cpu: float  # games per CPU second of all processes
    parent_ms: float  # CPU milliseconds a game in this process (all of it with --jobs 1)
    workers_ms: float  # CPU milliseconds a game in the processes below it
    bytes_per_game: float  # a batch's rows as pickled for the parent, per game
    worker_rss: float  # MiB, the largest worker's
    worker_uss: float


def steady_rate(games: int, players: int, jobs: int, scheduler: str | None) -> Rate:
    """A backend playing a study's batches, timed once its workers hold the compiled cards
    (start-up is the same few seconds whatever the size of the study)."""
    from compiler.balance.backends import DaskCluster, backend_for
    from compiler.balance.play import deck_for, warm
    from compiler.balance.spec import Study, batch_size, batches

    plan = Study(games=games, first_seed=1, players=players)
    deck_for(plan)  # compiled here: local workers are forked with it
    with backend_for(jobs, scheduler) as backend:
        if isinstance(backend, DaskCluster):
            backend.client.run(warm, plan)
        parent, workers = cpu_seconds()
        started = time.perf_counter()
        size = batch_size(games, backend.workers)
        played, sent = 0, 0.0
        for rows in backend.run(plan, batches(plan.seeds(), size, games, backend.workers)):
            if not played:  # one batch is sample enough: pickling here costs parent CPU
                sent = len(pickle.dumps(rows, protocol=pickle.HIGHEST_PROTOCOL)) / len(rows)
            played += len(rows)
        wall = time.perf_counter() - started
        parent_after, workers_after = cpu_seconds()
        rss, uss = worker_memory()
    parent, workers = parent_after - parent, workers_after - workers
    return Rate(
        wall=played / wall,
        cpu=played / (parent + workers),
        parent_ms=1000 * parent / played,
        workers_ms=1000 * workers / played,
        bytes_per_game=sent,
        worker_rss=rss,
        worker_uss=uss,
    )


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
    runs: dict[str, list[Rate]] = {label: [] for label, _, _ in BACKENDS}
    for _ in range(max(1, a.rounds)):  # in turn, so the machine's other work hits all alike
        for label, jobs, scheduler in BACKENDS:
            rate = steady_rate(a.games, a.players, jobs, scheduler)
            runs[label].append(rate)
            print(
                f"{label:6} {a.games} games: {rate.wall:6.1f} games/s, {rate.cpu:6.1f} games/CPU-s;"
                f" CPU ms a game: parent {rate.parent_ms:.3f}, workers {rate.workers_ms:.3f}"
            )
    for label, _, _ in BACKENDS:
        rates = runs[label]
        figures[f"{label}_games_per_s"] = round(statistics.median(r.wall for r in rates), 1)
        figures[f"{label}_games_per_cpu_s"] = round(statistics.median(r.cpu for r in rates), 1)
        figures[f"{label}_parent_ms"] = round(statistics.median(r.parent_ms for r in rates), 3)
        figures[f"{label}_workers_ms"] = round(statistics.median(r.workers_ms for r in rates), 3)
    jobs2 = runs["jobs2"][-1]
    figures["result_bytes_per_game"] = round(jobs2.bytes_per_game)
    figures["jobs2_worker_rss_mib"] = round(jobs2.worker_rss, 1)
    figures["jobs2_worker_uss_mib"] = round(jobs2.worker_uss, 1)
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
    print(
        f"--jobs 2: the parent spends {figures['jobs2_parent_ms']:.3f} ms a game "
        f"({figures['jobs2_parent_ms'] / figures['jobs2_workers_ms']:.1%} of the workers' CPU); "
        f"results cross as {figures['result_bytes_per_game']:.0f} bytes a game; each worker "
        f"holds {figures['jobs2_worker_rss_mib']:.0f} MiB, "
        f"{figures['jobs2_worker_uss_mib']:.0f} MiB of it its own"
    )
    print(f"load average now: {os.getloadavg()[0]:.1f} (the machine's other work shares the cores)")

    if a.large > 0:  # --large 0: rates only
        ends = {}
        for label, games in (("small", a.small), ("large", a.large)):
            run = ends[label] = study(games, ["--jobs", "2"], a.players)
            figures[f"{label}_games"] = games
            figures[f"{label}_peak_mib"] = round(run.peak_mib, 1)
            print(
                f"{games:6} games: parent peak {run.peak_mib:6.1f} MiB ({run.wall:.0f}s, "
                f"{run.rate:.0f} games/s); CPU s: parent {run.parent_cpu:.1f}, "
                f"workers {run.workers_cpu:.1f}"
            )
        figures["memory_ratio"] = round(figures["large_peak_mib"] / figures["small_peak_mib"], 3)
        print(f"peak memory, large / small: {figures['memory_ratio']:.2f}x")
        # the parent's CPU grows with the games by rows stored and tallied; the rest (start-up,
        # compiling, the report) is paid once a study
        small, large = ends["small"], ends["large"]
        per_game = (large.parent_cpu - small.parent_cpu) / max(1, a.large - a.small)
        figures["study_parent_ms_per_game"] = round(1000 * per_game, 3)
        figures["study_parent_fixed_s"] = round(small.parent_cpu - per_game * a.small, 2)
        print(
            f"a whole study's parent: {figures['study_parent_fixed_s']:.1f} CPU s once, "
            f"{figures['study_parent_ms_per_game']:.3f} CPU ms a game"
        )
    if a.json:
        print(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
