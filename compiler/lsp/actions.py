"""Diagnostics sent back by the client in, quick fixes out: one per spelling a did-you-mean hint
offers, replacing the diagnostic's range with it."""

from __future__ import annotations

from collections.abc import Sequence

from lsprotocol import types as lsp

from compiler.lsp.client_diagnostics import SOURCE, suggestions


def quick_fixes(uri: str, diagnostics: Sequence[lsp.Diagnostic]) -> list[lsp.CodeAction]:
    actions: list[lsp.CodeAction] = []
    for diag in diagnostics:
        if diag.source != SOURCE or diag.range.start == diag.range.end:
            continue
        data = diag.data if isinstance(diag.data, dict) else {}
        fixes = data.get("fixes") or suggestions(data.get("hint"))
        for i, fix in enumerate(fixes):
            if not isinstance(fix, str):
                continue
            actions.append(
                lsp.CodeAction(
                    title=f"Replace with '{fix}'",
                    kind=lsp.CodeActionKind.QuickFix,
                    diagnostics=[diag],
                    is_preferred=i == 0,
                    edit=lsp.WorkspaceEdit(changes={uri: [lsp.TextEdit(diag.range, fix)]}),
                )
            )
    return actions
