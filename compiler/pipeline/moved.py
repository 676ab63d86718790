"""A compiled card file or checked manifest taken from the compile cache in and the same result
out, shown at another path: stores are keyed by a file's place in its pack, not by how the working
folder makes its path look, so a call from another folder reuses the entry with its paths changed."""

from __future__ import annotations

import dataclasses
from typing import TypeVar

from compiler import diagnostics as d
from compiler.pipeline.compiled import CardFile
from compiler.pipeline.manifest import Manifest
from compiler.pipeline.stored import StoredCardFile

Entry = TypeVar("Entry", CardFile, Manifest)


def moved(entry: Entry, shown: str) -> Entry | None:
    """`entry` as if compiled at `shown`; None when a message or hint quotes the old path (then
    only compiling again gives the right wording)."""
    old = entry.path
    if old == shown:
        return entry
    for x in entry.diagnostics:
        if old in x.message or (x.hint is not None and old in x.hint):
            return None

    def span(s: d.Span) -> d.Span:
        return dataclasses.replace(s, path=shown) if s.path == old else s

    diagnostics = [
        x if x.span.path != old else dataclasses.replace(x, span=span(x.span))
        for x in entry.diagnostics
    ]
    spans = {pointer: span(s) for pointer, s in entry.spans.items()}
    if isinstance(entry, StoredCardFile):  # its card stays undecoded
        return entry.relocated(shown, diagnostics, spans)  # type: ignore[return-value]
    return dataclasses.replace(entry, path=shown, diagnostics=diagnostics, spans=spans)
