"""A checked buffer and a cursor in, the file of the card id under the cursor out (from `covers:`,
`alien:`, `aliens:`, hands, a scenario's aliens, or the card's own `id:`)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from compiler.lsp.cursor import at as context_at
from compiler.lsp.cursor import is_card_reference
from compiler.lsp.documents import Checked
from compiler.lsp.hover import word_at


def definition(checked: Checked, lines: Sequence[str], line: int, character: int) -> Path | None:
    """The file defining the card named under the cursor (0-based, code points), if any."""
    if checked.packs is None or line >= len(lines):
        return None
    word = word_at(lines[line].rstrip("\r\n"), character)
    if word is None:
        return None
    ctx = context_at(lines, line, word[2])
    if not is_card_reference(ctx)[0] and ctx.key != "id":
        return None
    found = checked.packs.card_paths().get(word[0])
    return Path(found) if found else None
