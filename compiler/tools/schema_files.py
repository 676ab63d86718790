"""The JSON Schemas the project publishes (`cosmic schema`): card, pack, scenario and trace files,
as documents by file name, and written to a folder."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from compiler.pipeline.scenario_files.file_schema import scenario_document
from compiler.pipeline.schema import card_document, pack_document
from compiler.tools.traces import trace_document


def documents() -> dict[str, dict[str, Any]]:
    return {
        "card.schema.json": card_document(),
        "pack.schema.json": pack_document(),
        "scenario.schema.json": scenario_document(),
        "trace.schema.json": trace_document(),
    }


def write_all(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, doc in documents().items():
        path = folder / name
        path.write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
        written.append(path)
    return written
