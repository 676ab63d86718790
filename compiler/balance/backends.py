"""Where batches are played: in this process (--jobs 1), in local worker processes (--jobs N),
or on a Dask distributed cluster (--scheduler local|ADDRESS). Each yields finished batches in
the order they finish, with a bounded number in flight so memory stays flat in the game count."""

from __future__ import annotations

import concurrent.futures as cf
import multiprocessing
import signal
from collections.abc import Iterable, Iterator
from contextlib import AbstractContextManager
from typing import Any

from compiler.balance.play import play_batch, settle, warm
from compiler.balance.spec import Study

Rows = list[dict[str, Any]]


class Backend(AbstractContextManager["Backend"]):
    workers = 1
    name = "this process"

    def run(self, study: Study, batches: Iterable[tuple[int, ...]]) -> Iterator[Rows]:
        for seeds in batches:
            yield play_batch(study, seeds)

    def stop(self) -> None:
        """Ctrl-C: drop the batches still being played (they would only delay the stop)."""

    def __exit__(self, *exc: object) -> None:
        return None


def ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which stops handing out batches and keeps the rest."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class LocalProcesses(Backend):
    def __init__(self, jobs: int) -> None:
        self.workers = jobs
        self.name = f"{jobs} local processes"
        # fork where there is one: the workers inherit the cards this process has compiled, and
        # start at once; they are forked here, before any progress thread runs
        method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
        self.pool = cf.ProcessPoolExecutor(
            max_workers=jobs,
            mp_context=multiprocessing.get_context(method),
            initializer=ignore_interrupts,
        )
        cf.wait([self.pool.submit(int) for _ in range(jobs)])

    def run(self, study: Study, batches: Iterable[tuple[int, ...]]) -> Iterator[Rows]:
        pending = iter(batches)
        running: set[cf.Future[Rows]] = set()
        while True:
            while len(running) < self.workers * 3:
                seeds = next(pending, None)
                if seeds is None:
                    break
                running.add(self.pool.submit(play_batch, study, seeds))
            if not running:
                return
            done, running = cf.wait(running, return_when=cf.FIRST_COMPLETED)
            for future in sorted(done, key=id):
                yield future.result()

    def stop(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
        for child in multiprocessing.active_children():  # this pool's workers
            child.terminate()

    def __exit__(self, *exc: object) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)


# Dask settings of the local cluster's scheduler and workers (a running cluster keeps its own).
# By default each worker samples the playing thread's stack every 10 ms and wakes its event loop
# every 20 ms, its memory monitor every 100 ms: measured, the other threads of a worker took about
# 20% on top of the games' own CPU time; with these, about 5%. Nobody reads those figures here.
QUIET_WORKERS = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.system-monitor.gil.enabled": False,
    "distributed.admin.tick.interval": "1s",
    "distributed.admin.system-monitor.interval": "2s",
    "distributed.worker.memory.monitor-interval": "1s",
}


class DaskCluster(Backend):
    """A Dask distributed client: `local` starts a LocalCluster of `jobs` single-threaded
    worker processes; anything else is the address of a running scheduler."""

    def __init__(self, scheduler: str, jobs: int) -> None:
        import dask
        from distributed import Client, LocalCluster

        self.cluster = None
        if scheduler == "local":
            with dask.config.set(QUIET_WORKERS):
                self.cluster = LocalCluster(
                    n_workers=jobs,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=None,
                    silence_logs=40,  # logging.ERROR: the progress bar is the user's view
                )
            self.client = Client(self.cluster)
            self.name = f"a local Dask cluster of {jobs} workers"
        else:
            self.client = Client(scheduler, timeout="30s")
            self.name = f"the Dask scheduler at {scheduler}"
        self.running: set[Any] = set()
        threads = self.client.nthreads()
        self.workers = max(1, sum(threads.values()))

    def run(self, study: Study, batches: Iterable[tuple[int, ...]]) -> Iterator[Rows]:
        from distributed import as_completed

        pending = iter(batches)
        self.client.run(warm, study)  # every worker compiles the cards now, once
        scattered = self.client.scatter(study, broadcast=True)
        window = as_completed()
        for _ in range(self.workers * 3):
            seeds = next(pending, None)
            if seeds is None:
                break
            window.add(self.submit(scattered, seeds))
        for future in window:
            rows = future.result()
            self.running.discard(future)
            future.release()
            seeds = next(pending, None)
            if seeds is not None:
                window.add(self.submit(scattered, seeds))
            yield rows

    def submit(self, study: Any, seeds: tuple[int, ...]) -> Any:
        # pure=False: a batch is cheap to name by its seeds, but a re-run must really play
        future = self.client.submit(play_batch, study, seeds, pure=False)
        self.running.add(future)
        return future

    def stop(self) -> None:
        self.client.cancel(list(self.running), force=True)

    def __exit__(self, *exc: object) -> None:
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()


def backend_for(jobs: int, scheduler: str | None) -> Backend:
    # What this process holds now (modules, the compiled cards) lives as long as it. Frozen, the
    # collector's full passes no longer walk it, here or in a worker forked from here; walked,
    # every worker copied those pages (measured: a worker's own memory 29 MiB instead of 13.5,
    # and each full pass 70-100 ms instead of 3)
    settle()
    if scheduler is not None:
        return DaskCluster(scheduler, jobs)
    if jobs <= 1:
        return Backend()
    return LocalProcesses(jobs)
