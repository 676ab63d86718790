"""Statements: blocks, conditionals, choices, loops, lasting effects and the windows they name, into IR."""

from __future__ import annotations

from dataclasses import replace

from compiler import diagnostics as d
from compiler.pipeline import ast
from compiler.pipeline.language_table import NUMBER_RANGES, STEP, WINDOW_ORDER, WINDOWS
from compiler.pipeline.resolve.base import ResolveError, ResolverBase
from compiler.pipeline.resolve.text import span_of, text_of
from runtime import ir


class Statements(ResolverBase):
    def _block(self, stmts: tuple[ast.Stmt, ...]) -> ir.Node:
        out: list[ir.Node] = []
        for stmt in stmts:
            try:
                out.append(self._stmt(stmt))
            except ResolveError as exc:
                self.errors.append(exc)
        return out[0] if len(out) == 1 else ir.Seq(tuple(out))

    def _stmt(self, stmt: ast.Stmt) -> ir.Node:
        if isinstance(stmt, ast.Simple):
            return self._simple(stmt)
        if isinstance(stmt, ast.IfStmt):
            cond = self._cond(stmt.cond)
            then = self._block(stmt.then)
            otherwise = self._block(stmt.otherwise) if stmt.otherwise is not None else None
            return ir.If(cond, then, otherwise)
        if isinstance(stmt, ast.ForEachStmt):
            return self._for_each(stmt)
        if isinstance(stmt, ast.ChooseStmt):
            chooser = self._players(stmt.chooser) if stmt.chooser is not None else None
            self._calls(stmt.labels or ())
            options = tuple(self._block(o) for o in stmt.options)
            written = stmt.labels or (None,) * len(stmt.options)
            labels = tuple(
                lab or self._slice(span_of(o)) or text_of(o)
                for lab, o in zip(written, stmt.options, strict=True)
            )
            return ir.Choose(options, labels, chooser, stmt.fresh)
        if isinstance(stmt, ast.RepeatStmt):
            times: ir.Node
            if isinstance(stmt.times, ast.Num):
                most_times = stmt.times.value
                self._in_range(most_times, "repeat", stmt.pos)
                times = ir.Num(most_times)
            else:
                # a worked-out count is held to the range when the repeat starts, so for
                # nesting it counts as the most it can be
                most_times = NUMBER_RANGES["repeat"][1]
                times = self._number(stmt.times)
            # nested repeats multiply: their product is held to the same range
            total = most_times * self.scope.repeats
            self._in_range(
                total,
                "repeat",
                stmt.pos,
                f"repeating {most_times} times inside repeats makes {total} repeats in all",
            )
            saved_repeats, self.scope.repeats = self.scope.repeats, total
            try:
                return ir.Repeat(times, self._block(stmt.body))
            finally:
                self.scope.repeats = saved_repeats
        if isinstance(stmt, ast.RepeatUntilStmt):
            # it may run as many rounds as the repeat range allows: nesting counts it so
            most_times = NUMBER_RANGES["repeat"][1]
            total = most_times * self.scope.repeats
            self._in_range(
                total,
                "repeat",
                stmt.pos,
                f"repeating up to {most_times} times inside repeats makes {total} repeats in all",
            )
            until = self._cond(stmt.until)
            saved_repeats, self.scope.repeats = self.scope.repeats, total
            try:
                return ir.RepeatUntil(until, self._block(stmt.body))
            finally:
                self.scope.repeats = saved_repeats
        if isinstance(stmt, ast.InsteadStmt):
            if not self.scope.in_event:
                raise ResolveError(
                    d.WINDOW_NOT_ALLOWED,
                    "'instead' replaces an event, but this window has none",
                    stmt.pos,
                    "use 'instead' in an event window such as ships.to_warp or regroup.retrieve",
                )
            return ir.Instead(self._simple(stmt.body))
        if isinstance(stmt, ast.LastingStmt):
            was_recurring = self.scope.recurring
            self.scope.recurring = stmt.duration.scope != "encounter"
            try:
                body = (
                    self._stmt(stmt.body)
                    if isinstance(stmt.body, ast.DelayedStmt)
                    else self._simple(stmt.body)
                )
            finally:
                self.scope.recurring = was_recurring
            return self._lasting(stmt.duration, body)
        if isinstance(stmt, ast.DelayedStmt):
            window = self._window(stmt.window, stmt.window_pos)
            self._check_later(window, stmt.window_pos)
            saved = (self.scope.window, self.scope.in_event)
            self.scope.window = window
            self.scope.in_event = WINDOWS[window].kind != STEP
            try:
                body = self._block(stmt.body)
            finally:
                self.scope.window, self.scope.in_event = saved
            return ir.Delayed(window, body)
        if isinstance(stmt, ast.OfferStmt):
            return self._offer(stmt)
        raise ResolveError(d.PARSE_ERROR, "unsupported statement", (0, 0))

    def _is_chosen(self, np: ast.NP) -> bool:
        """Whether a player phrase involves a choice (so it must be evaluated only once)."""
        if np.form != "phrase" or self.nouns.get(np.noun or "") is None:
            return False
        if self.nouns[np.noun or ""].category != "player":
            return False
        return np.det in ("a", "another", "any") or any(t.kind == "chosen" for t in np.tails)

    def _lasting(self, duration: ast.Duration, body: ir.Node) -> ir.Node:
        self._in_range(duration.count, "duration", duration.pos)
        condition = self._cond(duration.condition) if duration.condition is not None else None
        if duration.scope == "until":
            window = self._window(duration.window, duration.pos)
            return ir.Lasting("until", body, 1, None, window, duration.yours)
        return ir.Lasting(duration.scope, body, duration.count, condition)

    def _check_later(self, window: str, pos: ast.Pos) -> None:
        """A delayed step must come after the hook's own step, or it never runs."""
        here, there = WINDOWS.get(self.scope.window or ""), WINDOWS[window]
        if self.scope.recurring:
            return  # it fires in later encounters too
        if here is None or here.kind != STEP or there.kind != STEP:
            return
        if WINDOW_ORDER[there.name] <= WINDOW_ORDER[here.name]:
            raise ResolveError(
                d.WINDOW_NOT_ALLOWED,
                f"'at {window}' never runs: it does not come after {here.name} in the encounter",
                pos,
                "name a later window",
            )

    def _window(self, name: str, pos: ast.Pos) -> str:
        if name not in WINDOWS:
            raise ResolveError(
                d.UNKNOWN_NAME, f"unknown window '{name}'", pos, d.did_you_mean(name, list(WINDOWS))
            )
        return name

    def _for_each(self, stmt: ast.ForEachStmt) -> ir.Node:
        over: ir.Node
        category = self._category(stmt.np)
        if category == "player" or stmt.np.form == "pronoun":
            over = self._players(stmt.np)
            saved = self.scope.loop_var
            self.scope.loop_var = True
            start = self._players(stmt.start) if stmt.start is not None else None
            try:
                body = self._block(stmt.body)
            finally:
                self.scope.loop_var = saved
            return ir.ForEach(over, body, start, stmt.reverse)
        if stmt.start is not None or stmt.reverse:
            raise ResolveError(
                d.BAD_PHRASE,
                "only players are gone through in an order",
                stmt.pos,
                "write 'for each player starting with you:' or 'for each player in reverse order:'",
            )
        over = self._countable(stmt.np)
        return ir.ForEach(over, self._block(stmt.body))

    def _simple(self, stmt: ast.Simple) -> ir.Node:
        subject = stmt.subject
        if len(stmt.verbs) > 1 and subject is not None and self._is_chosen(subject):
            # "a player you choose loses 3 ships and discards ..." picks the player once
            chosen = self._players(subject)
            they = ast.NP("pronoun", subject.pos, word="they")
            saved = self.scope.loop_var
            self.scope.loop_var = True
            try:
                body = self._simple(replace(stmt, subject=they))
            finally:
                self.scope.loop_var = saved
            return ir.ForEach(chosen, body)
        if len(stmt.verbs) > 1 and stmt.modal == "may":
            return self._may_all(stmt)
        parts: list[ir.Node] = []
        for i, vp in enumerate(stmt.verbs):
            last = i == len(stmt.verbs) - 1
            parts.append(self._verb_phrase(stmt, vp, prevent=stmt.prevent and last))
        node: ir.Node = parts[0] if len(parts) == 1 else ir.Seq(tuple(parts))
        if stmt.duration is not None:
            node = self._lasting(stmt.duration, node)
        return node

    def _may_all(self, stmt: ast.Simple) -> ir.Node:
        """`you may A and B`: one offer; the parts act for the player who accepted it."""
        whole = self._simple(replace(stmt, modal=None, duration=None))
        parts = whole.items if isinstance(whole, ir.Seq) else (whole,)
        subject = next((p.subject for p in parts if isinstance(p, ir.Do)), None)
        if subject is not None and subject != ir.Players("you"):
            acting = ir.Players("subject")
            parts = tuple(
                replace(p, subject=acting) if isinstance(p, ir.Do) and p.subject is not None else p
                for p in parts
            )
        else:
            subject = None
        node: ir.Node = ir.May(subject, ir.Seq(parts), self._slice(stmt.pos))
        if stmt.duration is not None:
            node = self._lasting(stmt.duration, node)
        return node
