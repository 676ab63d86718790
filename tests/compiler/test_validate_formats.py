"""`cosmic validate --format`: the JSON records with their documented keys, GitHub annotations
with their escapes, and SARIF 2.1.0 with rules and repository-relative paths."""

from __future__ import annotations

import json
from pathlib import Path

from validate_kit import (
    BAD_EFFECT_CARD,
    CLEAN_CARD,
    LEADING_ZERO_CARD,
    UNKNOWN_KEY_CARD,
    run,
    write_pack,
)

from compiler.diagnostics import CODES

JSON_KEYS = [
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


def test_json_format_is_a_list_of_records_with_the_documented_keys(in_tmp: Path) -> None:
    write_pack(
        in_tmp / "mixed",
        {
            "reinforcement/late-arrival.yaml": UNKNOWN_KEY_CARD,
            "encounter/attack-08.yaml": LEADING_ZERO_CARD,
        },
    )
    result = run("validate", "--no-cache", "--format", "json", "mixed")
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert (report["format"], report["files"], report["errors"], report["warnings"]) == (1, 3, 1, 1)
    records = report["diagnostics"]
    assert [list(r) for r in records] == [JSON_KEYS, JSON_KEYS]
    assert records[0] == {
        "path": "mixed/encounter/attack-08.yaml",
        "line": 5,
        "column": 8,
        "end_column": None,
        "severity": "warning",
        "code": "W111",
        "name": "leading-zero",
        "message": "08 is read as 8, but YAML 1.1 tools read it as the string '08'",
        "hint": 'write 8 without the leading zero, or quote it ("08") to keep the text',
    }
    assert records[1] == {
        "path": "mixed/reinforcement/late-arrival.yaml",
        "line": 7,
        "column": 3,
        "end_column": 7,
        "severity": "error",
        "code": "E200",
        "name": "unknown-key",
        "message": "unknown key 'wehn'",
        "hint": "did you mean 'when'?",
    }


def test_json_format_of_a_clean_pack_is_an_empty_list(in_tmp: Path) -> None:
    write_pack(in_tmp / "fine", {"encounter/negotiate.yaml": CLEAN_CARD})
    result = run("validate", "--no-cache", "--format", "json", "fine")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["diagnostics"] == []


def test_github_format_escapes_percent_colon_and_comma_in_properties(in_tmp: Path) -> None:
    odd = in_tmp / "odd%dir:a,b"
    odd.mkdir()
    write_pack(
        odd / "mixed",
        {
            "reinforcement/late-arrival.yaml": UNKNOWN_KEY_CARD,
            "encounter/attack-08.yaml": LEADING_ZERO_CARD,
        },
    )
    result = run("validate", "--no-cache", "--format", "github", "odd%dir:a,b/mixed")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines == [
        "::warning file=odd%25dir%3Aa%2Cb/mixed/encounter/attack-08.yaml,line=5,col=8,"
        "title=W111 leading-zero::08 is read as 8, but YAML 1.1 tools read it as the string "
        "'08' (hint: write 8 without the leading zero, or quote it (\"08\") to keep the text)",
        "::error file=odd%25dir%3Aa%2Cb/mixed/reinforcement/late-arrival.yaml,line=7,col=3,"
        "title=E200 unknown-key::unknown key 'wehn' (hint: did you mean 'when'?)",
    ]


def test_github_format_error_lines_start_with_error_file(in_tmp: Path) -> None:
    write_pack(
        in_tmp / "broken",
        {
            "reinforcement/late-arrival.yaml": UNKNOWN_KEY_CARD,
            "artifact/supply-drop.yaml": BAD_EFFECT_CARD,
        },
    )
    result = run("validate", "--no-cache", "--format", "github", "broken")
    lines = result.stdout.splitlines()
    assert len(lines) == 2
    assert all(line.startswith("::error file=broken/") for line in lines), lines


def test_sarif_format_is_sarif_2_1_0_with_rules_and_relative_uris(in_tmp: Path) -> None:
    write_pack(in_tmp / "broken", {"artifact/supply-drop.yaml": BAD_EFFECT_CARD})
    result = run("validate", "--no-cache", "--format", "sarif", "broken")
    assert result.exit_code == 1
    log = json.loads(result.stdout)
    assert log["version"] == "2.1.0"
    assert log["$schema"] == "https://json.schemastore.org/sarif-2.1.0.json"
    (sarif_run,) = log["runs"]
    rules = sarif_run["tool"]["driver"]["rules"]
    assert [rule["id"] for rule in rules] == list(CODES)
    (sarif_result,) = sarif_run["results"]
    assert sarif_result["ruleId"] == "E300"
    assert rules[sarif_result["ruleIndex"]]["id"] == "E300"
    assert sarif_result["level"] == "error"
    location = sarif_result["locations"][0]["physicalLocation"]
    assert location["artifactLocation"] == {
        "uri": "broken/artifact/supply-drop.yaml",
        "uriBaseId": "%SRCROOT%",
    }
    assert location["region"] == {"startLine": 8, "startColumn": 7, "endColumn": 11}
    assert sarif_run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == in_tmp.resolve().as_uri() + "/"
