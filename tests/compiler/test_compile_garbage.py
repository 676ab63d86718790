"""Compiling a pack leaves next to no garbage in cycles behind it: such garbage waits for a full
collection pass, which walks every object the compiled project holds."""

from __future__ import annotations

import gc

from cards import BUNDLED
from compiler.pipeline.project import load_project


def test_compiling_leaves_almost_no_cycles_behind() -> None:
    """A resolver that kept its failed readings with their tracebacks left about 20 objects in
    cycles per card file (3,446 objects for cards/base); a few remain from elsewhere (16)."""
    load_project([BUNDLED / "base"], use_cache=False, scenarios=False)  # parser, tables, imports
    was_enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        project = load_project([BUNDLED / "base"], use_cache=False, scenarios=False)
        left = gc.collect()
    finally:
        if was_enabled:
            gc.enable()
    files = sum(len(p.files) for p in project.packs)
    assert files > 100
    assert left < files, f"{left} objects in cycles after compiling {files} card files"
