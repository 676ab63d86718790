"""Scenario buffers in, diagnostics out (the same checks `cosmic validate` makes, against the
buffer's linked packs); plus the keys of each section and the decision kinds, for completion,
read from the scenario schema and the engine's list of decision kinds."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from compiler import diagnostics as d
from compiler.pipeline.load import Loaded
from compiler.pipeline.scenario_files.reading import check_scenario_file

if TYPE_CHECKING:
    from compiler.lsp.documents import PackSet


def check_scenario(loaded: Loaded, packs: PackSet) -> list[d.Diagnostic]:
    return check_scenario_file(loaded, packs.cards)


@functools.lru_cache(maxsize=1)
def scenario_vocabulary() -> tuple[list[str], dict[str, list[str]], list[str]]:
    """Top-level keys, the keys under each section, and the decision kinds a scenario may name."""
    from compiler.pipeline.scenario_files.file_check import DECISION_KINDS
    from compiler.pipeline.scenario_files.file_schema import scenario_document

    properties: dict[str, Any] = scenario_document()["properties"]
    sections = {
        name: sorted(spec.get("properties", {}))
        for name, spec in properties.items()
        if isinstance(spec, dict) and spec.get("properties")
    }
    return sorted(properties), sections, sorted(DECISION_KINDS)
