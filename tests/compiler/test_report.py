"""Tests for compiler.tools.report: diagnostics in, text / JSON / GitHub / SARIF out."""

from __future__ import annotations

import json
import os
from importlib.metadata import version
from pathlib import Path

from compiler.diagnostics import (
    CODES,
    LEADING_ZERO,
    NOT_UTF8,
    UNKNOWN_KEY,
    Code,
    Diagnostic,
    Severity,
    Span,
)
from compiler.pipeline.load import load_yaml_bytes
from compiler.tools.report import (
    render_github,
    render_json,
    render_sarif,
    render_text,
    summary_line,
)
from tests import ROOT

SOURCES = {"cards/zombie.yaml": ["id: zombie", "  powr: undying", "cost: 017"]}
UNKNOWN = Diagnostic(
    UNKNOWN_KEY,
    "unknown key 'powr'",
    Span("cards/zombie.yaml", 2, 3, 7),
    "did you mean 'power'?",
)
ZERO = Diagnostic(LEADING_ZERO, "017 is read as 17", Span("cards/zombie.yaml", 3, 7))
NO_SOURCE = Diagnostic(NOT_UTF8, "byte 0xff is not valid UTF-8", Span("cards/other.yaml", 12, 4))


# --- text ---------------------------------------------------------------------


def test_text_shows_the_line_and_a_caret_under_the_column() -> None:
    assert render_text([UNKNOWN, ZERO], SOURCES) == (
        "cards/zombie.yaml:2:3: error[E200]: unknown key 'powr'\n"
        "2 |   powr: undying\n"
        "  |   ^~~~\n"
        "  = help: did you mean 'power'?\n"
        "\n"
        "cards/zombie.yaml:3:7: warning[W111]: 017 is read as 17\n"
        "3 | cost: 017\n"
        "  |       ^"
    )


def test_text_without_source_shows_header_and_hint_only() -> None:
    assert render_text([NO_SOURCE], SOURCES) == (
        "cards/other.yaml:12:4: error[E101]: byte 0xff is not valid UTF-8"
    )
    hinted = Diagnostic(NOT_UTF8, "bad", Span("cards/other.yaml", 12, 4), "save as UTF-8")
    assert render_text([hinted], {}) == (
        "cards/other.yaml:12:4: error[E101]: bad\n   = help: save as UTF-8"
    )


def test_text_gutter_widens_with_the_line_number() -> None:
    lines = [""] * 9 + ["name: x"]
    diag = Diagnostic(UNKNOWN_KEY, "bad", Span("a.yaml", 10, 1), "hint")
    assert render_text([diag], {"a.yaml": lines}) == (
        "a.yaml:10:1: error[E200]: bad\n10 | name: x\n   | ^\n   = help: hint"
    )


def test_text_caret_keeps_tabs_aligned() -> None:
    diag = Diagnostic(UNKNOWN_KEY, "bad", Span("a.yaml", 1, 5))
    assert render_text([diag], {"a.yaml": ["a:\t\tx"]}).splitlines()[2] == "  |   \t\t^"


def test_text_caret_clamps_to_the_end_of_the_line() -> None:
    diag = Diagnostic(UNKNOWN_KEY, "bad", Span("a.yaml", 1, 40))
    assert render_text([diag], {"a.yaml": ["abc"]}).splitlines()[2] == "  |    ^"


def test_text_honours_a_severity_override() -> None:
    diag = Diagnostic(UNKNOWN_KEY, "bad", Span("a.yaml", 1, 1), severity=Severity.WARNING)
    assert render_text([diag], {}) == "a.yaml:1:1: warning[E200]: bad"


def test_text_color_adds_ansi_codes_only_when_asked() -> None:
    plain = render_text([UNKNOWN], SOURCES)
    colored = render_text([UNKNOWN], SOURCES, color=True)
    assert "\x1b[" not in plain
    assert "\x1b[" in colored
    assert "error[E200]" in colored


def test_text_from_a_loaded_file_points_at_the_problem() -> None:
    loaded = load_yaml_bytes(b"id: zombie\ncost: 017\r\n", "z.yaml")
    text = render_text(loaded.diagnostics, {"z.yaml": loaded.lines})
    assert text.splitlines()[:3] == [
        "z.yaml:2:7: warning[W111]: 017 is read as 17, but YAML 1.1 tools read it as octal 15",
        "2 | cost: 017",
        "  |       ^",
    ]


# --- JSON ---------------------------------------------------------------------


def test_json_round_trips_with_stable_keys() -> None:
    report = json.loads(render_json([UNKNOWN, ZERO], files=4))
    assert list(report) == [
        "format",
        "tool",
        "version",
        "files",
        "errors",
        "warnings",
        "diagnostics",
    ]
    assert (report["format"], report["tool"]) == (1, "cosmic")
    assert (report["files"], report["errors"], report["warnings"]) == (4, 1, 1)
    records = report["diagnostics"]
    assert records == [
        {
            "path": "cards/zombie.yaml",
            "line": 2,
            "column": 3,
            "end_column": 7,
            "severity": "error",
            "code": "E200",
            "name": "unknown-key",
            "message": "unknown key 'powr'",
            "hint": "did you mean 'power'?",
        },
        {
            "path": "cards/zombie.yaml",
            "line": 3,
            "column": 7,
            "end_column": None,
            "severity": "warning",
            "code": "W111",
            "name": "leading-zero",
            "message": "017 is read as 17",
            "hint": None,
        },
    ]
    assert list(records[0]) == [
        "path",
        "line",
        "column",
        "end_column",
        "severity",
        "code",
        "name",
        "message",
        "hint",
    ]
    assert json.loads(render_json([]))["diagnostics"] == []


# --- GitHub -------------------------------------------------------------------


def test_github_lines_for_errors_and_warnings() -> None:
    assert render_github([UNKNOWN, ZERO]) == (
        "::error file=cards/zombie.yaml,line=2,col=3,title=E200 unknown-key"
        "::unknown key 'powr' (hint: did you mean 'power'?)\n"
        "::warning file=cards/zombie.yaml,line=3,col=7,title=W111 leading-zero"
        "::017 is read as 17"
    )


def test_github_escapes_data_and_properties() -> None:
    diag = Diagnostic(
        UNKNOWN_KEY,
        "100% wrong\nsecond line: a, b\r",
        Span("cards/a,b:c%.yaml", 1, 2),
        "try: x, y",
    )
    assert render_github([diag]) == (
        "::error file=cards/a%2Cb%3Ac%25.yaml,line=1,col=2,title=E200 unknown-key"
        "::100%25 wrong%0Asecond line: a, b%0D (hint: try: x, y)"
    )


def test_github_escapes_a_title_with_colon_and_comma() -> None:
    code = Code("E999", "odd:name,here", "An odd code.")
    diag = Diagnostic(code, "m", Span("a.yaml", 1, 1))
    assert (
        render_github([diag]) == "::error file=a.yaml,line=1,col=1,title=E999 odd%3Aname%2Chere::m"
    )


def test_every_rule_links_to_an_anchor_of_the_diagnostics_reference() -> None:
    log = json.loads(render_sarif([]))
    (run,) = log["runs"]
    page = (ROOT / "docs" / "diagnostics.md").read_text(encoding="utf-8")
    assert run["tool"]["driver"]["informationUri"] == (ROOT / "docs" / "diagnostics.md").as_uri()
    for rule in run["tool"]["driver"]["rules"]:
        anchor = rule["helpUri"].rsplit("#", 1)[1]
        assert f'<a id="{anchor}"></a>' in page, rule["id"]


# --- SARIF --------------------------------------------------------------------


def test_sarif_structure_rules_and_results(tmp_path: Path) -> None:
    card = tmp_path / "cards" / "zombie.yaml"
    diags = [
        Diagnostic(UNKNOWN_KEY, "unknown key", Span(str(card), 2, 3, 7), "did you mean 'power'?"),
        Diagnostic(LEADING_ZERO, "leading zero", Span(str(card), 3, 7)),
    ]
    log = json.loads(render_sarif(diags, root=str(tmp_path)))
    assert log["$schema"] == "https://json.schemastore.org/sarif-2.1.0.json"
    assert log["version"] == "2.1.0"
    assert len(log["runs"]) == 1
    run = log["runs"][0]
    driver = run["tool"]["driver"]
    assert driver["name"] == "cosmic"
    assert driver["version"] == version("cosmic-rules")
    rules = driver["rules"]
    assert [rule["id"] for rule in rules] == list(CODES)
    by_id = {rule["id"]: rule for rule in rules}
    assert by_id["E200"] == {
        "id": "E200",
        "name": "unknown-key",
        "shortDescription": {"text": CODES["E200"].summary},
        "help": {"text": f"E200 unknown-key: {CODES['E200'].summary}"},
        "defaultConfiguration": {"level": "error"},
        "helpUri": (ROOT / "docs" / "diagnostics.md").as_uri() + "#e200",
    }
    assert by_id["W111"]["defaultConfiguration"] == {"level": "warning"}

    first, second = run["results"]
    assert rules[first["ruleIndex"]]["id"] == first["ruleId"] == "E200"
    assert rules[second["ruleIndex"]]["id"] == second["ruleId"] == "W111"
    assert first["level"] == "error"
    assert second["level"] == "warning"
    assert first["message"]["text"] == "unknown key (hint: did you mean 'power'?)"
    location = first["locations"][0]["physicalLocation"]
    assert location["artifactLocation"] == {"uri": "cards/zombie.yaml", "uriBaseId": "%SRCROOT%"}
    assert location["region"] == {"startLine": 2, "startColumn": 3, "endColumn": 7}
    assert second["locations"][0]["physicalLocation"]["region"] == {
        "startLine": 3,
        "startColumn": 7,
    }
    base = run["originalUriBaseIds"]["%SRCROOT%"]["uri"]
    assert base.startswith("file://") and base.endswith("/")


def test_sarif_relative_paths_use_forward_slashes(tmp_path: Path) -> None:
    path = os.path.join(str(tmp_path), "cards", "aliens", "zombie.yaml")
    log = json.loads(render_sarif([Diagnostic(LEADING_ZERO, "m", Span(path))], root=str(tmp_path)))
    uri = log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    assert uri == {"uri": "cards/aliens/zombie.yaml", "uriBaseId": "%SRCROOT%"}


def test_sarif_without_root_keeps_the_path_as_given() -> None:
    log = json.loads(render_sarif([ZERO]))
    run = log["runs"][0]
    artifact = run["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    assert artifact == {"uri": "cards/zombie.yaml"}
    assert "originalUriBaseIds" not in run


def test_sarif_adds_a_rule_for_an_unregistered_code() -> None:
    code = Code("E999", "custom", "A custom code.", Severity.WARNING)
    log = json.loads(render_sarif([Diagnostic(code, "m", Span("a.yaml"))]))
    run = log["runs"][0]
    result = run["results"][0]
    assert run["tool"]["driver"]["rules"][result["ruleIndex"]]["id"] == "E999"
    assert result["level"] == "warning"


def test_sarif_with_no_results_still_lists_rules() -> None:
    run = json.loads(render_sarif([]))["runs"][0]
    assert run["results"] == []
    assert len(run["tool"]["driver"]["rules"]) == len(CODES)


# --- summary ------------------------------------------------------------------


def test_summary_line_counts_and_plurals() -> None:
    assert summary_line([], 14) == "no problems in 14 files"
    assert summary_line([], 1) == "no problems in 1 file"
    assert summary_line([UNKNOWN, NO_SOURCE, ZERO], 14) == "2 errors, 1 warning in 14 files"
    assert summary_line([UNKNOWN], 1) == "1 error in 1 file"
    assert summary_line([ZERO, ZERO], 3) == "2 warnings in 3 files"
