"""Decisions by anyone: `if <players> accepts: ...` (an offer put to players in turn) into
ir.Offer."""

from __future__ import annotations

from dataclasses import replace

from compiler import diagnostics as d
from compiler.pipeline import ast
from compiler.pipeline.resolve.base import ResolveError, ResolverBase
from compiler.pipeline.resolve.text import span_of, text_of
from runtime import ir


class Offers(ResolverBase):
    def _offer(self, stmt: ast.OfferStmt) -> ir.Node:
        if self._category(stmt.np) != "player" and stmt.np.form != "pronoun":
            raise ResolveError(
                d.BAD_PHRASE,
                "only players accept an offer",
                stmt.np.pos,
                "write 'if another player you choose accepts:' or 'if any other player accepts:'",
            )
        np = stmt.np
        if np.det in ("a", "an", "another", "any") and not any(
            t.kind == "chosen" for t in np.tails
        ):
            # an open offer ("if any other player accepts") goes to each of them in turn; only
            # "a player you choose" narrows it to one player first
            others = ("other",) if np.det == "another" and "other" not in np.modifiers else ()
            np = replace(np, det="each", modifiers=(*np.modifiers, *others))
        who = self._players(np)
        start = self._players(stmt.start) if stmt.start is not None else None
        saved = self.scope.loop_var
        self.scope.loop_var = True  # the player who accepted is `they` in the block
        try:
            body = self._block(stmt.body)
        finally:
            self.scope.loop_var = saved
        otherwise = self._block(stmt.otherwise) if stmt.otherwise is not None else None
        text = self._slice(span_of(stmt.body)) or text_of(stmt.body)
        return ir.Offer(who, body, otherwise, start, stmt.reverse, text)
