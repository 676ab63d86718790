"""A study's rows depend on the plan and the seeds alone: not on the backend, nor on a stop and
a resume in the middle."""

from __future__ import annotations

import gc
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from compiler.balance.backends import Backend, DaskCluster, LocalProcesses, Rows, backend_for
from compiler.balance.spec import Study, batches, count_missing, missing

if TYPE_CHECKING:
    from compiler.balance.runner import Outcome
    from compiler.balance.store import Store

STUDY = Study(games=16, first_seed=40, players=3, agents=("heuristic", "random", "random"))


# the runner and the store (pyarrow, numpy: a third of a second to import) are imported by the
# tests that play a study, all in the full run only
def run_study(study: Study, out: Path, backend: Backend, **how: Any) -> Outcome:
    from compiler.balance.runner import run_study as run

    return run(study, out, backend, **how)


def store(out: Path) -> Store:
    from compiler.balance.store import Store

    return Store(out)


def rows_by_seed(out: Path) -> list[dict[str, Any]]:
    from compiler.balance.store import TIMING_FIELDS

    rows = sorted(store(out).rows(), key=lambda r: r["seed"])
    for row in rows:
        for name in TIMING_FIELDS:
            row.pop(name)
    return rows


@pytest.mark.slow
def test_rows_are_the_same_on_every_backend(tmp_path: Path) -> None:
    with Backend() as inline:
        run_study(STUDY, tmp_path / "one", inline, size=3)
    with LocalProcesses(2) as local:
        run_study(STUDY, tmp_path / "two", local, size=3)
    with DaskCluster("local", 2) as dask:
        run_study(STUDY, tmp_path / "dask", dask, size=5)
    expected = rows_by_seed(tmp_path / "one")
    assert [r["seed"] for r in expected] == list(range(40, 56))
    assert len({r["digest"] for r in expected}) == 16
    assert rows_by_seed(tmp_path / "two") == expected
    assert rows_by_seed(tmp_path / "dask") == expected


class StopsAfter(Backend):
    """Plays `batches` batches, then behaves as if Ctrl-C was pressed."""

    def __init__(self, batches: int) -> None:
        self.left = batches

    def run(self, study: Study, batches: Iterable[tuple[int, ...]]) -> Iterator[Rows]:
        for rows in super().run(study, batches):
            if self.left == 0:
                raise KeyboardInterrupt
            self.left -= 1
            yield rows


@pytest.mark.slow
def test_a_stopped_study_keeps_its_batches_and_resumes_without_replaying(tmp_path: Path) -> None:
    study = Study(games=10, first_seed=7, players=3, agents=("random",))
    stopped = run_study(study, tmp_path / "s", StopsAfter(2), size=2)
    assert stopped.stopped and stopped.played == 4
    assert stopped.summary["games"] == 4
    assert store(tmp_path / "s").done_ranges() == [(7, 10)]

    resumed = run_study(store(tmp_path / "s").load_study(), tmp_path / "s", Backend(), size=2)
    assert not resumed.stopped and resumed.played == 6
    assert resumed.summary["games"] == 10

    run_study(study, tmp_path / "whole", Backend(), size=5)
    assert rows_by_seed(tmp_path / "s") == rows_by_seed(tmp_path / "whole")


@pytest.mark.slow
def test_games_parquet_holds_every_row_with_its_columns(tmp_path: Path) -> None:
    import pyarrow.parquet as pq  # a second to import: only this test reads parquet

    run_study(STUDY, tmp_path, Backend(), size=4, csv=True)
    table = pq.read_table(tmp_path / "games.parquet")
    assert table.num_rows == 16
    assert {"seed", "aliens", "agents", "winners", "turns", "drawn", "digest"} <= set(
        table.column_names
    )
    lines = (tmp_path / "games.csv").read_text().splitlines()
    assert len(lines) == 17 and lines[0].startswith("seed,players,packs")


def test_missing_seeds_skip_every_played_run() -> None:
    done = [(3, 5), (8, 8), (11, 40)]
    seeds = range(1, 13)
    assert list(missing(seeds, done)) == [1, 2, 6, 7, 9, 10]
    assert count_missing(seeds, done) == 6
    lazy = batches(missing(range(10**12), [(2, 3)]), 4)  # never listed whole
    assert next(lazy) == (0, 1, 4, 5) and next(lazy) == (6, 7, 8, 9)


def test_batches_taper_so_no_worker_is_left_alone_with_a_long_last_batch() -> None:
    seeds = range(1, 601)
    plan = list(batches(seeds, 40, len(seeds), 2))
    assert [s for batch in plan for s in batch] == list(seeds)  # every seed once, in order
    sizes = [len(b) for b in plan]
    assert sizes[0] == 40 and max(sizes) == 40
    assert sizes == sorted(sizes, reverse=True)
    # the last runs shrink to an eighth of the size: equal runs would end on a run of 40
    assert max(sizes[-3:]) == 5
    # not counting the tail, no run is bigger than half a worker's share of the seeds left
    left = len(seeds)
    for size in sizes:
        assert size <= max(5, left // 4)
        left -= size
    assert list(batches(seeds, 40)) == [tuple(seeds[i : i + 40]) for i in range(0, 600, 40)]


@pytest.mark.slow
def test_a_study_left_to_size_its_batches_ends_on_small_ones(tmp_path: Path) -> None:
    study = Study(games=40, first_seed=1, players=3, agents=("random",))
    run_study(study, tmp_path, Backend())  # 5 games a batch for 40 games on one worker
    sizes = [last - first + 1 for first, last in runs_of_parts(tmp_path)]
    assert sum(sizes) == 40 and sizes[0] == 5
    assert sizes[-1] == 1 and sizes == sorted(sizes, reverse=True)


def runs_of_parts(out: Path) -> list[tuple[int, int]]:
    names = (p.name.removesuffix(".parquet").split("-") for p in store(out).part_files())
    return [(int(low), int(high)) for _, low, high in names]


def objects_the_collector_walks() -> int:
    return len(gc.get_objects())


@pytest.mark.slow  # forks a pool of workers
def test_forked_workers_leave_the_parents_objects_to_the_parent() -> None:
    """A worker's full collections would walk (and so copy the pages of) every object the
    parent held when it forked: its modules, the compiled cards, the test runner here."""
    held = [[n] for n in range(50_000)]  # tracked objects the parent holds, like a module's
    with backend_for(2, None) as local:
        assert isinstance(local, LocalProcesses)
        walked = local.pool.submit(objects_the_collector_walks).result()
    assert walked < len(held) // 5
