"""Trace files before replay: JSON text in, the checked Trace out, or one clean message saying
where the file breaks the trace schema."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from runtime.setup import MAX_PLAYERS, MAX_SEED
from runtime.trace import Trace, TraceError, load_json

MAX_TRACE_BYTES = 64 * 1024 * 1024
_NAME = {"type": "string", "pattern": "^[a-z0-9][a-z0-9_-]*$", "maxLength": 64}
_SEAT = {"type": "integer", "minimum": 0, "maximum": MAX_PLAYERS - 1}


def trace_document() -> dict[str, Any]:
    """The JSON Schema of a trace file, as `cosmic simulate --trace` and the soak write them."""
    setup = {
        "type": "object",
        "additionalProperties": False,
        "required": ["players", "packs", "seed"],
        "properties": {
            "players": {"type": "integer", "minimum": 1, "maximum": MAX_PLAYERS},
            "packs": {"type": "array", "items": _NAME, "minItems": 1, "maxItems": 100},
            "aliens": {
                "type": ["array", "null"],
                "items": {"type": "string", "maxLength": 64},
                "maxItems": MAX_PLAYERS,
            },
            "options": {
                "type": "object",
                "propertyNames": {"pattern": "^[a-z][a-z0-9_]*$"},
                "additionalProperties": {"type": ["boolean", "integer", "string"]},
            },
            "seed": {"type": "integer", "minimum": 0, "maximum": MAX_SEED},
            "colors": {
                "type": ["array", "null"],
                "items": {"type": "string", "maxLength": 32},
                "maxItems": MAX_PLAYERS,
            },
            "first_player": {"oneOf": [_SEAT, {"type": "null"}]},
        },
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "Cosmic Encounter game trace",
        "type": "object",
        "additionalProperties": False,
        "required": ["format", "version", "setup", "answers", "digest"],
        "properties": {
            "format": {"const": "cosmic-trace"},
            "version": {"const": 1},
            "setup": setup,
            "cards": {"type": "string", "description": "fingerprint of the whole card set"},
            "packs": {
                "type": "object",
                "description": "pack id -> fingerprint of the pack's cards",
                "additionalProperties": {"type": "string"},
            },
            "answers": {
                "type": "array",
                "items": {
                    "type": "array",
                    "items": {"type": "integer", "minimum": 0, "maximum": 10**9},
                    "maxItems": 1000,
                },
            },
            "digest": {"type": "string"},
            "winners": {"type": "array", "items": _SEAT, "uniqueItems": True},
            "turns": {"type": "integer", "minimum": 0},
            "failure": {
                "type": "object",
                "additionalProperties": False,
                "required": ["kind", "message"],
                "properties": {
                    "kind": {"enum": ["error", "stopped"]},
                    "message": {"type": "string"},
                },
            },
        },
    }


@functools.cache
def _validator() -> Any:
    import jsonschema

    return jsonschema.Draft202012Validator(trace_document())


def read_trace(path: Path) -> Trace:
    """Read, schema-check and build a trace; raises TraceError with the file and the place."""
    try:
        if path.stat().st_size > MAX_TRACE_BYTES:
            raise TraceError(f"{path}: a trace of over {MAX_TRACE_BYTES} bytes is refused")
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise TraceError(f"{path}: cannot read the trace: {exc}") from None
    data = load_json(text, str(path))
    errors = sorted(_validator().iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))
    if errors:
        first = errors[0]
        where = "/" + "/".join(str(p) for p in first.absolute_path)
        more = f" (and {len(errors) - 1} more problem(s))" if len(errors) > 1 else ""
        message = first.message if len(first.message) <= 200 else first.message[:200] + "..."
        raise TraceError(f"{path}: at {where}: {message}{more}")
    return Trace.from_data(data, str(path))
