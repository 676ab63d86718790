"""`cosmic lsp` in-process over stdio: LSP messages written to its stdin in, the answers and the
published diagnostics read back from its stdout; the quick tier's test of the language server
as a command (tests/compiler/test_lsp.py drives it from a real client in a subprocess)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from compiler.cli.main import cli

MIRAGE = (
    Path(__file__).resolve().parents[1]
    / "corpus"
    / "clean-alien-and-flare"
    / "alien"
    / "mirage.yaml"
)


def framed(*messages: dict[str, Any]) -> bytes:
    """The messages as an LSP client writes them: a Content-Length header, a blank line, JSON."""
    out = b""
    for message in messages:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        out += b"Content-Length: %d\r\n\r\n" % len(body) + body
    return out


def unframed(stream: bytes) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    while stream:
        header, _, rest = stream.partition(b"\r\n\r\n")
        declared = re.search(rb"Content-Length: (\d+)", header)
        assert declared is not None, header
        length = int(declared.group(1))
        found.append(json.loads(rest[:length]))
        stream = rest[length:]
    return found


def test_cosmic_lsp_over_stdio_diagnoses_completes_and_hovers() -> None:
    # one session: the server is the process's own, and a process serves the editor once
    uri = MIRAGE.as_uri()
    broken = MIRAGE.read_text(encoding="utf-8").replace("do: look at", "do: lok at", 1)
    document = {"uri": uri, "languageId": "yaml", "version": 1, "text": broken}
    when = broken.split("\n").index("    when: alliance.end")
    at = {"textDocument": {"uri": uri}}
    messages = framed(
        {"id": 1, "method": "initialize", "params": {"capabilities": {}, "rootUri": None}},
        {"method": "initialized", "params": {}},
        {"method": "textDocument/didOpen", "params": {"textDocument": document}},
        {
            "id": 3,
            "method": "textDocument/completion",
            "params": {**at, "position": {"line": when, "character": len("    when: ")}},
        },
        {
            "id": 4,
            "method": "textDocument/hover",
            "params": {**at, "position": {"line": when, "character": len("    when: al")}},
        },
        {"id": 2, "method": "shutdown"},
    )
    result = CliRunner().invoke(cli, ["lsp"], input=messages)
    assert result.exit_code == 0, result.output
    answers = unframed(result.stdout_bytes)
    initialized = next(m for m in answers if m.get("id") == 1)
    assert initialized["result"]["serverInfo"]["name"] == "cosmic-rules"
    assert "completionProvider" in initialized["result"]["capabilities"]
    (published,) = [m for m in answers if m.get("method") == "textDocument/publishDiagnostics"]
    assert published["params"]["uri"] == uri and published["params"]["version"] == 1
    (diag,) = published["params"]["diagnostics"]
    assert diag["code"] == "E300" and diag["severity"] == 1
    assert diag["message"].startswith("unknown word 'lok'")
    line = broken.split("\n").index("    do: lok at the opponent's hand")
    assert diag["range"] == {
        "start": {"line": line, "character": 8},
        "end": {"line": line, "character": 11},
    }
    by_id = {m["id"]: m for m in answers if "id" in m}
    assert by_id[2]["result"] is None
    labels = {item["label"] for item in by_id[3]["result"]["items"]}
    assert {"alliance.end", "reveal.totals"} <= labels and "draw" not in labels
    hover = by_id[4]["result"]["contents"]
    assert hover["kind"] == "markdown" and "alliance.end" in hover["value"]
