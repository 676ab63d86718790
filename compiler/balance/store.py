"""Rows on disk: each finished batch becomes one Parquet part under DIR/batches/ at once (so a
stop keeps it); games.parquet and games.csv are streamed from the parts, one part at a time."""

from __future__ import annotations

import csv
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from compiler.balance.spec import Study

PARTS = "batches"
TIMING_FIELDS = ("seconds",)  # the only fields that depend on how the games were run

SCHEMA = pa.schema(
    [
        ("seed", pa.int64()),
        ("players", pa.int16()),
        ("packs", pa.string()),
        ("options", pa.string()),
        ("aliens", pa.list_(pa.string())),
        ("agents", pa.list_(pa.string())),
        ("winners", pa.list_(pa.int16())),
        ("turns", pa.int32()),
        ("encounters", pa.int32()),
        ("finished", pa.bool_()),
        ("drawn", pa.bool_()),
        ("digest", pa.string()),
        ("seconds", pa.float64()),
    ]
)


class Store:
    def __init__(self, out: Path) -> None:
        self.out = out
        self.parts = out / PARTS

    def start(self, study: Study) -> None:
        self.parts.mkdir(parents=True, exist_ok=True)
        write_atomic(self.out / "study.json", json.dumps(study.to_data(), indent=1) + "\n")

    def load_study(self) -> Study:
        return Study.from_data(json.loads((self.out / "study.json").read_text()))

    def write_batch(self, rows: list[dict[str, Any]]) -> None:
        """One part per batch, renamed into place so a part on disk is always whole."""
        table = pa.Table.from_pylist(rows, schema=SCHEMA)
        name = f"seeds-{rows[0]['seed']:012d}-{rows[-1]['seed']:012d}.parquet"
        tmp = self.parts / (name + ".tmp")
        pq.write_table(table, tmp)
        os.replace(tmp, self.parts / name)

    def part_files(self) -> list[Path]:
        return sorted(self.parts.glob("seeds-*.parquet")) if self.parts.is_dir() else []

    def done_ranges(self) -> list[tuple[int, int]]:
        """The seeds already played, as merged (first, last) runs read from the part names (a
        part holds every unplayed seed between its first and last when it was written, so the
        runs cover exactly the played seeds without reading a row)."""
        runs: list[tuple[int, int]] = []
        for part in self.part_files():
            _, low, high = part.name.removesuffix(".parquet").split("-")
            runs.append((int(low), int(high)))
        merged: list[tuple[int, int]] = []
        for first, last in sorted(runs):
            if merged and first <= merged[-1][1] + 1:
                merged[-1] = (merged[-1][0], max(last, merged[-1][1]))
            else:
                merged.append((first, last))
        return merged

    def rows(self) -> Iterator[dict[str, Any]]:
        """Every stored row, part by part (sorted by seed within the study)."""
        for part in self.part_files():
            yield from pq.read_table(part).to_pylist()

    def write_games(self) -> Path:
        target = self.out / "games.parquet"
        tmp = self.out / "games.parquet.tmp"
        with pq.ParquetWriter(tmp, SCHEMA) as writer:
            for part in self.part_files():
                writer.write_table(pq.read_table(part, schema=SCHEMA))
        os.replace(tmp, target)
        return target

    def write_csv(self) -> Path:
        """games.csv: lists joined with ';' (winners as seat numbers)."""
        target = self.out / "games.csv"
        tmp = self.out / "games.csv.tmp"
        with tmp.open("w", newline="") as fh:
            out = csv.writer(fh)
            out.writerow(SCHEMA.names)
            for row in self.rows():
                out.writerow(
                    ";".join(str(x) for x in v) if isinstance(v, list) else v for v in row.values()
                )
        os.replace(tmp, target)
        return target


def write_atomic(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text)
    os.replace(tmp, path)
