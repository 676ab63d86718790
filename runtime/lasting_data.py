"""What outlasts the moment an effect runs, as plain data the state holds: how long it lasts, what
it forbids, what waits for a later window and what works out a side's total.

Each names the hook and the IR node it comes from and the values the effect was bound to (its
players, the card played, the cards it last moved); runtime/effects/lasting.py builds the code to
run from them when it is needed. Hooks and IR nodes are frozen, so copies of a state share them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any

from runtime import ir
from runtime.cards import Hook


@dataclass(slots=True)
class Bindings:
    """The values an effect was bound to when it made something lasting."""

    you: int  # whose effect it is
    hook: Hook
    card: int | None = None  # the card instance played, for card plays
    they: int = 0  # the player bound by `for each`
    subject: int = 0  # the player the statement acts for
    moved: list[int] = field(default_factory=list)  # "those cards"
    nudge: int = 0  # a rules module's change to each number the effect states
    period: Period | None = None  # how long what the effect makes now lasts
    names: dict[str, int | str] = field(default_factory=dict)  # what the effect named so far


@dataclass(slots=True)
class Period:
    """How long a lasting effect holds: this encounter, this turn, the game, a run of
    encounters (by serial number) or of turns (by turn number), while a condition holds
    (`condition`, checked with `bindings`), or "until" a window next runs (`window`; with a
    `seat`, only a run in that player's turn that began after the effect was made: `first` is
    the turn and `last` the encounter serial it was made in)."""

    scope: str
    first: int = 0
    last: int = 0
    condition: ir.Node | None = None
    bindings: Bindings | None = None
    window: str = ""
    seat: int = -1


@dataclass(slots=True)
class Restriction:
    action: str
    seats: frozenset[int]
    period: Period
    source: str = ""


@dataclass(slots=True)
class Later:
    """An effect waiting for a window: a statement of its hook's IR (`node`), or a step a rule
    registered in runtime.registry.LATER_STEPS (`step`, called with `args`). With a period it
    recurs in each encounter the period covers, else it runs once, later this encounter."""

    window: str
    bindings: Bindings
    node: ir.Node | None = None
    step: str | None = None
    args: tuple[Any, ...] = ()
    period: Period | None = None


@dataclass(slots=True)
class Formula(Bindings):
    """Another way to work out a side's total: a number expression of the hook's IR (`node`),
    with the values of the effect that gave it."""

    node: ir.Node = field(kw_only=True)

    def plain_picture(self, plain: Callable[[Any], Any]) -> list[Any]:
        """How a state digest shows a formula: its expression, then the values it is bound to as
        a Bindings record, so that the digests saved traces record stay the same."""
        bound = [plain(getattr(self, f.name)) for f in fields(Bindings)]
        return ["Formula", plain(self.node), ["Bindings", *bound]]
