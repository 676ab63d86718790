"""The language server: LSP requests over stdio in, answers out. Each feature is one handler that
hands the buffer to the module doing that job (documents, diagnostics, completion, hover,
definition, actions); a failure in one is reported, never fatal to the server."""

from __future__ import annotations

import logging
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path
from pygls.workspace import TextDocument

from compiler import diagnostics as d
from compiler.lsp import actions, completion, definition, hover
from compiler.lsp.client_diagnostics import to_lsp
from compiler.lsp.documents import Checked, Workspace, is_scenario
from compiler.pipeline.project import MANIFEST

log = logging.getLogger("cosmic.lsp")
T = TypeVar("T")


class CardServer(LanguageServer):
    def __init__(self) -> None:
        from importlib.metadata import PackageNotFoundError, version

        try:
            own = version("cosmic-rules")
        except PackageNotFoundError:
            own = "0"
        super().__init__("cosmic-rules", own)
        self.cards = Workspace()
        self.published: dict[str, list[lsp.Diagnostic]] = {}


server = CardServer()


def _path(uri: str) -> Path | None:
    fs = to_fs_path(uri)
    return Path(fs) if fs and uri.startswith("file:") else None


def _safe(default: T, what: str, job: Callable[[], T]) -> T:
    """Run one request's job; a failure is logged on stderr and answered with `default`."""
    try:
        return job()
    except Exception:
        log.error("cosmic lsp: %s failed\n%s", what, traceback.format_exc())
        return default


def _publish(uri: str, doc: TextDocument, diags: list[d.Diagnostic]) -> None:
    converted = [to_lsp(x, doc.lines, doc.position_codec) for x in diags]
    server.published[uri] = converted
    server.text_document_publish_diagnostics(
        lsp.PublishDiagnosticsParams(uri=uri, diagnostics=converted, version=doc.version)
    )


def _check(uri: str) -> None:
    path = _path(uri)
    if path is None:
        return
    doc = server.workspace.get_text_document(uri)
    try:
        checked = server.cards.check(path, doc.source)
    except Exception as exc:  # still reported as a diagnostic naming the file
        log.error("cosmic lsp: checking %s failed\n%s", path, traceback.format_exc())
        problem = d.Diagnostic(
            d.INTERNAL,
            f"internal error while checking this file: {type(exc).__name__}: {exc}",
            d.Span(str(path), 1, 1),
            "please report this with the file",
        )
        _publish(uri, doc, [problem])
        return
    _publish(uri, doc, checked.diagnostics)
    for other in server.cards.others_linked_with(checked.path):
        other_uri = from_fs_path(str(other.path))
        if other_uri is None or other_uri not in server.workspace.text_documents:
            continue
        before = [(x.code.id, x.message, x.span) for x in other.diagnostics]
        after = server.cards.relinked(other)
        if before != [(x.code.id, x.message, x.span) for x in after]:
            _publish(other_uri, server.workspace.get_text_document(other_uri), after)


@server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: CardServer, params: lsp.DidOpenTextDocumentParams) -> None:
    _check(params.text_document.uri)


@server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: CardServer, params: lsp.DidChangeTextDocumentParams) -> None:
    _check(params.text_document.uri)


@server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
def did_save(ls: CardServer, params: lsp.DidSaveTextDocumentParams) -> None:
    uri = params.text_document.uri
    path = _path(uri)
    if path is not None and path.name == MANIFEST:
        # a saved manifest may require other packs or override other cards: link afresh
        none: list[Path] = []
        stale = _safe(none, "reloading packs", lambda: server.cards.forget_pack(path.parent))
        for other in stale:
            other_uri = from_fs_path(str(other))
            if other_uri and other_uri != uri and other_uri in server.workspace.text_documents:
                _check(other_uri)
    _check(uri)


@server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: CardServer, params: lsp.DidCloseTextDocumentParams) -> None:
    uri = params.text_document.uri
    path = _path(uri)
    if path is not None:
        _safe(None, "closing", lambda: server.cards.close(path))
    server.published.pop(uri, None)
    server.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=uri, diagnostics=[]))


def _checked(uri: str) -> tuple[Checked, TextDocument] | None:
    path = _path(uri)
    if path is None:
        return None
    doc = server.workspace.get_text_document(uri)
    checked = server.cards.checked.get(path.resolve())
    if checked is None:
        checked = server.cards.check(path, doc.source)
    return checked, doc


def _cursor(doc: TextDocument, position: lsp.Position) -> tuple[int, int]:
    server_position = doc.position_codec.position_from_client_units(doc.lines, position)
    return server_position.line, server_position.character


@server.feature(
    lsp.TEXT_DOCUMENT_COMPLETION,
    lsp.CompletionOptions(trigger_characters=[" ", ".", "[", ","]),
)
def complete(ls: CardServer, params: lsp.CompletionParams) -> lsp.CompletionList | None:
    def job() -> lsp.CompletionList | None:
        from compiler.lsp.cursor import at

        found = _checked(params.text_document.uri)
        if found is None:
            return None
        checked, doc = found
        line, character = _cursor(doc, params.position)
        ctx = at(doc.lines, line, character)
        if checked.path.name == "pack.yaml":
            items = completion.pack_items(ctx, params.position, checked.packs)
        elif is_scenario(checked.path):
            items = completion.scenario_items(ctx, params.position, checked.packs)
        else:
            kind = completion.card_kind(doc.lines, checked.loaded.data)
            items = completion.card_items(ctx, params.position, kind, checked.packs)
        return lsp.CompletionList(is_incomplete=False, items=items)

    return _safe(None, "completion", job)


@server.feature(lsp.TEXT_DOCUMENT_HOVER)
def on_hover(ls: CardServer, params: lsp.HoverParams) -> lsp.Hover | None:
    def job() -> lsp.Hover | None:
        found = _checked(params.text_document.uri)
        if found is None:
            return None
        checked, doc = found
        line, character = _cursor(doc, params.position)
        text = hover.hover(checked, doc.lines, line, character)
        if text is None:
            return None
        return lsp.Hover(contents=lsp.MarkupContent(lsp.MarkupKind.Markdown, text))

    return _safe(None, "hover", job)


@server.feature(lsp.TEXT_DOCUMENT_DEFINITION)
def on_definition(ls: CardServer, params: lsp.DefinitionParams) -> list[lsp.Location] | None:
    def job() -> list[lsp.Location] | None:
        found = _checked(params.text_document.uri)
        if found is None:
            return None
        checked, doc = found
        line, character = _cursor(doc, params.position)
        target = definition.definition(checked, doc.lines, line, character)
        target_uri = from_fs_path(str(target)) if target is not None else None
        if target_uri is None:
            return None
        start = lsp.Position(0, 0)
        return [lsp.Location(uri=target_uri, range=lsp.Range(start, start))]

    return _safe(None, "definition", job)


@server.feature(
    lsp.TEXT_DOCUMENT_CODE_ACTION,
    lsp.CodeActionOptions(code_action_kinds=[lsp.CodeActionKind.QuickFix]),
)
def on_code_action(ls: CardServer, params: lsp.CodeActionParams) -> list[lsp.CodeAction]:
    def job() -> list[lsp.CodeAction]:
        return actions.quick_fixes(params.text_document.uri, params.context.diagnostics)

    return _safe([], "code actions", job)


def run() -> None:
    """Serve LSP over stdin and stdout until the client says exit."""
    logging.basicConfig(stream=sys.stderr, level=logging.WARNING, format="%(message)s")
    server.start_io()
