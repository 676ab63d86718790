"""The context one effect runs in: whose it is, which card and hook, the event it reacts to; and
the plain values (runtime/lasting_data.Bindings) it is kept as in the state and rebuilt from."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from runtime.lasting_data import Bindings, Formula

if TYPE_CHECKING:
    from runtime import ir
    from runtime.cards import Hook
    from runtime.table import Table


# Contexts and bindings are made on every formula worked out and every lasting effect: made
# blank and filled slot by slot, they skip a Python-level __init__ call, about half their cost.
_blank = object.__new__


class Stop(Exception):
    """Raised to end the rest of an effect (a player paid to prevent it)."""


class Ctx:
    __slots__ = (
        "card",
        "event",
        "game",
        "hook",
        "moved",
        "names",
        "nudge",
        "period",
        "subject",
        "they",
        "you",
    )

    def __init__(
        self, game: Table, you: int, hook: Hook, event: Any = None, card: int | None = None
    ) -> None:
        self.game = game
        self.you = you  # the seat the effect belongs to
        self.hook = hook
        self.event = event  # the event of an event or response window, else None
        self.card = card  # the instance being played, for card plays
        self.they = you  # the player bound by `for each`
        self.subject = you  # the player the current statement acts for
        self.period: Any = None  # how long restrictions and delayed effects made now last
        # the cards the effect's last card move handled ("those cards"); shared by copies
        self.moved: list[int] = []
        # what players named in this use of the effect ("the named card type"); shared by
        # copies, so a delayed effect of the same use still knows it
        self.names: dict[str, int | str] = {}
        self.nudge = (
            0  # added to each number the effect states (the effect.nudge point: +1, -1 or 0)
        )

    def copy(self) -> Ctx:
        other = _blank(Ctx)
        other.game = self.game
        other.you = self.you
        other.hook = self.hook
        other.event = self.event
        other.card = self.card
        other.they = self.they
        other.subject = self.subject
        other.period = self.period
        other.moved = self.moved
        other.nudge = self.nudge
        other.names = self.names
        return other

    def with_they(self, seat: int) -> Ctx:
        other = self.copy()
        other.they = seat
        return other

    def with_subject(self, seat: int) -> Ctx:
        if seat == self.subject:
            return self
        other = self.copy()
        other.subject = seat
        return other


def bindings_of(ctx: Ctx) -> Bindings:
    """The plain values of an effect's context (the list of moved cards and the names are shared,
    as by copies)."""
    b = _blank(Bindings)
    b.you = ctx.you
    b.hook = ctx.hook
    b.card = ctx.card
    b.they = ctx.they
    b.subject = ctx.subject
    b.moved = ctx.moved
    b.nudge = ctx.nudge
    b.period = ctx.period
    b.names = ctx.names
    return b


def formula_of(ctx: Ctx, node: ir.Node) -> Formula:
    """A number expression kept to be worked out later, with the values of this context."""
    # The stores are written out rather than shared with bindings_of(): Python specialises each
    # attribute access for one class, and code shared by two classes runs unspecialised.
    b = _blank(Formula)
    b.node = node
    b.you = ctx.you
    b.hook = ctx.hook
    b.card = ctx.card
    b.they = ctx.they
    b.subject = ctx.subject
    b.moved = ctx.moved
    b.nudge = ctx.nudge
    b.period = ctx.period
    b.names = ctx.names
    return b


def context(game: Table, b: Bindings, event: Any = None) -> Ctx:
    """A context rebuilt from the values it was bound to, for a lasting or delayed effect."""
    ctx = _blank(Ctx)
    ctx.game = game
    ctx.you = b.you
    ctx.hook = b.hook
    ctx.event = event
    ctx.card = b.card
    ctx.they = b.they
    ctx.subject = b.subject
    ctx.period = b.period
    ctx.moved = b.moved
    ctx.nudge = b.nudge
    ctx.names = b.names
    return ctx


def formula_context(game: Table, formula: Formula, spare: Ctx | None) -> Ctx:
    """The context a formula is worked out in: `spare` (a context no one holds any more) refilled,
    or a new one. Written apart from context() for the same reason as formula_of()."""
    ctx = _blank(Ctx) if spare is None else spare
    ctx.game = game
    ctx.you = formula.you
    ctx.hook = formula.hook
    ctx.event = None
    ctx.card = formula.card
    ctx.they = formula.they
    ctx.subject = formula.subject
    ctx.period = formula.period
    ctx.moved = formula.moved
    ctx.nudge = formula.nudge
    ctx.names = formula.names
    return ctx


# Code compiled from the IR nodes a state names: for each form ("statement", "condition",
# "value"), by node identity (the node is kept with its code so that its id is never reused).
# The nodes belong to the card set, so these stay small.
COMPILED: dict[str, dict[int, tuple[ir.Node, Callable[[Ctx], Any]]]] = {
    "statement": {},
    "condition": {},
    "value": {},
}


def remember(node: ir.Node, form: str, code: Callable[[Ctx], Any]) -> Callable[[Ctx], Any]:
    COMPILED[form][id(node)] = (node, code)
    return code
