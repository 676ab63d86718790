"""Language server latency: `cosmic lsp` started as editors start it, driven over stdio by an LSP
client. Measures the time from `initialize` to the first diagnostics of an opened card (with an
empty and with a filled compile cache) and, warm, the time from each `didChange` to the
`publishDiagnostics` answering it (target: median at most 100 ms)."""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from lsprotocol import types as lsp
from pygls.lsp.client import LanguageClient

ROOT = Path(__file__).resolve().parents[1]
SERVER = [sys.executable, "-c", "from compiler.cli.main import cli; cli(['lsp'])"]


class Client(LanguageClient):
    def __init__(self) -> None:
        super().__init__("cosmic-bench", "1")
        self.arrived: dict[tuple[str, int | None], float] = {}
        self.errors: dict[tuple[str, int | None], int] = {}
        self.event = asyncio.Event()

        @self.feature(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def published(params: lsp.PublishDiagnosticsParams) -> None:
            key = (params.uri, params.version)
            self.arrived[key] = time.perf_counter()
            self.errors[key] = len(params.diagnostics)
            self.event.set()

    async def published_for(self, uri: str, version: int, timeout: float = 120) -> float:
        deadline = time.perf_counter() + timeout
        while (uri, version) not in self.arrived:
            self.event.clear()
            await asyncio.wait_for(self.event.wait(), max(0.01, deadline - time.perf_counter()))
        return self.arrived[(uri, version)]


async def session(path: Path, changes: int, cache: str) -> tuple[float, list[float], int]:
    """(seconds from initialize to first diagnostics, didChange latencies, problems seen)."""
    env = {**os.environ, "COSMIC_CACHE_DIR": cache}
    client = Client()
    await client.start_io(*SERVER, env=env, cwd=str(ROOT))
    uri = path.as_uri()
    text = path.read_text(encoding="utf-8")
    started = time.perf_counter()
    await client.initialize_async(
        lsp.InitializeParams(capabilities=lsp.ClientCapabilities(), root_uri=ROOT.as_uri())
    )
    client.initialized(lsp.InitializedParams())
    client.text_document_did_open(
        lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(uri, "yaml", 1, text))
    )
    first = await client.published_for(uri, 1) - started
    latencies: list[float] = []
    problems = 0
    # alternate a typo and its fix at the first effect word, as typing would
    broken = text.replace("do: ", "do: x", 1)
    for version in range(2, changes + 2):
        body = broken if version % 2 == 0 else text
        sent = time.perf_counter()
        client.text_document_did_change(
            lsp.DidChangeTextDocumentParams(
                lsp.VersionedTextDocumentIdentifier(version, uri),
                [lsp.TextDocumentContentChangeWholeDocument(body)],
            )
        )
        latencies.append(await client.published_for(uri, version) - sent)
        problems += client.errors[(uri, version)]
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return first, latencies, problems


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--card",
        type=Path,
        default=ROOT / "cards" / "eons" / "alien" / "nanny.yaml",
        help="the card file to open and edit (default: a bundled alien)",
    )
    parser.add_argument("--changes", type=int, default=100, help="didChange notifications to time")
    args = parser.parse_args()
    card = args.card.resolve()
    with tempfile.TemporaryDirectory(prefix="cosmic-bench-lsp-") as folder:
        cold_first, _, _ = asyncio.run(session(card, 0, folder))
        warm_first, latencies, problems = asyncio.run(session(card, args.changes, folder))
    latencies.sort()
    ms = [x * 1000 for x in latencies]
    print(f"card: {card.relative_to(ROOT) if card.is_relative_to(ROOT) else card}")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print("| what | figure |")
    print("| --- | --- |")
    print(f"| initialize -> first diagnostics, empty compile cache | {cold_first * 1000:.0f} ms |")
    print(f"| initialize -> first diagnostics, filled compile cache | {warm_first * 1000:.0f} ms |")
    print(
        f"| didChange -> publishDiagnostics, median of {len(ms)} (target <= 100 ms) |"
        f" {statistics.median(ms):.1f} ms |"
    )
    print(f"| didChange -> publishDiagnostics, 90th percentile | {ms[int(len(ms) * 0.9)]:.1f} ms |")
    print(f"| didChange -> publishDiagnostics, worst | {ms[-1]:.1f} ms |")
    print(f"problems reported over the edits: {problems} (one per broken version)")


if __name__ == "__main__":
    main()
