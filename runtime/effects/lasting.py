"""What outlasts the moment an effect runs (periods, restrictions, delayed and recurring effects,
formulas) and the use counts of limited hooks: the dispatcher's methods that keep them in the state
as data (runtime/lasting_data.py), and the code rebuilt from that data when it runs."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from runtime import ir
from runtime.effects.compile import statement
from runtime.effects.conditions import condition
from runtime.effects.context import (
    COMPILED,
    Ctx,
    bindings_of,
    context,
    formula_context,
    remember,
)
from runtime.effects.expressions import value
from runtime.lasting_data import Bindings, Formula, Later, Period, Restriction
from runtime.registry import LATER_STEPS

if TYPE_CHECKING:
    from runtime.table import Table


def compiled(node: ir.Node, form: str) -> Callable[[Ctx], Any]:
    """The code of an IR node the state names (a "statement", "condition" or "value"), built once."""
    found = COMPILED[form].get(id(node))
    if found is not None and found[0] is node:
        return found[1]
    return remember(node, form, _COMPILERS[form](node))


_COMPILERS: dict[str, Callable[[ir.Node], Callable[[Ctx], Any]]] = {
    "statement": statement,
    "condition": condition,
    "value": value,
}


class UndeclaredWindow(ValueError):
    """A delayed effect or an "until" period given a window nothing declares it may wait for."""


class Lasting:
    """The part of the dispatcher that keeps use counts and what outlasts an effect."""

    game: Table
    # The windows something can wait for in this game: where a card's delayed effect may run or
    # its "until" period end (Rules.waits), or a rules module's code (its `waits_at`). The
    # dispatcher never looks for what waits at another window, so `delay` and `period` refuse one.
    may_wait: frozenset[str]
    # The context the last formula was worked out in: the next one refills it. Number expressions
    # only read their context and drop it, so it is free again once a formula is worked out.
    spare_context: Ctx | None = None

    def _counter(self, limit: str | None) -> tuple[dict[str, int] | None, str]:
        """Where uses under a limit are counted, and the key prefix (a per-turn count is keyed by
        the turn, so it starts again each turn)."""
        st = self.game.state
        if limit == "encounter":
            return (st.encounter.used if st.encounter is not None else None), ""
        if limit == "turn":
            return st.used, f"turn {st.turn}:"
        return (st.used if limit else None), f"{limit}:"

    def forget_old_uses(self) -> None:
        """Drop the use counts of turns gone by (a new turn has begun)."""
        used = self.game.state.used
        if not used:
            return  # nothing counted yet (most games, most turns)
        current = f"turn {self.game.state.turn}:"
        for key in [k for k in used if k.startswith("turn ") and not k.startswith(current)]:
            del used[key]

    def used(self, limit: str | None, key: str) -> int:
        table, prefix = self._counter(limit)
        return table.get(prefix + key, 0) if table is not None else 0

    def add_use(self, limit: str | None, key: str, count: int = 1) -> None:
        table, prefix = self._counter(limit)
        if table is not None:
            table[prefix + key] = table.get(prefix + key, 0) + count

    # ------------------------------------------------------------------ periods

    def period(
        self,
        scope: str,
        count: int = 1,
        cond: ir.Node | None = None,
        bindings: Bindings | None = None,
        window: str = "",
        seat: int = -1,
    ) -> Period:
        """The period a lasting effect made now covers (`cond` and `bindings` for "while"; the
        window that ends it and whose turn or encounter it waits for, for "until")."""
        st = self.game.state
        serial = st.encounter_serial
        if scope == "until":
            self.can_wait(window)
            return Period(scope, st.turn, serial, window=window, seat=seat)
        if scope == "encounters":
            return Period(scope, serial + 1, serial + count)
        if scope == "turns":
            return Period(scope, st.turn + 1, st.turn + count)
        return Period(scope, serial, serial, cond, bindings)

    def holds(self, period: Period) -> bool:
        """Whether a "while" period's condition holds now."""
        if period.condition is None or period.bindings is None:
            return True
        ctx = context(self.game, period.bindings)
        ctx.period = period
        return bool(compiled(period.condition, "condition")(ctx))

    def covers(self, period: Period) -> bool:
        """Whether a period covers the present moment."""
        scope = period.scope
        if scope == "encounter" or scope == "encounters":
            return period.first <= self.game.state.encounter_serial <= period.last
        if scope == "turns":
            return period.first <= self.game.state.turn <= period.last
        if scope == "while":
            return self.holds(period)
        return True

    def over(self, period: Period, scope: str) -> bool:
        """Whether a period has ended once `scope` ends (the encounter just finished, or the
        turn just began)."""
        st = self.game.state
        if period.scope in ("encounter", "encounters"):
            return scope == "encounter" and period.last <= st.encounter_serial
        if period.scope == "turns":
            return scope == "turn" and period.last < st.turn  # expired as the next turn begins
        if period.scope == "turn":
            return scope == "turn"
        if period.scope == "while":
            return not self.holds(period)
        return False

    def ends_at(self, period: Period, window: str) -> bool:
        """Whether an "until" period ends as `window` runs now: any run, or with a seat, a run
        in that player's turn (or encounter) begun after the period was made."""
        if period.window != window:
            return False
        if period.seat < 0:
            return True
        st = self.game.state
        enc = st.encounter
        if (enc.offense if enc is not None else st.offense) != period.seat:
            return False
        if window.startswith("turn."):
            return st.turn > period.first
        return st.encounter_serial > period.last

    def ending_at(self, window: str) -> bool:
        """Whether some restriction's or recurring effect's "until" period waits for `window`."""
        st = self.game.state
        # plain loops, not any(...): asked for most windows opened while something lasts
        for restriction in st.restrictions:
            if restriction.period.window == window:
                return True
        for later in st.recurring:
            period = later.period
            if period is not None and period.window == window:
                return True
        return False

    def later_at(self, window: str) -> bool:
        """Whether a delayed or recurring effect waits for `window`."""
        st = self.game.state
        enc = st.encounter
        # plain loops, not any(...): a generator is resumed once per effect
        if enc is not None:
            for later in enc.delayed:
                if later.window == window:
                    return True
        for later in st.recurring:  # noqa: SIM110 - a loop, as above
            if later.window == window:
                return True
        return False

    def waiting_at(self, window: str) -> bool:
        """Whether a delayed or recurring effect acts in `window` or an "until" period ends
        there: what, besides powers, kickers, rules modules' cards and card plays, makes the
        window worth running."""
        st = self.game.state
        enc = st.encounter
        if (enc is None or not enc.delayed) and not st.recurring and not st.restrictions:
            return False  # nothing lasts (most of a game): nothing to look through
        return self.later_at(window) or self.ending_at(window)

    def end_periods(self, window: str) -> None:
        """Drop the restrictions and recurring effects whose "until" period ends as `window`
        runs (before anything acts in it: what lasts until a moment no longer holds at it)."""
        st = self.game.state
        if any(r.period.window == window for r in st.restrictions):
            st.restrictions = [r for r in st.restrictions if not self.ends_at(r.period, window)]
        if any(h.period is not None and h.period.window == window for h in st.recurring):
            st.recurring = [
                h for h in st.recurring if h.period is None or not self.ends_at(h.period, window)
            ]

    # ------------------------------------------------------------------ restrictions

    def forbid(
        self, action: str, seats: frozenset[int], period: Period | None, source: str = ""
    ) -> None:
        self.game.state.restrictions.append(
            Restriction(action, seats, period or self.period("encounter"), source)
        )

    def forbidden(self, action: str, seat: int) -> bool:
        restrictions = self.game.state.restrictions
        if not restrictions:
            return False
        return any(
            r.action == action and seat in r.seats and self.covers(r.period) for r in restrictions
        )

    def pending(self, action: str, seat: int) -> bool:
        """Whether a restriction on the player holds now or is still to come."""
        return any(r.action == action and seat in r.seats for r in self.game.state.restrictions)

    def lift(self, action: str) -> None:
        """End every restriction of a kind at once."""
        st = self.game.state
        st.restrictions = [r for r in st.restrictions if r.action != action]

    def expire(self, scope: str) -> None:
        """Drop the restrictions and recurring effects whose period ends with `scope`."""
        st = self.game.state
        if st.restrictions:
            st.restrictions = [r for r in st.restrictions if not self.over(r.period, scope)]
        if st.recurring:
            st.recurring = [
                h for h in st.recurring if h.period is None or not self.over(h.period, scope)
            ]

    # ------------------------------------------------------------------ later effects

    def delay(
        self,
        window: str,
        ctx: Ctx,
        node: ir.Node | None = None,
        step: str | None = None,
        args: tuple[Any, ...] = (),
    ) -> None:
        """A statement of the effect's IR (`node`) or a registered step to run in a later window:
        once later this encounter, or in each encounter of a longer period the effect set."""
        self.can_wait(window)
        later = Later(window, bindings_of(ctx), node, step, args)
        period = ctx.period
        if period is not None and period.scope != "encounter":
            later.period = period
            self.game.state.recurring.append(later)
            return
        enc = self.game.state.encounter
        if enc is not None:
            enc.delayed.append(later)

    def can_wait(self, window: str) -> None:
        """Refuse a window nothing declared that it may make wait (see `may_wait`): what waited
        there would never run."""
        if window not in self.may_wait:
            raise UndeclaredWindow(
                f"nothing may wait for the window '{window}': no card's effect makes anything "
                "wait for it, and no rules module declares it in its `waits_at`"
            )

    def run_later(self, later: Later, event: Any) -> None:
        ctx = context(self.game, later.bindings, event)
        if later.node is not None:
            compiled(later.node, "statement")(ctx)
        elif later.step is not None:
            LATER_STEPS[later.step](ctx, *later.args)
        later.bindings.moved = ctx.moved  # a recurring effect's "those cards" carries on

    def run_recurring(self, name: str, event: Any) -> None:
        for later in [h for h in self.game.state.recurring if h.window == name]:
            if later.period is None or self.covers(later.period):
                self.run_later(later, event)

    def run_delayed(self, name: str, delayed: list[Later], event: Any) -> None:
        due = [d for d in delayed if d.window == name]
        for d in due:
            del delayed[next(i for i, x in enumerate(delayed) if x is d)]
            self.run_later(d, event)

    # ------------------------------------------------------------------ formulas

    def work_out(self, formula: Formula) -> int:
        """A side's total by the formula an effect gave it."""
        node = formula.node
        found = COMPILED["value"].get(id(node))  # compiled(node, "value"), without the call
        code = found[1] if found is not None and found[0] is node else compiled(node, "value")
        ctx = formula_context(self.game, formula, self.spare_context)
        self.spare_context = None  # a formula worked out inside this one gets a context of its own
        total: int = code(ctx)
        self.spare_context = ctx
        return total
