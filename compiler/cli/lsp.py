"""`cosmic lsp`: the language server for card, pack and scenario files, over stdio."""

from __future__ import annotations

import click


@click.command()
def lsp() -> None:
    """Serve the Language Server Protocol over stdin/stdout for editors.

    Diagnostics as `cosmic validate` gives them, completion, hover, go to definition and quick
    fixes, for card files, pack manifests and scenario files.
    """
    from compiler.lsp.server import run

    run()
