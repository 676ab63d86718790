"""Diagnostic rendering: diagnostics in, text, JSON, GitHub annotations or SARIF 2.1.0 out."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from pathlib import Path, PurePath
from typing import Any
from urllib.parse import quote

from compiler.diagnostics import CODES, Code, Diagnostic, Severity

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
SARIF_VERSION = "2.1.0"
TOOL_NAME = "cosmic"
# The version of the JSON report layouts (validate --format json, simulate --json): raised when a
# field changes meaning or goes away; new fields may appear within a version.
JSON_FORMAT = 1
DIAGNOSTICS_DOC = "diagnostics.md"


def tool_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("cosmic-rules")
    except PackageNotFoundError:
        return "unknown"


def diagnostics_doc() -> Path | None:
    """The reference of every diagnostic code: in the package when installed from a wheel, in
    docs/ of a source checkout."""
    package = Path(__file__).resolve().parent.parent  # the compiler package
    for candidate in (package / DIAGNOSTICS_DOC, package.parent / "docs" / DIAGNOSTICS_DOC):
        if candidate.is_file():
            return candidate
    return None


_RESET = "\x1b[0m"
_BOLD = "\x1b[1m"
_LEVEL_COLORS = {Severity.ERROR: "\x1b[1;31m", Severity.WARNING: "\x1b[1;33m"}
_GUTTER_COLOR = "\x1b[1;34m"


# --- text ---------------------------------------------------------------------


def render_text(
    diags: list[Diagnostic], sources: Mapping[str, list[str]], *, color: bool = False
) -> str:
    """Compiler-style messages: a header, the source line with a caret under the spot, a hint."""
    blocks = [_text_block(d, sources.get(d.span.path), color) for d in diags]
    return "\n\n".join(blocks)


def _text_block(diag: Diagnostic, lines: list[str] | None, color: bool) -> str:
    paint = _painter(color)
    level = diag.level.value
    header = (
        f"{paint(_BOLD, str(diag.span))}: "
        f"{paint(_LEVEL_COLORS[diag.level], f'{level}[{diag.code.id}]')}: "
        f"{paint(_BOLD, diag.message)}"
    )
    out = [header]
    line_number = diag.span.line
    source = _source_line(lines, line_number)
    width = len(str(line_number))
    blank_gutter = paint(_GUTTER_COLOR, " " * width + " |")
    if source is not None:
        caret = _caret_line(source, diag.span.column, diag.span.end_column)
        out.append(paint(_GUTTER_COLOR, f"{line_number} |") + f" {source}".rstrip())
        out.append(f"{blank_gutter} {paint(_LEVEL_COLORS[diag.level], caret)}")
    if diag.hint:
        out.append(f"{' ' * (width + 1)}{paint(_GUTTER_COLOR, '=')} help: {diag.hint}")
    return "\n".join(out)


def _painter(color: bool) -> Callable[[str, str], str]:
    def paint(style: str, text: str) -> str:
        return f"{style}{text}{_RESET}" if color else text

    return paint


def _source_line(lines: list[str] | None, line_number: int) -> str | None:
    if lines is None or not 1 <= line_number <= len(lines):
        return None
    return lines[line_number - 1].rstrip("\r\n")


def _caret_line(source: str, column: int, end_column: int | None) -> str:
    """`^` under `column`, then `~` up to (not including) `end_column`; tabs kept for alignment."""
    start = max(1, min(column, len(source) + 1))
    padding = "".join("\t" if char == "\t" else " " for char in source[: start - 1])
    width = max(1, end_column - start) if end_column is not None else 1
    return padding + "^" + "~" * (width - 1)


# --- JSON ---------------------------------------------------------------------


def render_json(diags: list[Diagnostic], files: int | None = None) -> str:
    """A JSON object: the layout's version, the tool, counts, and one record per diagnostic with
    keys in a fixed order (documented in docs/formats.md)."""
    errors = sum(1 for d in diags if d.is_error)
    report = {
        "format": JSON_FORMAT,
        "tool": TOOL_NAME,
        "version": tool_version(),
        "files": files,
        "errors": errors,
        "warnings": len(diags) - errors,
        "diagnostics": [_json_record(d) for d in diags],
    }
    return json.dumps(report, indent=2, ensure_ascii=False)


def _json_record(diag: Diagnostic) -> dict[str, Any]:
    return {
        "path": diag.span.path,
        "line": diag.span.line,
        "column": diag.span.column,
        "end_column": diag.span.end_column,
        "severity": diag.level.value,
        "code": diag.code.id,
        "name": diag.code.name,
        "message": diag.message,
        "hint": diag.hint,
    }


# --- GitHub Actions -------------------------------------------------------------


def render_github(diags: list[Diagnostic]) -> str:
    """GitHub Actions workflow commands, one `::error` or `::warning` line per diagnostic."""
    return "\n".join(_github_line(d) for d in diags)


def _github_line(diag: Diagnostic) -> str:
    span = diag.span
    properties = ",".join(
        [
            f"file={_github_property(span.path)}",
            f"line={span.line}",
            f"col={span.column}",
            f"title={_github_property(f'{diag.code.id} {diag.code.name}')}",
        ]
    )
    return f"::{diag.level.value} {properties}::{_github_data(_with_hint(diag))}"


def _github_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _github_property(text: str) -> str:
    return _github_data(text).replace(":", "%3A").replace(",", "%2C")


def _with_hint(diag: Diagnostic) -> str:
    return f"{diag.message} (hint: {diag.hint})" if diag.hint else diag.message


# --- SARIF --------------------------------------------------------------------


def render_sarif(diags: list[Diagnostic], *, root: str | None = None) -> str:
    """A SARIF 2.1.0 log with one run: every known rule, then one result per diagnostic."""
    codes = list(CODES.values())
    codes.extend(_unregistered_codes(diags))
    rule_index = {code.id: index for index, code in enumerate(codes)}
    run: dict[str, Any] = {
        "tool": {"driver": _sarif_driver(codes)},
        "columnKind": "unicodeCodePoints",
        "results": [_sarif_result(d, rule_index[d.code.id], root) for d in diags],
    }
    if root is not None:
        run["originalUriBaseIds"] = {"%SRCROOT%": {"uri": _directory_uri(root)}}
    log = {"$schema": SARIF_SCHEMA, "version": SARIF_VERSION, "runs": [run]}
    return json.dumps(log, indent=2, ensure_ascii=False)


def _unregistered_codes(diags: list[Diagnostic]) -> list[Code]:
    """Codes made outside the registry still need a rule for their results to point at."""
    extra: dict[str, Code] = {}
    for diag in diags:
        if diag.code.id not in CODES:
            extra.setdefault(diag.code.id, diag.code)
    return list(extra.values())


def _sarif_driver(codes: list[Code]) -> dict[str, Any]:
    version = tool_version()
    doc = diagnostics_doc()
    driver: dict[str, Any] = {"name": TOOL_NAME, "version": version}
    if version != "unknown":
        driver["semanticVersion"] = version
    if doc is not None:
        driver["informationUri"] = doc.as_uri()
    driver["rules"] = [_sarif_rule(c, doc) for c in codes]
    return driver


def _sarif_rule(code: Code, doc: Path | None) -> dict[str, Any]:
    rule: dict[str, Any] = {
        "id": code.id,
        "name": code.name,
        "shortDescription": {"text": code.summary},
        "help": {"text": f"{code.id} {code.name}: {code.summary}"},
        "defaultConfiguration": {"level": code.severity.value},
    }
    if doc is not None:
        rule["helpUri"] = f"{doc.as_uri()}#{code.id.lower()}"
    return rule


def _sarif_result(diag: Diagnostic, rule_index: int, root: str | None) -> dict[str, Any]:
    region: dict[str, int] = {"startLine": diag.span.line, "startColumn": diag.span.column}
    if diag.span.end_column is not None:
        region["endColumn"] = diag.span.end_column
    location = {
        "physicalLocation": {"artifactLocation": _artifact(diag.span.path, root), "region": region}
    }
    return {
        "ruleId": diag.code.id,
        "ruleIndex": rule_index,
        "level": diag.level.value,
        "message": {"text": _with_hint(diag)},
        "locations": [location],
    }


def _artifact(path: str, root: str | None) -> dict[str, str]:
    if root is None:
        return {"uri": quote(PurePath(path).as_posix())}
    relative = os.path.relpath(os.path.abspath(path), os.path.abspath(root))
    if relative == ".." or relative.startswith(".." + os.sep):
        return {"uri": Path(os.path.abspath(path)).as_uri()}  # outside the root: absolute
    return {"uri": quote(PurePath(relative).as_posix()), "uriBaseId": "%SRCROOT%"}


def _directory_uri(root: str) -> str:
    uri = Path(os.path.abspath(root)).as_uri()
    return uri if uri.endswith("/") else uri + "/"


# --- summary ------------------------------------------------------------------


def summary_line(diags: list[Diagnostic], files: int) -> str:
    """One closing line such as '2 errors, 1 warning in 14 files'."""
    errors = sum(1 for d in diags if d.is_error)
    warnings = len(diags) - errors
    counts = [_plural(n, word) for n, word in ((errors, "error"), (warnings, "warning")) if n]
    found = ", ".join(counts) if counts else "no problems"
    return f"{found} in {_plural(files, 'file')}"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"
