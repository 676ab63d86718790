"""`cosmic lsp` end to end: a real LSP client (pytest-lsp) drives the server over stdio with unsaved
buffers of bundled cards and scenarios; nothing is written to disk. Starting the server in its own
process costs seconds, so these run in the full run only: the quick tier's test of the command is
tests/compiler/test_lsp_stdio.py, in-process."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types as lsp
from pytest_lsp import ClientServerConfig, LanguageClient

from cards import BUNDLED

VIRUS = Path(BUNDLED) / "base" / "alien" / "virus.yaml"
AMOEBA = Path(BUNDLED) / "base" / "alien" / "amoeba.yaml"
SCENARIO = Path(BUNDLED) / "base" / "scenarios" / "alien-amoeba-reinforce.yaml"
SERVER = [sys.executable, "-c", "from compiler.cli.main import cli; cli(['lsp'])"]

pytestmark = [pytest.mark.asyncio(loop_scope="module"), pytest.mark.slow]
# Every publishDiagnostics the client receives, in order (two can arrive in one read, so waiting
# for "the next notification" could miss one).
RECEIVED: list[lsp.PublishDiagnosticsParams] = []


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=SERVER, server_env={"COSMIC_CACHE_DIR": ""}),
    scope="module",
)
async def client(lsp_client: LanguageClient):  # type: ignore[no-untyped-def]
    features = lsp_client.protocol.fm.features
    store = features[lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS]

    def record(params: lsp.PublishDiagnosticsParams) -> None:
        RECEIVED.append(params)
        store(params)

    features[lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = record
    await lsp_client.initialize_session(
        lsp.InitializeParams(
            capabilities=lsp.ClientCapabilities(),
            root_uri=Path(BUNDLED).parent.as_uri(),
        )
    )
    yield
    await lsp_client.shutdown_session()


class Buffer:
    """An open document whose text the test changes as an editor would, never saving it."""

    def __init__(self, client: LanguageClient, path: Path, text: str) -> None:
        self.client, self.uri, self.text, self.version = client, path.as_uri(), text, 1

    async def open(self) -> list[lsp.Diagnostic]:
        self.client.text_document_did_open(
            lsp.DidOpenTextDocumentParams(
                lsp.TextDocumentItem(self.uri, "yaml", self.version, self.text)
            )
        )
        return await self.diagnostics()

    async def change(self, text: str) -> list[lsp.Diagnostic]:
        self.text, self.version = text, self.version + 1
        self.client.text_document_did_change(
            lsp.DidChangeTextDocumentParams(
                lsp.VersionedTextDocumentIdentifier(self.version, self.uri),
                [lsp.TextDocumentContentChangeWholeDocument(text)],
            )
        )
        return await self.diagnostics()

    async def diagnostics(self) -> list[lsp.Diagnostic]:
        async def wait() -> list[lsp.Diagnostic]:
            while True:
                for params in RECEIVED:
                    if params.uri == self.uri and params.version == self.version:
                        RECEIVED.remove(params)
                        return list(params.diagnostics)
                await asyncio.sleep(0.005)

        return await asyncio.wait_for(wait(), 60)

    def close(self) -> None:
        RECEIVED.clear()
        self.client.text_document_did_close(
            lsp.DidCloseTextDocumentParams(lsp.TextDocumentIdentifier(self.uri))
        )

    def position(self, marker: str, after: int = 0) -> lsp.Position:
        """The position of `marker` in the text (plus `after` characters)."""
        offset = self.text.index(marker) + after
        line = self.text.count("\n", 0, offset)
        return lsp.Position(line, offset - (self.text.rfind("\n", 0, offset) + 1))

    def apply(self, edit: lsp.TextEdit) -> str:
        lines = self.text.split("\n")
        start, end = edit.range.start, edit.range.end
        head = "\n".join([*lines[: start.line], lines[start.line][: start.character]])
        tail = "\n".join([lines[end.line][end.character :], *lines[end.line + 1 :]])
        return head + edit.new_text + tail


async def test_broken_card_gets_the_diagnostic_at_the_word_then_clears_when_fixed(
    client: LanguageClient,
) -> None:
    good = VIRUS.read_text(encoding="utf-8")
    broken = good.replace("do: calculate", "do: calculat", 1)
    buffer = Buffer(client, VIRUS, broken)
    (diag,) = await buffer.open()
    assert diag.code == "E300"
    assert diag.severity == lsp.DiagnosticSeverity.Error
    assert diag.message.startswith("unknown word 'calculat'")
    assert "help: did you mean 'calculate'" in diag.message
    start = buffer.position("calculat")
    assert diag.range == lsp.Range(start, lsp.Position(start.line, start.character + 8))
    assert await buffer.change(good) == []
    buffer.close()


async def test_unknown_key_and_role_match_validate_codes_and_ranges(
    client: LanguageClient,
) -> None:
    text = VIRUS.read_text(encoding="utf-8").replace("as: main player", "as: main playr", 1)
    buffer = Buffer(client, VIRUS, text)
    (diag,) = await buffer.open()
    assert diag.code == "E203"
    start = buffer.position("main playr")
    assert diag.range == lsp.Range(start, lsp.Position(start.line, start.character + 10))
    buffer.close()


async def test_quick_fix_from_a_did_you_mean_hint_repairs_the_card(
    client: LanguageClient,
) -> None:
    good = VIRUS.read_text(encoding="utf-8")
    buffer = Buffer(client, VIRUS, good.replace("when: reveal.totals", "wehn: reveal.totals", 1))
    diags = await buffer.open()
    unknown = next(x for x in diags if x.code == "E200")
    found = await client.text_document_code_action_async(
        lsp.CodeActionParams(
            lsp.TextDocumentIdentifier(buffer.uri),
            unknown.range,
            lsp.CodeActionContext(diagnostics=[unknown]),
        )
    )
    assert found is not None
    action = found[0]
    assert isinstance(action, lsp.CodeAction)
    assert action.title == "Replace with 'when'"
    assert action.edit is not None and action.edit.changes is not None
    (edit,) = action.edit.changes[buffer.uri]
    assert await buffer.change(buffer.apply(edit)) == []
    assert buffer.text == good
    buffer.close()


async def test_completion_after_when_offers_windows(client: LanguageClient) -> None:
    text = VIRUS.read_text(encoding="utf-8").replace("when: reveal.totals", "when: reveal.", 1)
    buffer = Buffer(client, VIRUS, text)
    await buffer.open()
    result = await client.text_document_completion_async(
        lsp.CompletionParams(
            lsp.TextDocumentIdentifier(buffer.uri), buffer.position("when: reveal.", 13)
        )
    )
    assert isinstance(result, lsp.CompletionList)
    labels = {item.label for item in result.items}
    assert {"reveal.totals", "reveal.after_cards", "launch.after_ships"} <= labels
    assert "draw" not in labels
    buffer.close()


async def test_completion_in_the_middle_of_an_effect_follows_the_grammar(
    client: LanguageClient,
) -> None:
    text = VIRUS.read_text(encoding="utf-8")
    text = text[: text.index("    do: ")] + "    do: you may \n"
    buffer = Buffer(client, VIRUS, text)
    await buffer.open()
    result = await client.text_document_completion_async(
        lsp.CompletionParams(
            lsp.TextDocumentIdentifier(buffer.uri), buffer.position("do: you may ", 12)
        )
    )
    assert isinstance(result, lsp.CompletionList)
    labels = {item.label for item in result.items}
    assert {"draw", "take", "lose"} <= labels  # after `you may` only a verb can follow
    assert "the" not in labels and "reveal.totals" not in labels
    draw = next(item for item in result.items if item.label == "draw")
    assert draw.detail is not None and "draw" in draw.detail
    buffer.close()


async def test_hover_on_a_verb_gives_its_registry_doc_and_an_example(
    client: LanguageClient,
) -> None:
    text = VIRUS.read_text(encoding="utf-8")
    buffer = Buffer(client, VIRUS, text)
    await buffer.open()
    found = await client.text_document_hover_async(
        lsp.HoverParams(lsp.TextDocumentIdentifier(buffer.uri), buffer.position("calculate", 3))
    )
    assert found is not None and isinstance(found.contents, lsp.MarkupContent)
    from runtime import language, registry

    language.load()
    calculate = next(o for o in registry.OPS.values() if o.verb == "calculate")
    assert calculate.frame() in found.contents.value
    assert calculate.doc in found.contents.value
    assert "Example:" in found.contents.value
    buffer.close()


async def test_hover_on_a_hook_shows_its_compiled_form(client: LanguageClient) -> None:
    buffer = Buffer(client, VIRUS, VIRUS.read_text(encoding="utf-8"))
    await buffer.open()
    found = await client.text_document_hover_async(
        lsp.HoverParams(lsp.TextDocumentIdentifier(buffer.uri), buffer.position("use: mandatory"))
    )
    assert found is not None and isinstance(found.contents, lsp.MarkupContent)
    assert "hook Multiply (power)" in found.contents.value
    assert "when: reveal.totals" in found.contents.value
    buffer.close()


async def test_definition_jumps_from_a_covers_id_to_its_card(client: LanguageClient) -> None:
    buffer = Buffer(client, SCENARIO, SCENARIO.read_text(encoding="utf-8"))
    assert await buffer.open() == []
    found = await client.text_document_definition_async(
        lsp.DefinitionParams(
            lsp.TextDocumentIdentifier(buffer.uri), buffer.position("covers: [amoeba", 11)
        )
    )
    assert isinstance(found, list) and len(found) == 1
    assert isinstance(found[0], lsp.Location)
    assert found[0].uri == AMOEBA.as_uri()
    buffer.close()


async def test_scenario_card_ids_are_checked_and_completed(client: LanguageClient) -> None:
    text = SCENARIO.read_text(encoding="utf-8").replace("covers: [amoeba,", "covers: [amoebo,", 1)
    buffer = Buffer(client, SCENARIO, text)
    (diag,) = await buffer.open()
    assert diag.code == "E305"  # the code `cosmic validate` gives an unknown card id
    assert "did you mean 'amoeba'" in diag.message
    text = text.replace("covers: [amoebo,", "covers: [amo,", 1)
    await buffer.change(text)
    result = await client.text_document_completion_async(
        lsp.CompletionParams(
            lsp.TextDocumentIdentifier(buffer.uri), buffer.position("covers: [amo", 12)
        )
    )
    assert isinstance(result, lsp.CompletionList)
    assert "amoeba" in {item.label for item in result.items}
    buffer.close()


# hostile buffers: a 5 MB paste, 20,000 brackets, an alias bomb
@pytest.mark.parametrize(
    "text",
    [
        "\x00\x01binary\xff\ufffe" * 1000,
        "id: x\n" + "a" * (5 * 1024 * 1024),
        "x: " + "[" * 20_000 + "]" * 20_000,
        "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        + "".join(
            f"{c}: &{c} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}]\n"
            for p, c in zip("abcdefgh", "bcdefghi", strict=True)
        ),
    ],
    ids=["binary", "5MB-paste", "deep-nesting", "alias-bomb"],
)
async def test_malformed_buffers_are_answered_quickly_and_the_server_keeps_going(
    client: LanguageClient, text: str
) -> None:
    good = VIRUS.read_text(encoding="utf-8")
    buffer = Buffer(client, VIRUS, good)
    await buffer.open()
    loop = asyncio.get_running_loop()
    started = loop.time()
    diags = await buffer.change(text)
    assert loop.time() - started < 1.0
    assert diags and all(x.severity == lsp.DiagnosticSeverity.Error for x in diags)
    assert await buffer.change(good) == []
    buffer.close()


async def test_hover_on_a_window_and_a_role_gives_their_docs(client: LanguageClient) -> None:
    from runtime.roles import ROLES
    from runtime.windows import BY_NAME

    buffer = Buffer(client, VIRUS, VIRUS.read_text(encoding="utf-8"))
    await buffer.open()
    for marker, doc in [
        ("when: reveal.totals", BY_NAME["reveal.totals"].doc),
        ("as: main player", ROLES["main player"][1]),
    ]:
        found = await client.text_document_hover_async(
            lsp.HoverParams(lsp.TextDocumentIdentifier(buffer.uri), buffer.position(marker, 9))
        )
        assert found is not None and isinstance(found.contents, lsp.MarkupContent)
        assert doc in found.contents.value
    buffer.close()


async def test_completion_after_as_offers_roles_and_in_answers_decision_kinds(
    client: LanguageClient,
) -> None:
    text = VIRUS.read_text(encoding="utf-8").replace("as: main player", "as: main player or ", 1)
    buffer = Buffer(client, VIRUS, text)
    await buffer.open()
    result = await client.text_document_completion_async(
        lsp.CompletionParams(
            lsp.TextDocumentIdentifier(buffer.uri), buffer.position("main player or ", 15)
        )
    )
    assert isinstance(result, lsp.CompletionList)
    assert {"ally", "offense", "defensive ally"} <= {item.label for item in result.items}
    buffer.close()
    text = SCENARIO.read_text(encoding="utf-8").replace("  - red launch.planet:", "  - red la", 1)
    text = text.replace("  - red la blue planet 1\n", "  - red la\n", 1)
    scenario = Buffer(client, SCENARIO, text)
    await scenario.open()
    result = await client.text_document_completion_async(
        lsp.CompletionParams(
            lsp.TextDocumentIdentifier(scenario.uri), scenario.position("  - red la", 10)
        )
    )
    assert isinstance(result, lsp.CompletionList)
    assert {"launch.planet", "launch.ships", "planning.select"} <= {i.label for i in result.items}
    scenario.close()


async def test_an_edit_to_an_alien_republishes_its_open_flare(client: LanguageClient) -> None:
    flare_path = Path(BUNDLED) / "base" / "flare" / "virus-flare.yaml"
    flare = Buffer(client, flare_path, flare_path.read_text(encoding="utf-8"))
    assert await flare.open() == []
    good = VIRUS.read_text(encoding="utf-8")
    alien = Buffer(client, VIRUS, good.replace("id: virus", "id: virux", 1))
    assert [x.code for x in await alien.open()] == ["E206"]
    (orphaned,) = await flare.diagnostics()  # published again, unasked, for its unchanged text
    assert orphaned.code == "E401"
    assert "alien 'virus', which does not exist" in orphaned.message
    await alien.change(good)
    assert await flare.diagnostics() == []
    alien.close()
    flare.close()
