"""The syntax-tree builder's callback for offers: the parse items of `if <players> accepts: ...`
in, an ast.OfferStmt with its source position out."""

from __future__ import annotations

from typing import Any

from compiler.pipeline import ast


class OfferBuilder:
    def offer(self, items: list[Any]) -> ast.OfferStmt:
        order = next((i for i in items if hasattr(i, "reverse")), None)
        blocks = [i for i in items if isinstance(i, tuple)]
        otherwise = blocks[1] if len(blocks) > 1 else None
        start = items[0].start_pos or 0
        end = max([start + 2, *(s.pos[1] for b in blocks for s in b)])
        return ast.OfferStmt(
            items[1],
            blocks[0],
            otherwise,
            (start, end),
            order.start if order is not None else None,
            order.reverse if order is not None else False,
        )
