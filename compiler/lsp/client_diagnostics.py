"""Compiler diagnostics in, LSP diagnostics out: the same code, message, severity and hint as
`cosmic validate`, the span turned into a range in the client's position units, and the
did-you-mean suggestions kept in `data` for the quick fixes."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from lsprotocol import types as lsp
from pygls.workspace.position_codec import PositionCodec, ServerTextPosition, ServerTextRange

from compiler import diagnostics as d

SOURCE = "cosmic"
_SUGGESTION = re.compile(r"'([^']+)'")
_WORD_END = re.compile(r"[^\s:,\[\]{}#]+")


def suggestions(hint: str | None) -> list[str]:
    """The spellings a did-you-mean hint offers, in its order."""
    if not hint or not hint.startswith("did you mean"):
        return []
    return _SUGGESTION.findall(hint)


def span_range(
    span: d.Span, lines: Sequence[str], codec: PositionCodec, quoted: str | None = None
) -> lsp.Range:
    """A span as a client range. A span without an end covers the value the message quotes when
    the line has it there (`unknown role 'main playr'`), else the word it starts."""
    line = max(0, span.line - 1)
    text = lines[line].rstrip("\r\n") if line < len(lines) else ""
    start = min(max(0, span.column - 1), len(text))
    if span.end_column is not None:
        end = min(max(start, span.end_column - 1), len(text))
    elif quoted and text.startswith(quoted, start):
        end = start + len(quoted)
    else:
        word = _WORD_END.match(text, start)
        end = word.end() if word else start
    server = ServerTextRange(ServerTextPosition(line, start), ServerTextPosition(line, end))
    if line >= len(lines):
        return lsp.Range(lsp.Position(line, 0), lsp.Position(line, 0))
    return codec.range_to_client_units(lines, server)


def to_lsp(diag: d.Diagnostic, lines: Sequence[str], codec: PositionCodec) -> lsp.Diagnostic:
    message = diag.message if diag.hint is None else f"{diag.message}\nhelp: {diag.hint}"
    data: dict[str, Any] = {"name": diag.code.name}
    if diag.hint is not None:
        data["hint"] = diag.hint
        data["fixes"] = suggestions(diag.hint)
    return lsp.Diagnostic(
        range=span_range(
            diag.span, lines, codec, next(iter(_SUGGESTION.findall(diag.message)), None)
        ),
        message=message,
        severity=(
            lsp.DiagnosticSeverity.Error if diag.is_error else lsp.DiagnosticSeverity.Warning
        ),
        code=diag.code.id,
        source=SOURCE,
        data=data,
    )
