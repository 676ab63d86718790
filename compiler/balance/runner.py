"""A study from plan to files: play the seeds not yet on disk, store each batch as it finishes,
keep counts, and on the end (or a stop) write games.parquet, summary.json and report.html."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from compiler.balance import report
from compiler.balance.backends import Backend
from compiler.balance.spec import Study, batch_size, batches, count_missing, missing
from compiler.balance.store import Store, write_atomic
from compiler.balance.tally import Tally


@dataclass
class Outcome:
    summary: dict[str, Any]
    played: int  # games played by this run (not counting those resumed from disk)
    stopped: bool  # interrupted before every seed was played


def run_study(
    study: Study,
    out: Path,
    backend: Backend,
    *,
    on_batch: Callable[[int], None] | None = None,
    csv: bool = False,
    size: int | None = None,
) -> Outcome:
    """Play what is missing from `out` (all of it for a new folder), then write the outputs."""
    store = Store(out)
    store.start(study)
    tally = Tally(study)
    tally.add_all(store.rows())  # seeds a stopped run already played
    done = store.done_ranges()
    left = count_missing(study.seeds(), done)
    played = 0
    stopped = False
    try:
        todo = missing(study.seeds(), done)
        if size is None:  # tapering: no worker is left alone with a long last batch
            plan = batches(todo, batch_size(left, backend.workers), left, backend.workers)
        else:
            plan = batches(todo, size)
        for rows in backend.run(study, plan):
            store.write_batch(rows)
            tally.add_all(rows)
            played += len(rows)
            if on_batch is not None:
                on_batch(len(rows))
    except KeyboardInterrupt:
        stopped = True
        with contextlib.suppress(KeyboardInterrupt):  # a second Ctrl-C still writes the files
            backend.stop()
    summary = tally.summary()
    finish(store, summary, csv)
    return Outcome(summary, played, stopped)


def finish(store: Store, summary: dict[str, Any], csv: bool) -> None:
    store.write_games()
    if csv:
        store.write_csv()
    write_atomic(store.out / "summary.json", json.dumps(summary, indent=1) + "\n")
    write_atomic(store.out / "report.html", report.render(summary))
